"""What happened to one scenario: the outcome and everything a reader needs to act on it."""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field, fields
from typing import Any


class Outcome(enum.Enum):
    """The verdict on one scenario (a crash is not a wrong answer: the report says which)."""

    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    CRASH = "crash"
    TIMEOUT = "timeout"
    PROTOCOL_ERROR = "protocol_error"
    SKIPPED = "skipped"
    XFAIL = "xfail"
    XPASS = "xpass"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def is_failure(self) -> bool:
        """Counts against conformance (and toward ``--max-fail``)."""
        return self in FAILURES

    @property
    def breaks_session(self) -> bool:
        """The implementation must be restarted before the next scenario."""
        return self in (Outcome.CRASH, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR)


#: Outcomes that make a run non-conformant.
FAILURES = frozenset(
    {Outcome.FAIL, Outcome.ERROR, Outcome.CRASH, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR,
     Outcome.XPASS}
)
#: Outcomes an expected-failures ledger entry turns into xfail.
LEDGER_MATCHES = frozenset(
    {Outcome.FAIL, Outcome.ERROR, Outcome.CRASH, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR}
)
#: Display order (reports, totals).
ORDER = (
    Outcome.PASS, Outcome.FAIL, Outcome.ERROR, Outcome.CRASH, Outcome.TIMEOUT,
    Outcome.PROTOCOL_ERROR, Outcome.SKIPPED, Outcome.XFAIL, Outcome.XPASS,
)


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario's outcome, with the failing step, expected vs actual, and how to replay it.

    ``transcript`` is the protocol traffic of the scenario (request/reply pairs, possibly cut
    in the middle); ``replay`` is the one command that runs just this scenario again.
    """

    id: str
    name: str
    outcome: Outcome
    clauses: tuple[str, ...] = ()
    rulesets: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    source: str | None = None
    duration: float = 0.0
    message: str = ""
    expected: Any = None
    actual: Any = None
    step: str | None = None
    clause: str | None = None
    transcript: tuple[dict[str, Any], ...] = field(default=(), repr=False)
    stderr_tail: str = field(default="", repr=False)
    replay: str | None = None

    def to_json(self) -> dict[str, Any]:
        if self.expected is None and self.actual is None and not self.transcript:
            # nothing nested to copy (the common passing result): asdict's deep copy of
            # every field was most of the run's report writing
            d = {f.name: getattr(self, f.name) for f in fields(self)}
        else:
            d = asdict(self)
        d["outcome"] = self.outcome.value
        for key in ("clauses", "rulesets", "tags", "transcript"):
            d[key] = list(d[key])
        d["duration"] = round(self.duration, 6)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ScenarioResult:
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", d["id"])),
            outcome=Outcome(d["outcome"]),
            clauses=tuple(d.get("clauses") or ()),
            rulesets=tuple(d.get("rulesets") or ()),
            tags=tuple(d.get("tags") or ()),
            source=d.get("source"),
            duration=float(d.get("duration") or 0.0),
            message=str(d.get("message") or ""),
            expected=d.get("expected"),
            actual=d.get("actual"),
            step=d.get("step"),
            clause=d.get("clause"),
            transcript=tuple(d.get("transcript") or ()),
            stderr_tail=str(d.get("stderr_tail") or ""),
            replay=d.get("replay"),
        )


def totals(results: list[ScenarioResult] | tuple[ScenarioResult, ...]) -> dict[str, int]:
    """Count per outcome, every outcome present (zeros included), in display order."""
    counts = {o.value: 0 for o in ORDER}
    for r in results:
        counts[r.outcome.value] += 1
    return counts


#: How the message of a scenario that the run gave up on before playing it begins (the
#: runner's results for an implementation that did not start or restart, --max-fail...).
NOT_RUN = "not run: "


def count_not_run(results: list[ScenarioResult] | tuple[ScenarioResult, ...]) -> int:
    """How many of ``results`` are of scenarios that were not played (``NOT_RUN``)."""
    return sum(1 for r in results if r.message.startswith(NOT_RUN))
