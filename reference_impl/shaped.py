"""The reference engine in the shape of a profile (``phom-reference --profile``; docs/profiles.md).

:class:`ShapedGame` wraps a :class:`~reference_impl.game.Game` and plays it as an engine of
another shape would, through the engine's public API only (legal actions, apply, copies):

- ``lay_down: auto``: on the final-round turn the discard is the only action. Told to
  discard a card, the engine lays down the partition of the rest of its hand with the least
  deadwood that the rules allow (the eaten-card rules included), sends every card it can
  (highest points first), then discards; the reply holds the ``laid_down``, ``sent`` and
  ``discarded`` events in that order. A discard is listed when some lay-down makes it legal.
- ``eat: bare``: an eat names only the card; the engine takes the legal partners with the
  fewest cards (then the lowest card indices) and reports them in its ``ate`` event.
- ``money: none``: no ``payment`` events, no ``money`` in the state, no ``payments`` or
  ``totals`` in the result.

``u: claimed`` needs nothing here: it is the reading 'declared' of AMB.U-AUTOMATIC, which the
engine plays by its parameter ``u.claimed`` (the server resolves every game with it,
``ServerConfig.readings_for``): a draw or eat that makes an ù leaves it pending, the engine
lists ``{"type": "u"}`` first among the legal actions and takes it as the claim.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from phomspec.cards import Card, card_tuple, mask_points, points
from reference_impl import melds
from reference_impl.actions import DISCARDS, Action, Discard, Eat, LayDown, Send
from reference_impl.errors import EngineError
from reference_impl.game import Game
from reference_impl.profiles import Profile
from reference_impl.rulings import Accepted, Rejected
from reference_impl.state import Phase

Ruling = Accepted | Rejected
#: A plan of the automatic lay-down: the actions that play one final-round discard.
Plan = list[Action]


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _partitions(phoms: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every set of pairwise disjoint phỏm among ``phoms`` (the empty set included), as
    (union of their cards, the phỏm in list order)."""
    out: list[tuple[int, tuple[int, ...]]] = []

    def walk(start: int, used: int, chosen: tuple[int, ...]) -> None:
        out.append((used, chosen))
        for i in range(start, len(phoms)):
            if not phoms[i] & used:
                walk(i + 1, used | phoms[i], (*chosen, phoms[i]))

    walk(0, 0, ())
    return out


class ShapedGame:
    """One game of the reference played in the shape of ``profile``."""

    def __init__(self, game: Game, profile: Profile):
        self.game = game
        self.profile = profile
        #: Final-round discard -> its plan, for the game's version (``Game.version``, bumped
        #: by every accepted action: actions applied to ``game`` directly are seen).
        self._plans: dict[int, Plan | None] = {}
        self._plans_version = -1

    # -- queries ---------------------------------------------------------------------------

    def events(self, events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """Events as this shape reports them (no payments under ``money: none``)."""
        if self.profile.money == "none":
            return [e for e in events if e["type"] != "payment"]
        return list(events)

    @property
    def start_events(self) -> list[dict[str, Any]]:
        return self.events(self.game.start_events)

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal actions in this shape's JSON form."""
        game = self.game
        if game.is_over:
            return []
        actions = game.legal_actions()
        if self.profile.lay_down == "auto" and game.phase is Phase.FINAL_TURN:
            plans = self._final_plans()
            # The shape lays down and sends by itself: its discards stand for those; any other
            # action (a pending ù's claim, u.claimed) stays listed as it is.
            kept: list[Action] = [a for a in actions
                                  if not isinstance(a, (LayDown, Send, Discard))]
            actions = kept + [DISCARDS[c] for c, plan in sorted(plans.items())
                              if plan is not None]
        out = [a.to_json() for a in actions]
        if self.profile.eat == "bare":
            eats = sorted({a["card"] for a in out if a["type"] == "eat"})
            out = [a for a in out if a["type"] != "eat"]
            out += [{"type": "eat", "card": c} for c in eats]
        return out

    def state(self) -> dict[str, Any]:
        state = self.game.state()
        if self.profile.money == "none":
            del state["money"]
        return state

    def result(self) -> dict[str, Any] | None:
        result = self.game.result()
        if result is not None and self.profile.money == "none":
            del result["payments"], result["totals"]
        return result

    # -- actions ---------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> Ruling:
        """An action of this shape's types (the server checks the types first)."""
        game = self.game
        if (
            self.profile.lay_down == "auto"
            and isinstance(action, Discard)
            and game.phase is Phase.FINAL_TURN
            and seat == game.to_act
        ):
            return self._auto_discard(seat, action.card)
        return self._done(game.apply(seat, action))

    def eat_bare(self, seat: int, card: Card) -> Ruling:
        """An eat naming only ``card``: the engine picks the partners."""
        game = self.game
        options = (
            [a for a in game.legal_actions() if isinstance(a, Eat) and a.card == card]
            if seat == game.to_act and not game.is_over
            else []
        )
        if options:
            choice = min(options, key=lambda a: (len(a.with_), a.with_))
            return self._done(game.apply(seat, choice))
        # No legal partners: the engine's refusal of an eat with partners that would make a
        # phỏm (a rejected action changes nothing), else of an eat without any.
        phoms = melds.phoms_with(card, game.hand(seat) & ~(1 << card))
        if not phoms:
            return game.apply(seat, Eat(card, ()))
        ruling = game.apply(seat, Eat(card, card_tuple(phoms[0] & ~(1 << card))))
        return self._done(ruling)

    def _done(self, ruling: Ruling) -> Ruling:
        if isinstance(ruling, Rejected):
            return ruling
        return Accepted(tuple(self.events(ruling.events)))

    # -- the automatic lay-down ------------------------------------------------------------

    def _auto_discard(self, seat: int, card: Card) -> Ruling:
        plan = self._final_plans().get(card)
        if plan is None:
            return self.game.apply(seat, DISCARDS[card])  # the engine's refusal
        events: list[dict[str, Any]] = []
        for action in plan:
            ruling = self.game.apply(seat, action)
            if isinstance(ruling, Rejected):
                raise EngineError(f"automatic lay-down: {action} refused on replay: {ruling}")
            events += ruling.events
        return Accepted(tuple(self.events(events)))

    def _final_plans(self) -> dict[int, Plan | None]:
        """For every card of the hand of the seat on its final-round turn, the plan that
        discards it, or None where no lay-down makes the discard legal."""
        if self._plans_version != self.game.version:
            game = self.game
            seat = game.to_act
            if seat is None:
                raise EngineError("automatic lay-down with no seat to act")
            layable = sorted({_mask(a.phoms[0]) for a in game.legal_actions()
                              if isinstance(a, LayDown)})
            hand = game.hand(seat)
            laid: dict[tuple[int, ...], Game | None] = {}
            self._plans = {
                c: self._plan(seat, c, hand, layable, laid) for c in card_tuple(hand)
            }
            self._plans_version = game.version
        return self._plans

    def _plan(
        self,
        seat: int,
        keep: int,
        hand: int,
        layable: list[int],
        laid: dict[tuple[int, ...], Game | None],
    ) -> Plan | None:
        """The plan that discards ``keep``: the lay-down of least deadwood (then fewest
        phỏm) after which sends and the discard are accepted."""
        bit = 1 << keep
        rest = hand & ~bit
        choices = sorted(
            _partitions([ph for ph in layable if not ph & bit]),
            key=lambda p: (mask_points(rest & ~p[0]), len(p[1]), p[1]),
        )
        for _, phoms in choices:
            if phoms not in laid:
                laid[phoms] = self._laid(seat, phoms)
            after = laid[phoms]
            if after is None:
                continue
            lay: Plan = [LayDown(tuple(card_tuple(ph) for ph in phoms))] if phoms else []
            trial = after.copy()
            sends = _send_all(trial, seat, keep)
            for steps, game in ((sends, trial), ([], after)):
                if game.copy().apply(seat, DISCARDS[keep]).ok:
                    return [*lay, *steps, DISCARDS[keep]]
                if not sends:
                    break
        return None

    def _laid(self, seat: int, phoms: tuple[int, ...]) -> Game | None:
        """A copy of the game after laying ``phoms`` down at once, or None if refused."""
        trial = self.game.copy()
        if phoms and not trial.apply(seat, LayDown(tuple(card_tuple(p) for p in phoms))).ok:
            return None
        return trial


def _send_all(game: Game, seat: int, keep: int) -> Plan:
    """Send every card but ``keep`` that can go, highest points first (then lowest card,
    seat and phỏm); applied to ``game``, returned in order."""
    out: Plan = []
    while True:
        sends = [a for a in game.legal_actions() if isinstance(a, Send) and a.card != keep]
        if not sends:
            return out
        send = min(sends, key=lambda a: (-points(a.card), a.card, a.seat, a.phom))
        if not game.apply(seat, send).ok:
            raise EngineError(f"automatic send: {send} listed as legal but refused")
        out.append(send)
