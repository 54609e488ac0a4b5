"""Players for the fuzzer: each picks one of the legal actions of the seat to act.

The mix matters: uniform random play almost never makes an ù, a tái or a thêm vòng, so the
fuzzer also seats players that eat whenever they can, feed the next seat cards it can eat,
lay down the best arrangement and send whatever fits, hold every phỏm back (móm), or aim
their last discard at another player's points (ties).
"""

from __future__ import annotations

import random
from typing import Any

from reference_impl import melds
from reference_impl.actions import LEAVE, TIMEOUT, Action, Discard, LayDown
from reference_impl.cards import Card
from reference_impl.state import cores_of, next_active

POINTS = tuple(c % 13 + 1 for c in range(52))


class Policy:
    """Chooses an action for ``seat`` among ``legal`` (the engine's legal actions)."""

    name = "policy"

    def choose(self, game: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomPolicy(Policy):
    """Uniform over the legal actions; now and then a timeout, rarely a leave."""

    name = "random"

    def __init__(self, timeout_rate: float = 0.01, leave_rate: float = 0.002):
        self.timeout_rate, self.leave_rate = timeout_rate, leave_rate

    def choose(self, game: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        x = rng.random()
        if x < self.leave_rate:
            return LEAVE
        if x < self.leave_rate + self.timeout_rate:
            return TIMEOUT
        return rng.choice(legal)


#: Per card: the other cards it makes a cạ with (PHOM.CA), from :func:`melds.has_ca`.
_CA_WITH: tuple[int, ...] = tuple(
    sum(1 << c for c in range(52) if c != x and melds.has_ca((1 << x) | (1 << c)))
    for x in range(52))


def _deadwood_after(game: Any, seat: int, remove: int) -> int:
    st = game.st
    hand = st.hands[seat] & ~remove
    eaten = st.eaten[seat] & hand
    pts, _ = melds.best_arrangement(hand, eaten, st.p.eat_distinct_phom, cores_of(st, eaten))
    return int(pts)


def best_discard(game: Any, seat: int, discards: list[Action]) -> Action:
    """The discard that keeps the cạ and leaves the least deadwood; ties: the higher card
    (the first listed among equals)."""
    hand = game.st.hands[seat]
    cards = [a for a in discards if isinstance(a, Discard)]
    if not cards:
        return discards[0]
    loose = [a for a in cards if not hand & _CA_WITH[a.card]]
    # A card outside every cạ of the hand comes first; then the least deadwood left.
    pool = loose or cards
    if len(pool) == 1:
        return pool[0]
    st = game.st
    eaten = st.eaten[seat] & hand
    fixed = eaten
    for core in cores_of(st, eaten):
        fixed |= core
    # A card in no phỏm of the hand (and neither eaten nor named with an eaten card) is
    # deadwood in every arrangement: the hand without it has its points less.
    alone = hand & ~melds.covered(hand) & ~fixed
    whole = None
    best: tuple[int, int] | None = None
    choice = pool[0]
    for a in pool:
        bit = 1 << a.card
        if alone & bit:
            if whole is None:
                whole = _deadwood_after(game, seat, 0)
            left = whole - POINTS[a.card] if whole < melds.INF else whole
        else:
            left = _deadwood_after(game, seat, bit)
        key = (left, -POINTS[a.card])
        if best is None or key < best:
            best, choice = key, a
    return choice


def best_lay_down(game: Any, seat: int) -> LayDown | None:
    """Every phỏm of the hand's best arrangement, in one lay-down (None when it has none)."""
    st = game.st
    hand = st.hands[seat]
    eaten = st.eaten[seat] & hand
    _, phoms = melds.best_arrangement(hand, eaten, st.p.eat_distinct_phom, cores_of(st, eaten))
    if not phoms:
        return None
    return LayDown(tuple(tuple(Card(c) for c in _cards(p)) for p in phoms))


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _split(legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a.type, []).append(a)
    return out


class GreedyPolicy(Policy):
    """Eats when it can, lays down the best arrangement, sends whatever fits, discards the
    card whose loss costs least."""

    name = "greedy"

    def __init__(self, eat_rate: float = 1.0, lay_down: bool = True, send: bool = True,
                 late_eats: bool = False):
        self.eat_rate, self.lay, self.send = eat_rate, lay_down, send
        self.late_eats = late_eats

    def choose(self, game: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        by = _split(legal)
        if self.late_eats and not game.st.final_round and "draw" in by:
            by.pop("eat", None)  # eats only in the final round: the draws stay in order
        if "eat" in by and rng.random() < self.eat_rate:
            return self.pick_eat(game, seat, by["eat"], rng)
        if "pass" in by:
            return by["pass"][0]
        if "draw" in by:
            return by["draw"][0]
        if self.lay and "lay_down" in by:
            lay = best_lay_down(game, seat)
            if lay is not None and lay.phoms:
                return lay
        if self.send and "send" in by:
            return by["send"][0]
        if "lay_down" in by and "discard" not in by:
            return by["lay_down"][0]  # an eaten card still to lay: the engine demands it
        if "discard" in by:
            return self.pick_discard(game, seat, by["discard"], rng)
        return rng.choice(legal)

    def pick_eat(self, game: Any, seat: int, eats: list[Action], rng: random.Random) -> Action:
        return rng.choice(eats)

    def pick_discard(self, game: Any, seat: int, discards: list[Action],
                     rng: random.Random) -> Action:
        return best_discard(game, seat, discards)


class FeederPolicy(GreedyPolicy):
    """Greedy, but discards a card the next seat can eat whenever it has one (in the final
    round only, with ``chot_only``): eats, chốt eats, three eats, tái and thêm vòng follow."""

    name = "feeder"

    def __init__(self, chot_only: bool = False, **kw: Any):
        super().__init__(**kw)
        self.chot_only = chot_only

    def pick_discard(self, game: Any, seat: int, discards: list[Action],
                     rng: random.Random) -> Action:
        if self.chot_only and not game.st.final_round:
            return best_discard(game, seat, discards)
        nxt = next_active(game.st, seat)
        target = game.st.hands[nxt]
        feeding = [a for a in discards if isinstance(a, Discard)
                   and melds.phoms_with(a.card, target & ~game.st.eaten[nxt])]
        if feeding:
            return rng.choice(feeding)
        return best_discard(game, seat, discards)


class HoarderPolicy(GreedyPolicy):
    """Never eats, never lays a phỏm down: ends móm (all of them móm when the whole table
    plays it)."""

    name = "hoarder"

    def __init__(self) -> None:
        super().__init__(eat_rate=0.0, lay_down=False, send=False)


class TieSeekerPolicy(GreedyPolicy):
    """Greedy; on a final-round discard, prefers leaving exactly the points of a player who
    has already laid down (RANK.TIE-EARLIER-LAYDOWN)."""

    name = "tie-seeker"

    def pick_discard(self, game: Any, seat: int, discards: list[Action],
                     rng: random.Random) -> Action:
        if game.st.final_round:
            st = game.st
            others = {melds.deadwood_points(st.hands[s]) for s in range(st.n)
                      if s != seat and st.laid[s]}
            for a in discards:
                if isinstance(a, Discard) and (
                        melds.deadwood_points(st.hands[seat] & ~(1 << a.card)) in others):
                    return a
        return best_discard(game, seat, discards)


class SenderPolicy(GreedyPolicy):
    """Greedy that sends first and eats only sometimes (more sends, fewer ù)."""

    name = "sender"

    def __init__(self) -> None:
        super().__init__(eat_rate=0.3)


POLICIES: dict[str, type[Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "feeder": FeederPolicy,
    "hoarder": HoarderPolicy,
    "tie-seeker": TieSeekerPolicy,
    "sender": SenderPolicy,
}


def make_policy(name: str) -> Policy:
    if name == "chot-feeder":
        return FeederPolicy(chot_only=True)
    if name == "late-feeder":
        return FeederPolicy(chot_only=True, late_eats=True)
    if name == "late-greedy":
        return GreedyPolicy(late_eats=True)
    return POLICIES[name]()
