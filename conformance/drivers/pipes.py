"""The child's pipes: a non-blocking reader of stdout that queues lines, and a thread for
stderr that keeps a bounded tail.

The stdout reader splits chunks into lines; a line longer than the limit is never held
whole: the reader gives up on it after the limit and queues a :class:`TooLong` instead.
"""

from __future__ import annotations

import collections
import json
import math
import os
import select
import threading
import time
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from json.scanner import make_scanner
from typing import Any

STDERR_TAIL_BYTES = 64 * 1024
STDERR_TAIL_LINES = 200
QUOTE_BYTES = 200
CHUNK = 1 << 16
#: ``scan_value(text, 0)``: the JSON value at the start of ``text`` and where it ends (json's C
#: scanner; StopIteration when no value starts there).
scan_value = _scan = make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # typeshed


def parse_line(line: bytes) -> Any:
    """One JSON value from one line (json.loads, without its per-call overhead)."""
    try:
        text = line.decode()
        value, end = _scan(text, 0)
    except (UnicodeDecodeError, StopIteration):
        return json.loads(line)  # raises, with json's own message
    if end != len(text) and text[end:].strip():
        return json.loads(line)
    return value


_compact = json.JSONEncoder(separators=(",", ":"))
#: json's C encoder, made once (``JSONEncoder.encode`` makes one per call, most of its cost);
#: no circular-reference check: a request is a tree.
_c_encode = (c_make_encoder(None, _compact.default, encode_basestring_ascii, None, ":", ",",
                            False, False, True) if c_make_encoder is not None else None)


def encode_line(value: Any) -> bytes:
    """``value`` as one compact JSON line with its newline: the bytes of
    ``json.dumps(value, separators=(",", ":")) + "\n"``."""
    if _c_encode is None or not isinstance(value, dict):
        return _compact.encode(value).encode() + b"\n"
    return "".join(_c_encode(value, 0)).encode() + b"\n"


#: Where two requests meet in the compact text of a list of them: each request's first member
#: is its ``id`` (the driver puts it there). Inside a JSON string every ``"`` follows a
#: backslash, so this stands elsewhere only where a list of objects led by an ``id`` is nested.
_BETWEEN = '},{"id":'


def encode_requests(requests: list[dict[str, Any]]) -> bytes:
    """``requests`` (each with ``id`` its first member) as compact JSON lines: the bytes of
    ``b"".join(encode_line(r) for r in requests)``, from one encoder call for the whole list
    (its text split where one request meets the next); each on its own when a request holds
    the meeting string itself. An unencodable request raises as ``encode_line`` does."""
    if _c_encode is None or len(requests) < 2:
        return b"".join([encode_line(r) for r in requests])
    text = "".join(_c_encode(requests, 0))
    if text.count(_BETWEEN) != len(requests) - 1:  # not one per meeting: split one by one
        return b"".join([encode_line(r) for r in requests])
    return (text[1:-1].replace(_BETWEEN, '}\n{"id":') + "\n").encode()


def quote(data: bytes | str, limit: int = QUOTE_BYTES) -> str:
    """``data`` for a message: repr of at most ``limit`` bytes, with the full size if cut."""
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    if len(raw) <= limit:
        return repr(raw)
    return f"{raw[:limit]!r}... ({len(raw)} bytes)"


class EndOfOutput:
    """Queued by the stdout reader when the pipe closes."""


class TooLong:
    """Queued by the stdout reader instead of a line above the size limit."""

    def __init__(self, head: bytes, size: int, complete: bool):
        self.head, self.size, self.complete = head, size, complete


EOF = EndOfOutput()


class StdoutReader:
    """The child's stdout, read by the thread that waits for a reply (no thread of its own:
    a hand-off between threads per chunk of replies cost more than the read). The pipe is
    non-blocking; complete lines (bytes, no newline) queue in ``lines`` as they are read.

    Nothing drains the pipe while the harness is not waiting for a reply or writing requests:
    a child that writes ahead then blocks on its stdout, which is harmless (it only runs
    ahead of requests it was sent).
    """

    def __init__(self, fd: int, max_line: int):
        self.fd, self.max_line = fd, max_line
        os.set_blocking(fd, False)
        self.lines: collections.deque[bytes | TooLong | EndOfOutput] = collections.deque()
        #: Whether the pipe is closed (EOF is queued once, when it is read).
        self.ended = False
        self._partial = b""
        self._skipping = False  # inside a line that was already reported too long
        self._poll = select.poll()
        self._poll.register(fd, select.POLLIN)

    def fill(self) -> bool:
        """Read what the pipe holds now (never waits); whether anything (or EOF) came."""
        if self.ended:
            return False
        try:
            chunk = os.read(self.fd, CHUNK)
        except BlockingIOError:
            return False
        except OSError:
            chunk = b""
        if not chunk:
            self.ended = True
            if self._partial and not self._skipping:
                self.lines.append(self._partial)
            self._partial = b""
            self.lines.append(EOF)
            return True
        partial = self._partial
        if not self._skipping and len(partial) + len(chunk) <= self.max_line:
            # the common case: no line here can be over the limit
            parts = chunk.split(b"\n")
            if partial:
                parts[0] = partial + parts[0]
            self._partial = parts.pop()
            if parts:
                self.lines.extend(parts)
            return True
        self._slow(chunk, partial, self._skipping)
        return True

    def _slow(self, chunk: bytes, partial: bytes, skipping: bool) -> None:
        """Split ``chunk`` when a line may be over the limit; never keeps more than the limit."""
        max_line = self.max_line
        parts = chunk.split(b"\n")
        last = parts.pop()
        out = self.lines
        for part in parts:  # each ends a line
            if skipping:
                skipping, partial = False, b""
                continue
            line = partial + part if partial else part
            partial = b""
            if len(line) > max_line:
                out.append(TooLong(line[:QUOTE_BYTES], len(line), True))
            else:
                out.append(line)
        if not skipping:
            partial += last
            if len(partial) > max_line:
                out.append(TooLong(partial[:QUOTE_BYTES], len(partial), False))
                partial, skipping = b"", True
        self._partial, self._skipping = partial, skipping

    def take(self, deadline: float) -> bytes | TooLong | EndOfOutput | None:
        """The next line (or end of output), or None when ``deadline`` passes first."""
        lines = self.lines
        while not lines:
            if self.fill():
                continue
            if self.ended:  # the end was taken already: it stays the answer
                return EOF
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._poll.poll(max(1, math.ceil(remaining * 1000)))
        return lines.popleft()

    def wait_writable(self, fd: int, deadline: float) -> bool:
        """Wait until ``fd`` (the child's stdin) takes more, reading stdout meanwhile (the
        child may be blocked writing replies); False when ``deadline`` passes first."""
        poll = select.poll()
        poll.register(fd, select.POLLOUT)
        if not self.ended:
            poll.register(self.fd, select.POLLIN)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            ready = dict(poll.poll(max(1, math.ceil(remaining * 1000))))
            if self.fd in ready:
                self.fill()
                if self.ended:
                    poll.unregister(self.fd)
            if ready.get(fd, 0) & (select.POLLOUT | select.POLLERR | select.POLLHUP):
                return True


class StderrTail(threading.Thread):
    """Drains the child's stderr continuously, keeping only the last bytes."""

    def __init__(self, fd: int, keep: int = STDERR_TAIL_BYTES):
        super().__init__(name=f"phom-stderr-{fd}", daemon=True)
        self.fd, self.keep = fd, keep
        self.buf = bytearray()
        self.total = 0
        self.lock = threading.Lock()

    def run(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, CHUNK)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.total += len(chunk)
                self.buf += chunk
                if len(self.buf) > 2 * self.keep:
                    del self.buf[: -self.keep]

    def text(self, max_lines: int = STDERR_TAIL_LINES) -> str:
        with self.lock:
            data = bytes(self.buf[-self.keep :])
            total = self.total
        lines = data.decode("utf-8", "replace").splitlines()
        cut = total > len(data) or len(lines) > max_lines
        lines = lines[-max_lines:]
        if cut:
            lines.insert(0, f"[stderr: {total} bytes in all; the last {len(lines)} lines follow]")
        return "\n".join(lines)
