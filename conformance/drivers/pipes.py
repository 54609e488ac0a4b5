"""The child's pipes: a reader thread for stdout that queues lines, and one for stderr that
keeps a bounded tail.

The stdout reader splits chunks into lines; a line longer than the limit is never held
whole: the reader gives up on it after the limit and queues a :class:`TooLong` instead.
"""

from __future__ import annotations

import collections
import json
import os
import threading
import time
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from json.scanner import make_scanner
from typing import Any

STDERR_TAIL_BYTES = 64 * 1024
STDERR_TAIL_LINES = 200
QUOTE_BYTES = 200
CHUNK = 1 << 16
_scan = make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # typeshed: a class


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


class StdoutReader(threading.Thread):
    """Reads the child's stdout in chunks and queues complete lines (bytes, no newline)."""

    def __init__(self, fd: int, max_line: int):
        super().__init__(name=f"phom-stdout-{fd}", daemon=True)
        self.fd, self.max_line = fd, max_line
        self.lines: collections.deque[bytes | TooLong | EndOfOutput] = collections.deque()
        self.cond = threading.Condition()
        self._partial = b""
        self._skipping = False

    def _push(self, items: list[bytes | TooLong | EndOfOutput]) -> None:
        with self.cond:
            self.lines.extend(items)
            self.cond.notify()

    def run(self) -> None:
        partial = b""
        skipping = False  # inside a line that was already reported too long
        max_line = self.max_line
        lines = self.lines
        cond = self.cond
        while True:
            try:
                chunk = os.read(self.fd, CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                tail: list[bytes | TooLong | EndOfOutput] = []
                if partial and not skipping:
                    tail.append(partial)
                tail.append(EOF)
                self._push(tail)
                return
            if not skipping and len(partial) + len(chunk) <= max_line:
                # the common case: no line here can be over the limit
                parts = chunk.split(b"\n")
                if partial:
                    parts[0] = partial + parts[0]
                partial = parts.pop()
                if parts:
                    with cond:
                        lines.extend(parts)
                        cond.notify()
                continue
            self._slow(chunk, partial, skipping)
            partial, skipping = self._partial, self._skipping

    def _slow(self, chunk: bytes, partial: bytes, skipping: bool) -> None:
        """Split ``chunk`` when a line may be over the limit; never keeps more than the limit."""
        max_line = self.max_line
        parts = chunk.split(b"\n")
        last = parts.pop()
        out: list[bytes | TooLong | EndOfOutput] = []
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
        if out:
            self._push(out)

    def take(self, deadline: float) -> bytes | TooLong | EndOfOutput | None:
        """The next queued item, or None when ``deadline`` passes first."""
        lines = self.lines
        if lines:
            return lines.popleft()
        with self.cond:
            while not lines:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.cond.wait(remaining)
            return lines.popleft()


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
