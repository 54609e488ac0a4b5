"""Several games at one table: who goes first, the host, ù streaks, running totals.

Session seats are numbered ``0..players-1`` in play order for the whole session.  A game is
played by the seats still present, renumbered in the same order (``Session.seats`` maps a
game seat to its session seat).  Game 1: the host goes first (DEAL.FIRST-GAME); later games:
the previous winner, Nhất or the ù player (DEAL.NEXT-GAME, DEAL.NEXT-GAME-AFTER-U), or if
they have left, the next present seat in play order (DEAL.WINNER-LEFT).  A host who leaves
passes the role to the next present seat (DEAL.HOST-PASSES).  A seat that leaves a game
leaves the session.
"""

from __future__ import annotations

import random
from typing import Any

from phomspec import ResolvedRuleset
from reference_impl.deal import Deal
from reference_impl.game import Game
from reference_impl.params import load_ruleset
from reference_impl.state import SessionContext


class Session:
    """A table playing several games in a row."""

    def __init__(
        self, ruleset: ResolvedRuleset | str, players: int = 4, host: int = 0, seed: int = 0
    ) -> None:
        self.rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if not 2 <= players <= 4:
            raise ValueError(f"a table seats 2 to 4 players, got {players}")
        if not 0 <= host < players:
            raise ValueError(f"host must be a seat 0..{players - 1}, got {host}")
        self.players = players
        self.host = host
        self.present = [True] * players
        self.totals = [0] * players
        self.u_streak = [0] * players
        self.previous_winner: int | None = None
        self.results: list[dict[str, Any]] = []
        self.seats: list[int] = []
        self.current: Game | None = None
        self._recorded = True
        self._rng = random.Random(seed)

    # -- between games ---------------------------------------------------------------------

    def _next_present(self, seat: int) -> int:
        for i in range(1, self.players + 1):
            s = (seat + i) % self.players
            if self.present[s]:
                return s
        raise ValueError("nobody is left at the table")

    def _sync(self) -> None:
        """Book the current game if it has finished and is not booked yet."""
        if self.current is not None and not self._recorded and self.current.is_over:
            self.record(self.current)

    def next_first(self) -> int:
        """The session seat that goes first in the next game."""
        self._sync()
        if self.previous_winner is None:
            return self.host if self.present[self.host] else self._next_present(self.host)
        w = self.previous_winner
        return w if self.present[w] else self._next_present(w)

    def leave(self, seat: int) -> None:
        """Session seat ``seat`` leaves the table between games."""
        self._sync()
        if not self._recorded:
            raise ValueError("a game is in progress: leave it with the game's 'leave' action")
        self._remove(seat)

    def _remove(self, seat: int) -> None:
        if not self.present[seat]:
            return
        self.present[seat] = False
        self.u_streak[seat] = 0
        if self.host == seat and any(self.present):
            self.host = self._next_present(seat)

    def context(self) -> SessionContext:
        """What the next game needs to know, indexed by the next game's seats."""
        self._sync()
        seats = [s for s in range(self.players) if self.present[s]]
        host = seats.index(self.host) if self.host in seats else None
        return SessionContext(
            tuple(self.u_streak[s] for s in seats), host, game_number=len(self.results) + 1
        )

    # -- games -----------------------------------------------------------------------------

    def start_game(self, deal: Deal | None = None) -> Game:
        """Start the next game (a fresh shuffle from the session's seed unless ``deal``)."""
        self._sync()
        if not self._recorded:
            raise ValueError("the current game is not over yet")
        seats = [s for s in range(self.players) if self.present[s]]
        if len(seats) < 2:
            raise ValueError("fewer than two players are left at the table")
        first = seats.index(self.next_first())
        if deal is None:
            deal = Deal.shuffled(self._rng.randrange(1 << 32), len(seats), first)
        elif deal.first != first or deal.players != len(seats):
            raise ValueError(
                f"the deal is for {deal.players} players with seat {deal.first} first;"
                f" this game has {len(seats)} players and game seat {first} goes first"
            )
        self.seats = seats
        self.current = Game(self.rs, deal, session=self.context())
        self._recorded = False
        return self.current

    def record(self, game: Game) -> dict[str, Any]:
        """Book a finished game: totals, ù streaks, the next first player, leavers.  Booking
        happens once; later calls (and the session's own queries) return the same result."""
        result = game.result()
        if result is None:
            raise ValueError("the game is not over yet")
        if game is not self.current:
            raise ValueError("not this session's current game")
        if self._recorded:
            return self.results[-1]
        seats = self.seats
        for gs, amount in enumerate(result["totals"]):
            self.totals[seats[gs]] += amount
        u_seat = seats[result["u"]["seat"]] if result["u"] is not None else None
        for s in range(self.players):
            self.u_streak[s] = self.u_streak[s] + 1 if s == u_seat else 0
        self.previous_winner = seats[result["winner"]]
        for gs, gone in enumerate(game.st.left):
            if gone:
                self._remove(seats[gs])
        self.results.append(result)
        self._recorded = True
        return result


def next_game_seats(
    players: int, host: int, previous_winner: int | None, left: list[int]
) -> tuple[int, int]:
    """(first, host) of the next game at a table of ``players`` seats whose host is ``host``,
    after a game won by ``previous_winner`` (None before game 1) and ``left`` seats leaving in
    that order (DEAL.FIRST-GAME, DEAL.NEXT-GAME, DEAL.WINNER-LEFT, DEAL.HOST-PASSES).

    Seats are numbered as in the previous game. Raise ValueError on a seat out of range or
    when nobody is left.
    """
    if not 2 <= players <= 4:
        raise ValueError(f"a table seats 2 to 4 players, got {players}")
    for name, seat in (("host", host), ("previous_winner", previous_winner), *(
        ("left", s) for s in left
    )):
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"{name}: seat {seat!r} is not a seat 0..{players - 1}")
    if len(set(left)) >= players:
        raise ValueError("nobody is left at the table")
    present = [True] * players

    def next_present(seat: int) -> int:
        return next(s for i in range(1, players + 1) if present[s := (seat + i) % players])

    for seat in left:
        present[seat] = False
        if host == seat:
            host = next_present(seat)  # DEAL.HOST-PASSES
    anchor = host if previous_winner is None else previous_winner
    first = anchor if present[anchor] else next_present(anchor)  # DEAL.WINNER-LEFT
    return first, host
