"""Ranking and money at the end: ties, móm, small tables, cá K, đồng hoa, ù K (RANK.*, MONEY.*,
EXTRA.*)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import cycles, new_game, payments, play
from .test_money_example import HANDS as MONEY_HANDS
from .test_money_example import STOCK as MONEY_STOCK
from .test_turns import QUIET

MONEY_SCRIPT_START = """
0: discard 4H
1: eat 4H with 5H 6H
1: discard QD
"""
MONEY_SCRIPT_END = """
1: draw
1: lay down 4H 5H 6H
1: discard AH
2: draw
2: lay down 7S 7C 7H
2: discard 8H
3: draw
3: discard 10H
0: draw
0: lay down KS KC KD
0: discard JH
"""


def _money_game(ruleset: str, hands: list[str], stock: str) -> Any:
    g = new_game(ruleset, hands, stock)
    play(g, MONEY_SCRIPT_START)
    cycles(g, 11)
    play(g, MONEY_SCRIPT_END)
    return g.result()


def test_tie_goes_to_the_earlier_lay_down() -> None:
    # C holds AC instead of 3S, so C's deadwood 2S AC 5D 6C 8D 9H = 31, like B's.
    hands = list(MONEY_HANDS)
    hands[2] = "7S 7C 7H 2S AC 5D 6C 8D 9H"
    stock = MONEY_STOCK.replace("AC", "3S")
    result = _money_game("co-ban", hands, stock)
    assert [(r["seat"], r["rank"], r["points"]) for r in result["ranking"]] == [
        (1, "nhat", 31),  # first final-round turn t14
        (2, "nhi", 31),  # t15 (RANK.TIE-EARLIER-LAYDOWN)
        (0, "ba", 59),
        (3, "mom", 73),
    ]
    # co-ban: the eat before the chốt is free; then 1, 2, and 4 for the móm.
    assert result["totals"] == [-2, 7, -1, -4]


def test_u_k_and_the_money_example_under_u9la() -> None:
    result = _money_game("u9la", MONEY_HANDS, MONEY_STOCK)
    # A laid KS KC KD, three Kings dealt to it: every other player pays A 5 (EXTRA.U-K).
    assert [(p["from"], p["to"], p["amount"], p["reason"]) for p in result["payments"]] == [
        (0, 1, 1, "eat"),
        (2, 1, 1, "rank"),
        (0, 1, 2, "rank"),
        (3, 1, 4, "mom"),
        (1, 0, 5, "u_k"),
        (2, 0, 5, "u_k"),
        (3, 0, 5, "u_k"),
    ]
    assert result["totals"] == [-1 - 2 + 15, 1 + 1 + 2 + 4 - 5, -1 - 5, -4 - 5]


def test_all_mom_first_mom_wins() -> None:
    g = new_game("co-ban", QUIET)
    play(g, "0: discard KH")
    cycles(g, 15)
    result = g.result()
    assert result is not None and result["ending"] == "all_mom"
    # First final-round turns: 0 (t13), 1, 2, 3.
    assert [(r["seat"], r["rank"], r["mom"]) for r in result["ranking"]] == [
        (0, "nhat", True),
        (1, "mom", True),
        (2, "mom", True),
        (3, "mom", True),
    ]
    assert result["totals"] == [12, -4, -4, -4]


# Three players with one phỏm each: B 7S 7D 7H (21 left), C QS QC QD (47), A 2S 3S 4S (52).
SMALL_HANDS = [
    "2S 3S 4S 9D JD KC QH 7C 5H 8H",
    "7S 7D 7H AC 2D 3H 4C 5D 6C",
    "QS QC QD 10S 10C 9S 8C 6D 4H",
]
# 3 players: draws t2 B, t3 C, t4 A, ... t10 A (final), t11 B, t12 C.
SMALL_STOCK = "KS KD KH AS AD AH 2C 2H 3C 3D 4D"
SMALL_END = """
0: draw
0: lay down 2S 3S 4S
0: discard {a}
1: draw
1: lay down 7S 7D 7H
1: discard {b}
"""


@pytest.mark.parametrize(
    ("ruleset", "second", "third"),
    [("co-ban", 1, 2), ("ki-gui", 1, 3), ("hoi-quan-bai", 1, 2), ("u9la", 1, 2)],
)
def test_three_player_table(ruleset: str, second: int, third: int) -> None:
    g = new_game(ruleset, SMALL_HANDS, SMALL_STOCK)
    play(g, "0: discard KC")
    cycles(g, 8)  # t2..t9
    play(g, SMALL_END.format(a="3C", b="3D"))
    play(g, "2: draw\n2: lay down QS QC QD\n2: discard 4D")  # A cannot eat 4D: no thêm vòng
    result = g.result()
    assert result is not None and g.state()["stock_count"] == 24 - 11
    assert [(r["seat"], r["rank"], r["points"]) for r in result["ranking"]] == [
        (1, "nhat", 21),
        (2, "nhi", 10 + 10 + 9 + 8 + 6 + 4),
        (0, "ba", 9 + 11 + 12 + 7 + 5 + 8),
    ]
    assert payments_of(result) == [(2, 1, second, "rank"), (0, 1, third, "rank")]


@pytest.mark.parametrize("ruleset", ["co-ban", "ki-gui", "hoi-quan-bai", "u9la"])
def test_two_player_table(ruleset: str) -> None:
    g = new_game(ruleset, SMALL_HANDS[:2], SMALL_STOCK)
    play(g, "0: discard KC")
    cycles(g, 5)  # t2 B KS, t3 A KD, t4 B KH, t5 A AS, t6 B AD: piles 3, 3
    play(g, SMALL_END.format(a="AH", b="2C"))
    result = g.result()
    assert result is not None and g.state()["stock_count"] == 33 - 7
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(1, "nhat"), (0, "nhi")]
    assert result["totals"] == [-1, 1]


def payments_of(result: dict[str, Any]) -> list[tuple[int, int, int, str]]:
    return [(p["from"], p["to"], p["amount"], p["reason"]) for p in result["payments"]]


# Cá K: A discards KS at a chosen turn and B eats it with KC KD.
CA_K_HANDS = [
    "KS 2C 4D 6H 8S 10C QD 3S 5C 7H",
    "KC KD 2S 4C 6D 8H 10S QC 3C",
    "3D 5H 7S 9C JD 4H 9D 2H 7C",
    "4S 6C 8D 10H QS 5D JC JH AD",
]


@pytest.mark.parametrize(
    ("cycles_before", "u9la_price", "hoi_price"),
    [
        (None, 2, 1),  # the opening discard: round 1
        (3, 4, 1),  # A's second discard: round 2 (A's pile holds 1)
        (7, 6, 1),  # round 3
        (11, 10, 4),  # A's cây chốt (round 4): the chốt price in hoi-quan-bai
    ],
)
def test_ca_k_by_round(cycles_before: int | None, u9la_price: int, hoi_price: int) -> None:
    for ruleset, price, reason in (("u9la", u9la_price, "ca_k"), ("hoi-quan-bai", hoi_price, None)):
        g = new_game(ruleset, CA_K_HANDS)
        if cycles_before is None:
            events = play(g, "0: discard KS\n1: eat KS with KC KD")
        else:
            play(g, "0: discard 7H")
            cycles(g, cycles_before)
            events = play(g, "0: draw\n0: discard KS\n1: eat KS with KC KD")
        (paid,) = payments(events)
        assert paid[:3] == (0, 1, price)
        if reason is not None:
            assert paid[3] == reason  # EXTRA.CA-K replaces the ordinary price


def test_dong_hoa_without_u() -> None:
    hands = [
        "AS 2C 4D 6H 8S 10C QD KH 3D 5C",
        "2H 4C 6D 8H 10S QC KD 3C 7D",
        "2S 3S 4S 5S 6S 9C JD KS 4H",  # five spades in a row, dealt
        "7S 6C 8D 10H QS 5D JC JH AD",
    ]
    g = new_game("u9la", hands)
    play(g, "0: discard KH")
    cycles(g, 13)  # t2..t14
    # The stock is the 15 other cards in ascending order; C's t15 draw is the 14th, 9H.
    play(g, "2: draw\n2: lay down 2S 3S 4S 5S 6S\n2: discard 9H\n3: cycle")
    result = g.result()
    assert result is not None
    # C is the only one with a phỏm: 9C JD KS 4H = 37; the móm pay 4; đồng hoa 2 from each.
    assert result["ranking"][0] == {
        "seat": 2,
        "place": 1,
        "rank": "nhat",
        "points": 37,
        "mom": False,
    }
    assert payments_of(result) == [
        (0, 2, 4, "mom"),
        (1, 2, 4, "mom"),
        (3, 2, 4, "mom"),
        (0, 2, 2, "dong_hoa"),
        (1, 2, 2, "dong_hoa"),
        (3, 2, 2, "dong_hoa"),
    ]
    assert result["totals"] == [-6, -6, 18, -6]
