"""What every miniature shares: the reference's replies, spoilt in one way.

A miniature is a :class:`~conformance.protocol.null_server.NullServer` (so that
``null_server.serve`` runs it over stdin/stdout) whose replies come from a reference
:class:`~reference_impl.server.Server` unless the miniature answers a request type itself
(``own``) or changes the reference's ok reply (``spoil``). It greets with the reference's
hello under its own name: every ruleset, option and query, so that no scenario is skipped
and each one is judged on what the miniature gets wrong.
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.protocol.null_server import NullServer, serve
from reference_impl.server import Server


class Miniature(NullServer):
    """A deliberately wrong implementation; subclasses set ``id`` and ``summary`` and override
    :meth:`own` and/or :meth:`spoil`."""

    #: The miniature's name in reports and on the command line (``accept-all``).
    id: ClassVar[str] = "miniature"
    #: What it gets wrong, in one line.
    summary: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__(name=f"miniature-{self.id}", version="1")
        self.reference = Server(log=lambda text: None)

    def reply(self, request: Any) -> dict[str, Any]:
        if isinstance(request, dict):
            kind = request.get("type")
            answer = self.own(str(kind), request)
            if answer is not None:
                return answer
        answer = self.reference.handle(request)
        if isinstance(request, dict) and answer.get("ok") is True:
            if request.get("type") == "hello":
                return {**answer, "name": self.hello["name"], "version": self.hello["version"]}
            return self.spoil(str(request.get("type")), request, answer)
        return answer

    def handle(self, message: object) -> dict[str, Any]:
        """The reply to one request, as the in-process driver asks for it."""
        return self.reply(message)

    def own(self, kind: str, request: dict[str, Any]) -> dict[str, Any] | None:
        """The miniature's own reply to a request of type ``kind``, or None to ask the
        reference."""
        return None

    def spoil(self, kind: str, request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        """The reference's ok ``answer`` to ``request``, as the miniature gives it."""
        return answer

    def null_reply(self, request: dict[str, Any]) -> dict[str, Any]:
        """The null server's reply: an action accepted with no events, no legal action, no
        result."""
        return NullServer.reply(self, request)


def main(miniature: type[Miniature]) -> None:
    """Serve ``miniature`` over stdin/stdout (``python -m conformance.miniatures.NAME``)."""
    serve(miniature())
