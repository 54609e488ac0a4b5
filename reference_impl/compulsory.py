"""Lay-downs and sends owed before the final discard, where the ruleset's reading makes them
compulsory (AMB.HOLD-BACK reading lay-all: ``lay.compulsory``; AMB.SEND-COMPULSORY reading
compulsory: ``send.compulsory``).  Both are off in every shipped ruleset (LAY.HOLD-BACK,
SEND.OPTIONAL).

Each refusal is made only while the action it asks for is legal now, so a refused discard
always leaves a lay-down or a send to make.  The timeout auto-play does not go through these
checks: it discards directly (TIME.AUTO-PLAY, TIME.FINAL-ROUND-MOM).
"""

from __future__ import annotations

from phomspec.reasons import Reason
from reference_impl import laydown, melds
from reference_impl.rulings import Rejected, reject
from reference_impl.state import CODES, GameState, bits


def phom_to_lay(st: GameState, seat: int) -> int:
    """A phỏm of the hand that ``seat`` may lay now and still keep a card to discard
    (TURN.DISCARD-ENDS-TURN), as a mask; 0 when there is none."""
    hand = st.hands[seat]
    if not melds.covered(hand):
        return 0
    for ph in melds.phoms_in(hand):
        # lay_down_problem refuses a lay-down that leaves nothing to discard
        # (LAY_DOWN_LAST_CARD), so the whole hand is never owed.
        if laydown.lay_down_problem(st, seat, [ph]) is None:
            return ph
    return 0


def send_to_make(st: GameState, seat: int) -> tuple[int, int, int] | None:
    """(card, seat, phỏm index) of a legal send by ``seat`` now, or None.  A send never
    takes the last card (SEND_LAST_CARD), so that card may always be discarded."""
    for t, k, fit in laydown.send_targets(st, seat):
        for c in bits(fit):
            if laydown.send_keeps_hand(st, seat, c) is None:
                return c, t, k
    return None


def final_discard_problem(st: GameState, seat: int) -> Rejected | None:
    """What forbids every final-round discard of ``seat`` now (a lay-down or send still
    owed), or None."""
    p = st.p
    if p.lay_compulsory:
        ph = phom_to_lay(st, seat)
        if ph:
            cards = " ".join(CODES[c] for c in bits(ph))
            return reject(
                Reason.DISCARD_PHOM_NOT_LAID,
                "LAY.HOLD-BACK",
                f"lay down {cards} first: no phỏm may stay in hand at the final discard",
            )
    if p.send_compulsory:
        send = send_to_make(st, seat)
        if send is not None:
            c, t, k = send
            return reject(
                Reason.DISCARD_SEND_PENDING,
                "SEND.OPTIONAL",
                f"send {CODES[c]} to {t}:{k} first: every card that fits must be sent"
                " before the final discard",
            )
    return None
