"""``run --jobs N``: the same results, in the same order, as one session (restarts, their
budget, --max-fail, request ids in transcripts and messages)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from conformance.drivers.handover import RUNNING, reap_as_they_end
from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import ImplCrashed, ImplTimeout
from conformance.outcomes import Outcome
from conformance.parallel import ParallelRunner, renumber, start_ahead
from conformance.protocol import DonePending, Pending
from conformance.reports.jsonl import read_report
from conformance.runner import Runner, RunOptions
from tests.harness.helpers import FAKES, ScriptedDriver, fake, ok_replies, scenarios


class SessionDriver(ScriptedDriver):
    """A scripted driver that numbers its requests from each start, as the real ones do;
    ``replies`` may raise to break the session."""

    def start(self) -> dict[str, Any]:
        self.next_id = 1  # hello took 0
        return super().start()

    def send(self, message: dict[str, Any]) -> Pending:
        request = {"id": self.next_id, **message}
        self.next_id += 1
        try:
            reply = self.replies(request)
        except Exception as e:
            return DonePending(request, {}, e)
        return DonePending(request, {"id": request["id"], **reply})


def breaking(games: dict[str, Exception]) -> Any:
    def replies(request: dict[str, Any]) -> dict[str, Any]:
        if request["type"] == "apply" and request["game"] in games:
            raise games[request["game"]]
        return ok_replies(request)
    return replies


def both(todo_n: int, games: dict[str, Exception], jobs: int = 2,
         **options: Any) -> tuple[Any, Any]:
    """The run with one session and with ``jobs`` workers, as comparable records."""
    runs = []
    for runner_of in (lambda d, o: Runner(d, o),
                      lambda d, o: ParallelRunner(d, o, jobs=jobs)):
        opts = RunOptions(transcripts="all", **options)
        run = runner_of(SessionDriver(breaking(games)), opts).run(scenarios(todo_n))
        records = [{k: v for k, v in asdict(r).items() if k != "duration"}
                   for r in run.results]
        runs.append((records, run.restarts, run.start_error))
    return runs[0], runs[1]


def test_a_clean_run_is_the_same_with_two_workers() -> None:
    one, two = both(12, {})
    assert one == two
    ids = [entry["request"]["id"] for r in two[0] for entry in r["transcript"]]
    assert ids == list(range(1, 1 + 12 * 4))  # one session's numbering: hello was 0


def test_restarts_and_their_messages_are_the_single_session_ones() -> None:
    games = {"fake-03": ImplCrashed("gone"), "fake-07": ImplTimeout("no reply"),
             "fake-08": ImplCrashed("gone again")}
    one, two = both(12, games, jobs=3)
    assert one == two
    assert one[1] == 3
    outcomes = [r["outcome"] for r in two[0]]
    assert outcomes[2] is Outcome.CRASH and outcomes[6] is Outcome.TIMEOUT


def test_the_restart_budget_cuts_at_the_same_scenario() -> None:
    games = {f"fake-{i:02d}": ImplCrashed("gone") for i in (2, 4, 5, 9)}
    one, two = both(14, games, max_restarts=2)
    assert one == two
    assert "restarted 2 times" in two[0][5]["message"]
    assert all(r["outcome"] is Outcome.ERROR for r in two[0][5:])


def test_max_fail_cuts_at_the_same_scenario() -> None:
    games = {f"fake-{i:02d}": ImplCrashed("gone") for i in (3, 6)}
    one, two = both(12, games, max_fail=2)
    assert one == two
    assert [r["outcome"] for r in two[0][6:]] == [Outcome.SKIPPED] * 6


def test_no_worker_starts() -> None:
    runs = []
    for runner in (Runner, ParallelRunner):
        driver = SessionDriver(ok_replies, start_error=ImplCrashed("no such program", "tail"))
        run = runner(driver).run(scenarios(3))
        runs.append(([(r.outcome, r.message, r.stderr_tail) for r in run.results],
                     run.start_error))
    assert runs[0] == runs[1]
    assert runs[1][1] == "ImplCrashed: no such program"


@pytest.mark.parametrize("jobs", [1, 2])
def test_one_scenario_or_one_job_runs_here(jobs: int) -> None:
    runner = ParallelRunner(SessionDriver(ok_replies), jobs=jobs)
    run = runner.run(scenarios(3 - jobs))
    assert [r.outcome for r in run.results] == [Outcome.PASS] * (3 - jobs)


@pytest.mark.parametrize("name", ["crash_mid_game", "exit_early", "crash_at_start", "hang"])
def test_processes_started_ahead_end_as_in_one_session(name: str) -> None:
    # Each process misbehaves at its first game: every session, the first one of each worker
    # (started ahead by the parent, driven by the worker) included, ends the same way.
    def run(jobs: int) -> tuple[Any, ...]:
        # the hanging process answers nothing but hello (hello_timeout): a short timeout
        # times out the same replies; the others keep room for a slow machine's replies
        timeout = 0.1 if name == "hang" else 1.0
        driver = SubprocessDriver(fake(name, 1), timeout=timeout, hello_timeout=10.0)
        options = RunOptions(transcripts="all", max_restarts=3)
        ahead = start_ahead(driver, jobs)
        pids = [a.pid for a in ahead]
        assert len(pids) == (2 if jobs == 2 else 0) and None not in pids
        for started in ahead:  # as the suite loads: each has answered hello, or has ended
            settled(started)
        runner = (ParallelRunner(driver, options, jobs=2, ahead=ahead) if jobs == 2
                  else Runner(driver, options))
        run = runner.run(scenarios(6))
        assert not any(map(alive, pids))  # reaped by the parent
        return ([(r.outcome, r.message, r.stderr_tail, r.transcript) for r in run.results],
                run.restarts, run.start_error)

    one, two = run(1), run(2)
    assert one == two
    if name == "crash_mid_game":
        assert "exited with status 1" in one[0][0][1]


def test_processes_started_ahead_are_closed_when_fewer_workers_run() -> None:
    driver = SubprocessDriver(fake("well_behaved"), hello_timeout=10.0)
    ahead = start_ahead(driver, 2)
    pids = [a.pid for a in ahead]
    run = ParallelRunner(driver, jobs=2, ahead=ahead).run(scenarios(1))
    assert [r.outcome for r in run.results] == [Outcome.PASS]
    assert not any(map(alive, pids))


def test_processes_handed_over_are_reaped_as_they_end() -> None:
    # the starter's thread reaps them, woken by their exits: nobody calls publish_exits
    procs = [subprocess.Popen(["sh", "-c", f"exit {status}"]) for status in (3, 5)]
    exits = [RUNNING] * 3
    reap_as_they_end([procs[0], None, procs[1]], exits)  # None: a worker's own process
    deadline = time.monotonic() + 30
    while RUNNING in (exits[0], exits[2]) and time.monotonic() < deadline:
        time.sleep(0.001)
    assert exits == [3, RUNNING, 5]
    assert [p.returncode for p in procs] == [3, 5]


def settled(driver: SubprocessDriver) -> None:
    """Wait until the process of ``driver`` has written to its stdout or closed it (its
    hello reply, or its end), as it would have while a run loads the suite."""
    stdout = driver._proc.stdout if driver._proc is not None else None
    assert stdout is not None
    assert select.select([stdout], [], [], 10.0)[0], "no hello and no end within 10 s"


def alive(pid: int | None) -> bool:
    """Whether process ``pid`` is still there (running, or a zombie nobody reaped)."""
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_renumber_moves_the_ids_of_the_scenario_only() -> None:
    one, _ = both(1, {"fake-01": ImplTimeout("no reply to request 2 (apply) within 5 s")})
    from conformance.outcomes import ScenarioResult

    record = dict(one[0][0])
    result = ScenarioResult(**record)
    moved = renumber(result, 1, 4, 100)
    assert [e["request"]["id"] for e in moved.transcript] == [101, 102, 103, 104]
    assert [e.get("reply", {}).get("id") for e in moved.transcript][:1] == [101]
    assert "request 102 (apply)" in moved.message
    assert renumber(result, 1, 4, 0) is result


def test_sigterm_stops_the_workers_and_keeps_the_finished_lines(tmp_path: Path) -> None:
    report = tmp_path / "term.jsonl"
    waiting = tmp_path / "waiting"  # the slow fake notes its wait there
    waiting.mkdir()
    impl = " ".join(fake("slow", 2, 30))  # each process's 2nd game waits 30 s
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, str(FAKES / "cli_with_fake_scenarios.py"), "6", "run", "--impl", impl,
         "--timeout", "60", "--report", str(report), "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "FAKE_WAITING": str(waiting)})
    deadline = started + 30
    while time.monotonic() < deadline:  # a result is in, and both workers wait for a reply
        if report.exists() and len(report.read_text().splitlines()) >= 2 and \
                len(list(waiting.iterdir())) == 2:
            break
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2, err
    assert time.monotonic() - started < 25  # the workers did not wait for the slow replies
    result = read_report(report)
    ids = [r.id for r in result.results]
    assert ids and ids == [f"fake-{i + 1:02d}" for i in range(len(ids))]
    assert result.footer is not None and result.footer["reason"] == "interrupted (SIGTERM)"
    assert result.footer["not_run"] == 6 - len(ids)


def test_a_result_still_on_its_way_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # The parent looks at its workers very often: a worker that has moved on to its next
    # scenario may not have sent the last result yet, and that result is not lost.
    import conformance.parallel as parallel

    monkeypatch.setattr(parallel, "_POLL", 0.0005)
    one, two = both(60, {})
    assert one == two
    assert all(r["outcome"] is Outcome.PASS for r in two[0])


def test_fork_map_gives_the_results_in_order_from_its_workers() -> None:
    from conformance.forks import fork_map

    seen = os.getpid()
    items = list(range(12))
    # a closure (not picklable): the workers inherit it
    got = list(fork_map(lambda i: (i * i, os.getpid() != seen), items, jobs=2))
    assert [g[0] for g in got] == [i * i for i in items]
    assert all(g[1] for g in got)  # computed in the workers
    assert list(fork_map(lambda i: (i * i, os.getpid() == seen), items, jobs=1)) == [
        (i * i, True) for i in items]


def test_the_cli_imports_only_the_command_it_runs() -> None:
    probe = ("import sys, conformance.cli as c; loaded = lambda: sorted(m for m in sys.modules"
             " if m.startswith('conformance.commands.') and m != 'conformance.commands.options');"
             " print(loaded()); c.cli.commands['steps']; print(loaded())")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["[]", "['conformance.commands.steps']"]
