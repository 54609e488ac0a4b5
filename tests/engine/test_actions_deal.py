"""Actions (JSON and text forms) and deals (DEAL.*): round trips and clear errors."""

from __future__ import annotations

import pytest

from reference_impl import Deal, DealError, MalformedAction, from_json, parse_action
from reference_impl.actions import DRAW, LEAVE, PASS, TIMEOUT, Discard, Eat, LayDown, Send
from reference_impl.cards import NotationError, format_cards, parse_card, parse_cards

C = parse_card

ACTIONS = [
    (DRAW, {"type": "draw"}, "draw"),
    (
        Eat(C("5H"), (C("6H"), C("7H"))),
        {"type": "eat", "card": "5H", "with": ["6H", "7H"]},
        "eat 5H with 6H 7H",
    ),
    (Discard(C("KS")), {"type": "discard", "card": "KS"}, "discard KS"),
    (
        LayDown(((C("7S"), C("7D"), C("7H")), (C("4H"), C("5H"), C("6H")))),
        # Groups sorted by card index: 7S (6) comes before 4H (42).
        {"type": "lay_down", "phoms": [["7S", "7D", "7H"], ["4H", "5H", "6H"]]},
        "lay down 7S 7D 7H and 4H 5H 6H",
    ),
    (
        Send(C("8H"), 2, 0),
        {"type": "send", "card": "8H", "to": {"seat": 2, "phom": 0}},
        "send 8H to seat 2's phỏm 0",
    ),
    (PASS, {"type": "pass"}, "pass"),
    (TIMEOUT, {"type": "timeout"}, "time out"),
    (LEAVE, {"type": "leave"}, "leave"),
]


@pytest.mark.parametrize(("action", "json", "text"), ACTIONS)
def test_action_forms(action: object, json: dict[str, object], text: str) -> None:
    assert action.to_json() == json  # type: ignore[attr-defined]
    assert from_json(json) == action
    assert str(action) == text
    assert parse_action(text) == action


def test_card_order_does_not_matter() -> None:
    assert parse_action("eat 5H with 7H 6H") == parse_action("eat 5H with 6H 7H")
    assert parse_action("lay down 6H 4H 5H / 7H 7D 7S") == parse_action(
        "lay down 7S 7D 7H / 4H 5H 6H"
    )
    assert parse_action("discard 10h") == parse_action("discard T♥")


def test_the_older_spellings_are_read() -> None:
    assert parse_action("lay down 7S 7D 7H / 4H 5H 6H") == parse_action(
        "lay down 7S 7D 7H and 4H 5H 6H"
    )
    assert parse_action("send 8H to 2:0") == parse_action("send 8H to seat 2's phom 0")
    assert parse_action("timeout") == TIMEOUT


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ({"type": "fly"}, "unknown action type 'fly'"),
        ({"type": "discard"}, "needs the field 'card'"),
        ({"type": "discard", "card": "1S"}, "malformed card code '1S'"),
        ({"type": "eat", "card": "5H", "with": "6H 7H"}, "expected a list"),
        ({"type": "eat", "card": "5H", "with": ["6H", "6H"]}, "named twice"),
        ({"type": "send", "card": "8H", "to": {"seat": "2", "phom": 0}}, "expected an integer"),
        ({"type": "lay_down", "phoms": []}, "non-empty list"),
        ("draw", "JSON object"),
    ],
)
def test_malformed_json(bad: object, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        from_json(bad)


@pytest.mark.parametrize(
    "bad", ["jump", "discard", "eat 5H", "send 8H to two", "lay down 4H 5H /", "discard 11H"]
)
def test_malformed_text(bad: str) -> None:
    with pytest.raises(NotationError):  # MalformedAction is a NotationError
        parse_action(bad)


def _hands(first: int = 0) -> list[list[str]]:
    deck = format_cards(range(52))
    hands = [deck[i * 9 : i * 9 + 9] for i in range(4)]
    hands[first] = [*hands[first], deck[36]]
    return hands


def test_deal_from_hands_and_json() -> None:
    deck = format_cards(range(52))
    d = Deal.from_hands(_hands(), deck[37:], first=0)
    assert d.players == 4 and len(d.stock) == 15  # DEAL.STOCK
    assert Deal.from_json(d.to_json()) == d


def test_deal_from_deck_order() -> None:
    # One card at a time from `first` in play order until all have 9, then `first` one more.
    deck = list(range(52))
    d = Deal.from_deck(deck, players=3, first=1)
    assert d.hands[1] == tuple([0, 3, 6, 9, 12, 15, 18, 21, 24, 27])
    assert d.hands[2] == tuple(range(1, 27, 3))
    assert d.hands[0] == tuple(range(2, 27, 3))
    assert d.stock == tuple(range(28, 52))  # 24 cards for 3 players


def test_shuffled_is_seeded() -> None:
    assert Deal.shuffled(5, 4, 2) == Deal.shuffled(5, 4, 2)
    assert Deal.shuffled(5, 4, 2) != Deal.shuffled(6, 4, 2)
    assert len(Deal.shuffled(1, 2, 0).stock) == 33


def test_deal_errors_say_what_and_where() -> None:
    deck = format_cards(range(52))
    hands = _hands()
    hands[2][3] = hands[1][0]
    with pytest.raises(
        DealError, match=r"10S is dealt twice: hand of seat 1 \(card 1\) and hand of seat 2"
    ):
        Deal.from_hands(hands, deck[37:], first=0)
    with pytest.raises(DealError, match=r"missing KH"):
        Deal.from_hands(_hands(), deck[37:-1], first=0)
    with pytest.raises(DealError, match=r"seat 0 has 10 cards; the first player \(seat 1\)"):
        Deal.from_hands(_hands(), deck[37:], first=1)
    with pytest.raises(DealError, match="stock card 2: malformed card code 'XX'"):
        Deal.from_hands(_hands(), ["QH", "XX"], first=0)
    with pytest.raises(DealError, match="2 to 4 players"):
        Deal.from_deck(deck, players=5)
    with pytest.raises(DealError, match="52"):
        Deal.from_deck(deck[:51], players=4)


def test_card_notation_round_trip() -> None:
    assert format_cards(parse_cards(format_cards(range(52)))) == format_cards(range(52))


def test_the_card_parse_cache_is_bounded_and_keeps_no_error() -> None:
    from phomspec import cards

    spellings = [" " * i + "th" for i in range(2 * cards.PARSE_CACHE_SIZE)]
    assert {parse_card(s) for s in spellings} == {parse_card("10H")}
    assert cards.parse_cache_size() <= cards.PARSE_CACHE_SIZE
    for _ in range(2):  # a malformed code is refused every time, never remembered
        with pytest.raises(NotationError, match="malformed card code '1Z'"):
            parse_card("1Z")
