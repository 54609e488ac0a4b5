"""The one action text grammar: every action in words, base form and third person.

The base form is what ``parse_action``, game records, legal-action lists and ``str(action)``
use; the third person is what a scenario says after ``seat <n>`` (When steps, scripts)::

    draw                                      draws
    discard <card>                            discards <card>
    eat <card> with <cards>                   eats <card> with <cards>
    lay down <cards> and <cards> ...          lays down <cards> and <cards> ...
    send <card> to seat <n>'s phỏm <k>        sends <card> to seat <n>'s phỏm <k>
    pass                                      passes
    time out                                  times out
    leave                                     leaves
    claim ù                                   claims ù

Cards are codes (``7S``, ``10H`` or ``TH``, suit symbols allowed) separated by spaces. The
base form also reads the older spellings ``lay down 7S 7D 7H / 4H 5H 6H``, ``send 8H to 2:0``
and ``timeout``, and ``u`` for ``claim ù``; ``phom`` may stand for ``phỏm`` and ``u`` for
``ù``. A text reads to the protocol's JSON form, card codes canonical and in the order
written.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from phomspec.cards import NotationError, format_card, parse_card
from reference_impl.errors import MalformedAction

#: A card code where the grammar expects one (checked by the card parser).
CARD = r"[0-9AaTtJjQqKk][^\s,;]{1,2}"
#: Card codes separated by single spaces.
CARDS = rf"{CARD}(?: {CARD})*"
#: The word phỏm, also without its tone marks.
PHOM_WORD = r"(?:phỏm|phom)"


class ActionTextError(MalformedAction):
    """An action text that is none of the grammar's forms, or that names a bad card."""


def read_card(text: str) -> str:
    """The canonical code of one card; ActionTextError quoting a bad code."""
    try:
        return format_card(parse_card(text))
    except NotationError as e:
        raise ActionTextError(f"bad card code {text!r}: {e}") from None


def read_cards(text: str) -> list[str]:
    """Canonical codes of space-separated cards; a card named twice is an error."""
    cards = [read_card(t) for t in text.split()]
    twice = [c for c, n in Counter(cards).items() if n > 1]
    if twice:
        raise ActionTextError(f"card {twice[0]} is listed twice in {text!r}")
    return cards


def read_phoms(text: str) -> list[list[str]]:
    """'7S 7D 7H and 4H 5H 6H' (or '... / ...') -> two phỏm of canonical codes."""
    groups = re.split(r" and |\s*/\s*", text.strip())
    if any(not g.strip() for g in groups):
        raise ActionTextError(f"an empty phỏm in {text!r}; name the cards of every phỏm")
    return [read_cards(g) for g in groups]


Groups = Mapping[str, str | None]


def _card_of(g: Groups) -> str:
    return read_card(str(g["card"]))


def _send(g: Groups) -> dict[str, Any]:
    seat = g["target"] if g.get("target") is not None else g["short_target"]
    phom = g["index"] if g.get("index") is not None else g["short_index"]
    return {"type": "send", "card": _card_of(g), "to": {"seat": int(str(seat)),
                                                         "phom": int(str(phom))}}


@dataclass(frozen=True)
class ActionForm:
    """One action of the grammar: its verb (base, third person), the words after the verb,
    the same as a regular expression with named groups, and the JSON action it builds."""

    type: str
    verbs: tuple[str, str]
    words_after: str
    pattern_after: str
    build: Callable[[Groups], dict[str, Any]] = field(repr=False)
    #: Sample words after the verb (for examples and hints).
    example_after: str = ""
    #: Older spellings the base form also reads (a regular expression), if any.
    base_alias: str = ""

    def words(self, *, third: bool = False) -> str:
        """The form in words: ``send <card> to seat <n>'s phỏm <k>``."""
        return self.verbs[third] + self.words_after

    def example(self, *, third: bool = False) -> str:
        """The form with sample cards and seats: ``send 5H to seat 2's phỏm 0``."""
        return self.verbs[third] + self.example_after

    def pattern(self, *, third: bool = False) -> str:
        """The form as a regular expression (the groups are those ``build`` reads)."""
        pattern = re.escape(self.verbs[third]).replace(r"\ ", " ") + self.pattern_after
        if self.base_alias and not third:
            pattern = f"(?:{pattern}|{self.base_alias})"
        return pattern


#: The older ``send 8H to 2:0``.
_SHORT_SEND = rf"send (?P<short_card>{CARD}) to (?P<short_target>\d+) ?: ?(?P<short_index>\d+)"


def _plain(kind: str) -> Callable[[Groups], dict[str, Any]]:
    return lambda g: {"type": kind}


FORMS: tuple[ActionForm, ...] = (
    ActionForm("draw", ("draw", "draws"), "", "", _plain("draw")),
    ActionForm(
        "discard",
        ("discard", "discards"),
        " <card>",
        rf" (?P<card>{CARD})",
        lambda g: {"type": "discard", "card": _card_of(g)},
        " 5H",
    ),
    ActionForm(
        "eat",
        ("eat", "eats"),
        " <card> with <cards>",
        rf" (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
        lambda g: {"type": "eat", "card": _card_of(g), "with": read_cards(str(g["with_cards"]))},
        " 5H with 6H 7H",
    ),
    ActionForm(
        "lay_down",
        ("lay down", "lays down"),
        " <cards> and <cards> ...",
        r" (?P<phoms>.+)",
        lambda g: {"type": "lay_down", "phoms": read_phoms(str(g["phoms"]))},
        " 7S 7D 7H and 4H 5H 6H",
    ),
    ActionForm(
        "send",
        ("send", "sends"),
        " <card> to seat <n>'s phỏm <k>",
        rf" (?P<card>{CARD}) to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
        _send,
        " 5H to seat 2's phỏm 0",
        base_alias=_SHORT_SEND,
    ),
    ActionForm("pass", ("pass", "passes"), "", "", _plain("pass")),
    ActionForm("timeout", ("time out", "times out"), "", "", _plain("timeout"),
               base_alias="timeout"),
    ActionForm("leave", ("leave", "leaves"), "", "", _plain("leave")),
    ActionForm("u", ("claim", "claims"), " ù", " (?:ù|u)", _plain("u"), " ù", base_alias="u"),
)

_FORM_OF_TYPE = {f.type: f for f in FORMS}


def forms_in_words(*, third: bool = False) -> str:
    """Every form, in words, for messages: ``draw, discard <card>, ...``."""
    return ", ".join(f.words(third=third) for f in FORMS)


def _compiled(third: bool) -> list[tuple[ActionForm, re.Pattern[str]]]:
    return [(f, re.compile(f.pattern(third=third), re.IGNORECASE)) for f in FORMS]


_PARSERS = {False: _compiled(False), True: _compiled(True)}


def read_action(text: str, *, third: bool = False) -> dict[str, Any]:
    """The JSON action of one action text (``third``: the scenarios' ``discards KH``).

    ActionTextError names what is wrong: a bad card, or the forms the grammar knows.
    """
    if not isinstance(text, str):
        raise ActionTextError(f"an action text must be a string, got {text!r}")
    s = " ".join(text.split())
    for form, regex in _PARSERS[third]:
        m = regex.fullmatch(s)
        if m:
            groups = dict(m.groupdict())
            if groups.get("short_card") is not None:
                groups["card"] = groups["short_card"]
            return form.build(groups)
    raise ActionTextError(
        f"cannot read action {text.strip()!r}; an action is one of: {forms_in_words(third=third)}"
    )


def action_words(action: Mapping[str, Any], *, third: bool = False) -> str:
    """An action (JSON form) in the grammar's words, its values as they are.

    An action of a type the grammar does not know is named by its type.
    """
    kind = action.get("type")
    form = _FORM_OF_TYPE.get(str(kind))
    if form is None:
        return str(kind)
    verb = form.verbs[third]
    if kind == "discard":
        return f"{verb} {action.get('card')}"
    if kind == "eat":
        return f"{verb} {action.get('card')} with {' '.join(action.get('with') or [])}"
    if kind == "lay_down":
        return f"{verb} " + " and ".join(" ".join(p) for p in action.get("phoms") or [])
    if kind == "send":
        to = action.get("to") or {}
        return f"{verb} {action.get('card')} to seat {to.get('seat')}'s phỏm {to.get('phom')}"
    return verb + form.words_after
