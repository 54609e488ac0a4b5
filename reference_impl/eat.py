"""Eating: which eats are legal, what an eat costs, and what it does (TURN.EAT.*, EAT.*).

A seat eats the previous seat's latest discard with hand cards that make a phỏm with it
(TURN.EAT.PREVIOUS-ONLY, TURN.EAT.MAKES-PHOM), and pays for it at once (EAT.PAID-AT-ONCE).
Where the ruleset keeps eaten cards in phỏm (TURN.EAT.KEEP-IN-PHOM, TURN.EAT.DISTINCT-PHOM),
an eat must leave every eaten card coverable by a phỏm of its own.
"""

from __future__ import annotations

from phomspec.reasons import Reason
from reference_impl import melds, rounds, u
from reference_impl.actions import Eat
from reference_impl.errors import EngineError
from reference_impl.rulings import Rejected, reject
from reference_impl.state import (
    AFTER_DRAW,
    CARD_BITS,
    CODES,
    DISCARD_ONLY,
    DRAW_OR_EAT,
    FINAL_TURN,
    THEM_VONG,
    GameState,
    LastDiscard,
    cores_of,
    pay,
)

_KING = 12


def eat_with_ok(st: GameState, seat: int, card: int, with_mask: int) -> bool:
    """Does eating ``card`` with ``with_mask`` keep every eaten card coverable?"""
    p = st.p
    if not st.eaten[seat] & st.hands[seat] or not p.eat_keep_in_phom:
        return True  # no eaten card in hand: the new one is in the phỏm it is eaten with
    hand = st.hands[seat] | (1 << card)
    ue = (st.eaten[seat] & st.hands[seat]) | (1 << card)
    if p.eat_binding_declaration:
        cores = cores_of(st, st.eaten[seat] & st.hands[seat])
        return all(not core & with_mask for core in cores)
    if ue == 1 << card:
        return True  # the named phỏm holds the only eaten card
    return melds.can_cover(hand, ue, p.eat_distinct_phom)


def eat_options(st: GameState, seat: int, card: int) -> list[int]:
    """Every ``with`` set (as a mask) of a legal eat of ``card`` by ``seat``."""
    hand = st.hands[seat]
    if st.eaten[seat] & hand and st.p.eat_distinct_phom:
        hand &= ~st.eaten[seat]
    if not melds.may_join(card, hand):
        return []
    out: list[int] = []
    bit = 1 << card
    for ph in melds.PHOMS_CONTAINING[card]:
        w = ph & ~bit
        if w & hand == w and eat_with_ok(st, seat, card, w):
            out.append(w)
    return out


def check_eat(st: GameState, seat: int, action: Eat) -> Rejected | None:
    ph = st.phase
    if ph is not DRAW_OR_EAT and ph is not THEM_VONG:
        if ph is DISCARD_ONLY:
            return reject(
                Reason.EAT_NOTHING_TO_EAT,
                "TURN.OPENING-DISCARD",
                "nothing to eat on the opening turn",
            )
        return reject(Reason.WRONG_PHASE, "TURN.DRAW-OR-EAT", "already drew or ate this turn")
    ld = st.last_discard
    if ld is None:
        return reject(
            Reason.EAT_NOTHING_TO_EAT,
            "TURN.EAT.PREVIOUS-ONLY",
            "the previous seat's latest discard is no longer there to eat",
        )
    if ph is DRAW_OR_EAT and st.tai and not st.p.rounds_tai_may_eat:
        return reject(Reason.EAT_ROUND_NOT_ALLOWED, "ROUND.TAI-ACTIONS", "no eating on a tái turn")
    if action.card != ld.card:
        return reject(
            Reason.EAT_NOT_LATEST_DISCARD,
            "TURN.EAT.PREVIOUS-ONLY",
            f"only {CODES[ld.card]}, the previous seat's latest discard, can be eaten",
        )
    hand = st.hands[seat]
    w = 0
    for c in action.with_:
        if not hand >> c & 1:
            return reject(
                Reason.CARD_NOT_IN_HAND, "TURN.CARD-IN-HAND", f"{CODES[c]} is not in hand"
            )
        w |= 1 << c
    if w & st.eaten[seat] and st.p.eat_distinct_phom:
        return reject(
            Reason.EAT_WITH_EATEN_CARD,
            "TURN.EAT.DISTINCT-PHOM",
            "an eaten card cannot make a phỏm with another eaten card",
        )
    if len(action.with_) < 2 or not melds.is_phom(w | (1 << ld.card)):
        return reject(
            Reason.EAT_NOT_A_PHOM,
            "TURN.EAT.MAKES-PHOM",
            f"{CODES[ld.card]} with {' '.join(CODES[c] for c in action.with_)} is not a phỏm",
        )
    if not eat_with_ok(st, seat, ld.card, w):
        return reject(
            Reason.EAT_BREAKS_EATEN_PHOM,
            "TURN.EAT.DISTINCT-PHOM",
            "after this eat the eaten cards could not each be in a phỏm of their own",
        )
    return None


def eat_price(
    st: GameState, victim: int, card: int, ld: LastDiscard, chot: bool
) -> tuple[int, str, str]:
    """(amount, reason, clause) of an eat; counts it for the victim (EAT.*)."""
    p = st.p
    if not chot or p.eat_penalty_chot_counts:
        st.eaten_count[victim] += 1
    if p.eat_penalty_king_by_round is not None and card % 13 == _KING:
        # EXTRA.CA-K replaces the ordinary price; its round is the discarder's turn's, or
        # (AMB.CA-K-ROUND pile-place) the King's place in the pile it was just taken from
        rnd = ld.round if p.eat_penalty_king_round == "discarder_turn" else \
            len(st.piles[victim]) + 1
        return p.eat_penalty_king_by_round[rnd - 1], "ca_k", "EXTRA.CA-K"
    if chot:
        return p.eat_penalty_chot, "eat_chot", "EAT.CHOT-PRICE"
    n = st.eaten_count[victim] if p.eat_penalty_counting == "per_victim" else ld.round
    table = p.eat_penalty_by_count
    return table[min(n, len(table)) - 1], "eat", "EAT.NTH-CARD"


def do_eat(st: GameState, seat: int, action: Eat) -> None:
    ld = st.last_discard
    if ld is None:
        raise EngineError("eat without a discard")
    them_vong = st.phase is THEM_VONG
    victim, card = ld.seat, ld.card
    chot = ld.chot or them_vong  # EAT.THEM-VONG: paid as a chốt eat
    bit = 1 << card
    eater_before = st.latest_eater
    st.events.append(("ate", seat, card, victim, action.with_, chot))  # rulings.event_dict
    st.hands[seat] |= bit
    st.eaten[seat] |= bit
    if st.p.eat_binding_declaration:
        st.cores[card] = bit | sum(1 << c for c in action.with_)
    top = st.piles[victim].pop()
    if top & CARD_BITS != card:
        raise EngineError(f"seat {victim}'s pile top is not its latest discard")
    st.eats_by[seat].append(victim)
    amount, reason, clause = eat_price(st, victim, card, ld, chot)
    if them_vong and reason == "eat_chot":
        clause = "EAT.THEM-VONG"
    pay(st, victim, seat, amount, reason, clause)  # EAT.PAID-AT-ONCE
    st.latest_eater = seat
    if chot:
        st.chot_eater = seat  # DEN.CHOT-LIABILITY-TRANSFER
        st.chot_eaters.append(seat)
    rounds.move_lead_card(st, victim)
    st.last_discard = None
    if them_vong:
        # The thêm vòng eater takes one more final-round turn (ROUND.THEM-VONG.SEQUENCE).
        rounds.begin_turn(st, seat, announce=False)
        st.eater_before_turn = eater_before
        st.them_vong_turn = True
    if u.check_u_after(st, seat, victim, chot):
        return
    st.phase = FINAL_TURN if st.final_round else AFTER_DRAW
