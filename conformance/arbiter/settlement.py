"""Compare what a table paid out with what the rules say: per seat, per payment, per place.

Payments are paired by :func:`conformance.protocol.compare.pair_payments`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.protocol.compare import PaymentDifference, pair_payments
from conformance.records import RecordedResult


@dataclass(frozen=True)
class SeatDifference:
    """One seat whose recorded total is not the rules' total."""

    seat: int
    recorded: int
    rules: int

    @property
    def difference(self) -> int:
        """Recorded minus rules: positive when the seat was paid too much."""
        return self.recorded - self.rules


@dataclass(frozen=True)
class PlaceDifference:
    """A seat ranked, scored or named differently by the table and by the rules."""

    seat: int
    field: str
    recorded: Any
    rules: Any


@dataclass(frozen=True)
class SettlementRuling:
    """The rules' result set against the table's, with every difference found."""

    rules: dict[str, Any] = field(repr=False)
    recorded: RecordedResult | None
    seats: tuple[SeatDifference, ...] = ()
    payments: tuple[PaymentDifference, ...] = ()
    places: tuple[PlaceDifference, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        return not (self.seats or self.payments or self.places or self.notes)


def totals_of(payments: Sequence[dict[str, Any]], players: int) -> list[int]:
    """Each seat's net money from a list of payments (MONEY.STAKE-UNIT)."""
    totals = [0] * players
    for p in payments:
        totals[int(p["from"])] -= int(p["amount"])
        totals[int(p["to"])] += int(p["amount"])
    return totals


def rule_on_settlement(
    rules: dict[str, Any], recorded: RecordedResult | None, players: int
) -> SettlementRuling:
    """Set the rules' ``result`` (contract form) against the table's recorded result."""
    if recorded is None:
        return SettlementRuling(rules, None)
    notes: list[str] = []
    rules_totals = list(rules["totals"])
    recorded_totals: list[int] | None = None
    if recorded.totals is not None:
        recorded_totals = list(recorded.totals)
        if sum(recorded_totals) != 0:
            notes.append(f"the recorded totals sum to {sum(recorded_totals):+d}, not 0: money"
                         " was created or lost (MONEY.ZERO-SUM)")
    pay_diffs: list[PaymentDifference] = []
    if recorded.payments is not None:
        pay_diffs = pair_payments(rules["payments"], recorded.payments)
        from_payments = totals_of(recorded.payments, players)
        if recorded_totals is None:
            recorded_totals = from_payments
        elif from_payments != recorded_totals:
            notes.append(f"the recorded totals {recorded_totals} are not the sum of the recorded"
                         f" payments {from_payments}")
    seats = []
    if recorded_totals is not None:
        seats = [SeatDifference(s, recorded_totals[s], rules_totals[s])
                 for s in range(players) if recorded_totals[s] != rules_totals[s]]
    places: list[PlaceDifference] = []
    if recorded.ending is not None and recorded.ending != rules.get("ending"):
        places.append(PlaceDifference(-1, "ending", recorded.ending, rules.get("ending")))
    if recorded.winner is not None and recorded.winner != rules.get("winner"):
        places.append(PlaceDifference(-1, "winner", recorded.winner, rules.get("winner")))
    if recorded.ranking is not None:
        by_seat = {r["seat"]: r for r in rules.get("ranking") or []}
        for entry in recorded.ranking:
            rule_entry = by_seat.get(entry["seat"], {})
            for name in ("place", "rank", "points", "mom"):
                if name in entry and entry[name] != rule_entry.get(name):
                    places.append(PlaceDifference(entry["seat"], name, entry[name],
                                                  rule_entry.get(name)))
    return SettlementRuling(rules, recorded, tuple(seats), tuple(pay_diffs), tuple(places),
                            tuple(notes))
