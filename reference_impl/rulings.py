"""The engine's reply to an action: accepted with events, or rejected with a reason."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from phomspec.cards import CODES
from phomspec.reasons import Reason


class Accepted:
    """The action was applied; ``events`` are what happened, in order (docs/contract.md).

    ``Accepted(events)`` takes the protocol's event dicts.  The engine makes one with
    :func:`accepted` from its own list, whose items may be compact event tuples
    (:func:`event_dict`); they become dicts when ``events`` is first read."""

    __slots__ = ("_events", "_raw")
    __match_args__ = ("events",)

    ok = True

    def __init__(self, events: tuple[dict[str, Any], ...]) -> None:
        self._events: tuple[dict[str, Any], ...] | None = tuple(events)
        self._raw: list[Any] | None = None

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        events = self._events
        if events is None:
            events = self._events = event_dicts(self._raw or ())
            self._raw = None
        return events

    def __eq__(self, other: object) -> bool:
        if type(other) is not Accepted:
            return NotImplemented
        return self.events == other.events

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        return {"ruling": "accepted", "events": list(self.events)}

    def __repr__(self) -> str:
        kinds = ", ".join(str(e.get("type")) for e in self.events)
        return f"Accepted([{kinds}])"


_new = object.__new__


def accepted(raw: list[Any]) -> Accepted:
    """The ruling of the engine's event list ``raw`` (not copied: the engine starts a new list
    for every action); its items are event dicts or compact events (:func:`event_dict`)."""
    ruling = _new(Accepted)
    ruling._events = None
    ruling._raw = raw
    return ruling


def event_dicts(raw: Iterable[Any]) -> tuple[dict[str, Any], ...]:
    """The protocol dicts of an engine's event list (event dicts or compact events)."""
    return tuple(e if type(e) is dict else event_dict(e) for e in raw)


def event_dict(e: tuple[Any, ...]) -> dict[str, Any]:
    """The protocol dict of a compact event of the engine: ``("drew", seat, card)``,
    ``("discarded", seat, card, chot)``, ``("turn", seat, final_round, tai)``,
    ``("ate", seat, card, victim, with_cards, chot)``, ``("laid_down", seat, phoms)`` (card
    tuples), ``("game_over", ending)`` and ``("payment", record)`` (a payments record)."""
    kind = e[0]
    if kind == "drew":
        return {"type": "drew", "seat": e[1], "card": CODES[e[2]]}
    if kind == "discarded":
        return {"type": "discarded", "seat": e[1], "card": CODES[e[2]], "chot": e[3]}
    if kind == "turn":
        return {"type": "turn", "seat": e[1], "final_round": e[2], "tai": e[3]}
    if kind == "ate":
        return {"type": "ate", "seat": e[1], "card": CODES[e[2]], "from": e[3],
                "with": [CODES[c] for c in e[4]], "chot": e[5]}
    if kind == "laid_down":
        return {"type": "laid_down", "seat": e[1], "phoms": [[CODES[c] for c in g] for g in e[2]]}
    if kind == "game_over":
        return {"type": "game_over", "ending": e[1]}
    if kind == "payment":
        return {"type": "payment", **e[1]}
    raise ValueError(f"not a compact event: {e!r}")


#: The compact events of the fast path, made once: ``DREW_EVENTS[seat][card]``,
#: ``DISCARDED_EVENTS[seat][card | 128 if chot else card]`` (None where no card),
#: ``TURN_EVENTS[seat][final_round][tai]``.
DREW_EVENTS: tuple[tuple[tuple[str, int, int], ...], ...] = tuple(
    tuple(("drew", s, c) for c in range(52)) for s in range(4)
)
DISCARDED_EVENTS: tuple[tuple[tuple[str, int, int, bool] | None, ...], ...] = tuple(
    tuple(("discarded", s, x & 63, x >= 128) if x & 63 < 52 and x & 64 == 0 else None
          for x in range(192))
    for s in range(4)
)
TURN_EVENTS: tuple[tuple[tuple[tuple[str, int, bool, bool], ...], ...], ...] = tuple(
    tuple(tuple(("turn", s, f, t) for t in (False, True)) for f in (False, True))
    for s in range(4)
)


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
