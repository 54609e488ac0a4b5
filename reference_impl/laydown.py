"""Hạ phỏm and gửi: laying down phỏm and sending cards on a final-round turn.

Both happen only on a final-round turn after the draw or eat and before the discard
(LAY.FINAL-ROUND-ONLY, SEND.AFTER-LAY-DOWN), tái turns included (ROUND.TAI-ACTIONS), in the
text's order where ``send.closes_lay_down`` holds (AMB.LAY-SEND-ORDER): the lay-down step
ends with the turn's first send (LAY.CLOSED-BY-SEND), and no card is sent while an eaten
card is still in hand (SEND.AFTER-LAY-DOWN).  Each turn starts the order afresh.
"""

from __future__ import annotations

from phomspec.reasons import Reason
from reference_impl import melds
from reference_impl.actions import LayDown, Send
from reference_impl.rulings import Rejected, reject
from reference_impl.state import (
    CODES,
    DRAW_OR_EAT,
    FINAL_TURN,
    THEM_VONG,
    GameState,
    cores_of,
    unlaid_eaten,
)


def _codes(mask: int) -> str:
    return " ".join(CODES[c] for c in range(52) if mask >> c & 1)


def final_turn_needed(
    st: GameState, seat: int, what: str, code: Reason, clause: str
) -> Rejected | None:
    """Why ``what`` is not allowed now, when this is not a final-round turn after its draw."""
    if st.phase is FINAL_TURN:
        return None
    if st.phase is DRAW_OR_EAT and st.final_round:
        return reject(Reason.WRONG_PHASE, clause, f"draw or eat before you {what}")
    if st.phase is THEM_VONG:
        return reject(Reason.WRONG_PHASE, "ROUND.THEM-VONG", "thêm vòng: eat the chốt or pass")
    return reject(code, clause, f"you {what} only on a final-round turn")


# -- lay down --------------------------------------------------------------------------


def lay_down_problem(st: GameState, seat: int, phoms: list[int]) -> Rejected | None:
    """Why laying down these phỏm (masks of hand cards) is illegal, or None."""
    p = st.p
    if p.send_closes_lay_down and st.turn_sent:
        return reject(
            Reason.LAY_DOWN_AFTER_SEND,
            "LAY.CLOSED-BY-SEND",
            "a card was sent this turn: lay down before sending",
        )
    hand = st.hands[seat]
    eaten = st.eaten[seat] & hand
    used = 0
    cores = cores_of(st, eaten)
    for ph in phoms:
        if ph & ~hand:
            return reject(
                Reason.CARD_NOT_IN_HAND, "TURN.CARD-IN-HAND", f"{_codes(ph & ~hand)} not in hand"
            )
        if ph & used:
            return reject(
                Reason.LAY_DOWN_OVERLAP, "PHOM.ONE-PER-CARD", f"{_codes(ph & used)} in two phỏm"
            )
        used |= ph
        if not melds.is_phom(ph):
            return reject(
                Reason.LAY_DOWN_INVALID_PHOM, "LAY.VALID-PHOM", f"{_codes(ph)} is not a phỏm"
            )
        pe = ph & eaten
        if pe & (pe - 1) and p.eat_distinct_phom:
            return reject(
                Reason.LAY_DOWN_EATEN_SHARED,
                "TURN.EAT.DISTINCT-PHOM",
                f"the eaten cards {_codes(pe)} cannot share one phỏm",
            )
        for core in cores:
            if core & ph and core & ph != core:
                return reject(
                    Reason.LAY_DOWN_INVALID_PHOM,
                    "TURN.EAT.DECLARE-CARDS",
                    f"an eaten card must be laid with the cards named when eating: {_codes(core)}",
                )
    rest = hand & ~used
    eaten_left = eaten & rest
    if (
        eaten_left
        and p.eat_keep_in_phom
        and not melds.can_cover(rest, eaten_left, p.eat_distinct_phom, cores_of(st, eaten_left))
    ):
        return reject(
            Reason.LAY_DOWN_EATEN_LEFT_OUT,
            "LAY.EATEN-INCLUDED",
            "the eaten cards not laid could no longer each go in a phỏm of their own",
        )
    if not (can_still_discard(st, seat, rest) if eaten_left else rest):
        return reject(
            Reason.LAY_DOWN_LAST_CARD,
            "TURN.DISCARD-ENDS-TURN",
            "keep a card to discard: the turn ends with a discard",
        )
    return None


def can_still_discard(st: GameState, seat: int, rest: int) -> bool:
    """Whether a hand reduced to ``rest`` can still end the turn with a discard: some card
    of it can go while every unlaid eaten card keeps a phỏm of its own
    (TURN.DISCARD-ENDS-TURN with LAY.EATEN-INCLUDED)."""
    p = st.p
    ue = unlaid_eaten(st, seat, rest)
    if not ue:
        return rest != 0
    cores = cores_of(st, ue)
    m = rest & ~ue
    while m:
        low = m & -m
        m ^= low
        if melds.can_cover(rest ^ low, ue, p.eat_distinct_phom, cores):
            return True
    return False


def check_lay_down(st: GameState, seat: int, action: LayDown) -> Rejected | None:
    problem = final_turn_needed(
        st, seat, "lay down", Reason.LAY_DOWN_NOT_FINAL_ROUND, "LAY.FINAL-ROUND-ONLY"
    )
    if problem is not None:
        return problem
    if not action.phoms:
        return reject(Reason.LAY_DOWN_INVALID_PHOM, "LAY.VALID-PHOM", "lay down at least one phỏm")
    masks = []
    for group in action.phoms:
        m = 0
        for c in group:
            m |= 1 << c
        masks.append(m)
    return lay_down_problem(st, seat, masks)


def do_lay_down(st: GameState, seat: int, action: LayDown) -> None:
    for group in action.phoms:
        m = 0
        for c in group:
            m |= 1 << c
        st.hands[seat] &= ~m
        st.laid[seat].append(m)
        st.laid_now[seat].append(m)
        st.laid_at[seat].append(st.turn_no)
    st.events.append(("laid_down", seat, action.phoms))  # rulings.event_dict


# -- send ------------------------------------------------------------------------------


def send_disabled(st: GameState) -> Rejected | None:
    p = st.p
    if not p.send_enabled:
        clause = "SEND.ROOM-OPTION" if "ki_gui" in st.rs.options else "SEND.ALLOWED"
        return reject(Reason.SEND_DISABLED, clause, "sending (gửi) is not allowed in this game")
    if st.them_vong_turn and not p.rounds_them_vong_send:
        return reject(
            Reason.SEND_DISABLED, "ROUND.THEM-VONG.SEQUENCE", "no sending on the thêm vòng turn"
        )
    return None


def check_send(st: GameState, seat: int, action: Send) -> Rejected | None:
    problem = send_disabled(st) or final_turn_needed(
        st, seat, "send", Reason.SEND_NOT_FINAL_ROUND, "SEND.AFTER-LAY-DOWN"
    )
    if problem is not None:
        return problem
    p = st.p
    c = action.card
    hand = st.hands[seat]
    if not hand >> c & 1:
        return reject(Reason.CARD_NOT_IN_HAND, "TURN.CARD-IN-HAND", f"{CODES[c]} is not in hand")
    if st.eaten[seat] >> c & 1:
        return reject(
            Reason.SEND_EATEN_CARD, "SEND.EATEN-CARD", f"{CODES[c]} was eaten: it cannot be sent"
        )
    if p.send_requires_phom and not st.laid[seat]:
        return reject(
            Reason.SEND_NEEDS_PHOM, "SEND.REQUIRES-PHOM", "lay down a phỏm before sending"
        )
    unlaid = eaten_unlaid(st, seat)
    if unlaid:
        return reject(
            Reason.SEND_BEFORE_LAY_DOWN,
            "SEND.AFTER-LAY-DOWN",
            f"lay down the phỏm of the eaten {_codes(unlaid)} before sending",
        )
    t, k = action.seat, action.phom
    if not (0 <= t < st.n and 0 <= k < len(st.laid_now[t])) or st.left[t]:
        return reject(
            Reason.SEND_NO_SUCH_PHOM,
            "SEND.TARGET-LAID-ONLY",
            f"there is no laid phỏm {t}:{k} in play",
        )
    if t == seat and not p.send_to_own_phom:
        return reject(
            Reason.SEND_OWN_PHOM, "SEND.NOT-OWN", "a card cannot be sent to your own phỏm"
        )
    target = st.laid_now[t][k]
    if not p.send_to_extended_phom and target != st.laid[t][k]:
        return reject(
            Reason.SEND_DOES_NOT_FIT, "SEND.EXTENDED-PHOM", f"phỏm {t}:{k} was already extended"
        )
    if not melds.fits(c, target):
        return reject(
            Reason.SEND_DOES_NOT_FIT, "SEND.FIT", f"{CODES[c]} does not extend {_codes(target)}"
        )
    return send_keeps_hand(st, seat, c)


def eaten_unlaid(st: GameState, seat: int) -> int:
    """The eaten cards still in hand that forbid a send now (SEND.AFTER-LAY-DOWN), as a
    mask; 0 when the order is free (``send.closes_lay_down`` off)."""
    if not st.p.send_closes_lay_down:
        return 0
    return st.eaten[seat] & st.hands[seat]


def send_keeps_hand(st: GameState, seat: int, c: int) -> Rejected | None:
    """A send must leave a card to discard and every eaten card coverable."""
    hand = st.hands[seat]
    if hand.bit_count() == 1:
        return reject(
            Reason.SEND_LAST_CARD,
            "TURN.DISCARD-ENDS-TURN",
            "keep one card: the turn ends with a discard",
        )
    p = st.p
    ue = st.eaten[seat] & hand
    if ue and p.eat_keep_in_phom:
        rest = hand & ~(1 << c)
        if not melds.can_cover(rest, ue, p.eat_distinct_phom, cores_of(st, ue)):
            return reject(
                Reason.SEND_BREAKS_EATEN_PHOM,
                "LAY.EATEN-INCLUDED",
                f"without {CODES[c]} an eaten card could no longer be in a phỏm",
            )
    if not can_still_discard(st, seat, hand & ~(1 << c)):
        # The only cards left would be the eaten cards' phỏm: laying them leaves nothing
        # to discard, keeping them forbids the discard (DISCARD_UNLAID_EATEN).
        return reject(
            Reason.SEND_LAST_CARD,
            "TURN.DISCARD-ENDS-TURN",
            "keep a card to discard besides the eaten cards' phỏm",
        )
    return None


def send_targets(st: GameState, seat: int) -> list[tuple[int, int, int]]:
    """(seat, phỏm index, mask of hand cards that fit) for every phỏm ``seat`` may send to."""
    p = st.p
    if send_disabled(st) is not None:
        return []
    if p.send_requires_phom and not st.laid[seat]:
        return []
    if eaten_unlaid(st, seat):
        return []
    sendable = st.hands[seat] & ~st.eaten[seat]
    out = []
    for t in range(st.n):
        if st.left[t] or (t == seat and not p.send_to_own_phom):
            continue
        for k, target in enumerate(st.laid_now[t]):
            if not p.send_to_extended_phom and target != st.laid[t][k]:
                continue
            fit = melds.extension_cards(target) & sendable
            if fit:
                out.append((t, k, fit))
    return out


def do_send(st: GameState, seat: int, action: Send) -> None:
    c, t, k = action.card, action.seat, action.phom
    st.hands[seat] &= ~(1 << c)
    st.laid_now[t][k] |= 1 << c
    st.sent[seat].append((c, t, k))
    st.turn_sent = True
    st.events.append({"type": "sent", "seat": seat, "card": CODES[c], "to": {"seat": t, "phom": k}})
