"""The subprocess driver's pipes: no thread reads stdout, yet a long burst of requests never
deadlocks against a child whose replies fill its stdout while the harness still writes."""

from __future__ import annotations

import threading

from conformance.drivers.subprocess import SubprocessDriver
from tests.harness.helpers import fake

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
