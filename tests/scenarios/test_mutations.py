"""The suite catches wrong engines: every mutant of the catalog (conformance.mutants) breaks a
clause, and the scenarios tagged with that clause fail on it, on one of the mutant's clauses."""

from __future__ import annotations

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.errors import StepFailure
from conformance.mutants.base import Mutant
from conformance.mutants.catalog import MUTANTS
from conformance.mutants.driver import MutantDriver
from conformance.mutants.score import SURVIVOR_NOTES
from conformance.protocol import Driver
from conformance.suite.model import Scenario
from tests.shared import kit_suite


def _relevant(mutant: Mutant) -> list[Scenario]:
    return [
        s
        for s in kit_suite()
        if set(mutant.clauses) & set(s.clauses)
        and (mutant.rulesets is None or s.ruleset in mutant.rulesets)
    ]


def _named(failures: list[tuple[str, str | None]]) -> set[str]:
    """The clauses the failures name (a failure may name several, ``A|B``)."""
    return {c for _, clause in failures for c in (clause or "").split("|")}


def _failures(scenarios: list[Scenario], driver: Driver,
              until: tuple[str, ...] = ()) -> list[tuple[str, str | None]]:
    """The scenarios' failures on ``driver``; with ``until``, up to the first failure that
    names one of those clauses (what the test asks is then answered)."""
    driver.start()
    out = []
    try:
        for s in scenarios:
            try:
                s.run(driver)
            except StepFailure as e:
                out.append((s.id, e.clause))
                if _named(out[-1:]) & set(until):
                    break
    finally:
        driver.close()
    return out


class _Reference:
    """The reference engine's failures of each scenario, each scenario played once in one
    session however many mutants share it (a scenario's games do not depend on the games
    before it)."""

    def __init__(self) -> None:
        self.driver: Driver | None = None
        self.failures: dict[str, list[tuple[str, str | None]]] = {}

    def of(self, scenarios: list[Scenario]) -> list[tuple[str, str | None]]:
        if self.driver is None:
            self.driver = InProcessDriver()
            self.driver.start()
        for s in scenarios:
            if s.id not in self.failures:
                try:
                    s.run(self.driver)
                    self.failures[s.id] = []
                except StepFailure as e:
                    self.failures[s.id] = [(s.id, e.clause)]
        return [f for s in scenarios for f in self.failures[s.id]]


_REFERENCE = _Reference()


def test_at_least_ten_clauses_are_mutated() -> None:
    assert len({c for m in MUTANTS for c in m.clauses}) >= 10


def test_the_exceptions_are_catalog_mutants() -> None:
    ids = {m.id for m in MUTANTS}
    assert set(SURVIVOR_NOTES) <= ids


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.id for m in MUTANTS])
def test_mutant_fails_on_its_clause(mutant: Mutant) -> None:
    scenarios = _relevant(mutant)
    assert scenarios, f"no scenario checks {', '.join(mutant.clauses)}"
    assert _REFERENCE.of(scenarios) == [], "the reference engine must pass them"
    # a survivor plays every scenario (none may name its clauses); another one stops at the
    # first failure on one of its clauses
    survivor = mutant.id in SURVIVOR_NOTES
    failures = _failures(scenarios, MutantDriver(mutant), () if survivor else mutant.clauses)
    named = _named(failures)
    if survivor:
        assert not named & set(mutant.clauses), f"{mutant.id} is killed now: drop its note"
        return
    assert failures, f"mutant {mutant.id} survives all {len(scenarios)} scenarios of its clauses"
    assert named & set(mutant.clauses), (
        f"mutant {mutant.id} is caught, but never on {mutant.clauses}: {failures[:5]}"
    )
