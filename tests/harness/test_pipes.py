"""The subprocess driver's pipes: no thread reads stdout, yet a long burst of requests never
deadlocks against a child whose replies fill its stdout while the harness still writes; the
requests written together are the bytes of each one encoded alone."""

from __future__ import annotations

import json
import threading

import pytest

from conformance.drivers.pipes import encode_requests
from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import HarnessError
from tests.harness.helpers import fake
from tests.harness.test_doc_examples import ALL

APPLY = {"type": "apply", "game": "g", "seat": 0, "action": {"type": "draw"}}


def test_a_burst_larger_than_both_pipes_is_written_and_answered() -> None:
    driver = SubprocessDriver(fake("well_behaved"), timeout=10.0, hello_timeout=10.0)
    threads = threading.active_count()
    driver.start()
    try:
        # 3 MB of requests and of replies, more than a pipe holds either way: the driver
        # reads replies while it waits to write, so the child never blocks on its stdout
        pending = [driver.send(APPLY) for _ in range(40_000)]
        replies = [p.result() for p in pending]
        assert [r["id"] for r in replies] == [p.request["id"] for p in pending]
        assert all(r["ruling"] == "accepted" for r in replies)
        assert threading.active_count() == threads + 1  # stderr's tail only
    finally:
        driver.close()
    assert driver.exit_status == 0 and not driver.killed


#: Requests as the driver makes them (``id`` first): the documents' messages, and the ones
#: that could fool a split of the list's text: the meeting text inside strings (escaped or
#: not) and as a nested list of objects led by an ``id``; no member but the id; non-ASCII,
#: floats json writes its own way, a long integer.
_TRICKY: list[dict[str, object]] = [
    {"x": '},{"id":'}, {"x": '\\"},{"id":\\'}, {"x": [{"id": 1}, {"id": 2}]},
    {"x": {"y": [{"id": 1, "z": [{"id": 2}]}, {"id": 3}]}}, {}, {"x": "phỏm ù 🂡"},
    {"x": [float("nan"), float("inf"), -0.0, 1e16, 1e-05]}, {"x": 10 ** 40, "y": None},
    {"id": "x", "type": "apply"}, {"x": [], "y": {}, "z": [[], {}]},
]


def _requests() -> list[dict[str, object]]:
    messages = [m for m in (x.message for x in ALL) if isinstance(m, dict)] + _TRICKY
    return [{"id": i, **m} for i, m in enumerate(messages)]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 50, 2_000])
def test_requests_encoded_together_are_each_one_encoded_alone(size: int) -> None:
    corpus = _requests()
    requests = [corpus[i % len(corpus)] | {"id": i} for i in range(size)]
    for chunk in (requests, requests[::-1], [r for r in requests if "x" in r]):
        alone = b"".join(json.dumps(r, separators=(",", ":")).encode() + b"\n" for r in chunk)
        assert encode_requests(chunk) == alone


def test_a_request_json_cannot_hold_is_refused_and_the_others_go() -> None:
    driver = SubprocessDriver(fake("well_behaved"), timeout=10.0, hello_timeout=10.0)
    driver.start()
    try:
        before = driver.send(APPLY)
        bad = driver.send({**APPLY, "action": {"type": "draw", "cards": {"5c"}}})
        after = driver.send(APPLY)
        assert before.result()["ruling"] == "accepted"
        with pytest.raises(HarnessError, match=r"request 2 \(apply\) cannot be written as JSON"
                                               r": Object of type set is not JSON serializable"):
            bad.result()
        assert after.result()["id"] == 3
    finally:
        driver.close()
    assert driver.exit_status == 0 and not driver.killed
