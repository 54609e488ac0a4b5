"""Then steps as checks: one translator per step of the step library, found by the step's
example (its stable name in :mod:`conformance.suite.steps`).

A translator gets the :class:`~conformance.export.recorder.Recorder` and the step's parsed
arguments, asks the recorder for the replies its handler reads (a state, a result, the
legal actions, the last action's reply) and adds the checks its handler makes, with the
clause the handler would report. This module holds the registry, the rulings, the legal
actions, the questions and the next game; :mod:`conformance.export.translate_table` and
:mod:`conformance.export.translate_outcome` hold the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from conformance.export.recorder import NotExportable, Recorder
from conformance.suite.model import Step, StepError
from conformance.suite.steps.grammar import U_KIND_CLAUSES
from conformance.suite.steps.questions import evaluate_message

Translator = Callable[..., None]
#: Step example -> translator.
TRANSLATORS: dict[str, Translator] = {}


def translates(*examples: str) -> Callable[[Translator], Translator]:
    """Register a translator for the steps with these examples."""

    def register(fn: Translator) -> Translator:
        for example in examples:
            if example in TRANSLATORS:
                raise ValueError(f"two translators for the step {example!r}")
            TRANSLATORS[example] = fn
        return fn

    return register


def translate(rec: Recorder, step: Step) -> None:
    """Add the ops of one Then step; NotExportable when it has no translator."""
    example = getattr(step.definition, "example", None)
    fn = TRANSLATORS.get(str(example))
    if fn is None:
        raise NotExportable(f"no plain-data form for the step {example!r} ({step.label})")
    fn(rec, **dict(step.args))


def action_key(action: Mapping[str, Any]) -> str:
    """An action as the checks compare it: its type and cards in one string, card lists
    sorted ('eat 5H with 6H 7H', 'lay_down 4H 5H 6H|7D 7H 7S', 'send 8H to 1 0'). The
    runner computes the same string from the actions it is given."""
    t = str(action.get("type"))
    if t == "eat":
        return f"eat {action['card']} with {' '.join(sorted(action.get('with') or []))}"
    if t == "discard":
        return f"discard {action['card']}"
    if t == "lay_down":
        groups = sorted(" ".join(sorted(p)) for p in action.get("phoms") or [])
        return "lay_down " + "|".join(groups)
    if t == "send":
        to = action.get("to") or {}
        return f"send {action['card']} to {to.get('seat')} {to.get('phom')}"
    return t


# ---------------------------------------------------------------------------------------------
# Rulings


@translates("the action is accepted")
def _accepted(rec: Recorder) -> None:
    rec.reply_check(rec.last_reply(), "accepted", "accepted", skip_unsupported=False)


@translates("the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM")
def _rejected(rec: Recorder, code: str, clause: str | None) -> None:
    ref = rec.last_reply()
    want = f"rejected {code}" + (f" under {clause}" if clause else "")
    rec.reply_check(ref, "rejected", want, skip_unsupported=False, reasons=code.split(" or "),
                    reason_clause=clause)
    rec.check_unchanged()


@translates("the action is answered with the error malformed")
def _error_reply(rec: Recorder, error: str) -> None:
    rec.reply_check(rec.last_reply(), "error", f"an error reply {error}", skip_unsupported=False,
                    code=error)


@translates("the game is refused")
def _refused(rec: Recorder) -> None:
    rec.reply_check(rec.start_reply(), "error", "new_game refused with an error reply",
                    skip_unsupported=False)


@translates("the game is refused as bad_deal")
def _refused_as(rec: Recorder, error: str) -> None:
    rec.reply_check(rec.start_reply(), "error", f"new_game refused as {error}",
                    skip_unsupported=False, code=error)


# ---------------------------------------------------------------------------------------------
# Legal actions


def _legal_of(rec: Recorder, seat: int) -> int:
    ref = rec.query("legal_actions")
    rec.check(ref, ["seat"], "equal", f"seat {seat} to act", implied="TURN.ORDER", value=seat)
    return ref


def _may(rec: Recorder, seat: int, want: dict[str, Any], allowed: bool) -> None:
    ref = _legal_of(rec, seat)
    verb = "may" if allowed else "may not"
    rec.check(ref, ["actions", {"view": "actions"}], "includes" if allowed else "excludes",
              f"seat {seat} {verb} {action_key(want)}", value=[action_key(want)])


def _may_type(rec: Recorder, seat: int, kind: str, allowed: bool) -> None:
    ref = _legal_of(rec, seat)
    rec.check(ref, ["actions", {"view": "types"}], "includes" if allowed else "excludes",
              f"seat {seat} {'may' if allowed else 'may not'} {kind}", value=[kind])


def _legal_step(kind: str, allowed: bool) -> Translator:
    def fn(rec: Recorder, seat: int, **args: Any) -> None:
        _may(rec, seat, _action(kind, args), allowed)

    return fn


def _action(kind: str, args: Mapping[str, Any]) -> dict[str, Any]:
    if kind == "eat":
        return {"type": "eat", "card": args["card"], "with": list(args["with_cards"])}
    if kind == "discard":
        return {"type": "discard", "card": args["card"]}
    if kind == "lay_down":
        phoms = args["phoms"]
        if len(phoms) != 1:
            raise StepError("the legal actions list single-phỏm lay-downs: name one phỏm")
        return {"type": "lay_down", "phoms": [list(phoms[0])]}
    if kind == "send":
        to = {"seat": args["target"], "phom": args["index"]}
        return {"type": "send", "card": args["card"], "to": to}
    return {"type": kind}


for _example, _kind, _allowed in (
    ("seat 1 may draw", "draw", True),
    ("seat 1 may not draw", "draw", False),
    ("seat 1 may eat 5H with 6H 7H", "eat", True),
    ("seat 1 may not eat 5H with 6H 7H", "eat", False),
    ("seat 1 may discard KH", "discard", True),
    ("seat 1 may not discard 7H", "discard", False),
    ("seat 2 may lay down 7S 7D 7H", "lay_down", True),
    ("seat 2 may not lay down QH KH AH", "lay_down", False),
    ("seat 2 may send 8H to seat 1's phỏm 0", "send", True),
    ("seat 2 may not send 8H to seat 1's phỏm 0", "send", False),
    ("seat 3 may pass", "pass", True),
    ("seat 3 may not pass", "pass", False),
):
    translates(_example)(_legal_step(_kind, _allowed))


def _type_step(kind: str, allowed: bool) -> Translator:
    def fn(rec: Recorder, seat: int) -> None:
        _may_type(rec, seat, kind, allowed)

    return fn


for _example, _kind, _allowed in (
    ("seat 1 may not eat", "eat", False),
    ("seat 1 may eat", "eat", True),
    ("seat 2 may not lay down", "lay_down", False),
    ("seat 2 may not send", "send", False),
    ("seat 2 may send", "send", True),
):
    translates(_example)(_type_step(_kind, _allowed))


@translates("the legal actions of seat 1 are:")
def _legal_exact(rec: Recorder, seat: int, block: Sequence[dict[str, Any]]) -> None:
    ref = _legal_of(rec, seat)
    keys = [action_key(a) for a in block]
    rec.check(ref, ["actions", {"view": "actions"}], "same_multiset", sorted(keys), value=keys)


@translates("no seat is to act")
def _nobody_acts(rec: Recorder) -> None:
    ref = rec.query("legal_actions")
    rec.check(ref, ["seat"], "null", "no seat to act, no legal action")
    rec.check(ref, ["actions"], "empty", "no seat to act, no legal action")


# ---------------------------------------------------------------------------------------------
# Questions (evaluate) and the next game (next_game)


def _ask(rec: Recorder, question: str, cards: Sequence[str], eaten: Sequence[str] = ()) -> int:
    rec.support()
    rec.settle()
    ref = rec.request(evaluate_message(rec.scenario, rec.setup.options, question, cards, eaten))
    what = f"an answer to the {question} question"
    rec.reply_check(ref, "ok", what, skip_unsupported=True)
    rec.check(ref, ["answer"], "object", what)
    return ref


def _answer_step(question: str, key: str, value: bool) -> Translator:
    def fn(rec: Recorder, cards: tuple[str, ...]) -> None:
        ref = _ask(rec, question, cards)
        rec.check(ref, ["answer", key], "equal", f"{key}: {value}", value=value)

    return fn


for _example, _question, _key, _value in (
    ("the group JS QS KS is a phỏm", "phom", "phom", True),
    ("the group QS KS AS is not a phỏm", "phom", "phom", False),
    ("the dealt hand AS 4S 7S 10S KS 2C 5C 8C JC is ù khan", "u_khan", "u_khan", True),
    ("the dealt hand AS 4S 7S 10S QS 2C 5C 8C JC is not ù khan", "u_khan", "u_khan", False),
):
    translates(_example)(_answer_step(_question, _key, _value))


@translates("the least deadwood of 5H 6H 7H 7S 7D KC with 5H eaten is 27 points")
def _deadwood(rec: Recorder, cards: tuple[str, ...], eaten: tuple[str, ...], n: int) -> None:
    ref = _ask(rec, "deadwood", cards, eaten)
    rec.check(ref, ["answer", "deadwood"], "equal", f"{n} points", value=n)


@translates("the hand 3S 3D 3H 6C 7C 8C 10D JD QD KD is an ù tròn")
def _is_u(rec: Recorder, cards: tuple[str, ...], eaten: tuple[str, ...], kind: str | None
          ) -> None:
    ref = _ask(rec, "u", cards, eaten)
    implied = U_KIND_CLAUSES.get(kind or "")
    want = "an ù" + (f" ({kind})" if kind else "")
    rec.check(ref, ["answer", "u"], "equal", want, implied=implied, value=True)
    if kind is not None:
        rec.check(ref, ["answer", "kind"], "equal", want, implied=implied, value=kind)


@translates("the hand 3S 3D 3H 6C 7C 8C JD QD 2H 5S is not an ù")
def _is_not_u(rec: Recorder, cards: tuple[str, ...], eaten: tuple[str, ...]) -> None:
    ref = _ask(rec, "u", cards, eaten)
    rec.check(ref, ["answer", "u"], "equal", "no ù", value=False)


def _next_game(rec: Recorder) -> int:
    """The next_game request of the Given table, as conformance.suite.steps.given sends it."""
    setup = rec.setup
    try:
        players, _first, _deal = setup.deal_message()
    except StepError:
        players = setup.players or rec.scenario.players
    ref = rec.request({
        "type": "next_game",
        "players": players,
        "host": setup.session.get("host", 0),
        "previous_winner": setup.table.get("previous_winner"),
        "left": list(setup.table.get("left", [])),
    })
    rec.reply_check(ref, "ok", "a next_game reply", skip_unsupported=False)
    return ref


@translates("the next game is opened by seat 3")
def _opens_next(rec: Recorder, seat: int) -> None:
    rec.check(_next_game(rec), ["first"], "equal", f"seat {seat} opens the next game",
              value=seat)


@translates("the next game is not opened by seat 2")
def _not_opens_next(rec: Recorder, seat: int) -> None:
    rec.check(_next_game(rec), ["first"], "not_equal",
              f"seat {seat} does not open the next game", value=seat)


@translates("the host of the next game is seat 1")
def _next_host(rec: Recorder, seat: int) -> None:
    rec.check(_next_game(rec), ["host"], "equal", f"seat {seat} hosts the next game", value=seat)


__all__ = ["TRANSLATORS", "NotExportable", "action_key", "translate", "translates"]
