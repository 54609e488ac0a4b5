"""Sessions: who goes first, the host, ù streaks and ù thông (DEAL.*, EXTRA.U-THONG)."""

from __future__ import annotations

import pytest

from reference_impl.actions import LEAVE
from reference_impl.policies import GreedyPolicy, play_game
from reference_impl.session import Session

from .helpers import accept, cycles, make_deal, of_type, payments, play
from .test_turns import QUIET

B_PHOM = "2S 3S 4S 7C 7D 7H 9D 10D JD"  # three phỏm: any card that fits none is a leftover
A9 = "AS 2C 4D 6H 3C 10C QS KH 3H"
C9 = "3D 5H 7S 9C JC KS 4H 9S 2H"
D9 = "4C 6C 8D 10H 8S 5D JS JH AD"


def _game_one(s: Session) -> None:
    g = s.start_game(make_deal([A9 + " 5C", B_PHOM, C9, D9], "KC", first=0))
    events = play(g, "0: discard 5C\n1: draw")  # KC: B ù
    assert payments(events) == [(0, 1, 5, "u"), (2, 1, 5, "u"), (3, 1, 5, "u")]


def test_u_thong_over_two_games() -> None:
    s = Session("u9la", 4, host=0, seed=7)
    assert s.next_first() == 0  # DEAL.FIRST-GAME: the host
    _game_one(s)
    assert s.next_first() == 1  # DEAL.NEXT-GAME-AFTER-U
    # Game 2: B goes first with 10 cards, opens with KC, draws KD on its next turn: ù again.
    g = s.start_game(make_deal([A9, B_PHOM + " KC", C9, D9], "5C 6S 8C KD", first=1))
    assert g.st.ctx.u_streak == (0, 1, 0, 0)
    events = play(g, "1: discard KC\n2: cycle\n3: cycle\n0: cycle\n1: draw")
    assert of_type(events, "u")[0]["seat"] == 1
    # Each loser (in seat order) pays 5 for the ù and 2 for ù thông.
    assert payments(events) == [
        (0, 1, 5, "u"),
        (2, 1, 5, "u"),
        (3, 1, 5, "u"),
        (0, 1, 2, "u_thong"),
        (2, 1, 2, "u_thong"),
        (3, 1, 2, "u_thong"),
    ]
    s.record(g)
    assert s.totals == [-12, 36, -12, -12]
    assert s.u_streak == [0, 2, 0, 0]


def test_a_game_without_u_resets_the_streaks() -> None:
    s = Session("u9la", 4, host=0, seed=7)
    _game_one(s)
    # Game 2 (seat 1 first): quiet hands, every turn a draw and a discard: nobody ù.
    g = s.start_game(make_deal([QUIET[1], QUIET[0], QUIET[2], QUIET[3]], first=1))
    assert g.st.ctx.u_streak == (0, 1, 0, 0)
    play(g, "1: discard KH")
    cycles(g, 15)
    assert g.result()["ending"] == "all_mom"  # type: ignore[index]
    s.record(g)
    assert s.u_streak == [0, 0, 0, 0]
    assert s.next_first() == 1  # the first móm (seat 1, first final-round turn) won


def test_winner_who_left_is_replaced_by_the_next_seat() -> None:
    s = Session("u9la", 4, host=0, seed=7)
    _game_one(s)
    s.leave(1)  # the winner leaves between games (DEAL.WINNER-LEFT)
    assert s.next_first() == 2
    g = s.start_game()
    assert g.players == 3 and s.seats == [0, 2, 3] and g.st.first == 1  # session seat 2


def test_host_passes_on_when_the_host_leaves() -> None:
    s = Session("co-ban", 4, host=2, seed=1)
    s.leave(2)  # DEAL.HOST-PASSES
    assert s.host == 3 and s.next_first() == 3
    g = s.start_game()
    assert s.seats == [0, 1, 3] and g.st.first == 2
    accept(g, 2, LEAVE)  # the new host leaves during the game
    play_game(g, GreedyPolicy(1))
    s.record(g)
    assert s.host == 0 and s.present == [True, True, False, False]


def test_session_checks() -> None:
    s = Session("co-ban", 3, host=1, seed=3)
    with pytest.raises(ValueError, match="goes first"):
        s.start_game(
            make_deal(
                [
                    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                    "JS QS KS AC 2C 3C 4C 5C 6C",
                    "7C 8C 9C 10C JC QC KC AD 2D",
                ],
                first=0,
            )
        )
    g = s.start_game()
    with pytest.raises(ValueError, match="not over"):
        s.start_game()
    with pytest.raises(ValueError, match="in progress"):
        s.leave(0)
    assert g.st.first == 1
