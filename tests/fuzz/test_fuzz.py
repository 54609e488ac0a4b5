"""The differential fuzzer: reproducible, sharded, silent on the reference against itself."""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Iterable
from pathlib import Path

import pytest
from click.testing import CliRunner

from conformance.cli import cli
from conformance.drivers.inprocess import InProcessDriver
from conformance.fuzz.event_coverage import count_events, events_of_ruleset
from conformance.fuzz.generate import play
from conformance.fuzz.lockstep import replay
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import FuzzConfig, run_games
from conformance.fuzz.seeds import Shard, ShardError, game_seed, parse_shard


def test_same_seed_same_games() -> None:
    for i in range(20):
        a = play(make_plan(i, game_seed(5, i)))
        b = play(make_plan(i, game_seed(5, i)))
        assert a == b
    assert play(make_plan(3, game_seed(5, 3))) != play(make_plan(3, game_seed(6, 3)))


def test_shards_are_disjoint_and_cover_the_run() -> None:
    games = 103
    parts = [set(parse_shard(f"{i}/4").games(games)) for i in range(1, 5)]
    for a in range(4):
        for b in range(a + 1, 4):
            assert not parts[a] & parts[b]
    assert set().union(*parts) == set(range(games))
    assert Shard(2, 3).games(7) == range(1, 7, 3)


@pytest.mark.parametrize("text", ["0/4", "5/4", "1/0", "x", "1-4"])
def test_bad_shards_are_refused(text: str) -> None:
    with pytest.raises(ShardError):
        parse_shard(text)


def test_sharded_runs_play_the_games_of_the_whole_run() -> None:
    whole = {g.index: (g.seed, g.label, g.events) for g in
             run_games(FuzzConfig(games=12, seed=9))}
    halves: dict[int, tuple[int, str, dict[str, int]]] = {}
    for i in (1, 2):
        for g in run_games(FuzzConfig(games=12, seed=9, shard=Shard(i, 2))):
            assert g.index not in halves
            halves[g.index] = (g.seed, g.label, g.events)
    assert halves == whole


def test_harness_guard_the_reference_replayed_on_itself_never_diverges() -> None:
    """A guard of the fuzz harness, not a test of the rules: the reference checked against
    itself can only diverge through a fault of the plan, the replay or the comparison."""
    driver = InProcessDriver()
    driver.start()
    decisions = 0
    for i in range(60):
        out = replay(driver, play(make_plan(i, game_seed(1, i))))
        assert out.divergence is None, out.divergence
        decisions += out.decisions
    assert decisions > 1000


def test_the_reference_over_the_protocol_does_not_diverge() -> None:
    cmd = f"{sys.executable} -m reference_impl.server"
    outcomes = list(run_games(FuzzConfig(impl=cmd, games=30, seed=2)))
    assert [g.outcome for g in outcomes] == ["pass"] * 30
    assert sum(g.decisions for g in outcomes) > 500


def test_parallel_jobs_give_the_same_games() -> None:
    one = [(g.index, g.seed, g.outcome, g.decisions) for g in
           run_games(FuzzConfig(games=16, seed=4))]
    two = [(g.index, g.seed, g.outcome, g.decisions) for g in
           run_games(FuzzConfig(games=16, seed=4, jobs=2))]
    assert one == two


def test_event_counting_from_events_and_result() -> None:
    events = [{"type": "ate", "seat": 1, "card": "5H", "from": 0, "with": [], "chot": True},
              {"type": "moved", "card": "2S", "from": 2, "to": 0},
              {"type": "turn", "seat": 0, "final_round": True, "tai": True},
              {"type": "u", "seat": 1, "kind": "three_eats",
               "den": {"seat": 0, "case": "three_eats"}}]
    result = {"ending": "u", "ranking": [], "payments": []}
    c = count_events(events, result)
    assert (c["eat"], c["chot_eat"], c["chuyen_bai"], c["tai"]) == (1, 1, 1, 1)
    assert c["u.three_eats"] == 1 and c["u_den.three_eats"] == 1
    tie = {"ending": "points", "payments": [],
           "ranking": [{"seat": 0, "points": 7, "mom": False, "rank": "nhat"},
                       {"seat": 1, "points": 7, "mom": False, "rank": "nhi"},
                       {"seat": 2, "points": 30, "mom": True, "rank": "mom"}]}
    c = count_events([], tie)
    assert c["tie"] == 1 and c["mom"] == 1 and c["all_mom"] == 0


def test_ruleset_events() -> None:
    assert "them_vong" in events_of_ruleset("hoi-quan-bai")
    assert "them_vong" not in events_of_ruleset("co-ban")
    assert "u.khan" in events_of_ruleset("hoi-quan-bai")
    assert {"u.tron", "u_k", "dong_hoa", "ca_k", "u_thong"} <= set(events_of_ruleset("u9la"))
    assert "send" not in events_of_ruleset("ki-gui", {"ki_gui": False})


#: For each ruleset, games of seed 0 (indexes under 1000) that between them reach every event
#: of the ruleset: the first game to reach each event, found by playing the thousand games
#: (`seen_in` below does it when these go stale, and says what to write here).
WITNESSES = {
    "co-ban": (0, 1, 2, 3, 4, 5, 8, 10, 17, 43, 74),
    "hoi-quan-bai": (0, 1, 2, 4, 5, 7, 8, 10, 15, 25, 74),
    "ki-gui": (0, 1, 2, 6, 8, 9, 14, 15, 78, 110),
    "u9la": (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 17, 27, 48, 60, 74),
}


def seen_in(ruleset: str, games: Iterable[int]) -> set[str]:
    """The events the fuzzer's games of seed 0 with these indexes reach."""
    seen: set[str] = set()
    for i in games:
        script = play(make_plan(i, game_seed(0, i), ruleset))
        seen |= set(count_events(script.events(), script.result))
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["co-ban", "hoi-quan-bai", "ki-gui", "u9la"])
def test_a_thousand_games_reach_every_event(ruleset: str) -> None:
    # The first thousand games reach every event when some of them do: the witnesses first,
    # all thousand only when the witnesses no longer suffice (the generator changed).
    witnesses = WITNESSES[ruleset]
    assert all(0 <= i < 1000 for i in witnesses)
    wanted = events_of_ruleset(ruleset)
    seen = seen_in(ruleset, witnesses)
    if all(e in seen for e in wanted):
        return
    first: dict[str, int] = {}
    for i in range(1000):
        for e in seen_in(ruleset, [i]):
            first.setdefault(e, i)
    missing = [e for e in wanted if e not in first]
    assert not missing, f"{ruleset}: never reached {missing}"
    warnings.warn(f"tests/fuzz/test_fuzz.py: WITNESSES[{ruleset!r}] is stale; write"
                  f" {tuple(sorted({first[e] for e in wanted}))}", stacklevel=1)


def test_cli_fuzz_report_and_merge(tmp_path: Path) -> None:
    runner = CliRunner()
    reports = []
    for i in (1, 2):
        report = tmp_path / f"s{i}.jsonl"
        result = runner.invoke(cli, ["fuzz", "--games", "10", "--seed", "3", "--shard", f"{i}/2",
                                     "--report", str(report), "-q"])
        assert result.exit_code == 0, result.output
        assert "games/s" in result.output and "Rule events" in result.output
        reports.append(report)
    lines = [json.loads(x) for x in reports[0].read_text().splitlines()]
    assert lines[0]["kind"] == "header" and lines[-1]["kind"] == "footer"
    assert [x["id"] for x in lines[1:-1]] == [f"fuzz:3:{i}" for i in (0, 2, 4, 6, 8)]
    assert lines[-1]["fuzz"]["games"] == 5
    from conformance.reports.jsonl import merge_reports, read_report

    merged = merge_reports([read_report(r) for r in reports])
    assert sorted(r.id for r in merged.results) == sorted(f"fuzz:3:{i}" for i in range(10))
    assert merged.complete


def test_cli_fuzz_finds_a_mutant_and_prints_the_replay_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["fuzz", "--impl", "mutant:eat-with-ca", "--games", "3",
                                      "--out", str(tmp_path), "-q"])
    assert result.exit_code == 1
    assert "phom-conformance fuzz --impl mutant:eat-with-ca --seed 0 --game 0" in result.output
    assert "TURN.EAT.MAKES-PHOM" in result.output
    assert (tmp_path / "fuzz-0-0-turn-eat-makes-phom.yaml").exists()


def test_cli_fuzz_usage_errors() -> None:
    result = CliRunner().invoke(cli, ["fuzz", "--shard", "3/2"])
    assert result.exit_code != 0 and "shard" in result.output
    result = CliRunner().invoke(cli, ["fuzz", "--ruleset", "nope"])
    assert result.exit_code != 0 and "unknown" in result.output


def test_a_crash_is_reported_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    root = Path(__file__).resolve().parents[2]
    monkeypatch.setenv("PYTHONPATH", str(root))
    fake = Path(__file__).with_name("crashing_impl.py")
    cmd = f"{sys.executable} {fake} 100"  # dies on its 100th apply
    outcomes = list(run_games(FuzzConfig(impl=cmd, games=8, seed=0, shrink=False)))
    kinds = [g.outcome for g in outcomes]
    assert kinds.count("crash") == 1 and kinds.count("pass") == 7
    crash = next(g for g in outcomes if g.outcome == "crash")
    assert "exited with status 3" in crash.message and "fake crash" in crash.stderr_tail
    assert crash.replay.endswith(f"--game {crash.index}")
