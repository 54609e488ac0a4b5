"""Reference games played before their turn, while the implementation is busy.

A fuzz game is first played on the reference (:func:`.generate.play`), then replayed on the
implementation. The reference's game depends only on its plan, so it can be played at any
time: while the implementation process starts (its imports, the ``hello``), and while it
answers the requests of the game before. The other core is then busy with the
implementation, this one with the next games.

Before the ``hello`` the implementation's offer is not known: those games are planned as if
it declared everything (``offer=None``). A game played ahead is used only when its plan is
the one of its turn (a frozen dataclass, compared whole): the same games, whatever was
guessed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from conformance.fuzz.config import Starting
from conformance.fuzz.generate import play
from conformance.fuzz.plan import GamePlan
from conformance.fuzz.script import GameScript

#: At most this many games wait, played ahead (a 300-game run played wholly ahead adds about
#: 4 MB to the fuzzer's resident size).
MAX_AHEAD = 512


class Ahead:
    """The games of a run played ahead of their turn, in the run's order ``indices``: index
    -> (plan, whether it is the game's own plan rather than a guess, script; None when the
    reference failed on it: its turn plays it again and says why)."""

    def __init__(self, indices: Iterable[int] = ()) -> None:
        self._games: dict[int, tuple[GamePlan, bool, GameScript | None]] = {}
        self._next: deque[int] = deque(indices)

    @property
    def pending(self) -> bool:
        """Are games of the run left to play ahead?"""
        return bool(self._next)

    def play_next(self, plan_of: Callable[[int], GamePlan], guess: bool = False) -> bool:
        """Play the next game of the run not played yet, planned by ``plan_of`` (``guess``:
        a plan made before the hello); False when none is left, :data:`MAX_AHEAD` wait, or
        it cannot be planned (its turn plans it again, and says why)."""
        if not self._next or len(self._games) >= MAX_AHEAD:
            return False
        index = self._next[0]
        try:
            plan = plan_of(index)
        except Exception:
            return False
        self._next.popleft()
        try:
            script: GameScript | None = play(plan)
        except Exception:  # the game's own turn says what failed, when it plays it again
            script = None
        self._games[index] = (plan, not guess, script)
        return True

    def take(self, index: int, plan_of: Callable[[int], GamePlan]
             ) -> tuple[GamePlan, GameScript | None]:
        """The plan of game ``index`` (by ``plan_of`` unless it was played ahead with it),
        and its script if it was played ahead with that very plan."""
        if self._next and self._next[0] == index:
            self._next.popleft()  # its turn came before it was played ahead
        got = self._games.pop(index, None)
        if got is not None and got[1]:
            return got[0], got[2]
        plan = plan_of(index)
        return plan, got[2] if got is not None and got[0] == plan else None

    def wait(self, starting: Starting, guess: Callable[[int], GamePlan]) -> dict[str, Any]:
        """The hello of the implementation ``starting``, playing the next games, planned by
        ``guess``, until it came."""
        while not starting.done and self.play_next(guess, guess=True):
            pass
        return starting.hello()
