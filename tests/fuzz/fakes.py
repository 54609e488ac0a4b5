"""Fake implementations for the fuzzer's tests: the in-process reference with a declared
reading, with two mutants at once, with its replies rewritten (a wrong eaten-card lock, a
refused deal, probes answered ``unsupported``)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from conformance.drivers.inprocess import InProcessDriver
from conformance.mutants.base import applied
from conformance.mutants.catalog import BY_ID
from conformance.protocol import DonePending, Pending
from reference_impl import melds
from reference_impl.cards import format_card, parse_card


class ReadingDriver(InProcessDriver):
    """The reference declaring readings in its hello (``form``: ``flat``, ``per-ruleset``
    at the top, or ``entry`` in the rulesets entries) and playing them (``plays``: the
    readings it plays without declaring them, if any)."""

    def __init__(self, readings: dict[str, str], form: str = "flat",
                 rulesets: tuple[str, ...] | None = None, plays: dict[str, str] | None = None,
                 players: tuple[int, ...] | None = None,
                 options: dict[str, list[Any]] | None = None, profile: bool = True):
        super().__init__()
        self.profile = profile
        self.readings, self.form, self.only = readings, form, rulesets
        self.plays = dict(readings if plays is None else plays)
        self.players, self.options = players, options

    def start(self) -> dict[str, Any]:
        hello = dict(super().start())
        entries = [dict(e) for e in hello["rulesets"]
                   if self.only is None or e["id"] in self.only]
        for e in entries:
            if self.players is not None:
                e["players"] = [n for n in e["players"] if n in self.players]
            if self.options is not None:
                e["options"] = {**e["options"], **self.options}
            if self.form == "entry":
                e["readings"] = dict(self.readings)
        hello["rulesets"] = entries
        if not self.profile:  # a protocol 1.0 hello
            hello = {k: v for k, v in hello.items()
                     if k not in ("lay_down", "eat", "u", "money", "actions")}
        if self.form == "flat":
            hello["readings"] = dict(self.readings)
        elif self.form == "per-ruleset":
            hello["readings"] = {e["id"]: dict(self.readings) for e in entries}
        self.hello = hello
        return hello

    def send(self, message: dict[str, Any]) -> Pending:
        if message.get("type") == "new_game":
            message = {**message, "readings": {**(message.get("readings") or {}),
                                               **self.plays}}
        return super().send(message)


class MutantsDriver(InProcessDriver):
    """The reference playing by several mutants at once (answers only; the fuzzer's own
    games follow the true rules)."""

    def __init__(self, *mutant_ids: str):
        super().__init__()
        self.mutants = [BY_ID[m] for m in mutant_ids]

    def send(self, message: dict[str, Any]) -> Pending:
        with ExitStack() as stack:
            for m in self.mutants:
                stack.enter_context(applied(m))
            return super().send(message)


Hook = Callable[[dict[str, Any], dict[str, Any], dict[str, Any] | None], dict[str, Any] | None]


class RewriteDriver(InProcessDriver):
    """The reference with some answers changed: ``hook(request, state, reply)`` is called
    before the request is handled (``reply`` None: a reply to give instead, or None to
    handle it) and after (the reply to give). ``state``: the game's state before it."""

    def __init__(self, hook: Hook):
        super().__init__()
        self.hook = hook

    def send(self, message: dict[str, Any]) -> Pending:
        game = message.get("game")
        state = self._state(game) if message.get("type") in ("apply", "legal_actions") else {}
        instead = self.hook(message, state, None)
        if instead is not None:
            return DonePending(message, instead)
        reply = super().send(message).result()
        return DonePending(message, self.hook(message, state, reply) or reply)

    def _state(self, game: Any) -> dict[str, Any]:
        reply = super().send({"type": "state", "game": game}).result()
        return dict(reply.get("state") or {})


def locked_cards(state: dict[str, Any]) -> set[str]:
    """Cards an over-strict eaten-card lock keeps in hand: every card of the seat to act that
    shares a phỏm of its hand with an eaten card it holds and was not named when eating it."""
    seat = state.get("to_act")
    if seat is None or not state.get("hands"):
        return set()
    hand = {parse_card(c) for c in state["hands"][seat]}
    eaten = {parse_card(c) for c in state["eaten"][seat]} & hand
    mask = sum(1 << c for c in hand)
    out: set[int] = set()
    for p in melds.phoms_in(mask):
        cards = {c for c in hand if p >> c & 1}
        if cards & eaten:
            out |= cards - eaten
    return {format_card(c) for c in out}


def eaten_lock(request: dict[str, Any], state: dict[str, Any], reply: dict[str, Any] | None
               ) -> dict[str, Any] | None:
    """An eaten-card lock that refuses every discard of a card sharing a phỏm with an eaten
    card, even when the eaten card has another phỏm (and does not list those discards)."""
    locked = locked_cards(state) if state else set()
    if request["type"] == "legal_actions" and reply is not None:
        return {**reply, "actions": [a for a in reply["actions"] if not (
            a["type"] == "discard" and format_card(parse_card(a["card"])) in locked)]}
    action = request.get("action") or {}
    if reply is None and request["type"] == "apply" and action.get("type") == "discard" and \
            request.get("seat") == state.get("to_act") and \
            format_card(parse_card(action["card"])) in locked:
        return {"id": request.get("id"), "ok": True, "ruling": "rejected",
                "reason": "DISCARD_BREAKS_EATEN_PHOM", "clause": "TURN.EAT.KEEP-IN-PHOM",
                "message": "an eaten card needs it"}
    return None
