"""The few engine calls the arbiter makes, on the engine's public API (docs/contract.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.records import GameRecord


@dataclass(frozen=True)
class Ruling:
    """An engine ruling in contract form."""

    accepted: bool
    events: tuple[dict[str, Any], ...] = ()
    reason: str | None = None
    clause: str | None = None
    message: str | None = None


def session_of(record: GameRecord) -> dict[str, Any] | None:
    """The record's session context in the engine's form (seat keys as ints)."""
    if not record.session:
        return None
    streak = record.session.get("u_streak") or {}
    return {"u_streak": {int(k): int(v) for k, v in streak.items()},
            "host": record.session.get("host")}


def new_game(record: GameRecord) -> tuple[Any, list[dict[str, Any]]]:
    """A reference game set up as the record says, and the events of its start."""
    from reference_impl import Deal, Game, load_ruleset

    rs = load_ruleset(record.ruleset, options=record.options, readings=record.readings)
    deal = Deal.from_hands([list(h) for h in record.hands], list(record.stock),
                           first=record.first)
    game = Game(rs, deal, session=session_of(record))
    return game, list(game.start_events)


def apply(game: Any, seat: int, action: dict[str, Any]) -> Ruling:
    from reference_impl.actions import from_json

    reply = game.apply(seat, from_json(action)).to_json()
    if reply["ruling"] == "accepted":
        return Ruling(True, tuple(reply.get("events") or ()))
    return Ruling(False, (), reply.get("reason"), reply.get("clause"), reply.get("message"))


def state(game: Any) -> dict[str, Any]:
    result: dict[str, Any] = game.state()
    return result


def is_over(game: Any) -> bool:
    return bool(game.is_over)


def result(game: Any) -> dict[str, Any] | None:
    out: dict[str, Any] | None = game.result()
    return out
