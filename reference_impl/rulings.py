"""The engine's reply to an action: accepted with events, or rejected with a reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phomspec.reasons import Reason


@dataclass(slots=True)
class Accepted:
    """The action was applied; ``events`` are what happened, in order (docs/contract.md).

    Not frozen, so that the engine makes one with a plain attribute store (one per action);
    treat it as a value all the same."""

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

    reason: Reason
    clause: str
    message: str

    ok = False

    def to_json(self) -> dict[str, Any]:
        return {
            "ruling": "rejected",
            "reason": self.reason.value,
            "clause": self.clause,
            "message": self.message,
        }

    def __repr__(self) -> str:
        return f"Rejected({self.reason} [{self.clause}]: {self.message})"


Ruling = Accepted | Rejected


def reject(reason: Reason, clause: str, message: str) -> Rejected:
    """A rejection with a code of the registry (spec/reasons.yaml) and the clause that
    decided it; anything but a :class:`Reason` is a TypeError."""
    if type(reason) is not Reason:
        raise TypeError(f"a rejection's reason is a Reason (spec/reasons.yaml), got {reason!r}")
    return Rejected(reason, clause, message)
