"""Work spread over forked processes: how many cores there are, and :func:`fork_map`.

The workers are forks: they inherit what the parent loaded (the suite, the spec), so nothing
is loaded twice (``run --jobs`` keeps its own workers: :mod:`conformance.parallel`)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


#: The function a :func:`fork_map` pool applies (set in the parent before it forks).
_TASK: Callable[[Any], Any] | None = None


def _call(item: Any) -> Any:
    assert _TASK is not None
    return _TASK(item)


def fork_map(function: Callable[[T], R], items: Sequence[T],
             jobs: int | None = None) -> Iterator[R]:
    """``function`` of each of ``items``, in their order, computed in ``jobs`` forked workers
    (default: the number of cores); each result is yielded as soon as it and those before it
    are in. The workers inherit what the parent loaded (the suite, the spec): nothing is
    loaded twice. With one job, one item or no fork on this platform, it runs here.

    ``function`` need not be picklable (it is inherited); the items and results must be.
    """
    global _TASK
    jobs = min(jobs or default_jobs(), len(items))
    try:
        ctx = multiprocessing.get_context("fork")
    except ValueError:
        jobs = 1
    if jobs <= 1:
        yield from map(function, items)
        return
    _TASK = function
    try:
        with ctx.Pool(jobs) as pool:
            yield from pool.imap(_call, items, chunksize=1)
    finally:
        _TASK = None
