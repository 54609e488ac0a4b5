"""The replay page: one self-contained HTML file (no external assets) for a verdict."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from conformance.arbiter.describe import (
    Namer,
    describe_event,
    describe_payment,
    describe_payment_difference,
    describe_place,
    describe_seat_difference,
    pretty_card,
)
from conformance.arbiter.verdict import Verdict
from conformance.reports.paths import suite_relative

_TEMPLATES = Path(__file__).resolve().parent / "templates"
#: A note that ends by citing its clause: ``... money was created or lost (MONEY.ZERO-SUM)``.
_CITED = re.compile(r" \(([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+)\)$")


def _sent_to(state: dict[str, Any], seat: int, phom: int) -> list[str]:
    """The cards other players sent to ``seat``'s phỏm number ``phom`` (gửi)."""
    out = []
    for sender in state.get("sent") or []:
        for s in sender:
            to = s.get("to") or {}
            if to.get("seat") == seat and to.get("phom") == phom:
                out.append(str(s.get("card")))
    return out


def _by_clause(payments: list[dict[str, Any]], seat: int) -> str:
    """``seat``'s net money by the rules, clause by clause: ``EAT.NTH-CARD +1, ...``."""
    net: dict[str, int] = {}
    for p in payments:
        sign = (p.get("to") == seat) - (p.get("from") == seat)
        if sign:
            key = str(p.get("clause") or p.get("reason") or "payment")
            net[key] = net.get(key, 0) + sign * int(p["amount"])
    return ", ".join(f"{c} {v:+d}" for c, v in net.items() if v)


@dataclass(frozen=True)
class Finding:
    """One line of the verdict banner: what differs, the clauses it falls under, where the page
    shows it, and (for a seat whose payments the record does not give) the rules' breakdown."""

    text: str
    clauses: tuple[str, ...] = ()
    href: str = "#settlement"
    breakdown: str = ""


def banner(verdict: Verdict, name: Namer) -> list[Finding]:
    """What the verdict rests on, for the top of the page: one line per difference (each
    seat's, each payment's, each illegal action), with the clauses it falls under and, for an
    action, a link to it."""
    lines: list[Finding] = []
    r = verdict.stopped
    if r is not None:
        why = f"{r.reason}: {r.message}" if r.message else str(r.reason)
        lines.append(Finding(f"Action {r.index}: {name(r.seat)} played {r.text}; the rules"
                             f" reject it ({why}). The replay stops there.", tuple(r.clauses),
                             f"#a{r.index}"))
    if verdict.over_before is not None:
        lines.append(Finding(f"Action {verdict.over_before} and later were played after the"
                             " game was over", ("ROUND.GAME-END", "U.AUTOMATIC"),
                             f"#a{verdict.over_before}"))
    s = verdict.settlement
    if s is None:
        return lines
    rules_payments = list(s.rules.get("payments") or [])
    for d in s.seats:
        cited = sorted({p.clause for p in s.payments if p.clause and d.seat in (p.payer, p.payee)})
        lines.append(Finding(describe_seat_difference(d, name), tuple(cited),
                             breakdown="" if cited else _by_clause(rules_payments, d.seat)))
    for p in s.payments:
        text = describe_payment_difference(p, name)
        lines.append(Finding(text.replace(f" [{p.clause}]", "") if p.clause else text,
                             (p.clause,) if p.clause else ()))
    for place in s.places:
        who = name(place.seat) if place.seat >= 0 else "the game"
        shown = describe_place if place.field == "rank" else repr
        lines.append(Finding(f"{who}: {place.field} recorded as {shown(place.recorded)},"
                             f" the rules say {shown(place.rules)}",
                             ("RANK.ORDER",) if place.field in ("place", "rank") else ()))
    for note in s.notes:
        m = _CITED.search(note)
        lines.append(Finding(note[: m.start()], (m.group(1),)) if m else Finding(note))
    return lines


def places_line(verdict: Verdict, name: Namer) -> list[dict[str, Any]]:
    """The rules' final places: ``[{place: 'Nhất', seat: 'B (seat 1)', total: '+8'}, ...]``."""
    s = verdict.settlement
    if s is None:
        return []
    totals = s.rules.get("totals") or []
    return [{"place": describe_place(r.get("rank")), "seat": name(r["seat"]),
             "total": f"{totals[r['seat']]:+d}" if r["seat"] < len(totals) else ""}
            for r in s.rules.get("ranking") or []]


@cache
def _environment() -> jinja2.Environment:
    """One environment, so the template is compiled once per process, not once per page."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_html(verdict: Verdict) -> str:
    env = _environment()
    rec = verdict.record
    name = rec.seat_name

    steps = []
    for r in verdict.rulings:
        if r.accepted:
            lines = [d for e in r.events if (d := describe_event(e, name))]
        else:
            lines = [f"{r.reason}: {r.message}" if r.message else str(r.reason),
                     "the replay stops here"]
        steps.append({"index": r.index, "seat": r.seat, "text": r.text, "accepted": r.accepted,
                      "reason": r.reason, "clauses": r.clauses, "lines": lines, "note": r.note,
                      "state": r.state})
    s = verdict.settlement
    context: dict[str, Any] = {
        "title": rec.title or rec.id or suite_relative(rec.path),
        "path": suite_relative(rec.path),
        "banner": banner(verdict, name),
        "places": places_line(verdict, name),
        "place": describe_place,
        "ruleset": rec.ruleset,
        "options": rec.options,
        "readings": rec.readings,
        "players": rec.players,
        "first": rec.first,
        "stock": list(rec.stock),
        "agrees": verdict.agrees,
        "stopped": verdict.stopped is not None,
        "summary": verdict.sentence,
        "opening_state": verdict.opening_state,
        "opening_events": [d for e in verdict.opening_events if (d := describe_event(e, name))],
        "steps": steps,
        "settlement": None,
        "name": name,
        "pretty": pretty_card,
        "sent_to": _sent_to,
    }
    if s is not None:
        recorded_totals = None
        if s.recorded is not None and s.recorded.totals is not None:
            recorded_totals = [f"{t:+d}" for t in s.recorded.totals]
        elif s.seats:
            recorded_totals = [""] * rec.players
            for diff in s.seats:
                recorded_totals[diff.seat] = f"{diff.recorded:+d}"
        context.update(
            settlement={"rules": s.rules},
            recorded_totals=recorded_totals,
            diff_seats={d.seat for d in s.seats},
            payments=[describe_payment(p, name) for p in s.rules.get("payments") or []],
            differences=[line.text for line in context["banner"] if line.href == "#settlement"],
        )
    else:
        context.update(recorded_totals=None, diff_seats=set(), payments=[], differences=[])
    return env.get_template("replay.html.j2").render(**context)
