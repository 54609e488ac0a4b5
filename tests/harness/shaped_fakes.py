"""Fake implementations of each profile's shape, wrong where that shape is easy to get wrong,
built on the reference: :class:`reference_impl.server.Server` with a profile, a rule mutant
of :mod:`conformance.mutants.catalog` for the engine rule the shape breaks, and a
:class:`reference_impl.shaped.ShapedGame` that makes the wrong choice through the engine's
public API, served by ``fakes/shaped_wrong.py``. :class:`ServerDriver` is the reference of a
``phom-reference`` command line in-process."""

from __future__ import annotations

from typing import Any

from conformance.drivers.inprocess import InProcessDriver
from conformance.mutants.base import applied
from conformance.mutants.catalog import BY_ID
from reference_impl import u
from reference_impl.actions import DISCARDS, ClaimU, Eat, LayDown
from reference_impl.cards import Card
from reference_impl.rulings import Accepted, Rejected, event_dicts
from reference_impl.serve_config import parse_command_line
from reference_impl.server import Server
from reference_impl.shaped import ShapedGame
from reference_impl.state import Phase


class HelloServer(Server):
    """The reference server whose hello reply has ``extra`` members over its own."""

    def __init__(self, extra: dict[str, Any], argv: list[str]):
        super().__init__(config=parse_command_line(argv))
        self.extra = extra

    def hello_payload(self) -> dict[str, Any]:
        return {**super().hello_payload(), **self.extra}


class ServerDriver(InProcessDriver):
    """The in-process reference of a ``phom-reference`` command line; ``hello``: members its
    hello declares to the harness over its own (the server plays on as it is)."""

    def __init__(self, argv: list[str] | None = None, hello: dict[str, Any] | None = None):
        super().__init__(config=parse_command_line(list(argv or [])))
        self.extra = dict(hello or {})

    def start(self) -> dict[str, Any]:
        self.hello = {**super().start(), **self.extra}
        return self.hello


def _mask(cards: tuple[Card, ...]) -> int:
    return sum(1 << c for c in cards)


class LeavesEatenOut(ShapedGame):
    """lay_down: auto, wrong: told to discard on its final-round turn, it lays down only the
    phỏm that hold no eaten card, sends nothing, and discards (on an engine that lets the last
    discard go with an eaten card unlaid: mutant ``discard-unlaid-eaten``)."""

    def apply(self, seat: int, action: Any) -> Accepted | Rejected:
        game = self.game
        if not (game.phase is Phase.FINAL_TURN and seat == game.to_act
                and action.type == "discard" and game.st.eaten[seat]):
            return super().apply(seat, action)
        keep, eaten = 1 << action.card, game.st.eaten[seat]
        trial = game.copy()
        plan: list[Any] = []
        used = 0
        for lay in (a for a in game.legal_actions() if isinstance(a, LayDown)):
            phom = _mask(lay.phoms[0])
            if not phom & (eaten | keep | used) and trial.apply(seat, lay).ok:
                used |= phom
                plan.append(lay)
        if not trial.apply(seat, DISCARDS[action.card]).ok:
            return super().apply(seat, action)
        events: list[dict[str, Any]] = []
        for step in (*plan, DISCARDS[action.card]):
            ruling = game.apply(seat, step)
            assert isinstance(ruling, Accepted), ruling
            events += ruling.events
        return Accepted(tuple(self.events(_merged_laid(seat, events))))


def _merged_laid(seat: int, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One ``laid_down`` event for every phỏm laid on the turn (spec/protocol.md 8.1)."""
    laid = [e for e in events if e["type"] == "laid_down"]
    rest = [e for e in events if e["type"] != "laid_down"]
    if not laid:
        return rest
    return [{"type": "laid_down", "seat": seat,
             "phoms": [ph for e in laid for ph in e["phoms"]]}, *rest]


class JoinsEatenCards(ShapedGame):
    """eat: bare, wrong: it takes partners holding an earlier eaten card when it can, so that
    two eaten cards share a phỏm (on an engine that allows it: mutant
    ``eat-two-in-one-phom``)."""

    def eat_bare(self, seat: int, card: Card) -> Accepted | Rejected:
        game = self.game
        options = [a for a in game.legal_actions() if isinstance(a, Eat) and a.card == card]
        eaten = game.st.eaten[seat]
        joined = [a for a in options if _mask(a.with_) & eaten]
        if joined and seat == game.to_act:
            return self._done(game.apply(seat, min(joined, key=lambda a: (len(a.with_), a.with_))))
        return super().eat_bare(seat, card)


class ClaimsUnheldU(ShapedGame):
    """u: claimed, wrong: a claim with no ù pending is accepted all the same, as an ù thường
    of the claiming seat (a claim button that never checks the hand)."""

    def apply(self, seat: int, action: Any) -> Accepted | Rejected:
        game = self.game
        if not (isinstance(action, ClaimU) and seat == game.to_act and not game.is_over
                and game.st.u_pending is None):
            return super().apply(seat, action)
        st = game.st
        st.events = []
        u.declare_u(st, seat, "thuong", None)
        game.version += 1
        return Accepted(tuple(self.events(event_dicts(st.events))))


#: The wrong shapes, by name: the engine's mutant (if any) and the shaped game
#: (fakes/shaped_wrong.py).
WRONG: dict[str, tuple[str | None, type[ShapedGame]]] = {
    "leaves-eaten-out": ("discard-unlaid-eaten", LeavesEatenOut),
    "joins-eaten-cards": ("eat-two-in-one-phom", JoinsEatenCards),
    "claims-unheld-u": (None, ClaimsUnheldU),
}


def serve_hello(members: list[str], argv: list[str]) -> int:
    """Serve the reference with hello members ``NAME=JSON`` over its own."""
    import json

    import reference_impl.server as server

    extra = {m.partition("=")[0]: json.loads(m.partition("=")[2]) for m in members}
    server.Server = lambda config=None: HelloServer(extra, argv)  # type: ignore[misc,assignment]
    return server.serve()


def serve_wrong(name: str, argv: list[str]) -> int:
    """Serve the wrong shape ``name`` over stdin/stdout with ``phom-reference`` options
    ``argv`` (this process plays by the mutant for good)."""
    import reference_impl.server as server

    mutant, shaped = WRONG[name]
    server.ShapedGame = shaped  # type: ignore[misc]
    if mutant is None:
        return server.serve(config=parse_command_line(argv))
    with applied(BY_ID[mutant]):
        return server.serve(config=parse_command_line(argv))
