"""Questions about cards that need no game: the ``evaluate`` query (spec/protocol.md 5.8).

Four questions, each answered under a ruleset (its room options and readings applied):

- ``phom``: is the group of cards one phỏm (PHOM.SET, PHOM.RUN, PHOM.RUN.ACE-LOW,
  PHOM.RUN.NO-WRAP, PHOM.MIN-SIZE)?
- ``deadwood``: the least deadwood of a hand (PHOM.DEADWOOD, RANK.DEADWOOD-POINTS) over
  every arrangement that keeps the eaten-card rules (TURN.EAT.KEEP-IN-PHOM,
  TURN.EAT.DISTINCT-PHOM); ``None`` when no arrangement keeps them;
- ``u``: is a full hand of 10 cards, just completed by a draw with nothing laid, an ù
  (U.THUONG), and of which kind: the kind the engine would declare, the one paying most,
  ties going to ``dong_hoa_trang`` over ``tron`` over ``thuong`` (EXTRA.STACKING,
  EXTRA.U-TRON, EXTRA.DONG-HOA-TRANG);
- ``u_khan``: is a dealt hand of 9 or 10 cards ù khan: a ruleset with ù khan, and no cạ
  in the hand (U.KHAN, PHOM.CA).

The partners of earlier eats are not part of a question: where a ruleset binds them
(AMB.EAT-DECLARATION-BINDING) the answer is the one for partners chosen freely.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from phomspec import ResolvedRuleset, SpecError
from reference_impl import melds
from reference_impl.cards import NotationError, parse_card
from reference_impl.params import load_ruleset, params_of
from reference_impl.u import dong_hoa_trang, u_kind

QUESTIONS = ("phom", "deadwood", "u", "u_khan")
#: The card counts each question takes (inclusive bounds).
HAND_SIZES: dict[str, tuple[int, int]] = {
    "phom": (1, 52),
    "deadwood": (1, 10),
    "u": (10, 10),
    "u_khan": (9, 10),
}
#: Members of an ``evaluate`` request besides ``id`` and ``type``.
MEMBERS = frozenset({"ruleset", "options", "readings", "question", "cards", "eaten"})
REQUIRED = frozenset({"ruleset", "question", "cards"})


class EvaluateError(ValueError):
    """A question that gets an error reply; ``code`` is one of spec/protocol.md section 3."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


def _mask(value: object, where: str) -> int:
    if not isinstance(value, list):
        raise EvaluateError("malformed", f"evaluate: {where} must be a list of card codes")
    mask = 0
    for i, code in enumerate(value):
        try:
            bit = 1 << parse_card(code)
        except (NotationError, TypeError) as e:
            raise EvaluateError("malformed", f"evaluate: {where}[{i}]: {e}") from None
        if mask & bit:
            raise EvaluateError("malformed", f"evaluate: {where} lists {code!r} twice")
        mask |= bit
    return mask


def _ruleset(message: Mapping[str, Any]) -> ResolvedRuleset:
    rid, options, readings = (
        message["ruleset"], message.get("options", {}), message.get("readings", {})
    )
    if not isinstance(rid, str) or not isinstance(options, dict) or not isinstance(readings, dict):
        raise EvaluateError(
            "malformed", "evaluate: 'ruleset' is a string, 'options' and 'readings' objects"
        )
    try:
        return load_ruleset(rid, options=options, readings=readings)
    except SpecError as e:
        raise EvaluateError("unsupported", f"evaluate: {e}") from None


def evaluate_request(message: Mapping[str, Any]) -> dict[str, Any]:
    """The ``answer`` of an ``evaluate`` request (members checked by the server)."""
    question = message["question"]
    if question not in QUESTIONS:
        raise EvaluateError(
            "malformed", f"evaluate: unknown question {question!r} (one of {', '.join(QUESTIONS)})"
        )
    cards = _mask(message["cards"], "cards")
    eaten = _mask(message.get("eaten", []), "eaten")
    low, high = HAND_SIZES[question]
    if not low <= cards.bit_count() <= high:
        size = f"{low}" if low == high else f"{low} to {high}"
        raise EvaluateError(
            "malformed", f"evaluate: {question} takes {size} cards, got {cards.bit_count()}"
        )
    if eaten and question not in ("deadwood", "u"):
        raise EvaluateError("malformed", f"evaluate: {question} takes no eaten cards")
    if eaten & ~cards:
        raise EvaluateError("malformed", "evaluate: every eaten card is one of 'cards'")
    return answer(_ruleset(message), question, cards, eaten)


def answer(rs: ResolvedRuleset, question: str, cards: int, eaten: int = 0) -> dict[str, Any]:
    """The answer to one question about the card mask ``cards`` (``eaten`` among them)."""
    if question == "phom":
        return {"phom": melds.is_phom(cards)}
    if question == "u_khan":
        return {"u_khan": rs["u.khan"] is not None and not melds.has_ca(cards)}
    keep = rs["eat.keep_in_phom"]
    distinct = rs["eat.distinct_phom"]
    ue = eaten if keep else 0
    if question == "deadwood":
        points = melds.best_arrangement(cards, ue, distinct)[0]
        return {"deadwood": points if points < melds.INF else None}
    if melds.u_leftover(cards, ue, 1, distinct) >= melds.INF:
        return {"u": False, "kind": None}
    # the kind the engine declares after a draw with nothing laid (EXTRA.STACKING)
    one_suit = rs["u.dong_hoa_trang"] is not None and dong_hoa_trang(cards, ue, distinct)
    return {"u": True, "kind": u_kind(params_of(rs), cards, ue, distinct, one_suit=one_suit)}
