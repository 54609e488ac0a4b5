"""Mutants of the invariants every game keeps: a refusal changes nothing, money sums to zero.

No rule function of the reference makes these mistakes, so they rewrite its replies instead.
"""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import Fn, Mutant, Patch, Rewrite, rewrite_replies, wrap
from reference_impl import eat, laydown, rounds
from reference_impl.actions import Send
from reference_impl.state import GameState


def _refusal_changes_state() -> Rewrite:
    """A refused action still changes the state: the stock has one card less afterwards, as
    if the engine had drawn before refusing."""
    touched = {"flag": False}

    def rewrite(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
        if request.get("type") == "new_game":
            touched["flag"] = False
        if request.get("type") == "apply" and reply.get("ruling") == "rejected":
            touched["flag"] = True
        state = reply.get("state")
        if request.get("type") == "state" and touched["flag"] and isinstance(state, dict):
            return dict(reply, state=dict(state, stock_count=state["stock_count"] - 1))
        return reply

    return rewrite


def _money_leaks() -> Rewrite:
    """The table's money does not sum to zero: seat 0 has lost a stake."""

    def rewrite(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
        state = reply.get("state")
        if request.get("type") == "state" and isinstance(state, dict) and state.get("money"):
            money = list(state["money"])
            money[0] -= 1
            return dict(reply, state=dict(state, money=money))
        return reply

    return rewrite



def _eaten_card_stays() -> list[Patch]:
    # The eaten card is also left on the victim's pile: two places (INV.52-CARDS).
    def do_eat_of(orig: Fn) -> Fn:
        def do_eat(st: GameState, seat: int, action: Any) -> None:
            ld = st.last_discard
            orig(st, seat, action)
            if ld is not None:
                st.piles[ld.seat].insert(0, ld.card)
        return do_eat
    return [wrap(eat, "do_eat", do_eat_of)]


def _ends_at_first_full_pile() -> list[Patch]:
    # The game ends when one pile holds four cards (INV.PILES-FOUR, ROUND.GAME-END).
    def full(orig: Fn) -> Fn:
        def all_piles_full(st: GameState) -> bool:
            return bool(orig(st)) or any(len(st.piles[s]) >= 4 and not st.left[s]
                                         for s in range(st.n))
        return all_piles_full
    return [wrap(rounds, "all_piles_full", full)]


def _sent_to_last_phom() -> list[Patch]:
    # A card checked against the named phỏm is added to the owner's latest phỏm (an index
    # mix-up), which it may not fit (INV.LAID-VALID broken).
    def send(orig: Fn) -> Fn:
        def do_send(st: GameState, seat: int, action: Any) -> None:
            last = len(st.laid_now[action.seat]) - 1
            orig(st, seat, Send(action.card, action.seat, last))
        return do_send

    return [wrap(laydown, "do_send", send)]


MUTANTS: tuple[Mutant, ...] = (
    # From tests/scenarios/test_mutations.py (refusal-changes-state, money-leaks):
    Mutant("inv-refusal-changes-state", "invariants", "a refused action still changes the state",
           ("INV.REJECT-UNCHANGED",), rewrite_replies(_refusal_changes_state)),
    Mutant("inv-money-leaks", "invariants", "the table's money does not sum to zero",
           ("INV.ZERO-SUM", "MONEY.ZERO-SUM"), rewrite_replies(_money_leaks)),
    Mutant("inv-eaten-card-stays", "invariants", "an eaten card also stays on the victim's"
           " pile", ("INV.52-CARDS",), _eaten_card_stays),
    Mutant("inv-ends-at-first-full-pile", "invariants", "the game ends when one pile holds"
           " four cards", ("INV.PILES-FOUR", "ROUND.GAME-END", "ROUND.PILES-END-AT-FOUR",
                           "INV.STOCK-EMPTY-4P", "ROUND.FOUR-ROUNDS"), _ends_at_first_full_pile),
    Mutant("inv-sent-to-last-phom", "invariants", "a sent card lands in the owner's latest"
           " phỏm, not the one named", ("INV.LAID-VALID",), _sent_to_last_phom),
)
