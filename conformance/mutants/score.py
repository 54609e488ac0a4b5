"""Mutation score: does the suite kill each mutant, does the fuzzer, on which clause, and why
survivors live.

A kill counts only on the mutant's own clauses: a scenario that passes on the reference fails
with outcome ``fail`` (not an error, a crash or a timeout, which a broken patch would give)
on a step citing one of them, or a fuzzed game diverges citing one of them.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from conformance.fuzz.summary import triage
from conformance.mutants.base import Mutant
from conformance.mutants.catalog import BY_ID, MUTANTS
from conformance.mutants.coverage import clause_coverage
from conformance.mutants.driver import MutantDriver
from conformance.outcomes import Outcome

#: Why a mutant that survives both the suite and the fuzzer lives (reviewed by hand).
SURVIVOR_NOTES: dict[str, str] = {
    "money-chot-not-counted": (
        "equivalent in practice: once a victim's chốt is eaten, all its later discards are"
        " chốt too, so the count of its eaten cards only matters if chuyển bài takes a card"
        " from its pile and brings it back below three: no game of the run did that"),
}


@dataclass(frozen=True)
class MutantScore:
    """What killed one mutant (or nothing), and on which of its clauses."""

    mutant: Mutant
    suite_killed: bool | None
    suite_killers: tuple[str, ...] = ()
    fuzz_killed: bool | None = None
    fuzz_game: int | None = None
    fuzz_clause: str | None = None
    fuzz_games: int = 0
    seconds: float = 0.0
    note: str | None = None
    killed_on: tuple[str, ...] = ()
    off_clause: tuple[str, ...] = ()
    #: The clause of the fuzzer's headline cluster (None: no fuzzed game diverged).
    fuzz_headline: str | None = None

    @property
    def killed(self) -> bool:
        return bool(self.suite_killed) or bool(self.fuzz_killed)

    @property
    def headline_own(self) -> bool | None:
        """Does the fuzzer's headline cluster cite one of the mutant's own clauses (None:
        no fuzzed game diverged)?"""
        return None if self.fuzz_headline is None else self.fuzz_headline in self.mutant.clauses

    @property
    def killed_on_clause(self) -> str | None:
        """The first of the mutant's clauses a kill cited (None: not killed)."""
        return self.killed_on[0] if self.killed_on else None

    def to_json(self) -> dict[str, Any]:
        m = self.mutant
        return {"id": m.id, "topic": m.topic, "title": m.title, "clauses": list(m.clauses),
                "suite_killed": self.suite_killed, "suite_killers": list(self.suite_killers),
                "fuzz_killed": self.fuzz_killed, "fuzz_game": self.fuzz_game,
                "fuzz_clause": self.fuzz_clause, "fuzz_headline": self.fuzz_headline,
                "headline_own_clause": self.headline_own, "fuzz_games": self.fuzz_games,
                "killed": self.killed, "killed_on_clause": self.killed_on_clause,
                "killed_on_clauses": list(self.killed_on),
                "failures_on_other_clauses": list(self.off_clause),
                "seconds": round(self.seconds, 3), "note": self.note}


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
            "others": [{"id": s.mutant.id, "headline": s.fuzz_headline,
                        "own_clauses": list(s.mutant.clauses)}
                       for s in killed if not s.headline_own],
            "off_clause_only": [{"id": s.mutant.id, "headline": s.fuzz_headline,
                                 "own_clauses": list(s.mutant.clauses)}
                                for s in self.scores
                                if s.fuzz_headline is not None and not s.fuzz_killed]}
        out["clause_coverage"] = clause_coverage(
            {s.mutant.id: s.killed_on for s in self.scores}, [s.mutant for s in self.scores])
        return out


def cited(result: Any) -> tuple[str, ...]:
    """The clauses a failed scenario's failure cites ("A|B" names several)."""
    return tuple(c for c in (result.clause or "").split("|") if c)


def suite_runner(scenarios: Sequence[Any]) -> Callable[[Mutant | None], list[Any]]:
    """A function running the suite on the reference (None) or on a mutant; it returns the
    results of the scenarios that fail (any failing outcome)."""
    from conformance.drivers.inprocess import InProcessDriver
    from conformance.runner import Runner

    def run(mutant: Mutant | None) -> list[Any]:
        driver = InProcessDriver() if mutant is None else MutantDriver(mutant)
        return [r for r in Runner(driver).run(scenarios).results if r.outcome.is_failure]

    return run


def suite_kills(mutant: Mutant, failures: Iterable[Any]) -> tuple[list[str], list[str], list[str]]:
    """(scenarios killing ``mutant`` on its clauses, those clauses, other failures as
    "scenario: outcome clause") out of the failures of scenarios that pass on the reference."""
    killers: list[str] = []
    on: list[str] = []
    other: list[str] = []
    own = set(mutant.clauses)
    for r in failures:
        hit = [c for c in cited(r) if c in own] if r.outcome is Outcome.FAIL else []
        if hit:
            killers.append(r.id)
            on.extend(c for c in hit if c not in on)
        else:
            other.append(f"{r.id}: {r.outcome.value} {r.clause or ''}".strip())
    return killers, on, other


def fuzz_kill(mutant: Mutant, games: int, seed: int
              ) -> tuple[int | None, str | None, str | None]:
    """(index of the first game with a divergence whose deciding clause is one of the
    mutant's, that clause, the clause of the headline cluster: the largest cluster of the
    fuzzer's divergences, conformance.fuzz.signature); None where there is none. The games
    go on after divergences, up to the 24 divergent games :func:`triage` stops at."""
    driver = MutantDriver(mutant)
    hello = driver.start()
    try:
        found = triage(driver, hello, games, seed, mutant.rulesets)
    finally:
        driver.close()
    head = found.headline
    own = [c for c in found.clusters.ranked() if c.clause in mutant.clauses]
    first = min(own, key=lambda c: c.first_game) if own else None
    return (None if first is None else first.first_game,
            None if first is None else first.clause, None if head is None else head.clause)


# The state a worker process of score(jobs=N) inherits (fork) from the parent.
_WORK: dict[str, Any] = {}


def _score_one(mutant_id: str) -> MutantScore:
    m = BY_ID.get(mutant_id) or _WORK["extra"][mutant_id]
    run_suite, baseline = _WORK["suite"], _WORK["baseline"]
    games, seed, fuzz = _WORK["games"], _WORK["seed"], _WORK["fuzz"]
    started = time.perf_counter()
    suite_killed: bool | None = None
    killers: list[str] = []
    on: list[str] = []
    other: list[str] = []
    if run_suite is not None:
        failures = [r for r in run_suite(m) if r.id not in baseline]
        killers, on, other = suite_kills(m, failures)
        suite_killed = bool(killers)
    game: int | None = None
    clause: str | None = None
    headline: str | None = None
    fuzz_killed: bool | None = None
    if fuzz:
        game, clause, headline = fuzz_kill(m, games, seed)
        fuzz_killed = game is not None
        if clause is not None and clause not in on:
            on.append(clause)
    killed = bool(suite_killed) or bool(fuzz_killed)
    note = None if killed else SURVIVOR_NOTES.get(m.id, (
        "failures cite other clauses only" if other else
        "not reached: no scenario and no fuzzed game exercised this rule"))
    return MutantScore(m, suite_killed, tuple(killers[:5]), fuzz_killed, game, clause,
                       games if fuzz else 0, time.perf_counter() - started, note,
                       tuple(on), tuple(other[:5]), headline)


def _score_remote(mutant_id: str) -> tuple[str, tuple[Any, ...]]:
    # A mutant holds closures that do not pickle: a worker sends back the id and the rest.
    s = _score_one(mutant_id)
    return mutant_id, tuple(getattr(s, f.name) for f in fields(s)[1:])


def default_jobs() -> int:
    """Every core of the machine."""
    return os.cpu_count() or 1


def score(mutants: Sequence[Mutant] = MUTANTS, games: int = 1000, seed: int = 0,
          suite: bool = True, fuzz: bool = True,
          on_score: Callable[[MutantScore], None] | None = None,
          scenarios: Sequence[Any] | None = None, jobs: int = 1) -> Scoreboard:
    """Score every mutant against the suite (scenarios that pass on the reference) and the
    differential fuzzer (``games`` games from ``seed``), ``jobs`` mutants at a time (worker
    processes; the scores come back in catalog order whatever ``jobs``)."""
    board = Scoreboard()
    run_suite: Callable[[Mutant | None], list[Any]] | None = None
    baseline: set[str] = set()
    if suite:
        if scenarios is None:
            from conformance.suite.discover import load_scenarios

            scenarios = load_scenarios()
        board.scenarios = len(scenarios)
        run_suite = suite_runner(scenarios)
        baseline = {r.id for r in run_suite(None)}
        board.baseline_failures = tuple(sorted(baseline))
    _WORK.update(suite=run_suite, baseline=baseline, games=games, seed=seed, fuzz=fuzz,
                 extra={m.id: m for m in mutants if BY_ID.get(m.id) is not m})
    ids = [m.id for m in mutants]
    try:
        if jobs <= 1 or len(ids) <= 1:
            results: Iterable[MutantScore] = map(_score_one, ids)
            for s in results:
                _record(board, s, on_score)
        else:
            by_id = {m.id: m for m in mutants}
            with multiprocessing.get_context("fork").Pool(min(jobs, len(ids))) as pool:
                for mid, rest in pool.imap(_score_remote, ids, chunksize=1):
                    _record(board, MutantScore(by_id[mid], *rest), on_score)
    finally:
        _WORK.clear()
    return board


def _record(board: Scoreboard, s: MutantScore,
            on_score: Callable[[MutantScore], None] | None) -> None:
    board.scores.append(s)
    if on_score:
        on_score(s)
