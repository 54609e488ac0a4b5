"""``phom-conformance clauses``: the clause catalog; with --coverage, what the suite covers."""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.table import Table

from conformance.errors import HarnessError
from phomspec import Clause, Spec, SpecError, load_spec


def _fail(message: str, code: int) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    sys.exit(code)


def _as_json(clause: Clause) -> dict[str, Any]:
    return {
        "id": clause.id,
        "title": {"en": clause.title.en, "vi": clause.title.vi},
        "rulesets": list(clause.rulesets),
        "topic": clause.topic,
        "kind": clause.kind,
    }


def _rulesets_cell(clause: Clause, every: list[str]) -> str:
    return "all" if set(every) <= set(clause.rulesets) else " ".join(clause.rulesets)


def _table(spec: Spec, clauses: list[Clause], ruleset: str | None) -> Table:
    scope = f" for ruleset {ruleset}" if ruleset else ""
    table = Table(title=f"Clause catalog{scope}: {len(clauses)} clauses", show_lines=False)
    table.add_column("Clause", style="bold", no_wrap=True)
    table.add_column("English")
    table.add_column("Tiếng Việt")
    table.add_column("Rulesets")
    every = spec.ids("ruleset")
    topic = None
    for clause in clauses:
        if topic is not None and clause.topic != topic:
            table.add_section()
        topic = clause.topic
        table.add_row(clause.id, clause.title.en, clause.title.vi, _rulesets_cell(clause, every))
    return table


def _coverage(spec: Spec, ruleset: str | None, as_json: bool, check: bool) -> None:
    try:  # written by the scenarios side; imported only when asked for
        coverage = importlib.import_module("conformance.clause_coverage")
        scenario = importlib.import_module("conformance.suite.discover")
    except ImportError as e:
        _fail(f"clause coverage is unavailable ({e})", 2)
    try:
        scenarios = scenario.load_scenarios(rulesets=[ruleset] if ruleset else None,
                                            cached=True)
        table = coverage.coverage_table(spec, scenarios)
        text, code = coverage.render_coverage(table, check, as_json=as_json, ruleset=ruleset)
    except (HarnessError, SpecError, OSError, ValueError) as e:
        _fail(f"cannot compute clause coverage: {e}", 2)
    click.echo(text)
    if code:
        click.echo("clause coverage is incomplete: every clause needs its scenarios", err=True)
        sys.exit(code)


@click.command("clauses")
@click.option("--ruleset", "-r", metavar="RULESET", help="Only the clauses of this ruleset.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (for machines).")
@click.option("--coverage", is_flag=True, help="Show which scenarios cover each clause.")
@click.option(
    "--check", is_flag=True, help="With --coverage: exit 1 when a clause lacks a scenario."
)
def command(ruleset: str | None, as_json: bool, coverage: bool, check: bool) -> None:
    """The clause catalog: id, English and Vietnamese title, rulesets."""
    try:
        spec = load_spec()
    except SpecError as e:
        _fail(str(e), 2)
    if ruleset is not None and not spec.has("ruleset", ruleset):
        known = ", ".join(spec.ids("ruleset"))
        _fail(f"unknown ruleset {ruleset!r}; known: {known}", 3)
    if coverage or check:
        _coverage(spec, ruleset, as_json, check)
        return
    clauses = spec.clauses_for(ruleset) if ruleset else list(spec.clauses)
    if as_json:
        click.echo(json.dumps([_as_json(c) for c in clauses], ensure_ascii=False, indent=2))
    else:
        console = Console(highlight=False)
        if not console.is_terminal:
            console.width = max(console.width, 140)  # piped: do not wrap titles at 80 columns
        console.print(_table(spec, clauses, ruleset))
