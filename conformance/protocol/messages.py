"""What every driver shares: the hello request and the checks a reply gets."""

from __future__ import annotations

from functools import cache
from typing import Any

import conformance
from conformance.errors import ProtocolViolation
from conformance.protocol.schemas import (
    PROTOCOL_VERSION,
    reply_problem,
    reply_schema_problem,
    request_problem,
)


@cache
def profile_members() -> frozenset[str]:
    """The hello members of an implementation profile (spec/protocol.md 8), which the harness
    reads itself: a bad one is one line and left out (8.7), even in strict mode."""
    from reference_impl.profiles import SHAPES  # here: a driver starts without the engine

    return frozenset((*SHAPES, "actions"))


def hello_request() -> dict[str, Any]:
    """The harness's hello (spec/protocol.md 5.1), without ``id``."""
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "kit": {"name": "phom-conformance", "version": conformance.__version__},
    }


def check_hello(reply: dict[str, Any], stderr_tail: str = "") -> dict[str, Any]:
    """The hello's payload (without ``id`` and ``ok``); :class:`ProtocolViolation` unless
    ``reply`` is a hello the harness can go on with."""
    if reply.get("ok") is not True:
        error = reply.get("error") or {}
        raise ProtocolViolation(
            f"the implementation refused hello: {error.get('code')}: {error.get('message')}",
            repr(reply),
            stderr_tail,
        )
    version = str(reply.get("protocol", ""))
    if version.split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
        raise ProtocolViolation(
            f"the implementation speaks protocol {version!r}; this kit speaks {PROTOCOL_VERSION}",
            repr(reply),
            stderr_tail,
        )
    return {k: v for k, v in reply.items() if k not in ("id", "ok")}


def reply_violation(
    request: dict[str, Any], reply: dict[str, Any], *, strict: bool, request_invalid: str | None
) -> str | None:
    """Why ``reply`` is not a valid reply to ``request``, or None (spec/protocol.md 6)."""
    kind = request.get("type")
    problem = reply_problem(kind, reply)
    if problem is None and strict:
        if request_invalid is not None and reply.get("ok") is True:
            problem = f"ok reply to a request the protocol schema rejects ({request_invalid})"
        else:
            if kind == "hello":  # a bad profile member is left out, not fatal (8.7)
                reply = {k: v for k, v in reply.items() if k not in profile_members()}
            problem = reply_schema_problem(kind, reply)
    return problem


def strict_request_problem(request: dict[str, Any]) -> str | None:
    """Why ``request`` breaks the protocol schema, or None (strict mode)."""
    return request_problem(request)

