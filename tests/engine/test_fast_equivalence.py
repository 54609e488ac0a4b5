"""The fast path (reference_impl.fast) plays exactly as the rule functions do.

Two games of the same deal, one started with ``fast.ENABLED`` on and one with it off, take the
same random actions side by side; at every step the legal lists, the rulings (events
included), the states and at the end the results must be equal.  Every ruleset at 2, 3 and 4
players, with room options, readings and parameter values that change the rules the fast path
inlines (eaten cards, binding declarations, ù claimed, compulsory lay-downs and sends, ...).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from phomspec import ResolvedRuleset, SpecError, list_rulesets
from phomspec.cards import card
from reference_impl import Deal, Game, fast, load_ruleset, melds, settle
from reference_impl.actions import LEAVE, TIMEOUT, Action
from reference_impl.rulings import Accepted
from reference_impl.state import GameState

from .test_properties import VARIANTS, junk, variant

#: Readings that change parameters the fast path reads (each tried on every ruleset).
READINGS = [
    {},
    {"AMB.U-AUTOMATIC": "declared"},
    {"AMB.HOLD-BACK": "lay-all"},
    {"AMB.SEND-COMPULSORY": "compulsory"},
    {"AMB.U-TAI-LAID": "regroup-laid"},
    {"AMB.U-TAI-LAID": "no-u-after-lay-down"},
    {"AMB.LAY-SEND-ORDER": "interleaved"},
    {"AMB.EAT-DECLARATION-BINDING": "binding"},
    {"AMB.EATEN-DISTINCT": "shared"},
    {"AMB.EATEN-IN-PHOM": "free"},
    {"AMB.TAI-EAT": "draw-only"},
    {"AMB.TAI-DISCARD-CHOT": "plain"},
    {"AMB.SEND-OWN": "own-too", "AMB.SEND-EXTENDED": "as-laid-only"},
    {"AMB.SEND-MOM": "allowed"},
    {"AMB.MOM-ORDER": "points", "AMB.ALL-MOM-004": "lowest-points"},
    {"AMB.LAYDOWN-TIME": "first-phom"},
    {"AMB.LAYDOWN-TIME": "last-turn"},
    {"AMB.THEM-VONG-ELSEWHERE": "present", "AMB.THEM-VONG-SEND": "send"},
    {"AMB.U-DEALT-TEN": "dealt-ten"},
    {"AMB.U-K-KINGS": "own-kings-anywhere", "AMB.CA-K-ROUND": "pile-place"},
]


def _configs() -> list[tuple[str, ResolvedRuleset]]:
    out = []
    for rid in list_rulesets():
        for options in (None, {"ki_gui": False}) if rid == "ki-gui" else (None,):
            for readings in READINGS:
                try:
                    rs = load_ruleset(rid, options, readings)
                except SpecError:
                    continue  # a reading this ruleset does not offer
                out.append((f"{rid}:{options or ''}:{','.join(readings.values())}", rs))
    for base in ("hoi-quan-bai", "co-ban"):
        for overrides in VARIANTS:
            out.append((f"{base}:{','.join(overrides)}", variant(base, overrides)))
    return out


CONFIGS = _configs()
_FIELDS = [f.name for f in dataclasses.fields(GameState) if f.name != "events"]


@contextmanager
def _fast(on: bool) -> Iterator[None]:
    was = fast.ENABLED
    fast.ENABLED = on
    try:
        yield
    finally:
        fast.ENABLED = was


def pair(rs: ResolvedRuleset, seed: int, players: int) -> tuple[Game, Game]:
    """The same deal started on the fast path and on the rule functions' path."""
    deal = Deal.shuffled(seed, players, seed % players)
    with _fast(True):
        a = Game(rs, deal)
    with _fast(False):
        b = Game(rs, deal)
    assert a.start_events == b.start_events
    return a, b


def same_state(a: Game, b: Game) -> None:
    for name in _FIELDS:
        # the fixed fields (ruleset, parameters, deal, context) are the same objects: equal
        # without comparing them member by member at every step
        mine, theirs = getattr(a.st, name), getattr(b.st, name)
        assert mine is theirs or mine == theirs, name
    assert a.state() == b.state()


def play_side_by_side(a: Game, b: Game, rng: random.Random, *, full: bool) -> int:
    """Play both to the end with the same random choices; return the number of steps."""
    steps = 0
    while not b.is_over:
        assert a.to_act == b.to_act and a.phase == b.phase
        seat = b.to_act
        assert seat is not None
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb
        roll = rng.random()
        if roll < 0.03:
            # an action that is mostly illegal, by a seat that may not be the one to act
            probe: Action = junk(rng, b.players)
            who = rng.randrange(b.players)
            ca, cb = a.copy(), b.copy()
            before = ca.last_events
            probed = ca.apply(who, probe)
            assert probed == cb.apply(who, probe)
            if not probed.ok:
                assert ca.last_events == before  # a refused action changes nothing
            same_state(ca, cb)
        if roll < 0.01:
            action: Action = TIMEOUT
        elif roll < 0.013:
            seat = rng.choice([s for s in range(b.players) if not b.st.left[s]])
            action = LEAVE
        else:
            k = rng.randrange(len(lb))
            action = lb[k]
            how = rng.random()
            if how < 0.5:
                action = la[k]  # the fast game's own listed object: its trusted path
            if how >= 0.4:
                # the index API: the k-th action of the engine's own list, events kept
                assert a.listed() == b.listed() == tuple(lb)
                assert a.legal_count() == b.legal_count() == len(lb)
                a.play(k)
                if how >= 0.7:
                    b.play(k)
                    rb = Accepted(b.last_events)
                else:
                    rb = b.apply(seat, action)
                assert Accepted(a.last_events) == rb
                assert b.last_events == rb.events
                if full:
                    same_state(a, b)
                steps += 1
                continue
        ra, rb = a.apply(seat, action), b.apply(seat, action)
        assert ra == rb and ra.to_json() == rb.to_json()
        assert a.last_events == b.last_events == ra.events
        if full:
            same_state(a, b)
        steps += 1
    assert a.is_over and a.result() == b.result()
    same_state(a, b)
    return steps


@pytest.mark.parametrize("name,rs", CONFIGS, ids=[n for n, _ in CONFIGS])
def test_fast_path_plays_as_the_rule_functions(name: str, rs: ResolvedRuleset) -> None:
    for seed in range(6):
        for players in (2, 3, 4):
            if players not in rs.params["players"]:
                continue
            a, b = pair(rs, 1000 * seed + players, players)
            play_side_by_side(a, b, random.Random(seed), full=True)


@pytest.mark.parametrize("rid", list_rulesets())
def test_many_games_on_both_paths(rid: str) -> None:
    rs = load_ruleset(rid)
    for seed in range(150):
        players = 2 + seed % 3
        a, b = pair(rs, seed, players)
        play_side_by_side(a, b, random.Random(~seed), full=False)


def test_a_copy_keeps_its_path() -> None:
    rs = load_ruleset("hoi-quan-bai")
    a, b = pair(rs, 7, 4)
    rng = random.Random(7)
    for _ in range(12):
        k = rng.randrange(len(b.legal_actions()))
        a.apply(a.to_act, a.legal_actions()[k])
        b.apply(b.to_act, b.legal_actions()[k])
    with _fast(False):
        ca = a.copy()  # the copy plays on the fast path all the same
    play_side_by_side(ca, b.copy(), random.Random(1), full=True)
    play_side_by_side(a, b, random.Random(1), full=True)


def test_a_mutant_plays_the_rule_functions() -> None:
    from conformance.mutants.base import applied
    from conformance.mutants.catalog import MUTANTS

    mutant = next(m for m in MUTANTS if m.id == "round-no-tai")
    assert fast.ENABLED
    with applied(mutant):
        assert not fast.ENABLED
    assert fast.ENABLED


def test_compact_events_become_the_protocol_dicts() -> None:
    a, b = pair(load_ruleset("co-ban"), 3, 3)
    a.legal_actions()
    ruling = a.apply(a.to_act, a.legal_actions()[0])
    b.legal_actions()
    expected: Any = b.apply(b.to_act, b.legal_actions()[0])
    assert ruling.ok and all(type(e) is dict for e in ruling.events)
    assert ruling.events == expected.events
    assert [e["type"] for e in ruling.events] == ["discarded", "turn"]


def test_the_fast_path_tables_agree_with_the_meld_functions() -> None:
    rng = random.Random(5)
    for size in range(0, 16):
        for _ in range(400):
            hand = sum(1 << c for c in rng.sample(range(52), size))
            assert melds.loose_count(hand) == (hand & ~melds.covered(hand)).bit_count()
            card = rng.choice([c for c in range(52) if not hand >> c & 1])
            if melds.may_join(card, hand):
                near = hand & melds.PARTNERS[card]
                assert near.bit_count() >= 2
            withs = [w for w in fast.WITHS[card] if w & hand == w]
            assert list(fast.eat_withs(card, hand)) == withs


def test_play_takes_a_position_of_the_legal_list_only() -> None:
    for on in (True, False):
        with _fast(on):
            game = Game(load_ruleset("hoi-quan-bai"), Deal.shuffled(3, 4, 1))
        state, events = game.state(), game.last_events
        assert events == game.start_events == game.copy().start_events
        assert all(type(e) is dict for e in events)
        n = game.legal_count()
        assert n == len(game.legal_actions()) == len(game.listed()) > 0
        for bad in (n, -1):
            with pytest.raises(IndexError):
                game.play(bad)
            assert game.state() == state and game.last_events == events
            assert game.version == 0
        game.play(n - 1)
        assert game.version == 1 and game.last_events != events
        while not game.is_over:
            game.play(0)
        assert game.legal_count() == 0 and game.listed() == ()
        with pytest.raises(IndexError):
            game.play(0)
        assert game.result() is not None


def _deal_with(hand: list[int], seat: int, players: int, first: int, seed: int) -> Deal:
    """A deal giving ``seat`` the cards ``hand`` (10 if it is ``first``, else 9) and the
    rest of the deck, shuffled by ``seed``, to the other seats and the stock."""
    rest = [c for c in range(52) if c not in hand]
    random.Random(seed).shuffle(rest)
    hands = []
    for s in range(players):
        size = 10 if s == first else 9
        if s == seat:
            assert len(hand) == size
            hands.append(list(hand))
        else:
            hands.append(rest[:size])
            del rest[:size]
    return Deal.from_hands(hands, rest, first)


#: Nine cards without a cạ (ranks 3 apart in a suit, no rank twice): ù khan where it counts.
NO_CA = [card(0, r) for r in (0, 3, 6, 9, 12)] + [card(1, r) for r in (1, 4, 7, 10)]
#: Ten cards of three phỏm and one more: an ù on the dealt cards where the reading has it.
DEALT_U = [card(0, 0), card(0, 1), card(0, 2), card(1, 3), card(1, 4), card(1, 5),
           card(0, 8), card(1, 8), card(2, 8), card(3, 11)]


@pytest.mark.parametrize("name,rs", CONFIGS, ids=[n for n, _ in CONFIGS])
def test_a_game_starts_on_both_paths_alike(name: str, rs: ResolvedRuleset) -> None:
    """fast.open_game: the opening turn, ù khan (of any seat, in play order from the first)
    and the ù of the first seat's dealt cards, as the rule functions decide them."""
    for players in rs.params["players"]:
        for first in range(players):
            deals = [Deal.shuffled(first, players, first)]
            for seat in range(players):
                if seat != first:
                    deals.append(_deal_with(NO_CA, seat, players, first, seat))
            deals.append(_deal_with([*NO_CA, card(3, 5)], first, players, first, 9))
            deals.append(_deal_with(DEALT_U, first, players, first, 5))
            for deal in deals:
                with _fast(True):
                    a = Game(rs, deal)
                with _fast(False):
                    b = Game(rs, deal)
                assert a.start_events == b.start_events
                same_state(a, b)
                assert a.legal_actions() == b.legal_actions()
                assert a.result() == b.result()


@pytest.mark.parametrize("readings", [{}, {"AMB.U-K-KINGS": "own-kings-anywhere"}])
def test_the_extras_are_skipped_only_when_they_pay_nothing(readings: dict[str, str]) -> None:
    """fast.extras_may_pay: False only where settle.settle_extras pays nothing (the ends by
    points of random u9la games, whose extras are ù K and đồng hoa)."""
    rs = load_ruleset("u9la", None, readings)
    rng = random.Random(4)
    paid = 0
    for seed in range(240):
        players = 2 + seed % 3
        game = Game(rs, Deal.shuffled(seed, players, seed % players))
        while not game.is_over:
            st = game.st.copy()
            before = len(st.payments)
            settle.settle_extras(st, list(range(players)))
            if len(st.payments) > before:
                paid += 1
                assert fast.extras_may_pay(game.st)
            game.play(rng.randrange(game.legal_count()))
    assert paid  # the games reach extras that pay
