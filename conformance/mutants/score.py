"""Mutation score: does the suite kill each mutant, does the fuzzer, and why survivors live."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.fuzz.summary import triage
from conformance.mutants.base import Mutant
from conformance.mutants.catalog import MUTANTS
from conformance.mutants.driver import MutantDriver

#: Why a mutant that survives both the suite and the fuzzer lives (reviewed by hand).
SURVIVOR_NOTES: dict[str, str] = {
    "money-chot-not-counted": (
        "equivalent in practice: once a victim's chốt is eaten, all its later discards are"
        " chốt too, so the count of its eaten cards only matters if chuyển bài takes a card"
        " from its pile and brings it back below three: no game of the run did that"),
}


@dataclass(frozen=True)
class MutantScore:
    """What killed one mutant (or nothing)."""

    mutant: Mutant
    suite_killed: bool | None
    suite_killers: tuple[str, ...] = ()
    fuzz_killed: bool | None = None
    fuzz_game: int | None = None
    fuzz_clause: str | None = None
    fuzz_games: int = 0
    seconds: float = 0.0
    note: str | None = None

    @property
    def killed(self) -> bool:
        return bool(self.suite_killed) or bool(self.fuzz_killed)

    @property
    def headline_own(self) -> bool | None:
        """Does the fuzzer's headline cluster cite one of the mutant's own clauses (None:
        the fuzzer did not kill it)?"""
        return None if not self.fuzz_killed else self.fuzz_clause in self.mutant.clauses

    def to_json(self) -> dict[str, Any]:
        m = self.mutant
        return {"id": m.id, "topic": m.topic, "title": m.title, "clauses": list(m.clauses),
                "suite_killed": self.suite_killed, "suite_killers": list(self.suite_killers),
                "fuzz_killed": self.fuzz_killed, "fuzz_game": self.fuzz_game,
                "fuzz_clause": self.fuzz_clause, "headline_own_clause": self.headline_own,
                "fuzz_games": self.fuzz_games,
                "killed": self.killed, "seconds": round(self.seconds, 3), "note": self.note}


@dataclass
class Scoreboard:
    scores: list[MutantScore] = field(default_factory=list)
    baseline_failures: tuple[str, ...] = ()
    scenarios: int = 0

    def rate(self, which: str) -> tuple[int, int]:
        n = len(self.scores)
        if which == "suite":
            return sum(1 for s in self.scores if s.suite_killed), n
        if which == "fuzz":
            return sum(1 for s in self.scores if s.fuzz_killed), n
        return sum(1 for s in self.scores if s.killed), n

    @property
    def survivors(self) -> list[MutantScore]:
        return [s for s in self.scores if not s.killed]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mutants": [s.to_json() for s in self.scores],
                               "scenarios": self.scenarios,
                               "baseline_failures": list(self.baseline_failures)}
        for which in ("suite", "fuzz", "total"):
            k, n = self.rate(which)
            out[f"{which}_score"] = {"killed": k, "mutants": n,
                                     "score": round(k / n, 4) if n else None}
        out["survivors"] = [{"id": s.mutant.id, "title": s.mutant.title, "why": s.note}
                            for s in self.survivors]
        killed = [s for s in self.scores if s.fuzz_killed]
        own = [s for s in killed if s.headline_own]
        out["headline_clause"] = {
            "killed_by_fuzz": len(killed), "cites_own_clause": len(own),
            "share": round(len(own) / len(killed), 4) if killed else None,
            "others": [{"id": s.mutant.id, "headline": s.fuzz_clause,
                        "own_clauses": list(s.mutant.clauses)}
                       for s in killed if not s.headline_own]}
        return out


def _failing(results: Iterable[Any]) -> list[str]:
    return [r.id for r in results if r.outcome.is_failure]


def suite_runner(scenarios: Sequence[Any]) -> Callable[[Mutant | None], list[str]]:
    """A function running the suite on the reference (None) or on a mutant; it returns the
    ids of the scenarios that fail."""
    from conformance.drivers.inprocess import InProcessDriver
    from conformance.runner import Runner

    def run(mutant: Mutant | None) -> list[str]:
        driver = InProcessDriver() if mutant is None else MutantDriver(mutant)
        return _failing(Runner(driver).run(scenarios).results)

    return run


def fuzz_kill(mutant: Mutant, games: int, seed: int) -> tuple[int | None, str | None]:
    """(index of the first game that diverges, the clause of the headline cluster: the
    largest cluster of the fuzzer's divergences, conformance.fuzz.signature), or
    (None, None)."""
    driver = MutantDriver(mutant)
    hello = driver.start()
    try:
        found = triage(driver, hello, games, seed, mutant.rulesets)
    finally:
        driver.close()
    head = found.headline
    return found.first_game, head.clause if head is not None else None


def score(mutants: Sequence[Mutant] = MUTANTS, games: int = 1000, seed: int = 0,
          suite: bool = True, fuzz: bool = True,
          on_score: Callable[[MutantScore], None] | None = None,
          scenarios: Sequence[Any] | None = None) -> Scoreboard:
    """Score every mutant against the suite (scenarios that pass on the reference) and the
    differential fuzzer (``games`` games from ``seed``)."""
    board = Scoreboard()
    run_suite: Callable[[Mutant | None], list[str]] | None = None
    baseline: set[str] = set()
    if suite:
        if scenarios is None:
            from conformance.suite.discover import load_scenarios

            scenarios = load_scenarios()
        board.scenarios = len(scenarios)
        run_suite = suite_runner(scenarios)
        baseline = set(run_suite(None))
        board.baseline_failures = tuple(sorted(baseline))
    for m in mutants:
        started = time.perf_counter()
        suite_killed: bool | None = None
        killers: tuple[str, ...] = ()
        if run_suite is not None:
            killers = tuple(x for x in run_suite(m) if x not in baseline)
            suite_killed = bool(killers)
        game: int | None = None
        clause: str | None = None
        fuzz_killed: bool | None = None
        if fuzz:
            game, clause = fuzz_kill(m, games, seed)
            fuzz_killed = game is not None
        killed = bool(suite_killed) or bool(fuzz_killed)
        note = None if killed else SURVIVOR_NOTES.get(
            m.id, "not reached: no scenario and no fuzzed game exercised this rule")
        s = MutantScore(m, suite_killed, killers[:5], fuzz_killed, game, clause,
                        games if fuzz else 0, time.perf_counter() - started, note)
        board.scores.append(s)
        if on_score:
            on_score(s)
    return board
