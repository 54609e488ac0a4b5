"""Every way an implementation can misbehave gets its outcome; the run always finishes.

Each fake under fakes/ misbehaves at its 3rd new_game (so at scenarios 3 and 6 of 8: the
harness restarts it after each incident, and the restarted process counts games anew). The
JSONL report is complete, valid against spec/schemas/report.schema.json, and has one line per
scenario.
"""

from __future__ import annotations

import shlex
import time
import tracemalloc
from pathlib import Path

import pytest

from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import ImplCrashed
from conformance.outcomes import Outcome
from conformance.reports.jsonl import JsonlWriter, make_header, read_report
from conformance.runner import Runner, RunOptions, replay_command
from tests.harness.helpers import check_report_file, fake, scenarios

P, C, T, V = Outcome.PASS, Outcome.CRASH, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR


def run_fake(tmp_path: Path, argv: list[str], n: int = 8, *, timeout: float = 2.0,
             strict: bool = False, max_restarts: int = 5, crash_exit_wait: float | None = None):
    driver = SubprocessDriver(argv, timeout=timeout, hello_timeout=5.0, strict=strict)
    if crash_exit_wait is not None:
        driver.crash_exit_wait = crash_exit_wait
    command = shlex.join(argv)
    todo = scenarios(n)
    path = tmp_path / "report.jsonl"
    writer: dict[str, JsonlWriter] = {}

    def on_start(hello, error):
        writer["w"] = JsonlWriter(path, make_header(
            implementation=hello, command=command, rulesets=["co-ban"], seed=0,
            planned=n, start_error=error))

    runner = Runner(driver, RunOptions(max_restarts=max_restarts,
                                       replay=replay_command(command)),
                    on_result=lambda r: writer["w"].write(r), on_start=on_start)
    run = runner.run(todo)
    writer["w"].finish(complete=True)
    check_report_file(path, n)
    assert driver.pid is None  # the process is gone
    return run, [r.outcome for r in run.results]


def test_well_behaved(tmp_path: Path) -> None:
    run, outcomes = run_fake(tmp_path, fake("well_behaved"))
    assert outcomes == [P] * 8
    assert run.restarts == 0
    assert run.hello is not None and run.hello["name"] == "fake"


def test_crash_at_start(tmp_path: Path) -> None:
    run, outcomes = run_fake(tmp_path, fake("crash_at_start"))
    assert outcomes == [Outcome.ERROR] * 8
    assert run.start_error is not None and "exited with status 3" in run.start_error
    first = run.results[0]
    assert "did not start" in first.message
    assert "cannot open the rules database" in first.stderr_tail
    assert first.replay is not None and "-k fake-01" in first.replay


def test_crash_mid_game(tmp_path: Path) -> None:
    run, outcomes = run_fake(tmp_path, fake("crash_mid_game"))
    assert outcomes == [P, P, C, P, P, C, P, P]
    assert run.restarts == 2
    crash = run.results[2]
    assert "exited with status 1" in crash.message
    assert "KeyError: 'stock'" in crash.stderr_tail
    assert crash.transcript  # the traffic of the failing scenario is kept
    assert crash.transcript[0]["request"]["type"] == "new_game"


def test_hang(tmp_path: Path) -> None:
    started = time.monotonic()
    run, outcomes = run_fake(tmp_path, fake("hang"), timeout=0.5)
    assert outcomes == [P, P, T, P, P, T, P, P]
    assert "no reply to request" in run.results[2].message
    assert time.monotonic() - started < 15  # a hung process is killed, not waited for


def test_too_slow(tmp_path: Path) -> None:
    run, outcomes = run_fake(tmp_path, fake("slow", 3, 2.0), timeout=0.4)
    assert outcomes == [P, P, T, P, P, T, P, P]
    assert "within 0.4 s" in run.results[2].message


@pytest.mark.parametrize("name", ["non_json", "wrong_id", "missing_member"])
def test_protocol_violations(tmp_path: Path, name: str) -> None:
    run, outcomes = run_fake(tmp_path, fake(name))
    assert outcomes == [P, P, V, P, P, V, P, P]
    message = run.results[2].message
    expected = {"non_json": "not JSON", "wrong_id": "id 1009",
                "missing_member": "no 'events' in the new_game reply"}[name]
    assert expected in message
    assert "b'" in message  # the offending bytes are quoted


def test_schema_invalid_reply_only_strict(tmp_path: Path) -> None:
    _, lenient = run_fake(tmp_path, fake("schema_invalid"), n=3)
    assert lenient == [P, P, P]
    run, strict = run_fake(tmp_path, fake("schema_invalid"), n=3, strict=True)
    assert strict == [V, V, V]
    assert "apply.reply schema" in run.results[0].message
    assert "'1Z'" in run.results[0].message or "colour" in run.results[0].message


def test_fifty_megabyte_line(tmp_path: Path) -> None:
    tracemalloc.start()
    try:
        run, outcomes = run_fake(tmp_path, fake("huge_line"), n=4, timeout=10.0)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert outcomes == [P, P, V, P]
    message = run.results[2].message
    assert "above the 1048576-byte limit" in message
    assert "xxxx" in message and len(message) < 600  # quoted, cut to about 200 bytes
    assert peak < 16 * 1024 * 1024  # the line was never held whole


def test_stderr_flood(tmp_path: Path) -> None:
    driver = SubprocessDriver(fake("stderr_flood"), timeout=5.0)
    driver.start()
    for i in range(50):
        driver.call({"type": "new_game", "game": f"g{i}", "ruleset": "co-ban", "players": 2,
                     "first": 0, "deal": {"deck": []}})
    tail = driver.stderr_tail()
    driver.close()
    assert len(tail.encode()) <= 64 * 1024 + 200
    assert len(tail.splitlines()) <= 201
    assert tail.startswith("[stderr: ")  # says that it is a tail
    _, outcomes = run_fake(tmp_path, fake("stderr_flood"))
    assert outcomes == [P] * 8


def test_close_stdout(tmp_path: Path) -> None:
    # the fake lives on after closing its stdout: what the driver sees after any wait
    run, outcomes = run_fake(tmp_path, fake("close_stdout"), crash_exit_wait=0.1)
    assert outcomes == [P, P, C, P, P, C, P, P]
    assert "closed its stdout" in run.results[2].message


def test_exit_early(tmp_path: Path) -> None:
    run, outcomes = run_fake(tmp_path, fake("exit_early"))
    assert outcomes == [P, P, C, P, P, C, P, P]
    assert "exited with status 0" in run.results[2].message


def test_restart_limit(tmp_path: Path) -> None:
    # crashes at every game: 1 crash, 2 restarts that crash again, then the rest are errors
    run, outcomes = run_fake(tmp_path, fake("crash_mid_game", 1), n=6, max_restarts=2)
    assert outcomes == [C, C, C, Outcome.ERROR, Outcome.ERROR, Outcome.ERROR]
    assert "restarted 2 times" in run.results[3].message
    assert run.restarts == 2


def test_report_readable_after_fakes(tmp_path: Path) -> None:
    run_fake(tmp_path, fake("crash_mid_game"))
    report = read_report(tmp_path / "report.jsonl")
    assert report.complete
    assert report.totals["crash"] == 2 and report.totals["pass"] == 6


def test_a_session_stopped_while_a_reply_is_owed_is_killed_at_once() -> None:
    """Closed as an interruption goes up (SIGTERM, Ctrl-C) while a reply is owed, the session
    is not said bye to (the reply would come first, after the fake's 30 s): it is killed."""
    driver = SubprocessDriver(fake("slow", 1, 30), timeout=60.0)
    driver.start()
    owed = driver.send({"type": "new_game", "game": "g", "ruleset": "co-ban", "players": 2,
                        "first": 0, "deal": {"deck": []}})
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt:
        driver.close()
    assert driver.killed and driver.exit_status == -9
    with pytest.raises(ImplCrashed, match="closed before this reply came"):
        owed.result()
