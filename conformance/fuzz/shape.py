"""The fuzzer's games in the shape of the implementation's profile (spec/protocol.md 8).

A :class:`Table` is the reference's game as the fuzzer plays it: in the 1.0 shape it is the
engine itself (no cost); under another profile it is a
:class:`reference_impl.shaped.ShapedGame`, so that what is sent and compared is what an engine
of that shape says:

- ``lay_down: auto``: on a final-round turn the discards are the only actions; the discard's
  ruling holds the lay-down and sends the reference chose (``laid_down``, ``sent``) before
  ``discarded``;
- ``eat: bare``: one eat per eatable card, naming only the card; the ``ate`` event names the
  partners;
- ``money: none``: no payment events, no payments or totals in the result;
- ``actions``: actions of a type the implementation does not take are never played;
- ``u: claimed`` (not played by the reference yet, see docs/profiles.md): the claim is an
  action of the engine's own legal list under reading 'declared' of AMB.U-AUTOMATIC, so it
  needs nothing here but that reading.

A shaped decision (a bare eat, an automatic lay-down's discard) also records the 1.0 actions it
made (:attr:`conformance.fuzz.script.Decision.moves`): replaying those on the engine is
replaying the decision, whoever chose them (:func:`apply_moves`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from conformance.protocol.compare import Unreadable, legal_difference
from reference_impl.actions import Action, Eat, from_json, to_json
from reference_impl.cards import format_card, parse_card
from reference_impl.game import Game
from reference_impl.profiles import DEFAULT, Profile, explicit_actions
from reference_impl.rulings import Accepted, Rejected
from reference_impl.shaped import ShapedGame
from reference_impl.state import Phase

Ruling = Accepted | Rejected


def read_action(raw: Any) -> Action:
    """An action of the protocol in the engine's form, a bare eat (no ``with``) included as
    an eat with no partners; NotationError (or KeyError, TypeError) when it is not one."""
    if type(raw) is dict and raw.get("type") == "eat" and "with" not in raw:
        return Eat(parse_card(raw["card"]), ())
    return from_json(raw)


def action_json(action: Action) -> dict[str, Any]:
    """The protocol's form of an engine action (a partnerless eat: a bare eat)."""
    if isinstance(action, Eat) and not action.with_:
        return {"type": "eat", "card": format_card(action.card)}
    return to_json(action)


@lru_cache(maxsize=1 << 12)
def legal_json(action: Action) -> dict[str, Any]:
    """:func:`reference_impl.actions.to_json` of a listed action, built once while kept, not at
    every decision listing it: the dict is shared, never change it."""
    return to_json(action)


def is_bare_eat(action: Mapping[str, Any]) -> bool:
    return action.get("type") == "eat" and "with" not in action


class Table:
    """The reference's game of one fuzz game, in the shape of ``profile``."""

    def __init__(self, game: Game, profile: Profile = DEFAULT):
        self.game = game
        self.profile = profile
        self.shaped = None if profile.is_default else ShapedGame(game, profile)

    # -- what is listed --------------------------------------------------------------------

    def legal(self) -> tuple[list[Action], tuple[dict[str, Any], ...]]:
        """The legal actions the implementation takes, as engine actions (for a policy) and
        in the protocol's form (what its ``legal_actions`` must list)."""
        if self.shaped is None:
            actions = self.game.legal_actions()
            return actions, tuple(map(legal_json, actions))
        listed = tuple(a for a in self.shaped.legal_actions() if self.profile.takes(a["type"]))
        return [read_action(a) for a in listed], listed

    def takes(self, action: Action) -> bool:
        return self.shaped is None or self.profile.takes(action.type)

    def start_events(self) -> tuple[dict[str, Any], ...]:
        if self.shaped is None:
            return tuple(self.game.start_events)
        return tuple(self.shaped.start_events)

    def result(self) -> dict[str, Any] | None:
        return self.game.result() if self.shaped is None else self.shaped.result()

    # -- what is played --------------------------------------------------------------------

    def apply(self, seat: int, action: Action
              ) -> tuple[Ruling, tuple[dict[str, Any], ...] | None]:
        """The ruling on ``action`` in this shape, and the 1.0 actions it made when it is a
        shaped decision that was accepted (None otherwise)."""
        if self.shaped is None:
            return self.game.apply(seat, action), None
        shaped = self.shaped
        bare = isinstance(action, Eat) and not action.with_
        auto = (self.profile.lay_down == "auto" and action.type == "discard"
                and self.game.phase is Phase.FINAL_TURN and self.game.to_act == seat)
        if isinstance(action, Eat) and not action.with_:
            ruling = shaped.eat_bare(seat, action.card)
        else:
            ruling = shaped.apply(seat, action)
        if not isinstance(ruling, Accepted) or not (bare or auto):
            return ruling, None
        moves = explicit_actions(action_json(action), ruling.events)
        return ruling, tuple(moves)

    def adopt(self, seat: int, moves: Sequence[Mapping[str, Any]]) -> Ruling:
        """Play the 1.0 actions of a shaped decision chosen elsewhere (the implementation's
        lay-down and sends, its partners, recorded); their events together, as this shape
        reports them, or the first refusal (the game is then left part-way: drop it)."""
        events: list[dict[str, Any]] = []
        for move in moves:
            ruling = self.game.apply(seat, from_json(dict(move)))
            if isinstance(ruling, Rejected):
                return ruling
            events += ruling.events
        return Accepted(tuple(self.shaped.events(events) if self.shaped else events))


def apply_moves(game: Game, seat: int, action: Mapping[str, Any],
                moves: Iterable[Mapping[str, Any]] | None) -> Ruling | None:
    """Replay one decision on ``game``: its 1.0 actions (``moves``) when it has them, else the
    action itself (the last ruling; None when there was nothing to play)."""
    ruling: Ruling | None = None
    for move in (moves if moves is not None else (action,)):
        ruling = game.apply(seat, read_action(move))
    return ruling


def money_free(events: Iterable[Any]) -> list[Any]:
    """Events without payments (``money: none``)."""
    return [e for e in events if not (isinstance(e, dict) and e.get("type") == "payment")]


def result_without_money(result: Any) -> Any:
    """A result without ``payments`` and ``totals`` (``money: none``: not compared)."""
    if not isinstance(result, dict):
        return result
    return {k: v for k, v in result.items() if k not in ("payments", "totals")}


def bare_listing(actions: Any) -> Any:
    """An implementation's legal actions with every eat as a bare one, once per card (under
    ``eat: bare`` legal eats are compared by card)."""
    if not isinstance(actions, list):
        return actions
    out: list[Any] = []
    cards: set[str] = set()
    for a in actions:
        if isinstance(a, dict) and a.get("type") == "eat" and isinstance(a.get("card"), str):
            try:
                card = format_card(parse_card(a["card"]))
            except ValueError:
                out.append(a)
                continue
            if card not in cards:
                cards.add(card)
                out.append({"type": "eat", "card": card})
        else:
            out.append(a)
    return out




def legal_difference_in(profile: Profile, ref: Sequence[Any], impl: Any
                        ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """:func:`conformance.protocol.compare.legal_difference` in the shape of ``profile``:
    actions of a type the implementation does not take are left out of its listing, and
    under ``eat: bare`` eats are compared by card."""
    if profile.is_default:
        return legal_difference(ref, impl)
    if not isinstance(impl, list):
        raise Unreadable(f"legal actions must be a list, got {impl!r}")
    listed = [a for a in impl if not (isinstance(a, dict) and isinstance(a.get("type"), str)
                                      and not profile.takes(a["type"]))]
    if profile.eat != "bare":
        return legal_difference(ref, listed)
    listed = bare_listing(listed)
    if listed == list(ref):
        return [], []
    want, got = _actions(ref), _actions(listed)
    return (sorted((action_json(a) for a in want - got), key=str),
            sorted((action_json(a) for a in got - want), key=str))


def _actions(raw: Iterable[Any]) -> set[Action]:
    out = set()
    for a in raw:
        try:
            out.add(read_action(a))
        except (ValueError, KeyError, TypeError) as e:
            raise Unreadable(f"action {a!r}: {e}") from None
    return out
