"""The arbiter's verdict: a ruling on every action of a record and on its settlement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.arbiter.settlement import SettlementRuling
from conformance.records import GameRecord


@dataclass(frozen=True)
class ActionRuling:
    """The rules' ruling on one recorded action.

    ``clauses`` are the clauses the ruling rests on: for a rejection, the clause the engine
    cites; for an acceptance, those of the action type and of what it caused.
    """

    index: int
    seat: int
    text: str
    action: dict[str, Any]
    accepted: bool
    clauses: tuple[str, ...]
    events: tuple[dict[str, Any], ...] = ()
    reason: str | None = None
    message: str | None = None
    line: int | None = None
    note: str | None = None
    #: Public state after the action (the state before it when rejected), for the replay page.
    state: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "seat": self.seat, "action": self.action,
                               "text": self.text,
                               "ruling": "accepted" if self.accepted else "rejected",
                               "clauses": list(self.clauses)}
        if self.accepted:
            out["events"] = list(self.events)
        else:
            out["reason"] = self.reason
            out["message"] = self.message
        if self.line is not None:
            out["line"] = self.line
        return out


@dataclass(frozen=True)
class Verdict:
    """Everything the arbiter found in one record."""

    record: GameRecord = field(repr=False)
    opening_events: tuple[dict[str, Any], ...]
    opening_state: dict[str, Any] = field(repr=False)
    rulings: tuple[ActionRuling, ...]
    final_state: dict[str, Any] = field(repr=False)
    #: The ruling that stopped the replay (an illegal action), if any.
    stopped: ActionRuling | None = None
    #: Actions recorded after the game was already over (never replayed).
    over_before: int | None = None
    unfinished: bool = False
    settlement: SettlementRuling | None = None

    @property
    def agrees(self) -> bool:
        """True when every action is legal and the recorded result (if any) is the rules'."""
        if self.stopped is not None or self.over_before is not None:
            return False
        if self.unfinished:
            return self.record.result is None
        return self.settlement is None or self.settlement.agrees

    @property
    def summary(self) -> str:
        """One sentence an arbiter can read out."""
        if self.stopped is not None:
            r = self.stopped
            return (f"action {r.index} ({self.record.seat_name(r.seat)}: {r.text}) is illegal:"
                    f" {r.reason} [{', '.join(r.clauses)}]; the replay stops there")
        if self.over_before is not None:
            return (f"the game was over after action {self.over_before - 1}; action"
                    f" {self.over_before} and later should not have been played")
        if self.unfinished:
            tail = ("; the recorded result cannot be right" if self.record.result is not None
                    else "; there is no settlement to rule on")
            return f"every action is legal, but the game is not over after the last one{tail}"
        if self.settlement is None or self.settlement.recorded is None:
            return "every action is legal; the record gives no result to check"
        if self.settlement.agrees:
            return "every action is legal and the table paid out what the rules say"
        return "every action is legal, but the table did not pay out what the rules say"

    @property
    def sentence(self) -> str:
        """The summary as a sentence of its own (capitalised), to follow another sentence."""
        text = self.summary
        return text[:1].upper() + text[1:]

    def to_json(self) -> dict[str, Any]:
        rec = self.record
        out: dict[str, Any] = {
            "record": rec.path,
            "id": rec.id,
            "ruleset": rec.ruleset,
            "options": rec.options,
            "readings": rec.readings,
            "players": rec.players,
            "seats": list(rec.names),
            "agrees": self.agrees,
            "summary": self.summary,
            "opening_events": list(self.opening_events),
            "rulings": [r.to_json() for r in self.rulings],
            "stopped_at": self.stopped.index if self.stopped else None,
            "over_before": self.over_before,
            "unfinished": self.unfinished,
        }
        s = self.settlement
        if s is not None:
            out["settlement"] = {
                "agrees": s.agrees,
                "rules": s.rules,
                "recorded": None if s.recorded is None else {
                    k: (list(v) if isinstance(v, tuple) else v)
                    for k in ("ending", "winner", "ranking", "payments", "totals")
                    if (v := getattr(s.recorded, k)) is not None},
                "seats": [{"seat": d.seat, "recorded": d.recorded, "rules": d.rules,
                           "difference": d.difference} for d in s.seats],
                "payments": [p.to_json() for p in s.payments],
                "places": [{"seat": p.seat, "field": p.field, "recorded": p.recorded,
                            "rules": p.rules} for p in s.places],
                "notes": list(s.notes),
            }
        else:
            out["settlement"] = None
        return out
