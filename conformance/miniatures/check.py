"""The suite against every miniature: what each one fails, and what none of them fails.

A scenario *tests something* when it fails (outcome ``fail``: a step's expectation not met)
on at least one miniature. One that passes on all of them tests nothing; an outcome other
than pass or fail (error, crash, timeout, protocol error, skip) means a miniature or the
harness is broken, and is reported as such rather than counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.drivers.inprocess import InProcessDriver
from conformance.miniatures import MINIATURES, Miniature
from conformance.outcomes import ORDER, Outcome, ScenarioResult
from conformance.runner import Runner, RunOptions, ScenarioLike


def miniature_driver(miniature: type[Miniature], *, strict: bool = True) -> InProcessDriver:
    """``miniature`` in-process; ``strict``: every message checked against the schemas."""
    driver = InProcessDriver(strict=strict, server=miniature)
    driver.description = f"miniature {miniature.id} (in-process)"
    return driver


@dataclass
class Board:
    """Every scenario's outcome on every miniature."""

    scenarios: list[str] = field(default_factory=list)
    #: miniature id -> scenario id -> result.
    results: dict[str, dict[str, ScenarioResult]] = field(default_factory=dict)

    def counts(self, miniature: str) -> dict[str, int]:
        """Outcome -> number of scenarios, on ``miniature`` (outcomes that occur only)."""
        got = Counter(r.outcome for r in self.results[miniature].values())
        return {str(o): got[o] for o in ORDER if got[o]}

    def killers(self, scenario: str) -> list[str]:
        """The miniatures that fail ``scenario``."""
        return [m for m, rs in self.results.items() if rs[scenario].outcome is Outcome.FAIL]

    def untested(self) -> list[str]:
        """The scenarios that pass on every miniature: they test nothing."""
        return [s for s in self.scenarios
                if all(rs[s].outcome is Outcome.PASS for rs in self.results.values())]

    def broken(self) -> list[tuple[str, ScenarioResult]]:
        """(miniature, result) of every outcome other than pass or fail."""
        return [(m, r) for m, rs in self.results.items() for r in rs.values()
                if r.outcome not in (Outcome.PASS, Outcome.FAIL)]

    def to_json(self) -> dict[str, Any]:
        return {
            "scenarios": len(self.scenarios),
            "miniatures": {m: self.counts(m) for m in self.results},
            "untested": self.untested(),
            "broken": [{"miniature": m, "scenario": r.id, "outcome": str(r.outcome),
                        "message": r.message.splitlines()[0] if r.message else ""}
                       for m, r in self.broken()],
        }


def run_miniatures(
    scenarios: Sequence[ScenarioLike],
    miniatures: Sequence[type[Miniature]] = MINIATURES,
    *,
    strict: bool = True,
    on_done: Callable[[type[Miniature], dict[str, int]], None] | None = None,
) -> Board:
    """Run ``scenarios`` on each of ``miniatures`` in-process (no transcripts kept)."""
    board = Board(scenarios=[str(s.id) for s in scenarios])
    for miniature in miniatures:
        runner = Runner(miniature_driver(miniature, strict=strict),
                        RunOptions(transcripts="none", max_restarts=len(scenarios)))
        run = runner.run(scenarios)
        board.results[miniature.id] = {r.id: r for r in run.results}
        if on_done is not None:
            on_done(miniature, board.counts(miniature.id))
    return board
