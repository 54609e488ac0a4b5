"""Markdown for CI step summaries (``$GITHUB_STEP_SUMMARY``): failures first, short.

At most :data:`MAX_LINES` lines whatever the run: the verdict and each ruleset's figures,
then the failures (at most :data:`MAX_LISTED` rows, with the count of the rest), the clauses
they fall under, and as many of the first failures in detail as the remaining lines allow.
The HTML report has everything.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from conformance.outcomes import ORDER, Outcome
from conformance.reports.failures import Failure, clause_ruleset_matrix, failures
from conformance.reports.jsonfmt import one_line
from conformance.reports.jsonl import Report
from conformance.reports.matrix import (
    impl_title,
    percent,
    profile_problems,
    profile_text,
    ruleset_figures,
    verdict,
)
from conformance.reports.paths import suite_relative

MAX_LINES = 150
MAX_LISTED = 40
_CLAUSE_ROWS = 15
_DETAILED = 5


def _cell(text: str, limit: int = 140) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.replace("|", "\\|")


def _code(text: str, limit: int = 140) -> str:
    text = _cell(text, limit)
    if not text:
        return ""
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _head(report: Report, first: Failure | None) -> list[str]:
    results, t, h = report.results, report.totals, report.header
    counts = ", ".join(f"{t[o.value]} {o.value}" for o in ORDER if t[o.value]) or "none"
    out = [f"## Phỏm conformance: {impl_title(h)}: {verdict(results, report.complete)}", "",
           f"**{len(results)} scenarios**: {counts} · kit {h.get('kit_version')}"
           f" · protocol {h.get('protocol')} · spec {h.get('spec_digest')} · seed {h.get('seed')}"
           f" · profile: {_cell(profile_text(h))}"]
    for problem in profile_problems(h):
        out += ["", f"> **Bad profile member:** {_cell(problem, 300)}"]
    if first is not None:
        clause = f" ({_code(first.clause)})" if first.clause else ""
        step = f" at “{_cell(first.step_text, 100)}”" if first.step_text else ""
        out += ["", f"**First failure:** {_code(first.id)}{clause}{step}: {_cell(first.headline)}"]
    if not report.complete:
        planned = h.get("planned")
        held = f" The report holds {len(results)} of the {planned} planned scenarios." \
            if isinstance(planned, int) else ""
        out += ["", f"> **Run cut short:** {suite_relative(report.cut_short_reason or '')}.{held}"]
    if h.get("start_error"):
        out += ["", f"> **The implementation did not start:** {suite_relative(h['start_error'])}"]
    for note in report.notes[:3]:
        out += ["", f"> {_cell(suite_relative(note), 300)}"]
    figures = ruleset_figures(results)
    if figures:
        columns = [o.value for o in ORDER if t[o.value] or o is Outcome.PASS]
        out += ["", "| ruleset | conformance | judged | " + " | ".join(columns) + " |",
                "|---|---:|---:|" + "---:|" * len(columns)]
        for f in figures:
            cells = [str(f["counts"][c]) if f["counts"][c] else "" for c in columns]
            out.append(f"| {_cell(f['ruleset'])} | {percent(f['conformance'])} | {f['judged']} | "
                       + " | ".join(cells) + " |")
    return out


def _failure_rows(shown: list[Failure]) -> list[str]:
    out = ["", f"### Failures ({len(shown)})", "",
           "| # | scenario | outcome | clause | failing step | what |",
           "|---:|---|---|---|---|---|"]
    for f in shown[:MAX_LISTED]:
        step = _cell(f.step_text or "", 90)
        if f.step_where:
            step += f" ({_code(f.step_where)})"
        out.append(f"| {f.number} | {_code(f.id)} | {f.outcome} | {_code(f.clause or '')} | {step}"
                   f" | {_code(f.headline, 160)} |")
    if len(shown) > MAX_LISTED:
        out += ["", f"… and {len(shown) - MAX_LISTED} more: the HTML report (`--html F`) lists"
                " every one."]
    return out


def _clause_rows(report: Report, shown: list[Failure]) -> list[str]:
    rulesets, matrix = clause_ruleset_matrix(report.results, shown)
    failing = [(c, row) for c, row in matrix if any(cell.failures for cell in row.values())]
    if not failing:
        return []
    out = ["", f"### Clauses with failures ({len(failing)})", "",
           "| clause | " + " | ".join(rulesets) + " |", "|---|" + "---:|" * len(rulesets)]
    for clause, row in failing[:_CLAUSE_ROWS]:
        cells = []
        for rs in rulesets:
            cell = row.get(rs)
            cells.append("" if cell is None else f"{len(cell.failures)}/{cell.total}"
                         if cell.failures else "✓")
        out.append(f"| {_code(clause)} | " + " | ".join(cells) + " |")
    if len(failing) > _CLAUSE_ROWS:
        out.append(f"| … {len(failing) - _CLAUSE_ROWS} more | " + " | ".join("" for _ in rulesets)
                   + " |")
    return out


def _detail(f: Failure) -> list[str]:
    out = ["", f"<details><summary>#{f.number} <code>{_html(f.id)}</code> · {f.outcome} ·"
           f" {_html(_cell(f.headline, 150))}</summary>", ""]
    if f.step_text:
        where = f" ({_code(f.step_where)})" if f.step_where else ""
        out.append(f"- failing step: {_cell(f.step_text)}{where}")
    if f.clause:
        out.append(f"- clause: {_code(f.clause)}")
    if f.expected is not None:
        out.append(f"- expected: {_code(one_line(f.result.expected), 300)}")
        out.append(f"- got: {_code(one_line(f.result.actual), 300)}")
    if f.result.replay:
        out.append(f"- replay: {_code(f.result.replay, 300)}")
    tail = f.details.splitlines()[:3] + f.stderr.splitlines()[-3:]
    if tail:
        out += ["", "````text", *(line[:200] for line in tail), "````"]
    out += ["", "</details>"]
    return out


def _skipped(report: Report) -> list[str]:
    reasons = Counter((r.message.splitlines() or [""])[0] for r in report.results
                      if r.outcome in (Outcome.SKIPPED, Outcome.XFAIL))
    if not reasons:
        return []
    out = ["", f"### Skipped and expected failures ({sum(reasons.values())})", ""]
    for why, n in reasons.most_common(5):
        out.append(f"- {n} × {_cell(suite_relative(why), 200) or '(no reason given)'}")
    if len(reasons) > 5:
        out.append(f"- … {len(reasons) - 5} other reasons")
    return out


def render_markdown(report: Report, max_lines: int = MAX_LINES) -> str:
    """The summary, at most ``max_lines`` lines (the head and the failure list always fit)."""
    shown = failures(report.results, width=60)
    out = _head(report, shown[0] if shown else None)
    if shown:
        out += _failure_rows(shown)
        out += _clause_rows(report, shown)
    else:
        out += ["", "No failures."]
    skipped = _skipped(report)
    if len(out) + len(skipped) <= max_lines:
        out += skipped
    if shown:
        heading = ["", "### The first failures in detail"]
        blocks: list[str] = []
        used = len(out) + len(heading)
        seen: set[str] = set()
        for f in shown:
            base = f.id.split("[", 1)[0]  # one ruleset of a scenario is enough here
            if base in seen:
                continue
            seen.add(base)
            if len(seen) > _DETAILED:
                break
            block = _detail(f)
            if used + len(block) > max_lines:
                break
            blocks += block
            used += len(block)
        if blocks:
            out += heading + blocks
    return "\n".join(out[:max_lines]) + "\n"


def write_markdown(report: Report, path: str | Path) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(render_markdown(report), encoding="utf-8")
