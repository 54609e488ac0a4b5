"""The subprocess driver reads each reply line as ``parse_line`` does (its fast path scans the
line inline): the same value for a good line, json's own words for a bad one."""

from __future__ import annotations

import json
import sys

import pytest

from conformance.drivers.pipes import parse_line
from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import ProtocolViolation

#: Answers hello, then every other request with argv[1] (bytes, ``ID`` replaced by its id).
_ECHO = r"""
import json, sys
line = sys.argv[1].encode("latin-1")
for raw in sys.stdin.buffer:
    request = json.loads(raw)
    if request["type"] == "hello":
        out = json.dumps({"id": request["id"], "ok": True, "name": "echo", "version": "0",
                          "language": "python", "protocol": "1.0", "rulesets": [],
                          "readings": {}, "queries": []}).encode()
    else:
        out = line.replace(b"ID", str(request["id"]).encode())
    sys.stdout.buffer.write(out + b"\n")
    sys.stdout.buffer.flush()
"""

APPLY = {"type": "apply", "game": "g", "seat": 0, "action": {"type": "draw"}}
GOOD = b'{"id":ID,"ok":true,"ruling":"accepted","events":[]}'


def _reply(line: bytes) -> dict[str, object] | ProtocolViolation:
    driver = SubprocessDriver([sys.executable, "-c", _ECHO, line.decode("latin-1")],
                              timeout=10.0, hello_timeout=20.0)
    driver.start()
    try:
        return driver.send(APPLY).result()
    except ProtocolViolation as e:
        return e
    finally:
        driver.close()


@pytest.mark.parametrize("line", [
    GOOD,
    GOOD + b"\r",  # a CRLF line end: the value fills the line but for whitespace
    GOOD + b"  \t",
    b'{"id":ID,"ok":true,"ruling":"accepted","events":[],"note":"caf\xc3\xa9"}',
])
def test_a_good_line_gives_the_value_parse_line_gives(line: bytes) -> None:
    got = _reply(line)
    assert got == parse_line(line.replace(b"ID", b"1"))


@pytest.mark.parametrize("line", [
    b" " + GOOD,  # no value at the line's start: json skips the blank
    GOOD + b" x",  # extra data after the value
    b'{"id":ID,"ok":true,"ruling":"accepted","events":[}',
    b'{"id":ID,"ok":true,"note":"\xff"}',  # not UTF-8
    b"",
])
def test_a_line_parse_line_refuses_or_repairs_gets_the_same_verdict(line: bytes) -> None:
    got = _reply(line)
    text = line.replace(b"ID", b"1")
    try:
        expected = parse_line(text)
    except ValueError as e:
        assert isinstance(got, ProtocolViolation)
        assert f"reply to request 1 (apply): not JSON ({e})" in str(got)
    else:
        assert got == expected


@pytest.mark.parametrize("rid", [b"true", b"1.0", b'"1"', b"null"])
def test_an_id_of_another_type_is_a_wrong_id(rid: bytes) -> None:
    got = _reply(GOOD.replace(b"ID", rid))
    assert isinstance(got, ProtocolViolation)
    assert f"id {json.loads(rid)!r} (replies come in request order" in str(got)
