"""Laying down and sending (LAY.*, SEND.*)."""

from __future__ import annotations

from typing import Any

from reference_impl import Game
from reference_impl.actions import LayDown, Send, parse_action

from .helpers import accept, cycles, new_game, of_type, play, rejected
from .test_rounds import TAI_HANDS, TAI_STOCK


def _lay_downs(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions() if isinstance(a, LayDown)}


def _to_seat0_final(ruleset: str = "co-ban", options: dict[str, bool] | None = None) -> Game:
    g = new_game(ruleset, TAI_HANDS, TAI_STOCK, options=options)
    play(g, "0: discard KC")
    cycles(g, 11)
    return g


def test_lay_down_only_after_the_draw_of_a_final_round_turn() -> None:
    g = _to_seat0_final()
    assert g.to_act == 0 and g.state()["final_round"]
    rejected(g, 0, "lay down 2S 3S 4S", "WRONG_PHASE")
    rejected(g, 0, "send QS to 1:0", "WRONG_PHASE")
    play(g, "0: draw")  # 10C
    assert _lay_downs(g) == {"lay down 2S 3S 4S", "lay down 7C 7D 7H"}
    assert {str(a) for a in g.legal_actions() if not isinstance(a, LayDown)} == {
        f"discard {c}" for c in ("2S", "3S", "4S", "7C", "7D", "7H", "QS", "QH", "9D", "10C")
    }
    rejected(g, 0, "lay down QS QH 9D", "LAY_DOWN_INVALID_PHOM")
    rejected(g, 0, "lay down 2S 3S 4S / 2S 3S 4S", "LAY_DOWN_OVERLAP")
    rejected(g, 0, "lay down 5S 6S 7S", "CARD_NOT_IN_HAND")
    rejected(g, 0, "send QS to 1:0", "SEND_NEEDS_PHOM")
    events = play(g, "0: lay down 7C 7D 7H / 2S 3S 4S")
    assert of_type(events, "laid_down") == [
        {"type": "laid_down", "seat": 0, "phoms": [["2S", "3S", "4S"], ["7C", "7D", "7H"]]}
    ]
    assert g.state()["laid"][0] == [["2S", "3S", "4S"], ["7C", "7D", "7H"]]


def test_send_rules() -> None:
    g = _to_seat0_final()
    play(g, "0: draw\n0: lay down 2S 3S 4S / 7C 7D 7H\n0: discard QH\n1: eat QH with QC QD")
    rejected(g, 1, "send QH to 0:0", "SEND_EATEN_CARD")
    rejected(g, 1, "send 5H to 0:0", "SEND_NEEDS_PHOM")
    play(g, "1: lay down QH QC QD")
    rejected(g, 1, "send 5H to 0:0", "SEND_DOES_NOT_FIT")
    rejected(g, 1, "send 5H to 0:2", "SEND_NO_SUCH_PHOM")
    rejected(g, 1, "send 5H to 3:0", "SEND_NO_SUCH_PHOM")
    rejected(g, 1, "send 5H to 1:0", "SEND_OWN_PHOM")
    assert not [a for a in g.legal_actions() if isinstance(a, Send)]
    play(g, "1: discard KD\n2: draw")  # KH
    # Seat 2 holds 7S, which would fit 7C 7D 7H, but it has laid nothing (SEND.REQUIRES-PHOM).
    rejected(g, 2, "send 7S to 0:1", "SEND_NEEDS_PHOM")


def test_send_disabled_in_a_khong_ki_gui_room() -> None:
    g = _to_seat0_final("ki-gui", {"ki_gui": False})
    play(
        g,
        "0: draw\n0: lay down 2S 3S 4S\n0: discard QH\n1: eat QH with QC QD\n1: lay down QH QC QD",
    )
    rejected(g, 1, "send 5H to 0:0", "SEND_DISABLED")


# Two players: seat 0 lays 9H 10H JH; seat 1 lays two phỏm and sends 8H, 7H, QH to it.
SEND_HANDS = ["9H 10H JH AS 6S 9C JD KS 2D 4D", "2S 3S 4S 5C 6C 7C 7H 8H QH"]
SEND_STOCK = "AC 2C 3C 4C 8C 9D KH"  # draws t2 B, t3 A, ..., t7 A (9D), t8 B (KH)


def test_sending_extends_an_extended_run_and_keeps_one_card() -> None:
    g = new_game("co-ban", SEND_HANDS, SEND_STOCK)
    play(g, "0: discard KS")
    cycles(g, 5)  # t2..t6
    play(g, "0: draw\n0: lay down 9H 10H JH\n0: discard 9D\n1: draw")  # seat 1 draws KH
    play(g, "1: lay down 2S 3S 4S / 5C 6C 7C")
    # 8H fits just below 9H 10H JH, QH just above.
    assert {str(a) for a in g.legal_actions() if isinstance(a, Send)} == {
        "send 8H to seat 0's phỏm 0",
        "send QH to seat 0's phỏm 0",
    }
    play(g, "1: send 8H to 0:0")  # the run is now 8H..JH: 7H fits too (SEND.EXTENDED-PHOM)
    assert {str(a) for a in g.legal_actions() if isinstance(a, Send)} == {
        "send 7H to seat 0's phỏm 0",
        "send QH to seat 0's phỏm 0",
    }
    play(g, "1: send 7H to 0:0\n1: send QH to 0:0")
    assert g.hand(1) != 0
    rejected(g, 1, "send KH to 0:0", "SEND_LAST_CARD")  # TURN.DISCARD-ENDS-TURN
    assert [str(a) for a in g.legal_actions()] == ["discard KH"]
    events = play(g, "1: discard KH")
    assert events[-1]["type"] == "game_over"
    state = g.state()
    assert state["laid"][0] == [["9H", "10H", "JH"]]  # as laid by its owner
    assert [s["card"] for s in state["sent"][1]] == ["8H", "7H", "QH"]
    result = g.result()
    assert result is not None
    # Seat 1 has no card left (SEND.NOT-SCORED): Nhất with 0; seat 0 keeps AS 6S 9C JD 2D 4D = 33.
    assert [(r["seat"], r["points"]) for r in result["ranking"]] == [(1, 0), (0, 33)]
    assert result["totals"] == [-1, 1]


# Seat 1 eats 5S (with 5C 5D) and 7S (with 8S 9S); it also holds 5H and 6S.
EATEN_HANDS = [
    "5S 7S 2C 4D 6H 10C QD KH 3D 9H",
    "5C 5D 5H 6S 8S 9S QC KD 3C",
    "3S AH JS 9C JD KS 4H 9D 2H",
    "4S 6C 8D 10H QS AD JC JH 2S",
]
EATEN_STOCK = "10S 4C 7C 8C 2D 6D AC 7D 10D 3H KC 7H 8H AS QH"


def test_eaten_cards_at_lay_down() -> None:
    g = new_game("co-ban", EATEN_HANDS, EATEN_STOCK)
    play(
        g,
        """
        0: discard 5S
        1: eat 5S with 5C 5D
        1: discard QC
        2: cycle
        3: cycle
        0: draw
        0: discard 7S
        1: eat 7S with 8S 9S     # QC (seat 1's top) moves to seat 0's pile
        1: discard KD
        """,
    )
    cycles(g, 11)  # t7..t17
    play(g, "1: draw")  # QH; seat 1's first final-round turn
    assert _lay_downs(g) == {
        "lay down 5S 5C 5D 5H",
        "lay down 5S 5D 5H",
        "lay down 5S 5C 5H",
        "lay down 5S 5C 5D",
        "lay down 6S 7S 8S",
        "lay down 7S 8S 9S",
        "lay down 6S 7S 8S 9S",
    }
    assert len(g.legal_actions()) == 7  # no discard while an eaten card is unlaid
    rejected(g, 1, "lay down 5S 6S 7S", "LAY_DOWN_EATEN_SHARED")
    rejected(g, 1, "lay down 5C 5D 5H", "LAY_DOWN_EATEN_LEFT_OUT")
    rejected(g, 1, "discard 3C", "DISCARD_UNLAID_EATEN")
    play(g, "1: lay down 5S 5C 5D")
    rejected(g, 1, "discard 3C", "DISCARD_UNLAID_EATEN")
    events = play(g, "1: lay down 6S 7S 8S 9S\n1: discard QH")
    assert of_type(events, "discarded")[0]["chot"] is True


def _lay_sends_then_tens(readings: dict[str, str] | None = None) -> Any:
    # co-ban, 2 players. After five draw-and-discard turns both piles hold 3 (final round).
    # Seat 0 lays 5H 6H 7H. Seat 1 draws 9H, lays the four 2s, sends 4H, 8H and 9H to seat 0's
    # run (4H..9H), and holds 10S 10C 10D.
    g = new_game(
        "co-ban",
        ["5H 6H 7H AS 3C 6C 9C QC KS JD", "2S 2C 2D 2H 10S 10C 10D 4H 8H"],
        "QD KC KD 5S 8S 3D 9H",
        readings=readings,
    )
    play(g, "0: discard KS")
    cycles(g, 5)
    play(g, "0: draw\n0: lay down 5H 6H 7H\n0: discard 3D")
    play(g, "1: draw\n1: lay down 2S 2C 2D 2H\n1: send 4H to 0:0\n1: send 8H to 0:0")
    play(g, "1: send 9H to 0:0")
    assert sorted(g.state()["hands"][1]) == ["10C", "10D", "10S"]
    return g


def test_a_lay_down_must_leave_a_card_to_discard() -> None:
    # Reachable only when sends and lay-downs may alternate (AMB.LAY-SEND-ORDER interleaved):
    # laying 10S 10C 10D after the sends would leave nothing to discard, so the lay-down is
    # refused (TURN.DISCARD-ENDS-TURN) and a discard ends the turn instead.
    g = _lay_sends_then_tens({"AMB.LAY-SEND-ORDER": "interleaved"})
    rejected(g, 1, "lay down 10S 10C 10D", "LAY_DOWN_LAST_CARD")
    assert not [a for a in g.legal_actions() if str(a).startswith("lay down")]
    accept(g, 1, parse_action("discard 10D"))
    assert g.is_over


def test_no_lay_down_after_a_send() -> None:
    # The text's order (LAY.CLOSED-BY-SEND): the first send ended seat 1's lay-down step.
    g = _lay_sends_then_tens()
    rejected(g, 1, "lay down 10S 10C 10D", "LAY_DOWN_AFTER_SEND")
    assert not [a for a in g.legal_actions() if str(a).startswith("lay down")]
    accept(g, 1, parse_action("discard 10D"))
    assert g.is_over


def test_no_send_while_an_eaten_card_is_in_hand() -> None:
    # co-ban, 2 players. Seat 0 eats seat 1's 9H with 10H JH on turn 3 (its KS moves to seat
    # 1's pile). Seat 1 lays 5H 6H 7H in its final round; then seat 0 lays 2S 2C 2D, but 9H
    # is still in hand, so 4H may not be sent (SEND.AFTER-LAY-DOWN) until 9H 10H JH is down.
    g = new_game(
        "co-ban",
        ["KS 2S 2C 2D 10H JH 4H 8C KD QS", "5H 6H 7H 9H AS 3C 6C QC JD"],
        "9S QD KC 5S 8S 3D 5D",
    )
    play(g, "0: discard KS\n1: draw\n1: discard 9H\n0: eat 9H with 10H JH\n0: discard KD")
    cycles(g, 4)
    play(g, "1: draw\n1: lay down 5H 6H 7H\n1: discard 3D")
    play(g, "0: draw\n0: lay down 2S 2C 2D")
    assert "send 4H to seat 1's phỏm 0" not in [str(a) for a in g.legal_actions()]
    rejected(g, 0, "send 4H to 1:0", "SEND_BEFORE_LAY_DOWN")
    play(g, "0: lay down 9H 10H JH\n0: send 4H to 1:0")
