"""Phỏm tables and searches (PHOM.*), checked against hand-made examples."""

from __future__ import annotations

import pytest

from reference_impl import melds
from reference_impl.cards import format_mask, mask_of, parse_cards


def m(text: str) -> int:
    return mask_of(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "phom"),
    [
        ("7S 7D 7H", True),
        ("7S 7C 7D 7H", True),
        ("AS 2S 3S", True),  # Ace low (PHOM.RUN.ACE-LOW)
        ("JH QH KH", True),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True),  # any length (PHOM.RUN.ANY-LENGTH)
        ("QS KS AS", False),  # no wrap (PHOM.RUN.NO-WRAP)
        ("KS AS 2S", False),
        ("7S 7D", False),  # PHOM.MIN-SIZE
        ("4H 5H 6D", False),
        ("4H 5H 7H", False),
        ("7S 7D 8D", False),
    ],
)
def test_is_phom(cards: str, phom: bool) -> None:
    assert melds.is_phom(m(cards)) is phom


def test_table_size() -> None:
    # 13 ranks x (4 triples + 1 quad) = 65 sets; 4 suits x (11 + 10 + ... + 1) = 264 runs.
    assert len(melds.ALL_PHOMS) == 65 + 264


def test_phoms_in_a_hand() -> None:
    found = {format_mask(p) for p in melds.phoms_in(m("5H 6H 7H 8H 7S 7D KC"))}
    assert found == {
        "5H 6H 7H",
        "6H 7H 8H",
        "5H 6H 7H 8H",
        "7S 7D 7H",
    }
    found = {format_mask(p) for p in melds.phoms_in(m("9S 9C 9D 9H"))}
    assert found == {"9S 9C 9D 9H", "9C 9D 9H", "9S 9D 9H", "9S 9C 9H", "9S 9C 9D"}


@pytest.mark.parametrize(
    ("hand", "ca"),
    [
        ("AS 4S 7S 10S KS 2C 5C 8C JC", False),
        ("AS 4S 7S 10S KS 2C 5C 8C JC 3D", False),
        ("AS 3S 7C", True),  # ranks 2 apart
        ("KS AC", False),  # different suits, no wrap
        ("QS KS", True),
        ("5C 5H", True),  # a pair
        ("KS AS", False),  # K and A are 12 ranks apart
    ],
)
def test_has_ca(hand: str, ca: bool) -> None:
    assert melds.has_ca(m(hand)) is ca


@pytest.mark.parametrize(
    ("phom", "fits"),
    [
        ("7S 7D 7H", "7C"),
        ("7S 7C 7D 7H", ""),
        ("4H 5H 6H", "3H 7H"),
        ("AH 2H 3H", "4H"),  # nothing below the Ace
        ("JH QH KH", "10H"),  # nothing above the King
    ],
)
def test_extension_cards(phom: str, fits: str) -> None:
    assert melds.extension_cards(m(phom)) == m(fits)


def test_u_search_with_eaten_cards() -> None:
    # Best: 5S 5C 5D + 6S..9S; 2H 9H 10H stay out: three cards, no ù.
    assert not melds.can_u(m("5S 6S 7S 8S 9S 5C 5D 2H 9H 10H"))
    # 5S 5C 5D + 6S..10S; 3H and KD stay out: no ù.
    assert not melds.can_u(m("5S 6S 7S 5C 5D 8S 9S 10S 3H KD"))
    hand = m("5S 6S 7S 5C 5D 8S 9S 10S JS KD")
    # 5S 5C 5D + 6S..JS: nine cards in phỏm, KD (13) left over.
    assert melds.u_leftover(hand) == 13
    assert melds.u_leftover(hand, allow=0) == melds.INF
    # Eaten 5S and 7S: the set takes 5S, the run holds 7S only: still ù.
    assert melds.u_leftover(hand, m("5S 7S")) == 13
    # Eaten 6S and 7S must be in different phỏm, and no phỏm holds 6S without 7S: no ù.
    assert melds.u_leftover(hand, m("6S 7S")) == melds.INF
    assert melds.min_outside(hand) == 1
    assert melds.min_outside(m("5S 6S 7S 8S 9S 5C 5D 2H 9H 10H")) == 3
    assert melds.min_outside(m("2S 3S 4S")) == 0
    assert melds.min_outside(hand, m("6S 7S")) == melds.INF


def test_cover_and_best_arrangement() -> None:
    # Eaten 5S and 7S: 5S 5C 5D (or another 5 set) and 6S 7S 8S.
    assert melds.can_cover(m("5S 5C 5D 5H 6S 7S 8S"), m("5S 7S"))
    # Without 8S, 7S is only in 5S 6S 7S, which also holds 5S: fine only if they may share.
    assert not melds.can_cover(m("5S 5C 5D 6S 7S"), m("5S 7S"))
    assert melds.can_cover(m("5S 5C 5D 6S 7S"), m("5S 7S"), distinct=False)
    points, arrangement = melds.best_arrangement(m("2S 3S 4S 9D 9C 9H KH"))
    assert points == 13 and sorted(arrangement) == sorted([m("2S 3S 4S"), m("9D 9C 9H")])
    # 4S 4C 4D and 2S 3S 4S share 4S; the run leaves 4C 4D (8), the set leaves 2S 3S (5).
    points, arrangement = melds.best_arrangement(m("2S 3S 4S 4C 4D"))
    assert points == 5 and arrangement == (m("4S 4C 4D"),)
    # An eaten 2S forces the run.
    points, arrangement = melds.best_arrangement(m("2S 3S 4S 4C 4D"), m("2S"))
    assert points == 8 and arrangement == (m("2S 3S 4S"),)
