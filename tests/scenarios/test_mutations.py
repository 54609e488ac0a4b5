"""The suite catches wrong engines: every mutant of the catalog (conformance.mutants) breaks a
clause, and the scenarios tagged with that clause fail on it, most of them on that clause."""

from __future__ import annotations

from functools import cache

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.errors import StepFailure
from conformance.mutants.base import Mutant
from conformance.mutants.catalog import MUTANTS
from conformance.mutants.driver import MutantDriver
from conformance.mutants.score import SURVIVOR_NOTES
from conformance.protocol import Driver
from conformance.suite.discover import load_scenarios
from conformance.suite.model import Scenario

#: Mutants caught by their clauses' scenarios on a step that checks another clause (the
#: mistake shows downstream), with the clause the failing steps name.
CAUGHT_ON_ANOTHER_CLAUSE = {
    "send-scored": "RANK.DEADWOOD-POINTS",  # the sender's points are wrong
    "send-not-extended": "SEND.ALLOWED",  # the refused second send is a legal one
    "den-direct-everywhere": "DEN.CHOT-LIABILITY",  # the wrong seat is liable
    "rank-mom-by-points": "RANK.ORDER",  # the móm seat ranks among the others
}


@cache
def _suite() -> tuple[Scenario, ...]:
    return tuple(load_scenarios())


def _relevant(mutant: Mutant) -> list[Scenario]:
    return [
        s
        for s in _suite()
        if set(mutant.clauses) & set(s.clauses)
        and (mutant.rulesets is None or s.ruleset in mutant.rulesets)
    ]


def _failures(scenarios: list[Scenario], driver: Driver) -> list[tuple[str, str | None]]:
    driver.start()
    out = []
    try:
        for s in scenarios:
            try:
                s.run(driver)
            except StepFailure as e:
                out.append((s.id, e.clause))
    finally:
        driver.close()
    return out


def test_at_least_ten_clauses_are_mutated() -> None:
    assert len({c for m in MUTANTS for c in m.clauses}) >= 10


def test_the_exceptions_are_catalog_mutants() -> None:
    ids = {m.id for m in MUTANTS}
    assert set(CAUGHT_ON_ANOTHER_CLAUSE) <= ids
    assert set(SURVIVOR_NOTES) <= ids


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.id for m in MUTANTS])
def test_mutant_fails_on_its_clause(mutant: Mutant) -> None:
    scenarios = _relevant(mutant)
    assert scenarios, f"no scenario checks {', '.join(mutant.clauses)}"
    assert _failures(scenarios, InProcessDriver()) == [], "the reference engine must pass them"
    failures = _failures(scenarios, MutantDriver(mutant))
    if mutant.id in SURVIVOR_NOTES:
        assert failures == [], f"{mutant.id} is killed now: drop its survivor note"
        return
    assert failures, f"mutant {mutant.id} survives all {len(scenarios)} scenarios of its clauses"
    named = {clause for _, clause in failures}
    want = CAUGHT_ON_ANOTHER_CLAUSE.get(mutant.id)
    if want is None:
        assert named & set(mutant.clauses), (
            f"mutant {mutant.id} is caught, but never on {mutant.clauses}: {failures[:5]}"
        )
    else:
        assert want in named, (mutant.id, failures[:5])
