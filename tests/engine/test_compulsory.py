"""Compulsory lay-down and sending: the readings lay-all (AMB.HOLD-BACK, ``lay.compulsory``)
and compulsory (AMB.SEND-COMPULSORY, ``send.compulsory``), both off in the shipped rulesets."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phomspec import ResolvedRuleset
from phomspec.reasons import Reason
from reference_impl import Deal, Game, compulsory, load_ruleset
from reference_impl.actions import TIMEOUT, Action, Discard, LayDown, Send
from reference_impl.cards import Card
from reference_impl.params import params_of
from reference_impl.state import Phase

from .helpers import cycles, make_deal, of_type, play, rejected
from .test_laydown import SEND_HANDS, SEND_STOCK
from .test_properties import CONFIGS, card_count
from .test_rounds import TAI_HANDS, TAI_STOCK

LAY_ALL = {"AMB.HOLD-BACK": "lay-all"}
SEND_ALL = {"AMB.SEND-COMPULSORY": "compulsory"}
BOTH = LAY_ALL | SEND_ALL


def _game(readings: dict[str, str] | None, hands: list[str], stock: str) -> Game:
    return Game(load_ruleset("co-ban", readings=readings), make_deal(hands, stock))


def _discards(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions() if isinstance(a, Discard)}


# -- the parameters and the readings ---------------------------------------------------------


def test_shipped_rulesets_leave_both_off() -> None:
    for rid in ("hoi-quan-bai", "co-ban", "ki-gui", "u9la"):
        p = params_of(load_ruleset(rid))
        assert (p.lay_compulsory, p.send_compulsory) == (False, False), rid


def test_readings_switch_them_on() -> None:
    rs = load_ruleset("co-ban", readings={"AMB.HOLD-BACK": "lay-all"})
    assert rs.params["lay.compulsory"] is True
    assert rs.params["send.compulsory"] is False
    p = params_of(load_ruleset("ki-gui", readings=SEND_ALL))  # inherited from co-ban
    assert (p.lay_compulsory, p.send_compulsory) == (False, True)
    back = load_ruleset("co-ban", readings={"AMB.HOLD-BACK": "choose"})
    assert back.params["lay.compulsory"] is False


def test_reason_codes_are_listed() -> None:
    assert {"DISCARD_PHOM_NOT_LAID", "DISCARD_SEND_PENDING"} <= set(Reason)


# -- lay.compulsory -----------------------------------------------------------------------------


def _seat0_final_drawn(readings: dict[str, str] | None) -> Game:
    """Seat 0 on its first final-round turn (t13), after drawing 10C: its hand is
    2S 3S 4S 7C 7D 7H QS QH 9D 10C, holding the phỏm 2S 3S 4S and 7C 7D 7H."""
    g = _game(readings, TAI_HANDS, TAI_STOCK)
    play(g, "0: discard KC")
    cycles(g, 11)  # t2..t12, none of them a final-round turn
    play(g, "0: draw")
    return g


def test_phom_kept_in_hand_allowed_when_lay_down_is_a_choice() -> None:
    g = _seat0_final_drawn(None)
    play(g, "0: lay down 2S 3S 4S\n0: discard QH")  # 7C 7D 7H held back (LAY.HOLD-BACK)
    assert g.state()["laid"][0] == [["2S", "3S", "4S"]]


def test_lay_all_refuses_the_discard_while_a_phom_is_in_hand() -> None:
    g = _seat0_final_drawn(LAY_ALL)
    assert _discards(g) == set()
    ruling = rejected(g, 0, "discard QH", "DISCARD_PHOM_NOT_LAID")
    assert ruling.clause == "LAY.HOLD-BACK"
    assert {str(a) for a in g.legal_actions()} == {"lay down 2S 3S 4S", "lay down 7C 7D 7H"}
    play(g, "0: lay down 2S 3S 4S")
    rejected(g, 0, "discard QH", "DISCARD_PHOM_NOT_LAID")  # 7C 7D 7H still in hand
    play(g, "0: lay down 7C 7D 7H")
    # QS QH 9D 10C hold no phỏm; nobody else has laid down, so there is nothing to send.
    assert {str(a) for a in g.legal_actions()} == {
        "discard QS",
        "discard QH",
        "discard 9D",
        "discard 10C",
    }
    events = play(g, "0: discard QH")
    assert of_type(events, "discarded") == [
        {"type": "discarded", "seat": 0, "card": "QH", "chot": True}
    ]


def test_lay_all_keeps_the_eaten_card_reason_first() -> None:
    g = _seat0_final_drawn(LAY_ALL)
    play(g, "0: lay down 2S 3S 4S / 7C 7D 7H\n0: discard QH\n1: eat QH with QC QD")
    # Seat 1 (t14, its first final-round turn) holds QH QC QD 2D 4C 6D 8H 10S KD 5H: the
    # unlaid eaten QH is the more specific reason (LAY.EATEN-INCLUDED).
    assert g.state()["final_round"] is True
    ruling = rejected(g, 1, "discard KD", "DISCARD_UNLAID_EATEN")
    assert ruling.clause == "LAY.EATEN-INCLUDED"
    play(g, "1: lay down QH QC QD\n1: discard KD")  # nothing else in hand makes a phỏm


def test_timeout_bypasses_lay_all() -> None:
    g = _game(LAY_ALL, TAI_HANDS, TAI_STOCK)
    play(g, "0: discard KC")
    cycles(g, 11)
    ruling = g.apply(0, TIMEOUT)
    assert ruling.ok
    # Auto-play draws 10C, lays nothing (TIME.FINAL-ROUND-MOM) and discards the highest
    # card: QS and QH tie at 12 points, hearts is the higher suit (TIME.AUTO-PLAY.TIE).
    events = list(ruling.events)
    assert of_type(events, "drew")[0]["card"] == "10C"
    assert of_type(events, "discarded")[0]["card"] == "QH"
    assert g.state()["laid"][0] == []


# Two players.  Seat 0 lays 5H 6H 7H at t7; seat 1 draws 9H at t8 and holds 2S 2C 2D 2H,
# 10S 10C 10D, 4H 8H 9H: 4H and 8H fit 5H 6H 7H, and 9H fits once 8H is sent.
EMPTY_HANDS = ["5H 6H 7H AS 3C 6C 9C QC KS JD", "2S 2C 2D 2H 10S 10C 10D 4H 8H"]
EMPTY_STOCK = "QD KC KD 5S 8S 3D 9H"  # t2 seat 1, t3 seat 0, ..., t7 seat 0 (3D), t8 9H


def test_lay_all_never_asks_for_the_last_cards() -> None:
    g = _game(BOTH, EMPTY_HANDS, EMPTY_STOCK)
    play(g, "0: discard KS")
    cycles(g, 5)  # t2..t6
    play(g, "0: draw\n0: lay down 5H 6H 7H\n0: discard 3D\n1: draw")
    rejected(g, 1, "discard 9H", "DISCARD_PHOM_NOT_LAID")
    play(g, "1: lay down 2S 2C 2D 2H")
    rejected(g, 1, "discard 9H", "DISCARD_PHOM_NOT_LAID")  # 10S 10C 10D is a phỏm too
    play(g, "1: send 4H to 0:0\n1: send 8H to 0:0\n1: send 9H to 0:0")
    # Left with 10S 10C 10D only: laying it would leave nothing to discard
    # (TURN.DISCARD-ENDS-TURN), so it is not owed and the discard is free.
    assert _discards(g) == {"discard 10S", "discard 10C", "discard 10D"}
    events = play(g, "1: discard 10D")
    assert events[-1]["type"] == "game_over"


# -- send.compulsory ----------------------------------------------------------------------------


def _seat1_after_lay_down(readings: dict[str, str] | None) -> Game:
    """Seat 1's final-round turn (t8, two players) after laying 2S 3S 4S / 5C 6C 7C: it holds
    7H 8H QH KH, and seat 0 has laid 9H 10H JH (8H and QH fit it)."""
    g = _game(readings, SEND_HANDS, SEND_STOCK)
    play(g, "0: discard KS")
    cycles(g, 5)  # t2..t6
    play(g, "0: draw\n0: lay down 9H 10H JH\n0: discard 9D\n1: draw")  # seat 1 draws KH
    play(g, "1: lay down 2S 3S 4S / 5C 6C 7C")
    return g


def test_a_card_that_fits_may_be_kept_when_sending_is_optional() -> None:
    g = _seat1_after_lay_down(None)
    assert _discards(g) == {"discard 7H", "discard 8H", "discard QH", "discard KH"}
    events = play(g, "1: discard 8H")  # SEND.OPTIONAL
    assert events[-1]["type"] == "game_over"
    assert g.state()["sent"][1] == []


def test_compulsory_send_refuses_the_discard_until_nothing_fits() -> None:
    g = _seat1_after_lay_down(SEND_ALL)
    ruling = rejected(g, 1, "discard KH", "DISCARD_SEND_PENDING")
    assert ruling.clause == "SEND.OPTIONAL"
    assert {str(a) for a in g.legal_actions()} == {
        "send 8H to seat 0's phỏm 0",
        "send QH to seat 0's phỏm 0",
    }
    play(g, "1: send 8H to 0:0")  # the run is 8H..JH: 7H fits now
    rejected(g, 1, "discard KH", "DISCARD_SEND_PENDING")
    play(g, "1: send 7H to 0:0")
    rejected(g, 1, "discard KH", "DISCARD_SEND_PENDING")  # QH still fits
    play(g, "1: send QH to 0:0")
    # KH fits 7H..QH too, but it is the last card: it is discarded, never sent.
    rejected(g, 1, "send KH to 0:0", "SEND_LAST_CARD")
    assert [str(a) for a in g.legal_actions()] == ["discard KH"]
    events = play(g, "1: discard KH")
    assert events[-1]["type"] == "game_over"


def test_compulsory_send_does_not_bind_a_player_who_may_not_send() -> None:
    g = _game(SEND_ALL, SEND_HANDS, SEND_STOCK)
    play(g, "0: discard KS")
    cycles(g, 5)
    play(g, "0: draw\n0: lay down 9H 10H JH\n0: discard 9D\n1: draw")
    # Seat 1 has laid nothing: it may not send (SEND.REQUIRES-PHOM), so 8H may be discarded.
    assert "discard 8H" in _discards(g)
    play(g, "1: discard 8H")
    assert g.is_over


def test_lay_before_send_when_both_are_owed() -> None:
    g = _game(BOTH, EMPTY_HANDS, EMPTY_STOCK)
    play(g, "0: discard KS")
    cycles(g, 5)
    play(g, "0: draw\n0: lay down 5H 6H 7H\n0: discard 3D\n1: draw")
    play(g, "1: lay down 10S 10C 10D")
    # 2S 2C 2D 2H is still in hand and 4H, 8H fit: the lay-down is named first.
    rejected(g, 1, "discard 9H", "DISCARD_PHOM_NOT_LAID")
    play(g, "1: lay down 2S 2C 2D 2H\n1: send 8H to 0:0")
    rejected(g, 1, "discard 9H", "DISCARD_SEND_PENDING")  # 4H and 9H both fit
    play(g, "1: send 4H to 0:0")
    assert _discards(g) == {"discard 9H"}  # 9H fits, but it is the last card


# -- no state gets stuck --------------------------------------------------------------------------

STRICT = {(rid, str(opts)): load_ruleset(rid, opts, readings=BOTH) for rid, opts in CONFIGS}


def _strict(config: tuple[str, Any]) -> ResolvedRuleset:
    return STRICT[(config[0], str(config[1]))]


def _check_final_turn(game: Game, seat: int, legal: list[Action]) -> None:
    """The listed discards are exactly the accepted ones, and a refused discard leaves a
    lay-down or a send to make."""
    listed = {a.card for a in legal if isinstance(a, Discard)}
    for c in range(52):
        if game.hand(seat) >> c & 1:
            assert game.copy().apply(seat, Discard(Card(c))).ok == (c in listed), c
    if compulsory.final_discard_problem(game.st, seat) is not None:
        assert not listed
        assert any(isinstance(a, (LayDown, Send)) for a in legal)


@settings(
    max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.integers(min_value=0, max_value=10**9),
    st.sampled_from(CONFIGS),
    st.sampled_from([2, 3, 4]),
)
def test_both_compulsory_games_never_get_stuck(
    seed: int, config: tuple[str, Any], players: int
) -> None:
    game = Game(_strict(config), Deal.shuffled(seed, players, seed % players))
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        assert legal, "a seat to act always has a legal action"
        if game.phase is Phase.FINAL_TURN:
            _check_final_turn(game, seat, legal)
        # Lean towards lay-downs and sends so that final-round turns reach the sends.
        owed = [a for a in legal if isinstance(a, (LayDown, Send))]
        roll = rng.random()
        if roll < 0.01:
            action: Action = TIMEOUT
        elif owed and roll < 0.6:
            action = rng.choice(owed)
        else:
            action = rng.choice(legal)
        assert game.apply(seat, action).ok, action
        assert card_count(game.state()) == 52
    result = game.result()
    assert result is not None and sum(result["totals"]) == 0
