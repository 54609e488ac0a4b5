"""Turn order and rounds: whose turn, final-round and tái turns, the lead pointer (chuyển bài).

The pointer model (docs/readings.md, ROUND.*): a seat is in the final round when its discard
pile holds 3 cards at the start of its turn, and then its discard is a cây chốt.  An eat
takes the victim's latest discard off its pile; the lead pointer starts at ``first``, and at
every eat, if the lead is not the victim, the lead's most recent pile card moves to the
victim's pile (ROUND.CHUYEN-BAI); then the lead moves one seat on (ROUND.LEAD-POINTER).
After a discard that leaves every pile of a seat in play at 4 cards, the game is over
(ROUND.GAME-END) or, where the ruleset has it, thêm vòng is offered (ROUND.THEM-VONG).
"""

from __future__ import annotations

from reference_impl.errors import EngineError
from reference_impl.rulings import TURN_EVENTS
from reference_impl.state import CARD_BITS, CODES, DRAW_OR_EAT, MOVED, GameState, next_active


def begin_turn(st: GameState, seat: int, announce: bool = True) -> None:
    """Seat ``seat`` is to act; decide whether this is a final-round (or tái) turn."""
    k = len(st.piles[seat])
    if k > 3:
        raise EngineError(f"seat {seat} is to act with {k} cards in its pile")
    st.to_act = seat
    st.turn_no += 1
    st.turn_pile = k
    st.turn_drew = False
    st.turn_sent = False
    final = st.final_round = k == 3  # ROUND.COUNT-BY-PILE
    tai = False
    if final:
        tai = st.had_final[seat]  # ROUND.TAI
        if not tai:
            st.had_final[seat] = True
            st.first_final[seat] = st.turn_no
        st.last_final[seat] = st.turn_no
    st.tai = tai
    st.eater_before_turn = st.latest_eater
    st.phase = DRAW_OR_EAT
    if announce:
        st.events.append(TURN_EVENTS[seat][final][tai])  # compact: rulings.event_dict


def all_piles_full(st: GameState) -> bool:
    """Does every pile of a seat in play hold 4 cards (ROUND.GAME-END)?"""
    left = st.left
    for s, pile in enumerate(st.piles):  # noqa: SIM110 (a loop: no generator per call)
        if len(pile) != 4 and not left[s]:
            return False
    return True


def move_lead_card(st: GameState, victim: int) -> None:
    """Chuyển bài (ROUND.CHUYEN-BAI, ROUND.LEAD-IS-VICTIM), then the lead moves on."""
    lead = st.lead
    if lead != victim:
        pile = st.piles[lead]
        if not pile:
            raise EngineError(f"chuyển bài: the lead's pile (seat {lead}) is empty")
        moved = pile.pop()
        st.piles[victim].append(moved | MOVED)
        st.events.append(
            {"type": "moved", "card": CODES[moved & CARD_BITS], "from": lead, "to": victim}
        )
    st.lead = next_active(st, lead)
