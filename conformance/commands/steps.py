"""``phom-conformance steps``: the step vocabulary of the scenarios, from the step registry."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from conformance.suite.steps import REGISTRY, StepDef

KINDS = ("given", "when", "then")


def _doc(definition: StepDef) -> str:
    """The first sentence of the handler's docstring, if it has one."""
    doc = (definition.handler.__doc__ or "").strip()
    return " ".join(doc.split("\n\n")[0].split())


def step_entries() -> list[dict[str, Any]]:
    """Every step of the registry, in its order: kind, example, pattern, clauses, needs."""
    out = []
    for d in REGISTRY:
        out.append({
            "kind": d.kind,
            "example": d.example,
            "pattern": d.pattern,
            "clauses": [c for c in (d.clause or "").split("|") if c],
            "needs": sorted(d.needs),
            "lines_below": d.block is not None,
            "doc": _doc(d),
        })
    return out


def _table(kind: str, entries: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{kind.capitalize()} steps: {len(entries)}", show_lines=False)
    table.add_column("Example", no_wrap=False)
    table.add_column("Clauses it serves")
    table.add_column("Needs")
    for e in entries:
        example = e["example"] + (" (lines below)" if e["lines_below"] else "")
        table.add_row(example, " ".join(e["clauses"]) or "-", " ".join(e["needs"]) or "-")
    return table


@click.command("steps")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (for machines).")
@click.option("--kind", metavar="KIND", help="Only the steps of this kind: given, when or then.")
def command(as_json: bool, kind: str | None) -> None:
    """The steps a scenario is written in: an example of each, the clauses a failure of it
    is reported under (the first one the scenario names), the queries it needs."""
    if kind is not None and kind not in KINDS:
        click.echo(f"phom-conformance: unknown step kind {kind!r} (given, when or then)",
                   err=True)
        sys.exit(3)
    entries = [e for e in step_entries() if kind is None or e["kind"] == kind]
    if as_json:
        click.echo(json.dumps(entries, ensure_ascii=False, indent=2))
        return
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 140)
    for k in KINDS:
        chosen = [e for e in entries if e["kind"] == k]
        if chosen:
            console.print(_table(k, chosen))
    console.print(
        "Every Then step may end with 'under clause <ID>': a failure of it is then reported"
        " under that clause."
    )
