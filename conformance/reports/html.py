"""A self-contained HTML page that starts with what failed.

Top: the verdict and each ruleset's conformance figures, then an index of the failures; then
every failure (an anchor, the failing step and clause, expected against got, the transcript
as steps with their requests and replies folded under each); then the clause x ruleset
matrix, whose cells link to their failures. No external assets and no scripts, so the file
can be archived as a CI artifact and opened anywhere. Paths are relative to the suite.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import jinja2

from conformance.outcomes import Outcome
from conformance.reports.failures import clause_ruleset_matrix, failures
from conformance.reports.jsonl import Report
from conformance.reports.matrix import (
    impl_title,
    percent,
    profile_problems,
    profile_text,
    ruleset_figures,
    used_outcomes,
    verdict,
)
from conformance.reports.paths import suite_relative

_META = (("kit_version", "kit"), ("protocol", "protocol"), ("spec_digest", "spec"),
         ("seed", "seed"), ("started", "started"))
_VERDICT_CLASS = {"conformant": "v-ok", "not conformant": "v-bad"}


def _template() -> jinja2.Template:
    text = (resources.files("conformance.reports") / "templates" / "report.html.j2").read_text(
        encoding="utf-8"
    )
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["rel"] = suite_relative
    env.filters["percent"] = percent
    return env.from_string(text)


def render_html(report: Report) -> str:
    results = report.results
    shown = failures(results, width=72)
    rulesets, matrix = clause_ruleset_matrix(results, shown)
    t = report.totals
    judged = len(results) - t[Outcome.SKIPPED.value]
    phrase = verdict(results, report.complete)
    planned = report.header.get("planned")
    return _template().render(
        title=impl_title(report.header),
        meta=" · ".join(f"{label} {report.header[key]}" for key, label in _META
                        if report.header.get(key) is not None),
        command=str(report.header.get("command") or ""),
        profile=profile_text(report.header),
        profile_problems=profile_problems(report.header),
        cut_short=report.cut_short_reason,
        start_error=suite_relative(str(report.header.get("start_error") or "")) or None,
        planned=planned if isinstance(planned, int) else "?",
        notes=[suite_relative(n) for n in report.notes],
        totals=t,
        judged=judged,
        overall=100.0 * t[Outcome.PASS.value] / judged if judged else None,
        columns=used_outcomes(results),
        figures=ruleset_figures(results),
        failures=shown,
        rulesets=rulesets,
        matrix=matrix,
        skipped=[r for r in results if r.outcome in (Outcome.SKIPPED, Outcome.XFAIL)],
        verdict=phrase,
        verdict_class=_VERDICT_CLASS.get(phrase, "v-warn"),
        count=len(results),
    )


def write_html(report: Report, path: str | Path) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(render_html(report), encoding="utf-8")
