"""Properties over random games of every ruleset at 2, 3 and 4 players (INV.*).

Hypothesis draws the seed, ruleset and table size (derandomized, so every run checks the
same examples); a seeded RNG plays the game: a uniformly random legal action, now and then
a timeout, a leave, or an action that is not listed (which must be rejected and change
nothing).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phomspec import ResolvedRuleset
from reference_impl import Deal, Game, Rejected, load_ruleset
from reference_impl.actions import DRAW, LEAVE, PASS, TIMEOUT, Action, Discard, Eat, LayDown, Send
from reference_impl.cards import Card

CONFIGS = [
    ("hoi-quan-bai", None),
    ("co-ban", None),
    ("ki-gui", {"ki_gui": True}),
    ("ki-gui", {"ki_gui": False}),
    ("u9la", None),
]
RULESETS = {(rid, str(opts)): load_ruleset(rid, opts) for rid, opts in CONFIGS}
SETTINGS = settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
games = st.tuples(
    st.integers(min_value=0, max_value=10**9),
    st.sampled_from(CONFIGS),
    st.sampled_from([2, 3, 4]),
)


def new(seed: int, config: tuple[str, Any], players: int) -> Game:
    rs = RULESETS[(config[0], str(config[1]))]
    return Game(rs, Deal.shuffled(seed, players, seed % players))


def card_count(state: dict[str, Any]) -> int:
    """Cards in hands + stock + piles + laid phỏm + sent cards (INV.52-CARDS)."""
    return (
        sum(len(h) for h in state["hands"])
        + len(state["stock"])
        + sum(len(p) for p in state["piles"])
        + sum(len(ph) for seat in state["laid"] for ph in seat)
        + sum(len(s) for s in state["sent"])
    )


def junk(rng: random.Random, n: int) -> Action:
    """An arbitrary action, mostly illegal."""
    c = [Card(x) for x in rng.sample(range(52), 4)]
    options: list[Action] = [
        DRAW,
        PASS,
        Discard(c[0]),
        Eat(c[0], (c[1], c[2])),
        Send(c[0], rng.randrange(n + 1), rng.randrange(3)),
        LayDown(((c[0], c[1], c[2]),)),
    ]
    return rng.choice(options)


def play_random(game: Game, rng: random.Random, extras: bool) -> list[tuple[int, Action]]:
    """Play to the end; return the (seat, action) sequence."""
    played: list[tuple[int, Action]] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        assert legal, "a seat to act always has a legal action"
        roll = rng.random()
        if extras and roll < 0.01:
            action: Action = TIMEOUT
        elif extras and roll < 0.015:
            seat = rng.choice([s for s in range(game.players) if not game.st.left[s]])
            action = LEAVE
        else:
            action = rng.choice(legal)
        ruling = game.apply(seat, action)
        assert ruling.ok, (seat, action, ruling)
        played.append((seat, action))
    return played


@SETTINGS
@given(games)
def test_invariants_at_every_step(case: tuple[int, tuple[str, Any], int]) -> None:
    seed, config, players = case
    game = new(seed, config, players)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        # A few listed actions, each tried on a copy: all accepted.
        for action in rng.sample(legal, min(3, len(legal))):
            assert game.copy().apply(seat, action).ok, action
        # Something not listed: rejected, nothing changes (INV.REJECT-UNCHANGED).
        other = junk(rng, game.players)
        if other not in legal and not (isinstance(other, LayDown) and len(other.phoms) > 1):
            before = game.state()
            ruling = game.apply(seat, other)
            assert isinstance(ruling, Rejected), (other, ruling)
            assert ruling.clause in ruling.reason.clauses, ruling  # spec/reasons.yaml
            assert game.state() == before
        roll = rng.random()
        if roll < 0.01:
            ruling = game.apply(seat, TIMEOUT)
        elif roll < 0.015:
            ruling = game.apply(
                rng.choice([s for s in range(game.players) if not game.st.left[s]]), LEAVE
            )
        else:
            ruling = game.apply(seat, rng.choice(legal))
        assert ruling.ok
        state = game.state()
        assert card_count(state) == 52  # INV.52-CARDS
        assert sum(state["money"]) == 0  # INV.ZERO-SUM
    result = game.result()
    assert result is not None
    assert sum(result["totals"]) == 0
    assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
    assert [r["place"] for r in result["ranking"]] == list(range(1, players + 1))


@SETTINGS
@given(games)
def test_piles_end_at_four_and_the_stock_draws_are_fixed(
    case: tuple[int, tuple[str, Any], int],
) -> None:
    seed, config, players = case
    game = new(seed, config, players)
    play_random(game, random.Random(seed), extras=False)
    result = game.result()
    assert result is not None
    if result["ending"] in ("points", "all_mom"):
        state = game.state()
        assert [len(p) for p in state["piles"]] == [4] * players  # INV.PILES-FOUR
        draws = {4: 15, 3: 11, 2: 7}[players]  # INV.STOCK-EMPTY-4P at 4 players
        assert state["stock_count"] == 52 - 9 * players - 1 - draws


@SETTINGS
@given(games)
def test_same_seed_same_game(case: tuple[int, tuple[str, Any], int]) -> None:
    seed, config, players = case
    runs = []
    for _ in range(2):
        game = new(seed, config, players)
        played = play_random(game, random.Random(seed), extras=True)
        runs.append((played, game.result()))
    assert runs[0] == runs[1]


def _map_action(action: Action, card: Any, seat: Any) -> Action:
    if isinstance(action, Discard):
        return Discard(card(action.card))
    if isinstance(action, Eat):
        return Eat(card(action.card), tuple(card(c) for c in action.with_))
    if isinstance(action, LayDown):
        return LayDown(tuple(tuple(card(c) for c in p) for p in action.phoms))
    if isinstance(action, Send):
        return Send(card(action.card), seat(action.seat), action.phom)
    return action


def _replay(game: Game, played: list[tuple[int, Action]], card: Any, seat: Any) -> dict[str, Any]:
    for s, action in played:
        mapped = _map_action(action, card, seat)
        ruling = game.apply(seat(s), mapped)
        assert ruling.ok, (s, action, mapped, ruling)
    result = game.result()
    assert result is not None
    return result


@SETTINGS
@given(games, st.permutations(range(4)))
def test_permuting_suits_permutes_the_outcome(
    case: tuple[int, tuple[str, Any], int], perm: list[int]
) -> None:
    seed, config, players = case
    game = new(seed, config, players)
    # No timeouts: the auto-play breaks point ties by suit (TIME.AUTO-PLAY.TIE).
    played = play_random(game, random.Random(seed), extras=False)
    original = game.result()

    def card(c: int) -> Card:
        return Card(perm[c // 13] * 13 + c % 13)

    deal = game.st.deal
    permuted = Deal(
        tuple(tuple(card(c) for c in h) for h in deal.hands),
        tuple(card(c) for c in deal.stock),
        deal.first,
    )
    result = _replay(Game(game.st.rs, permuted), played, card, lambda s: s)
    assert result == original


@SETTINGS
@given(games, st.integers(min_value=1, max_value=3))
def test_rotating_seats_rotates_the_outcome(
    case: tuple[int, tuple[str, Any], int], shift: int
) -> None:
    seed, config, players = case
    game = new(seed, config, players)
    played = play_random(game, random.Random(seed), extras=True)
    original = game.result()
    assert original is not None

    def seat(s: int) -> int:
        return (s + shift) % players

    deal = game.st.deal
    hands = [deal.hands[(s - shift) % players] for s in range(players)]
    rotated = Deal(tuple(hands), deal.stock, seat(deal.first))
    result = _replay(Game(game.st.rs, rotated), played, lambda c: c, seat)
    assert result["ending"] == original["ending"]
    assert result["winner"] == seat(original["winner"])
    assert [(r["seat"], r["rank"], r["points"]) for r in result["ranking"]] == [
        (seat(r["seat"]), r["rank"], r["points"]) for r in original["ranking"]
    ]
    assert sorted(
        (p["from"], p["to"], p["amount"], p["reason"]) for p in result["payments"]
    ) == sorted(
        (seat(p["from"]), seat(p["to"]), p["amount"], p["reason"]) for p in original["payments"]
    )
    assert result["totals"] == [original["totals"][(s - shift) % players] for s in range(players)]


# Parameter values no shipped ruleset uses (readings a house may pick): the engine must still
# play legal games with them.
VARIANTS = [
    {"eat.binding_declaration": True},
    {"eat.distinct_phom": False},
    {"eat.keep_in_phom": False},
    {"eat_penalty.counting": "by_round", "eat_penalty.chot_counts": False},
    {"rounds.tai_may_eat": False, "rounds.tai_discard_is_chot": False},
    {"send.to_own_phom": True, "send.to_extended_phom": False, "send.requires_phom": False},
    {"u.before_first_discard": True, "u.three_eats": False},
    {"ranking.mom_order": "points", "ranking.all_mom_winner": "lowest_points"},
    {"ranking.lay_down_time": "last_final_turn", "timeout.final_round_unlaid_mom": False},
    {
        "rounds.them_vong_send": True,
        "u_den.precedence": ["chot_liability", "tai_eater", "direct_chot", "three_eats"],
    },
]


def variant(base: str, overrides: dict[str, Any]) -> ResolvedRuleset:
    rs = load_ruleset(base)
    return ResolvedRuleset(rs.id, rs.options, rs.readings, rs.params | overrides)


@pytest.mark.parametrize("overrides", VARIANTS, ids=[",".join(v) for v in VARIANTS])
@pytest.mark.parametrize("base", ["hoi-quan-bai", "u9la"])
def test_parameter_variants_play_legal_games(base: str, overrides: dict[str, Any]) -> None:
    rs = variant(base, overrides)
    for seed in range(40):
        players = 2 + seed % 3
        game = Game(rs, Deal.shuffled(seed, players, seed % players))
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            assert legal
            for action in legal:
                assert game.copy().apply(seat, action).ok, (overrides, action)
            action = TIMEOUT if rng.random() < 0.02 else rng.choice(legal)
            assert game.apply(seat, action).ok
            assert card_count(game.state()) == 52
        result = game.result()
        assert result is not None and sum(result["totals"]) == 0


def test_no_eat_on_a_tai_turn_when_the_ruleset_says_so() -> None:
    from .helpers import cycles, make_deal, play, rejected
    from .test_rounds import TAI_HANDS, TAI_STOCK

    game = Game(variant("co-ban", {"rounds.tai_may_eat": False}), make_deal(TAI_HANDS, TAI_STOCK))
    play(game, "0: discard KC")
    cycles(game, 11)
    play(game, "0: draw\n0: lay down 2S 3S 4S\n0: discard QH\n1: eat QH with QC QD")
    play(game, "1: lay down QH QC QD\n1: discard KD\n2: cycle\n3: cycle")
    assert game.state()["tai"] is True
    assert [str(a) for a in game.legal_actions()] == ["draw"]
    rejected(game, 0, "eat KH with QS 9D", "EAT_ROUND_NOT_ALLOWED")
