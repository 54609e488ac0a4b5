"""One game of Phỏm: ``Game(ruleset, deal, session=None)`` (docs/contract.md, Python API).

The rules live in mixins by concern, each building on the one before:
settle (ranking, money) < u (ù, ù đền) < turns (draw, eat, discard, rounds) <
laydown (hạ phỏm, gửi) < auto (timeout, leave) < compulsory (lay-downs and sends owed
before the final discard) < legal (legal_actions) < Game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phomspec import ResolvedRuleset
from reference_impl.actions import Action, Discard, Draw, Eat, LayDown, Leave, Pass, Send, Timeout
from reference_impl.deal import Deal
from reference_impl.errors import DealError, MalformedAction
from reference_impl.legal import LegalActions
from reference_impl.params import Params, load_ruleset
from reference_impl.rulings import Accepted, Rejected
from reference_impl.state import CARD_BITS, CHOT, CODES, MOVED, Phase, SessionContext, reject

_Check = Callable[[Any, int, Any], Rejected | None]
_Do = Callable[[Any, int, Any], None]


def _codes(mask: int) -> list[str]:
    return [CODES[c] for c in range(52) if mask >> c & 1]


class Game(LegalActions):
    """A game in progress.  ``apply`` answers every action with a ruling; a rejected action
    changes nothing (INV.REJECT-UNCHANGED)."""

    def __init__(
        self,
        ruleset: ResolvedRuleset | str,
        deal: Deal,
        session: SessionContext | dict[str, Any] | Any | None = None,
    ) -> None:
        if isinstance(ruleset, str):
            ruleset = load_ruleset(ruleset)
        self.rs = ruleset
        self.p = Params.of(ruleset)
        n = deal.players
        if n not in self.p.players:
            raise DealError(f"ruleset {ruleset.id!r} is for {self.p.players} players, not {n}")
        self.n = n
        self.first = deal.first
        self.deal = deal
        self.ctx = SessionContext.of(session, n)
        self.hands = [sum(1 << c for c in h) for h in deal.hands]
        self.own = list(self.hands)
        self.stock = list(reversed(deal.stock))
        self.piles = [[] for _ in range(n)]
        self.eaten = [0] * n
        self.cores = {}
        self.laid = [[] for _ in range(n)]
        self.laid_now = [[] for _ in range(n)]
        self.laid_at = [[] for _ in range(n)]
        self.sent = [[] for _ in range(n)]
        self.left = [False] * n
        self.left_order = []
        self.lead = deal.first
        self.to_act = deal.first
        self.phase = Phase.DISCARD_ONLY
        self.turn_no = 0
        self.turn_pile = 0
        self.final_round = False
        self.tai = False
        self.turn_drew = False
        self.had_final = [False] * n
        self.first_final = [0] * n
        self.last_final = [0] * n
        self.last_discard = None
        self.eats_by = [[] for _ in range(n)]
        self.eaten_count = [0] * n
        self.latest_eater = None
        self.eater_before_turn = None
        self.chot_eater = None
        self.them_vong_done = False
        self.them_vong_turn = False
        self.money = [0] * n
        self.payments = []
        self.events = []
        self.u_info = None
        self.u_points = 0
        self.ending = None
        self.winner = None
        self.ranking = []
        self.version = 0
        self._legal_version = -1
        self._legal_cache = []
        self.begin_turn(deal.first)
        self.phase = Phase.DISCARD_ONLY  # TURN.OPENING-DISCARD
        if not self.check_u_khan():
            self.check_u_dealt()
        #: Events of the game's start (the ``new_game`` reply): the first turn, or an ù khan.
        self.start_events: tuple[dict[str, Any], ...] = tuple(self.events)

    # -- queries ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand(self, seat: int) -> int:
        """The seat's hand as a card mask."""
        return self.hands[seat]

    def __repr__(self) -> str:
        return f"<Game {self.rs.id} {self.n}p phase={self.phase} to_act={self.to_act}>"

    # -- apply -----------------------------------------------------------------------------

    def _check_pass(self, seat: int, action: Pass) -> Rejected | None:
        if self.phase is not Phase.THEM_VONG:
            return reject(
                "PASS_NOT_ALLOWED", "ROUND.THEM-VONG", "pass only declines the thêm vòng eat"
            )
        return None

    def _do_pass(self, seat: int, action: Pass) -> None:
        self.do_pass(seat)

    def _check_timeout(self, seat: int, action: Timeout) -> Rejected | None:
        return self.check_timeout(seat)

    def _do_timeout(self, seat: int, action: Timeout) -> None:
        self.do_timeout(seat)

    def copy(self) -> Game:
        """An independent copy of the game (for look-ahead and tests)."""
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.hands = list(self.hands)
        g.own = list(self.own)
        g.stock = list(self.stock)
        g.piles = [list(p) for p in self.piles]
        g.eaten = list(self.eaten)
        g.cores = dict(self.cores)
        g.laid = [list(x) for x in self.laid]
        g.laid_now = [list(x) for x in self.laid_now]
        g.laid_at = [list(x) for x in self.laid_at]
        g.sent = [list(x) for x in self.sent]
        g.left = list(self.left)
        g.left_order = list(self.left_order)
        g.had_final = list(self.had_final)
        g.first_final = list(self.first_final)
        g.last_final = list(self.last_final)
        g.eats_by = [list(x) for x in self.eats_by]
        g.eaten_count = list(self.eaten_count)
        g.money = list(self.money)
        g.payments = list(self.payments)
        g.events = []
        g.ranking = list(self.ranking)
        g._legal_cache = list(self._legal_cache)
        return g

    def apply(self, seat: int, action: Action) -> Accepted | Rejected:
        """Apply ``action`` by ``seat``: Accepted(events) or Rejected(reason, clause, message)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise MalformedAction(f"seat must be 0..{self.n - 1}, got {seat!r}")
        if self.phase is Phase.OVER:
            return reject("GAME_OVER", "TURN.GAME-OVER", "the game is over")
        if self.left[seat]:
            return reject("SEAT_LEFT", "LEAVE.SEAT-SKIPPED", f"seat {seat} has left the game")
        kind = type(action)
        self.events = []
        if kind is Leave:
            self.do_leave(seat)
        else:
            if seat != self.to_act:
                return reject(
                    "NOT_YOUR_TURN", "TURN.NOT-YOUR-TURN", f"seat {self.to_act} is to act"
                )
            entry = _DISPATCH.get(kind)
            if entry is None:
                raise MalformedAction(f"not an action: {action!r}")
            problem = entry[0](self, seat, action)
            if problem is not None:
                return problem
            entry[1](self, seat, action)
        self.version += 1
        return Accepted(tuple(self.events))

    # -- state and result ------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The public state (docs/contract.md); ``laid`` holds each phỏm as its owner laid it,
        ``sent`` the cards each seat sent out."""
        n = self.n
        return {
            "ruleset": self.rs.id,
            "players": n,
            "first": self.first,
            "to_act": self.to_act,
            "phase": str(self.phase),
            "hands": [_codes(h) for h in self.hands],
            "stock_count": len(self.stock),
            "stock": [CODES[c] for c in reversed(self.stock)],
            "piles": [
                [
                    {"card": CODES[x & CARD_BITS], "moved": bool(x & MOVED), "chot": bool(x & CHOT)}
                    for x in pile
                ]
                for pile in self.piles
            ],
            "eaten": [_codes(e) for e in self.eaten],
            "laid": [[_codes(ph) for ph in self.laid[s]] for s in range(n)],
            "sent": [
                [{"card": CODES[c], "to": {"seat": t, "phom": k}} for c, t, k in self.sent[s]]
                for s in range(n)
            ],
            "lead": self.lead,
            "final_round": self.final_round,
            "tai": self.tai,
            "left": list(self.left),
            "money": list(self.money),
        }

    def result(self) -> dict[str, Any] | None:
        """The result (docs/contract.md), or None while the game is on."""
        if self.phase is not Phase.OVER:
            return None
        info = self.u_info
        return {
            "ending": self.ending,
            "winner": self.winner,
            "u": None
            if info is None
            else {
                "seat": info["seat"],
                "kind": info["kind"],
                "den": info["den"] and dict(info["den"]),
            },
            "ranking": [dict(r) for r in self.ranking],
            "payments": [dict(p) for p in self.payments],
            "totals": list(self.money),
        }


#: Action type -> (validation, effect); the validation never changes the state.
_DISPATCH: dict[type, tuple[_Check, _Do]] = {
    Draw: (Game.check_draw, Game.do_draw),
    Eat: (Game.check_eat, Game.do_eat),
    Discard: (Game.check_discard, Game.do_discard),
    LayDown: (Game.check_lay_down, Game.do_lay_down),
    Send: (Game.check_send, Game.do_send),
    Pass: (Game._check_pass, Game._do_pass),
    Timeout: (Game._check_timeout, Game._do_timeout),
}
