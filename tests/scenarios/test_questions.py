"""Question steps and the evaluate query: the reference's answers (counted from the clause
texts' own examples), the query's errors, scenarios of questions only, and the skip of an
implementation that does not answer evaluate, before anything is sent."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.errors import ScenarioError
from conformance.outcomes import Outcome
from conformance.runner import Runner, RunOptions
from conformance.suite.discover import load_scenarios
from conformance.suite.model import StepError
from conformance.suite.steps import match_step
from phomspec.paths import features_dir
from reference_impl.server import Server

QUESTIONS = features_dir() / "questions.feature"


def ask(ruleset: str, question: str, cards: str, eaten: str = "") -> dict[str, Any]:
    server = Server()
    server.handle({"id": 0, "type": "hello", "protocol": "1.0"})
    message: dict[str, Any] = {"id": 1, "type": "evaluate", "ruleset": ruleset,
                               "question": question, "cards": cards.split()}
    if eaten:
        message["eaten"] = eaten.split()
    return server.handle(message)


@pytest.mark.parametrize(("cards", "phom"), [
    ("7S 7D 7H", True), ("7S 7D 7H 7C", True), ("7S 7D 8H", False),   # PHOM.SET examples
    ("AC 2C 3C", True), ("QC KC AC", False), ("KD AD 2D", False),     # ACE-LOW, NO-WRAP
    ("JS QS KS", True), ("9S 9H", False), ("5C 5D 6D", False),        # NO-WRAP, MIN-SIZE
])
def test_is_a_phom(cards: str, phom: bool) -> None:
    assert ask("co-ban", "phom", cards) == {"id": 1, "ok": True, "answer": {"phom": phom}}


def test_deadwood_ù_and_ù_khan() -> None:
    # PHOM.ARRANGEMENT-CHOICE: 7H 8H 9H leaves 7S 7D (14), the set leaves 8H 9H (17)
    assert ask("co-ban", "deadwood", "7S 7D 7H 8H 9H")["answer"] == {"deadwood": 14}
    # TURN.EAT.KEEP-IN-PHOM: the eaten 5H forces 5H 6H 7H, leaving 7S 7D KC = 27
    assert ask("co-ban", "deadwood", "5H 6H 7H 7S 7D KC", "5H")["answer"] == {"deadwood": 27}
    # TURN.EAT.DISTINCT-PHOM: 5C and 7C fit only 5C 6C 7C together: no arrangement
    hand = "5C 6C 7C 9S 9D 9H JD QD KD 2H"
    assert ask("co-ban", "deadwood", hand, "5C 7C")["answer"] == {"deadwood": None}
    # EXTRA.U-TRON examples: 7S drawn makes every card a phỏm card; 2H drawn leaves one over
    tron, over = "4S 5S 6S 9D 9C 9H QC QD QH 7S", "4S 5S 6S 9D 9C 9H QC QD QH 2H"
    assert ask("u9la", "u", tron)["answer"] == {"u": True, "kind": "tron"}
    assert ask("co-ban", "u", tron)["answer"] == {"u": True, "kind": "thuong"}
    assert ask("u9la", "u", over)["answer"] == {"u": True, "kind": "thuong"}
    # EXTRA.DONG-HOA-TRANG example: nine hearts in phỏm, KC over
    hearts = "2H 3H 4H 6H 7H 8H 10H JH QH KC"
    assert ask("u9la", "u", hearts)["answer"] == {"u": True, "kind": "dong_hoa_trang"}
    # U.THUONG's second example: JD QD 2H 5S outside phỏm
    assert ask("co-ban", "u", "3S 3D 3H 6C 7C 8C JD QD 2H 5S")["answer"] == {
        "u": False, "kind": None}
    # U.KHAN examples, under hoi-quan-bai only
    khan, ca = "AS 4S 7S 10S KS 2C 5C 8C JC", "AS 4S 7S 10S QS 2C 5C 8C JC"
    assert ask("hoi-quan-bai", "u_khan", khan)["answer"] == {"u_khan": True}
    assert ask("hoi-quan-bai", "u_khan", ca)["answer"] == {"u_khan": False}
    assert ask("co-ban", "u_khan", khan)["answer"] == {"u_khan": False}


@pytest.mark.parametrize(("question", "cards", "eaten", "code", "says"), [
    ("meld", "7S 7D 7H", "", "malformed", "unknown question"),
    ("u", "7S 7D 7H", "", "malformed", "u takes 10 cards, got 3"),
    ("deadwood", "7S 7D ZZ", "", "malformed", "cards[2]"),
    ("deadwood", "7S 7D 7S", "", "malformed", "twice"),
    ("deadwood", "7S 7D 7H", "8H", "malformed", "every eaten card is one of"),
    ("phom", "7S 7D 7H", "7S", "malformed", "phom takes no eaten cards"),
])
def test_bad_questions_get_one_clear_error(
    question: str, cards: str, eaten: str, code: str, says: str
) -> None:
    reply = ask("co-ban", question, cards, eaten)
    assert reply["ok"] is False and reply["error"]["code"] == code
    assert says in reply["error"]["message"]
    assert ask("no-such-house", "phom", "7S 7D 7H")["error"]["code"] == "unsupported"


def test_a_scenario_of_questions_only_needs_no_table_and_passes() -> None:
    runs = load_scenarios([QUESTIONS])
    assert runs and all(s.needs == {"evaluate"} for s in runs)
    driver = InProcessDriver(strict=True)
    results = Runner(driver, RunOptions(transcripts="all")).run(runs).results
    assert {r.outcome for r in results} == {Outcome.PASS}
    # one evaluate request per question step, nothing else
    first = next(r for r in results if r.id == "ask-phom-set[co-ban]")
    assert [x["request"]["type"] for x in first.transcript or []] == ["evaluate", "evaluate"]


class _NoEvaluate(InProcessDriver):
    """The reference, minus the evaluate query in its hello."""

    def start(self) -> dict[str, Any]:
        hello = super().start()
        hello["queries"] = [q for q in hello["queries"] if q != "evaluate"]
        return hello


def test_without_evaluate_question_scenarios_are_skipped_before_any_request() -> None:
    runs = load_scenarios([QUESTIONS])
    results = Runner(_NoEvaluate(), RunOptions(transcripts="all")).run(runs).results
    assert {r.outcome for r in results} == {Outcome.SKIPPED}
    assert all("'evaluate'" in r.message for r in results)
    assert all(not r.transcript for r in results)


@pytest.mark.parametrize(("text", "says"), [
    ("the hand 3S 3D 3H is an ù", "a full hand (after the draw) holds 10 cards, not 3"),
    ("the dealt hand AS 4S is ù khan", "a dealt hand holds 9 to 10 cards, not 2"),
    ("the least deadwood of 7S 7D with 8H eaten is 14 points", "eaten card 8H is not one of"),
])
def test_question_steps_check_their_hands_when_read(text: str, says: str) -> None:
    with pytest.raises(StepError, match=re.escape(says)):
        match_step("then", text)


def test_a_table_without_a_deal_is_still_an_error(tmp_path: Path) -> None:
    path = tmp_path / "t.feature"
    path.write_text("Feature: t\n  @id:t-one @ruleset:co-ban @clause:PHOM.SET\n  Scenario: s\n"
                    "    Given a 4-player game\n    Then the group 7S 7D 7H is a phỏm\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"t.feature:\d+: give the hands"):
        load_scenarios([path])
