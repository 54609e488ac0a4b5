"""004's worked money example, played out card by card (hoi-quan-bai, 4 players).

Seats: A=0, B=1, C=2, D=3; A goes first.  B eats A's opening discard (A's first eaten card,
1 stake); nobody else eats.  At the end B is Nhất, C Nhì, A Ba, D móm.
"""

from __future__ import annotations

from .helpers import cycles, new_game, of_type, payments, play

HANDS = [
    "4H KS KC KD QS QC JD 9S 8C 7D",  # A: the K set; 4H is the opening discard
    "5H 6H AS 2D 3C 4S 10C JC QD",  # B: eats 4H with 5H 6H
    "7S 7C 7H 2S 3S 5D 6C 8D 9H",  # C: the 7 set
    "2H 3H 8S 10S QH KH 9D JS 5C",  # D: no phỏm at all
]
# The 15 stock cards, in the order the turns t3..t17 draw them (C D A B C D A B C D A B C D A).
STOCK = "5S 6S AC 2C 4C 9C AD 3D 4D 6D 10D AH 8H 10H JH"


def test_004_money_example() -> None:
    g = new_game("hoi-quan-bai", HANDS, STOCK)
    events = play(
        g,
        """
        0: discard 4H
        1: eat 4H with 5H 6H   # A's 1st eaten card: A pays B 1
        1: discard QD
        """,
    )
    assert payments(events) == [(0, 1, 1, "eat")]
    assert of_type(events, "moved") == []  # the lead (A) was the victim: nothing moves
    events += cycles(g, 11)  # t3..t13
    assert g.state()["final_round"] is True and g.to_act == 1  # B's pile holds 3
    events += play(
        g,
        """
        1: draw                  # AH
        1: lay down 4H 5H 6H
        1: discard AH
        2: draw                  # 8H
        2: lay down 7S 7C 7H
        2: discard 8H
        3: draw                  # 10H
        3: discard 10H           # D lays nothing: móm
        0: draw                  # JH
        0: lay down KS KC KD
        0: discard JH            # the game's last chốt; B cannot eat JH (only JC): no thêm vòng
        """,
    )
    result = g.result()
    assert result is not None and result["ending"] == "points"
    # B: AS 2D 3C 4S 10C JC = 1+2+3+4+10+11 = 31; C: 2S 3S 5D 6C 8D 9H = 33;
    # A: QS QC JD 9S 8C 7D = 59; D: 2H 3H 8S 10S QH KH 9D JS 5C = 73, móm.
    assert [(r["seat"], r["rank"], r["points"], r["mom"]) for r in result["ranking"]] == [
        (1, "nhat", 31, False),
        (2, "nhi", 33, False),
        (0, "ba", 59, False),
        (3, "mom", 73, True),
    ]
    assert [(p["from"], p["to"], p["amount"], p["reason"]) for p in result["payments"]] == [
        (0, 1, 1, "eat"),
        (2, 1, 1, "rank"),
        (0, 1, 2, "rank"),
        (3, 1, 4, "mom"),
    ]
    assert result["totals"] == [-3, 8, -1, -4]  # 004: B +8, A −3, C −1, D −4
    state = g.state()
    assert [len(p) for p in state["piles"]] == [4, 4, 4, 4]
    assert state["stock_count"] == 0
