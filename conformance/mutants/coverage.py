"""Which rule clauses of the spec the mutants cover: a clause is covered when some mutant
was killed on it (``killed_on``); the others have a reason in
:data:`conformance.mutants.catalog.WITHOUT_MUTANT`, or are listed as missing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from conformance.mutants.base import Mutant
from conformance.mutants.catalog import WITHOUT_MUTANT


def rule_clauses() -> list[str]:
    """The ids of the spec's clauses of kind ``rule``, in spec order."""
    from phomspec.loader import load_spec

    return [c.id for c in load_spec().clauses if c.kind == "rule"]


def clause_coverage(killed_on: Mapping[str, Iterable[str]], mutants: Iterable[Mutant]
                    ) -> dict[str, Any]:
    """``clause_coverage`` of ``mutate --json``: the rule clauses, those covered (a mutant
    killed on each), those without a mutant (with the catalog's reason), the ones named by a
    mutant that was not killed on them, and the ones missing altogether."""
    rules = rule_clauses()
    killed = {c for on in killed_on.values() for c in on}
    named = {c for m in mutants for c in m.clauses}
    covered = [c for c in rules if c in killed]
    without = [{"clause": c, "reason": WITHOUT_MUTANT[c]} for c in rules
               if c in WITHOUT_MUTANT and c not in killed]
    not_killed = [c for c in rules if c in named and c not in killed]
    missing = [c for c in rules if c not in killed and c not in named and c not in WITHOUT_MUTANT]
    n = len(rules)
    return {"rule_clauses": n, "covered": covered, "covered_count": len(covered),
            "covered_share": round(len(covered) / n, 4) if n else None,
            "without_mutant": without, "named_not_killed": not_killed, "missing": missing}


def score_table(report: Mapping[str, Any], command: str, date: str) -> str:
    """The markdown score table of docs/fuzz-arbiter.md from a ``mutate --json`` report."""
    rows = [f"Measured by `{command}` ({date}):", "", "| | killed | score |", "|---|---:|---:|"]
    for key, name in (("suite_score", "suite"), ("fuzz_score", "fuzzer"),
                      ("total_score", "either")):
        s = report[key]
        share = "-" if s["score"] is None else f"{round(100 * s['score'])} %"
        rows.append(f"| {name} | {s['killed']} / {s['mutants']} | {share} |")
    cov = report["clause_coverage"]
    without = ", ".join(w["clause"] for w in cov["without_mutant"]) or "none"
    rows += ["", f"Rule clauses covered (a mutant killed on the clause itself):"
                 f" {cov['covered_count']} / {cov['rule_clauses']}"
                 f" ({round(100 * (cov['covered_share'] or 0))} %);"
                 f" without a mutant, each with its reason in the catalog: {without};"
                 f" named by a mutant but not killed on:"
                 f" {', '.join(cov['named_not_killed']) or 'none'};"
                 f" missing: {', '.join(cov['missing']) or 'none'}."]
    head = report.get("headline_clause")
    if head and head.get("killed_by_fuzz"):
        others = ", ".join(f"`{x['id']}` ({x['headline']})" for x in head["others"]) or "none"
        rows += ["", f"The fuzzer's headline cluster cites the mutant's own clause for"
                     f" {head['cites_own_clause']} of the {head['killed_by_fuzz']} mutants it"
                     f" kills ({round(100 * head['share'])} %); the others: {others}."]
    survivors = report.get("survivors") or []
    names = ", ".join(f"`{s['id']}` ({s['why']})" for s in survivors) or "none"
    rows += ["", f"Survivors ({len(survivors)}): {names}."]
    return "\n".join(rows) + "\n"
