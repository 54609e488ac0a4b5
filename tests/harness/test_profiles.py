"""``phom-reference --profile``: the reference in the shape of each profile (spec/protocol.md
8), through ``Server.handle``. Every game is replayed on the explicit reference with the same
choices (a bare eat with the partners its ``ate`` event names, an automatic lay-down as its
lay_down and sends): the replay accepts every action, gives the same events and ends with the
same ranking and points."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from reference_impl.cards import format_card, parse_card
from reference_impl.melds import is_phom
from tests.harness.profile_games import Played, Session, deck, play, replay_explicit

RULESETS = ("co-ban", "hoi-quan-bai", "ki-gui", "u9la")
PROFILES = ("auto-lay", "bare-eat", "no-money", "auto-lay,bare-eat,no-money")
GAMES = 8  # per profile and ruleset


def _mask(cards: list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


def _check_auto_lay(session: Session, played: Played, seen: Counter[str]) -> None:
    for step in played.steps:
        if step.before["phase"] == "final_turn":
            assert step.action["type"] == "discard", step.action
        laid = [e for e in step.events if e["type"] == "laid_down"]
        sent = [e for e in step.events if e["type"] == "sent"]
        if not (laid or sent):
            continue
        assert step.action["type"] == "discard" and step.before["phase"] == "final_turn"
        kinds = [e["type"] for e in step.events]
        # one laid_down at most, then the sends, then the discard (spec/protocol.md 8.1)
        assert kinds[: len(laid) + len(sent) + 1] == ["laid_down"] * len(laid) + \
            ["sent"] * len(sent) + ["discarded"]
        seat = step.seat
        hand = set(step.before["hands"][seat])
        phoms = [ph for e in laid for ph in e["phoms"]]
        assert all(is_phom(_mask(ph)) for ph in phoms)
        out = [c for ph in phoms for c in ph] + [e["card"] for e in sent]
        assert len(out) == len(set(out)) and set(out) <= hand - {step.action["card"]}
        eaten = hand & set(step.before["eaten"][seat])
        assert eaten <= {c for ph in phoms for c in ph}, "every eaten card in hand is laid"
        # each eaten card in a phỏm of its own (TURN.EAT.DISTINCT-PHOM, every shipped ruleset)
        assert all(len(eaten & set(ph)) <= 1 for ph in phoms)
        seen["lay-down with an eaten card" if eaten else "lay-down"] += 1
        seen["sends"] += bool(sent)


def _check_final_discards(session: Session, seen: Counter[str]) -> None:
    """On a final-round turn, every card of the hand that is not listed is refused, and the
    refusal changes nothing."""
    state = session.ask("state", game="g")["state"]
    if state["phase"] != "final_turn":
        return
    seat = state["to_act"]
    listed = {a["card"] for a in session.ask("legal_actions", game="g")["actions"]}
    for card in sorted(set(state["hands"][seat]) - listed):
        ruling = session.apply("g", seat, {"type": "discard", "card": card})
        assert ruling["ruling"] == "rejected", (card, ruling)
        assert session.ask("state", game="g")["state"] == state
        seen[f"refused {ruling['reason']}"] += 1


def _check_bare_eat(played: Played, seen: Counter[str]) -> None:
    for step in played.steps:
        if step.action["type"] == "eat":
            assert set(step.action) == {"type", "card"}
            ate = next(e for e in step.events if e["type"] == "ate")
            hand = set(step.before["hands"][step.seat])
            assert len(ate["with"]) >= 2 and set(ate["with"]) <= hand
            assert is_phom(_mask([*ate["with"], ate["card"]]))
            seen["bare eats"] += 1


def _check_no_money(played: Played) -> None:
    events = [e for step in played.steps for e in step.events] + played.start_events
    assert not [e for e in events if e["type"] == "payment"]
    assert all("money" not in step.before for step in played.steps)
    assert "payments" not in played.result and "totals" not in played.result


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("profile", PROFILES)
def test_games_in_each_shape_replay_on_the_explicit_reference(profile: str, ruleset: str) -> None:
    shapes = profile.split(",")
    session = Session(["--profile", profile])
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        session.strict = seed < 2 and ruleset == "ki-gui"  # every message against its schema
        played = play(session, seed, ruleset, players=2 + seed % 3)
        if "auto-lay" in shapes:
            _check_auto_lay(session, played, seen)
        if "bare-eat" in shapes:
            _check_bare_eat(played, seen)
        money = "no-money" not in shapes
        if not money:
            _check_no_money(played)
        events, result = replay_explicit(played, money)
        assert events == [step.events for step in played.steps]
        if money:
            assert result == played.result
        else:
            assert {k: v for k, v in result.items() if k not in ("payments", "totals")} == \
                played.result
        seen[played.result["ending"]] += 1
    if "auto-lay" in shapes:
        assert seen["lay-down"] + seen["lay-down with an eaten card"] > 0, seen
    if "bare-eat" in shapes:
        assert seen["bare eats"] > 0, seen


@pytest.mark.parametrize("reading", ["AMB.HOLD-BACK=lay-all", "AMB.SEND-COMPULSORY=compulsory",
                                     "AMB.EAT-DECLARATION-BINDING=binding"])
def test_auto_lay_and_bare_eat_under_declared_readings(reading: str) -> None:
    """The automatic lay-down and the bare eat under the readings that constrain them: what
    they choose is accepted by the explicit reference playing the same reading."""
    session = Session(["--profile", "auto-lay,bare-eat", "--reading", reading])
    amb, _, value = reading.partition("=")
    seen: Counter[str] = Counter()
    for seed in range(10):
        played = play(session, seed, RULESETS[seed % 4], players=3)
        _check_auto_lay(session, played, seen)
        events, result = replay_explicit(played, True, {amb: value})
        assert events == [step.events for step in played.steps]
        assert result == played.result
    assert seen["lay-down"] + seen["lay-down with an eaten card"] > 0, seen


def test_auto_lay_down_covers_eaten_cards_and_refuses_unlisted_discards() -> None:
    """Across rulesets: lay-downs holding eaten cards, sends, and refused final discards."""
    session = Session(["--profile", "auto-lay"])
    seen: Counter[str] = Counter()
    for seed in range(40):
        ruleset = RULESETS[seed % 4]
        _check_auto_lay(session, play(session, seed, ruleset, players=4), seen)
    assert seen["lay-down with an eaten card"] > 0 and seen["sends"] > 0, seen
    # a game stopped at final-round turns: every unlisted card is refused
    for seed in range(40):
        session.ask("new_game", game="g", ruleset=RULESETS[seed % 4], players=4, first=0,
                    deal={"deck": deck(seed)})
        for _ in range(200):
            legal = session.ask("legal_actions", game="g")
            if legal["seat"] is None:
                break
            _check_final_discards(session, seen)
            action = legal["actions"][seed % len(legal["actions"])]
            assert session.apply("g", legal["seat"], action)["ruling"] == "accepted"
    assert seen["refused DISCARD_EATEN_CARD"] > 0, seen


# -- hand-worked games -------------------------------------------------------------------------

def _two_player_deal(seat0: list[str], seat1: list[str], stock_top: list[str]) -> dict[str, Any]:
    used = set(seat0) | set(seat1) | set(stock_top)
    rest = [format_card(c) for c in range(52) if format_card(c) not in used]
    return {"hands": [seat0, seat1], "stock": stock_top + rest}


def _apply_all(session: Session, moves: list[tuple[int, dict[str, Any]]]) -> list[Any]:
    out = []
    for seat, action in moves:
        reply = session.apply("g", seat, action)
        assert reply["ruling"] == "accepted", (seat, action, reply)
        out.append(reply["events"])
    return out


def test_auto_lay_chooses_the_partition_with_least_deadwood() -> None:
    # Seat 0 keeps 5H 6H 7H 8H 8S 8C KD 10D and throws its junk and draws. On its final-round
    # turn (3 cards in its pile, ROUND.COUNT-BY-PILE) it draws 2D and is told to discard JC.
    # The run 5H-8H alone leaves 8S 8C KD 10D 2D (8+8+13+10+2 = 41 points); the run 5H-7H
    # with the set 8S 8C 8H leaves KD 10D 2D (25): the engine lays the second.
    seat0 = ["5H", "6H", "7H", "8H", "8S", "8C", "KD", "10D", "JC", "QS"]
    seat1 = ["AS", "3S", "AC", "3C", "AD", "3D", "AH", "3H", "JS"]
    stock = ["5S", "9C", "5C", "9S", "5D", "2D"]  # seat 1 draws 5S 5C 5D, seat 0 9C 9S 2D
    session = Session(["--profile", "auto-lay"])
    session.ask("new_game", game="g", ruleset="co-ban", players=2, first=0,
                deal=_two_player_deal(seat0, seat1, stock))
    draw = {"type": "draw"}
    _apply_all(session, [
        (0, {"type": "discard", "card": "QS"}),
        (1, draw), (1, {"type": "discard", "card": "5S"}),
        (0, draw), (0, {"type": "discard", "card": "9C"}),
        (1, draw), (1, {"type": "discard", "card": "5C"}),
        (0, draw), (0, {"type": "discard", "card": "9S"}),
        (1, draw), (1, {"type": "discard", "card": "5D"}),
        (0, draw),
    ])
    state = session.ask("state", game="g")["state"]
    assert state["phase"] == "final_turn" and state["to_act"] == 0
    legal = session.ask("legal_actions", game="g")["actions"]
    assert {a["type"] for a in legal} == {"discard"}
    assert {a["card"] for a in legal} == set(state["hands"][0])  # nothing eaten: any card
    events = session.apply("g", 0, {"type": "discard", "card": "JC"})["events"]
    laid = events[0]
    assert laid["type"] == "laid_down" and laid["seat"] == 0
    assert sorted(map(sorted, laid["phoms"])) == [["5H", "6H", "7H"], ["8C", "8H", "8S"]]
    assert events[1] == {"type": "discarded", "seat": 0, "card": "JC", "chot": True}
    assert set(session.ask("state", game="g")["state"]["hands"][0]) == {"10D", "KD", "2D"}


def test_bare_eat_takes_the_fewest_then_lowest_partners() -> None:
    # Seat 1 holds 5S 5C 6H 7H; seat 0 opens by discarding 5H. 5H makes a phỏm with 5S 5C
    # (a set) and with 6H 7H (a run); both have two cards, and 5S 5C come first in card
    # order (suits S C D H): the engine takes them.
    seat0 = ["5H", "KS", "QS", "JS", "9C", "KC", "QC", "9D", "KD", "QD"]
    seat1 = ["5S", "5C", "6H", "7H", "AS", "3S", "AC", "3C", "JH"]
    session = Session(["--profile", "bare-eat"])
    session.ask("new_game", game="g", ruleset="hoi-quan-bai", players=2, first=0,
                deal=_two_player_deal(seat0, seat1, []))
    session.apply("g", 0, {"type": "discard", "card": "5H"})
    legal = session.ask("legal_actions", game="g")["actions"]
    assert legal == [{"type": "draw"}, {"type": "eat", "card": "5H"}]
    events = session.apply("g", 1, {"type": "eat", "card": "5H"})["events"]
    assert events[0] == {"type": "ate", "seat": 1, "card": "5H", "from": 0,
                         "with": ["5S", "5C"], "chot": False}


def test_bare_eat_refusals_are_the_engines() -> None:
    seat0 = ["5H", "KS", "QS", "JS", "9C", "KC", "QC", "9D", "KD", "QD"]
    seat1 = ["5S", "2C", "6H", "8H", "AS", "3S", "AC", "3C", "JH"]
    session = Session(["--profile", "bare-eat"])
    session.ask("new_game", game="g", ruleset="hoi-quan-bai", players=2, first=0,
                deal=_two_player_deal(seat0, seat1, []))
    assert session.apply("g", 1, {"type": "eat", "card": "5H"})["reason"] == "NOT_YOUR_TURN"
    assert session.apply("g", 0, {"type": "eat", "card": "5H"})["reason"] == "EAT_NOTHING_TO_EAT"
    session.apply("g", 0, {"type": "discard", "card": "5H"})
    refused = session.apply("g", 1, {"type": "eat", "card": "5H"})
    assert (refused["reason"], refused["clause"]) == ("EAT_NOT_A_PHOM", "TURN.EAT.MAKES-PHOM")
    assert session.apply("g", 1, {"type": "eat", "card": "KS"})["reason"] == \
        "EAT_NOT_LATEST_DISCARD"
    assert session.ask("legal_actions", game="g")["actions"] == [{"type": "draw"}]


@pytest.mark.parametrize(("profile", "action", "code", "text"), [
    ("auto-lay", {"type": "lay_down", "phoms": [["5H", "6H", "7H"]]}, "unsupported",
     "takes no lay_down action"),
    ("auto-lay", {"type": "send", "card": "5H", "to": {"seat": 0, "phom": 0}}, "unsupported",
     "takes no send action"),
    ("bare-eat", {"type": "eat", "card": "5H", "with": ["6H", "7H"]}, "malformed",
     "unknown member(s) 'with'"),
    ("bare-eat", {"type": "eat"}, "malformed", "missing member 'card'"),
    ("bare-eat", {"type": "eat", "card": "5Z"}, "malformed", "malformed card code '5Z'"),
    ("no-money", {"type": "u"}, "unsupported", "takes no u action"),
])
def test_actions_outside_the_shape(profile: str, action: dict[str, Any], code: str,
                                   text: str) -> None:
    session = Session(["--profile", profile])
    session.ask("new_game", game="g", ruleset="co-ban", players=4, first=0,
                deal={"deck": deck(1)})
    request = {"id": 99, "type": "apply", "game": "g", "seat": 0, "action": action}
    reply = session.server.handle(request)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert text in reply["error"]["message"]


def test_the_default_shape_is_the_1_0_shape() -> None:
    session = Session()
    hello = session.hello
    assert hello["protocol"] == "1.1"
    assert (hello["lay_down"], hello["eat"], hello["u"], hello["money"]) == \
        ("explicit", "with", "automatic", "full")
    assert hello["actions"] == ["draw", "eat", "discard", "lay_down", "send", "pass",
                                "timeout", "leave"]
    steps = play(session, 3, "ki-gui", 4).steps
    assert any("with" in s.action for s in steps if s.action["type"] == "eat")


def test_hello_declares_each_shape() -> None:
    hello = Session(["--profile", "no-money,auto-lay", "--profile", "bare-eat"]).hello
    assert (hello["lay_down"], hello["eat"], hello["u"], hello["money"]) == \
        ("auto", "bare", "automatic", "none")
    assert hello["actions"] == ["draw", "eat", "discard", "pass", "timeout", "leave"]


def test_a_shaped_view_of_a_game_follows_actions_applied_to_the_game() -> None:
    """The harness may keep its reference as a Game and ask a ShapedGame over it for the
    legal actions of the implementation's shape, applying the adopted 1.0 actions to the
    game itself (``explicit_actions``)."""
    from reference_impl import Deal, Game, Phase, load_ruleset
    from reference_impl.actions import from_json
    from reference_impl.profiles import Profile, explicit_actions
    from reference_impl.shaped import ShapedGame

    profile = Profile.of_names("auto-lay,bare-eat")
    finals = 0
    for seed in range(10):
        game = Game(load_ruleset("u9la"), Deal.shuffled(seed=seed, players=4, first=0))
        mirror = Game(load_ruleset("u9la"), Deal.shuffled(seed=seed, players=4, first=0))
        view, shaped = ShapedGame(game, profile), ShapedGame(mirror, profile)
        while not game.is_over:
            legal = shaped.legal_actions()
            assert view.legal_actions() == legal
            finals += mirror.phase is Phase.FINAL_TURN
            action = legal[seed % len(legal)]
            seat = mirror.to_act
            assert seat is not None
            if action["type"] == "eat":
                ruling = shaped.eat_bare(seat, from_json({**action, "with": []}).card)
            else:
                ruling = shaped.apply(seat, from_json(action))
            assert ruling.ok
            for step in explicit_actions(action, list(ruling.events)):  # type: ignore[union-attr]
                assert game.apply(seat, from_json(step)).ok
        assert game.result() == mirror.result()
    assert finals > 0
