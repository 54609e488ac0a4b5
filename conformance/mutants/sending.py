"""Mutants of lay-down and gửi: when phỏm are laid, who may send, where, and what it scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.mutants.base import Fn, Mutant, Patch, params_patch, skip_refusal, wrap
from phomspec.cards import Card
from reference_impl import laydown, legal, melds, settle, u
from reference_impl.actions import LayDown
from reference_impl.state import GameState, Phase


def _sent_scored() -> list[Patch]:
    # Sent cards still count in the sender's points (SEND.NOT-SCORED broken).
    def with_sent(st: GameState, seat: int) -> int:
        return sum(1 << c for c, _t, _k in st.sent[seat])

    def points(orig: Fn) -> Fn:
        def settle_points(st: GameState, active: list[int]) -> Any:
            saved = list(st.hands)
            for s in active:
                st.hands[s] |= with_sent(st, s)
            try:
                return orig(st, active)
            finally:
                st.hands = saved
        return settle_points

    def final(orig: Fn) -> Fn:
        def final_points(st: GameState, seat: int) -> int:
            return int(orig(st, seat)) + melds.deadwood_points(with_sent(st, seat))
        return final_points

    return [wrap(settle, "settle_points", points), wrap(settle, "final_points", final)]


def _send_before_eaten_laid() -> list[Patch]:
    # A card may be sent while an eaten card is still in hand (SEND.AFTER-LAY-DOWN broken).
    def unlaid(orig: Fn) -> Fn:
        def eaten_unlaid(st: GameState, seat: int) -> int:
            return 0
        return eaten_unlaid

    return [wrap(laydown, "eaten_unlaid", unlaid)]


def _lay_down_after_send() -> list[Patch]:
    # A send does not end the lay-down step (LAY.CLOSED-BY-SEND broken).
    def sent(orig: Fn) -> Fn:
        def do_send(st: GameState, seat: int, action: Any) -> None:
            orig(st, seat, action)
            st.turn_sent = False
        return do_send

    return [wrap(laydown, "do_send", sent)]


def _lay_down_any_round() -> list[Patch]:
    # Phỏm may be laid down in any round, after the draw (LAY.FINAL-ROUND-ONLY broken).
    def needed(orig: Fn) -> Fn:
        def final_turn_needed(st: GameState, seat: int, what: str, code: Any,
                              clause: str) -> Any:
            if what == "lay down" and st.phase is Phase.AFTER_DRAW:
                return None
            return orig(st, seat, what, code, clause)
        return final_turn_needed

    def listed(orig: Fn) -> Fn:
        def legal_actions(st: GameState) -> list[Any]:
            out = list(orig(st))
            if st.phase is Phase.AFTER_DRAW and st.to_act is not None:
                seat = st.to_act
                for ph in melds.phoms_in(st.hands[seat]):
                    if laydown.lay_down_problem(st, seat, [ph]) is None:
                        out.append(LayDown((tuple(Card(c) for c in range(52) if ph >> c & 1),)))
            return out
        return legal_actions

    return [wrap(laydown, "final_turn_needed", needed), wrap(legal, "legal_actions", listed)]



def _send_makes_u() -> list[Patch]:
    # The hand is checked for an ù after every send, as after a draw (SEND.NO-U broken).
    def sent(orig: Fn) -> Fn:
        def do_send(st: GameState, seat: int, action: Any) -> None:
            orig(st, seat, action)
            ue, distinct, cores = u.eaten_rules(st, seat)
            left = melds.u_leftover(st.hands[seat], ue, 1, distinct, cores)
            if left < melds.INF:
                st.u_points = left
                u.declare_u(st, seat, "thuong", None)
        return do_send

    return [wrap(laydown, "do_send", sent)]


def _held_back_not_mom() -> list[Patch]:
    # A player who holds a phỏm in hand is not móm, laid or not (LAY.MOM broken).
    def points(orig: Fn) -> Fn:
        def settle_points(st: GameState, active: list[int]) -> Any:
            saved = [list(x) for x in st.laid]
            for s in active:
                found = melds.phoms_in(st.hands[s])
                if not st.laid[s] and found:
                    st.laid[s] = [found[0]]
            try:
                return orig(st, active)
            finally:
                st.laid = saved
        return settle_points

    return [wrap(settle, "settle_points", points)]


def _engine_completes_lay_down() -> list[Patch]:
    # A lay-down also lays, for the player, the least-deadwood arrangement of the rest of
    # the hand (PHOM.ARRANGEMENT-CHOICE broken).
    def lay(orig: Fn) -> Fn:
        def do_lay_down(st: GameState, seat: int, action: Any) -> None:
            orig(st, seat, action)
            _, rest = melds.best_arrangement(st.hands[seat], 0)
            if rest and st.hands[seat] & ~sum(rest):  # a card stays for the discard
                orig(st, seat, LayDown(tuple(tuple(Card(c) for c in range(52) if ph >> c & 1)
                                             for ph in rest)))
        return do_lay_down

    return [wrap(laydown, "do_lay_down", lay)]


def _skip(clause: str, name: str = "check_send") -> Callable[[], list[Patch]]:
    return lambda: [skip_refusal(laydown, name, clause)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("send-by-mom", "sending", "a player without a phỏm may send",
           ("SEND.REQUIRES-PHOM",), params_patch({"send.requires_phom": False})),
    Mutant("send-to-own", "sending", "a card may be sent to one's own phỏm", ("SEND.NOT-OWN",),
           params_patch({"send.to_own_phom": True})),
    Mutant("send-scored", "sending", "sent cards still count in the sender's points",
           ("SEND.NOT-SCORED", "RANK.DEADWOOD-POINTS"), _sent_scored),
    Mutant("send-not-extended", "sending", "a phỏm already extended by a send takes no more",
           ("SEND.EXTENDED-PHOM", "SEND.ALLOWED"), params_patch({"send.to_extended_phom": False})),
    Mutant("lay-any-round", "sending", "phỏm may be laid down in any round",
           ("LAY.FINAL-ROUND-ONLY",), _lay_down_any_round),
    Mutant("send-before-eaten-laid", "sending",
           "a card may be sent while an eaten card is still in hand",
           ("SEND.AFTER-LAY-DOWN",), _send_before_eaten_laid),
    Mutant("lay-after-send", "sending", "a phỏm may be laid down after a send in the same turn",
           ("LAY.CLOSED-BY-SEND",), _lay_down_after_send),
    Mutant("send-eaten-card", "sending", "an eaten card may be sent", ("SEND.EATEN-CARD",),
           _skip("SEND.EATEN-CARD")),
    Mutant("send-room-option-ignored", "sending", "sends are allowed with kí gửi off",
           ("SEND.ROOM-OPTION",), _skip("SEND.ROOM-OPTION"), ("ki-gui",)),
    Mutant("send-to-unlaid", "sending", "a card may be sent to a phỏm not on the table",
           ("SEND.TARGET-LAID-ONLY",), _skip("SEND.TARGET-LAID-ONLY")),
    Mutant("send-before-final-round", "sending", "a card may be sent before the final round",
           ("SEND.AFTER-LAY-DOWN",), _skip("SEND.AFTER-LAY-DOWN")),
    Mutant("lay-invalid-phom", "sending", "any group of three cards may be laid down",
           ("LAY.VALID-PHOM", "INV.LAID-VALID"), _skip("LAY.VALID-PHOM", "check_lay_down")),
    Mutant("lay-card-twice", "sending", "one card may be laid in two phỏm",
           ("PHOM.ONE-PER-CARD",), _skip("PHOM.ONE-PER-CARD", "check_lay_down")),
    Mutant("send-any-card", "sending", "any card may be sent to a laid phỏm",
           ("SEND.FIT", "INV.LAID-VALID"), _skip("SEND.FIT")),
    Mutant("send-compulsory", "sending", "a card that can be sent must be sent",
           ("SEND.OPTIONAL",), params_patch({"send.compulsory": True})),
    Mutant("send-makes-u", "sending", "a send that leaves an ù hand declares the ù",
           ("SEND.NO-U",), _send_makes_u),
    Mutant("lay-engine-completes", "sending", "a lay-down also lays the rest of the hand's"
           " best arrangement", ("PHOM.ARRANGEMENT-CHOICE",), _engine_completes_lay_down),
    Mutant("lay-held-back-not-mom", "sending", "a player holding a phỏm back is not móm",
           ("LAY.MOM",), _held_back_not_mom),
    Mutant("lay-eaten-shared", "sending", "two eaten cards may be laid in one phỏm",
           ("INV.EATEN-DISTINCT",), _skip("TURN.EAT.DISTINCT-PHOM", "check_lay_down")),
)
