"""The one step library: step text -> handler, used by Scenario.run and by pytest-bdd.

Every step of the suite is matched here, by a regular expression, to one handler that is
thin over the Driver (through :class:`conformance.scenario.Play`). The pytest-bdd step
definitions are generated from this same registry (:func:`bind_pytest_bdd`), so a step
reaches its verdict by one path whichever runner plays it.

Steps speak the game's terms, e.g.::

    Given a 4-player "hoi-quan-bai" game
    Given seat 0 holds 7S 7D 7H 4H 5H 6H 9C JD QS KH
    When seat 1 eats 5H with 6H 7H
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    Then seat 2 pays seat 1 4 for ăn chốt

Every Then step may end with ``under clause <ID>``: a failure of the step is reported under
that clause; otherwise under the clause the step implies when the scenario names it, else
under the scenario's first clause.
"""

from __future__ import annotations

# Importing each module of steps registers its steps in REGISTRY.
from conformance.steps import given as given
from conformance.steps import then_checks as then_checks
from conformance.steps import then_outcome as then_outcome
from conformance.steps import then_rulings as then_rulings
from conformance.steps import then_table as then_table
from conformance.steps import when as when
from conformance.steps.bdd import bind_pytest_bdd
from conformance.steps.grammar import (
    CARD,
    CARDS,
    CLAUSE,
    PAYMENT_REASONS,
    REASON_CLAUSE,
    VERBS,
    StepError,
    Verb,
    action_key,
    block_lines,
    card_code,
    card_list,
    describe_action,
    legal_lines,
    parse_action_line,
    payment_lines,
    phom_list,
    ranking_list,
    totals_list,
)
from conformance.steps.registry import REGISTRY, StepDef, match_step, step
from conformance.steps.then_checks import misplaced_cards

__all__ = [
    "CARD",
    "CARDS",
    "CLAUSE",
    "PAYMENT_REASONS",
    "REASON_CLAUSE",
    "REGISTRY",
    "VERBS",
    "StepDef",
    "StepError",
    "Verb",
    "action_key",
    "bind_pytest_bdd",
    "block_lines",
    "card_code",
    "card_list",
    "describe_action",
    "legal_lines",
    "match_step",
    "misplaced_cards",
    "parse_action_line",
    "payment_lines",
    "phom_list",
    "ranking_list",
    "step",
    "totals_list",
]
