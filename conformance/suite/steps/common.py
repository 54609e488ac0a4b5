"""What the step modules share: the check of an expectation, and the facts they read from
replies and states (card codes: :mod:`conformance.suite.cards`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.suite.cards import card_code, codes
from conformance.suite.play import Play


def expect(
    play: Play, ok: bool, expected: object, actual: object, implied: str | None = None
) -> None:
    """Fail the running step (under ``implied``, else its own clause) unless ``ok``."""
    if not ok:
        raise play.fail(expected, actual, implied)


def describe_reply(reply: Mapping[str, Any]) -> str:
    """A reply in a few words: the ruling, the reason and clause of a rejection, or the error."""
    if not reply.get("ok"):
        error = reply.get("error") or {}
        return f"error {error.get('code')}: {error.get('message')}"
    if reply.get("ruling") == "rejected":
        return f"rejected {reply.get('reason')} under {reply.get('clause')}"
    return str(reply.get("ruling"))


def own_laid(st: Mapping[str, Any], seat: int) -> list[frozenset[str]]:
    """The phỏm a seat laid, without the cards others sent into them."""
    laid = st.get("laid") or []
    sent_in: set[tuple[Any, str]] = set()
    for sender in st.get("sent") or []:
        for s in sender:
            to = s.get("to") or {}
            if to.get("seat") == seat:
                sent_in.add((to.get("phom"), card_code(str(s.get("card")))))
    out = []
    for k, phom in enumerate(laid[seat] if seat < len(laid) else []):
        out.append(frozenset(c for c in codes(phom) if (k, c) not in sent_in))
    return out


def phom_with_sent(st: Mapping[str, Any], seat: int, index: int) -> frozenset[str] | None:
    """The cards of a seat's laid phỏm number ``index``, those sent into it included."""
    laid = st.get("laid") or []
    if seat >= len(laid) or index >= len(laid[seat]):
        return None
    cards = set(codes(laid[seat][index]))
    for sender in st.get("sent") or []:
        for s in sender:
            to = s.get("to") or {}
            if to.get("seat") == seat and to.get("phom") == index:
                cards.add(card_code(str(s.get("card"))))
    return frozenset(cards)
