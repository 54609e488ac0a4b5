"""Clause coverage: how many positive and negative scenarios check each clause, per ruleset.

``coverage_table(spec, scenarios)`` counts, for every testable clause (kind ``informative``
is skipped) and every ruleset in its ``rulesets`` list, the scenarios that run under that
ruleset and name the clause in a ``@clause`` tag, split into positive and negative
(``@negative``). ``render_coverage(table, check)`` renders it; with ``check`` the exit code
is 1 when an applicable clause lacks a positive scenario, or lacks a negative one while its
catalog entry gives no ``negative:`` reason for having none.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

from phomspec.paths import spec_dir


class ClauseLike(Protocol):
    id: str
    kind: str
    rulesets: tuple[str, ...]
    negative: str | None


class ScenarioLike(Protocol):
    id: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    negative: bool


@dataclass(frozen=True)
class CatalogClause:
    """The few fields of a clause coverage needs (when the spec is read without phomspec)."""

    id: str
    kind: str
    rulesets: tuple[str, ...]
    negative: str | None = None


def clauses_from_files(root: Path | None = None) -> list[CatalogClause]:
    """The clause catalog read straight from ``spec/clauses/*.yaml``."""
    out = []
    for path in sorted(((root or spec_dir()) / "clauses").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for c in data.get("clauses") or []:
            out.append(
                CatalogClause(
                    id=c["id"],
                    kind=c.get("kind", "rule"),
                    rulesets=tuple(c.get("rulesets") or ()),
                    negative=c.get("negative"),
                )
            )
    return out


@dataclass(frozen=True)
class Cell:
    """Scenario counts for one clause under one ruleset."""

    positive: int = 0
    negative: int = 0


@dataclass(frozen=True)
class Row:
    clause: str
    kind: str
    rulesets: tuple[str, ...]
    needs_negative: bool
    cells: Mapping[str, Cell] = field(default_factory=dict)

    def gaps(self, ruleset: str) -> list[str]:
        """What the clause lacks under ``ruleset`` ('positive', 'negative')."""
        cell = self.cells.get(ruleset, Cell())
        out = []
        if cell.positive == 0:
            out.append("positive")
        if self.needs_negative and cell.negative == 0:
            out.append("negative")
        return out


@dataclass(frozen=True)
class CoverageTable:
    """Rows by clause (catalog order), the rulesets, and clause ids the suite names but the
    catalog does not have."""

    rulesets: tuple[str, ...]
    rows: tuple[Row, ...]
    unknown: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def gaps(self, ruleset: str | None = None) -> list[tuple[str, str, str]]:
        """(clause, ruleset, 'positive'|'negative') for every missing scenario."""
        out = []
        for row in self.rows:
            for r in row.rulesets:
                if ruleset is None or r == ruleset:
                    out += [(row.clause, r, what) for what in row.gaps(r)]
        return out


def _catalog(spec: Any) -> list[ClauseLike]:
    if spec is None:
        found: list[Any] = clauses_from_files()
        return found
    clauses = getattr(spec, "clauses", None)
    if clauses is None:
        raise ValueError("coverage needs a loaded spec (phomspec.load_spec()) or None")
    return list(clauses)


def coverage_table(spec: Any, scenarios: Iterable[ScenarioLike]) -> CoverageTable:
    """Count scenarios per (clause, ruleset); ``spec`` is phomspec's Spec (None: read files)."""
    catalog = _catalog(spec)
    known = {c.id for c in catalog}
    counts: dict[tuple[str, str], list[int]] = {}
    unknown: dict[str, list[str]] = {}
    all_rulesets: list[str] = []
    for c in catalog:
        all_rulesets += [r for r in c.rulesets if r not in all_rulesets]
    for s in scenarios:
        for clause in s.clauses:
            if clause not in known:
                unknown.setdefault(clause, []).append(s.id)
                continue
            for r in s.rulesets:
                cell = counts.setdefault((clause, r), [0, 0])
                cell[1 if s.negative else 0] += 1
    rows = []
    for c in catalog:
        if c.kind == "informative":
            continue
        cells = {r: Cell(*counts.get((c.id, r), [0, 0])) for r in c.rulesets}
        rows.append(Row(c.id, c.kind, tuple(c.rulesets), not c.negative, cells))
    return CoverageTable(
        tuple(sorted(all_rulesets)), tuple(rows), {k: tuple(v) for k, v in unknown.items()}
    )


def _cell_text(row: Row, ruleset: str) -> str:
    if ruleset not in row.rulesets:
        return "·"
    cell = row.cells.get(ruleset, Cell())
    neg = str(cell.negative) if row.needs_negative else f"{cell.negative}*"
    mark = " !" if row.gaps(ruleset) else ""
    return f"{cell.positive}/{neg}{mark}"


def _as_jsonable(table: CoverageTable, rulesets: Sequence[str]) -> dict[str, Any]:
    return {
        "rulesets": list(rulesets),
        "clauses": [
            {
                "clause": row.clause,
                "kind": row.kind,
                "needs_negative": row.needs_negative,
                "cells": {
                    r: {
                        "positive": row.cells[r].positive,
                        "negative": row.cells[r].negative,
                        "missing": row.gaps(r),
                    }
                    for r in row.rulesets
                    if r in rulesets
                },
            }
            for row in table.rows
        ],
        "unknown_clauses": {k: list(v) for k, v in table.unknown.items()},
        "gaps": [list(g) for g in table.gaps() if g[1] in rulesets],
    }


def render_coverage(
    table: CoverageTable,
    check: bool = False,
    *,
    as_json: bool = False,
    ruleset: str | None = None,
) -> tuple[str, int]:
    """The table as text (or JSON) and the exit code: 1 with ``check`` when anything is missing.

    Cells read ``positive/negative``; ``*`` after the negative count: the clause needs no
    negative scenario (its catalog entry says why); ``!``: something is missing; ``·``: the
    clause does not apply to that ruleset.
    """
    rulesets = [ruleset] if ruleset else list(table.rulesets)
    gaps = [g for g in table.gaps() if g[1] in rulesets]
    failing = bool(gaps or table.unknown)
    code = 1 if check and failing else 0
    if as_json:
        return json.dumps(_as_jsonable(table, rulesets), ensure_ascii=False, indent=2), code
    width = max([len(r.clause) for r in table.rows] + [6])
    cols = [max(len(r), 7) for r in rulesets]
    lines = [
        "clause".ljust(width)
        + "  "
        + "  ".join(r.ljust(w) for r, w in zip(rulesets, cols, strict=True))
    ]
    for row in table.rows:
        if not any(r in row.rulesets for r in rulesets):
            continue
        cells = "  ".join(_cell_text(row, r).ljust(w) for r, w in zip(rulesets, cols, strict=True))
        lines.append(row.clause.ljust(width) + "  " + cells)
    complete = sum(
        1 for row in table.rows for r in row.rulesets if r in rulesets and not row.gaps(r)
    )
    total = sum(1 for row in table.rows for r in row.rulesets if r in rulesets)
    lines.append("")
    lines.append(
        f"covered: {complete} of {total} (clause, ruleset) pairs; cells are positive/negative"
    )
    for clause, r, what in gaps:
        lines.append(f"missing: {clause} [{r}] has no {what} scenario")
    for clause, ids in sorted(table.unknown.items()):
        lines.append(
            f"unknown clause {clause} named by {', '.join(ids[:3])};"
            " add it to spec/clauses/ or fix the tag"
        )
    return "\n".join(lines), code
