"""Markdown for CI step summaries: totals, clause x outcome counts per ruleset, failures.

GitHub caps a step summary at 1 MiB: failures beyond ``max_failures`` are counted, not shown,
and long values are cut.
"""

from __future__ import annotations

from pathlib import Path

from conformance.outcomes import ORDER, Outcome
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


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def render_markdown(report: Report, max_failures: int = 50, transcript_lines_max: int = 40) -> str:
    results = report.results
    t = report.totals
    bad = needs_attention(results)
    out = [f"## Phỏm conformance: {impl_title(report.header)}:"
           f" {verdict(results, report.complete)}", ""]
    summary = ", ".join(f"{t[o.value]} {o.value}" for o in ORDER if t[o.value])
    out.append(f"**{len(results)} scenarios**: {summary or 'none'}")
    out.append("")
    h = report.header
    out.append(f"kit {h.get('kit_version')} · protocol {h.get('protocol')}"
               f" · spec {h.get('spec_digest')} · seed {h.get('seed')}"
               f" · started {h.get('started')}")
    if not report.complete:
        out += ["", f"> **Run cut short:** {report.cut_short_reason}"]
    for note in report.notes:
        out += ["", f"> {note}"]
    out += ["", "| outcome | scenarios |", "|---|---:|"]
    out += [f"| {o.value} | {t[o.value]} |" for o in ORDER if t[o.value]]
    columns = used_outcomes(results)
    for ruleset, rows in clause_matrix(results).items():
        out += ["", f"### {ruleset}", "", "| clause | " + " | ".join(columns) + " |",
                "|---|" + "---:|" * len(columns)]
        for clause, row in rows.items():
            cells = [str(row[c]) if row[c] else "" for c in columns]
            out.append(f"| {_cell(clause)} | " + " | ".join(cells) + " |")
    if bad:
        out += ["", f"### Needs attention ({len(bad)})", ""]
        for r in bad[:max_failures]:
            first = r.message.splitlines()[0] if r.message else ""
            out.append(f"<details><summary><code>{_html(r.id)}</code> · <b>{r.outcome.value}</b> · "
                       f"{_html(first[:200])}</summary>")
            out.append("")
            if r.source:
                out.append(f"- scenario: {_code(r.source)}")
            if r.step:
                out.append(f"- step: {_code(r.step)}")
            if r.clause:
                out.append(f"- clause: {_code(r.clause)}")
            if r.outcome is Outcome.FAIL:
                out.append(f"- expected: {_code(show_value(r.expected, 500))}")
                out.append(f"- actual: {_code(show_value(r.actual, 500))}")
            if r.replay:
                out.append(f"- replay: {_code(r.replay)}")
            if len(r.message.splitlines()) > 1 or r.transcript or r.stderr_tail:
                out += ["", "````text"]
                out += r.message.splitlines()[1:20]
                lines = transcript_lines(r.transcript, 300)
                out += lines[-transcript_lines_max:]
                if r.stderr_tail:
                    out += ["--- stderr (tail) ---", *r.stderr_tail.splitlines()[-20:]]
                out.append("````")
            out += ["", "</details>", ""]
        if len(bad) > max_failures:
            out.append(f"… and {len(bad) - max_failures} more (see the JSONL or HTML report).")
    return "\n".join(out) + "\n"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_markdown(report: Report, path: str | Path) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(render_markdown(report), encoding="utf-8")
