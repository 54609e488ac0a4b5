"""Policies play whole games without an illegal choice; the benchmark reports its figures."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from reference_impl import Deal, Game, bench, load_ruleset
from reference_impl.actions import LEAVE
from reference_impl.bench import engine_throughput, main
from reference_impl.policies import GreedyPolicy, RandomPolicy, play_game


@pytest.mark.parametrize("ruleset", ["hoi-quan-bai", "co-ban", "ki-gui", "u9la"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_and_random_finish_games(ruleset: str, players: int) -> None:
    rs = load_ruleset(ruleset)
    for seed in range(20):
        policies = [
            GreedyPolicy(seed + s) if s % 2 else RandomPolicy(seed + s) for s in range(players)
        ]
        result = play_game(Game(rs, Deal.shuffled(seed, players, seed % players)), policies)
        assert sum(result["totals"]) == 0


def test_greedy_lays_down_its_best_arrangement() -> None:
    rs = load_ruleset("co-ban")
    laid = 0
    for seed in range(30):
        game = Game(rs, Deal.shuffled(seed, 4, 0))
        play_game(game, GreedyPolicy(seed))
        laid += sum(1 for seat in game.state()["laid"] if seat)
    assert laid > 30  # greedy players are rarely móm


def test_engine_throughput_figures(capsys: pytest.CaptureFixture[str]) -> None:
    figures = engine_throughput("co-ban", games=20, players=3, seed=1)
    assert figures["games"] == 20 and figures["players"] == 3
    assert figures["games_per_second"] > 0
    assert main(["--ruleset", "u9la", "--games", "5", "--json"]) == 0
    assert '"ruleset": "u9la"' in capsys.readouterr().out
    assert main(["--ruleset", "u9la", "--games", "5", "--json", "--public-api"]) == 0
    assert '"api": "public"' in capsys.readouterr().out
    assert main(["--ruleset", "nope", "--games", "1"]) == 3


class _Recorded(Game):
    """A Game that records every action applied or played on it, and each game's result
    (into the class's list)."""

    __slots__ = ()
    played: ClassVar[list[tuple[int, object]]] = []

    def apply(self, seat: int, action: Any) -> Any:
        self.played.append((seat, action))
        ruling = super().apply(seat, action)
        self._record_end()
        return ruling

    def play(self, i: int) -> None:
        self.played.append((self.st.to_act, self.listed()[i]))
        super().play(i)
        self._record_end()

    def _record_end(self) -> None:
        if self.is_over:
            self.played.append((-1, self.result()))


def test_the_inlined_choice_plays_the_games_of_rng_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bench's loop draws as random.Random.choice does: the same games, choice by choice.
    assert bench.CHOICE_BY_BITS  # on this interpreter the bench takes the inlined draws
    monkeypatch.setattr(bench, "Game", _Recorded)
    runs = []
    for by_bits in (True, False):
        monkeypatch.setattr(bench, "CHOICE_BY_BITS", by_bits)
        for public in (False, True):
            _Recorded.played = []
            for players in (2, 3, 4):
                engine_throughput("hoi-quan-bai", games=15, players=players, seed=4,
                                  public_api=public)
            runs.append(_Recorded.played)
    assert len(runs[0]) > 500 and runs[0] == runs[1] == runs[2] == runs[3]


@pytest.mark.parametrize("ruleset", ["hoi-quan-bai", "co-ban", "ki-gui", "u9la"])
def test_the_index_loop_plays_the_games_of_the_public_loop(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # engine_throughput's two loops (Game.play by index; legal_actions() and apply()): the
    # same moves and the same results, game by game.
    monkeypatch.setattr(bench, "Game", _Recorded)
    for players in (2, 3, 4):
        runs = []
        for public in (False, True):
            _Recorded.played = []
            figures = engine_throughput(ruleset, games=60, players=players, seed=players,
                                        public_api=public)
            assert figures["api"] == ("public" if public else "index")
            runs.append(_Recorded.played)
        ends = [x for seat, x in runs[0] if seat == -1]
        # (a game over at its start, by an ù khan, has no action to record)
        assert len(ends) > 50 and all(sum(r["totals"]) == 0 for r in ends)  # type: ignore[index]
        assert runs[0] == runs[1]


def test_the_leads_pile_is_never_empty_when_a_card_moves() -> None:
    # Chuyển bài takes the lead's latest pile card; an empty pile would raise EngineError.
    # Greedy players eat whenever they can, so moves are frequent; some seats leave.
    moved = 0
    for ruleset in ("hoi-quan-bai", "co-ban", "ki-gui", "u9la"):
        rs = load_ruleset(ruleset)
        for seed in range(100):
            players = 2 + seed % 3
            game = Game(rs, Deal.shuffled(seed, players, seed % players))
            policy = GreedyPolicy(seed)
            turn = 0
            while not game.is_over:
                turn += 1
                seat = game.to_act
                assert seat is not None
                action = LEAVE if seed % 7 == 0 and turn == 9 else policy.choose(game)
                ruling = game.apply(seat, action)
                assert ruling.ok
                moved += sum(1 for e in ruling.events if e["type"] == "moved")
    assert moved > 100
