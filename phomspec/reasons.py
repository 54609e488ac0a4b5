"""The registry of reason codes: why an action is rejected (spec/reasons.yaml).

:class:`Reason` has one member per code of ``spec/reasons.yaml``, in its order; each member
carries the clause it rests on (``clause``), the other clauses a ruling may name with it
(``also``) and what it means (``doc``).  The two lists cannot differ: importing this module
raises :class:`~phomspec.errors.SpecError` when a code is in one and not the other.  To add a
code, add it to ``spec/reasons.yaml`` and here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from phomspec.errors import SpecError
from phomspec.paths import spec_dir
from phomspec.yamlio import load_yaml


class Reason(StrEnum):
    """A reason code of a rejected action; its value is the code on the wire."""

    clause: str
    also: tuple[str, ...]
    reserved: bool
    doc: str

    GAME_OVER = "GAME_OVER"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    SEAT_LEFT = "SEAT_LEFT"
    WRONG_PHASE = "WRONG_PHASE"
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    DRAW_STOCK_EMPTY = "DRAW_STOCK_EMPTY"
    EAT_NOTHING_TO_EAT = "EAT_NOTHING_TO_EAT"
    EAT_NOT_LATEST_DISCARD = "EAT_NOT_LATEST_DISCARD"
    EAT_NOT_A_PHOM = "EAT_NOT_A_PHOM"
    EAT_WITH_EATEN_CARD = "EAT_WITH_EATEN_CARD"
    EAT_ROUND_NOT_ALLOWED = "EAT_ROUND_NOT_ALLOWED"
    DISCARD_EATEN_CARD = "DISCARD_EATEN_CARD"
    DISCARD_BREAKS_EATEN_PHOM = "DISCARD_BREAKS_EATEN_PHOM"
    DISCARD_UNLAID_EATEN = "DISCARD_UNLAID_EATEN"
    LAY_DOWN_NOT_FINAL_ROUND = "LAY_DOWN_NOT_FINAL_ROUND"
    LAY_DOWN_INVALID_PHOM = "LAY_DOWN_INVALID_PHOM"
    LAY_DOWN_OVERLAP = "LAY_DOWN_OVERLAP"
    LAY_DOWN_EATEN_SHARED = "LAY_DOWN_EATEN_SHARED"
    LAY_DOWN_EATEN_LEFT_OUT = "LAY_DOWN_EATEN_LEFT_OUT"
    LAY_DOWN_LAST_CARD = "LAY_DOWN_LAST_CARD"
    LAY_DOWN_AFTER_SEND = "LAY_DOWN_AFTER_SEND"
    SEND_DISABLED = "SEND_DISABLED"
    SEND_NEEDS_PHOM = "SEND_NEEDS_PHOM"
    SEND_NOT_FINAL_ROUND = "SEND_NOT_FINAL_ROUND"
    SEND_NO_SUCH_PHOM = "SEND_NO_SUCH_PHOM"
    SEND_OWN_PHOM = "SEND_OWN_PHOM"
    SEND_DOES_NOT_FIT = "SEND_DOES_NOT_FIT"
    SEND_EATEN_CARD = "SEND_EATEN_CARD"
    SEND_BEFORE_LAY_DOWN = "SEND_BEFORE_LAY_DOWN"
    PASS_NOT_ALLOWED = "PASS_NOT_ALLOWED"
    SEND_LAST_CARD = "SEND_LAST_CARD"
    SEND_BREAKS_EATEN_PHOM = "SEND_BREAKS_EATEN_PHOM"
    EAT_BREAKS_EATEN_PHOM = "EAT_BREAKS_EATEN_PHOM"
    DISCARD_PHOM_NOT_LAID = "DISCARD_PHOM_NOT_LAID"
    DISCARD_SEND_PENDING = "DISCARD_SEND_PENDING"
    U_NOT_AVAILABLE = "U_NOT_AVAILABLE"

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause a ruling with this code may name, its own first."""
        return (self.clause, *self.also)


def registry_file() -> str:
    return str(spec_dir() / "reasons.yaml")


def _attach() -> None:
    data: Any = load_yaml(spec_dir() / "reasons.yaml")
    entries = data.get("reasons") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise SpecError(f"{registry_file()}: expected a mapping 'reasons: {{CODE: ...}}'")
    codes = [m.value for m in Reason]
    if list(entries) != codes:
        only_yaml = [c for c in entries if c not in codes]
        only_enum = [c for c in codes if c not in entries]
        raise SpecError(
            f"{registry_file()} and phomspec.reasons.Reason differ: only in the file"
            f" {only_yaml or 'none'}, only in the enum {only_enum or 'none'}"
            " (or the order differs); make them list the same codes in the same order"
        )
    for member in Reason:
        entry = entries[member.value]
        member.clause = entry["clause"]
        member.also = tuple(entry.get("also") or ())
        member.reserved = bool(entry.get("reserved", False))
        member.doc = entry.get("doc", "")


_attach()
