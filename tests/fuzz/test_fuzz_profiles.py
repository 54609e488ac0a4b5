"""The fuzzer under an implementation profile (spec/protocol.md 8): games played and compared
in the declared shape, the implementation's own choices checked and adopted, what the shape
cannot express left out, and the rule mistakes behind the shape found under their clauses.

The game indices below are ones of seed 0 known to show each mutant (found by running the
fuzzer on them); each test plays only those games."""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Iterable
from typing import Any

import pytest
from click.testing import CliRunner

import reference_impl.server as server
from conformance.cli import cli
from conformance.drivers.inprocess import InProcessDriver
from conformance.fuzz import game as fuzz_game
from conformance.fuzz.run import FuzzConfig, GameRunner
from conformance.fuzz.summary import Summary
from conformance.mutants.catalog import BY_ID
from conformance.mutants.driver import MutantDriver
from conformance.protocol import Driver
from reference_impl.actions import Eat, Send
from reference_impl.serve_config import parse_command_line
from reference_impl.shaped import ShapedGame
from tests.fuzz.fakes import MutantsDriver
from tests.harness.helpers import fake
from tests.harness.shaped_fakes import WRONG

ALL = "auto-lay,bare-eat,no-money"


def shaped(argv: list[str], mutant: str | None = None) -> Driver:
    """The reference of a ``phom-reference`` command line in-process (with a mutant)."""
    config = parse_command_line(argv)
    return InProcessDriver(config=config) if mutant is None else \
        MutantDriver(BY_ID[mutant], config=config)


def fuzz(driver: Driver, games: Iterable[int], **kw: Any) -> Summary:
    runner = GameRunner(FuzzConfig(shrink=False, **kw), driver=driver)
    summary = Summary()
    try:
        for i in games:
            summary.add(runner.run_game(i))
    finally:
        runner.close()
    return summary


def clauses(summary: Summary) -> set[str]:
    return {c.clause for c in summary.clusters.values()}


@pytest.mark.parametrize("profile", ["auto-lay", "bare-eat", "no-money", ALL])
def test_the_reference_in_each_shape_does_not_diverge(profile: str) -> None:
    summary = fuzz(shaped(["--profile", profile]), range(25))
    assert summary.games == 25 and not summary.divergent, summary.to_json()["divergent"]
    assert not summary.left_out and not summary.stopped


def test_every_game_records_the_profile_in_force() -> None:
    runner = GameRunner(FuzzConfig(shrink=False), driver=shaped(["--profile", ALL]))
    g = runner.run_game(0)
    assert g.setup_json()["profile"] == {
        "lay_down": "auto", "eat": "bare", "u": "automatic", "money": "none",
        "actions": ["draw", "eat", "discard", "pass", "timeout", "leave"]}
    assert {"ruleset", "options", "readings"} <= set(g.setup_json())


def test_a_report_of_a_claimed_u_run_names_the_profile(tmp_path: Any) -> None:
    report = tmp_path / "f.jsonl"
    impl = shlex.join([sys.executable, "-m", "reference_impl.server", "--profile",
                       "auto-lay,claimed-u"])
    result = CliRunner().invoke(cli, ["fuzz", "--impl", impl, "--games", "3", "--ruleset",
                                      "co-ban", "--report", str(report)])
    assert result.exit_code == 0, result.output
    header = json.loads(report.read_text(encoding="utf-8").splitlines()[0])
    assert header["profile"]["names"] == "auto-lay,claimed-u" and not header["profile"]["problems"]


class OtherChoices(ShapedGame):
    """An engine of the same shape that chooses otherwise, legally: the eat with the most
    partners, and no sends where the lay-down alone lets the discard go."""

    def eat_bare(self, seat: int, card: Any) -> Any:
        game = self.game
        options = [a for a in game.legal_actions() if isinstance(a, Eat) and a.card == card]
        if options and seat == game.to_act:
            return self._done(game.apply(seat, max(options, key=lambda a: (len(a.with_),
                                                                          a.with_))))
        return super().eat_bare(seat, card)

    def _plan(self, seat: int, keep: int, hand: int, layable: list[int], laid: Any) -> Any:
        plan = super()._plan(seat, keep, hand, layable, laid)
        if plan is None:
            return None
        unsent = [a for a in plan if not isinstance(a, Send)]
        trial = self.game.copy()
        return unsent if all(trial.apply(seat, a).ok for a in unsent) else plan


def test_the_implementations_own_legal_choices_are_adopted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "ShapedGame", OtherChoices)
    adopted: list[int] = []
    real = fuzz_game._adopt

    def spy(plan: Any, script: Any, k: int, decision: Any, avoid: Any) -> Any:
        adopted.append(k)
        return real(plan, script, k, decision, avoid)

    monkeypatch.setattr(fuzz_game, "_adopt", spy)
    starts: list[int] = []

    class Counting(InProcessDriver):
        def send(self, message: dict[str, Any]) -> Any:
            if message.get("type") == "new_game":
                starts.append(1)
            return super().send(message)

    driver = Counting(config=parse_command_line(["--profile", "auto-lay,bare-eat"]))
    summary = fuzz(driver, range(12))
    assert adopted, "no game made another choice than the reference's"
    assert not summary.divergent, summary.to_json()["divergent"]
    # after its first choice of its own, a game goes on in the same game: one start more
    assert len(starts) == 12 + len(adopted)


@pytest.mark.parametrize("name, clause, game", [
    ("leaves-eaten-out", "LAY.EATEN-INCLUDED", 0),
    ("joins-eaten-cards", "TURN.EAT.DISTINCT-PHOM", 1),
])
def test_a_wrong_choice_of_the_shape_is_a_divergence_under_its_clause(
        monkeypatch: pytest.MonkeyPatch, name: str, clause: str, game: int) -> None:
    mutant, wrong = WRONG[name]
    monkeypatch.setattr(server, "ShapedGame", wrong)
    summary = fuzz(shaped(["--profile", "auto-lay,bare-eat"], mutant), [game])
    assert clause in clauses(summary), clauses(summary)


@pytest.mark.parametrize("mutant, profile, game", [
    ("rank-tie-by-seat", ALL, 10),
    ("eat-two-in-one-phom", ALL, 1),
    ("send-to-own", ALL, 23),
    ("eat-discard-eaten", ALL, 0),
    ("money-mom-3", "auto-lay,bare-eat", 4),
])
def test_mutants_behind_the_shape_are_found_under_their_own_clause(
        mutant: str, profile: str, game: int) -> None:
    summary = fuzz(shaped(["--profile", profile], mutant), [game])
    own = set(BY_ID[mutant].clauses)
    assert own & clauses(summary), (own, clauses(summary))


def test_a_two_bug_implementation_under_a_profile_gives_two_clusters() -> None:
    driver = MutantsDriver("send-to-own", "money-mom-3")
    driver.config = parse_command_line(["--profile", "auto-lay,bare-eat"])
    summary = fuzz(driver, [4, 23])
    assert clauses(summary) == {"SEND.NOT-OWN", "MONEY.MOM-PAYMENT"}, clauses(summary)


def test_money_is_not_compared_under_money_none() -> None:
    # móm pays 3: a payment only, so a ranking-only engine shows nothing of it
    summary = fuzz(shaped(["--profile", ALL], "money-mom-3"), [4])
    assert not summary.divergent, summary.to_json()["divergent"]


@pytest.mark.parametrize("members, line, profile", [
    (['lay_down="automatic"', 'money="none"'],
     "hello: lay_down: 'automatic' is not one of 'explicit', 'auto'; lay_down is treated as"
     " left out", "money none"),
    (['u="claimed"', 'money="none"', 'actions=["draw","eat","discard","lay_down","send","u"]',
      'readings={"AMB.U-AUTOMATIC":"automatic"}'],
     "hello: readings: AMB.U-AUTOMATIC=automatic contradicts u: 'claimed', which plays"
     " AMB.U-AUTOMATIC=declared; u is treated as left out",
     "money none; actions draw, eat, discard, lay_down, send"),
])
def test_a_bad_profile_member_is_one_line_and_the_fuzz_run_goes_on(
        monkeypatch: pytest.MonkeyPatch, members: list[str], line: str, profile: str) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    impl = shlex.join(fake("bad_profile", *members, "--", "--profile", "no-money"))
    result = CliRunner().invoke(cli, ["fuzz", "--impl", impl, "--games", "6", "--json",
                                      "--no-shrink", "-q"])
    assert result.exit_code == 0, result.output
    lines = [x for x in result.output.splitlines() if x.startswith("hello:")]
    assert lines == [line]
    data = json.loads(result.output[result.output.index("{"):])
    assert data["games"] == 6 and data["divergent_games"] == 0
    assert data["profile"] == profile  # the summary names the profile in force


def test_u_claimed_is_played_under_its_reading() -> None:
    from conformance.fuzz.offer import offer_of_hello

    hello = {"rulesets": [{"id": "co-ban", "options": {}, "players": [4]}], "readings": {},
             "u": "claimed", "actions": ["draw", "eat", "discard", "lay_down", "send", "u"]}
    offer = offer_of_hello(hello)
    assert not offer.problems and offer.shape.u == "claimed"
    assert offer.rulesets["co-ban"].played["AMB.U-AUTOMATIC"] == "declared"
    summary = fuzz(shaped(["--profile", "auto-lay,bare-eat,claimed-u,no-money"]), range(15))
    assert not summary.divergent and not summary.left_out, summary.to_json()["divergent"]


def test_a_divergence_under_a_profile_shrinks_to_a_1_0_fixture() -> None:
    from conformance.fuzz.fixture import fixture_case
    from conformance.fuzz.shrink import Shrinker

    driver = shaped(["--profile", ALL], "send-to-own")
    runner = GameRunner(FuzzConfig(shrink=False), driver=driver)
    found = next(f for f in runner.trace(23).divergences if f.divergence.clause == "SEND.NOT-OWN")
    shrunk = Shrinker(driver, budget=5.0).shrink(found.script, found.divergence, 23)
    assert shrunk.divergence.signature == found.divergence.signature
    assert shrunk.script.profile == found.script.profile
    case = fixture_case(shrunk.script, shrunk.divergence, "fuzz-x", "replay")
    last = case["script"][-1]
    assert "sends" in last["do"] and last["expect"]["clause"] == "SEND.NOT-OWN"
    lines = [x for x in case["script"] if isinstance(x, str)]
    assert not any(re.search(r"eats \S+ with(;|$)", x) for x in lines)  # partners named


def test_malformed_events_of_a_choice_are_a_protocol_divergence_not_a_crash() -> None:
    from tests.fuzz.fakes import RewriteDriver

    def hook(request: dict[str, Any], state: dict[str, Any], reply: dict[str, Any] | None
             ) -> dict[str, Any] | None:
        if reply is None or request.get("type") != "apply":
            return reply
        events = [{k: v for k, v in e.items() if k != "phoms"} for e in reply.get("events", [])]
        return {**reply, "events": events} if reply.get("ok") else reply

    driver = RewriteDriver(hook)
    driver.config = parse_command_line(["--profile", "auto-lay"])
    summary = fuzz(driver, range(3))
    assert summary.outcomes.get("error", 0) == 0
    assert "protocol" in clauses(summary), clauses(summary)


def test_the_hello_schema_takes_readings_keyed_by_ruleset_as_hello_readings_does() -> None:
    from conformance.protocol.schemas import reply_schema_problem
    from reference_impl.profiles import hello_readings

    hello = {**shaped([]).start(), "id": 0, "ok": True,
             "readings": {"AMB.CHOT-PRICE": "four", "hoi-quan-bai": {"AMB.HOLD-BACK": "lay-all"}}}
    assert reply_schema_problem("hello", hello) is None
    assert hello_readings(hello, "hoi-quan-bai") == {"AMB.CHOT-PRICE": "four",
                                                     "AMB.HOLD-BACK": "lay-all"}
    bad = {**hello, "readings": {"hoi-quan-bai": {"hold-back": "lay-all"}}}
    assert reply_schema_problem("hello", bad) is not None


def test_a_probe_on_an_empty_hand_under_claimed_u() -> None:
    """Game 268 of seed 0 reaches a tái turn with an empty hand (a declined ù laid nine cards
    and discarded the tenth); a probe there once crashed the game on the reference side."""
    summary = fuzz(shaped(["--profile", "claimed-u"]), [268], probe_rate=1.0)
    assert summary.games == 1 and not summary.divergent, summary.to_json()["divergent"]


def test_a_pending_u_stays_claimable_on_an_automatic_lay_down_turn() -> None:
    """Under lay_down: auto the final-round turn lists discards only, but a pending ù's claim
    stays listed (games 167, 174 and 696 of seed 0 reach an ù the seat can only claim)."""
    summary = fuzz(shaped(["--profile", "auto-lay,bare-eat,claimed-u,no-money"]),
                   [167, 174, 696])
    assert summary.games == 3 and not summary.divergent, summary.to_json()["divergent"]
