"""The reference engine in-process with a mutant applied while it answers, and only then.

The mutant is patched in for the handling of each request, so the fuzzer's own reference
games (played in the same process between requests) follow the true rules.
"""

from __future__ import annotations

from typing import Any

from conformance.drivers.inprocess import InProcessDriver
from conformance.mutants.base import Mutant, applied, build
from conformance.protocol import Pending
from reference_impl.server import Server


class MutantDriver(InProcessDriver):
    """A session with the reference engine playing by ``mutant``."""

    def __init__(self, mutant: Mutant, **kw: Any):
        super().__init__(**kw)
        self.mutant = mutant
        self._patches = build(mutant)
        self._log: list[str] = []
        self.description = f"phom-reference with mutant {mutant.id} (in-process)"

    def start(self) -> dict[str, Any]:
        hello = super().start()
        server = self._server
        if isinstance(server, Server):  # a mutant may break the engine: keep its tracebacks quiet
            server._log = self._log.append
        return hello

    def stderr_tail(self) -> str:
        return "\n".join(self._log[-20:])

    def send(self, message: dict[str, Any]) -> Pending:
        with applied(self.mutant, self._patches):
            return super().send(message)
