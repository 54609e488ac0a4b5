"""Rounds by the pointer model: chuyển bài, né hạ, tái, thêm vòng (ROUND.*)."""

from __future__ import annotations

from reference_impl import Game, Phase

from .helpers import cycles, new_game, of_type, payments, play, rejected

# Seat 2 can eat seat 1's 9S with 9C 9D; nobody else ever makes a phỏm.
NE_HA_HANDS = [
    "AS 2C 4D 6H 8S 10C QD KH 3S 5C",
    "2S 4C 6D 8H 10S QC KD 3C 7D",
    "3D 5H 7S 9C JD KS 4H 9D 2H",
    "4S 6C 8D 10H QS 5D JC JH AD",
]


def test_chuyen_bai_moves_the_leads_card_and_the_lead_lays_down_later() -> None:
    g = new_game("co-ban", NE_HA_HANDS, "9S")
    events = play(
        g,
        """
        0: discard KH
        1: draw            # 9S
        1: discard 9S
        2: eat 9S with 9C 9D
        """,
    )
    # Lead (seat 0) is not the victim (seat 1): seat 0's latest pile card moves to seat 1.
    assert of_type(events, "moved") == [{"type": "moved", "card": "KH", "from": 0, "to": 1}]
    assert payments(events) == []  # co-ban prices only chốt eats (EAT.EARLY-FREE)
    state = g.state()
    assert state["piles"][0] == []
    assert state["piles"][1] == [{"card": "KH", "moved": True, "chot": False}]
    assert state["lead"] == 1
    events = play(g, "2: discard KS")
    events += cycles(g, 10)  # t4..t13
    events += play(
        g,
        """
        1: cycle            # t14, seat 1's first final-round turn
        2: draw             # t15
        2: lay down 9S 9C 9D
        2: discard 3D
        3: cycle            # t16
        0: cycle            # t17: seat 0's final turn comes last (né hạ)
        """,
    )
    finals = [e["seat"] for e in of_type(events, "turn") if e["final_round"]]
    assert finals == [1, 2, 3, 0]  # without the eat it would be 0, 1, 2, 3
    assert g.is_over and [len(p) for p in g.state()["piles"]] == [4, 4, 4, 4]
    result = g.result()
    assert result is not None
    # Seat 2 laid 9S 9C 9D; the móm follow by first final-round turn: 1 (t14), 3 (t16), 0 (t17).
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [
        (2, "nhat"),
        (1, "mom"),
        (3, "mom"),
        (0, "mom"),
    ]


# Seat 0 lays 2S 3S 4S and discards QH as its cây chốt; seat 1 eats it with QC QD; seat 0's
# pile is short again and it gets a tái turn, lays 7C 7D 7H and sends QS to seat 1's phỏm.
TAI_HANDS = [
    "2S 3S 4S 7C 7D 7H QS QH 9D KC",
    "QC QD 2D 4C 6D 8H 10S KD 5H",
    "3D 5D 7S 9C JD KS 4H 9S 2H",
    "8S 6C 8D 10H AS AD JC JH 6S",
]
# Draws t2..t13 (12), then t15 C, t16 D, t17 A: A draws 10C at t13 and AH at t17.
TAI_STOCK = "5S JS AC 2C 3C 5C 8C 4D 10D 3H 6H 10C 9H KH AH"


def test_tai_turn_after_the_leads_chot_is_eaten() -> None:
    g = new_game("co-ban", TAI_HANDS, TAI_STOCK)
    play(g, "0: discard KC")
    cycles(g, 11)
    events = play(
        g,
        """
        0: draw                 # 10C
        0: lay down 2S 3S 4S    # 7C 7D 7H held back (LAY.HOLD-BACK)
        0: discard QH           # cây chốt
        1: eat QH with QC QD    # chốt eat, co-ban price 1
        """,
    )
    assert of_type(events, "ate")[0]["chot"] is True
    assert payments(events) == [(0, 1, 1, "eat_chot")]
    assert of_type(events, "moved") == []  # the lead (0) is the victim: its pile stays short
    assert len(g.state()["piles"][0]) == 3
    rejected(g, 1, "discard KD", "DISCARD_UNLAID_EATEN")
    events = play(
        g,
        """
        1: lay down QH QC QD
        1: discard KD
        2: cycle
        3: cycle
        """,
    )
    assert events[-1] == {"type": "turn", "seat": 0, "final_round": True, "tai": True}
    events = play(
        g,
        """
        0: draw                 # AH
        0: lay down 7C 7D 7H    # a new phỏm on the tái turn (ROUND.TAI-ACTIONS)
        0: send QS to 1:0       # gửi to a phỏm laid after seat 0's first lay-down
        0: discard 10C
        """,
    )
    assert of_type(events, "discarded")[0]["chot"] is True  # ROUND.TAI-DISCARD-IS-CHOT
    assert g.is_over
    state = g.state()
    assert state["laid"][1] == [["QC", "QD", "QH"]]
    assert state["sent"][0] == [{"card": "QS", "to": {"seat": 1, "phom": 0}}]
    result = g.result()
    assert result is not None
    # Seat 0 keeps 9D AH = 10; seat 1 keeps 2D 4C 6D 8H 10S 5H = 35; seats 2, 3 móm.
    assert [(r["seat"], r["rank"], r["points"]) for r in result["ranking"]] == [
        (0, "nhat", 10),
        (1, "nhi", 35),
        (2, "mom", 4 + 2 + 3 + 5 + 7 + 9 + 11 + 13 + 9),  # 3D 5D 7S 9C JD KS 4H 9S 2H
        (3, "mom", 8 + 6 + 8 + 10 + 1 + 1 + 11 + 11 + 6),  # 8S 6C 8D 10H AS AD JC JH 6S
    ]
    assert result["totals"] == [-1 + 1 + 4 + 4, 1 - 1, -4, -4]


# Thêm vòng (hoi-quan-bai): seat 0 keeps 9D JD; seat 3's last chốt is 10D.
THEM_VONG_HANDS = [
    "2S 3S 4S 7C 7D QH 9D JD KC 5C",
    "QC QD 2D 4C 6D 8H 10S KD 5H",
    "3D 5D 7S 9C 10C KS 4H 9S 2H",
    "8S 6C 8D 10H AS AD JC JH 6S",
]
# 15 draws t2..t16: seat 0 draws 9H at t13 (12th), seat 3 draws 10D at t16 (15th).
THEM_VONG_STOCK = "5S JS QS AC 2C 3C 8C 4D AH 3H 6H 9H KH 7H 10D"


def _to_them_vong(ruleset: str = "hoi-quan-bai") -> Game:
    g = new_game(ruleset, THEM_VONG_HANDS, THEM_VONG_STOCK)
    play(g, "0: discard KC")
    cycles(g, 11)
    play(
        g,
        """
        0: draw                # 9H
        0: lay down 2S 3S 4S
        0: discard QH
        1: cycle
        2: cycle
        3: draw                # 10D
        3: discard 10D         # the game's last cây chốt
        """,
    )
    return g


def test_them_vong_eat() -> None:
    g = _to_them_vong()
    assert g.phase is Phase.THEM_VONG and g.to_act == 0
    assert [str(a) for a in g.legal_actions()] == ["eat 10D with 9D JD", "pass"]
    rejected(g, 0, "draw", "WRONG_PHASE")
    events = play(g, "0: eat 10D with 9D JD")
    assert payments(events) == [(3, 0, 4, "eat_chot")]  # paid as a chốt (EAT.THEM-VONG)
    assert of_type(events, "payment")[0]["clause"] == "EAT.THEM-VONG"
    # Seat 0 is the lead and not the victim: its own chốt QH moves to seat 3's pile.
    assert of_type(events, "moved") == [{"type": "moved", "card": "QH", "from": 0, "to": 3}]
    rejected(g, 0, "send 7C to 0:0", "SEND_DISABLED")
    rejected(g, 0, "discard 5C", "DISCARD_UNLAID_EATEN")
    events = play(g, "0: lay down 9D 10D JD\n0: discard 9H")
    assert of_type(events, "them_vong") == []  # no second thêm vòng
    assert events[-1] == {"type": "game_over", "ending": "points"}
    result = g.result()
    assert result is not None
    # Seat 0 keeps 7C 7D 5C = 19 and is the only one with phỏm; the three móm pay 4 each.
    assert result["ranking"][0] == {
        "seat": 0,
        "place": 1,
        "rank": "nhat",
        "points": 19,
        "mom": False,
    }
    assert result["totals"] == [4 + 12, -4, -4, -4 - 4]


def test_them_vong_pass_ends_the_game() -> None:
    g = _to_them_vong()
    events = play(g, "0: pass")
    assert events[-1] == {"type": "game_over", "ending": "points"}
    assert payments(events) == [(1, 0, 4, "mom"), (2, 0, 4, "mom"), (3, 0, 4, "mom")]
    result = g.result()
    assert result is not None and result["totals"] == [12, -4, -4, -4]


def test_no_them_vong_where_the_ruleset_has_none() -> None:
    g = _to_them_vong("co-ban")
    assert g.is_over
    result = g.result()
    assert result is not None and result["ending"] == "points"
