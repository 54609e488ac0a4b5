"""Scenario.run against drivers: pipelining, verdicts with clauses, skips, the transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.errors import ScenarioError, ScenarioSkipped, StepFailure
from conformance.protocol import Driver, Pending
from conformance.suite.discover import load_scenarios

FEATURE = """\
Feature: run
  @id:run-sample @ruleset:co-ban @clause:TURN.EAT.MAKES-PHOM
  Scenario: run
    Given the deal "fx-eat-a"
    When seat 0 discards 9C
    And seat 1 eats 9C with 10C QS
    Then the action is rejected with EAT_NOT_A_PHOM
    When seat 1 eats 9C with 10C JC
    And seat 1 discards 6D
    Then it is seat 2's turn
"""


class CountingDriver(Driver):
    """The reference in-process, remembering in which order requests were sent and read."""

    def __init__(self, hello: dict[str, Any] | None = None, unsupported: str | None = None):
        self.inner = InProcessDriver()
        self.log: list[str] = []
        self.hello_override = hello
        self.unsupported = unsupported
        self.hello: dict[str, Any] = {}

    def start(self) -> dict[str, Any]:
        self.hello = self.inner.start()
        if self.hello_override is not None:
            self.hello = self.hello_override
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        self.log.append(f"send {message['type']}")
        if self.unsupported == message["type"]:
            reply: dict[str, Any] = {"ok": False, "error": {"code": "unsupported", "message": "no"}}
        else:
            reply = self.inner.send(message).result()
        log = self.log

        class _P(Pending):
            def result(self) -> dict[str, Any]:
                log.append(f"read {message['type']}")
                return reply

        return _P()

    def close(self) -> None:
        self.inner.close()


@pytest.fixture
def scenario(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "run.feature"
    path.write_text(FEATURE, encoding="utf-8")
    [s] = load_scenarios([path])
    return s


def test_actions_are_pipelined(scenario) -> None:  # type: ignore[no-untyped-def]
    driver = CountingDriver()
    driver.start()
    transcript = scenario.run(driver)
    # new_game and the first action go out before any reply is read; before the action the
    # next step expects refused, the state is noted (INV.REJECT-UNCHANGED); the last two
    # actions go out together, read only when the turn is checked
    assert driver.log[:2] == ["send new_game", "send apply"]
    assert driver.log.count("send apply") == 4
    last = [i for i, x in enumerate(driver.log) if x == "send apply"][-2:]
    assert last[1] == last[0] + 1
    # new_game, 4 actions, the state before and after the refusal, the final state queries
    assert sum(1 for x in transcript.exchanges if x.request["type"] == "apply") == 4
    assert all(x.reply is not None for x in transcript.exchanges)
    assert transcript.to_jsonable()["scenario"] == "run-sample"


def test_a_wrong_expectation_fails_with_the_clause(tmp_path: Path) -> None:
    path = tmp_path / "run.feature"
    path.write_text(FEATURE.replace("it is seat 2's turn", "it is seat 3's turn"), encoding="utf-8")
    [s] = load_scenarios([path])
    driver = InProcessDriver()
    driver.start()
    with pytest.raises(StepFailure) as err:
        s.run(driver)
    # the step implies TURN.ORDER, which the scenario does not name: its own clause is used
    assert err.value.clause == "TURN.EAT.MAKES-PHOM"
    assert err.value.step.endswith("Then it is seat 3's turn")
    assert err.value.expected == "seat 3 to act" and err.value.actual == "seat 2 to act"
    assert err.value.transcript.exchanges  # type: ignore[attr-defined]
    path.write_text(
        FEATURE.replace("it is seat 2's turn", "it is seat 3's turn under clause TURN.ORDER"),
        encoding="utf-8",
    )
    [s] = load_scenarios([path])
    with pytest.raises(StepFailure) as err:
        s.run(driver)
    assert err.value.clause == "TURN.ORDER"


class RejectingDriver(CountingDriver):
    """The reference, except that it rejects every discard of ``card``."""

    def __init__(self, card: str):
        super().__init__()
        self.card = card

    def send(self, message: dict[str, Any]) -> Pending:
        action = message.get("action") or {}
        if action.get("type") == "discard" and action.get("card") == self.card:
            reply = {"id": 0, "ok": True, "ruling": "rejected", "reason": "CARD_NOT_IN_HAND",
                     "clause": "TURN.CARD-IN-HAND", "message": "no"}

            class _P(Pending):
                def result(self) -> dict[str, Any]:
                    return reply

            return _P()
        return super().send(message)


def test_an_unexpected_rejection_fails_at_its_action(scenario) -> None:  # type: ignore[no-untyped-def]
    """An action the scenario plays unchecked, refused by the implementation but not by the
    reference: a fail at that action, under the clause of the step that sent it."""
    driver = RejectingDriver("6D")
    driver.start()
    with pytest.raises(StepFailure) as err:
        scenario.run(driver)
    assert err.value.step.endswith("seat 1 discards 6D")
    assert err.value.expected == "accepted"
    assert "CARD_NOT_IN_HAND" in str(err.value.actual)
    assert err.value.clause == "TURN.EAT.MAKES-PHOM"


def test_a_setup_illegal_on_the_reference_is_an_error_at_its_line(tmp_path: Path) -> None:
    """The scenario itself plays an action the reference refuses: an error at that line."""
    path = tmp_path / "run.feature"
    path.write_text(
        FEATURE.replace("And seat 1 discards 6D", "And seat 1 discards 6H"), encoding="utf-8"
    )
    [s] = load_scenarios([path])
    driver = InProcessDriver()
    driver.start()
    with pytest.raises(ScenarioError) as err:
        s.run(driver)
    line = FEATURE.splitlines().index("    And seat 1 discards 6D") + 1
    assert str(err.value).startswith(f"{path}:{line}: the scenario's own setup is illegal")
    assert "seat 1 discards 6H is rejected CARD_NOT_IN_HAND" in str(err.value)
    assert "\n" not in str(err.value)


def test_skipped_when_hello_lacks_the_ruleset(scenario) -> None:  # type: ignore[no-untyped-def]
    hello = {
        "rulesets": [{"id": "hoi-quan-bai", "options": {}}],
        "readings": {},
        "queries": ["state", "result", "legal_actions"],
    }
    driver = CountingDriver(hello=hello)
    driver.start()
    with pytest.raises(ScenarioSkipped, match="does not play ruleset 'co-ban'"):
        scenario.run(driver)
    assert driver.log == []


def test_skipped_when_a_query_is_missing(scenario) -> None:  # type: ignore[no-untyped-def]
    hello = {"rulesets": [{"id": "co-ban", "options": {}}], "readings": {}, "queries": []}
    driver = CountingDriver(hello=hello)
    driver.start()
    with pytest.raises(ScenarioSkipped, match="query 'state'"):
        scenario.run(driver)


def test_skipped_on_an_unsupported_reply(scenario) -> None:  # type: ignore[no-untyped-def]
    driver = CountingDriver(unsupported="new_game")
    driver.start()
    with pytest.raises(ScenarioSkipped, match="unsupported"):
        scenario.run(driver)
