"""The expected-failures ledger: scenarios an implementation is known to fail, each with a reason.

A ledger entry turns the scenario's failure into ``xfail``; when the scenario passes, it is
``xpass`` and counts as a failure, so a fixed bug cannot stay in the ledger (the ledger
cannot rot). ``phom-conformance baseline`` writes one from a report.

```yaml
implementation: {name: my-server, version: 2.3.1}
expected_failures:
  - id: eat-penalty-003
    outcome: fail
    reason: "we price the third eat at 2 (ticket #123)"
```
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from conformance.errors import HarnessError
from conformance.outcomes import LEDGER_MATCHES, Outcome, ScenarioResult
from phomspec.problems import Problem
from phomspec.yamlio import SpecSyntaxError, read_document

_ENTRY_KEYS = {"id", "outcome", "reason"}
_TOP_KEYS = {"implementation", "expected_failures"}


class LedgerError(HarnessError):
    """A ledger file that cannot be used; the message names the file and line."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem))


@dataclass(frozen=True)
class LedgerEntry:
    """One expected failure: scenario id, the outcome it had, why, and where it is written."""

    id: str
    outcome: Outcome
    reason: str
    line: int = 0


@dataclass(frozen=True)
class Ledger:
    path: str
    entries: dict[str, LedgerEntry]

    @classmethod
    def load(cls, path: str | Path) -> Ledger:
        """Read and check a ledger file (unknown keys, empty reasons and duplicates are errors)."""
        p = Path(path)
        file = str(p)

        def error(line: int | None, message: str) -> LedgerError:
            return LedgerError(Problem(file, line, message, p))

        try:
            doc = read_document(p)
        except SpecSyntaxError as e:
            raise error(e.line, e.message) from None
        data = doc.data
        if data is None:
            return cls(file, {})
        if not isinstance(data, dict):
            raise error(1, "a ledger is a mapping with 'expected_failures'")
        unknown = set(data) - _TOP_KEYS
        if unknown:
            raise error(1, f"unknown key(s) {', '.join(sorted(map(str, unknown)))}"
                        f" (allowed: {', '.join(sorted(_TOP_KEYS))})")
        items = data.get("expected_failures") or []
        if not isinstance(items, list):
            raise error(None, "'expected_failures' must be a list of entries")
        entries: dict[str, LedgerEntry] = {}
        for i, item in enumerate(items):
            line = doc.line_of(("expected_failures", i)) or 0
            if not isinstance(item, dict):
                raise error(line, "an entry is a mapping with id, outcome and reason")
            unknown = set(item) - _ENTRY_KEYS
            if unknown:
                raise error(line, f"unknown key(s) {', '.join(sorted(map(str, unknown)))}"
                                  " (an entry has id, outcome, reason)")
            sid = item.get("id")
            if not isinstance(sid, str) or not sid:
                raise error(line, "entry without a scenario 'id'")
            if sid in entries:
                raise error(line, f"scenario {sid!r} is listed twice"
                                  f" (first at line {entries[sid].line})")
            allowed = ", ".join(sorted(o.value for o in LEDGER_MATCHES))
            try:
                outcome = Outcome(item.get("outcome", "fail"))
            except ValueError:
                raise error(line, f"entry {sid!r}: outcome {item.get('outcome')!r}"
                                  f" is not one of {allowed}") from None
            if outcome not in LEDGER_MATCHES:
                raise error(line, f"entry {sid!r}: outcome {outcome.value!r}"
                                  f" is not a failure ({allowed})")
            reason = item.get("reason")
            if not isinstance(reason, str) or not reason.strip():
                raise error(line, f"entry {sid!r} has no reason: say why this scenario"
                                  " is expected to fail (a ticket, a house rule, a known bug)")
            entries[sid] = LedgerEntry(sid, outcome, reason.strip(), line)
        return cls(file, entries)

    def apply(self, result: ScenarioResult) -> ScenarioResult:
        """``result`` with the ledger applied: a listed failure is xfail, a listed pass xpass."""
        entry = self.entries.get(result.id)
        if entry is None:
            return result
        if result.outcome in LEDGER_MATCHES:
            note = f"expected failure ({self.path}:{entry.line}: {entry.reason})"
            if result.outcome is not entry.outcome:
                note += f"; the ledger says {entry.outcome.value}, it is now {result.outcome.value}"
            message = f"{note}\n{result.message}" if result.message else note
            return dataclasses.replace(result, outcome=Outcome.XFAIL, message=message)
        if result.outcome is Outcome.PASS:
            message = (f"passes now, but {self.path}:{entry.line} expects {entry.outcome.value}"
                       f" ({entry.reason}): remove the entry from the ledger")
            return dataclasses.replace(result, outcome=Outcome.XPASS, message=message)
        return result

    def unused(self, seen: Iterable[str]) -> list[LedgerEntry]:
        """Entries for scenarios that did not run (renamed or removed scenarios, or filtered)."""
        ran = set(seen)
        return [e for e in self.entries.values() if e.id not in ran]


def baseline(results: Iterable[ScenarioResult], implementation: dict[str, Any] | None) -> str:
    """The text of a ledger listing every failing scenario of ``results``, reasons to fill in."""
    failing = [r for r in results if r.outcome in LEDGER_MATCHES]
    impl = implementation or {}
    lines = [
        "# Expected failures for phom-conformance (`run --expected-failures THIS_FILE`).",
        "# Fill in every `reason`: why the scenario fails and what would fix it.",
        "# A listed scenario that fails is xfail; one that passes is xpass (remove it then).",
    ]
    if impl:
        shown = {"name": impl.get("name"), "version": impl.get("version")}
        lines.append(f"implementation: {yaml.safe_dump(shown, default_flow_style=True).strip()}")
    if not failing:
        lines.append("expected_failures: []")
        return "\n".join(lines) + "\n"
    lines.append("expected_failures:")
    for r in sorted(failing, key=lambda r: r.id):
        lines.append(f"  - id: {_scalar(r.id)}")
        lines.append(f"    outcome: {r.outcome.value}")
        first = r.message.splitlines()[0] if r.message else ""
        if first:
            lines.append(f"    # {first[:150]}")
        lines.append('    reason: ""')
    return "\n".join(lines) + "\n"


def _scalar(text: str) -> str:
    return yaml.safe_dump(text, default_style=None).removesuffix("\n...\n").strip()
