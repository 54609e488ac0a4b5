"""The one step library: step text -> handler, used by the executor and by pytest-bdd.

Every step of the suite is matched here, by a regular expression, to one handler that is
thin over the Driver (through :class:`conformance.suite.play.Play`). The pytest-bdd step
definitions are generated from this same registry (:mod:`conformance.suite.steps.bdd`), so a
step reaches its verdict by one path whichever runner plays it. The steps depend on
:mod:`conformance.suite.play` and :mod:`conformance.suite.model` (and the cards helpers below
them), never on the loaders.

Steps speak the game's terms, e.g.::

    Given a 4-player "hoi-quan-bai" game
    Given seat 0 holds 7S 7D 7H 4H 5H 6H 9C JD QS KH
    When seat 1 eats 5H with 6H 7H
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    Then seat 2 pays seat 1 4 for ăn chốt

The When steps of actions are the forms of the action grammar
(:mod:`reference_impl.action_text`) in the third person. Every Then step may end with
``under clause <ID>``: a failure of the step is reported under that clause; otherwise under
the clause the step implies when the scenario names it, else under the scenario's first
clause.
"""

from __future__ import annotations

# Importing each module of steps registers its steps in REGISTRY.
from conformance.suite.steps import given as given
from conformance.suite.steps import questions as questions
from conformance.suite.steps import then_checks as then_checks
from conformance.suite.steps import then_outcome as then_outcome
from conformance.suite.steps import then_rulings as then_rulings
from conformance.suite.steps import then_table as then_table
from conformance.suite.steps import when as when
from conformance.suite.steps.registry import REGISTRY, StepDef, match_step, step

__all__ = ["REGISTRY", "StepDef", "match_step", "step"]
