"""A driver wrapper that keeps one scenario's protocol traffic for the report."""

from __future__ import annotations

import collections
from typing import Any

from conformance.protocol import Driver, Pending

HEAD = 20
TAIL = 100


class _RecordedPending(Pending):
    __slots__ = ("_entry", "_inner")

    def __init__(self, inner: Pending, entry: dict[str, Any]):
        self._inner, self._entry = inner, entry

    def result(self) -> dict[str, Any]:
        try:
            reply = self._inner.result()
        except Exception as e:
            self._entry["error"] = f"{type(e).__name__}: {e}"
            raise
        self._entry["reply"] = reply
        return reply


class RecordingDriver(Driver):
    """Passes every request through to ``inner`` and records request/reply pairs.

    Keeps the first ``head`` and the last ``tail`` exchanges (a long scenario fails near its
    end); ``omitted`` counts the ones in between.
    """

    def __init__(self, inner: Driver, head: int = HEAD, tail: int = TAIL):
        self.inner = inner
        self.hello = inner.hello
        self._head: list[dict[str, Any]] = []
        self._tail: collections.deque[dict[str, Any]] = collections.deque(maxlen=tail)
        self._head_size = head
        self.omitted = 0
        self.count = 0

    def __getattr__(self, name: str) -> Any:  # description, stderr_tail, strict...
        return getattr(self.inner, name)

    def start(self) -> dict[str, Any]:
        self.hello = self.inner.start()
        return self.hello

    def restart(self) -> dict[str, Any]:
        self.hello = self.inner.restart()
        return self.hello

    def close(self) -> None:
        self.inner.close()

    def send(self, message: dict[str, Any]) -> Pending:
        pending = self.inner.send(message)
        entry: dict[str, Any] = {"request": getattr(pending, "request", message)}
        self.count += 1
        if len(self._head) < self._head_size:
            self._head.append(entry)
        else:
            if len(self._tail) == self._tail.maxlen:
                self.omitted += 1
            self._tail.append(entry)
        return _RecordedPending(pending, entry)

    def transcript(self, steps: list[str] | None = None) -> tuple[dict[str, Any], ...]:
        """The kept exchanges in order, with a marker where some were left out.

        ``steps``: the step label of every exchange, in sending order (from the scenario's
        own transcript); used when it accounts for every request sent.
        """
        if steps is not None and len(steps) == self.count:
            for i, entry in enumerate(self._head):
                entry.setdefault("step", steps[i])
            base = self.count - len(self._tail)
            for i, entry in enumerate(self._tail):
                entry.setdefault("step", steps[base + i])
        marker = [{"omitted": self.omitted}] if self.omitted else []
        return (*self._head, *marker, *self._tail)

    def error_replies(self, code: str) -> list[dict[str, Any]]:
        """Error replies with ``code`` among the kept exchanges."""
        out = []
        for entry in (*self._head, *self._tail):
            reply = entry.get("reply")
            if isinstance(reply, dict) and reply.get("ok") is False:
                error = reply.get("error")
                if isinstance(error, dict) and error.get("code") == code:
                    out.append(reply)
        return out
