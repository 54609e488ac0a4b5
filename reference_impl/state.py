"""The mutable state of one game and the small helpers every rule module shares.

Cards are ints 0..51 and card sets 52-bit masks (phomspec.cards).  A discard pile is a
list of ints: the card in the low 6 bits, plus :data:`MOVED` when chuyển bài moved it there
and :data:`CHOT` when it was discarded as a cây chốt (ROUND.MOVED-CARD: the status stays).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from phomspec import ResolvedRuleset
from phomspec.cards import card_tuple, format_card
from reference_impl.errors import EngineError
from reference_impl.params import Params
from reference_impl.rulings import Rejected

MOVED = 64
CHOT = 128
CARD_BITS = 63
CODES: tuple[str, ...] = tuple(format_card(c) for c in range(52))


class Phase(StrEnum):
    """Where the game is; docs/contract.md lists what each phase allows."""

    DISCARD_ONLY = "discard_only"
    DRAW_OR_EAT = "draw_or_eat"
    AFTER_DRAW = "after_draw"
    FINAL_TURN = "final_turn"
    THEM_VONG = "them_vong"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LastDiscard:
    """The latest discard, while the next seat may still eat it."""

    seat: int
    card: int
    chot: bool
    round: int  # the discarder's pile size at the start of that turn + 1 (1..4)


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
            return cls((0,) * players)
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


def reject(reason: str, clause: str, message: str) -> Rejected:
    return Rejected(reason, clause, message)


class GameState:
    """Every field of a game in progress; the rule mixins read and change these."""

    rs: ResolvedRuleset
    p: Params
    n: int
    first: int
    ctx: SessionContext

    hands: list[int]
    stock: list[int]  # top of the stock is the END of the list
    piles: list[list[int]]
    eaten: list[int]  # every card each seat has eaten this game
    cores: dict[int, int]  # eaten card -> card group laid with it (binding declaration only)
    laid: list[list[int]]  # each seat's phỏm as its owner laid them
    laid_now: list[list[int]]  # the same phỏm with the cards sent to them
    laid_at: list[list[int]]  # the turn number of each lay-down
    sent: list[list[tuple[int, int, int]]]  # (card, target seat, phỏm index) sent by each seat
    own: list[int]  # dealt or drawn cards (EXTRA.DONG-HOA.OWN-CARDS, EXTRA.U-K.OWN-KINGS)
    left: list[bool]
    left_order: list[int]

    lead: int
    to_act: int | None
    phase: Phase
    turn_no: int
    final_round: bool
    tai: bool
    had_final: list[bool]
    first_final: list[int]
    last_final: list[int]
    turn_drew: bool  # the current turn began with a draw (Ù tròn)

    last_discard: LastDiscard | None
    eats_by: list[list[int]]  # victims of each seat's eats, in order
    eaten_count: list[int]  # per victim: cards eaten (price counting, EAT.COUNTING)
    latest_eater: int | None
    eater_before_turn: int | None
    chot_eater: int | None
    them_vong_done: bool
    them_vong_turn: bool

    money: list[int]
    payments: list[dict[str, Any]]
    events: list[dict[str, Any]]
    opening_events: tuple[dict[str, Any], ...]
    u_info: dict[str, Any] | None
    ending: str | None
    u_points: int
    u_arrangement_kings: int
    version: int

    # -- small shared helpers -------------------------------------------------------------

    def next_active(self, seat: int) -> int:
        n = self.n
        s = (seat + 1) % n
        while self.left[s]:
            if s == seat:
                raise EngineError("no seat left in play")
            s = (s + 1) % n
        return s

    def active_seats(self) -> list[int]:
        return [s for s in range(self.n) if not self.left[s]]

    def unlaid_eaten(self, seat: int) -> int:
        return self.eaten[seat] & self.hands[seat]

    def cores_of(self, eaten_mask: int) -> tuple[int, ...]:
        """Cores of the given eaten cards, only when eat declarations are binding."""
        if not self.p.binding_declaration or not eaten_mask:
            return ()
        return tuple(sorted(self.cores[c] for c in card_tuple(eaten_mask)))

    def emit(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def pay(self, frm: int, to: int, amount: int, reason: str, clause: str) -> None:
        """Move ``amount`` stakes; zero-sum by construction (MONEY.ZERO-SUM)."""
        if amount <= 0 or frm == to:
            return
        self.money[frm] -= amount
        self.money[to] += amount
        rec = {"from": frm, "to": to, "amount": amount, "reason": reason, "clause": clause}
        self.payments.append(rec)
        self.emit({"type": "payment", **rec})


bits = card_tuple
