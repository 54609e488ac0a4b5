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

import threading
from collections.abc import Callable, Iterable
from typing import Any

from conformance.fuzz.generate import play
from conformance.fuzz.plan import GamePlan
from conformance.fuzz.script import GameScript
from conformance.protocol import Driver

#: At most this many games are played ahead while the implementation starts (about 100 KB
#: each).
START_AHEAD = 128


class Ahead:
    """The games played ahead of their turn: index -> (plan, whether it is the game's own
    plan rather than a guess, script; None when the reference failed on it: its turn plays
    it again and says why)."""

    def __init__(self) -> None:
        self._games: dict[int, tuple[GamePlan, bool, GameScript | None]] = {}

    def __contains__(self, index: int) -> bool:
        return index in self._games

    def play(self, index: int, plan: GamePlan, guess: bool = False) -> None:
        """Play game ``index`` of ``plan`` now (``guess``: a plan made before the hello)."""
        try:
            script: GameScript | None = play(plan)
        except Exception:  # the game's own turn says what failed, when it plays it again
            script = None
        self._games[index] = (plan, not guess, script)

    def take(self, index: int, plan_of: Callable[[int], GamePlan]
             ) -> tuple[GamePlan, GameScript | None]:
        """The plan of game ``index`` (by ``plan_of`` unless it was played ahead with it),
        and its script if it was played ahead with that very plan."""
        got = self._games.pop(index, None)
        if got is not None and got[1]:
            return got[0], got[2]
        plan = plan_of(index)
        return plan, got[2] if got is not None and got[0] == plan else None

    def start(self, driver: Driver, indices: Iterable[int],
              plan_of: Callable[[int], GamePlan]) -> dict[str, Any]:
        """``driver.start()`` (its hello), playing the games ``indices`` (at most
        :data:`START_AHEAD`, planned by ``plan_of``) until the hello came.

        Only for a driver whose implementation runs in another process: an in-process one
        (a mutant patched in while it answers) must not run beside the reference's games."""
        started: dict[str, Any] = {}

        def start() -> None:
            try:
                started["hello"] = driver.start()
            except Exception as e:  # raised again in this thread
                started["error"] = e

        thread = threading.Thread(target=start, name="fuzz-impl-start", daemon=True)
        thread.start()
        for n, index in enumerate(indices):
            if n >= START_AHEAD or not thread.is_alive():
                break
            try:
                plan = plan_of(index)
            except Exception:  # a guess the offer rules out: its turn plans it
                break
            self.play(index, plan, guess=True)
        thread.join()
        if "error" in started:
            raise started["error"]
        hello: dict[str, Any] = started["hello"]
        return hello
