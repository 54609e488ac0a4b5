"""The state of one game, as data, and the few helpers every rule module shares.

:class:`GameState` holds data only; the rules are functions over it, one module per topic
(:mod:`~reference_impl.rounds`, :mod:`~reference_impl.eat`, :mod:`~reference_impl.turns`,
:mod:`~reference_impl.laydown`, :mod:`~reference_impl.compulsory`, :mod:`~reference_impl.u`,
:mod:`~reference_impl.settle`, :mod:`~reference_impl.auto`, :mod:`~reference_impl.legal`).
A rule module calls another's rules through that module (``rounds.begin_turn(st, seat)``),
never a function imported by name, so each rule can be replaced in one place (as the mutants of
conformance.mutants do); the shared helpers at the end of this module are imported by name.

Cards are ints 0..51 and card sets 52-bit masks (phomspec.cards).  A discard pile is a list
of ints: the card in the low 6 bits, plus :data:`MOVED` when chuyển bài moved it there and
:data:`CHOT` when it was discarded as a cây chốt (ROUND.MOVED-CARD: the status stays).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from phomspec import ResolvedRuleset
from phomspec.cards import CODES as CODES  # the rule modules read it from here
from phomspec.cards import card_tuple
from reference_impl.deal import Deal
from reference_impl.errors import EngineError
from reference_impl.params import Params

MOVED = 64
CHOT = 128
CARD_BITS = 63

bits = card_tuple


class Phase(StrEnum):
    """Where the game is; docs/contract.md lists what each phase allows."""

    DISCARD_ONLY = "discard_only"
    DRAW_OR_EAT = "draw_or_eat"
    AFTER_DRAW = "after_draw"
    FINAL_TURN = "final_turn"
    THEM_VONG = "them_vong"
    OVER = "over"


# The phases as plain names, for the rules: reading a member off an enum class goes through
# its metaclass, about ten times slower than a module global, and phases are compared at
# every step.
DISCARD_ONLY, DRAW_OR_EAT, AFTER_DRAW, FINAL_TURN, THEM_VONG, OVER = Phase

@dataclass(frozen=True, slots=True)
class LastDiscard:
    """The latest discard, while the next seat may still eat it."""

    seat: int
    card: int
    chot: bool
    round: int  # the discarder's pile size at the start of that turn + 1 (1..4)


#: Every LastDiscard, made once: ``LAST_DISCARDS[seat][card | CHOT if chot][round - 1]``.
LAST_DISCARDS: tuple[tuple[tuple[LastDiscard, ...], ...], ...] = tuple(
    tuple(
        tuple(LastDiscard(seat, x & CARD_BITS, bool(x & CHOT), r) for r in range(1, 5))
        if x & CARD_BITS < 52 and not x & MOVED
        else ()
        for x in range(CHOT + 64)
    )
    for seat in range(4)
)


@dataclass(frozen=True, slots=True)
class SessionContext:
    """What a game needs from the games before it (EXTRA.U-THONG, DEAL.HOST-PASSES).

    ``u_streak[seat]``: how many games in a row, up to the previous one, the seat ù'd."""

    u_streak: tuple[int, ...] = ()
    host: int | None = None
    game_number: int = 1

    @classmethod
    def of(cls, value: Any, players: int) -> SessionContext:
        """From None, a SessionContext, a protocol dict ``{"u_streak": {seat: n} | [n..],
        "host": h}`` or a Session (its context for the next game)."""
        if value is None:
            return _NO_SESSION.get(players) or cls((0,) * players)
        if isinstance(value, SessionContext):
            ctx = value
        elif isinstance(value, dict):
            raw = value.get("u_streak") or {}
            if isinstance(raw, dict):
                streak = tuple(int(raw.get(s, raw.get(str(s))) or 0) for s in range(players))
            else:
                streak = tuple(int(x) for x in raw)
            ctx = cls(streak, value.get("host"), int(value.get("game_number", 1)))
        else:
            ctx = value.context()
        streak = tuple(ctx.u_streak) or (0,) * players
        if len(streak) != players:
            raise ValueError(f"session u_streak has {len(streak)} seats, the game {players}")
        return cls(streak, ctx.host, ctx.game_number)


#: ``BIT[c]`` is ``1 << c``, ``NOT_BIT[c]`` is ``~(1 << c)`` (made once: masks are big ints).
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
NOT_BIT: tuple[int, ...] = tuple(~(1 << c) for c in range(52))
# a list's __getitem__ is a plain C method, a tuple's a slot wrapper (slower per call)
_BIT_OF = list(BIT).__getitem__
#: The context of a game outside any session, per table size (the values are immutable).
_NO_SESSION = {n: SessionContext((0,) * n) for n in range(2, 5)}


@dataclass(slots=True, eq=False)
class GameState:
    """Every field of a game in progress; the rule modules read and change these.

    The first six fields are fixed for the game (shared by copies); the rest change."""

    rs: ResolvedRuleset
    p: Params
    n: int
    first: int
    deal: Deal
    ctx: SessionContext

    hands: list[int]
    own: list[int]  # dealt or drawn cards (EXTRA.DONG-HOA.OWN-CARDS, EXTRA.U-K.OWN-KINGS)
    stock: list[int]  # top of the stock is the END of the list
    piles: list[list[int]]
    eaten: list[int]  # every card each seat has eaten this game
    cores: dict[int, int]  # eaten card -> card group laid with it (binding declaration only)
    laid: list[list[int]]  # each seat's phỏm as its owner laid them
    laid_now: list[list[int]]  # the same phỏm with the cards sent to them
    laid_at: list[list[int]]  # the turn number of each lay-down
    sent: list[list[tuple[int, int, int]]]  # (card, target seat, phỏm index) sent by each seat
    left: list[bool]
    left_order: list[int]

    lead: int
    to_act: int | None
    phase: Phase
    turn_no: int
    turn_pile: int  # the seat's pile size at the start of the current turn
    final_round: bool
    tai: bool
    turn_drew: bool  # the current turn began with a draw (Ù tròn)
    turn_sent: bool  # a card was sent this turn: the lay-down step is over (LAY.CLOSED-BY-SEND)
    had_final: list[bool]
    first_final: list[int]
    last_final: list[int]

    last_discard: LastDiscard | None
    eats_by: list[list[int]]  # victims of each seat's eats, in order
    eaten_count: list[int]  # per victim: cards eaten (price counting, EAT.COUNTING)
    latest_eater: int | None
    eater_before_turn: int | None
    chot_eater: int | None
    chot_eaters: list[int]  # every chốt eat's eater, in order (AMB.CHOT-LIABILITY-SELF)
    them_vong_done: bool
    them_vong_turn: bool

    money: list[int]
    payments: list[dict[str, Any]]  # each record is made once and never changed
    # of the action being applied: event dicts or compact events (rulings.event_dict), a new
    # list per action
    events: list[Any]
    u_info: dict[str, Any] | None
    # An ù left to a claim (u.claimed): (seat, eat victim or None, chốt eat); U.AUTOMATIC
    u_pending: tuple[int, int | None, bool] | None
    u_points: int
    ending: str | None
    winner: int | None
    # (seat, place, rank, points, mom) per place: views.result makes them the dicts
    ranking: list[tuple[int, int, str, int, bool]]

    @classmethod
    def dealt(cls, rs: ResolvedRuleset, p: Params, deal: Deal, ctx: SessionContext) -> GameState:
        """The state after the deal, before the first turn."""
        dealt = deal.hands
        n = len(dealt)
        # a deal names each card once; no comprehension (a call of its own) for 4 seats
        hands = [sum(map(_BIT_OF, dealt[0])), sum(map(_BIT_OF, dealt[1]))]
        for h in dealt[2:]:
            hands.append(sum(map(_BIT_OF, h)))
        st = object.__new__(cls)
        st.rs, st.p, st.n, st.first, st.deal, st.ctx = rs, p, n, deal.first, deal, ctx
        st.hands, st.own, st.stock = hands, hands[:], list(reversed(deal.stock))
        # per-seat lists as literals (a comprehension per field costs a call each)
        piles: list[list[int]] = [[], [], [], []]
        laid: list[list[int]] = [[], [], [], []]
        laid_now: list[list[int]] = [[], [], [], []]
        laid_at: list[list[int]] = [[], [], [], []]
        sent: list[list[tuple[int, int, int]]] = [[], [], [], []]
        eats_by: list[list[int]] = [[], [], [], []]
        if n < 4:
            del piles[n:], laid[n:], laid_now[n:], laid_at[n:], sent[n:], eats_by[n:]
        st.piles, st.laid, st.laid_now, st.laid_at, st.sent = piles, laid, laid_now, laid_at, sent
        st.eats_by = eats_by
        zeros, no = [0] * n, [False] * n
        st.eaten, st.cores, st.left, st.left_order = zeros, {}, no, []
        st.lead, st.to_act, st.phase, st.turn_no = deal.first, deal.first, DISCARD_ONLY, 0
        st.turn_pile, st.final_round, st.tai = 0, False, False
        st.turn_drew, st.turn_sent = False, False
        st.had_final, st.first_final, st.last_final = no[:], zeros[:], zeros[:]
        st.last_discard, st.eaten_count = None, zeros[:]
        st.latest_eater, st.eater_before_turn, st.chot_eater = None, None, None
        st.them_vong_done, st.them_vong_turn = False, False
        st.money, st.payments, st.events, st.u_info, st.u_points = zeros[:], [], [], None, 0
        st.u_pending, st.chot_eaters = None, []
        st.ending, st.winner, st.ranking = None, None, []
        return st

    def copy(self) -> GameState:
        """An independent copy: every list and dict field copied to the depth its type
        names (``list[list[int]]`` two levels), everything else (immutable) shared."""
        return _copy(self)


def _copy_depth(annotation: str) -> int:
    """How deep a field of this type is copied: 0 shared, 1 the container, 2 a list of lists
    (records inside a list, such as payments, are never changed and stay shared)."""
    if annotation.startswith("list[list["):
        return 2
    return 1 if annotation.startswith(("list[", "dict[")) else 0


_COPY_DEPTH: tuple[tuple[str, int], ...] = tuple(
    (f.name, _copy_depth(str(f.type))) for f in dataclasses.fields(GameState)
)


def _copier() -> Callable[[GameState], GameState]:
    """The body of :meth:`GameState.copy`, written out field by field from ``_COPY_DEPTH``
    (as dataclasses writes ``__init__``): a slot assigned by name costs a fraction of a
    ``setattr`` in a loop, and look-ahead copies a state at every step."""
    lines = ["def copy(self):", "    new = new_state(GameState)"]
    for name, depth in _COPY_DEPTH:
        if depth == 0:
            value = f"self.{name}"
        elif depth == 1:
            value = f"None if (v := self.{name}) is None else v.copy()"
        else:
            value = f"[x.copy() for x in self.{name}]"
        lines.append(f"    new.{name} = {value}")
    lines.append("    return new")
    scope: dict[str, Any] = {"new_state": object.__new__, "GameState": GameState}
    exec("\n".join(lines), scope)  # the source is made above, from the field names
    copy: Callable[[GameState], GameState] = scope["copy"]
    return copy


_copy = _copier()


# -- shared helpers -----------------------------------------------------------------------


def next_active(st: GameState, seat: int) -> int:
    """The next seat after ``seat`` in play order that is still in the game."""
    n = st.n
    s = (seat + 1) % n
    while st.left[s]:
        if s == seat:
            raise EngineError("no seat left in play")
        s = (s + 1) % n
    return s


def active_seats(st: GameState) -> list[int]:
    return [s for s in range(st.n) if not st.left[s]]


def unlaid_eaten(st: GameState, seat: int, cards: int) -> int:
    """The seat's eaten cards among ``cards`` that must end in a phỏm (0 unless
    ``eat.keep_in_phom``). The cards are tested before the flag is read: a hand holding no
    eaten card never reads it, so the readings sweep (conformance.param_reads) replays
    fewer games; the engine's other flag reads follow the same order."""
    ue = st.eaten[seat] & cards
    return ue if ue and st.p.eat_keep_in_phom else 0


def cores_of(st: GameState, eaten_mask: int) -> tuple[int, ...]:
    """Cores of the given eaten cards, only when eat declarations are binding."""
    if not eaten_mask or not st.p.eat_binding_declaration:
        return ()
    return tuple(sorted(st.cores[c] for c in card_tuple(eaten_mask)))


def pay(st: GameState, frm: int, to: int, amount: int, reason: str, clause: str) -> None:
    """Move ``amount`` stakes; zero-sum by construction (MONEY.ZERO-SUM)."""
    if amount <= 0 or frm == to:
        return
    st.money[frm] -= amount
    st.money[to] += amount
    rec = {"from": frm, "to": to, "amount": amount, "reason": reason, "clause": clause}
    st.payments.append(rec)
    st.events.append(("payment", rec))  # compact: rulings.event_dict
