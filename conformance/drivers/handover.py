"""A child process started by one process and driven by a fork of it.

``run --jobs N`` starts the implementation processes while the suite loads, before it forks
the workers that talk to them (:mod:`conformance.parallel`). Only the process that started a
child can wait for it; so the starter reaps it (a thread woken by its exit,
:func:`reap_as_they_end`, else :func:`publish_exits` at each of its polls) and puts its exit
status in memory shared with the worker, where :class:`HandedOver` reads it.
"""

from __future__ import annotations

import contextlib
import math
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import MutableSequence, Sequence
from typing import IO, Protocol

#: The shared status of a process not reaped yet.
RUNNING = -(1 << 30)
#: Seconds a worker waits for the status of a process it saw end (the starter reaps it).
_REAPED_WITHIN = 10.0


class ChildProcess(Protocol):
    """What a driver needs of its process (``subprocess.Popen`` has it)."""

    pid: int
    returncode: int | None
    stdin: IO[bytes] | None
    stdout: IO[bytes] | None
    stderr: IO[bytes] | None

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def kill(self) -> None: ...


def wait_exit(proc: ChildProcess, timeout: float) -> int:
    """``proc.wait(timeout)``, woken by the exit itself where Linux gives a pidfd (Popen's
    own wait looks every 50 ms, which every close and restart would pay)."""
    if isinstance(proc, subprocess.Popen) and proc.returncode is None:
        try:
            fd = os.pidfd_open(proc.pid)
        except (AttributeError, OSError):  # not Linux, or reaped already
            fd = None
        if fd is not None:
            try:
                watch = select.poll()
                watch.register(fd, select.POLLIN)
                watch.poll(max(0, math.ceil(timeout * 1000)))
            finally:
                os.close(fd)
            return proc.wait(timeout=0)  # ended (reaped now) or TimeoutExpired
    return proc.wait(timeout=timeout)


def publish_exits(procs: Sequence[subprocess.Popen[bytes] | None],
                  exits: MutableSequence[int]) -> None:
    """Reap the processes of ``procs`` that ended (never waits); their status to ``exits``."""
    for i, proc in enumerate(procs):
        if proc is not None and exits[i] == RUNNING:
            status = proc.poll()
            if status is not None:
                exits[i] = status


def reap_as_they_end(procs: Sequence[subprocess.Popen[bytes] | None],
                     exits: MutableSequence[int]) -> bool:
    """Reap each of ``procs`` the moment it ends, from a thread woken by the exits themselves
    (pidfds, Linux), its status to ``exits``: a worker that waits for the status of a process
    it saw crash gets it at once, not at the starter's next :func:`publish_exits`. Where
    there is no pidfd, nothing starts: False, and the starter polls with
    :func:`publish_exits` instead (never both: two reapers of one process race for it)."""
    watched: dict[int, int] = {}  # pidfd -> index
    try:
        for i, proc in enumerate(procs):
            if proc is not None and proc.returncode is not None:
                exits[i] = proc.returncode  # reaped already
            elif proc is not None:
                watched[os.pidfd_open(proc.pid)] = i
    except (AttributeError, OSError):  # not Linux, or one reaped already: the polls do it
        for fd in watched:
            os.close(fd)
        return False
    if watched:
        threading.Thread(target=_reap, args=(procs, exits, watched), name="phom-reap",
                         daemon=True).start()
    return True


def _reap(procs: Sequence[subprocess.Popen[bytes] | None], exits: MutableSequence[int],
          watched: dict[int, int]) -> None:
    watch = select.poll()
    for fd in watched:
        watch.register(fd, select.POLLIN)
    try:
        while watched:
            for fd, _ in watch.poll():
                proc = procs[watched[fd]]
                assert proc is not None
                with contextlib.suppress(subprocess.TimeoutExpired):
                    exits[watched[fd]] = proc.wait(timeout=0)
                watch.unregister(fd)
                os.close(fd)
                del watched[fd]
    finally:
        for fd in watched:
            os.close(fd)


def _ended(pid: int) -> bool:
    """Whether ``pid`` is gone or a zombie (Linux's /proc; elsewhere: whether it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[-1].split()[0] in (b"Z", b"X")
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


class HandedOver:
    """The process ``proc`` (a copy of its starter's ``Popen``) as seen by a fork of the
    starter: the status comes from ``exits[index]``, which the starter fills."""

    def __init__(self, proc: subprocess.Popen[bytes], exits: MutableSequence[int], index: int):
        self.pid = proc.pid
        self.stdin, self.stdout, self.stderr = proc.stdin, proc.stdout, proc.stderr
        self.returncode: int | None = None
        self._exits, self._index = exits, index

    def poll(self) -> int | None:
        if self.returncode is None:
            status = self._exits[self._index]
            if status != RUNNING:
                self.returncode = status
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """The exit status, once the starter has it; TimeoutExpired when the process still
        runs after ``timeout`` (a process seen ended gets the time its starter needs)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        seen_ended = False
        delay = 0.0005
        while (status := self.poll()) is None:
            if deadline is not None and time.monotonic() >= deadline:
                if seen_ended or not _ended(self.pid):
                    raise subprocess.TimeoutExpired(str(self.pid), timeout or 0.0)
                seen_ended = True  # it has ended: its starter reaps it soon
                deadline = time.monotonic() + _REAPED_WITHIN
            time.sleep(delay)
            delay = min(delay * 2, 0.005)
        return status

    def kill(self) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
