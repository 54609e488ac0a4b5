"""Given steps: the table, the deal, the room options and the session."""

from __future__ import annotations

from typing import Any

from conformance.suite.cards import card_list
from conformance.suite.model import StepError
from conformance.suite.play import Play
from conformance.suite.setup import Setup
from conformance.suite.steps.common import expect
from conformance.suite.steps.registry import step
from phomspec import list_rulesets
from reference_impl.action_text import CARDS

# ---------------------------------------------------------------------------------------------
# Given: the table


@step("given", r"a (?P<players>\d+)-player game", "a 4-player game")
def _players(setup: Setup, players: int) -> None:
    setup.set_players(players)


@step(
    "given",
    r'a (?P<players>\d+)-player "(?P<ruleset>[a-z0-9-]+)" game',
    'a 4-player "hoi-quan-bai" game',
)
def _players_ruleset(setup: Setup, players: int, ruleset: str) -> None:
    known = list_rulesets()
    if ruleset not in known:
        raise StepError(f"unknown ruleset {ruleset!r}; known: {', '.join(known)}")
    setup.set_players(players)
    setup.named_ruleset = ruleset


@step("given", r"seat (?P<seat>\d+) goes first", "seat 2 goes first")
def _first(setup: Setup, seat: int) -> None:
    setup.first = seat


@step(
    "given",
    r"the room option (?P<option>[a-z_]+) is (?P<value>on|off)",
    "the room option ki_gui is off",
)
def _option(setup: Setup, option: str, value: bool) -> None:
    setup.options[option] = value


@step(
    "given",
    rf"seat (?P<seat>\d+) holds (?P<cards>{CARDS})",
    "seat 0 holds 7S 7D 7H 4H 5H 6H 9C JD QS KH",
)
def _holds(setup: Setup, seat: int, cards: tuple[str, ...]) -> None:
    setup.hold(seat, cards)


@step("given", rf"the stock is (?P<cards>{CARDS})", "the stock is 2C 3C 4D")
def _stock(setup: Setup, cards: tuple[str, ...]) -> None:
    setup.set_stock(cards, complete=True)


@step("given", rf"the stock starts with (?P<cards>{CARDS})", "the stock starts with 2C 3C")
def _stock_top(setup: Setup, cards: tuple[str, ...]) -> None:
    setup.set_stock(cards, complete=False)


@step("given", r'the deal "(?P<name>[a-z0-9-]+)"', 'the deal "fx-quiet-4p"')
def _named_deal(setup: Setup, name: str) -> None:
    setup.use_deal(name)


@step("given", rf"the deck order is (?P<cards>{CARDS})", "the deck order is AS 2S 3S")
def _deck(setup: Setup, cards: tuple[str, ...]) -> None:
    setup.set_deck(cards)


@step(
    "given",
    r"the deck is dealt in this order:",
    "the deck is dealt in this order:",
    block=lambda lines: card_list(" ".join(lines)),
)
def _deck_block(setup: Setup, block: tuple[str, ...]) -> None:
    setup.set_deck(block)


@step("given", r"seat (?P<seat>\d+) ù'd the previous game", "seat 1 ù'd the previous game")
def _u_streak_one(setup: Setup, seat: int) -> None:
    setup.session.setdefault("u_streak", {})[str(seat)] = 1


@step(
    "given",
    r"seat (?P<seat>\d+) ù'd the previous (?P<n>\d+) games",
    "seat 1 ù'd the previous 2 games",
)
def _u_streak(setup: Setup, seat: int, n: int) -> None:
    setup.session.setdefault("u_streak", {})[str(seat)] = n


@step("given", r"seat (?P<seat>\d+) is the host", "seat 0 is the host")
def _host(setup: Setup, seat: int) -> None:
    setup.session["host"] = seat


@step("given", r"seat (?P<seat>\d+) won the previous game", "seat 2 won the previous game")
def _previous_winner(setup: Setup, seat: int) -> None:
    setup.table["previous_winner"] = seat


@step(
    "given",
    r"seat (?P<seat>\d+) left the table after the previous game",
    "seat 2 left the table after the previous game",
)
def _left_table(setup: Setup, seat: int) -> None:
    setup.table.setdefault("left", []).append(seat)


def _next_game(play: Play) -> dict[str, Any]:
    """The implementation's answer to next_game for the table the Given steps describe."""
    setup = play.setup
    try:
        players, _first, _deal = setup.deal_message()
    except StepError:
        players = setup.players or play.scenario.players
    message = {
        "type": "next_game",
        "players": players,
        "host": setup.session.get("host", 0),
        "previous_winner": setup.table.get("previous_winner"),
        "left": list(setup.table.get("left", [])),
    }
    reply = play.request(message)
    if not reply.get("ok"):
        error = reply.get("error") or {}
        raise play.fail("a next_game reply", f"error {error.get('code')}: {error.get('message')}")
    return reply


@step(
    "then",
    r"the next game is opened by seat (?P<seat>\d+)",
    "the next game is opened by seat 3",
    needs=["next_game"],
    clause="DEAL.NEXT-GAME",
)
def _opens_next(play: Play, seat: int) -> None:
    first = _next_game(play).get("first")
    expect(play, first == seat, f"seat {seat} opens the next game", f"seat {first} opens it")


@step(
    "then",
    r"the next game is not opened by seat (?P<seat>\d+)",
    "the next game is not opened by seat 2",
    needs=["next_game"],
    clause="DEAL.NEXT-GAME",
)
def _not_opens_next(play: Play, seat: int) -> None:
    first = _next_game(play).get("first")
    expect(play, first != seat, f"seat {seat} does not open the next game", f"seat {first}")


@step(
    "then",
    r"the host of the next game is seat (?P<seat>\d+)",
    "the host of the next game is seat 1",
    needs=["next_game"],
    clause="DEAL.HOST-PASSES",
)
def _next_host(play: Play, seat: int) -> None:
    host = _next_game(play).get("host")
    expect(play, host == seat, f"seat {seat} hosts the next game", f"seat {host} hosts it")


