"""The replay page: one self-contained HTML file (no external assets) for a verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from conformance.arbiter.describe import (
    describe_event,
    describe_payment,
    describe_payment_difference,
    describe_seat_difference,
    pretty_card,
)
from conformance.arbiter.verdict import Verdict

_TEMPLATES = Path(__file__).resolve().parent / "templates"


def _sent_to(state: dict[str, Any], seat: int, phom: int) -> list[str]:
    """The cards other players sent to ``seat``'s phỏm number ``phom`` (gửi)."""
    out = []
    for sender in state.get("sent") or []:
        for s in sender:
            to = s.get("to") or {}
            if to.get("seat") == seat and to.get("phom") == phom:
                out.append(str(s.get("card")))
    return out


def render_html(verdict: Verdict) -> str:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
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
        "title": rec.title or rec.id or rec.path,
        "path": rec.path,
        "ruleset": rec.ruleset,
        "options": rec.options,
        "readings": rec.readings,
        "players": rec.players,
        "first": rec.first,
        "stock": list(rec.stock),
        "agrees": verdict.agrees,
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
            differences=[describe_seat_difference(d, name) for d in s.seats]
            + [describe_payment_difference(p, name) for p in s.payments]
            + [f"{name(p.seat) if p.seat >= 0 else 'game'}: {p.field} recorded as {p.recorded!r},"
               f" the rules say {p.rules!r}" for p in s.places]
            + list(s.notes),
        )
    else:
        context.update(recorded_totals=None, diff_seats=set(), payments=[], differences=[])
    return env.get_template("replay.html.j2").render(**context)
