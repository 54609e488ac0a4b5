"""The reference engine in-process: ``reference_impl.server.Server.handle``, no subprocess.

The default backend: the same protocol logic as ``phom-reference``, without pipes (or, with
``server``, any other object that answers requests the same way: the miniatures). With
``strict`` every message is checked against the protocol schemas both ways; with
``roundtrip`` every message also goes through ``json.dumps``/``json.loads`` (what a pipe
would do to it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from conformance.errors import HarnessError, ProtocolViolation
from conformance.protocol import DonePending, Driver, Pending
from conformance.protocol.messages import (
    check_hello,
    hello_request,
    reply_violation,
    strict_request_problem,
)
from reference_impl.serve_config import ServerConfig
from reference_impl.server import Server


class Handler(Protocol):
    """What answers the requests: ``handle(message) -> reply``, never raising."""

    def handle(self, message: object) -> dict[str, Any]: ...


class InProcessDriver(Driver):
    """A session with the reference engine (or ``server()``) running in this process."""

    description = "phom-reference (in-process)"

    def __init__(self, *, strict: bool = False, roundtrip: bool = False,
                 config: ServerConfig | None = None,
                 server: Callable[[], Handler] | None = None):
        self.strict = strict
        self.roundtrip = roundtrip
        #: The profile and readings the reference declares and plays (``phom-reference
        #: --profile``, ``--reading``); None: the 1.0 shape and the rulesets' own readings.
        self.config = config
        #: What answers instead of the reference (a miniature), if anything.
        self._make_server = server
        self._server: Handler | None = None
        self._next_id = 0
        self.hello = {}

    def start(self) -> dict[str, Any]:
        self._server = (Server(config=self.config) if self._make_server is None
                        else self._make_server())
        self._next_id = 0
        self.hello = check_hello(self.send(hello_request()).result())
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        if self._server is None:
            raise HarnessError("the in-process driver is not started (call start())")
        request = {"id": self._next_id, **message}
        request["id"] = self._next_id
        self._next_id += 1
        invalid = strict_request_problem(request) if self.strict else None
        if self.roundtrip:
            reply = json.loads(json.dumps(self._server.handle(json.loads(json.dumps(request)))))
        else:
            reply = self._server.handle(request)
        problem = reply_violation(request, reply, strict=self.strict, request_invalid=invalid)
        if problem is not None:
            what = f"reply to {request.get('type')}: {problem}"
            error = ProtocolViolation(what, repr(reply)[:200])
            return DonePending(request, {}, error)
        return DonePending(request, reply)

    def close(self) -> None:
        self._server = None

    def stderr_tail(self) -> str:
        return ""
