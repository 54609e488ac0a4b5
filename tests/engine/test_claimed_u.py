"""Reading 'declared' of AMB.U-AUTOMATIC (u.claimed): the ù after a draw or eat waits for the
seat's claim, which ends the game as the automatic ù would have; any other action declines it;
a claim with nothing pending is refused (U_NOT_AVAILABLE, U.AUTOMATIC)."""

from __future__ import annotations

import pytest

from reference_impl import Game, load_ruleset
from reference_impl.actions import CLAIM_U, ClaimU, parse_action
from reference_impl.deal import Deal

#: features/fixtures/u.yaml fx-u-draw-4p: seat 1 draws KD on turn 6 into an ù (2H left over).
HANDS = [
    ["JS", "JH", "4D", "8D", "AH", "5C", "6S", "9C", "QC", "7H"],
    ["3S", "3D", "3H", "6C", "7C", "8C", "JD", "QD", "2H"],
    ["6D", "7D", "2D", "KH", "4S", "9H", "8S", "5H", "JC"],
    ["9S", "10S", "4C", "5D", "2S", "QH", "AC", "8H", "KC"],
]
STOCK = ["5S", "9D", "10H", "QS", "KD", "AS", "AD", "6H", "KS", "10C", "2C", "7S", "4H", "3C",
         "10D"]
TO_THE_U = ["discard QC", "draw", "discard 5S", "draw", "discard 9D", "draw", "discard 10H",
            "draw", "discard QS", "draw"]
RULESETS = ["hoi-quan-bai", "co-ban", "ki-gui", "u9la"]


def game(ruleset: str, reading: str) -> Game:
    rs = load_ruleset(ruleset, readings={"AMB.U-AUTOMATIC": reading})
    g = Game(rs, Deal.from_hands(HANDS, STOCK, first=0))
    for text in TO_THE_U:
        assert g.apply(g.to_act, parse_action(text)).ok, text
    return g


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_claim_ends_the_game_as_the_automatic_u(ruleset: str) -> None:
    auto, claimed = game(ruleset, "automatic"), game(ruleset, "declared")
    assert auto.is_over and not claimed.is_over
    assert claimed.to_act == 1 and isinstance(claimed.legal_actions()[0], ClaimU)
    ruling = claimed.apply(1, CLAIM_U)
    assert ruling.ok and ruling.events[0]["type"] == "u"
    assert claimed.result() == auto.result()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_any_other_action_declines_the_u(ruleset: str) -> None:
    g = game(ruleset, "declared")
    assert g.apply(1, parse_action("discard 2H")).ok
    assert not g.is_over
    refused = g.apply(2, CLAIM_U)  # seat 2's turn: nothing pending for it
    assert not refused.ok and (refused.reason, refused.clause) == ("U_NOT_AVAILABLE", "U.AUTOMATIC")
    assert not any(isinstance(a, ClaimU) for a in g.legal_actions())


def test_a_claim_under_the_automatic_reading_is_refused() -> None:
    g = Game(load_ruleset("co-ban"), Deal.from_hands(HANDS, STOCK, first=0))
    refused = g.apply(0, CLAIM_U)
    assert not refused.ok and refused.reason == "U_NOT_AVAILABLE"


def test_a_timeout_claims_the_u_of_its_own_draw() -> None:
    g = game("co-ban", "declared")
    g2 = Game(load_ruleset("co-ban", readings={"AMB.U-AUTOMATIC": "declared"}),
              Deal.from_hands(HANDS, STOCK, first=0))
    for text in TO_THE_U[:-1]:
        assert g2.apply(g2.to_act, parse_action(text)).ok
    assert g2.apply(1, parse_action("time out")).ok and g2.is_over
    assert g2.result()["u"] == {"seat": 1, "kind": "thuong", "den": None}
    # a timeout after the seat's own draw declines the pending ù: it plays on
    assert g.apply(1, parse_action("time out")).ok and not g.is_over


def test_the_claim_has_one_text_form() -> None:
    assert parse_action("claim ù") == parse_action("u") == CLAIM_U
    assert str(CLAIM_U) == "claim ù"
