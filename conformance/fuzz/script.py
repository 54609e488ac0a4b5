"""A game as the reference played it: the setup, every decision with what the rules said."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reference_impl.profiles import DEFAULT, Profile


@dataclass(frozen=True)
class Setup:
    """Everything a ``new_game`` needs: ruleset, options, readings, table, deal, session."""

    ruleset: str
    players: int
    first: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    options: dict[str, bool] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    session: dict[str, Any] | None = None

    def new_game(self, game_id: str) -> dict[str, Any]:
        """The protocol's new_game request (without ``id``)."""
        msg: dict[str, Any] = {
            "type": "new_game", "game": game_id, "ruleset": self.ruleset,
            "options": dict(self.options), "readings": dict(self.readings),
            "players": self.players, "first": self.first,
            "deal": {"hands": [list(h) for h in self.hands], "stock": list(self.stock)},
        }
        if self.session:
            msg["session"] = self.session
        return msg

    def engine_session(self) -> dict[str, Any] | None:
        """The session context in the engine's form (int seat keys)."""
        if not self.session:
            return None
        streak = self.session.get("u_streak") or {}
        return {"u_streak": tuple(int(streak.get(str(s), 0)) for s in range(self.players)),
                "host": self.session.get("host")}


@dataclass(frozen=True)
class Decision:
    """One action played at a decision, with the legal set and the ruling the rules give.

    ``probe`` marks an illegal action sent on purpose to test the rejection (the reference
    rejects it and the state stays as it was); ``legal`` is None for probes (the set is
    compared at the real action of the same decision). ``moves``: the 1.0 actions an
    accepted shaped decision made (a bare eat with its partners, the lay-down and sends of
    an automatic lay-down before its discard: :mod:`conformance.fuzz.shape`); None when the
    action is its own move.
    """

    seat: int
    action: dict[str, Any]
    ruling: dict[str, Any]
    legal: tuple[dict[str, Any], ...] | None = None
    probe: bool = False
    moves: tuple[dict[str, Any], ...] | None = None

    @property
    def accepted(self) -> bool:
        return self.ruling.get("ruling") == "accepted"

    @property
    def explicit(self) -> tuple[dict[str, Any], ...]:
        """The 1.0 actions this decision plays."""
        return self.moves if self.moves is not None else (self.action,)


@dataclass(frozen=True)
class GameScript:
    """A whole game on the reference: setup, start events, decisions, result, and the
    profile it was played in (decisions, events and result in that shape)."""

    setup: Setup
    start_events: tuple[dict[str, Any], ...]
    decisions: tuple[Decision, ...]
    result: dict[str, Any] | None
    label: str = ""
    profile: Profile = DEFAULT

    @property
    def actions(self) -> list[tuple[int, dict[str, Any]]]:
        """The accepted 1.0 actions, in order: what a fixture's script holds."""
        return [(d.seat, a) for d in self.decisions if d.accepted for a in d.explicit]

    def events(self) -> list[dict[str, Any]]:
        out = list(self.start_events)
        for d in self.decisions:
            if d.accepted:
                out.extend(d.ruling.get("events") or ())
        return out
