"""A turn's draw and discard, and the thêm vòng offer that may follow the game's last chốt.

A turn is a draw or an eat (:mod:`~reference_impl.eat`), then on a final-round turn the
lay-downs and sends (:mod:`~reference_impl.laydown`), then one discard, which ends it
(TURN.DRAW-OR-EAT, TURN.DISCARD-ENDS-TURN); the first player opens with a discard only
(TURN.OPENING-DISCARD).
"""

from __future__ import annotations

from phomspec.reasons import Reason
from reference_impl import compulsory, eat, melds, rounds, settle, u
from reference_impl.actions import Discard, Draw, Pass
from reference_impl.rulings import Rejected, reject
from reference_impl.state import (
    AFTER_DRAW,
    BIT,
    CHOT,
    CODES,
    DISCARD_ONLY,
    DRAW_OR_EAT,
    FINAL_TURN,
    LAST_DISCARDS,
    NOT_BIT,
    THEM_VONG,
    GameState,
    cores_of,
    next_active,
    unlaid_eaten,
)

# -- draw ----------------------------------------------------------------------------------


def check_draw(st: GameState, seat: int, action: Draw) -> Rejected | None:
    if st.phase is not DRAW_OR_EAT:
        if st.phase is DISCARD_ONLY:
            return reject(
                Reason.WRONG_PHASE,
                "TURN.OPENING-DISCARD",
                "the first player opens by discarding, without drawing",
            )
        if st.phase is THEM_VONG:
            return reject(Reason.WRONG_PHASE, "ROUND.THEM-VONG", "thêm vòng: eat the chốt or pass")
        return reject(Reason.WRONG_PHASE, "TURN.DRAW-OR-EAT", "already drew or ate this turn")
    if not st.stock:
        return reject(Reason.DRAW_STOCK_EMPTY, "TURN.DRAW.STOCK-TOP", "the stock is empty")
    return None


def do_draw(st: GameState, seat: int, action: Draw) -> None:
    take_top_card(st, seat)
    if u.check_u_after(st, seat, None, False):
        return
    st.phase = FINAL_TURN if st.final_round else AFTER_DRAW


def draw_without_u(st: GameState, seat: int) -> None:
    """A timed-out turn's draw under timeout.u_stands false (AMB.TIMEOUT-U): no ù check."""
    take_top_card(st, seat)
    st.phase = FINAL_TURN if st.final_round else AFTER_DRAW


def take_top_card(st: GameState, seat: int) -> None:
    """The stock's top card goes to the seat's hand (the draw, before its ù check)."""
    card = st.stock.pop()
    bit = BIT[card]
    st.hands[seat] |= bit
    st.own[seat] |= bit
    st.last_discard = None
    st.turn_drew = True
    st.events.append({"type": "drew", "seat": seat, "card": CODES[card]})


# -- discard -------------------------------------------------------------------------------


def legal_discard_mask(st: GameState, seat: int) -> int:
    """The cards ``seat`` may discard now (phase allowing a discard)."""
    hand = st.hands[seat]
    ue = st.eaten[seat] & hand
    if not ue:
        return hand
    if not st.p.eat_keep_in_phom:
        return hand
    if st.phase is FINAL_TURN:
        return 0  # LAY.EATEN-INCLUDED: lay the eaten cards down first
    return eaten_safe_discards(st, seat)


def eaten_safe_discards(st: GameState, seat: int) -> int:
    """Hand cards whose discard keeps every unlaid eaten card coverable
    (TURN.EAT.KEEP-IN-PHOM), whatever the phase."""
    hand = st.hands[seat]
    p = st.p
    ue = st.eaten[seat] & hand
    if not ue or not p.eat_keep_in_phom:
        return hand
    cores = cores_of(st, ue)
    free = hand & ~ue
    if cores:
        for core in cores:
            free &= ~core
        return free
    if not ue & (ue - 1):  # one eaten card
        return melds.safe_without(hand, ue.bit_length() - 1, p.eat_distinct_phom)
    out = 0
    m = free
    while m:
        low = m & -m
        m ^= low
        if melds.can_cover(hand ^ low, ue, p.eat_distinct_phom):
            out |= low
    return out


def check_discard(st: GameState, seat: int, action: Discard) -> Rejected | None:
    ph = st.phase
    if ph is not AFTER_DRAW and ph is not FINAL_TURN and ph is not DISCARD_ONLY:
        if ph is THEM_VONG:
            return reject(Reason.WRONG_PHASE, "ROUND.THEM-VONG", "thêm vòng: eat the chốt or pass")
        return reject(Reason.WRONG_PHASE, "TURN.DRAW-OR-EAT", "draw or eat before discarding")
    c = action.card
    hand = st.hands[seat]
    if not hand >> c & 1:
        return reject(Reason.CARD_NOT_IN_HAND, "TURN.CARD-IN-HAND", f"{CODES[c]} is not in hand")
    ue = unlaid_eaten(st, seat, hand)
    if ue:
        if ue >> c & 1:
            return reject(
                Reason.DISCARD_EATEN_CARD,
                "TURN.EAT.KEEP-IN-PHOM",
                f"{CODES[c]} was eaten: it must stay in a phỏm",
            )
        if ph is FINAL_TURN:
            left_out = " ".join(CODES[x] for x in range(52) if ue >> x & 1)
            return reject(
                Reason.DISCARD_UNLAID_EATEN,
                "LAY.EATEN-INCLUDED",
                f"lay down the eaten card(s) {left_out} before the final discard",
            )
        if not legal_discard_mask(st, seat) >> c & 1:
            return reject(
                Reason.DISCARD_BREAKS_EATEN_PHOM,
                "TURN.EAT.KEEP-IN-PHOM",
                f"without {CODES[c]} an eaten card could no longer be in a phỏm",
            )
    if ph is FINAL_TURN:
        return compulsory.final_discard_problem(st, seat)
    return None


def do_discard(st: GameState, seat: int, action: Discard) -> None:
    card = action.card
    st.hands[seat] &= NOT_BIT[card]
    chot = st.final_round and (not st.tai or st.p.rounds_tai_discard_is_chot)  # ROUND.CHOT
    x = card | CHOT if chot else card
    pile = st.piles[seat]
    pile.append(x)
    st.last_discard = LAST_DISCARDS[seat][x][st.turn_pile]
    st.events.append({"type": "discarded", "seat": seat, "card": CODES[card], "chot": chot})
    if len(pile) == 4 and rounds.all_piles_full(st):
        if offer_them_vong(st, seat, card):
            return
        settle.end_game(st, "points")
        return
    nxt = seat + 1
    if nxt == st.n:
        nxt = 0
    if st.left[nxt]:
        nxt = next_active(st, seat)
    rounds.begin_turn(st, nxt)


# -- thêm vòng -----------------------------------------------------------------------------


def offer_them_vong(st: GameState, seat: int, card: int) -> bool:
    """After the game's last chốt: may the next seat eat it (ROUND.THEM-VONG)?"""
    if not st.p.rounds_them_vong or st.them_vong_done or st.them_vong_turn:
        return False
    st.them_vong_done = True
    nxt = next_active(st, seat)
    if nxt == seat or not eat.eat_options(st, nxt, card):
        return False
    st.to_act = nxt
    st.phase = THEM_VONG
    st.events.append({"type": "them_vong", "seat": nxt})
    return True


def check_pass(st: GameState, seat: int, action: Pass) -> Rejected | None:
    if st.phase is not THEM_VONG:
        return reject(
            Reason.PASS_NOT_ALLOWED, "ROUND.THEM-VONG", "pass only declines the thêm vòng eat"
        )
    return None


def do_pass(st: GameState, seat: int, action: Pass | None = None) -> None:
    """Decline the thêm vòng eat: the game ends (ROUND.THEM-VONG)."""
    st.last_discard = None
    settle.end_game(st, "points")
