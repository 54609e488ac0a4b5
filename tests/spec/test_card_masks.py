"""Card masks (phomspec.cards): the table-built tuple of a mask against its bits read one by one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from phomspec.cards import card_tuple, cards_of


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_a_masks_cards_are_its_set_bits_in_index_order(mask: int) -> None:
    bits = tuple(i for i in range(52) if mask >> i & 1)
    assert card_tuple(mask) == bits
    assert tuple(cards_of(mask)) == bits


def test_every_set_of_one_suit_is_in_the_tables() -> None:
    for suit in range(4):
        for ranks in range(1 << 13):
            mask = ranks << (13 * suit)
            assert card_tuple(mask) == tuple(13 * suit + r for r in range(13) if ranks >> r & 1)
