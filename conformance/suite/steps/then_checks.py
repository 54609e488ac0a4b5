"""Then steps: invariants, raw actions and error replies; card arithmetic for scenario writers."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from conformance.suite.cards import codes, misplaced_cards
from conformance.suite.model import StepError
from conformance.suite.play import Play
from conformance.suite.steps.common import describe_reply, expect, own_laid, phom_with_sent
from conformance.suite.steps.registry import step
from phomspec.cards import RANKS
from reference_impl.action_text import CARDS, action_words
from reference_impl.cards import parse_card, points

# ---------------------------------------------------------------------------------------------
# Then: invariants


def is_phom_by_text(cards: Sequence[str]) -> bool:
    """Whether the card codes form one phỏm, straight from the clause text and not through
    the engine: 3 or more distinct cards, all of one rank (PHOM.SET), or of one suit on
    consecutive ranks with the Ace low and no wrap from K to A (PHOM.RUN)."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    ranks = sorted(RANKS.index(c[:-1].upper().replace("T", "10")) for c in cards)
    if len(set(ranks)) == 1:
        return True
    one_suit = len({c[-1].upper() for c in cards}) == 1
    return one_suit and ranks == list(range(ranks[0], ranks[0] + len(ranks)))



@step(
    "then",
    r"every card is in exactly one place",
    "every card is in exactly one place",
    needs=["state"],
    clause="INV.52-CARDS|DECK.52-CARDS",
)
def _cards_once(play: Play) -> None:
    problem = misplaced_cards(play.state())
    expect(play, problem is None, "52 cards, each once", problem)


@step(
    "then",
    r"every laid phỏm is a valid phỏm",
    "every laid phỏm is a valid phỏm",
    needs=["state"],
    clause="INV.LAID-VALID|LAY.VALID-PHOM",
)
def _laid_valid(play: Play) -> None:
    st = play.state()
    bad = []
    for seat, seat_laid in enumerate(st.get("laid") or []):
        for k in range(len(seat_laid)):
            cards = phom_with_sent(st, seat, k) or frozenset()
            if not is_phom_by_text(sorted(cards)):
                bad.append(f"seat {seat} phỏm {k}: {sorted(cards)}")
    expect(play, not bad, "every laid phỏm valid", bad)


@step(
    "then",
    r"the eaten cards sit in distinct phỏm",
    "the eaten cards sit in distinct phỏm",
    needs=["state"],
    clause="INV.EATEN-DISTINCT|TURN.EAT.DISTINCT-PHOM",
)
def _eaten_distinct(play: Play) -> None:
    st = play.state()
    bad = []
    for seat, eaten in enumerate(st.get("eaten") or []):
        eaten_set = set(codes(eaten))
        for phom in own_laid(st, seat):
            if len(phom & eaten_set) > 1:
                bad.append(f"seat {seat}: {sorted(phom)}")
    expect(play, not bad, "no phỏm with two eaten cards", bad)


@step(
    "then",
    r"the state is unchanged since it was noted",
    "the state is unchanged since it was noted",
    needs=["state"],
    clause="INV.REJECT-UNCHANGED",
)
def _unchanged(play: Play) -> None:
    if play.noted_state is None:
        raise StepError("note the state first: 'When the state is noted'")
    now = play.state()
    diff = sorted(
        k for k in set(now) | set(play.noted_state) if now.get(k) != play.noted_state.get(k)
    )
    expect(play, not diff, "the state unchanged", f"changed: {diff}")


# ---------------------------------------------------------------------------------------------
# More steps: raw actions and error replies, hand membership, the lead, the end


@step(
    "when",
    r"seat (?P<seat>\d+) sends the raw action (?P<raw>\{.*\})",
    'seat 0 sends the raw action {"type": "discard", "card": "T♥"}',
)
def _raw_action(play: Play, seat: int, raw: str) -> None:
    """An action sent exactly as written (card codes not canonicalised): notation tests."""
    try:
        action = json.loads(raw)
    except ValueError as e:
        raise StepError(f"the raw action is not JSON: {e}") from None
    play.act(seat, action)


@step(
    "then",
    r"the action is answered with the error (?P<error>[a-z_]+)",
    "the action is answered with the error malformed",
    clause="DECK.NOTATION",
)
def _error_reply(play: Play, error: str) -> None:
    """The last request got a protocol error reply (not a ruling), with this code."""
    reply = play.last_reply()
    got = (reply.get("error") or {}).get("code") if not reply.get("ok") else describe_reply(reply)
    if got != error:
        raise play.fail(f"an error reply {error}", got)


@step(
    "then",
    rf"seat (?P<seat>\d+)'s hand holds (?P<cards>{CARDS})",
    "seat 1's hand holds 4S",
    needs=["state"],
    clause="TURN.DRAW.STOCK-TOP",
)
def _hand_has(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    hands = play.state().get("hands") or []
    got = set(codes(hands[seat])) if seat < len(hands) else set()
    expect(play, set(cards) <= got, f"{' '.join(cards)} in seat {seat}'s hand", sorted(got))


@step(
    "then",
    rf"seat (?P<seat>\d+)'s hand does not hold (?P<cards>{CARDS})",
    "seat 1's hand does not hold 6H",
    needs=["state"],
    clause="TURN.DRAW.STOCK-TOP",
)
def _hand_lacks(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    hands = play.state().get("hands") or []
    got = set(codes(hands[seat])) if seat < len(hands) else set()
    want = f"none of {' '.join(cards)} in seat {seat}'s hand"
    expect(play, not set(cards) & got, want, sorted(got))


@step(
    "then",
    r"the lead is seat (?P<seat>\d+)",
    "the lead is seat 1",
    needs=["state"],
    clause="ROUND.LEAD-POINTER",
)
def _lead(play: Play, seat: int) -> None:
    st = play.state()
    expect(play, st.get("lead") == seat, f"lead seat {seat}", f"lead seat {st.get('lead')}")


@step(
    "then",
    r"no seat is to act",
    "no seat is to act",
    needs=["legal_actions"],
    clause="TURN.GAME-OVER",
)
def _nobody_acts(play: Play) -> None:
    seat, actions = play.legal()
    got = f"seat {seat}: {[action_words(a) for a in actions]}"
    expect(play, seat is None and not actions, "no seat to act, no legal action", got)


# ---------------------------------------------------------------------------------------------
# Card arithmetic for humans writing scenarios


def deadwood(cards: Iterable[str]) -> int:
    """Points of cards left in hand (DECK.POINTS): a helper for writing expectations."""
    return sum(points(parse_card(c)) for c in cards)


