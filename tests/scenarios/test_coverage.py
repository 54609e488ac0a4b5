"""Clause coverage: counts per (clause, ruleset), what is missing, the --check exit code."""

from __future__ import annotations

import json
from dataclasses import dataclass

from conformance.clause_coverage import CatalogClause, coverage_table, render_coverage
from tests.shared import kit_spec, kit_suite


@dataclass(frozen=True)
class S:
    id: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    negative: bool = False


class FakeSpec:
    clauses = (
        CatalogClause("A.ONE", "rule", ("r1", "r2")),
        CatalogClause("A.TWO", "rule", ("r1",), negative="nothing can be refused by it"),
        CatalogClause("A.INFO", "informative", ("r1", "r2")),
    )


def test_counts_and_gaps() -> None:
    table = coverage_table(
        FakeSpec(),
        [
            S("p", ("A.ONE", "A.TWO"), ("r1",)),
            S("n", ("A.ONE",), ("r1",), negative=True),
            S("p2", ("A.ONE",), ("r2",)),
            S("x", ("Z.NOPE",), ("r1",)),
        ],
    )
    rows = {r.clause: r for r in table.rows}
    assert set(rows) == {"A.ONE", "A.TWO"}  # informative clauses are not counted
    assert rows["A.ONE"].cells["r1"].positive == 1 and rows["A.ONE"].cells["r1"].negative == 1
    assert rows["A.TWO"].needs_negative is False
    # A.ONE lacks a negative under r2; A.TWO needs none
    assert table.gaps() == [("A.ONE", "r2", "negative")]
    assert table.unknown == {"Z.NOPE": ("x",)}


def test_render_and_check() -> None:
    full = coverage_table(
        FakeSpec(),
        [
            S("p", ("A.ONE", "A.TWO"), ("r1",)),
            S("n", ("A.ONE",), ("r1",), negative=True),
            S("p2", ("A.ONE",), ("r2",)),
            S("n2", ("A.ONE",), ("r2",), negative=True),
        ],
    )
    text, code = render_coverage(full, check=True)
    assert code == 0 and "covered: 3 of 3" in text
    short = coverage_table(FakeSpec(), [S("p", ("A.ONE",), ("r1",))])
    text, code = render_coverage(short, check=True)
    assert code == 1
    assert "missing: A.ONE [r1] has no negative scenario" in text
    assert "missing: A.TWO [r1] has no positive scenario" in text
    assert render_coverage(short, check=False)[1] == 0
    data = json.loads(render_coverage(short, as_json=True, ruleset="r2")[0])
    assert data["rulesets"] == ["r2"]
    assert data["gaps"] == [["A.ONE", "r2", "positive"], ["A.ONE", "r2", "negative"]]


def test_every_clause_the_suite_names_is_in_the_catalog() -> None:
    table = coverage_table(kit_spec(), kit_suite())
    assert dict(table.unknown) == {}


def test_the_suite_covers_most_pairs() -> None:
    table = coverage_table(kit_spec(), kit_suite())
    pairs = sum(len(r.rulesets) for r in table.rows)
    covered = pairs - len({(c, r) for c, r, _ in table.gaps()})
    assert covered / pairs > 0.9
