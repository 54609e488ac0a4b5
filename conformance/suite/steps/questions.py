"""Question steps: the rules of phỏm, deadwood and ù asked directly, with no game.

Each step sends one ``evaluate`` query (spec/protocol.md 5.8) under the scenario's ruleset,
its room options and readings, and checks the answer. A scenario of question steps only
needs no Given step and deals no cards; an implementation that does not answer ``evaluate``
has it skipped before its first request::

    Then the group QS KS AS is not a phỏm
    Then the least deadwood of 5H 6H 7H 7S 7D KC with 5H eaten is 27 points
    Then the hand 3S 3D 3H 6C 7C 8C 10D JD QD KD is an ù tròn
    Then the dealt hand AS 4S 7S 10S KS 2C 5C 8C JC is ù khan
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from conformance.errors import ScenarioSkipped
from conformance.suite.cards import card_list
from conformance.suite.model import Scenario, StepError
from conformance.suite.play import Play
from conformance.suite.steps.common import expect
from conformance.suite.steps.grammar import U_KIND_CLAUSES, U_KINDS
from conformance.suite.steps.registry import step
from conformance.suite.support import readings_to_send
from reference_impl.action_text import CARDS

#: The clauses a failure of each question implies (the first one the scenario names).
PHOM_CLAUSES = (
    "PHOM.RUN.NO-WRAP|PHOM.RUN.ACE-LOW|PHOM.RUN.ANY-LENGTH|PHOM.MIN-SIZE|PHOM.RUN|PHOM.SET"
)
DEADWOOD_CLAUSES = (
    "PHOM.DEADWOOD|RANK.DEADWOOD-POINTS|PHOM.ARRANGEMENT-CHOICE|TURN.EAT.KEEP-IN-PHOM"
    "|TURN.EAT.DISTINCT-PHOM|DECK.POINTS"
)
U_CLAUSES = "U.THUONG|TURN.EAT.KEEP-IN-PHOM|TURN.EAT.DISTINCT-PHOM"
KHAN_CLAUSES = "U.KHAN|PHOM.CA|U.KHAN.FIRST-PLAYER"
#: The kinds a question step may name, in the step's words (ù khan is a question of its own).
STEP_KINDS = "thường|tròn|đồng hoa trắng"

_EATEN = rf"(?: with (?P<eaten>{CARDS}) eaten)?"


def _hand(size: tuple[int, int], what: str) -> Any:
    """A reader of the step's cards (and eaten cards), checking the hand's size."""

    def read(groups: Mapping[str, str | None]) -> dict[str, Any]:
        cards = card_list(str(groups["cards"]))
        low, high = size
        if not low <= len(cards) <= high:
            many = f"{low}" if low == high else f"{low} to {high}"
            raise StepError(f"{what} holds {many} cards, not {len(cards)}")
        out: dict[str, Any] = {"cards": cards}
        if "eaten" in groups:
            eaten = card_list(groups["eaten"]) if groups["eaten"] else ()
            stray = [c for c in eaten if c not in cards]
            if stray:
                raise StepError(f"eaten card {stray[0]} is not one of the hand's cards")
            out["eaten"] = eaten
        if groups.get("n") is not None:
            out["n"] = int(str(groups["n"]))
        if "kind" in groups:
            out["kind"] = U_KINDS[groups["kind"]]
        return out

    return read


def evaluate_message(
    scenario: Scenario, options: Mapping[str, bool], question: str, cards: Sequence[str],
    eaten: Sequence[str] = (),
) -> dict[str, Any]:
    """The ``evaluate`` request of one question, under the scenario's ruleset and readings."""
    message: dict[str, Any] = {
        "type": "evaluate",
        "ruleset": scenario.ruleset,
        "options": dict(options),
        "readings": readings_to_send(scenario),
        "question": question,
        "cards": list(cards),
    }
    if eaten:
        message["eaten"] = list(eaten)
    return message


def ask(play: Play, question: str, cards: Sequence[str], eaten: Sequence[str] = ()) -> Any:
    """The answer of the implementation to one ``evaluate`` question (a dict).

    The scenario is skipped, before anything is sent, when the implementation's hello rules
    it out (its ruleset, options, readings, or no ``evaluate`` query)."""
    play.check_support()
    play.settle()
    reply = play.request(
        evaluate_message(play.scenario, play.setup.options, question, cards, eaten)
    )
    if not reply.get("ok"):
        error = reply.get("error") or {}
        if error.get("code") == "unsupported":
            raise ScenarioSkipped(f"evaluate: unsupported: {error.get('message', '')}")
        raise play.fail(
            f"an answer to the {question} question",
            f"error {error.get('code')}: {error.get('message')}",
        )
    answer = reply.get("answer")
    if not isinstance(answer, dict):
        raise play.fail(f"an answer to the {question} question", answer)
    return answer


def _yes_or_no(
    play: Play, question: str, cards: Sequence[str], want: bool, expected: str
) -> None:
    """Check a question answered yes or no, in the answer's member named as the question."""
    got = ask(play, question, cards).get(question)
    expect(play, got is want, expected, f"{question}: {got}")


def _u_answer(got: Mapping[str, Any]) -> str:
    """The answer to an ù question, as a failure shows it."""
    return f"an ù ({got.get('kind')})" if got.get("u") is True else f"u: {got.get('u')}"


# ---------------------------------------------------------------------------------------------
# Is a group a phỏm


@step(
    "then",
    rf"the group (?P<cards>{CARDS}) is a phỏm",
    "the group JS QS KS is a phỏm",
    needs=["evaluate"],
    clause=PHOM_CLAUSES,
    read=_hand((1, 52), "a group"),
)
def _is_phom(play: Play, cards: tuple[str, ...]) -> None:
    _yes_or_no(play, "phom", cards, True, f"{' '.join(cards)}: a phỏm")


@step(
    "then",
    rf"the group (?P<cards>{CARDS}) is not a phỏm",
    "the group QS KS AS is not a phỏm",
    needs=["evaluate"],
    clause=PHOM_CLAUSES,
    read=_hand((1, 52), "a group"),
)
def _is_not_phom(play: Play, cards: tuple[str, ...]) -> None:
    _yes_or_no(play, "phom", cards, False, f"{' '.join(cards)}: not a phỏm")


# ---------------------------------------------------------------------------------------------
# The least deadwood of a hand


@step(
    "then",
    rf"the least deadwood of (?P<cards>{CARDS}){_EATEN} is (?P<n>\d+) points?",
    "the least deadwood of 5H 6H 7H 7S 7D KC with 5H eaten is 27 points",
    needs=["evaluate"],
    clause=DEADWOOD_CLAUSES,
    read=_hand((1, 10), "a hand"),
)
def _deadwood(play: Play, cards: tuple[str, ...], eaten: tuple[str, ...], n: int) -> None:
    got = ask(play, "deadwood", cards, eaten).get("deadwood")
    shown = "no arrangement keeps the eaten cards in phỏm" if got is None else f"{got} points"
    expect(play, got == n, f"{n} points", shown)


# ---------------------------------------------------------------------------------------------
# Ù


@step(
    "then",
    rf"the hand (?P<cards>{CARDS}){_EATEN} is an ù(?: (?P<kind>{STEP_KINDS}))?",
    "the hand 3S 3D 3H 6C 7C 8C 10D JD QD KD is an ù tròn",
    needs=["evaluate"],
    clause=U_CLAUSES,
    read=_hand((10, 10), "a full hand (after the draw)"),
)
def _is_u(play: Play, cards: tuple[str, ...], eaten: tuple[str, ...], kind: str | None) -> None:
    got = ask(play, "u", cards, eaten)
    ok = got.get("u") is True and (kind is None or got.get("kind") == kind)
    expect(play, ok, "an ù" + (f" ({kind})" if kind else ""), _u_answer(got),
           U_KIND_CLAUSES.get(kind or ""))


@step(
    "then",
    rf"the hand (?P<cards>{CARDS}){_EATEN} is not an ù",
    "the hand 3S 3D 3H 6C 7C 8C JD QD 2H 5S is not an ù",
    needs=["evaluate"],
    clause=U_CLAUSES,
    read=_hand((10, 10), "a full hand (after the draw)"),
)
def _is_not_u(play: Play, cards: tuple[str, ...], eaten: tuple[str, ...]) -> None:
    got = ask(play, "u", cards, eaten)
    expect(play, got.get("u") is False, "no ù", _u_answer(got))


@step(
    "then",
    rf"the dealt hand (?P<cards>{CARDS}) is ù khan",
    "the dealt hand AS 4S 7S 10S KS 2C 5C 8C JC is ù khan",
    needs=["evaluate"],
    clause=KHAN_CLAUSES,
    read=_hand((9, 10), "a dealt hand"),
)
def _is_khan(play: Play, cards: tuple[str, ...]) -> None:
    _yes_or_no(play, "u_khan", cards, True, "ù khan")


@step(
    "then",
    rf"the dealt hand (?P<cards>{CARDS}) is not ù khan",
    "the dealt hand AS 4S 7S 10S QS 2C 5C 8C JC is not ù khan",
    needs=["evaluate"],
    clause=KHAN_CLAUSES,
    read=_hand((9, 10), "a dealt hand"),
)
def _is_not_khan(play: Play, cards: tuple[str, ...]) -> None:
    _yes_or_no(play, "u_khan", cards, False, "no ù khan")
