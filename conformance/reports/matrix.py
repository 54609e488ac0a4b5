"""Views every renderer shares: the clause x outcome matrix per ruleset, the failures."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from conformance.outcomes import ORDER, Outcome, ScenarioResult
from conformance.suite.profile import profile_in_force

ANY_RULESET = "(any ruleset)"
NO_CLAUSE = "(no clause)"
#: Outcomes a reader must look at, in the order reports list them.
ATTENTION = (Outcome.FAIL, Outcome.XPASS, Outcome.CRASH, Outcome.TIMEOUT,
             Outcome.PROTOCOL_ERROR, Outcome.ERROR)


def clause_matrix(results: Iterable[ScenarioResult]) -> dict[str, dict[str, dict[str, int]]]:
    """``ruleset -> clause -> outcome -> count``; rulesets and clauses sorted."""
    matrix: dict[str, dict[str, dict[str, int]]] = {}
    for r in results:
        for rs in r.rulesets or (ANY_RULESET,):
            rows = matrix.setdefault(rs, {})
            for clause in r.clauses or (NO_CLAUSE,):
                row = rows.setdefault(clause, {o.value: 0 for o in ORDER})
                row[r.outcome.value] += 1
    return {rs: dict(sorted(rows.items())) for rs, rows in sorted(matrix.items())}


def used_outcomes(results: Iterable[ScenarioResult]) -> list[str]:
    """Outcomes that occur, in display order (pass always included)."""
    seen = {r.outcome for r in results}
    return [o.value for o in ORDER if o in seen or o is Outcome.PASS]


def needs_attention(results: Iterable[ScenarioResult]) -> list[ScenarioResult]:
    """Failures first by kind, then in run order."""
    rank = {o: i for i, o in enumerate(ATTENTION)}
    bad = [r for r in results if r.outcome in rank]
    return sorted(bad, key=lambda r: rank[r.outcome])


def show(value: Any, limit: int = 2000) -> str:
    """A value for humans: compact JSON, cut at ``limit`` characters."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def show_value(value: Any, limit: int = 2000) -> str:
    """An expected or actual value: always JSON (a string shows with its quotes)."""
    return show(json.dumps(value, ensure_ascii=False), limit)


def transcript_lines(transcript: Iterable[dict[str, Any]], limit: int = 400) -> list[str]:
    """One line per request, reply or error, for reading a failure."""
    out: list[str] = []
    unread = 0
    for entry in transcript:
        if "omitted" in entry:
            out.append(f"   ... {entry['omitted']} exchanges left out ...")
            continue
        if unread:  # after the first request without a reply, only count the rest
            unread += 1
            continue
        out.append(">> " + show(entry.get("request"), limit))
        if "reply" in entry:
            out.append("<< " + show(entry["reply"], limit))
        elif "error" in entry:
            out.append("!! " + show(entry["error"], limit))
        else:
            unread = 1
    if unread:
        out.append("<< (reply not read)" if unread == 1 else
                   f"<< (reply not read, nor those of the {unread - 1} requests sent after it)")
    return out


def verdict(results: list[ScenarioResult], complete: bool) -> str:
    """One phrase for the top of a report."""
    if not complete:
        return "cut short"
    if needs_attention(results):
        return "not conformant"
    if results and all(r.outcome is Outcome.SKIPPED for r in results):
        return "nothing tested (every scenario skipped)"
    return "conformant"


def impl_title(header: dict[str, Any]) -> str:
    impl = header.get("implementation") or {}
    if not isinstance(impl, dict) or not impl:
        return str(header.get("command") or "implementation")
    parts = [str(impl.get("name", "?")), str(impl.get("version", ""))]
    if impl.get("language"):
        parts.append(f"({impl['language']})")
    return " ".join(p for p in parts if p)


def profile_text(header: dict[str, Any]) -> str:
    """The implementation profile in force, for a summary line: ``lay_down auto, money none``
    (spec/protocol.md 8), ``the 1.0 shape``, or ``unknown`` (the implementation did not
    start). A report written before profiles were recorded reads its hello."""
    profile = header.get("profile")
    if not isinstance(profile, dict):
        impl = header.get("implementation")
        if not isinstance(impl, dict):
            return "unknown"
        profile = profile_in_force(impl).to_json()
    return str(profile.get("describe") or "the 1.0 shape")


def profile_problems(header: dict[str, Any]) -> list[str]:
    """The lines about bad profile members of the implementation's hello (left out)."""
    profile = header.get("profile")
    return [str(p) for p in profile.get("problems") or []] if isinstance(profile, dict) else []


def ruleset_figures(results: Iterable[ScenarioResult]) -> list[dict[str, Any]]:
    """Per ruleset: counts per outcome, the scenarios judged (all but skipped) and the share
    of them that passed (``conformance``, a percentage, None when nothing was judged)."""
    by: dict[str, dict[str, int]] = {}
    for r in results:
        for rs in r.rulesets or (ANY_RULESET,):
            row = by.setdefault(rs, {o.value: 0 for o in ORDER})
            row[r.outcome.value] += 1
    out = []
    for rs, counts in sorted(by.items()):
        total = sum(counts.values())
        judged = total - counts[Outcome.SKIPPED.value]
        share = 100.0 * counts[Outcome.PASS.value] / judged if judged else None
        out.append({"ruleset": rs, "total": total, "judged": judged, "counts": counts,
                    "conformance": share})
    return out


def percent(share: float | None) -> str:
    """``99.2 %``; a share short of 100 is never rounded up to it."""
    if share is None:
        return "—"
    text = f"{share:.1f}"
    if text == "100.0" and share < 100.0:
        text = "99.9"
    return f"{text} %"
