"""Helpers for hand-written engine tests: explicit deals and scripted play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reference_impl import Deal, Game, load_ruleset, parse_action
from reference_impl.actions import DRAW, Discard
from reference_impl.cards import format_card, parse_cards
from reference_impl.rulings import Accepted, Rejected


def make_deal(hands: Sequence[str], stock_top: str = "", first: int = 0) -> Deal:
    """Hands by seat (space-separated codes); the stock begins with ``stock_top`` (top first)
    and goes on with every other card in ascending card order (S A..K, C, D, H)."""
    hs = [parse_cards(h) for h in hands]
    top = parse_cards(stock_top)
    used = {c for h in hs for c in h} | set(top)
    rest = [c for c in range(52) if c not in used]
    return Deal.from_hands(hs, [*top, *rest], first)


def new_game(
    ruleset: str, hands: Sequence[str], stock_top: str = "", first: int = 0, **kw: Any
) -> Game:
    options = kw.pop("options", None)
    session = kw.pop("session", None)
    readings = kw.pop("readings", None)
    rs = load_ruleset(ruleset, options, readings)
    return Game(rs, make_deal(hands, stock_top, first), session=session)


def play(game: Game, script: str) -> list[dict[str, Any]]:
    """Apply ``seat: action`` lines (``#`` comments allowed); each must be accepted.
    ``seat: cycle`` draws and discards the drawn card.  Returns all events."""
    events: list[dict[str, Any]] = []
    for raw in script.strip().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        seat_text, action_text = line.split(":", 1)
        seat = int(seat_text)
        if action_text.strip() == "cycle":
            assert game.to_act == seat, f"{line}: seat {game.to_act} is to act"
            events += cycles(game, 1)
        else:
            events += accept(game, seat, parse_action(action_text))
    return events


def accept(game: Game, seat: int, action: Any) -> list[dict[str, Any]]:
    ruling = game.apply(seat, action)
    assert isinstance(ruling, Accepted), f"seat {seat} {action}: {ruling!r}"
    return list(ruling.events)


def cycles(game: Game, turns: int) -> list[dict[str, Any]]:
    """``turns`` turns of draw-then-discard-the-drawn-card by whoever is to act."""
    events: list[dict[str, Any]] = []
    for _ in range(turns):
        seat = game.to_act
        assert seat is not None
        drew = accept(game, seat, DRAW)
        events += drew
        card = parse_cards(drew[0]["card"])[0]
        events += accept(game, seat, Discard(card))
    return events


def rejected(game: Game, seat: int, action: Any, reason: str) -> Rejected:
    """Apply an action that must be rejected with ``reason`` and change nothing."""
    if isinstance(action, str):
        action = parse_action(action)
    before = game.state()
    legal_before = game.legal_actions()
    ruling = game.apply(seat, action)
    assert isinstance(ruling, Rejected), f"{action} was accepted: {ruling!r}"
    assert ruling.reason == reason, ruling
    assert ruling.clause in ruling.reason.clauses, ruling  # spec/reasons.yaml
    assert game.state() == before
    assert game.legal_actions() == legal_before
    return ruling


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def payments(events: list[dict[str, Any]]) -> list[tuple[int, int, int, str]]:
    return [(e["from"], e["to"], e["amount"], e["reason"]) for e in of_type(events, "payment")]


def codes(text: str) -> list[str]:
    return [format_card(c) for c in sorted(parse_cards(text))]
