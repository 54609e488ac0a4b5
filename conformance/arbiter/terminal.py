"""The verdict on a terminal, for an arbiter: deal, every ruling, the settlement, the verdict."""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from conformance.arbiter.describe import (
    describe_event,
    describe_payment,
    describe_payment_difference,
    describe_place,
    describe_seat_difference,
    pretty_cards,
)
from conformance.arbiter.verdict import Verdict
from conformance.reports.paths import suite_relative


def render(verdict: Verdict, console: Console) -> None:
    rec = verdict.record
    name = rec.seat_name
    head = Table.grid(padding=(0, 2))
    path = suite_relative(rec.path)
    head.add_row("record", path + (f"  ({rec.id})" if rec.id else ""))
    if rec.title:
        head.add_row("title", rec.title)
    opts = ", ".join(f"{k}={v}" for k, v in rec.options.items()) or "defaults"
    head.add_row("ruleset", f"{rec.ruleset}  (options: {opts})")
    if rec.readings:
        head.add_row("readings", ", ".join(f"{k}: {v}" for k, v in rec.readings.items()))
    head.add_row("first", name(rec.first))
    console.print(Panel(head, title="Phỏm arbiter", expand=False))

    deal = Table(title="The deal", show_header=True, header_style="bold")
    deal.add_column("seat")
    deal.add_column("hand")
    for seat, hand in enumerate(rec.hands):
        deal.add_row(name(seat), pretty_cards(hand))
    deal.add_row("stock (top first)", pretty_cards(rec.stock))
    console.print(deal)
    for e in verdict.opening_events:
        line = describe_event(e, name)
        if line:
            console.print(f"  at the deal: {line}")

    table = Table(title="Rulings", show_header=True, header_style="bold", show_lines=False)
    table.add_column("#", justify="right")
    table.add_column("seat")
    table.add_column("action")
    table.add_column("ruling")
    table.add_column("clauses", no_wrap=True)
    table.add_column("what happened", overflow="fold")
    for r in verdict.rulings:
        if r.accepted:
            ruling = Text("accepted", style="green")
            happened = "\n".join(filter(None, (describe_event(e, name) for e in r.events)))
        else:
            ruling = Text(f"REJECTED {r.reason}", style="bold red")
            happened = r.message or ""
        table.add_row(str(r.index), name(r.seat), r.text, ruling, "\n".join(r.clauses), happened)
    console.print(table)

    if verdict.stopped is not None:
        r = verdict.stopped
        where = f" ({path}:{r.line})" if r.line else ""
        console.print(Panel(
            f"Action {r.index}{where}: {name(r.seat)} played [bold]{r.text}[/bold].\n"
            f"The rules reject it: {r.reason} ({', '.join(r.clauses) or 'no clause'}).\n"
            f"{r.message or ''}\nThe replay stops here: later actions rest on an illegal move.",
            title="Illegal action", border_style="red", expand=False))
    if verdict.over_before is not None:
        console.print(Panel(
            f"The game was over after action {verdict.over_before - 1};"
            f" action {verdict.over_before} and the rest were played after the end"
            " (ROUND.GAME-END / U.AUTOMATIC).", title="Actions after the end",
            border_style="red", expand=False))

    s = verdict.settlement
    if s is not None:
        rules = s.rules
        rank = Table(title=f"Settlement by the rules (ending: {rules.get('ending')})",
                     header_style="bold")
        rank.add_column("place")
        rank.add_column("seat")
        rank.add_column("points", justify="right")
        rank.add_column("rules total", justify="right")
        rank.add_column("table total", justify="right")
        rec_totals = None
        if s.recorded is not None and s.recorded.totals is not None:
            rec_totals = list(s.recorded.totals)
        diffs = {d.seat: d for d in s.seats}
        for entry in rules.get("ranking") or []:
            seat = entry["seat"]
            recorded = (f"{rec_totals[seat]:+d}" if rec_totals is not None
                        else f"{diffs[seat].recorded:+d}" if seat in diffs else "")
            style = "red" if seat in diffs else ""
            place = describe_place(entry.get("rank", ""))
            if entry.get("mom") and entry.get("rank") != "mom":
                place += " (móm)"
            rank.add_row(place, name(seat), str(entry.get("points", "")),
                         f"{rules['totals'][seat]:+d}",
                         Text(recorded, style=style))
        console.print(rank)
        pays = [describe_payment(p, name) for p in rules.get("payments") or []]
        if pays:
            console.print(Panel(Group(*[Text(p) for p in pays]), title="Payments owed by the rules",
                                expand=False))
        problems = ([describe_seat_difference(d, name) for d in s.seats]
                    + [describe_payment_difference(p, name) for p in s.payments]
                    + [f"{name(p.seat) if p.seat >= 0 else 'game'}: {p.field} recorded as"
                       f" {_shown(p.field, p.recorded)}, the rules say {_shown(p.field, p.rules)}"
                       for p in s.places]
                    + list(s.notes))
        if problems:
            console.print(Panel("\n".join(problems), title="Where the table's settlement differs",
                                border_style="red", expand=False))
    style = "bold green" if verdict.agrees else "bold red"
    word = "AGREES WITH THE RULES" if verdict.agrees else "DOES NOT AGREE WITH THE RULES"
    console.print(Text(f"Verdict: the record {word}. {verdict.sentence}.", style=style))


def _shown(field: str, value: object) -> str:
    return describe_place(value) if field == "rank" else repr(value)
