"""Options that the suite-wide sweeps (``readings``, ``miniatures``) share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def sweep_options(check_help: str) -> Callable[[F], F]:
    """``--check`` (its help: ``check_help``), ``--ruleset`` (repeatable, as ``rulesets``)
    and ``--jobs`` (worker processes, as ``jobs``; None: the number of cores)."""

    def add(function: F) -> F:
        for option in reversed((
            click.option("--check", is_flag=True, help=check_help),
            click.option("--ruleset", "rulesets", multiple=True, metavar="R",
                         help="Only scenarios of this ruleset (repeatable)."),
            click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
                         help="Worker processes (conformance.parallel.fork_map); the output is"
                              " the same as with 1.  [default: the number of cores]"),
        )):
            function = option(function)
        return function

    return add
