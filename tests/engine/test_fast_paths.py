"""The engine's fast paths give what the plain computation gives (no timing here)."""

from __future__ import annotations

import dataclasses
import random

from phomspec.cards import Card
from reference_impl import melds
from reference_impl.actions import (
    DISCARDS,
    Action,
    Discard,
    Eat,
    LayDown,
    Send,
    discards_of,
    eat_of,
    lay_down_of,
    send_of,
)
from reference_impl.deal import Deal, shuffled_deck
from reference_impl.game import Game
from reference_impl.params import load_ruleset


def _hands(count: int, size: int = 10, seed: int = 1) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), size)) for _ in range(count)]


def test_shuffled_deck_is_random_shuffle() -> None:
    for seed in [*range(300), 2**40 + 7, -3]:
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        assert shuffled_deck(seed) == deck


def test_shuffled_deal_equals_the_checked_deal_of_its_deck() -> None:
    for seed in range(40):
        for players in (2, 3, 4):
            first = seed % players
            deal = Deal.shuffled(seed, players, first)
            assert deal == Deal.from_deck(shuffled_deck(seed), players, first)


def test_deadwood_table() -> None:
    for m in _hands(2000, 12):
        assert melds.deadwood_points(m) == sum(c % 13 + 1 for c in range(52) if m >> c & 1)


def test_may_join_is_some_three_card_phom() -> None:
    rng = random.Random(2)
    for hand in _hands(2000, 14):
        card = rng.randrange(52)
        hand &= ~(1 << card)
        with_card = hand | 1 << card
        want = any(p & with_card == p for p in melds.PHOM3_CONTAINING[card])
        assert melds.may_join(card, hand) == want


def test_safe_without_is_can_cover_card_by_card() -> None:
    rng = random.Random(3)
    for hand in _hands(1500, 11):
        eaten = rng.choice([c for c in range(52) if hand >> c & 1])
        for distinct in (True, False):
            want = 0
            for x in range(52):
                if (
                    hand >> x & 1
                    and x != eaten
                    and melds.can_cover(hand ^ (1 << x), 1 << eaten, distinct)
                ):
                    want |= 1 << x
            assert melds.safe_without(hand, eaten, distinct) == want


def test_listed_actions_are_shared_and_equal_to_fresh_ones() -> None:
    for m in _hands(200):
        assert discards_of(m) == [DISCARDS[c] for c in range(52) if m >> c & 1]
        assert all(type(d) is Discard for d in discards_of(m))
    five, six, seven = Card(4), Card(5), Card(6)
    eat = eat_of(five, 1 << six | 1 << seven)
    assert eat is eat_of(five, 1 << six | 1 << seven)
    assert eat == Eat(five, (seven, six))
    assert lay_down_of(0b111) is lay_down_of(0b111)
    assert lay_down_of(0b111) == LayDown(((Card(2), Card(1), Card(0)),))
    assert send_of(3, 1, 0) is send_of(3, 1, 0) and send_of(3, 1, 0) == Send(Card(3), 1, 0)


def test_trusted_and_checked_paths_agree() -> None:
    """An action taken from the list (trusted) and an equal one built afresh (checked) give
    the same ruling and the same state."""
    rs = load_ruleset("hoi-quan-bai")
    for seed in range(30):
        game = Game(rs, Deal.shuffled(seed, 4, seed % 4))
        rng = random.Random(seed)
        while not game.is_over:
            listed = rng.choice(game.legal_actions())
            fresh = Game.copy(game)
            fresh.legal_actions()
            assert fresh.to_act is not None and game.to_act is not None
            b = fresh.apply(fresh.to_act, _rebuilt(listed))
            a = game.apply(game.to_act, listed)
            assert a == b
            assert game.state() == fresh.state()
        assert game.result() == fresh.result()


def _rebuilt(action: Action) -> Action:
    """An equal action that is not the listed object."""
    fields = [getattr(action, f.name) for f in dataclasses.fields(action)]
    rebuilt = type(action)(*fields)
    assert rebuilt == action and rebuilt is not action
    return rebuilt
