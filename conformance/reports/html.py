"""A self-contained HTML page: per ruleset a clause x outcome matrix, failures with transcripts.

No external assets (styles inline, no scripts, no fonts or images from elsewhere), so the file
can be archived as a CI artifact and opened anywhere.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import jinja2

from conformance.outcomes import ORDER
from conformance.reports.jsonl import Report
from conformance.reports.matrix import (
    clause_matrix,
    impl_title,
    needs_attention,
    show_value,
    transcript_lines,
    used_outcomes,
    verdict,
)


def _template() -> jinja2.Template:
    text = (resources.files("conformance.reports") / "templates" / "report.html.j2").read_text(
        encoding="utf-8"
    )
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["show"] = show_value
    return env.from_string(text)


def render_html(report: Report) -> str:
    results = report.results
    bad = needs_attention(results)
    return _template().render(
        title=impl_title(report.header),
        header=report.header,
        complete=report.complete,
        cut_short=report.cut_short_reason,
        notes=report.notes,
        totals=report.totals,
        order=[o.value for o in ORDER],
        columns=used_outcomes(results),
        matrix=clause_matrix(results),
        failures=[(r, transcript_lines(r.transcript, 1000)) for r in bad],
        skipped=[r for r in results if r.outcome.value in ("skipped", "xfail")],
        conformant=verdict(results, report.complete) == "conformant",
        verdict=verdict(results, report.complete),
        count=len(results),
    )


def write_html(report: Report, path: str | Path) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(render_html(report), encoding="utf-8")
