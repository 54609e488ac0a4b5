"""Rigged deals: hands and stock orders that make rare rule events happen.

Uniform deals almost never give an ù khan hand, three eats from one victim, an ù tròn or a
phỏm of Kings. Each rig fixes the cards that matter for one or two seats (and where their
missing cards lie) and deals the rest at random; the policies of :mod:`.plan` then play it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from reference_impl import melds
from reference_impl.cards import format_card


@dataclass
class Rigged:
    """Cards fixed by a rig: hands (seat -> cards), cards on top of the stock (in order),
    cards put deep in the stock, and the policies and session it wants."""

    hands: dict[int, list[int]] = field(default_factory=dict)
    stock_top: list[int] = field(default_factory=list)
    policies: dict[int, str] = field(default_factory=dict)
    u_streak: dict[int, int] = field(default_factory=dict)


def deal_rigged(rig: Rigged, players: int, first: int, rng: random.Random
                ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Complete a rig into a deal: the other cards shuffled into the hands, then the stock."""
    used = {c for h in rig.hands.values() for c in h} | set(rig.stock_top)
    rest = [c for c in range(52) if c not in used]
    rng.shuffle(rest)
    hands = []
    for seat in range(players):
        hand = list(rig.hands.get(seat, []))
        want = 10 if seat == first else 9
        while len(hand) < want:
            hand.append(rest.pop())
        hands.append(tuple(format_card(c) for c in hand))
    stock = [format_card(c) for c in rig.stock_top] + [format_card(c) for c in rest]
    return tuple(hands), tuple(stock)


def _card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def no_ca_hand(size: int, rng: random.Random, avoid: set[int] | None = None) -> list[int]:
    """A hand without any cạ (PHOM.CA): ù khan (U.KHAN)."""
    avoid = avoid or set()
    while True:
        deck = [c for c in range(52) if c not in avoid]
        rng.shuffle(deck)
        hand: list[int] = []
        mask = 0
        for c in deck:
            if not melds.has_ca(mask | 1 << c):
                hand.append(c)
                mask |= 1 << c
                if len(hand) == size:
                    return hand


def _run(rng: random.Random, length: int, taken: set[int], suit: int | None = None) -> list[int]:
    for _ in range(200):
        s = rng.randrange(4) if suit is None else suit
        lo = rng.randrange(0, 14 - length)
        cards = [_card(s, r) for r in range(lo, lo + length)]
        if not taken.intersection(cards):
            return cards
    raise ValueError("no free run")


def _set(rng: random.Random, size: int, taken: set[int], rank: int | None = None) -> list[int]:
    for _ in range(200):
        r = rng.randrange(13) if rank is None else rank
        suits = [s for s in range(4) if _card(s, r) not in taken]
        if len(suits) >= size:
            rng.shuffle(suits)
            return [_card(s, r) for s in suits[:size]]
    raise ValueError("no free set")


def _phom(rng: random.Random, taken: set[int]) -> list[int]:
    return _run(rng, 3, taken) if rng.random() < 0.5 else _set(rng, 3, taken)


def _after(first: int, players: int, k: int = 1) -> int:
    return (first + k) % players


# -- the rigs ------------------------------------------------------------------------------------


def rig_u_khan(players: int, first: int, rng: random.Random) -> Rigged:
    seat = rng.randrange(players)
    return Rigged(hands={seat: no_ca_hand(10 if seat == first else 9, rng)})


def rig_near_u(players: int, first: int, rng: random.Random) -> Rigged:
    """Two phỏm and a cạ: the card that completes it may come by a draw or by an eat (then
    from the previous seat, who feeds it in the final round: a chốt eat, maybe ù đền)."""
    seat = rng.randrange(players)
    taken: set[int] = set()
    hand = _phom(rng, taken)
    taken |= set(hand)
    more = _phom(rng, taken)
    taken |= set(more)
    hand += more
    missing: int
    if rng.random() < 0.5:
        pair = _set(rng, 3, taken)
        hand += pair[:2]
        missing = pair[2]
    else:
        run = _run(rng, 3, taken)
        hand += [run[0], run[2]] if rng.random() < 0.5 else run[:2]
        missing = next(c for c in run if c not in hand)
    taken |= set(hand) | {missing}
    rig = Rigged()
    prev = (seat - 1) % players
    if rng.random() < 0.6:
        rig.hands[prev] = [missing]
        rig.policies[prev] = "chot-feeder" if rng.random() < 0.7 else "feeder"
    else:
        draws_before = rng.randrange(0, 3 * players)
        rig.stock_top = [*_stock_filler(draws_before, taken, rng), missing]
    rig.hands[seat] = hand
    rig.policies[seat] = "greedy"
    return rig


def _stock_filler(n: int, taken: set[int], rng: random.Random) -> list[int]:
    free = [c for c in range(52) if c not in taken]
    rng.shuffle(free)
    out = free[:n]
    taken |= set(out)
    return out


def rig_u_tron(players: int, first: int, rng: random.Random) -> Rigged:
    """Three phỏm of 9 cards and, on top of the stock, a 10th card that extends one of them:
    the first draw is an ù with all ten cards in phỏm (EXTRA.U-TRON)."""
    seat = _after(first, players)
    taken: set[int] = set()
    run = _run(rng, 4, taken)
    taken |= set(run)
    extra = run.pop(rng.choice([0, 3]))
    a = _phom(rng, taken)
    taken |= set(a)
    b = _phom(rng, taken)
    return Rigged(hands={seat: run + a + b}, stock_top=[extra], policies={seat: "greedy"})


def rig_dong_hoa_trang(players: int, first: int, rng: random.Random) -> Rigged:
    """Nine cards of one suit in three runs: an ù whose phỏm are all one suit."""
    seat = _after(first, players)
    suit = rng.randrange(4)
    lo = rng.randrange(0, 2)
    ranks = [lo, lo + 1, lo + 2, lo + 4, lo + 5, lo + 6, lo + 8, lo + 9, lo + 10]
    return Rigged(hands={seat: [_card(suit, r) for r in ranks]}, policies={seat: "greedy"})


def rig_three_eats(players: int, first: int, rng: random.Random) -> Rigged:
    """The eater holds three pairs, the seat before it the three cards that complete them,
    and feeds them: three eats from one victim (U.THREE-EATS, DEN.THREE-EATS)."""
    eater = rng.randrange(players)
    victim = (eater - 1) % players
    taken: set[int] = set()
    pairs: list[int] = []
    feed: list[int] = []
    ranks = rng.sample(range(13), 3)
    for r in ranks:
        cards = _set(rng, 3, taken, rank=r)
        taken |= set(cards)
        pairs += cards[:2]
        feed.append(cards[2])
    return Rigged(hands={eater: pairs, victim: feed},
                  policies={eater: "greedy", victim: "feeder"})


def rig_kings(players: int, first: int, rng: random.Random) -> Rigged:
    """Three or four Kings in one hand (EXTRA.U-K), and a run of five (EXTRA.DONG-HOA);
    a King waiting to be eaten by the next seat (EXTRA.CA-K)."""
    seat = rng.randrange(players)
    n_kings = 4 if rng.random() < 0.4 else 3
    kings = [_card(s, 12) for s in rng.sample(range(4), n_kings)]
    taken = set(kings)
    five = _run(rng, 5, taken | {_card(s, 11) for s in range(4)})
    taken |= set(five)
    rig = Rigged(hands={seat: kings + five}, policies={seat: "greedy"})
    if n_kings == 3 and rng.random() < 0.5:
        # the fourth King sits with the previous seat, who feeds it: cá K
        prev = (seat - 1) % players
        last = next(c for c in (_card(s, 12) for s in range(4)) if c not in taken)
        rig.hands[seat] = kings[:2] + five
        rig.hands[prev] = [kings[2], last]
        rig.policies[prev] = "feeder"
    return rig


def rig_u_thong(players: int, first: int, rng: random.Random) -> Rigged:
    """An ù by a seat that ù'd the game before (session u_streak): ù thông (EXTRA.U-THONG)."""
    rig = rig_u_tron(players, first, rng) if rng.random() < 0.5 else rig_near_u(players, first, rng)
    seat = next(s for s, p in rig.policies.items() if p == "greedy")
    rig.u_streak = {seat: rng.choice([1, 1, 2])}
    return rig


def _near_u_hand(rng: random.Random, taken: set[int], junk: int) -> tuple[list[int], list[int]]:
    """Two phỏm, a cạ and ``junk`` high cards; and the card(s) that complete the cạ."""
    hand = _phom(rng, taken)
    taken |= set(hand)
    more = _phom(rng, taken)
    taken |= set(more)
    hand += more
    if rng.random() < 0.5:
        cards = _set(rng, 4, taken)
        hand += cards[:2]
        missing = cards[2:]
    else:
        run = _run(rng, 3, taken)
        hand += run[:2]
        missing = [run[2]]
        below = run[0] - 1
        if run[0] % 13 and below not in taken:
            missing.append(below)  # the cạ is completed at either end
    taken |= set(hand) | set(missing)
    highs = [c for c in range(52) if c % 13 >= 9 and c not in taken]
    rng.shuffle(highs)
    extra: list[int] = []
    for c in highs:
        if len(extra) == junk:
            break
        if all(not melds.has_ca((1 << c) | (1 << x)) for x in (*hand, *extra, *missing)):
            extra.append(c)
    hand += extra
    taken |= set(extra)
    return hand, missing


def _final_draw(players: int, first: int, seat: int) -> int:
    """Index in the stock of the card ``seat`` draws on its final-round turn, if nobody eats."""
    if seat == first:
        return 3 * players - 1
    return (seat - first - 1) % players + 3 * players


def _stock_with(cards: list[int], at: int, taken: set[int], rng: random.Random) -> list[int]:
    """A stock top with ``cards`` at positions ``at``, ``at - 1``... (the rest shuffled)."""
    free = [c for c in range(52) if c not in taken and c not in cards]
    rng.shuffle(free)
    slots = {max(0, at - i): c for i, c in enumerate(cards)}
    out = [slots[i] if i in slots else free.pop() for i in range(at + 1)]
    taken |= set(out)
    return out


def _stock_len(players: int) -> int:
    return 52 - 9 * players - 1


def rig_chot_liability(players: int, first: int, rng: random.Random) -> Rigged:
    """A chốt eaten in the final round, then an ù by the seat after the eater, on its
    final-round draw: the eater is liable (DEN.CHOT-LIABILITY). With four players, half the
    time a chốt is eaten just before by the feeder too, and the liability passes on to the
    later eater (DEN.CHOT-LIABILITY-TRANSFER). Nobody eats before the final round, so the
    draws come in a known order."""
    if players < 3:
        return rig_near_u(players, first, rng)
    double = players == 4 and rng.random() < 0.5
    w = (first + (3 if double or (players == 4 and rng.random() < 0.5) else 2)) % players
    e = (w - 1) % players
    v = (w - 2) % players
    taken: set[int] = set()
    hand, missing = _near_u_hand(rng, taken, 1)
    pair = _set(rng, 3, taken)
    taken |= set(pair)
    rig = Rigged(hands={w: hand, e: pair[:2], v: [pair[2]]},
                 policies={s: "late-greedy" for s in range(players)})
    rig.policies[v] = "late-feeder"
    eats = 1
    if double:
        pair2 = _set(rng, 3, taken)
        taken |= set(pair2)
        x = (w - 3) % players
        rig.hands[v] = [pair[2], *pair2[:2]]
        rig.hands[x] = [pair2[2]]
        rig.policies[x] = "late-feeder"
        eats = 2
    # Each chốt eat before w's turn saves a draw: w's card comes that many places earlier;
    # the other completing cards go to the bottom, where nobody draws after an eat.
    at = _final_draw(players, first, w) - eats
    rig.stock_top = _stock_with(missing[:1], at, taken, rng)
    rest = [c for c in range(52) if c not in taken and c not in missing[1:]]
    rng.shuffle(rest)
    taken |= set(rest)
    rig.stock_top += rest[: _stock_len(players) - len(rig.stock_top) - len(missing[1:])]
    rig.stock_top += missing[1:]
    taken |= set(rig.stock_top)
    return rig


def rig_u_dealt(players: int, first: int, rng: random.Random) -> Rigged:
    """The first player is dealt three phỏm and one more card (U.NOT-BEFORE-FIRST-DISCARD:
    no ù before the opening discard; an ù on the first draw after it)."""
    taken: set[int] = set()
    hand: list[int] = []
    for _ in range(3):
        ph = _phom(rng, taken)
        taken |= set(ph)
        hand += ph
    hand.append(next(c for c in rng.sample(range(52), 52) if c not in taken))
    return Rigged(hands={first: hand}, policies={first: "greedy"})


def rig_tai_u(players: int, first: int, rng: random.Random) -> Rigged:
    """The first player (the round lead) lays down two phỏm and keeps a cạ; eats by the others
    in the final round give it a tái turn, on which a late draw completes the cạ: an ù on a
    tái turn (DEN.TAI-EATER)."""
    taken: set[int] = set()
    hand, missing = _near_u_hand(rng, taken, 2)
    rig = Rigged(hands={first: hand}, policies={first: "greedy"})
    for k in range(1, players):
        rig.policies[(first + k) % players] = "chot-feeder"
    # Every eat saves a draw: after one, the tái turn draws the last card but one.
    rig.stock_top = _stock_with(missing, _stock_len(players) - 1 - rng.randrange(2), taken, rng)
    return rig


RIGS: dict[str, Callable[[int, int, random.Random], Rigged]] = {
    "u_khan": rig_u_khan,
    "near_u": rig_near_u,
    "u_tron": rig_u_tron,
    "dong_hoa_trang": rig_dong_hoa_trang,
    "three_eats": rig_three_eats,
    "kings": rig_kings,
    "u_thong": rig_u_thong,
    "chot_liability": rig_chot_liability,
    "tai_u": rig_tai_u,
    "u_dealt": rig_u_dealt,
}
