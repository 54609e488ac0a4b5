"""Games of the reference server in the shape of a profile, played through ``Server.handle``,
and their replay on the explicit (1.0-shaped) reference."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from conformance.protocol.schemas import reply_schema_problem, request_problem
from reference_impl.cards import format_card
from reference_impl.profiles import explicit_actions
from reference_impl.serve_config import parse_command_line
from reference_impl.server import Server


class Session:
    """A server and the requests sent to it; with ``strict``, every message is checked
    against its schema."""

    def __init__(self, argv: list[str] | None = None, strict: bool = False):
        self.server = Server(config=parse_command_line(argv or []))
        self.strict = strict
        self._id = 0
        self.hello = self.ask("hello", protocol="1.1")

    def ask(self, kind: str, **members: Any) -> dict[str, Any]:
        self._id += 1
        request = {"id": self._id, "type": kind, **members}
        reply = self.server.handle(request)
        if self.strict:
            assert request_problem(request) is None, request_problem(request)
            problem = reply_schema_problem(kind, reply)
            assert problem is None, (problem, reply)
        return reply

    def apply(self, game: str, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        return self.ask("apply", game=game, seat=seat, action=action)


@dataclass
class Step:
    """One accepted action of a game: who, what, the state before it, the events after."""

    seat: int
    action: dict[str, Any]
    before: dict[str, Any]
    events: list[dict[str, Any]]


@dataclass
class Played:
    new_game: dict[str, Any]
    start_events: list[dict[str, Any]]
    steps: list[Step] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)


def deck(seed: int) -> list[str]:
    cards = [format_card(c) for c in range(52)]
    random.Random(seed).shuffle(cards)
    return cards


def play(session: Session, seed: int, ruleset: str, players: int, game: str = "g") -> Played:
    """A game chosen at random among the legal actions the server lists."""
    rng = random.Random(seed)
    request = {"game": game, "ruleset": ruleset, "players": players, "first": seed % players,
               "deal": {"deck": deck(seed)}}
    reply = session.ask("new_game", **request)
    assert reply["ok"], reply
    played = Played(request, reply["events"])
    for _ in range(400):
        legal = session.ask("legal_actions", game=game)
        if legal["seat"] is None:
            break
        before = session.ask("state", game=game)["state"]
        action = rng.choice(legal["actions"])
        ruling = session.apply(game, legal["seat"], action)
        assert ruling.get("ruling") == "accepted", (action, ruling)
        played.steps.append(Step(legal["seat"], action, before, ruling["events"]))
    played.result = session.ask("result", game=game)["result"]
    return played


def replay_explicit(
    played: Played, money: bool, readings: dict[str, str] | None = None
) -> tuple[list[list[dict[str, Any]]], Any]:
    """Replay ``played`` on the explicit reference, asked for ``readings`` in new_game: the
    events of each step (payments left out unless ``money``) and the result. Every action
    must be accepted."""
    session = Session()
    game = played.new_game["game"]
    start = session.ask("new_game", **played.new_game, readings=readings or {})
    assert _money(start["events"], money) == played.start_events
    out = []
    for step in played.steps:
        events: list[dict[str, Any]] = []
        for action in explicit_actions(step.action, step.events):
            ruling = session.apply(game, step.seat, action)
            assert ruling["ruling"] == "accepted", (action, ruling)
            events += ruling["events"]
        out.append(_money(events, money))
    return out, session.ask("result", game=game)["result"]


def _money(events: list[dict[str, Any]], money: bool) -> list[dict[str, Any]]:
    return events if money else [e for e in events if e["type"] != "payment"]
