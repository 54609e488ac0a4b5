"""Then steps: rulings on actions, and the legal action sets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.protocol.compare import action_key
from conformance.suite.mirror import NotExpressed
from conformance.suite.model import StepError
from conformance.suite.play import Play
from conformance.suite.steps.common import describe_reply
from conformance.suite.steps.grammar import CLAUSE, legal_lines
from conformance.suite.steps.registry import step
from reference_impl.action_text import CARD, CARDS, PHOM_WORD, action_words

# ---------------------------------------------------------------------------------------------
# Then: rulings



@step("then", r"the action is accepted", "the action is accepted", shape="ruling")
def _accepted(play: Play) -> None:
    if play.deferred():  # lay_down: auto: the discard that plays this action must be accepted
        return
    reply = play.last_reply()
    if not (reply.get("ok") and reply.get("ruling") == "accepted"):
        raise play.fail("accepted", describe_reply(reply))


@step(
    "then",
    rf"the action is rejected with (?P<code>[A-Z][A-Z0-9_]*(?: or [A-Z][A-Z0-9_]*)*)"
    rf"(?: under clause (?P<clause>{CLAUSE}))?",
    "the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM",
    rejection=True,
)
def _rejected(play: Play, code: str, clause: str | None) -> None:
    """Rejected with the reason code (one of several where the situation fits more than one
    code of the contract) and, when the reply names a clause, that clause."""
    reply = play.last_reply()
    codes = code.split(" or ")
    want = f"rejected {code}" + (f" under {clause}" if clause else "")
    if not reply.get("ok") or reply.get("ruling") != "rejected":
        raise play.fail(want, describe_reply(reply))
    got_clause = reply.get("clause")
    if reply.get("reason") not in codes or (clause and got_clause and got_clause != clause):
        raise play.fail(want, describe_reply(reply))
    play.check_unchanged()


@step("then", r"the game is refused", "the game is refused", refusal=True)
def _refused(play: Play) -> None:
    reply = play.start_reply()
    if reply.get("ok"):
        raise play.fail("new_game refused with an error reply", "the game started")


@step(
    "then",
    r"the game is refused as (?P<error>[a-z_]+)",
    "the game is refused as bad_deal",
    refusal=True,
)
def _refused_as(play: Play, error: str) -> None:
    reply = play.start_reply()
    got = (reply.get("error") or {}).get("code") if not reply.get("ok") else "the game started"
    if got != error:
        raise play.fail(f"new_game refused as {error}", got)


# ---------------------------------------------------------------------------------------------
# Then: legal actions


def _legal_of(play: Play, seat: int) -> list[dict[str, Any]]:
    to_act, actions = play.legal()
    if to_act != seat:
        raise play.fail(f"seat {seat} to act", f"seat {to_act} to act", "TURN.ORDER")
    return actions


def _may(play: Play, seat: int, want: dict[str, Any], allowed: bool) -> None:
    actions = _legal_of(play, seat)
    has = action_key(want) in {action_key(a) for a in actions}
    if has != allowed:
        same = sorted(action_words(a) for a in actions if a.get("type") == want["type"])
        verb = "may" if allowed else "may not"
        raise play.fail(
            f"seat {seat} {verb} {action_words(want)}", f"legal {want['type']}: {same}"
        )


def _may_type(play: Play, seat: int, kind: str, allowed: bool) -> None:
    actions = _legal_of(play, seat)
    same = [action_words(a) for a in actions if a.get("type") == kind]
    if bool(same) != allowed:
        raise play.fail(f"seat {seat} {'may' if allowed else 'may not'} {kind}", same or "none")


@step(
    "then",
    r"seat (?P<seat>\d+) may draw",
    "seat 1 may draw",
    needs=["legal_actions"],
    clause="TURN.DRAW-OR-EAT",
)
def _may_draw(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "draw"}, True)


@step("then", r"seat (?P<seat>\d+) may not draw", "seat 1 may not draw", needs=["legal_actions"])
def _may_not_draw(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "draw"}, False)


@step(
    "then",
    rf"seat (?P<seat>\d+) may eat (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
    "seat 1 may eat 5H with 6H 7H",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_eat(play: Play, seat: int, card: str, with_cards: tuple[str, ...]) -> None:
    if play.profile.eat == "bare":  # legal eats are compared by card (spec/protocol.md 8.2)
        _may(play, seat, {"type": "eat", "card": card}, True)
        return
    _may(play, seat, {"type": "eat", "card": card, "with": list(with_cards)}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not eat (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
    "seat 1 may not eat 5H with 6H 7H",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_not_eat_with(play: Play, seat: int, card: str, with_cards: tuple[str, ...]) -> None:
    if play.profile.eat == "bare":
        mirror = play.synced_mirror()
        if mirror is None or mirror.bare_eatable(seat, card):
            raise NotExpressed(f"eat: bare: other partners let seat {seat} eat {card}, and the"
                               " implementation lists its eats by card")
        _may(play, seat, {"type": "eat", "card": card}, False)
        return
    _may(play, seat, {"type": "eat", "card": card, "with": list(with_cards)}, False)


@step(
    "then",
    r"seat (?P<seat>\d+) may not eat",
    "seat 1 may not eat",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_not_eat(play: Play, seat: int) -> None:
    _may_type(play, seat, "eat", False)


@step(
    "then",
    r"seat (?P<seat>\d+) may eat",
    "seat 1 may eat",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_eat_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "eat", True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may discard (?P<card>{CARD})",
    "seat 1 may discard KH",
    needs=["legal_actions"],
)
def _may_discard(play: Play, seat: int, card: str) -> None:
    _may(play, seat, {"type": "discard", "card": card}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not discard (?P<card>{CARD})",
    "seat 1 may not discard 7H",
    needs=["legal_actions"],
)
def _may_not_discard(play: Play, seat: int, card: str) -> None:
    mirror = play.synced_mirror()
    if mirror is not None and mirror.auto_discardable(seat, card):
        raise NotExpressed(f"lay_down: auto: some lay-down makes discarding {card} legal, and"
                           " the implementation lists the discards after its own lay-down")
    _may(play, seat, {"type": "discard", "card": card}, False)


def _one_phom(phoms: tuple[tuple[str, ...], ...]) -> list[list[str]]:
    if len(phoms) != 1:
        raise StepError("the legal actions list single-phỏm lay-downs: name one phỏm")
    return [list(phoms[0])]


@step(
    "then",
    rf"seat (?P<seat>\d+) may lay down (?P<phoms>{CARDS})",
    "seat 2 may lay down 7S 7D 7H",
    needs=["legal_actions"],
    clause="LAY.VALID-PHOM",
    shape="lay-legal",
)
def _may_lay(play: Play, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    _may(play, seat, {"type": "lay_down", "phoms": _one_phom(phoms)}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not lay down (?P<phoms>{CARDS})",
    "seat 2 may not lay down QH KH AH",
    needs=["legal_actions"],
    clause="LAY.VALID-PHOM",
    shape="lay-legal",
)
def _may_not_lay(play: Play, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    _may(play, seat, {"type": "lay_down", "phoms": _one_phom(phoms)}, False)


@step(
    "then",
    r"seat (?P<seat>\d+) may not lay down",
    "seat 2 may not lay down",
    needs=["legal_actions"],
    clause="LAY.FINAL-ROUND-ONLY",
    shape="lay-legal",
)
def _may_not_lay_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "lay_down", False)


@step(
    "then",
    rf"seat (?P<seat>\d+) may send (?P<card>{CARD})"
    rf" to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
    "seat 2 may send 8H to seat 1's phỏm 0",
    needs=["legal_actions"],
    clause="SEND.ALLOWED",
    shape="lay-legal",
)
def _may_send(play: Play, seat: int, card: str, target: int, index: int) -> None:
    _may(play, seat, {"type": "send", "card": card, "to": {"seat": target, "phom": index}}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not send (?P<card>{CARD})"
    rf" to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
    "seat 2 may not send 8H to seat 1's phỏm 0",
    needs=["legal_actions"],
    clause="SEND.FIT",
    shape="lay-legal",
)
def _may_not_send(play: Play, seat: int, card: str, target: int, index: int) -> None:
    _may(play, seat, {"type": "send", "card": card, "to": {"seat": target, "phom": index}}, False)


@step(
    "then",
    r"seat (?P<seat>\d+) may not send",
    "seat 2 may not send",
    needs=["legal_actions"],
    clause="SEND.ALLOWED",
    shape="lay-legal",
)
def _may_not_send_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "send", False)


@step(
    "then",
    r"seat (?P<seat>\d+) may send",
    "seat 2 may send",
    needs=["legal_actions"],
    clause="SEND.ALLOWED",
    shape="lay-legal",
)
def _may_send_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "send", True)


@step(
    "then",
    r"seat (?P<seat>\d+) may pass",
    "seat 3 may pass",
    needs=["legal_actions"],
    clause="ROUND.THEM-VONG",
)
def _may_pass(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "pass"}, True)


@step("then", r"seat (?P<seat>\d+) may not pass", "seat 3 may not pass", needs=["legal_actions"])
def _may_not_pass(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "pass"}, False)


@step(
    "then",
    r"the legal actions of seat (?P<seat>\d+) are:",
    "the legal actions of seat 1 are:",
    needs=["legal_actions"],
    block=legal_lines,
)
def _legal_exact(play: Play, seat: int, block: list[dict[str, Any]]) -> None:
    actions = _legal_of(play, seat)
    mirror = play.synced_mirror()
    if mirror is not None and play.profile.lay_down == "auto" and mirror.final_turn(seat):
        raise NotExpressed("lay_down: auto: on a final-round turn the implementation lists the"
                           " discards that its own lay-down makes legal")
    if play.profile.eat == "bare":  # eats by card (spec/protocol.md 8.2)
        eats = sorted({a["card"] for a in block if a["type"] == "eat"})
        block = [a for a in block if a["type"] != "eat"] + [
            {"type": "eat", "card": c} for c in eats]
    want = Counter(action_key(a) for a in block)
    got = Counter(action_key(a) for a in actions)
    if want != got:
        missing = sorted(action_words(a) for a in block if action_key(a) not in got)
        extra = sorted(action_words(a) for a in actions if action_key(a) not in want)
        raise play.fail(
            sorted(action_words(a) for a in block), f"missing {missing}, not expected {extra}"
        )


