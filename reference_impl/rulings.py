"""The engine's reply to an action: accepted with events, or rejected with a reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Accepted:
    """The action was applied; ``events`` are what happened, in order (docs/contract.md)."""

    events: tuple[dict[str, Any], ...]

    ok = True

    def to_json(self) -> dict[str, Any]:
        return {"ruling": "accepted", "events": list(self.events)}

    def __repr__(self) -> str:
        kinds = ", ".join(str(e.get("type")) for e in self.events)
        return f"Accepted([{kinds}])"


@dataclass(frozen=True, slots=True)
class Rejected:
    """The action is illegal; the state is unchanged (INV.REJECT-UNCHANGED)."""

    reason: str
    clause: str
    message: str

    ok = False

    def to_json(self) -> dict[str, Any]:
        return {
            "ruling": "rejected",
            "reason": self.reason,
            "clause": self.clause,
            "message": self.message,
        }

    def __repr__(self) -> str:
        return f"Rejected({self.reason} [{self.clause}]: {self.message})"


Ruling = Accepted | Rejected

#: Every reason code the engine can give (docs/contract.md, plus the engine's own additions
#: at the end: SEND_LAST_CARD, SEND_BREAKS_EATEN_PHOM, EAT_BREAKS_EATEN_PHOM, and the two of
#: the compulsory readings, DISCARD_PHOM_NOT_LAID and DISCARD_SEND_PENDING).
REASONS = (
    "GAME_OVER",
    "NOT_YOUR_TURN",
    "SEAT_LEFT",
    "WRONG_PHASE",
    "CARD_NOT_IN_HAND",
    "DRAW_STOCK_EMPTY",
    "EAT_NOTHING_TO_EAT",
    "EAT_NOT_LATEST_DISCARD",
    "EAT_NOT_A_PHOM",
    "EAT_WITH_EATEN_CARD",
    "EAT_ROUND_NOT_ALLOWED",
    "DISCARD_EATEN_CARD",
    "DISCARD_BREAKS_EATEN_PHOM",
    "DISCARD_UNLAID_EATEN",
    "LAY_DOWN_NOT_FINAL_ROUND",
    "LAY_DOWN_INVALID_PHOM",
    "LAY_DOWN_OVERLAP",
    "LAY_DOWN_EATEN_SHARED",
    "LAY_DOWN_EATEN_LEFT_OUT",
    "LAY_DOWN_LAST_CARD",
    "SEND_DISABLED",
    "SEND_NEEDS_PHOM",
    "SEND_NOT_FINAL_ROUND",
    "SEND_NO_SUCH_PHOM",
    "SEND_OWN_PHOM",
    "SEND_DOES_NOT_FIT",
    "SEND_EATEN_CARD",
    "SEND_BEFORE_LAY_DOWN",
    "PASS_NOT_ALLOWED",
    "SEND_LAST_CARD",
    "SEND_BREAKS_EATEN_PHOM",
    "EAT_BREAKS_EATEN_PHOM",
    "DISCARD_PHOM_NOT_LAID",
    "DISCARD_SEND_PENDING",
)
