"""Timeouts (TIME.AUTO-PLAY) and leaving (LEAVE.*)."""

from __future__ import annotations

from reference_impl.actions import LEAVE, TIMEOUT

from .helpers import accept, cycles, new_game, of_type, payments, play, rejected
from .test_rounds import THEM_VONG_HANDS, THEM_VONG_STOCK
from .test_turns import QUIET


def test_timeout_on_the_opening_turn_discards_the_highest_card() -> None:
    g = new_game("co-ban", QUIET)
    events = accept(g, 0, TIMEOUT)
    assert events[:2] == [
        {"type": "auto_play", "seat": 0},
        {"type": "discarded", "seat": 0, "card": "KH", "chot": False},
    ]


def test_timeout_draws_never_eats_and_breaks_ties_by_suit() -> None:
    # Seat 1 could eat KH with KD KS... it holds KD only; it draws KS: KS and KD tie at 13
    # points, KD is the higher index (suit order S < C < D < H).
    g = new_game("co-ban", QUIET, "KC")
    play(g, "0: discard KH")
    events = accept(g, 1, TIMEOUT)
    assert events[:3] == [
        {"type": "auto_play", "seat": 1},
        {"type": "drew", "seat": 1, "card": "KC"},
        {"type": "discarded", "seat": 1, "card": "KD", "chot": False},
    ]
    rejected(g, 1, TIMEOUT, "NOT_YOUR_TURN")


def test_timeout_after_an_eat_keeps_the_eaten_phom() -> None:
    hands = [
        "5S 2C 4D 6H 8S 10C QD KH 3S 9H",
        "5C 5D 7S KC 10S QC KD 3C 7D",
        "3D AH 9S 9C JD KS 4H 9D 2H",
        "4S 6C 8D 10H QS AD JC JH 2S",
    ]
    g = new_game("co-ban", hands)
    play(g, "0: discard 5S\n1: eat 5S with 5C 5D")
    events = accept(g, 1, TIMEOUT)
    # KC and KD are the highest (13); KD has the higher index.  5S, 5C, 5D are not legal.
    assert of_type(events, "discarded") == [
        {"type": "discarded", "seat": 1, "card": "KD", "chot": False}
    ]


def test_final_round_timeout_lays_nothing_even_with_an_eaten_card() -> None:
    # Seat 1 eats 5S early; its final-round timeout lays nothing down (000/002: the player is
    # móm, AMB.AUTO-PLAY-EATEN): 5S stays in hand and 5C 5D keep it coverable, so the discard
    # is the highest other card.
    hands = [
        "5S 2C 4D 6H 3D 10C QD KH 3S 9H",
        "5C 5D 7S 8S 9S QC KD 3C 7D",
        "3H AH JS 9C JD KS 4H 9D 2H",
        "4S 6C 8D 10H QS AD JC JH 2S",
    ]
    # Draws t3..t13 are the first 11 stock cards; seat 1 draws the 12th, 6D, at t14.
    g = new_game("co-ban", hands, "AC 4C 6S 7C 8C 10S KC AS 2D 8H 10D 6D")
    play(g, "0: discard 5S\n1: eat 5S with 5C 5D\n1: discard 7D")
    cycles(g, 11)  # t3..t13; seat 1's pile now holds 3
    assert g.to_act == 1 and g.state()["final_round"]
    events = accept(g, 1, TIMEOUT)
    assert of_type(events, "laid_down") == []
    assert of_type(events, "drew")[0]["card"] == "6D"
    assert of_type(events, "discarded")[0]["card"] == "KD"  # 13, the highest left
    assert {"5S", "5C", "5D"} <= set(g.state()["hands"][1])


def test_timeout_in_them_vong_passes() -> None:
    g = new_game("hoi-quan-bai", THEM_VONG_HANDS, THEM_VONG_STOCK)
    play(g, "0: discard KC")
    cycles(g, 11)
    play(
        g,
        "0: draw\n0: lay down 2S 3S 4S\n0: discard QH\n1: cycle\n2: cycle\n3: draw\n3: discard 10D",
    )
    events = accept(g, 0, TIMEOUT)
    assert events[0] == {"type": "auto_play", "seat": 0}
    assert events[-1] == {"type": "game_over", "ending": "points"}
    assert of_type(events, "ate") == []


def test_a_player_leaves_and_the_game_goes_on() -> None:
    g = new_game("co-ban", QUIET)
    play(g, "0: discard KH\n1: cycle")
    rejected(g, 3, "draw", "NOT_YOUR_TURN")
    events = accept(g, 2, LEAVE)  # seat 2 was to act: seat 3 acts next
    assert events == [
        {"type": "left", "seat": 2},
        {"type": "turn", "seat": 3, "final_round": False, "tai": False},
    ]
    rejected(g, 2, "draw", "SEAT_LEFT")
    rejected(g, 2, LEAVE, "SEAT_LEFT")
    # Piles 1, 1, -, 0: seat 3 needs 4 more discards, seats 0 and 1 three each: 10 turns.
    events = cycles(g, 10)
    assert g.is_over
    finals = [e["seat"] for e in of_type(events, "turn") if e["final_round"]]
    assert finals == [0, 1, 3]
    result = g.result()
    assert result is not None and result["ending"] == "all_mom"
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [
        (0, "nhat"),
        (1, "mom"),
        (3, "mom"),
        (2, "left"),
    ]
    assert payments(of_type(events, "payment")) == [
        (1, 0, 4, "mom"),
        (3, 0, 4, "mom"),
        (2, 0, 4, "leave"),  # LEAVE.PAID-TO: the winner
    ]
    assert [len(p) for p in g.state()["piles"]] == [4, 4, 0, 4]


def test_the_leavers_discard_cannot_be_eaten() -> None:
    hands = [
        "7H 2C 4D 6H 8S 10C QD KH 3S 5C",
        "7S 7C 7D 8H 9H QC KD 3C AD",
        "3D 5H 9S 9C JD KS 4H 9D 2H",
        "4S 6C 8D 10H QS 5D JC JH 2S",
    ]
    g = new_game("co-ban", hands)
    play(g, "0: discard 7H")
    accept(g, 0, LEAVE)
    rejected(g, 1, "eat 7H with 7S 7C", "EAT_NOTHING_TO_EAT")
    assert [str(a) for a in g.legal_actions()] == ["draw"]


def test_last_player_wins() -> None:
    hands = ["AS 2C 4D 6H 8S 10C QD KH 3S 5C", "2S 4C 6D 8H 10S QC KD 3C 7D"]
    g = new_game("ki-gui", hands)
    events = accept(g, 1, LEAVE)
    assert events[-1] == {"type": "game_over", "ending": "last_player"}
    result = g.result()
    assert result is not None and result["winner"] == 0
    assert result["totals"] == [3, -3]  # ki-gui leave.penalty 3
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(0, "nhat"), (1, "left")]
    rejected(g, 0, LEAVE, "GAME_OVER")
