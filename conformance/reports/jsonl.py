"""The JSONL report: a header line, one line per scenario as it finishes, a footer line.

Each line is flushed when written, so a run that is killed keeps every finished scenario.
On KeyboardInterrupt or SIGTERM the writer still writes a footer with ``complete: false``;
a file without a footer (the process was killed outright) reads as cut short too.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import conformance
from conformance.errors import HarnessError
from conformance.outcomes import ScenarioResult, count_not_run, totals
from conformance.protocol.schemas import PROTOCOL_VERSION
from conformance.suite.profile import profile_in_force
from phomspec.paths import spec_dir

FORMAT = "phom-conformance-report/1"


def not_run(planned: object, results: list[ScenarioResult]) -> int | None:
    """The planned scenarios that were not played: those given up on (``not run: ...``) and
    those with no result at all (a run cut short); None when the plan is unknown."""
    if not isinstance(planned, int):
        return None
    return count_not_run(results) + max(0, planned - len(results))


class ReportError(HarnessError):
    """A report file that cannot be read; the message names file and line."""


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def spec_digest() -> str:
    """Short digest of the spec files (clauses, rulesets, parameters, ambiguities, protocol)."""
    h = hashlib.sha256()
    root = spec_dir()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".yaml", ".json", ".md"):
            h.update(path.relative_to(root).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:12]


def make_header(
    *,
    implementation: dict[str, Any] | None,
    command: str,
    rulesets: list[str],
    seed: int | None,
    planned: int,
    selection: dict[str, Any] | None = None,
    start_error: str | None = None,
) -> dict[str, Any]:
    return {
        "kind": "header",
        "format": FORMAT,
        "kit_version": conformance.__version__,
        # The spec ships in the kit's distribution: its version is the kit's; the digest
        # tells two checkouts of the same version apart.
        "spec_version": conformance.__version__,
        "spec_digest": spec_digest(),
        "protocol": PROTOCOL_VERSION,
        "implementation": implementation,
        "command": command,
        "rulesets": rulesets,
        "seed": seed,
        "selection": selection or {},
        "planned": planned,
        "started": now(),
        "start_error": start_error,
        # the implementation profile in force (spec/protocol.md 8), named in every summary
        "profile": None if implementation is None else profile_in_force(implementation).to_json(),
    }


class JsonlWriter:
    """Writes a report as the run goes; use as a context manager or call :meth:`finish`.

    With ``path`` None nothing is written, but :meth:`report` still gives the records.
    """

    def __init__(self, path: str | Path | None, header: dict[str, Any]):
        self.path = Path(path) if path is not None else None
        self._file: IO[str] | None = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("w", encoding="utf-8")
        self.header = header
        self.results: list[ScenarioResult] = []
        self.footer: dict[str, Any] | None = None
        self._line(header)

    def _line(self, record: dict[str, Any]) -> None:
        if self.footer is not None:
            raise HarnessError(f"{self.path}: the report is already finished")
        if self._file is not None:
            self._file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            self._file.flush()

    def write(self, result: ScenarioResult) -> None:
        self.results.append(result)
        self._line({"kind": "scenario", **result.to_json()})

    def finish(self, *, complete: bool, reason: str | None = None,
               extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """Write the footer (once) and close the file; return the footer."""
        footer: dict[str, Any] = {
            "kind": "footer",
            "totals": totals(self.results),
            "finished": now(),
            "complete": complete,
            "reason": reason,
            "not_run": not_run(self.header.get("planned"), self.results),
        }
        footer.update(extra or {})
        if self.footer is None:
            self._line(footer)
            self.footer = footer
            if self._file is not None:
                self._file.close()
                self._file = None
        return self.footer

    def report(self) -> Report:
        """The records so far as a :class:`Report` (footer None until finished)."""
        return Report(header=self.header, results=list(self.results), footer=self.footer,
                      sources=[str(self.path)] if self.path is not None else [])

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: object) -> None:
        if self.footer is not None:
            return
        if kind is None:
            self.finish(complete=True)
        else:
            self.finish(complete=False, reason=f"cut short: {kind.__name__} {exc or ''}".strip())


@dataclass
class Report:
    """A report read back (or assembled in memory): header, scenario results, footer."""

    header: dict[str, Any]
    results: list[ScenarioResult] = field(default_factory=list)
    footer: dict[str, Any] | None = None
    sources: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.footer is not None and self.footer.get("complete") is True

    @property
    def cut_short_reason(self) -> str | None:
        if self.complete:
            return None
        if self.footer is None:
            return "the report has no footer: the run was killed before it finished"
        return str(self.footer.get("reason") or "the run did not finish")

    @property
    def totals(self) -> dict[str, int]:
        return totals(self.results)

    @property
    def not_run(self) -> int | None:
        """The planned scenarios that were not played (of a cut report too: every planned
        scenario it holds no result of); None when the plan is unknown."""
        return not_run(self.header.get("planned"), self.results)

    @property
    def implementation(self) -> dict[str, Any]:
        impl = self.header.get("implementation")
        return impl if isinstance(impl, dict) else {}


def read_report(path: str | Path) -> Report:
    """Read a JSONL report; a missing footer or a torn last line means the run was cut short."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ReportError(f"{p}: cannot read the report: {e.strerror}") from None
    lines = text.split("\n")
    torn = bool(lines and lines[-1])  # no newline after the last line: cut while writing
    header: dict[str, Any] | None = None
    report = Report(header={}, sources=[str(p)])
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as e:
            if torn and number == len(lines):
                report.notes.append(f"{p}:{number}: last line is incomplete (ignored)")
                break
            raise ReportError(f"{p}:{number}: not a JSON line ({e})") from None
        kind = record.get("kind") if isinstance(record, dict) else None
        if kind == "header":
            if header is not None:
                raise ReportError(f"{p}:{number}: a second header")
            if record.get("format") != FORMAT:
                raise ReportError(f"{p}:{number}: unknown report format {record.get('format')!r}"
                                  f" (this kit reads {FORMAT})")
            header = record
            report.header = record
        elif header is None:
            raise ReportError(f"{p}:{number}: the first line of a report is its header")
        elif kind == "scenario":
            try:
                report.results.append(ScenarioResult.from_json(record))
            except (KeyError, ValueError, TypeError) as e:
                raise ReportError(f"{p}:{number}: bad scenario record ({e!r})") from None
        elif kind == "footer":
            report.footer = record
        else:
            raise ReportError(f"{p}:{number}: unknown record kind {kind!r}")
    if header is None:
        raise ReportError(f"{p}: empty report (no header line)")
    return report


def merge_reports(reports: list[Report]) -> Report:
    """One report from several (shards of one run): results in order, totals recomputed.

    A scenario id present in several reports keeps its last result (and says so in notes).
    The merge is complete only when every part is.
    """
    if not reports:
        raise ReportError("no report to merge")
    if len(reports) == 1:
        return reports[0]
    merged = Report(header=dict(reports[0].header))
    by_id: dict[str, int] = {}
    for rep in reports:
        merged.sources.extend(rep.sources)
        merged.notes.extend(rep.notes)
        for r in rep.results:
            if r.id in by_id:
                merged.notes.append(f"scenario {r.id!r} appears in several reports; the last kept")
                merged.results[by_id[r.id]] = r
            else:
                by_id[r.id] = len(merged.results)
                merged.results.append(r)
    planned = [rep.header.get("planned") for rep in reports]
    merged.header["planned"] = sum(p for p in planned if isinstance(p, int))
    merged.header["merged_from"] = merged.sources
    incomplete = [f"{rep.sources[0] if rep.sources else '?'}: {rep.cut_short_reason}"
                  for rep in reports if not rep.complete]
    finished = [str(rep.footer.get("finished")) for rep in reports if rep.footer]
    merged.footer = {
        "kind": "footer",
        "totals": totals(merged.results),
        "finished": max(finished) if finished else None,
        "complete": not incomplete,
        "reason": "; ".join(incomplete) if incomplete else None,
        "not_run": not_run(merged.header["planned"], merged.results),
    }
    return merged
