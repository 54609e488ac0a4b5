"""The scenario's game on the reference engine, beside an implementation of another shape
(spec/protocol.md 8.1-8.3).

Under ``lay_down: auto`` or ``eat: bare`` the implementation makes choices that a scenario
written in the 1.0 shape makes itself: the partners of an eat, the lay-down and sends of a
final-round turn. A :class:`Mirror` plays the same game on the reference engine, one accepted
action after another, and at each such choice:

- checks it as the rules would check the same 1.0 actions at that point (the partners of
  an ``ate`` event as an eat with them; the ``laid_down`` and ``sent`` events of a discard
  as the ``lay_down`` and ``send`` actions before it). A choice the rules refuse is a
  failure under the clause the refusal names;
- plays it on the reference (adopts it), so that the game goes on in lockstep;
- compares it with the choice the scenario's script makes. The scenario's expectations
  after that point were worked out for its own choice: where the implementation chose
  otherwise (legally), the rest of the scenario is not what this profile can express, and
  it is skipped, saying both choices.

Before an action that a scenario expects refused, :meth:`Mirror.refusal_point` says when
the refusal is about the explicit choice itself (the partners named, the lay-down not
made), which the profile cannot express.

Under ``u: claimed`` (8.3) the mirror plays the scenario's own reading of AMB.U-AUTOMATIC
('automatic' unless the scenario is tagged otherwise). Where its draw or eat ends the game
with an ù, the implementation's must leave that ù to a claim (:meth:`Mirror.claim_due`);
the harness then claims it, and the claim must be accepted with that ù
(:meth:`Mirror.claimed`): the scenario reads the draw's events and the claim's as one reply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.errors import ScenarioError, ScenarioSkipped, StepFailure
from conformance.suite.expressible import AUTO_TYPES
from conformance.suite.profile import ProfileInForce
from phomspec import SpecError
from reference_impl import Deal, Game, load_ruleset
from reference_impl.action_text import action_words
from reference_impl.actions import from_json
from reference_impl.cards import NotationError, parse_card
from reference_impl.errors import DealError, EngineError
from reference_impl.profiles import U_AMBIGUITY, Profile, explicit_actions
from reference_impl.rulings import Accepted, Rejected
from reference_impl.serve_config import reading_problem
from reference_impl.shaped import ShapedGame
from reference_impl.state import Phase


class NotExpressed(ScenarioSkipped):
    """A check that the profile in force cannot express: the step is left unchecked."""


def needs_mirror(profile: Profile) -> bool:
    """Whether scenarios under ``profile`` are played beside the reference."""
    return profile.lay_down == "auto" or profile.eat == "bare" or profile.u == "claimed"


def reference_game(message: Mapping[str, Any], readings: Mapping[str, str]) -> Game:
    """The reference's game of a ``new_game`` request, under ``readings``."""
    rs = load_ruleset(message["ruleset"], options=message.get("options") or {},
                      readings=dict(readings))
    deal = message["deal"]
    players, first = message["players"], message["first"]
    if "deck" in deal:
        dealt = Deal.from_deck(deal["deck"], players=players, first=first)
    else:
        dealt = Deal.from_hands(deal["hands"], deal["stock"], first=first)
    session = message.get("session")
    if session is not None:
        session = {"u_streak": {int(k): v for k, v in (session.get("u_streak") or {}).items()},
                   "host": session.get("host")}
    return Game(rs, dealt, session=session)


def _cards(codes: Sequence[str]) -> frozenset[int]:
    return frozenset(parse_card(c) for c in codes)


def _table(game: Game) -> tuple[Any, ...]:
    """What a lay-down and its sends leave on the table, whatever order they were made in:
    every hand, every seat's phỏm, and each card sent with the phỏm it went to."""
    st = game.state()
    laid = st["laid"]
    hands = tuple(_cards(h) for h in st["hands"])
    phoms = tuple(frozenset(_cards(ph) for ph in seat) for seat in laid)
    sent = tuple(
        frozenset((parse_card(s["card"]), s["to"]["seat"],
                   _cards(laid[s["to"]["seat"]][s["to"]["phom"]])) for s in seat)
        for seat in st["sent"]
    )
    return hands, phoms, sent


def _words(actions: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(action_words(a) for a in actions) or "nothing laid or sent"


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse the move an implementation of another shape made: what was
    expected and what it did (as a failed step says them), the clause, the 1.0 action
    refused and the rules' reason code (none when the move could not be read)."""

    expected: object
    actual: object
    clause: str
    move: dict[str, Any] | None = None
    reason: str = ""


@dataclass(frozen=True)
class Choice:
    """A move checked on the reference: its 1.0 actions, the game after them and their
    events (all of them, and the last action's), or the refusal of the first one refused."""

    moves: list[dict[str, Any]]
    game: Game
    events: tuple[dict[str, Any], ...] = ()
    last: tuple[dict[str, Any], ...] = ()
    refusal: Refusal | None = None


def check_move(game: Game, profile: Profile, seat: int, sent: Mapping[str, Any],
               events: Sequence[Mapping[str, Any]]) -> Choice:
    """The move an implementation of shape ``profile`` made for the accepted action ``sent``
    (its reply's ``events``: a bare eat's partners, an automatic lay-down's phỏm and sends),
    checked by playing the same 1.0 actions on a copy of ``game`` (spec/protocol.md 8.1,
    8.2). The one checker of such moves: ``run`` (:meth:`Mirror.adopt`) and the fuzzer."""
    kind = sent.get("type")
    expected = ""  # a 1.0 action the rules refuse, accepted: said as such
    if (profile.lay_down == "auto" and kind == "discard"
            and game.phase is Phase.FINAL_TURN and game.to_act == seat):
        moves = explicit_actions(sent, events)
        expected = "a lay-down, sends and discard the rules allow (lay_down: auto, 8.1)"
    elif kind == "eat" and "with" not in sent:
        ate = next((e for e in events if e.get("type") == "ate"), None)
        partners = ate.get("with") if ate is not None else None
        if not isinstance(partners, list):
            return Choice([], game, refusal=Refusal(
                "an ate event naming the partners in 'with' (spec/protocol.md 8.2)",
                [e.get("type") for e in events], "TURN.EAT.MAKES-PHOM"))
        moves = [{"type": "eat", "card": sent["card"], "with": list(partners)}]
        expected = f"partners the rules allow for eating {sent['card']} (eat: bare, 8.2)"
    else:
        moves = [dict(sent)]
    trial = game.copy()
    played: list[dict[str, Any]] = []
    last: tuple[dict[str, Any], ...] = ()
    for move in moves:
        try:
            ruling = trial.apply(seat, from_json(dict(move)))
        except NotationError as e:  # a card code of the implementation's events
            return Choice(moves, game, refusal=Refusal(
                "card codes of the protocol (spec/protocol.md 2)", str(e), "DECK.NOTATION"))
        if isinstance(ruling, Rejected):
            if not expected:
                refusal = Refusal(f"{action_words(move)} refused ({ruling.reason})",
                                  "accepted", ruling.clause, move, ruling.to_json()["reason"])
            else:
                refusal = Refusal(expected, f"{action_words(move)}: refused by the rules,"
                                  f" {ruling.reason} under {ruling.clause}", ruling.clause,
                                  move, ruling.to_json()["reason"])
            return Choice(moves, game, refusal=refusal)
        last = ruling.events
        played += ruling.events
    return Choice(moves, trial, tuple(played), last)


class Mirror:
    """One scenario's game on the reference, following the implementation's choices."""

    def __init__(self, game: Game, profile: Profile):
        self.game = game
        self.profile = profile
        #: The scenario's lay-downs and sends of the turn, not sent (``lay_down: auto``).
        self.buffered: list[dict[str, Any]] = []
        #: Why the mirror stopped following the game (an action it refused), if it did.
        self.lost: str | None = None
        #: The events of the last action played on the mirror.
        self._last: tuple[dict[str, Any], ...] = ()

    @classmethod
    def build(cls, message: Mapping[str, Any], shape: ProfileInForce) -> Mirror:
        """The mirror of a ``new_game`` request; ScenarioSkipped when the reference cannot
        play the readings the implementation declared for the ruleset."""
        ruleset = message["ruleset"]
        readings = {**shape.readings(ruleset), **(message.get("readings") or {})}
        if shape.profile.u == "claimed" and U_AMBIGUITY not in (message.get("readings") or {}):
            readings.pop(U_AMBIGUITY, None)  # the scenario's reading: the ruleset's own
        for amb, reading in sorted(readings.items()):
            problem = reading_problem(ruleset, amb, reading)
            if problem is not None:
                raise ScenarioSkipped(
                    f"the implementation reads {amb}={reading} and its profile"
                    f" ({shape.describe()}) is checked on the kit's reference, which cannot"
                    f" play that reading: {problem}"
                )
        try:
            mirror = cls(reference_game(message, readings), shape.profile)
        except (SpecError, DealError, EngineError) as e:
            raise ScenarioError(f"the kit's reference cannot play this game: {e}") from None
        start = [e.get("type") for e in mirror.game.start_events]
        if shape.profile.u == "claimed" and "u" in start and "u_khan" not in start:
            raise ScenarioSkipped(
                "u: claimed: the game starts with an ù on the first player's dealt hand"
                " (AMB.U-DEALT-TEN), which the implementation leaves to a claim; the scenario's"
                " checks are for an ù declared at the deal"
            )
        return mirror

    # -- what is sent ----------------------------------------------------------------------

    def outgoing(
        self, action: dict[str, Any]
    ) -> tuple[dict[str, Any] | None, tuple[dict[str, Any], ...]]:
        """The request's action for the scenario's ``action`` (None: not sent, the
        implementation plays it itself), and the scenario's actions it stands for."""
        kind = action.get("type")
        if self.profile.lay_down == "auto" and kind in AUTO_TYPES:
            self.buffered.append(action)
            return None, ()
        if self.profile.eat == "bare" and kind == "eat":
            return {"type": "eat", "card": action["card"]}, (action,)
        if kind == "discard" and self.buffered:
            scripted = (*self.buffered, action)
            self.buffered = []
            return action, scripted
        return action, (action,)

    def refusal_point(
        self, seat: int, action: Mapping[str, Any], codes: Sequence[str]
    ) -> str | None:
        """Why the scenario's expected refusal of ``action`` (with one of ``codes``) is about
        a choice this profile leaves to the implementation; None when it can be played."""
        game = self.game
        if self.lost is not None or game.is_over:
            return None
        card = action.get("card")
        if self.profile.eat == "bare" and action.get("type") == "eat" and "with" in action:
            ruling = ShapedGame(game.copy(), self.profile).eat_bare(seat, parse_card(str(card)))
            if ruling.ok:
                return (f"eat: bare: the scenario expects {action_words(action)} refused; the"
                        " implementation picks the partners, and some make that eat legal")
            assert isinstance(ruling, Rejected)
            if codes and ruling.reason not in codes:
                return (f"eat: bare: the scenario expects {action_words(action)} refused with"
                        f" {' or '.join(codes)}; an eat naming no partners is refused with"
                        f" {ruling.reason} ({ruling.clause})")
        if action.get("type") == "discard" and self.auto_discardable(seat, str(card)):
            return (f"lay_down: auto: the scenario expects discarding {card} refused with"
                    " nothing laid; the implementation lays down first, and some lay-down"
                    " makes that discard legal")
        return None

    # -- what the steps ask ----------------------------------------------------------------

    def final_turn(self, seat: int) -> bool:
        """Whether it is ``seat``'s final-round turn, after its draw or eat (8.1)."""
        return self.game.phase is Phase.FINAL_TURN and self.game.to_act == seat

    def auto_discardable(self, seat: int, card: str) -> bool:
        """Under ``lay_down: auto``, on ``seat``'s final-round turn: whether some lay-down
        makes the discard of ``card`` legal."""
        if self.profile.lay_down != "auto" or not self.final_turn(seat):
            return False
        listed = ShapedGame(self.game.copy(), self.profile).legal_actions()
        return any(a["type"] == "discard" and parse_card(a["card"]) == parse_card(card)
                   for a in listed)

    def bare_eatable(self, seat: int, card: str) -> bool:
        """Whether some partners let ``seat`` eat ``card`` now."""
        game = self.game
        if game.is_over or game.to_act != seat:
            return False
        return bool(ShapedGame(game.copy(), self.profile).eat_bare(seat, parse_card(card)).ok)

    # -- following the game ----------------------------------------------------------------

    def adopt(self, label: str, seat: int, sent: Mapping[str, Any],
              events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Check the move the implementation made for ``sent`` (its accepted reply's
        ``events``) as the rules check the same 1.0 actions, and play it on the mirror;
        the 1.0 actions it made. StepFailure under the clause of the first refusal."""
        choice = check_move(self.game, self.profile, seat, sent, events)
        if choice.refusal is not None:
            r = choice.refusal
            raise StepFailure(label, r.expected, r.actual, r.clause)
        self._last = choice.last
        self.game = choice.game
        return choice.moves

    def follow(
        self,
        label: str,
        seat: int,
        scripted: tuple[dict[str, Any], ...],
        sent: dict[str, Any],
        events: Sequence[Mapping[str, Any]],
        asserted: bool,
        rest: Sequence[tuple[int, dict[str, Any]]] = (),
    ) -> None:
        """:meth:`adopt` the move the implementation accepted, then compare it with the
        scenario's: ScenarioSkipped where it chose otherwise and that makes a difference to
        the ``rest`` of the scenario's actions (an automatic lay-down's always does)."""
        if self.lost is not None:
            return
        before = self.game
        shaped = (sent.get("type") == "eat" and "with" not in sent) or (
            self.profile.lay_down == "auto" and sent.get("type") == "discard"
            and self.final_turn(seat))
        if not shaped and asserted and not self._apply(before.copy(), seat, sent).ok:
            self.lost = label  # the step that asserts on it reports the difference
            return
        moves = self.adopt(label, seat, sent, events)
        if shaped:
            own = list(scripted) or [dict(sent)]
            script = before.copy()
            same = all(self._apply(script, seat, a).ok for a in own)
            if not (same and self._same(script, own, moves, rest)):
                raise ScenarioSkipped(
                    f"{label}: {self._differs(own, moves)}, and what the scenario checks next"
                    " was worked out for that"
                )

    # -- u: claimed ------------------------------------------------------------------------

    def claim_due(self, label: str, sent: Mapping[str, Any],
                  events: Sequence[Mapping[str, Any]]) -> bool:
        """Under ``u: claimed``: whether the draw or eat just followed makes the ù that the
        scenario's reading declares at once, so that the harness claims it now (8.3). The
        implementation's reply must leave it pending: StepFailure under U.AUTOMATIC when it
        already has a ``u`` or ``game_over`` event. (A timeout's auto-play claims the ù of its
        own draw itself: nothing to claim.)"""
        if self.profile.u != "claimed" or self.lost is not None:
            return False
        if sent.get("type") not in ("draw", "eat") or not self._ended_by_u():
            return False
        early = [e.get("type") for e in events if e.get("type") in ("u", "game_over")]
        if early:
            raise StepFailure(label, "the ù left to a claim: no u and no game_over event"
                              " (u: claimed, spec/protocol.md 8.3)", f"events {early}",
                              "U.AUTOMATIC")
        return True

    def claimed(self, label: str, reply: Mapping[str, Any],
                claim: Mapping[str, Any]) -> dict[str, Any]:
        """The reply the scenario reads for a draw or eat whose ù the harness claimed: its
        events, then the claim's. The claim must be accepted with the ù the automatic check
        declares at that point (the same seat, kind and đền): StepFailure under U.AUTOMATIC."""
        want = next(e for e in self._last if e.get("type") == "u")
        if not (claim.get("ok") and claim.get("ruling") == "accepted"):
            if not claim.get("ok"):
                error = claim.get("error") or {}
                got = f"error {error.get('code')}: {error.get('message')}"
            else:
                got = f"rejected {claim.get('reason')} under {claim.get('clause')}"
            raise StepFailure(label, "the claim of the ù accepted (u: claimed, spec/protocol.md"
                              " 8.3)", got, "U.AUTOMATIC")
        events = list(claim.get("events") or [])
        got_u = next((e for e in events if e.get("type") == "u"), None)
        if got_u is None or {k: got_u.get(k) for k in want} != dict(want):
            raise StepFailure(label, f"the claim accepted with the ù {dict(want)} (u: claimed,"
                              " spec/protocol.md 8.3)", got_u or f"events {events}",
                              "U.AUTOMATIC")
        return {**reply, "events": [*(reply.get("events") or []), *events]}

    def _ended_by_u(self) -> bool:
        return self.game.is_over and any(e.get("type") == "u" for e in self._last)

    def _same(self, script: Game, own: list[dict[str, Any]], moves: list[dict[str, Any]],
              rest: Sequence[tuple[int, dict[str, Any]]]) -> bool:
        if own[-1].get("type") == "discard":  # the lay-down and sends show on the table
            return _table(script) == _table(self.game)
        want, got = own[-1].get("with"), moves[-1].get("with")
        if want is None or _cards(want) == _cards(got or []):
            return True
        return _same_course(self.game, script, rest)

    @staticmethod
    def _differs(own: list[dict[str, Any]], moves: list[dict[str, Any]]) -> str:
        if own[-1].get("type") == "discard":
            return (f"lay_down: auto: the implementation played {_words(moves[:-1])} before"
                    f" discarding {own[-1]['card']} (the rules allow it); the script plays"
                    f" {_words(own[:-1])}")
        return (f"eat: bare: the implementation ate {own[-1]['card']} with"
                f" {' '.join(moves[-1]['with'])} (the rules allow it); the scenario names"
                f" {' '.join(own[-1].get('with') or [])}")

    @staticmethod
    def _apply(game: Game, seat: int, action: Mapping[str, Any]) -> Accepted | Rejected:
        return game.apply(seat, from_json(dict(action)))


def _observed(game: Game) -> tuple[Any, ...]:
    legal = sorted(str(a) for a in game.legal_actions()) if not game.is_over else []
    return game.state(), legal, game.result()


def _same_course(a: Game, b: Game, rest: Sequence[tuple[int, dict[str, Any]]]) -> bool:
    """Whether the scenario's ``rest`` of actions goes the same way from ``a`` and from
    ``b``: the same rulings, and the same state, legal actions and result after each (the
    partners of an eat show nowhere else)."""
    a, b = a.copy(), b.copy()
    if _observed(a) != _observed(b):
        return False
    for seat, action in rest:
        try:
            move = from_json(dict(action))
        except NotationError:
            continue
        ra, rb = a.apply(seat, move), b.apply(seat, move)
        if ra != rb or _observed(a) != _observed(b):
            return False
    return True
