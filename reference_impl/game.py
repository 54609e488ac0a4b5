"""One game of Phỏm: ``Game(ruleset, deal, session=None)`` (docs/contract.md, Python API).

:class:`Game` is a thin front over a :class:`~reference_impl.state.GameState` (``game.st``,
data only) and the rule modules, functions over that state, one per topic:

- :mod:`~reference_impl.rounds`: turn order, final-round and tái turns, chuyển bài;
- :mod:`~reference_impl.eat`: eating, its price;
- :mod:`~reference_impl.turns`: draw, discard, thêm vòng;
- :mod:`~reference_impl.laydown`: hạ phỏm and gửi; :mod:`~reference_impl.compulsory`: those
  owed before the final discard, where the reading makes them so;
- :mod:`~reference_impl.u`: ù and ù đền; :mod:`~reference_impl.settle`: ranking and money;
- :mod:`~reference_impl.auto`: timeouts and leaving; :mod:`~reference_impl.legal`: the legal
  actions; :mod:`~reference_impl.views`: the state and result the protocol shows.

Every action is checked first (:func:`check_action`, which changes nothing) and then done
(:func:`do_action`).  An action taken from the current ``legal_actions()`` list (the very
object: the list's actions are shared values) is known legal and skips the check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phomspec import ResolvedRuleset
from phomspec.reasons import Reason
from reference_impl import auto, eat, fast, laydown, legal, params, rounds, turns, u, views
from reference_impl.actions import (
    Action,
    ClaimU,
    Discard,
    Draw,
    Eat,
    LayDown,
    Leave,
    Pass,
    Send,
    Timeout,
)
from reference_impl.deal import Deal
from reference_impl.errors import DealError, MalformedAction
from reference_impl.rulings import Accepted, Rejected, accepted, event_dicts, reject
from reference_impl.state import DISCARD_ONLY, OVER, GameState, Phase, SessionContext


def check_action(st: GameState, seat: int, action: Action) -> Rejected | None:
    """Why ``action`` by ``seat``, the seat to act, is illegal now, or None; changes nothing."""
    if isinstance(action, Discard):
        return turns.check_discard(st, seat, action)
    if isinstance(action, Draw):
        return turns.check_draw(st, seat, action)
    if isinstance(action, Eat):
        return eat.check_eat(st, seat, action)
    if isinstance(action, LayDown):
        return laydown.check_lay_down(st, seat, action)
    if isinstance(action, Send):
        return laydown.check_send(st, seat, action)
    if isinstance(action, Pass):
        return turns.check_pass(st, seat, action)
    if isinstance(action, Timeout):
        return auto.check_timeout(st, seat, action)
    if isinstance(action, ClaimU):
        return u.check_claim(st, seat)
    raise MalformedAction(f"not an action: {action!r}")


def do_action(st: GameState, seat: int, action: Action) -> None:
    """Apply ``action`` by ``seat``, which :func:`check_action` found legal."""
    if type(action) is ClaimU:
        u.do_claim(st, seat)
        return
    st.u_pending = None  # any other action declines a pending ù (U.AUTOMATIC, u.claimed)
    if isinstance(action, Discard):
        turns.do_discard(st, seat, action)
    elif isinstance(action, Draw):
        turns.do_draw(st, seat, action)
    elif isinstance(action, Eat):
        eat.do_eat(st, seat, action)
    elif isinstance(action, LayDown):
        laydown.do_lay_down(st, seat, action)
    elif isinstance(action, Send):
        laydown.do_send(st, seat, action)
    elif isinstance(action, Pass):
        turns.do_pass(st, seat, action)
    elif isinstance(action, Timeout):
        auto.do_timeout(st, seat, action)


class Game:
    """A game in progress.  ``apply`` answers every action with a ruling; a rejected action
    changes nothing (INV.REJECT-UNCHANGED)."""

    __slots__ = ("_fast", "_legal_cache", "_legal_version", "_start", "_start_raw", "st",
                 "version")

    def __init__(
        self,
        ruleset: ResolvedRuleset | str,
        deal: Deal,
        session: SessionContext | dict[str, Any] | Any | None = None,
    ) -> None:
        if isinstance(ruleset, str):
            ruleset = params.load_ruleset(ruleset)
        p = params.params_of(ruleset)
        n = deal.players
        if n not in p.players:
            raise DealError(f"ruleset {ruleset.id!r} is for {p.players} players, not {n}")
        st = GameState.dealt(ruleset, p, deal, SessionContext.of(session, n))
        #: The game's state, data only (the rule modules read and change it).
        self.st = st
        #: How many actions were accepted.
        self.version = 0
        self._legal_version = -1
        self._legal_cache: Sequence[Action] = ()
        #: Whether this game plays the fast path (reference_impl.fast), decided at its start.
        self._fast = fast.ENABLED
        if self._fast:
            fast.open_game(st)
        else:
            rounds.begin_turn(st, deal.first)
            st.phase = DISCARD_ONLY  # TURN.OPENING-DISCARD
            if not u.check_u_khan(st):
                u.check_u_dealt(st)
        # start_events as the engine made them, and their dicts once read
        self._start_raw: tuple[Any, ...] = tuple(st.events)
        self._start: tuple[dict[str, Any], ...] | None = None

    # -- queries ---------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self.st.to_act

    @property
    def phase(self) -> Phase:
        return self.st.phase

    @property
    def players(self) -> int:
        return self.st.n

    @property
    def start_events(self) -> tuple[dict[str, Any], ...]:
        """Events of the game's start (the ``new_game`` reply): the first turn, or an ù khan."""
        start = self._start
        if start is None:
            start = self._start = event_dicts(self._start_raw)
        return start

    @property
    def is_over(self) -> bool:
        return self.st.phase is OVER

    def hand(self, seat: int) -> int:
        """The seat's hand as a card mask."""
        return self.st.hands[seat]

    def __repr__(self) -> str:
        st = self.st
        return f"<Game {st.rs.id} {st.n}p phase={st.phase} to_act={st.to_act}>"

    def copy(self) -> Game:
        """An independent copy of the game (for look-ahead and tests)."""
        g = object.__new__(Game)
        g.st = self.st.copy()
        g.version = self.version
        g._legal_version = self._legal_version
        g._legal_cache = list(self._legal_cache)
        g._fast = self._fast
        g._start_raw, g._start = self._start_raw, self._start
        return g

    def copy_under(self, ruleset: ResolvedRuleset) -> Game:
        """A copy of the game that goes on under ``ruleset``'s parameters (the same ruleset
        under other readings). It is the game those parameters would have made of the same
        deal and actions as long as none of the parameters that differ was read so far
        (``phom-conformance readings`` makes sure of that): the state is data only, and every
        cached value in it (the legal list) was made from parameters that read the same."""
        g = self.copy()
        g.st.rs, g.st.p = ruleset, params.params_of(ruleset)
        return g

    # -- play ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (made once per accepted action)."""
        if self._legal_version != self.version:
            self._list()
        return list(self._legal_cache)

    def _list(self) -> None:
        """Make the legal list of the current version (the fast path's or the rules')."""
        if self._fast:
            self._legal_cache = fast.legal_list(self.st)
        else:
            self._legal_cache = legal.legal_actions(self.st)
        self._legal_version = self.version

    # The index API for self-play (docs/contract.md, Python API): the engine's own legal
    # list, read by position, and the i-th action played with no search and no check.

    def legal_count(self) -> int:
        """How many actions :meth:`listed` holds now (0 once the game is over)."""
        if self._legal_version != self.version:
            self._list()
        return len(self._legal_cache)

    def listed(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in ``legal_actions()`` order, read-only."""
        if self._legal_version != self.version:
            self._list()
        return tuple(self._legal_cache)

    def play(self, i: int) -> None:
        """Apply the ``i``-th action of :meth:`listed` for the seat to act: the same state
        change and events as ``apply``, which :attr:`last_events` holds; IndexError when
        ``i`` is not a position of that list (nothing changes)."""
        version = self.version
        if self._legal_version != version:
            self._list()
        if i < 0:
            raise IndexError(f"no legal action number {i}")
        action = self._legal_cache[i]
        st = self.st
        seat: int = st.to_act  # type: ignore[assignment]  # a legal list is of the seat to act
        version += 1
        if self._fast:
            # fast.discard and fast.draw start the action's event list themselves
            if type(action) is Discard:
                st.u_pending = None  # declines a pending ù, as do_action does
                after = fast.discard(st, seat, action.card)
            elif type(action) is Draw:
                st.u_pending = None
                after = fast.draw(st, seat)
            else:
                st.events = []
                after = None
                do_action(st, seat, action)
            self.version = version
            if after is not None:
                self._legal_cache = after
                self._legal_version = version
            return
        st.events = []
        # The most frequent two as do_action does them, without its isinstance chain:
        # declining a pending ù first.
        if type(action) is Discard:
            st.u_pending = None
            turns.do_discard(st, seat, action)
        elif type(action) is Draw:
            st.u_pending = None
            turns.do_draw(st, seat, action)
        else:
            do_action(st, seat, action)
        self.version = version

    @property
    def last_events(self) -> tuple[dict[str, Any], ...]:
        """The events of the latest accepted action (of the game's start before any)."""
        return event_dicts(self.st.events)

    def apply(self, seat: int, action: Action) -> Accepted | Rejected:
        """Apply ``action`` by ``seat``: Accepted(events) or Rejected(reason, clause, message)."""
        st = self.st
        if self._legal_version == self.version and seat == st.to_act and type(seat) is int:
            for k, listed in enumerate(self._legal_cache):
                if listed is action:  # the trusted path: legal_actions() found it legal
                    Game.play(self, k)  # (not an override's: apply plays it itself)
                    return accepted(st.events)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
            raise MalformedAction(f"seat must be 0..{st.n - 1}, got {seat!r}")
        if st.phase is OVER:
            return reject(Reason.GAME_OVER, "TURN.GAME-OVER", "the game is over")
        if st.left[seat]:
            return reject(Reason.SEAT_LEFT, "LEAVE.SEAT-SKIPPED", f"seat {seat} has left the game")
        if type(action) is Leave:
            st.events = []
            auto.do_leave(st, seat)
        else:
            if seat != st.to_act:
                return reject(
                    Reason.NOT_YOUR_TURN, "TURN.NOT-YOUR-TURN", f"seat {st.to_act} is to act"
                )
            problem = check_action(st, seat, action)
            if problem is not None:
                return problem
            st.events = []
            do_action(st, seat, action)
        self.version += 1
        return accepted(st.events)

    # -- state and result ------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The public state (docs/contract.md)."""
        return views.public_state(self.st)

    def result(self) -> dict[str, Any] | None:
        """The result (docs/contract.md), or None while the game is on."""
        return views.result(self.st)
