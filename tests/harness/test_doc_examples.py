"""Every JSON example of spec/protocol.md and docs/implementers.md is valid against the
protocol schemas and is what the reference answers.

Each ```json block holds one or more messages: a request (it has a ``type``) or a reply (it
has ``ok``). The blocks of a document are one session of the plain reference, until a line
``<!-- session: phom-reference ARGS -->`` starts a session of the reference run with those
command-line ARGS (``--profile``, ``--reading``) for the blocks after it. Replayed on a fresh
reference in id order, every request of a session must get exactly the reply shown for that
id (the hello's ``version`` and ``language`` aside: they are the installed kit's). A reply
shows the request it answers in the same session; a request shown to get a ``malformed``
error is one the request schemas reject.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest

from conformance.protocol.schemas import REQUEST_TYPES, reply_schema_problem, request_problem
from reference_impl.serve_config import parse_command_line
from reference_impl.server import Server
from tests.harness.helpers import ROOT

DOCS = ("spec/protocol.md", "docs/implementers.md")
#: Hello members that describe the installation, not the protocol.
_INSTALLED = ("version", "language")


@dataclass(frozen=True)
class Example:
    """One message shown in a document: where, the session it belongs to (the
    ``phom-reference`` arguments), and the message."""

    doc: str
    line: int
    message: dict[str, Any]
    session: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"

    @property
    def is_request(self) -> bool:
        return "type" in self.message and "ok" not in self.message


def examples(doc: str) -> list[Example]:
    """The messages of the document's ```json blocks, in order."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    out = []
    decoder = json.JSONDecoder()
    markers = [(m.start(), tuple(m.group(1).split()))
               for m in re.finditer(r"^<!-- session: phom-reference(.*?)-->$", text, re.M)]
    for m in re.finditer(r"^```json\n(.*?)^```", text, re.S | re.M):
        block, start = m.group(1), text[: m.start()].count("\n") + 2
        session = next((args for at, args in reversed(markers) if at < m.start()), ())
        pos = 0
        while True:
            while pos < len(block) and block[pos].isspace():
                pos += 1
            if pos == len(block):
                break
            line = start + block[:pos].count("\n")
            try:
                message, pos = decoder.raw_decode(block, pos)
            except ValueError as e:
                pytest.fail(f"{doc}:{line}: not JSON: {e}")
            if not isinstance(message, dict):
                pytest.fail(f"{doc}:{line}: a protocol message is a JSON object")
            out.append(Example(doc, line, message, session))
    return out


ALL = [x for doc in DOCS for x in examples(doc)]


def sessions(doc: str) -> dict[tuple[str, ...], list[Example]]:
    """The document's examples by session, in order."""
    out: dict[tuple[str, ...], list[Example]] = {}
    for x in examples(doc):
        out.setdefault(x.session, []).append(x)
    return out


def _requests(x: Example) -> dict[Any, Example]:
    """The requests of the session of ``x``, by id."""
    out: dict[Any, Example] = {}
    for r in sessions(x.doc)[x.session]:
        if r.is_request:
            key = r.message.get("id")
            assert key not in out, f"{r.where}: request id {key!r} is used at {out[key].where}"
            out[key] = r
    return out


def _replies(x: Example) -> dict[Any, Example]:
    return {r.message.get("id"): r for r in sessions(x.doc)[x.session] if not r.is_request}


@pytest.mark.parametrize("example", ALL, ids=lambda x: x.where)
def test_the_example_is_valid_against_its_schema(example: Example) -> None:
    message = example.message
    if example.is_request:
        # A request shown to get a `malformed` error is one the schemas reject (protocol 6).
        reply = _replies(example).get(message.get("id"))
        malformed = reply is not None and (reply.message.get("error") or {}).get("code") == \
            "malformed"
        problem = request_problem(message)
        if malformed:
            assert problem is not None, f"{example.where}: a malformed request the schema accepts"
        else:
            assert problem is None, f"{example.where}: {problem}"
        return
    request = _requests(example).get(message.get("id"))
    assert request is not None, (
        f"{example.where}: a reply with id {message.get('id')!r}; show the request it answers"
    )
    problem = reply_schema_problem(request.message["type"], message)
    assert problem is None, f"{example.where}: {problem}"


SESSIONS = [(doc, args) for doc in DOCS for args in sessions(doc)]


@pytest.mark.parametrize(("doc", "args"), SESSIONS,
                         ids=lambda v: v if isinstance(v, str) else " ".join(v) or "plain")
def test_every_reply_shown_is_the_reference_s(doc: str, args: tuple[str, ...]) -> None:
    shown = sessions(doc)[args]
    requests = sorted((x for x in shown if x.is_request), key=lambda x: x.message["id"])
    replies = _replies(shown[0])
    server = Server(config=parse_command_line(list(args)))
    if requests and requests[0].message["type"] != "hello":
        server.handle({"id": None, "type": "hello", "protocol": "1.0"})
    for request in requests:
        answer = server.handle(request.message)
        reply = replies.get(request.message["id"])
        if reply is None:
            continue
        if request.message["type"] == "hello":
            answer = {k: v for k, v in answer.items() if k not in _INSTALLED}
            expected = {k: v for k, v in reply.message.items() if k not in _INSTALLED}
        else:
            expected = reply.message
        assert answer == expected, (
            f"{reply.where}: the reference answers {json.dumps(answer, ensure_ascii=False)}"
        )


def test_the_protocol_shows_every_request_and_its_reply() -> None:
    shown = examples("spec/protocol.md")
    requests = {x.message["type"] for x in shown if x.is_request}
    assert requests == set(REQUEST_TYPES)
    answered = {x.message["id"] for x in shown if not x.is_request}
    kinds = {x.message["type"] for x in shown if x.is_request and x.message["id"] in answered}
    assert kinds == set(REQUEST_TYPES)
    assert any(x.message.get("ok") is False for x in shown), "no error reply shown"


def test_the_apply_example_after_an_eat_has_no_turn_event() -> None:
    # issue 11: the example once showed a turn event after an eat, which the reference never
    # sends (the eater still has to discard).
    for x in examples("spec/protocol.md"):
        events = x.message.get("events") or []
        if any(e.get("type") == "ate" for e in events):
            assert all(e.get("type") != "turn" for e in events), x.where
