"""Words of a free text that look like card codes but do not parse (clause DECK.NOTATION)."""

from __future__ import annotations

import re

from phomspec.cards import NotationError, parse_card

#: A rank-like part (1-2 digits, or A J Q K T) then one upper-case letter or suit symbol, as a
#: whole word: "7S", "10H", "1S", "11H", "7X". Lower-case words ("3p", "10s") are not taken
#: for cards, so ordinary prose does not trip the check.
_CARDISH = re.compile(r"(?<![A-Za-z0-9])((?:\d{1,2}|[AJQKT])[A-Z♠♣♦♥])(?![A-Za-z0-9])")


def bad_card_words(text: str) -> list[tuple[str, str]]:
    """``(word, why)`` for each card-like word of ``text`` that is not a valid card code."""
    out = []
    for m in _CARDISH.finditer(text):
        word = m.group(1)
        try:
            parse_card(word)
        except NotationError as e:
            out.append((word, str(e)))
    return out
