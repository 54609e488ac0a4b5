"""Errors where they belong: a scenario the implementation cannot play is skipped before its
first request; a scenario whose own setup the reference refuses is an error at its
file:line; a fixture that cannot load says so once, on one line, naming the card or key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.errors import ScenarioError, ScenarioSkipped, StepFailure
from conformance.outcomes import Outcome
from conformance.protocol import Driver, Pending
from conformance.runner import Runner
from conformance.suite.cards import check_deal
from conformance.suite.discover import load_scenarios
from phomspec.paths import features_dir
from reference_impl.cards import format_card


class LoggingDriver(Driver):
    """The reference in-process under another hello, logging the request types it is sent."""

    def __init__(self, hello: dict[str, Any]):
        self.inner = InProcessDriver()
        self.declared = hello
        self.sent: list[str] = []
        self.hello: dict[str, Any] = {}

    def start(self) -> dict[str, Any]:
        self.inner.start()
        self.hello = self.declared
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        self.sent.append(str(message["type"]))
        return self.inner.send(message)

    def close(self) -> None:
        self.inner.close()


def hello(queries: list[str], rulesets: tuple[str, ...] = ("co-ban",)) -> dict[str, Any]:
    return {"name": "x", "rulesets": [{"id": r, "options": {}} for r in rulesets],
            "readings": {}, "queries": queries}


# -- 1. a query the implementation did not declare --------------------------------------------

def test_session_scenarios_are_skipped_before_their_first_request() -> None:
    """The session scenarios start no game: they ask next_game from a Then step."""
    session = load_scenarios([features_dir() / "session.feature"])
    assert session and all("next_game" in s.needs for s in session)
    for sc in session:
        driver = LoggingDriver(hello(["state", "result"], rulesets=(sc.ruleset,)))
        driver.start()
        with pytest.raises(ScenarioSkipped, match="query 'next_game'"):
            sc.run(driver)
        assert driver.sent == [], sc.id


def test_a_ruleset_not_played_is_skipped_before_a_next_game_query() -> None:
    [sc, *_] = [s for s in load_scenarios([features_dir() / "session.feature"])
                if s.ruleset == "u9la"]
    driver = LoggingDriver(hello(["state", "result", "next_game"], rulesets=("co-ban",)))
    driver.start()
    with pytest.raises(ScenarioSkipped, match="does not play ruleset 'u9la'"):
        sc.run(driver)
    assert driver.sent == []


def test_with_the_query_declared_the_session_scenarios_run() -> None:
    [sc, *_] = load_scenarios([features_dir() / "session.feature"], rulesets=["co-ban"])
    driver = LoggingDriver(hello(["state", "result", "next_game"]))
    driver.start()
    sc.run(driver)
    assert driver.sent[0] == "next_game"  # then the end-of-scenario checks start a game


# -- 2. a setup that is illegal on the reference ----------------------------------------------

CASE = """\
cases:
  - id: bad-setup-case
    name: "a case whose own script the reference refuses"
    clauses: [MONEY.ZERO-SUM, TURN.ORDER]
    rulesets: [hoi-quan-bai, ki-gui, u9la]
    deal: fx-eat-a
    script:
      - seat 0 discards 9C
      - seat 1 draws; discards 4S
      - seat 2 draws; discards AH
      - seat 3 draws; discards 6H
      - {then: "the money sums to zero"}
"""


def test_a_fixture_whose_script_the_reference_refuses_is_an_error_at_its_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(CASE, encoding="utf-8")
    scenarios = load_scenarios([path])
    assert len(scenarios) == 3
    run = Runner(InProcessDriver()).run(scenarios)
    line = CASE.splitlines().index("      - seat 2 draws; discards AH") + 1
    for result in run.results:
        assert result.outcome is Outcome.ERROR, result
        assert result.message.startswith(f"{path.name}:{line}: ") or \
            result.message.startswith(f"{path}:{line}: "), result.message
        assert "seat 2 discards AH is rejected CARD_NOT_IN_HAND" in result.message
        assert "\n" not in result.message and "Traceback" not in result.message
        assert result.clause is None  # not a fail under MONEY.ZERO-SUM
        assert result.transcript  # what was said is kept


HOST = """\
Feature: host
  @id:host-out-of-table @ruleset:co-ban @clause:DEAL.FIRST-GAME
  Scenario: the host is a seat the table does not have
    Given the deal "fx-eat-a"
    And seat 7 is the host
    When seat 0 discards 9C
    Then it is seat 1's turn
"""


def test_a_game_the_reference_refuses_to_start_is_an_error_at_the_scenario(
    tmp_path: Path,
) -> None:
    path = tmp_path / "host.feature"
    path.write_text(HOST, encoding="utf-8")
    [sc] = load_scenarios([path])
    driver = InProcessDriver()
    driver.start()
    with pytest.raises(ScenarioError) as err:
        sc.run(driver)
    assert str(err.value).startswith(f"{path}:3: the scenario's own setup is illegal on the"
                                     " reference: new_game is refused (error malformed: ")


def test_a_game_only_the_implementation_refuses_is_a_fail(tmp_path: Path) -> None:
    path = tmp_path / "host.feature"
    path.write_text(HOST.replace("seat 7 is the host", "seat 1 is the host"), encoding="utf-8")
    [sc] = load_scenarios([path])

    class Refusing(InProcessDriver):
        def send(self, message: dict[str, Any]) -> Pending:
            if message["type"] == "new_game":
                message = {**message, "players": 7}
            return super().send(message)

    driver = Refusing()
    driver.start()
    with pytest.raises(StepFailure) as err:
        sc.run(driver)
    assert not isinstance(err.value, ScenarioError)
    assert err.value.expected == "the game starts"


# -- 4. load errors: once, on one line, naming the card or key ------------------------------

DECK = [format_card(i) for i in range(52)]


def test_a_missing_card_is_named() -> None:
    deck = DECK
    hands = [deck[0:10], deck[10:19]]
    assert check_deal(2, 0, hands, deck[19:51]) == [
        f"{deck[51]} is dealt nowhere (hands + stock hold 51 of the 52 cards)"]
    short = check_deal(2, 0, [deck[0:9], deck[10:19]], deck[19:])
    assert short == [f"seat 0 holds 9 cards; it must hold 10; {deck[9]} is dealt nowhere"
                     " (hands + stock hold 51 of the 52 cards)"]


SHORT_DEAL = (f"deal: {{hands: [[{', '.join(DECK[0:10])}], [{', '.join(DECK[10:19])}]],"
              f" stock: [{', '.join(DECK[19:51])}]}}\n    players: 2")


@pytest.mark.parametrize(("edit", "named"), [
    (("deal: fx-eat-a", SHORT_DEAL), f"{DECK[51]} is dealt nowhere"),
    (("    deal: fx-eat-a", "    deal: fx-eat-a\n    tagz: [x]"), "'tagz'"),
    (("clauses: [MONEY.ZERO-SUM, TURN.ORDER]", "clauses: [TURN.EAT.NOPE]"), "'TURN.EAT.NOPE'"),
])
def test_a_load_error_is_one_line(tmp_path: Path, edit: tuple[str, str], named: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(CASE.replace(*edit), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenarios([path])
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{path}:")
    assert named in message
