"""The one interface every driver (in-process reference, subprocess, recording) implements.

Messages are the protocol's JSON objects (spec/protocol.md) as dicts. ``send`` returns a
:class:`Pending` at once, so a caller can pipeline requests whose sending does not depend
on an earlier reply; ``Pending.result()`` blocks until that reply is in. Process-level
problems surface as :mod:`conformance.errors` exceptions from ``result()``.
"""

from __future__ import annotations

import abc
from typing import Any


class Pending(abc.ABC):
    """A request sent, its reply not yet read."""

    @abc.abstractmethod
    def result(self) -> dict[str, Any]:
        """The reply (a dict), or raise an ImplError subclass."""


class DonePending(Pending):
    """A reply already in hand (the in-process driver), or an error to raise."""

    __slots__ = ("_error", "_reply", "request")

    def __init__(
        self,
        request: dict[str, Any],
        reply: dict[str, Any],
        error: BaseException | None = None,
    ):
        self.request = request
        self._reply = reply
        self._error = error

    def result(self) -> dict[str, Any]:
        if self._error is not None:
            raise self._error
        return self._reply


class Driver(abc.ABC):
    """A session with one implementation: hello, then any number of games."""

    #: The implementation's hello reply, set by :meth:`start`.
    hello: dict[str, Any]

    @abc.abstractmethod
    def start(self) -> dict[str, Any]:
        """Start the implementation and do the handshake; return its hello reply."""

    @abc.abstractmethod
    def send(self, message: dict[str, Any]) -> Pending:
        """Send one request (the driver assigns ``id``); do not wait for the reply."""

    @abc.abstractmethod
    def close(self) -> None:
        """End the session; idempotent."""

    def restart(self) -> dict[str, Any]:
        """Close and start again (after a crash or timeout)."""
        self.close()
        return self.start()

    def call(self, message: dict[str, Any]) -> dict[str, Any]:
        return self.send(message).result()

    def __enter__(self) -> Driver:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
