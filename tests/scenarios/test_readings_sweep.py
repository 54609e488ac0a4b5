"""``phom-conformance readings``: a scenario that depends on a reading without its
``@reading:`` tag is caught; with the tag, a declaring implementation skips it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import conformance.suite.discover as discover_module
from conformance.cli import main
from conformance.commands.readings import Alternative, alternatives, reference, sweep
from conformance.outcomes import Outcome
from conformance.suite.discover import load_scenarios
from conformance.suite.support import held_readings
from phomspec.paths import features_dir
from tests.shared import kit_spec

FEATURES = features_dir()

# After seat 1 eats 9C with 7C 8C, discarding 9C is refused only under reading `required` of
# AMB.EATEN-IN-PHOM (TURN.EAT.KEEP-IN-PHOM); under `free` an eaten card is an ordinary card.
SCENARIO = """\
Feature: readings sweep

  @id:sweep-eaten-card-kept @ruleset:co-ban @clause:TURN.EAT.KEEP-IN-PHOM @negative {tag}
  Scenario: The eaten 9C may not be discarded
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 eats 9C with 7C 8C
    And seat 1 discards 9C
    Then the action is rejected with DISCARD_EATEN_CARD under clause TURN.EAT.KEEP-IN-PHOM
"""
FREE = Alternative("AMB.EATEN-IN-PHOM", "free", {"co-ban": "required"})


def _scenarios(tmp_path: Path, tag: str = "") -> list:
    path = tmp_path / "sweep.feature"
    path.write_text(SCENARIO.format(tag=tag), encoding="utf-8")
    return load_scenarios([path])


def test_alternatives_are_the_readings_with_parameters_a_ruleset_does_not_take() -> None:
    alts = {a.label: a for a in alternatives(kit_spec().ambiguities, ["co-ban", "ki-gui"])}
    assert alts["AMB.EATEN-IN-PHOM=free"].rulesets == {"co-ban": "required", "ki-gui": "required"}
    assert alts["AMB.CHOT-PRICE=three"].rulesets == {"co-ban": "one"}  # ki-gui takes three
    assert "AMB.EATEN-IN-PHOM=required" not in alts
    assert "AMB.U-RANKING=unranked" not in alts  # no parameters
    assert alts["AMB.U-POINTS=zero"].rulesets == {"co-ban": "leftover", "ki-gui": "leftover"}
    only = alternatives(kit_spec().ambiguities, ["co-ban"], ["AMB.CHOT-PRICE=four"])
    assert [a.label for a in only] == ["AMB.CHOT-PRICE=four"]


def test_a_scenario_without_its_tag_is_caught(tmp_path: Path) -> None:
    (row,) = sweep(_scenarios(tmp_path), [FREE])
    assert row.tagged == 0 and row.run == 1
    (finding,) = row.findings
    assert finding.before is Outcome.PASS and finding.result.outcome is Outcome.FAIL
    assert finding.tag == "@reading:AMB.EATEN-IN-PHOM=required"
    assert "sweep.feature:4: scenario sweep-eaten-card-kept changes" in finding.describe()
    assert "add @reading:AMB.EATEN-IN-PHOM=required" in finding.describe()


def test_with_its_tag_the_scenario_is_skipped_and_not_run(tmp_path: Path) -> None:
    scenarios = _scenarios(tmp_path, "@reading:AMB.EATEN-IN-PHOM=required")
    (row,) = sweep(scenarios, [FREE])
    assert (row.tagged, row.run, row.findings) == (1, 0, [])
    # what a declaring implementation gets: the scenario skipped, with the reason
    from conformance.runner import Runner

    (result,) = Runner(reference({"AMB.EATEN-IN-PHOM": "free"})).run(scenarios).results
    assert result.outcome is Outcome.SKIPPED and "AMB.EATEN-IN-PHOM=required" in result.message


def test_a_reading_that_changes_no_reply_runs_nothing(tmp_path: Path) -> None:
    # the scenario starts a co-ban game, but its replies do not depend on the leave penalty
    leave = Alternative("AMB.LEAVE-PENALTY", "nothing", {"co-ban": "four"})
    (row,) = sweep(_scenarios(tmp_path), [leave])
    assert (row.run, row.findings) == (0, [])


def test_several_readings_of_one_ambiguity_hold_each_ruleset_to_its_own(tmp_path: Path) -> None:
    text = SCENARIO.replace("@ruleset:co-ban", "@ruleset:co-ban @ruleset:ki-gui").format(
        tag="@reading:AMB.CHOT-PRICE=one @reading:AMB.CHOT-PRICE=three")
    path = tmp_path / "two.feature"
    path.write_text(text, encoding="utf-8")
    held = {s.ruleset: held_readings(s) for s in load_scenarios([path])}
    assert held == {"co-ban": {"AMB.CHOT-PRICE": "one"}, "ki-gui": {"AMB.CHOT-PRICE": "three"}}


def test_the_declared_reading_is_in_the_hello_and_in_every_game() -> None:
    driver = reference({"AMB.SMALL-TABLES-004": "four-only"})
    hello = driver.start()
    assert hello["readings"] == {"AMB.SMALL-TABLES-004": "four-only"}
    assert {r["id"]: r["players"] for r in hello["rulesets"]}["co-ban"] == [4]
    reply = driver.call({"type": "new_game", "game": "g", "ruleset": "co-ban", "players": 3,
                         "first": 0, "deal": {"deck": _deck()}})
    assert reply["ok"] is False and reply["error"]["code"] == "unsupported"
    driver.close()


def _deck() -> list[str]:
    from reference_impl.cards import format_card

    return [format_card(c) for c in range(52)]


def _cli(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["phom-conformance", "readings", *args])
    with CliRunner().isolation() as streams:
        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        out = streams[0].getvalue().decode() + (streams[1].getvalue().decode()
                                                if streams[1] is not None else "")
    return code, out


def test_check_fails_naming_the_scenario(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    suite = _scenarios(tmp_path)
    monkeypatch.setattr(discover_module, "load_scenarios", lambda rulesets=None: suite)
    code, out = _cli(monkeypatch, "--ambiguity", "AMB.EATEN-IN-PHOM=free")
    assert code == 0 and "AMB.EATEN-IN-PHOM=free" in out
    assert "1 scenario(s) change under a reading they have no tag for" in out
    code, out = _cli(monkeypatch, "--check", "--ambiguity", "AMB.EATEN-IN-PHOM=free")
    assert code == 1
    assert "sweep-eaten-card-kept changes under AMB.EATEN-IN-PHOM=free" in out
    monkeypatch.setattr(discover_module, "load_scenarios", lambda rulesets=None: _scenarios(
        tmp_path, "@reading:AMB.EATEN-IN-PHOM=required"))
    code, out = _cli(monkeypatch, "--check", "--ambiguity", "AMB.EATEN-IN-PHOM")
    assert code == 0 and "0 scenario(s) change" in out


@pytest.mark.parametrize(("args", "text"), [
    (["--ambiguity", "AMB.NOPE"], "no ambiguity 'AMB.NOPE'"),
    (["--ruleset", "nope"], "no ruleset 'nope'"),
])
def test_bad_arguments_are_usage_errors(monkeypatch: pytest.MonkeyPatch, args: list[str],
                                        text: str) -> None:
    code, out = _cli(monkeypatch, *args)
    assert code == 3 and text in out


def test_the_first_play_records_the_parameters_its_games_read(tmp_path: Path) -> None:
    from conformance.commands.readings import play

    (played,) = play(_scenarios(tmp_path), reference).values()
    # the refused discard of the eaten 9C reads the parameter AMB.EATEN-IN-PHOM sets
    assert played.reads is not None and "eat.keep_in_phom" in played.reads
    # another driver than the in-process reference is not tracked: its scenarios are replayed
    (other,) = play(_scenarios(tmp_path), lambda readings: reference(readings)).values()
    assert other.reads is None


def test_pruning_by_the_parameters_read_gives_the_same_rows() -> None:
    # a guard for the engine: it must read its parameters through the object params_of gives,
    # and answer a game's requests from that game's own (the shared requests played once)
    spec = kit_spec()
    files = [FEATURES / "eat-penalty.feature", FEATURES / "u.feature"]
    scenarios = load_scenarios(files)
    alts = [a for a in alternatives(spec.ambiguities, spec.ids("ruleset"))
            if a.label in ("AMB.EAT-PRICE-000=kings-only", "AMB.U-POINTS=zero",
                           "AMB.EATEN-IN-PHOM=free", "AMB.U-AUTOMATIC=declared",
                           "AMB.SMALL-TABLES-004=four-only")]
    assert len(alts) == 5  # U-AUTOMATIC=declared: another shape (ù claimed), no read pruning

    def rows(prune: bool) -> list[tuple[Any, ...]]:
        return [(r.alternative.label, r.tagged, r.run, [f.result.id for f in r.findings])
                for r in sweep(scenarios, alts, prune=prune)]

    pruned = rows(True)
    assert pruned == rows(False) and any(run for _, _, run, _ in pruned)
    small = next(run for label, _, run, _ in pruned if label.startswith("AMB.SMALL-TABLES"))
    assert small < sum(s.ruleset in alts[-1].rulesets for s in scenarios)  # 4 players kept


def test_a_membership_test_of_a_parameter_is_noted_with_its_answer() -> None:
    from conformance.param_reads import Membership, recording
    from reference_impl.params import load_ruleset, params_of

    read: set[Any] = set()
    p = recording(params_of(load_ruleset("co-ban")), read)
    assert 4 in p.players and 5 not in p.players
    assert read == {Membership(("players", 4, True)), Membership(("players", 5, False))}
    assert Membership(("players", 4, True)).same_in([4]) is True
    assert Membership(("players", 3, True)).same_in([4]) is False
    # any other use of the value is a read of it
    for use in (len, list, sorted, repr, str, hash, lambda v: v[0], lambda v: v == (4,),
                lambda v: f"{v}", lambda v: v.index(4)):
        read.clear()
        use(p.players)
        assert read == {"players"}, use
    read.clear()
    assert p.eat_keep_in_phom in (True, False) and read == {"eat.keep_in_phom"}


def test_shared_requests_are_played_once_with_the_same_verdicts(tmp_path: Path) -> None:
    from conformance.commands.readings import play
    from conformance.reading_replays import same_replies, shape
    from reference_impl.serve_config import ServerConfig
    from reference_impl.server import Server

    scenarios = load_scenarios([FEATURES / "eat-penalty.feature"])[:12]
    shapes = [shape(p.exchanges) for p in play(scenarios, reference).values()]
    assert all(sh is not None for sh in shapes)

    def verdicts(readings: dict[str, str]) -> list[bool]:
        server = Server(config=ServerConfig(readings=readings))
        server.handle({"id": 0, "type": "hello", "protocol": "1.0"})
        return same_replies(server, [sh for sh in shapes if sh is not None])

    assert all(verdicts({}))  # the plain reference answers as it did
    kings = verdicts({"AMB.EAT-PRICE-000": "kings-only"})
    assert not all(kings)
    # one scenario at a time on a fresh server: the same verdicts
    alone = []
    for sh in shapes:
        server = Server(config=ServerConfig(readings={"AMB.EAT-PRICE-000": "kings-only"}))
        server.handle({"id": 0, "type": "hello", "protocol": "1.0"})
        alone.extend(same_replies(server, [sh] if sh is not None else []))
    assert alone == kings
    # a request to a game the scenario did not start: it is replayed whole
    assert shape([[{"type": "state", "game": "g"}, {"ok": True}]]) is None
    assert shape([[{"type": "new_game", "game": "g"}, {"ok": True}]] * 2) is None


def test_a_game_is_replayed_from_its_first_read_of_a_changed_parameter() -> None:
    # a game's requests before the first that reads a parameter the reading changes are not
    # played (it is taken on from the plain reference's copy): the verdicts of the whole
    # replay, with fewer requests played
    from conformance.commands.readings import play
    from conformance.param_reads import GameParams, reads_test
    from conformance.reading_replays import Shape, Tree, shape
    from reference_impl.serve_config import ServerConfig
    from reference_impl.server import Server

    scenarios = load_scenarios([FEATURES / "eat-penalty.feature", FEATURES / "u.feature"])
    shapes: dict[str, Shape] = {}
    for sid, played in play(scenarios, reference).items():
        sh = shape(played.exchanges)
        if sh is not None:
            shapes[sid] = sh
    ids = list(shapes)

    def greeted(readings: dict[str, str], counts: list[str]) -> Server:
        server = Server(config=ServerConfig(readings=readings))
        handle = server.handle

        def counted(message: Any) -> dict[str, Any]:
            counts.append(message.get("type"))
            return handle(message)

        server.handle = counted  # type: ignore[method-assign]
        server.handle({"id": 0, "type": "hello", "protocol": "1.0"})
        return server

    noted = Tree(shapes)
    noted.note_reads(greeted({}, []))
    params = GameParams()

    def check(readings: dict[str, str]) -> None:
        config = ServerConfig(readings=readings)
        whole: list[str] = []
        verdicts = Tree(shapes).same_replies(greeted(readings, whole), ids)
        assert not all(verdicts) and any(verdicts)
        skipping: list[str] = []
        server = greeted(readings, skipping)
        resumed: list[str] = []
        resume = server.resume_game

        def resuming(into: str, game: Any, request: dict[str, Any]) -> None:
            resumed.append(into)
            resume(into, game, request)

        server.resume_game = resuming  # type: ignore[method-assign]
        assert noted.same_replies(server, ids, lambda request: reads_test(
            params, params.game(request), config)) == verdicts, readings
        assert resumed and len(skipping) < len(whole), readings

    check({"AMB.EAT-PRICE-000": "kings-only"})
    check({"AMB.U-POINTS": "zero"})
