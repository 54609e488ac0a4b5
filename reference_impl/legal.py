"""``legal_actions``: every legal action of the seat to act (docs/contract.md).

The actions listed are shared values (:func:`~reference_impl.actions.eat_of` and its
siblings), so that ``Game.apply`` knows one taken from the list by its identity.

Exact for draw, eat (one entry per distinct ``with`` set), discard, send, pass and the claim
of a pending ù (``u``, listed first); for lay_down every legal single-phỏm lay-down.
``timeout`` and ``leave`` are not listed.
"""

from __future__ import annotations

from reference_impl import compulsory, eat, laydown, melds, turns, u
from reference_impl.actions import (
    CLAIM_U,
    DRAW,
    PASS,
    Action,
    discards_of,
    eat_of,
    lay_down_of,
    send_of,
)
from reference_impl.state import (
    AFTER_DRAW,
    DISCARD_ONLY,
    DRAW_OR_EAT,
    FINAL_TURN,
    OVER,
    THEM_VONG,
    GameState,
    bits,
)


def discards(st: GameState, seat: int) -> list[Action]:
    """The legal discards of ``seat``."""
    mask = turns.legal_discard_mask(st, seat)
    if (
        mask
        and st.phase is FINAL_TURN
        and compulsory.final_discard_problem(st, seat) is not None
    ):
        return []  # a lay-down or send is owed first (lay.compulsory, send.compulsory)
    return discards_of(mask)


def eats(st: GameState, seat: int) -> list[Action]:
    """The legal eats of ``seat``, one per distinct ``with`` set."""
    ld = st.last_discard
    if ld is None:
        return []
    card = ld.card
    options = eat.eat_options(st, seat, card)
    if not options:
        return []  # mostly: no comprehension to run
    return [eat_of(card, w) for w in options]


def legal_actions(st: GameState) -> list[Action]:
    """Every legal action of the seat to act (none once the game is over)."""
    ph = st.phase
    seat = st.to_act
    if seat is None or ph is OVER:
        return []
    if st.u_pending is not None and u.u_claimable(st):
        return [CLAIM_U, *_turn_actions(st, seat)]  # u.claimed: claim the ù or play on
    return _turn_actions(st, seat)


def _turn_actions(st: GameState, seat: int) -> list[Action]:
    ph = st.phase
    if ph is AFTER_DRAW or ph is DISCARD_ONLY:
        return discards_of(turns.legal_discard_mask(st, seat))  # discards(), not final
    if ph is DRAW_OR_EAT:
        out: list[Action] = [DRAW] if st.stock else []
        if not st.tai or st.p.rounds_tai_may_eat:
            out += eats(st, seat)
        return out
    if ph is THEM_VONG:
        return [*eats(st, seat), PASS]
    # Final-round turn: lay-downs, sends, discards.
    out = []
    for phom in melds.phoms_in(st.hands[seat]):
        if laydown.lay_down_problem(st, seat, [phom]) is None:
            out.append(lay_down_of(phom))
    for t, k, fit in laydown.send_targets(st, seat):
        for c in bits(fit):
            if laydown.send_keeps_hand(st, seat, c) is None:
                out.append(send_of(c, t, k))
    out += discards(st, seat)
    return out
