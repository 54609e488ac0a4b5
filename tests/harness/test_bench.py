"""``bench``'s harness-vs-null loop: every request sent once, its reply read, never more than
``--batch`` requests in flight, and the implementation never left without one while a reply
is awaited (the pipelining the figure is meant to measure)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.commands.bench import APPLY, driver_rate
from conformance.protocol import Driver, Pending


class _Counting(Driver):
    """Replies at once; keeps how many requests were in flight at each reply read."""

    def __init__(self) -> None:
        self.hello = {}
        self.sent = 0
        self.read = 0
        self.in_flight: list[int] = []

    def start(self) -> dict[str, Any]:
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        assert message == APPLY
        self.sent += 1
        return _Reply(self)

    def close(self) -> None:
        pass

    def stderr_tail(self) -> str:
        return ""


class _Reply(Pending):
    def __init__(self, driver: _Counting):
        self.driver = driver

    def result(self) -> dict[str, Any]:
        d = self.driver
        d.in_flight.append(d.sent - d.read)
        d.read += 1
        return {"ok": True}


@pytest.mark.parametrize(("messages", "batch"), [(1000, 100), (250, 100), (50, 100), (7, 1)])
def test_every_request_is_read_and_batch_requests_stay_in_flight(messages: int,
                                                                  batch: int) -> None:
    driver = _Counting()
    assert driver_rate(driver, messages, batch) > 0
    assert driver.sent == driver.read == messages
    depth = min(batch, messages)
    # full depth until the last requests are sent, then the window drains
    assert driver.in_flight[: messages - depth + 1] == [depth] * (messages - depth + 1)
    assert driver.in_flight[messages - depth:] == list(range(depth, 0, -1))
