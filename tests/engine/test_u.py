"""Ù and ù đền: automatic ù, three eats, ù khan, ù tròn, đồng hoa trắng, the đền cases."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import cycles, new_game, of_type, payments, play, rejected

# 003's VD1 / VD2 table: seat 0 (A) lays down both its phỏm at t13 and discards QH (chốt);
# seat 1 (B) eats it with QC QD; A keeps 9D JD 9H and ù on its tái turn by drawing 10D.
VD_HANDS = [
    "2S 3S 4S 7C 7D 7H QH 9D JD KC",
    "QC QD 2D 4C 6D 8H 10S KD 5H",
    "3D 5D 7S 9C 10C KS 4H 9S 2H",
    "8S 6C 8D 10H AS AD JC JH 6S",
]
# VD1: draws t2..t13, t15 (C), t16 (D), t17 (A draws 10D).
VD1_STOCK = "5S JS QS AC 2C 3C 5C 4D AH 3H 6H 9H KH 8C 10D"
# VD2: draws t2..t13, t15 (C draws 8C, D eats it at t16), t17 (A draws 10D).
VD2_STOCK = "5S JS QS AC 2C 3C 5C 4D AH 3H 6H 9H 8C 10D KH"


def _to_vd(ruleset: str, options: dict[str, Any] | None, stock: str) -> Any:
    g = new_game(ruleset, VD_HANDS, stock, options=options)
    play(g, "0: discard KC")
    cycles(g, 11)
    play(
        g,
        """
        0: draw                           # 9H
        0: lay down 2S 3S 4S / 7C 7D 7H
        0: discard QH                     # cây chốt
        1: eat QH with QC QD
        1: lay down QH QC QD
        1: discard KD
        """,
    )
    return g


# ruleset, options, chốt price, đền (liable, case) or None, totals
VD1_CASES = [
    ("ki-gui", None, 3, (1, "tai_eater"), [-3 + 15, 3 - 15, 0, 0]),
    ("co-ban", None, 1, (1, "chot_liability"), [-1 + 15, 1 - 15, 0, 0]),
    ("u9la", None, 4, (1, "tai_eater"), [-4 + 15, 4 - 15, 0, 0]),
    ("hoi-quan-bai", None, 4, None, [-4 + 15, 4 - 5, -5, -5]),  # AMB.DEN-TAI-004
    ("ki-gui", {"ki_gui": False}, 3, None, [-3 + 15, 3 - 5, -5, -5]),  # AMB.KHONG-KI-GUI-DEN
]


@pytest.mark.parametrize(("ruleset", "options", "chot", "den", "totals"), VD1_CASES)
def test_003_vd1(ruleset: str, options: Any, chot: int, den: Any, totals: list[int]) -> None:
    g = _to_vd(ruleset, options, VD1_STOCK)
    events = play(g, "2: cycle\n3: cycle")
    assert events[-1] == {"type": "turn", "seat": 0, "final_round": True, "tai": True}
    events = play(g, "0: draw")  # 10D: 9D 10D JD, 9H left over
    u = of_type(events, "u")[0]
    expected_den = None if den is None else {"seat": den[0], "case": den[1]}
    assert u == {"type": "u", "seat": 0, "kind": "thuong", "den": expected_den}
    result = g.result()
    assert result is not None
    assert result["ending"] == "u" and result["winner"] == 0
    assert result["payments"][0]["amount"] == chot and result["payments"][0]["reason"] == "eat_chot"
    if den is not None:
        assert payments(events) == [(den[0], 0, 15, "u_den")]  # 5 x 3 losers (DEN.AMOUNT)
    assert result["totals"] == totals
    assert result["ranking"][0]["seat"] == 0 and result["ranking"][0]["points"] == 9  # 9H


VD2_CASES = [
    ("ki-gui", None, 3, (3, "tai_eater"), [-3 + 15, 3, -3, 3 - 15]),
    ("co-ban", None, 1, (3, "chot_liability"), [-1 + 15, 1, -1, 1 - 15]),  # transferred to D
    ("u9la", None, 4, (3, "tai_eater"), [-4 + 15, 4, -4, 4 - 15]),
    ("hoi-quan-bai", None, 4, None, [-4 + 15, 4 - 5, -4 - 5, 4 - 5]),
    ("ki-gui", {"ki_gui": False}, 3, None, [-3 + 15, 3 - 5, -3 - 5, 3 - 5]),
]


@pytest.mark.parametrize(("ruleset", "options", "chot", "den", "totals"), VD2_CASES)
def test_003_vd2(ruleset: str, options: Any, chot: int, den: Any, totals: list[int]) -> None:
    g = _to_vd(ruleset, options, VD2_STOCK)
    events = play(
        g,
        """
        2: draw                 # 8C
        2: discard 8C           # C's cây chốt
        3: eat 8C with 8S 8D    # D eats it
        """,
    )
    # The lead is B (it moved on at B's eat): B's chốt KD moves to C's pile, status kept.
    assert of_type(events, "moved") == [{"type": "moved", "card": "KD", "from": 1, "to": 2}]
    assert g.state()["piles"][2][-1] == {"card": "KD", "moved": True, "chot": True}
    assert payments(events) == [(2, 3, chot, "eat_chot")]
    events = play(g, "3: lay down 8S 8C 8D\n3: discard JH\n0: draw")
    expected_den = None if den is None else {"seat": den[0], "case": den[1]}
    assert of_type(events, "u")[0]["den"] == expected_den
    result = g.result()
    assert result is not None and result["totals"] == totals


# Three eats: B eats A's 5S, 8H and QC (rounds 1-3).  A's 1st, 2nd, 3rd eaten cards.
THREE_HANDS = [
    "5S 8H QC 2S 4S 7C 9D JD KC 3H",
    "5C 5D 9H 10H QD QH 2C 6D KS",
    "3D 5H 7S 9C 10C 4H 9S 2H 6C",
    "8S 8D 10S AS AD JC JH 6S 3C",
]
THREE_STOCK = "KD KH 7D 10D 7H AH"
# ruleset, options, eat payments, ù payments
THREE_CASES = [
    ("hoi-quan-bai", None, [1, 2, 3], [(0, 1, 15, "u_den")]),
    ("co-ban", None, [], [(0, 1, 15, "u_den")]),  # eats before the chốt are free
    ("ki-gui", None, [1, 2, 3], [(0, 1, 15, "u_den")]),
    ("u9la", None, [1, 2, 3], [(0, 1, 15, "u_den")]),
    ("ki-gui", {"ki_gui": False}, [1, 2, 3], [(0, 1, 5, "u"), (2, 1, 5, "u"), (3, 1, 5, "u")]),
]


@pytest.mark.parametrize(("ruleset", "options", "eat_prices", "u_payments"), THREE_CASES)
def test_three_eats_u_den(
    ruleset: str, options: Any, eat_prices: list[int], u_payments: Any
) -> None:
    g = new_game(ruleset, THREE_HANDS, THREE_STOCK, options=options)
    events = play(
        g,
        """
        0: discard 5S
        1: eat 5S with 5C 5D     # lead 0 is the victim: nothing moves
        1: discard KS
        2: cycle                 # KD
        3: cycle                 # KH
        0: draw                  # 7D
        0: discard 8H
        1: eat 8H with 9H 10H    # lead 1: KS moves to seat 0's pile
        1: discard 6D
        2: cycle                 # 10D
        3: cycle                 # 7H
        0: draw                  # AH
        0: discard QC
        1: eat QC with QD QH     # the third eat: ù
        """,
    )
    assert [(e["card"], e["from"], e["to"]) for e in of_type(events, "moved")] == [
        ("KS", 1, 0),
        ("10D", 2, 0),
    ]
    u = of_type(events, "u")[0]
    assert u["seat"] == 1 and u["kind"] == "three_eats"
    assert u["den"] == (None if options else {"seat": 0, "case": "three_eats"})
    eat_pays = [(0, 1, p, "eat") for p in eat_prices]
    assert payments(events) == eat_pays + u_payments
    assert g.result()["ending"] == "u"  # type: ignore[index]


# Direct chốt: B holds 2C 3C 4C, 6D 7D 8D, QD QH; A's last discard (its chốt) is QC.
DIRECT_HANDS = [
    "QC 2S 4S 7C 9D JD KC 3H 5S 8H",
    "2C 3C 4C 6D 7D 8D QD QH 10S",
    "3D 5H 7S 9C 10C 4H 9S 2H 6C",
    "8S 10D AS AD JC JH 6S 3S 5D",
]
DIRECT_STOCK = "AC JS QS KS 2D 5C 8C 4D AH 6H 7H 9H"
DIRECT_CASES = [
    (
        "hoi-quan-bai",
        [(0, 1, 4, "eat_chot"), (0, 1, 15, "u_den")],
        {"seat": 0, "case": "direct_chot"},
    ),
    # co-ban: B is itself the latest chốt-eater, so no đền (AMB.DEN-DIRECT).
    ("co-ban", [(0, 1, 1, "eat_chot"), (0, 1, 5, "u"), (2, 1, 5, "u"), (3, 1, 5, "u")], None),
    ("ki-gui", [(0, 1, 3, "eat_chot"), (0, 1, 5, "u"), (2, 1, 5, "u"), (3, 1, 5, "u")], None),
    ("u9la", [(0, 1, 4, "eat_chot"), (0, 1, 5, "u"), (2, 1, 5, "u"), (3, 1, 5, "u")], None),
]


@pytest.mark.parametrize(("ruleset", "expected", "den"), DIRECT_CASES)
def test_direct_chot_u_den(ruleset: str, expected: Any, den: Any) -> None:
    g = new_game(ruleset, DIRECT_HANDS, DIRECT_STOCK)
    play(g, "0: discard KC")
    cycles(g, 11)
    events = play(g, "0: draw\n0: discard QC\n1: eat QC with QD QH")
    assert of_type(events, "u")[0]["den"] == den
    assert payments(events) == expected


def test_plain_u_after_a_draw_ends_the_game() -> None:
    # Seat 1 is dealt three phỏm; any card that fits none of them is its leftover.
    hands = [
        "AS 2C 4D 6H 3C 10C QD KH 3H 5C",
        "2S 3S 4S 7C 7D 7H 9D 10D JD",
        "3D 5H 7S 9C JC KS 4H 9S 2H",
        "4C 6C 8D 10H QS 5D JS JH AD",
    ]
    g = new_game("hoi-quan-bai", hands, "KC")
    events = play(g, "0: discard KH\n1: draw")
    assert of_type(events, "u") == [{"type": "u", "seat": 1, "kind": "thuong", "den": None}]
    assert payments(events) == [(0, 1, 5, "u"), (2, 1, 5, "u"), (3, 1, 5, "u")]
    assert events[-1] == {"type": "game_over", "ending": "u"}
    result = g.result()
    assert result is not None
    assert result["u"] == {"seat": 1, "kind": "thuong", "den": None}
    assert result["ranking"][0] == {
        "seat": 1,
        "place": 1,
        "rank": "nhat",
        "points": 13,
        "mom": False,
    }
    assert g.legal_actions() == []
    rejected(g, 2, "draw", "GAME_OVER")


def test_no_u_on_the_dealt_ten_before_the_opening_discard() -> None:
    hands = [
        "2S 3S 4S 7C 7D 7H 9D 10D JD KH",
        "AS 2C 4D 6H 8S 10C QD 3C 5C",
        "3D 5H 7S 9C JC KS 4H 9S 2H",
        "4C 6C 8D 10H QS 5D JS JH AD",
    ]
    g = new_game("hoi-quan-bai", hands)
    assert not g.is_over and g.phase == "discard_only"  # U.NOT-BEFORE-FIRST-DISCARD


KHAN = "AS 4S 7S 10S KS 2C 5C 8C JC"  # no pair, no two cards of a suit within 2 ranks


def test_u_khan() -> None:
    hands = [
        "2S 3S 9D 7C 7D QH 9H JD KC 5H",
        "QC QD 2D 4C 6D 8H 10H KD 5D",
        KHAN,
        "8S 6C 8D 10D AH AD JS JH 6S",
    ]
    g = new_game("hoi-quan-bai", hands)
    assert g.is_over
    kinds = [e["type"] for e in g.start_events]
    assert kinds == ["turn", "u_khan", "u", "payment", "payment", "payment", "game_over"]
    result = g.result()
    assert result is not None
    assert result["ending"] == "u_khan" and result["winner"] == 2
    assert result["u"] == {"seat": 2, "kind": "khan", "den": None}
    assert result["totals"] == [-10, -10, 30, -10]
    assert {p["clause"] for p in result["payments"]} == {"U.KHAN"}


def test_u_khan_two_hands_first_in_play_order_from_first_wins() -> None:
    other_khan = "AH 4H 7H 10H KH 2D 5D 8D JD"
    hands = ["2S 3S 9S 7C 7D QH 9H QS 3C", other_khan, "QC QD 2H 4C 6D 8H 10C KD 6C 3D", KHAN]
    g = new_game("hoi-quan-bai", hands, first=2)  # play order from 2: 2, 3, 0, 1
    result = g.result()
    assert result is not None and result["winner"] == 3


def test_u_khan_first_players_ten_cards() -> None:
    hands = [
        KHAN + " 3D",
        "2S 3S 9D 7H 7D QH 9H JD KC",
        "QC QD 2D 4C 6D 8H 10H KD 5D",
        "8S 6C 8D 10D AH AD JS JH 6S",
    ]
    g = new_game("hoi-quan-bai", hands)
    result = g.result()
    assert result is not None and result["winner"] == 0 and result["totals"] == [30, -10, -10, -10]
    assert not new_game("co-ban", hands).is_over  # no ù khan outside 004


# Seat 1's hand and the card it draws at t2; the other hands hold no card that would change it.
U9_CASES = [
    (
        [
            "AS 2C 4D 6H 3C 10C QS KH 3H 5C",
            "3D 5H 7S 9C JC KS 4H 9S 2H",
            "4C 6C 8D 10H 8S 5D JS JH AD",
        ],
        "2S 3S 4S 7C 7D 7H 9D 10D JD",
        "QD",
        "tron",  # all ten in phỏm after a draw (EXTRA.U-TRON)
        10,
    ),
    (
        [
            "AS 2C 4D 6H 3C 10C QS KH 3H 5C",
            "3D 5H 7S 9C JC KS 4H 9S 2H",
            "4C 6C 8D 10H 8S 5D JS JH AD",
        ],
        "2S 3S 4S 7C 7D 7H 9D 10D JD",
        "KC",
        "thuong",
        5,
    ),
    (
        [
            "AS 2C 4D 6S 8S 10C QD KS 3C 5C",
            "3D 5D 7S 9C JC KH 4C 9S 2D",
            "4S 6C 8D 10S QS 6D JS QH AD",
        ],
        "AH 2H 3H 5H 6H 7H 9H 10H JH",
        "KD",
        "dong_hoa_trang",  # every phỏm card a heart (EXTRA.DONG-HOA-TRANG)
        10,
    ),
]


@pytest.mark.parametrize(("others", "hand", "draw", "kind", "each"), U9_CASES)
def test_u9la_u_kinds(others: list[str], hand: str, draw: str, kind: str, each: int) -> None:
    hands = [others[0], hand, others[1], others[2]]
    g = new_game("u9la", hands, draw)
    events = play(g, "0: discard 5C\n1: draw")
    assert of_type(events, "u")[0]["kind"] == kind
    assert payments(events) == [(s, 1, each, "u") for s in (0, 2, 3)]
