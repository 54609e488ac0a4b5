"""``run --jobs N``: the scenarios of one run spread over N worker processes.

Each worker is a fork of the harness that owns its own driver: its own implementation
process (or its own in-process reference). ``run`` starts those processes first, before it
imports the rest of the harness and loads the suite (:func:`start_ahead`), and each worker
takes one over after the fork; the parent reaps them and shares their exit status
(:mod:`conformance.drivers.handover`). Workers take the next scenario as they become free;
the parent puts the results back in scenario order and passes them through the runner's
one order of events (skips, restarts and their budget, ``--max-fail``), so the report is
the one a single session would give:

- a worker restarts its implementation after a scenario that broke its session, as one
  session would; the report's restart count and the ``--max-restarts`` cut are the ones of
  the single session (the parent stops the workers there);
- request ids in transcripts and messages are renumbered to the ones the single session
  would have sent (each session numbers its requests from its start).

Each worker and its implementation process keep to one core of their own
(:func:`share_core`), as they take turns. A worker sends its results a few at a time
(:class:`Outbox`), so that the parent, which writes the report beside the workers, wakes
once for each batch rather than once for each scenario; a failing result goes at once. Should
a worker die, the results it had not sent yet (at most :data:`BATCH_WAIT` seconds of them)
are reported as not run, as its scenario in progress always was.

The report equals ``--jobs 1`` for any implementation whose answers do not depend on the
games it played before (the protocol makes every game self-contained).
"""

from __future__ import annotations

import contextlib
import copy
import gc
import multiprocessing
import os
import queue
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from conformance.drivers.handover import RUNNING, publish_exits, reap_as_they_end, wait_exit
from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import HarnessError, ImplError
from conformance.outcomes import Outcome, ScenarioResult
from conformance.protocol import Driver
from conformance.runner import (
    Runner,
    RunOptions,
    ScenarioLike,
    scenario_result,
    supported_rulesets,
    unsupported,
)

#: How often the parent looks at its workers while it waits for a result.
_POLL = 0.5
#: Most results a worker sends in one message (:class:`Outbox`; measured side by side: less
#: CPU for the workers and for the parent, whose wake-ups they shared the cores with) ...
BATCH = 32
#: ... and how long a result may wait for the others of its message, in seconds.
BATCH_WAIT = 0.05
#: Seconds a stopped worker gets to close its implementation before it is killed.
_GRACE = 5.0


_REQUEST_REF = re.compile(r"\brequest (\d+) \(")


def renumber(result: ScenarioResult, first: int, count: int, offset: int) -> ScenarioResult:
    """``result`` with the ids ``first .. first + count - 1`` of its requests moved by
    ``offset``, in its transcript and in the messages that name a request."""
    if offset == 0 or count == 0 or (not result.transcript and "request " not in result.message):
        return result
    last = first + count

    def move(value: Any) -> Any:
        if type(value) is int and first <= value < last:
            return value + offset
        return value

    def move_text(text: str) -> str:
        return _REQUEST_REF.sub(lambda m: f"request {move(int(m.group(1)))} (", text)

    transcript = []
    for entry in result.transcript:
        entry = dict(entry)
        request = entry.get("request")
        if isinstance(request, dict) and "id" in request:
            reply = entry.get("reply")
            if isinstance(reply, dict) and reply.get("id") == request["id"]:
                entry["reply"] = {**reply, "id": move(reply["id"])}
            entry["request"] = {**request, "id": move(request["id"])}
        if isinstance(entry.get("error"), str):
            entry["error"] = move_text(entry["error"])
        transcript.append(entry)
    kept = type(result.transcript)(transcript)  # a list or a tuple, as it came
    return replace(result, transcript=kept, message=move_text(result.message))


def start_ahead(driver: Driver, jobs: int) -> list[SubprocessDriver]:
    """Copies of ``driver`` whose processes start now, one per worker of a run with ``jobs``
    workers (for :class:`ParallelRunner`'s ``ahead``): they start up while the caller imports
    and loads the suite. None for an in-process driver; a process that cannot start is left
    to its worker, which reports it as it would have anyway. The caller closes them if the
    run does not happen."""
    ahead: list[SubprocessDriver] = []
    if jobs <= 1 or not isinstance(driver, SubprocessDriver):
        return ahead
    for _ in range(jobs):
        copied = copy.copy(driver)
        try:
            copied.spawn()
        except (ImplError, HarnessError):
            copied.close()
            break
        ahead.append(copied)
    return ahead


def share_core(w: int, jobs: int, driver: Driver) -> None:
    """Worker ``w`` of ``jobs`` and its implementation process (and the ones it starts
    later, which inherit it) on one core of their own, when there are cores enough: the
    two take turns, so each reply wakes the other on the core it left, with its caches
    warm, instead of on the other core (measured side by side: less CPU, less wall)."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return
    if jobs > len(cpus):
        return
    mine = {cpus[w]}
    pid = getattr(driver, "pid", None)
    with contextlib.suppress(OSError):
        os.sched_setaffinity(0, mine)
        if isinstance(pid, int):
            os.sched_setaffinity(pid, mine)


class Outbox:
    """A worker's results on their way to the parent, sent together (one message, one wake-up
    of the parent): every :data:`BATCH_WAIT` seconds by a thread of their own, as soon as
    :data:`BATCH` wait, or at once when one must go now."""

    def __init__(self, put: Callable[[tuple[Any, ...]], None]):
        self._put = put
        self._waiting: list[tuple[Any, ...]] = []
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._every, name="phom-run-outbox", daemon=True)
        self._thread.start()

    def add(self, entry: tuple[Any, ...], now: bool = False) -> None:
        with self._lock:
            self._waiting.append(entry)
            if now or len(self._waiting) >= BATCH:
                self._send()

    def close(self) -> None:
        """Send what waits and stop the thread."""
        self._closed.set()
        self._thread.join()
        with self._lock:
            self._send()

    def _every(self) -> None:
        while not self._closed.wait(BATCH_WAIT):
            with self._lock:
                self._send()

    def _send(self) -> None:  # with the lock held
        if self._waiting:
            self._put(("results", self._waiting))
            self._waiting = []


class ParallelRunner(Runner):
    """A :class:`Runner` whose scenarios run in ``jobs`` forked workers, each with a copy of
    ``driver`` (not started in the parent), or with one of ``ahead`` (:func:`start_ahead`),
    whose process it takes over. Same results, same order, as ``Runner``."""

    def __init__(
        self,
        driver: Driver,
        options: RunOptions | None = None,
        on_result: Callable[[ScenarioResult], None] | None = None,
        on_start: Callable[[dict[str, Any] | None, str | None], None] | None = None,
        *,
        jobs: int = 2,
        ahead: Sequence[SubprocessDriver] = (),
    ):
        super().__init__(driver, options, on_result, on_start)
        self.jobs = jobs
        self._procs: list[Any] = []
        self._ready: dict[int, tuple[Any, ...]] = {}
        self._first_hello: dict[str, Any] = {}
        self._base_id: int | None = None
        self._next_id = 0
        self._ahead = list(ahead)  # one per worker, from start_ahead()
        self._spawned: list[Any] = []  # their processes, which this process reaps
        self._exits: Any = []
        self._reaped = False  # a thread reaps the processes handed over (handover)

    # -- the parent ---------------------------------------------------------------------------

    def _start(self, todo: list[ScenarioLike]) -> dict[str, Any]:
        jobs = min(self.jobs, len(todo))
        try:
            ctx = multiprocessing.get_context("fork")
        except ValueError:  # no fork on this platform: one session, here
            jobs = 1
        ahead, self._ahead = self._ahead, []
        if jobs <= 1:
            self.jobs = 1
            if ahead:
                self.driver = ahead.pop(0)
            for driver in ahead:
                driver.close()
            return super()._start(todo)
        for driver in ahead[jobs:]:
            driver.close()
        self._ahead = ahead[:jobs]
        self._exits = ctx.Array("i", [RUNNING] * jobs, lock=False)
        self._todo = todo
        self._queue = ctx.Queue()
        self._stop = ctx.Event()
        self._taken = ctx.Value("l", 0)
        self._owner = ctx.Array("i", [-1] * len(todo), lock=False)  # index -> its worker
        self._procs = [ctx.Process(target=self._work, args=(w,), name=f"phom-run-{w}",
                                   daemon=True) for w in range(jobs)]
        gc.freeze()  # the workers' collections skip (and so do not copy) what they inherit
        try:
            for proc in self._procs:
                proc.start()
        finally:
            gc.unfreeze()
        self._spawned = [driver.release() for driver in self._ahead]  # the workers have them
        self._reaped = reap_as_they_end(self._spawned, self._exits)
        self._ahead = []
        errors: dict[int, BaseException] = {}
        while True:
            message = self._receive()
            if message is None:
                if not any(p.is_alive() for p in self._procs):
                    raise HarnessError("every run worker ended before its implementation"
                                       " answered hello")
                continue
            if message[0] == "hello":
                self._first_hello = message[2]
                return self._first_hello
            if message[0] == "start_error":
                errors[message[1]] = message[2]
                if len(errors) == jobs:
                    raise errors[0]

    def _finish(self) -> None:
        if self.jobs <= 1 or not self._procs:
            super()._finish()
            return
        self._stop.set()
        self._terminate()
        deadline = time.monotonic() + _GRACE
        while any(p.is_alive() for p in self._procs) and time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):  # keep the pipe drained: workers flush it
                while True:
                    self._queue.get_nowait()
            if not self._reaped:  # a worker may wait for one's status
                publish_exits(self._spawned, self._exits)
            for proc in self._procs:
                proc.join(timeout=0.01)
        for proc in self._procs:
            if proc.is_alive():
                proc.kill()
            proc.join(timeout=1.0)
        self._queue.close()
        self._procs = []
        for spawned in self._spawned:  # the workers closed them; one left behind is killed
            if spawned is not None and spawned.poll() is None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    wait_exit(spawned, _GRACE)
                SubprocessDriver.end_process(spawned)
        self._spawned = []

    def _stopping(self) -> None:
        if self.jobs > 1 and self._procs:
            self._stop.set()
            self._terminate()

    def _terminate(self) -> None:
        """A worker mid-scenario closes its implementation now (its result is not needed)."""
        for proc in self._procs:
            if proc.is_alive() and proc.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGTERM)

    def _hello(self) -> dict[str, Any]:
        return self._first_hello if self.jobs > 1 else super()._hello()

    def _receive(self) -> tuple[Any, ...] | None:
        """The next message of a worker (results are kept by index), or None after a poll."""
        if self._spawned and not self._reaped:
            publish_exits(self._spawned, self._exits)
        try:
            message: tuple[Any, ...] = self._queue.get(timeout=_POLL)
        except queue.Empty:
            return None
        if message[0] == "results":
            self._keep(message[1])
        return message

    def _keep(self, results: list[tuple[Any, ...]]) -> None:
        """Keep a worker's batch of results by scenario index."""
        for entry in results:
            self._ready[entry[1]] = entry

    def _execute(self, index: int, scenario: ScenarioLike,
                 restart: bool) -> tuple[ScenarioResult, bool]:
        if self.jobs <= 1:
            return super()._execute(index, scenario, restart)
        if restart:  # the single session restarts here, and numbers its requests anew
            self._next_id = self._base_id or 0
        while index not in self._ready:
            if self._receive() is None and not self._alive_for(index) and not self._drain():
                return scenario_result(
                    scenario, Outcome.ERROR, "not run: the run worker that had this scenario"
                    " ended without a result (see its stderr)"), False
        message = self._ready.pop(index)
        if message[0] == "skip":
            return scenario_result(
                scenario, Outcome.ERROR, "not run: the worker's implementation does not"
                " support this scenario's ruleset (its hello differs)"), False
        _, _, raw, restart_failed, fresh, first, count = message
        if restart_failed:
            return raw, True
        if first is not None:
            if fresh and self._base_id is None:
                self._base_id = first
                self._next_id = first
            raw = renumber(raw, first, count, self._next_id - first)
            self._next_id += count
        return raw, False

    def _drain(self) -> bool:
        """Take every message already in; whether there was one."""
        got = False
        with contextlib.suppress(queue.Empty):
            while True:
                message = self._queue.get_nowait()
                got = True
                if message[0] == "results":
                    self._keep(message[1])
        return got

    def _alive_for(self, index: int) -> bool:
        """Whether the result of ``index`` may still come: the worker that took it lives (its
        result may be on its way), or it is not taken yet and some worker lives."""
        owner = self._owner[index]
        if owner >= 0:
            return bool(self._procs[owner].is_alive())
        return any(proc.is_alive() for proc in self._procs)

    # -- a worker -----------------------------------------------------------------------------

    def _work(self, w: int) -> None:
        """Worker ``w``: start the implementation, then run scenarios until none is left.

        SIGTERM (the parent stopping the run) ends a scenario or a start in the middle, but
        never the worker's own bookkeeping: a lock shared with the other workers must not be
        left taken.
        """
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers
        state = {"busy": False, "stop": False}

        def leave(signum: int, frame: object) -> None:
            state["stop"] = True
            if state["busy"]:
                state["busy"] = False
                raise SystemExit(0)

        signal.signal(signal.SIGTERM, leave)
        put = self._queue.put
        for v, ahead in enumerate(self._ahead):  # this worker's process, started ahead
            if v == w:
                ahead.hand_over(self._exits, w)
                self.driver = ahead
            else:
                ahead.release()
        driver = self.driver
        share_core(w, len(self._procs), driver)

        def busy(action: Callable[..., Any], *args: Any) -> Any:
            state["busy"] = True
            try:
                return action(*args)
            finally:
                state["busy"] = False

        outbox: Outbox | None = None
        try:
            outbox = Outbox(put)
            try:
                hello = busy(driver.start)
            except (ImplError, HarnessError) as e:
                put(("start_error", w, e))
                return
            put(("hello", w, hello))
            supported = supported_rulesets(hello)
            broken = False
            fresh = True
            while not (state["stop"] or self._stop.is_set()):
                index = self._take(w)
                if index is None:
                    return
                sc = self._todo[index]
                if unsupported(sc, supported):
                    outbox.add(("skip", index))
                    continue
                if broken:
                    try:
                        hello = busy(driver.restart)
                    except ImplError as e:
                        outbox.add(("ran", index, self._restart_failed(sc, e), True, False, None,
                                    0), now=True)
                        continue
                    supported, broken, fresh = supported_rulesets(hello), False, True
                raw, rec = busy(self.run_recorded, sc)
                kept = rec.transcript()
                first = kept[0]["request"].get("id") if kept and "request" in kept[0] else None
                broken = raw.outcome.breaks_session
                outbox.add(("ran", index, raw, False, fresh, first, rec.count),
                           now=raw.outcome.is_failure or broken)
                fresh = fresh and rec.count == 0
        finally:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            try:
                if outbox is not None:
                    outbox.close()
            finally:
                driver.close()

    def _take(self, w: int) -> int | None:
        with self._taken.get_lock():
            index = self._taken.value
            if index >= len(self._todo):
                return None
            self._taken.value = index + 1
            self._owner[index] = w
        return index
