"""Any implementation as a child process speaking JSON lines (spec/protocol.md).

The calling thread does the talking (:mod:`conformance.drivers.pipes`): requests are
buffered, encoded together when written (one encoder call for the lot) on a non-blocking pipe,
a few dozen at a time, so pipelined requests cost few writes; ``Pending.result()`` flushes,
then reads the replies in order (and takes any further ones already read). Only stderr has a
thread, which keeps its tail.
"""

from __future__ import annotations

import collections
import contextlib
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import MutableSequence
from typing import Any

from conformance.drivers.handover import ChildProcess, HandedOver, wait_exit
from conformance.drivers.pipes import (
    QUOTE_BYTES,
    EndOfOutput,
    StderrTail,
    StdoutReader,
    TooLong,
    encode_line,
    encode_requests,
    parse_line,
    quote,
    scan_value,
)
from conformance.errors import (
    HarnessError,
    ImplCrashed,
    ImplError,
    ImplTimeout,
    ProtocolViolation,
)
from conformance.protocol import Driver, Pending
from conformance.protocol.messages import (
    check_hello,
    hello_request,
    reply_violation,
    strict_request_problem,
)
from conformance.protocol.schemas import reply_problem

DEFAULT_TIMEOUT = 5.0
DEFAULT_HELLO_TIMEOUT = 20.0
DEFAULT_MAX_LINE_BYTES = 1 << 20
#: Buffered requests are written once this many wait (the child starts early; about 4 KiB
#: of the commonest requests).
_FLUSH_AT = 56
#: Requests held before a burst is written early (every step's few requests go at once).
_BURST = 8


class _SubprocessPending(Pending):
    __slots__ = ("_driver", "error", "reply", "request")

    def __init__(self, driver: SubprocessDriver, request: dict[str, Any]):
        self._driver = driver
        self.request = request
        self.reply: dict[str, Any] | None = None
        self.error: HarnessError | None = None

    def result(self) -> dict[str, Any]:
        reply = self.reply  # a request with a reply never gets an error
        if reply is not None:
            return reply
        if self.error is None:
            self._driver._resolve(self)
        if self.error is not None:
            raise self.error
        return self.reply  # type: ignore[return-value]


class SubprocessDriver(Driver):
    """A session with an implementation run as a child process.

    ``cmd`` is a command line (split with :func:`shlex.split`, never given to a shell) or an
    argument list. ``timeout`` bounds each reply, ``hello_timeout`` the handshake,
    ``max_line_bytes`` one reply line; ``strict`` validates all traffic against the schemas.
    ``auto_restart`` (for the pytest plugin, where tests do not restart the driver): after a
    crash, timeout or violation, the next ``send`` restarts the process, at most that often.
    """

    #: Seconds a process whose stdout has ended gets to exit, so that the crash is reported
    #: with its exit status (a process ending closes its stdout a moment before it is gone).
    crash_exit_wait = 1.0

    def __init__(
        self,
        cmd: str | list[str],
        timeout: float = DEFAULT_TIMEOUT,
        hello_timeout: float = DEFAULT_HELLO_TIMEOUT,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        strict: bool = False,
        *,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
        auto_restart: int = 0,
    ):
        try:
            self.argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        except ValueError as e:
            raise HarnessError(f"cannot read the implementation command {cmd!r}: {e}") from None
        if not self.argv:
            raise HarnessError("the implementation command is empty")
        self.command = cmd if isinstance(cmd, str) else shlex.join(cmd)
        self.description = self.command
        self.timeout, self.hello_timeout = timeout, hello_timeout
        self.max_line_bytes, self.strict = max_line_bytes, strict
        self.env, self.cwd = env, cwd
        self.hello = {}
        self._proc: ChildProcess | None = None
        self._hello: _SubprocessPending | None = None  # sent by spawn(), read by start()
        self._stdout: StdoutReader | None = None
        self._stderr: StderrTail | None = None
        self._queue: list[dict[str, Any]] = []  # requests not written yet (the last ones owed)
        self._invalid: dict[int, str] = {}  # strict mode: why a request awaiting its reply is bad
        self._outstanding: collections.deque[_SubprocessPending] = collections.deque()
        self._broken: ImplError | None = None
        self._next_id = 0
        self.auto_restart = auto_restart
        self.restarts = 0
        #: How the last process ended: its exit status, and whether the harness had to kill it.
        self.exit_status: int | None = None
        self.killed = False

    # -- session ------------------------------------------------------------------------------

    def spawn(self) -> None:
        """Start the process and send hello without waiting for the reply (:meth:`start`
        reads it), so that the process starts up while the caller does something else."""
        self.close()
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,  # so that close() can end the whole process group
            )
        except OSError as e:
            raise ImplCrashed(f"cannot start the implementation {self.command!r}: {e}") from None
        if proc.stdin is None or proc.stdout is None or proc.stderr is None:
            raise HarnessError("subprocess.Popen gave no pipes")
        os.set_blocking(proc.stdin.fileno(), False)
        self._proc = proc
        self._stdout = StdoutReader(proc.stdout.fileno(), self.max_line_bytes)
        self._stderr = StderrTail(proc.stderr.fileno())  # started by start()
        self._queue = []
        self._invalid = {}
        self._outstanding = collections.deque()
        self._broken = None
        self._next_id = 0
        self._hello = self.send(hello_request())
        if self._queue:  # written now, while the process starts (as start() always did)
            try:
                self._flush(time.monotonic() + self.hello_timeout)
            except ImplError as e:
                self._fail(e)

    def start(self) -> dict[str, Any]:
        if self._hello is None:
            self.spawn()
        pending, self._hello = self._hello, None
        assert pending is not None and self._stderr is not None
        self._stderr.start()
        self._resolve(pending, first_timeout=self.hello_timeout)
        if pending.error is not None:
            error = pending.error
            self.close()
            raise error
        try:
            self.hello = check_hello(pending.reply or {}, self.stderr_tail())
        except ProtocolViolation:
            self.close()
            raise
        return self.hello

    def hand_over(self, exits: MutableSequence[int], index: int) -> None:
        """In a fork of the process that called :meth:`spawn`: drive the spawned process
        from here; its starter reaps it and puts its status in ``exits[index]``
        (:func:`conformance.drivers.handover.publish_exits`)."""
        if isinstance(self._proc, subprocess.Popen):
            self._proc = HandedOver(self._proc, exits, index)

    def release(self) -> subprocess.Popen[bytes] | None:
        """Let go of a spawned process that a fork drives now (:meth:`hand_over`): close this
        side's pipes, so that only the fork holds them; the process, for reaping."""
        proc, self._proc, self._hello = self._proc, None, None
        self._outstanding = collections.deque()
        if proc is not None:
            for stream in (proc.stdin, proc.stdout, proc.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        return proc if isinstance(proc, subprocess.Popen) else None

    def close(self) -> None:
        """Say bye and let the process exit (2 s), else kill it; a broken session is killed,
        and so is one stopped while a reply is still owed (SIGTERM, Ctrl-C): nobody will read
        that reply, and an implementation busy with it would hold the stop for 3 s."""
        proc = self._proc
        if proc is None:
            return
        # stopped: an interruption on its way up (KeyboardInterrupt, SystemExit, the runner's
        # Interrupted: a BaseException that is no Exception), this close in a ``finally``
        error = sys.exception()
        stopped = error is not None and not isinstance(error, (Exception, GeneratorExit))
        try:
            if self._broken is None and proc.poll() is None and not (
                    stopped and self._outstanding):
                with contextlib.suppress(ImplError, HarnessError):
                    bye = self.send({"type": "bye"})
                    self._resolve(bye, first_timeout=min(1.0, self.timeout))
                if proc.stdin is not None:
                    with contextlib.suppress(OSError):
                        proc.stdin.close()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    wait_exit(proc, 2.0)
        finally:
            self.killed = proc.poll() is None
            self.end_process(proc)
            self.exit_status = proc.returncode
            if self._stderr is not None and self._stderr.ident is not None:
                self._stderr.join(timeout=1.0)
            for stream in (proc.stdin, proc.stdout, proc.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self._proc = None
            self._hello = None
            for pending in self._outstanding:
                pending.error = ImplCrashed("the session was closed before this reply came")
            self._outstanding.clear()

    @staticmethod
    def end_process(proc: ChildProcess) -> None:
        """End ``proc`` and its process group now, and wait (2 s) for it."""
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            wait_exit(proc, 2.0)

    def stderr_tail(self) -> str:
        return self._stderr.text() if self._stderr is not None else ""

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    # -- requests -----------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> _SubprocessPending:
        if self._broken is not None or self._proc is None:
            if self._proc is None:
                raise HarnessError("the subprocess driver is not started (call start())")
            if self.restarts < self.auto_restart:
                self.restarts += 1
                self.restart()
        rid = self._next_id
        self._next_id = rid + 1
        request = {"id": rid, **message}
        request["id"] = rid
        pending = _SubprocessPending(self, request)
        if self.strict:
            problem = strict_request_problem(request)
            if problem is not None:
                self._invalid[rid] = problem
        if self._broken is not None:
            pending.error = self._broken
            return pending
        queue = self._queue
        queue.append(request)
        outstanding = self._outstanding
        outstanding.append(pending)
        # a long burst of requests is written as soon as its unwritten part outnumbers the
        # requests the child has in hand (so an idle child starts early, and the burst costs
        # a few writes), and by _FLUSH_AT; a short one (the common step) waits for result()
        held = len(queue)
        if held >= _FLUSH_AT or (held >= _BURST and held + held > len(outstanding)):
            try:
                self._flush(time.monotonic() + self.timeout)
            except ImplError as e:
                self._fail(e)
        return pending

    def _flush(self, deadline: float) -> None:
        """Write the queued requests, in one write when the pipe takes them; the child must
        keep reading its stdin meanwhile."""
        proc = self._proc
        queue = self._queue
        if not queue or proc is None or proc.stdin is None:
            return
        try:
            data = encode_requests(queue)
        except (TypeError, ValueError, RecursionError):
            data = self._encode_or_refuse()
        queue.clear()
        fd = proc.stdin.fileno()
        try:
            done = os.write(fd, data)
        except BlockingIOError:
            done = 0
        except (BrokenPipeError, ConnectionResetError):
            raise self._crashed("while the harness was writing requests") from None
        if done < len(data):
            self._write_rest(fd, data, done, deadline)

    def _encode_or_refuse(self) -> bytes:
        """The queued requests encoded one by one; one that JSON cannot hold is not sent: its
        result() raises a HarnessError (a bug of the caller, not of the implementation)."""
        outstanding = self._outstanding
        first = len(outstanding) - len(self._queue)  # the queued ones are the last owed
        lines: list[bytes] = []
        refused: list[tuple[int, HarnessError]] = []
        for i, request in enumerate(self._queue):
            try:
                lines.append(encode_line(request))
            except (TypeError, ValueError, RecursionError) as e:
                refused.append((first + i, HarnessError(f"{_what(request)} cannot be written"
                                                        f" as JSON: {e}")))
        for index, error in reversed(refused):
            pending = outstanding[index]
            del outstanding[index]
            self._invalid.pop(pending.request["id"], None)
            pending.error = error
        return b"".join(lines)

    def _write_rest(self, fd: int, data: bytes, done: int, deadline: float) -> None:
        """Write ``data[done:]`` on the full pipe ``fd``, reading replies while it waits."""
        with memoryview(data) as view:
            while done < len(view):
                if self._stdout is None or not self._stdout.wait_writable(fd, deadline):
                    raise ImplTimeout(
                        f"the implementation stopped reading its stdin ({len(view) - done} bytes"
                        f" of requests not taken within {self.timeout:g} s)",
                        self.stderr_tail(),
                    )
                try:
                    done += os.write(fd, view[done:])
                except BlockingIOError:
                    pass
                except (BrokenPipeError, ConnectionResetError):
                    raise self._crashed("while the harness was writing requests") from None

    def _crashed(self, when: str) -> ImplCrashed:
        """The crash error: how the process ended (or that it closed stdout and lives on)."""
        proc = self._proc
        status: int | None = None
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = wait_exit(proc, self.crash_exit_wait)
        if self._stderr is not None and self._stderr.ident is not None:
            # an ended process's stderr ends too: read it to the end; a living one keeps it
            # open, so the reader gets only a moment to take what is already written
            self._stderr.join(timeout=0.5 if status is not None else 0.05)
        if status is None:
            detail = f"the implementation closed its stdout {when} (it is still running)"
        elif status < 0:
            detail = f"the implementation was killed by signal {-status} {when}"
        else:
            detail = f"the implementation exited with status {status} {when}"
        return ImplCrashed(detail, self.stderr_tail())

    def _fail(self, error: ImplError) -> None:
        """The session is unusable: every outstanding and later request gets ``error``."""
        self._broken = error
        for pending in self._outstanding:
            pending.error = error
        self._outstanding.clear()
        self._queue.clear()
        self._invalid.clear()

    def _resolve(self, target: _SubprocessPending, first_timeout: float | None = None) -> None:
        """Read replies in order until ``target`` has its reply (or the session breaks); the
        replies already read go to their requests too (cheaper than one call each)."""
        if self._broken is not None:
            target.error = target.error or self._broken
            return
        if self._queue:
            try:
                self._flush(time.monotonic() + self.timeout)
            except ImplError as e:
                self._fail(e)
                return
        reader = self._stdout
        if reader is None:
            target.error = ImplCrashed("the implementation is not running")
            return
        timeout = self.timeout
        wait = first_timeout if first_timeout is not None else timeout
        lines = reader.lines
        outstanding = self._outstanding
        strict = self.strict
        scan = scan_value
        item: bytes | TooLong | EndOfOutput | None
        while True:
            # every line in hand goes to the oldest request awaiting its reply; an end of
            # output or an over-long line stays at the head (it is an answer only when waited for)
            while lines and outstanding:
                item = lines.popleft()
                if type(item) is not bytes:
                    lines.appendleft(item)
                    break
                pending = outstanding[0]
                request = pending.request
                try:  # parse_line's common case, inline: one JSON value fills the line
                    text = item.decode()
                    reply, end = scan(text, 0)
                    if end != len(text):
                        raise StopIteration
                except (ValueError, StopIteration):
                    try:  # json's own verdict and words
                        reply = parse_line(item)
                    except ValueError as e:
                        self._violation(request, f"not JSON ({e})", item)
                        return
                if type(reply) is not dict:
                    self._violation(request, "not a JSON object", item)
                    return
                rid = reply.get("id")
                if type(rid) is not int or rid != request["id"]:  # the driver's ids are ints
                    self._violation(request, f"id {rid!r} (replies come in request order,"
                                    " each echoing its request's id)", item)
                    return
                if strict:
                    problem = reply_violation(request, reply, strict=True,
                                              request_invalid=self._invalid.pop(rid, None))
                else:
                    problem = reply_problem(request.get("type"), reply)
                if problem is not None:
                    self._violation(request, problem, item)
                    return
                outstanding.popleft()
                pending.reply = reply
                wait = timeout
            if target.reply is not None or target.error is not None:
                return
            if not outstanding:
                target.error = ImplCrashed("no reply is owed for this request (session closed)")
                return
            item = lines.popleft() if lines else reader.take(time.monotonic() + wait)
            if type(item) is bytes:
                lines.appendleft(item)
                continue
            what = _what(outstanding[0].request)
            if item is None:
                self._fail(ImplTimeout(f"no reply to {what} within {wait:g} s", self.stderr_tail()))
            elif isinstance(item, EndOfOutput):
                lines.appendleft(item)  # stays at the head: the output is over
                self._fail(self._crashed(f"before replying to {what}"))
            elif isinstance(item, TooLong):
                more = "" if item.complete else " or more"
                self._fail(ProtocolViolation(
                    f"reply to {what}: a line of {item.size}{more} bytes, above the"
                    f" {self.max_line_bytes}-byte limit; it starts with {quote(item.head)}",
                    item.head, self.stderr_tail()))
            return

    def _violation(self, request: dict[str, Any], problem: str, line: bytes) -> None:
        self._fail(ProtocolViolation(f"reply to {_what(request)}: {problem}: {quote(line)}",
                                     line[:QUOTE_BYTES], self.stderr_tail()))


def _what(request: dict[str, Any]) -> str:
    return f"request {request.get('id')} ({request.get('type')})"
