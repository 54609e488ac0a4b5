"""Mutants of the invariants every game keeps: a refusal changes nothing, money sums to zero.

No rule function of the reference makes these mistakes, so they rewrite its replies instead.
"""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import Mutant, Rewrite, rewrite_replies


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


MUTANTS: tuple[Mutant, ...] = (
    # From tests/scenarios/test_mutations.py (refusal-changes-state, money-leaks):
    Mutant("inv-refusal-changes-state", "invariants", "a refused action still changes the state",
           ("INV.REJECT-UNCHANGED",), rewrite_replies(_refusal_changes_state)),
    Mutant("inv-money-leaks", "invariants", "the table's money does not sum to zero",
           ("INV.ZERO-SUM",), rewrite_replies(_money_leaks)),
)
