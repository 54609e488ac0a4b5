"""Timeouts (TIME.AUTO-PLAY) and leaving (LEAVE.*)."""

from __future__ import annotations

from phomspec.cards import Card
from phomspec.reasons import Reason
from reference_impl import laydown, melds, rounds, settle, turns, u
from reference_impl.actions import DISCARDS, DRAW, LayDown, Timeout
from reference_impl.rulings import Rejected, reject
from reference_impl.state import (
    DRAW_OR_EAT,
    FINAL_TURN,
    OVER,
    THEM_VONG,
    GameState,
    active_seats,
    bits,
    cores_of,
    next_active,
    unlaid_eaten,
)


def highest_card(mask: int) -> int:
    """The highest-point card of ``mask``; ties by the highest card index, i.e. suit order
    S < C < D < H (TIME.AUTO-PLAY.TIE)."""
    return max(bits(mask), key=lambda c: (c % 13, c))


def check_timeout(st: GameState, seat: int, action: Timeout) -> Rejected | None:
    if st.phase is DRAW_OR_EAT and not st.stock:
        return reject(
            Reason.DRAW_STOCK_EMPTY, "TIME.AUTO-PLAY", "the auto-play cannot draw: stock empty"
        )
    return None


def do_timeout(st: GameState, seat: int, action: Timeout) -> None:
    """Draw (never eat) and discard the highest legal card; in thêm vòng, pass
    (TIME.AUTO-PLAY). A final-round timeout lays nothing down (TIME.FINAL-ROUND-MOM)."""
    st.events.append({"type": "auto_play", "seat": seat})
    if st.phase is THEM_VONG:
        turns.do_pass(st, seat)
        return
    if st.phase is DRAW_OR_EAT:
        if st.p.timeout_u_stands:
            turns.do_draw(st, seat, DRAW)
        else:
            turns.draw_without_u(st, seat)
        if st.u_pending is not None:
            u.do_claim(st, seat)  # u.claimed: the auto-play claims its own draw's ù
        if st.phase is OVER:
            return  # the draw made an ù: it stands (AMB.TIMEOUT-U)
    if st.phase is FINAL_TURN:
        if st.p.timeout_final_round_unlaid_mom:
            # AMB.AUTO-PLAY-EATEN: nothing is laid; unlaid eaten cards stay in hand (as
            # deadwood if the game ends now) and keep a possible phỏm for a later tái turn.
            pool = turns.eaten_safe_discards(st, seat) or st.hands[seat]
            turns.do_discard(st, seat, DISCARDS[highest_card(pool)])
            return
        auto_lay_down(st, seat)
    turns.do_discard(st, seat, DISCARDS[highest_card(turns.legal_discard_mask(st, seat))])


def auto_lay_down(st: GameState, seat: int) -> None:
    """Reading 'lay-best' of AMB.TIMEOUT-MOM: lay the arrangement with least deadwood."""
    p = st.p
    hand = st.hands[seat]
    ue = unlaid_eaten(st, seat, hand)
    _, arrangement = melds.best_arrangement(hand, ue, p.eat_distinct_phom, cores_of(st, ue))
    if arrangement:
        laydown.do_lay_down(
            st, seat, LayDown(tuple(tuple(Card(c) for c in bits(ph)) for ph in arrangement))
        )


def do_leave(st: GameState, seat: int) -> None:
    """The seat leaves: out of play, skipped in the turn order (LEAVE.SEAT-SKIPPED,
    LEAVE.HAND-OUT); one seat left ends the game (LEAVE.LAST-PLAYER)."""
    st.left[seat] = True
    st.left_order.append(seat)
    st.events.append({"type": "left", "seat": seat})
    active = active_seats(st)
    if len(active) == 1:
        settle.end_game(st, "last_player")
        return
    ld = st.last_discard
    if ld is not None and ld.seat == seat:
        st.last_discard = None  # the leaver's discard is out of play
    if st.lead == seat:
        st.lead = next_active(st, seat)
    if st.phase is THEM_VONG:
        if st.to_act == seat or st.last_discard is None:
            settle.end_game(st, "points")
        return
    if st.to_act == seat:
        if rounds.all_piles_full(st):
            settle.end_game(st, "points")
            return
        rounds.begin_turn(st, next_active(st, seat))
