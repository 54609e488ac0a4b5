"""The suite against every miniature: what each one fails, and what none of them fails.

A scenario *tests something* when one of its expectations (a Then step) fails on at least one
miniature. Two ways of failing do not count. A Given or When step failing is the setup failing:
refuse-all fails nearly every scenario that way, at its first action, whatever the scenario
goes on to assert. And the checks the harness makes at the end of every scenario
(INV.52-CARDS, INV.ZERO-SUM, "(end of the scenario)") are not the scenario's: null fails
them all. So a scenario is reported when it passes on every miniature (it tests nothing), or
when it fails only in its setup or in those end checks (its expectations hold on every
miniature). An outcome other than pass or fail (error, crash, timeout, protocol error, skip)
means a miniature or the harness is broken, and is reported as such.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.drivers.inprocess import InProcessDriver
from conformance.forks import fork_map
from conformance.miniatures import MINIATURES, Miniature
from conformance.outcomes import ORDER, Outcome, ScenarioResult
from conformance.runner import Runner, RunOptions, ScenarioLike

#: A failing step's label (conformance.suite.model.Step.label): "file:line: Then text"; the
#: end-of-scenario checks (conformance.suite.play.Play.finish) append this suffix.
_STEP_KIND = re.compile(r":\d+: (Given|When|Then) ")
_END_CHECKS = "(end of the scenario)"


def miniature_driver(miniature: type[Miniature], *, strict: bool = False) -> InProcessDriver:
    """``miniature`` in-process; ``strict``: every message checked against the schemas."""
    driver = InProcessDriver(strict=strict, server=miniature)
    driver.description = f"miniature {miniature.id} (in-process)"
    return driver


def expectation_failed(result: ScenarioResult) -> bool:
    """Whether ``result`` is a failure of one of the scenario's own expectations (a Then step,
    not the setup and not the harness's end-of-scenario checks)."""
    if result.outcome is not Outcome.FAIL or not result.step:
        return False
    kind = _STEP_KIND.search(result.step)
    return kind is not None and kind.group(1) == "Then" and not result.step.endswith(_END_CHECKS)


@dataclass
class Board:
    """Every scenario's outcome on every miniature."""

    scenarios: list[str] = field(default_factory=list)
    #: miniature id -> scenario id -> result.
    results: dict[str, dict[str, ScenarioResult]] = field(default_factory=dict)

    def counts(self, miniature: str) -> dict[str, int]:
        """Outcome -> number of scenarios on ``miniature`` (the outcomes that occur), and
        ``expectation``: the failures at one of the scenario's expectations."""
        results = self.results[miniature].values()
        got = Counter(r.outcome for r in results)
        counts = {str(o): got[o] for o in ORDER if got[o]}
        counts["expectation"] = sum(expectation_failed(r) for r in results)
        return counts

    def killers(self, scenario: str) -> list[str]:
        """The miniatures that fail one of ``scenario``'s expectations."""
        return [m for m, rs in self.results.items() if expectation_failed(rs[scenario])]

    def only_killer(self) -> dict[str, int]:
        """Miniature -> how many scenarios it alone fails at an expectation (what the check
        would lose without it)."""
        alone = Counter(k[0] for k in (self.killers(s) for s in self.scenarios) if len(k) == 1)
        return {m: alone[m] for m in self.results}

    def untested(self) -> list[str]:
        """The scenarios that pass on every miniature: they test nothing."""
        return [s for s in self.scenarios
                if all(rs[s].outcome is Outcome.PASS for rs in self.results.values())]

    def setup_only(self) -> list[str]:
        """The scenarios that fail on some miniature, but never at one of their expectations."""
        passing = set(self.untested())
        return [s for s in self.scenarios if s not in passing and not self.killers(s)]

    def broken(self) -> list[tuple[str, ScenarioResult]]:
        """(miniature, result) of every outcome other than pass or fail."""
        return [(m, r) for m, rs in self.results.items() for r in rs.values()
                if r.outcome not in (Outcome.PASS, Outcome.FAIL)]

    @property
    def clean(self) -> bool:
        return not (self.untested() or self.setup_only() or self.broken())

    def to_json(self) -> dict[str, Any]:
        return {
            "scenarios": len(self.scenarios),
            "miniatures": {m: self.counts(m) for m in self.results},
            "only_killer": self.only_killer(),
            "untested": self.untested(),
            "setup_only": self.setup_only(),
            "broken": [{"miniature": m, "scenario": r.id, "outcome": str(r.outcome),
                        "message": r.message.splitlines()[0] if r.message else ""}
                       for m, r in self.broken()],
        }


def run_miniatures(
    scenarios: Sequence[ScenarioLike],
    miniatures: Sequence[type[Miniature]] = MINIATURES,
    *,
    strict: bool = False,
    on_done: Callable[[type[Miniature], dict[str, int]], None] | None = None,
    jobs: int = 1,
) -> Board:
    """Run ``scenarios`` on each of ``miniatures`` in-process (no transcripts kept), each
    miniature in one session, ``jobs`` of them at once (conformance.forks.fork_map)."""
    board = Board(scenarios=[str(s.id) for s in scenarios])

    def one(miniature: type[Miniature]) -> dict[str, ScenarioResult]:
        runner = Runner(miniature_driver(miniature, strict=strict),
                        RunOptions(transcripts="none", max_restarts=len(scenarios)))
        return {r.id: r for r in runner.run(scenarios).results}

    for miniature, results in zip(miniatures, fork_map(one, miniatures, jobs), strict=True):
        board.results[miniature.id] = results
        if on_done is not None:
            on_done(miniature, board.counts(miniature.id))
    return board
