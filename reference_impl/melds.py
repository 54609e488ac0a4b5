"""Phỏm (melds) over card masks: tables, membership, arrangements and the eaten-card rules.

A phỏm is a set (3 or 4 cards of one rank, PHOM.SET) or a run (3..13 consecutive ranks of
one suit, Ace low, no wrap: PHOM.RUN, PHOM.RUN.ACE-LOW, PHOM.RUN.NO-WRAP).  All 329 phỏm
are precomputed as 52-bit masks.

The searches below take a hand ``mask`` and the mask ``eaten`` of its unlaid eaten cards.
With ``distinct`` (TURN.EAT.DISTINCT-PHOM) no phỏm may hold two eaten cards.  ``cores``
(only when the eat declaration is binding, TURN.EAT.DECLARE-CARDS) are card groups that must
lie whole inside one phỏm (an eaten card with the hand cards named when eating it).
Every cache is bounded (memory stays flat over any number of games).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from phomspec.cards import cards_of

INF = 1 << 30
_RANK_BITS = 0x1FFF

SUIT_MASKS: tuple[int, ...] = tuple(_RANK_BITS << (13 * s) for s in range(4))
RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
POINTS: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52))


def _starts(max_rank: int) -> int:
    """Bits of every card whose rank index is at most ``max_rank``."""
    return sum(((1 << (max_rank + 1)) - 1) << (13 * s) for s in range(4))


_RUN3_START = _starts(10)  # a 3-run starting here stays in its suit
_GAP1_OK = _starts(11)  # card and the one above it share a suit
_GAP2_OK = _starts(10)  # card and the one two above share a suit
_RUN5_START = _starts(8)  # a 5-run starting here stays in its suit


def _build() -> tuple[list[int], list[list[int]], list[list[int]], list[list[int]]]:
    phoms: list[int] = []
    for r in range(13):
        suits = [1 << (13 * s + r) for s in range(4)]
        for skip in range(4):
            phoms.append(sum(b for i, b in enumerate(suits) if i != skip))
        phoms.append(sum(suits))
    for s in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                phoms.append(sum(1 << (13 * s + r) for r in range(lo, hi + 1)))
    by_low: list[list[int]] = [[] for _ in range(52)]
    containing: list[list[int]] = [[] for _ in range(52)]
    three: list[list[int]] = [[] for _ in range(52)]
    for p in phoms:
        by_low[(p & -p).bit_length() - 1].append(p)
        for c in cards_of(p):
            containing[c].append(p)
            if p.bit_count() == 3:
                three[c].append(p)
    # Longer phỏm first: the searches then find a full arrangement sooner.
    for lst in (*by_low, *containing, *three):
        lst.sort(key=lambda m: (-m.bit_count(), m))
    return phoms, by_low, containing, three


_ALL, _BY_LOW, _CONTAINING, _THREE = _build()
ALL_PHOMS: tuple[int, ...] = tuple(sorted(_ALL))
PHOM_SET: frozenset[int] = frozenset(_ALL)
#: Phỏm whose lowest card (lowest bit) is the index.
PHOMS_BY_LOW: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in _BY_LOW)
#: Every phỏm that holds the card.
PHOMS_CONTAINING: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in _CONTAINING)
#: The 3-card phỏm that hold the card (enough to decide whether an eaten card is coverable).
PHOM3_CONTAINING: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in _THREE)


def is_phom(mask: int) -> bool:
    """Is the card set one phỏm (PHOM.SET or PHOM.RUN)?"""
    return mask in PHOM_SET


def is_set(mask: int) -> bool:
    """Is the phỏm a set (phỏm ngang), not a run?"""
    low = (mask & -mask).bit_length() - 1
    return mask & ~RANK_MASKS[low % 13] == 0


#: Times a 13-bit rank set: the same ranks in every suit (the four copies do not overlap).
_EVERY_SUIT = 1 | 1 << 13 | 1 << 26 | 1 << 39


def _rank_columns(m: int) -> tuple[int, int, int, int]:
    return m & _RANK_BITS, (m >> 13) & _RANK_BITS, (m >> 26) & _RANK_BITS, m >> 39


def _spread(ranks: int) -> int:
    return ranks | ranks << 13 | ranks << 26 | ranks << 39


def covered(m: int) -> int:
    """The cards of ``m`` that lie in at least one phỏm made of cards of ``m``."""
    s = m & (m >> 1) & (m >> 2) & _RUN3_START
    a, b, c, d = m & _RANK_BITS, (m >> 13) & _RANK_BITS, (m >> 26) & _RANK_BITS, m >> 39
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    return (s | s << 1 | s << 2 | r3 * _EVERY_SUIT) & m  # r3 in all four suits


def _run_cover_table() -> array[int]:
    """Per 13-bit rank set of one suit: its cards in a run of 3 or more of that set."""
    out = array("H", bytes(2 << 13))
    for x in range(1 << 13):
        s = x & (x >> 1) & (x >> 2)
        out[x] = (s | s << 1 | s << 2) & x
    return out


_RUN_COVER = _run_cover_table()
#: Per 13-bit rank set of one suit: how many of its cards are in no run of 3 or more of it.
_RUN_LOOSE = array("B", ((x & ~c).bit_count() for x, c in enumerate(_RUN_COVER)))


def loose_count(m: int) -> int:
    """How many cards of ``m`` lie in no phỏm of cards of ``m``:
    ``(m & ~covered(m)).bit_count()``, by one table lookup per suit."""
    a, b, c, d = m & _RANK_BITS, (m >> 13) & _RANK_BITS, (m >> 26) & _RANK_BITS, m >> 39
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    if not r3:  # no rank of three cards or more: runs only
        u = _RUN_LOOSE
        return u[a] + u[b] + u[c] + u[d]
    t = _RUN_COVER
    return (
        (a & ~(t[a] | r3)).bit_count()
        + (b & ~(t[b] | r3)).bit_count()
        + (c & ~(t[c] | r3)).bit_count()
        + (d & ~(t[d] | r3)).bit_count()
    )


def has_ca(m: int) -> bool:
    """Does the hand hold a cạ (PHOM.CA): a pair of one rank, or two cards of one suit whose
    ranks differ by 1 or 2?"""
    if m & (m >> 1) & _GAP1_OK or m & (m >> 2) & _GAP2_OK:
        return True
    a, b, c, d = _rank_columns(m)
    return bool((a & (b | c | d)) | (b & (c | d)) | (c & d))


def has_five_run(m: int) -> bool:
    """Five consecutive ranks of one suit among ``m`` (đồng hoa, EXTRA.DONG-HOA)."""
    return bool(m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4) & _RUN5_START)


#: Per card: the other cards of its rank; the pairs of its suit that make a 3-card run with it.
SAME_RANK: tuple[int, ...] = tuple(RANK_MASKS[c % 13] & ~(1 << c) for c in range(52))
RUN_PAIRS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (1 << (c + x)) | (1 << (c + y))
        for x, y in ((-2, -1), (-1, 1), (1, 2))
        if c % 13 + x >= 0 and c % 13 + y <= 12
    )
    for c in range(52)
)


#: Per card: every card that shares a 3-card phỏm with it (a quick test before may_join:
#: a card joins two cards of ``hand`` only if ``hand`` holds two of these).
def _partners(card: int) -> int:
    out = SAME_RANK[card]
    for pair in RUN_PAIRS[card]:
        out |= pair
    return out


PARTNERS: tuple[int, ...] = tuple(_partners(c) for c in range(52))


def may_join(card: int, hand: int) -> bool:
    """Could ``card`` make a phỏm with two or more cards of ``hand``?  (A quick test.)"""
    if (hand & SAME_RANK[card]).bit_count() >= 2:
        return True
    for pair in RUN_PAIRS[card]:  # noqa: SIM110 (a loop: no generator per call)
        if hand & pair == pair:
            return True
    return False


def phoms_in(m: int) -> list[int]:
    """Every phỏm made only of cards of ``m`` (sub-runs and 3-card subsets of sets included)."""
    out: list[int] = []
    a, b, c, d = _rank_columns(m)
    r3 = (a & b & (c | d)) | (c & d & (a | b))
    while r3:
        low = r3 & -r3
        r3 ^= low
        full = _spread(low) & m
        if full.bit_count() == 4:
            out.append(full)
            for x in cards_of(full):
                out.append(full & ~(1 << x))
        else:
            out.append(full)
    s = m & (m >> 1) & (m >> 2) & _RUN3_START
    while s:
        low = s & -s
        start = low.bit_length() - 1
        # ``start`` begins a 3-run; list every run beginning here.
        run = low | low << 1 | low << 2
        out.append(run)
        nxt = start + 3
        while nxt % 13 and m >> nxt & 1:
            run |= 1 << nxt
            out.append(run)
            nxt += 1
        s ^= low
    return out


def phoms_with(card: int, hand: int) -> list[int]:
    """The phỏm made of ``card`` and at least two cards of ``hand`` (``card`` not in it)."""
    m = hand | (1 << card)
    return [p for p in PHOMS_CONTAINING[card] if p & m == p]


def extension_cards(phom: int) -> int:
    """The cards that a laid phỏm can take one at a time and stay a phỏm (SEND.FIT): the
    missing suits of a set's rank, or the card just below / just above a run (no wrap)."""
    low = (phom & -phom).bit_length() - 1
    rank = low % 13
    if phom & ~RANK_MASKS[rank] == 0:
        return RANK_MASKS[rank] & ~phom
    high = phom.bit_length() - 1
    out = 0
    if rank > 0:
        out |= 1 << (low - 1)
    if high % 13 < 12:
        out |= 1 << (high + 1)
    return out


def fits(card: int, phom: int) -> bool:
    """Does ``card`` extend the laid phỏm ``phom`` (SEND.FIT)?"""
    return bool(extension_cards(phom) >> card & 1)


def _splits_core(p: int, cores: tuple[int, ...]) -> bool:
    for core in cores:
        inside = core & p
        if inside and inside != core:
            return True
    return False


def _one_eaten_at_most(p: int, eaten: int) -> bool:
    pe = p & eaten
    return pe & (pe - 1) == 0


def safe_without(mask: int, card: int, distinct: bool = True) -> int:
    """The cards ``x`` of ``mask`` other than ``card`` for which ``card`` stays in a phỏm of
    ``mask`` without ``x``: ``can_cover(mask ^ x, card)`` for every ``x`` at once (one eaten
    card; the phỏm can_cover takes are those holding ``card`` inside ``mask``, and ``x`` may
    go when one of them does without it)."""
    every = -1
    for p in PHOM3_CONTAINING[card] if distinct else PHOMS_CONTAINING[card]:
        if p & mask == p:
            every &= p
    return mask & ~every & ~(1 << card)


@lru_cache(maxsize=1 << 14)
def can_cover(mask: int, eaten: int, distinct: bool = True, cores: tuple[int, ...] = ()) -> bool:
    """Can every card of ``eaten`` still go in a phỏm of cards of ``mask`` (one eaten card per
    phỏm under ``distinct``)?  TURN.EAT.KEEP-IN-PHOM, LAY.EATEN-INCLUDED."""
    if not eaten:
        return True
    if eaten & ~mask:
        return False
    if cores:
        # A binding declaration fixes each eaten card's phỏm: its core, which is a phỏm.
        return all(core & mask == core for core in cores)
    low = eaten & -eaten
    c = low.bit_length() - 1
    # Under ``distinct`` a 3-card phỏm is enough: any larger phỏm holding one eaten card
    # has a 3-card part holding it.
    for p in PHOM3_CONTAINING[c] if distinct else PHOMS_CONTAINING[c]:
        if p & mask != p:
            continue
        if distinct and p & eaten != low:
            continue
        if can_cover(mask & ~p, eaten & ~p, distinct, cores):
            return True
    return False


@lru_cache(maxsize=1 << 15)
def _leftover(mask: int, eaten: int, allow: int, distinct: bool, cores: tuple[int, ...]) -> int:
    if not mask:
        return 0
    if (mask & ~covered(mask)).bit_count() > allow:
        return INF
    low = mask & -mask
    c = low.bit_length() - 1
    best = INF
    locked = eaten
    for core in cores:
        locked |= core
    if allow and not low & locked:
        r = _leftover(mask ^ low, eaten, allow - 1, distinct, cores)
        if r < INF:
            best = r + POINTS[c]
    for p in PHOMS_BY_LOW[c]:
        if p & mask != p:
            continue
        if distinct and not _one_eaten_at_most(p, eaten):
            continue
        if cores and _splits_core(p, cores):
            continue
        r = _leftover(mask & ~p, eaten & ~p, allow, distinct, cores)
        if r < best:
            best = r
            if not best:
                break
    return best


def u_leftover(
    mask: int, eaten: int = 0, allow: int = 1, distinct: bool = True, cores: tuple[int, ...] = ()
) -> int:
    """Least points left outside phỏm when at most ``allow`` cards may stay outside, every
    eaten card in a phỏm (one per phỏm under ``distinct``); :data:`INF` when impossible.

    ``u_leftover(hand) < INF`` is the ù test (U.THUONG); ``allow=0`` all cards in phỏm."""
    if (mask & ~covered(mask)).bit_count() > allow:
        return INF
    return _leftover(mask, eaten, allow, distinct, cores)


def min_outside(
    mask: int, eaten: int = 0, distinct: bool = True, cores: tuple[int, ...] = ()
) -> int:
    """The fewest cards of ``mask`` that must stay outside phỏm, every eaten card in a phỏm
    (one per phỏm under ``distinct``); :data:`INF` when the eaten cards cannot all be placed.
    An ù needs at most 1 (U.THUONG)."""
    for allow in range(mask.bit_count() + 1):
        if u_leftover(mask, eaten, allow, distinct, cores) < INF:
            return allow
    return INF


def can_u(
    mask: int, eaten: int = 0, allow: int = 1, distinct: bool = True, cores: tuple[int, ...] = ()
) -> bool:
    return u_leftover(mask, eaten, allow, distinct, cores) < INF


@lru_cache(maxsize=1 << 14)
def _best(
    mask: int, eaten: int, distinct: bool, cores: tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    if not mask:
        return 0, ()
    low = mask & -mask
    c = low.bit_length() - 1
    locked = eaten
    for core in cores:
        locked |= core
    best: tuple[int, tuple[int, ...]] = (INF, ())
    for p in PHOMS_BY_LOW[c]:
        if p & mask != p:
            continue
        if distinct and not _one_eaten_at_most(p, eaten):
            continue
        if cores and _splits_core(p, cores):
            continue
        pts, rest = _best(mask & ~p, eaten & ~p, distinct, cores)
        if pts < best[0]:
            best = (pts, (p, *rest))
    if not low & locked:
        pts, rest = _best(mask ^ low, eaten, distinct, cores)
        if pts + POINTS[c] < best[0]:
            best = (pts + POINTS[c], rest)
    return best


def best_arrangement(
    mask: int, eaten: int = 0, distinct: bool = True, cores: tuple[int, ...] = ()
) -> tuple[int, tuple[int, ...]]:
    """(deadwood points, phỏm) of an arrangement of ``mask`` with the least deadwood, every
    eaten card in a phỏm (PHOM.DEADWOOD).  Among equal arrangements the player chooses
    (PHOM.ARRANGEMENT-CHOICE); this returns the first in a fixed order.  Points are
    :data:`INF` when the eaten cards cannot all be placed."""
    return _best(mask, eaten, distinct, cores)


def _rank_set_points() -> tuple[int, ...]:
    """Points of every 13-bit rank set (bit r: rank index r, worth r + 1)."""
    t = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        t[m] = t[m ^ low] + low.bit_length()
    return tuple(t)


_RANK_SET_POINTS = _rank_set_points()


def deadwood_points(mask: int) -> int:
    """Points of the cards of ``mask`` (RANK.DEADWOOD-POINTS): one lookup per suit."""
    t = _RANK_SET_POINTS
    return t[mask & 0x1FFF] + t[mask >> 13 & 0x1FFF] + t[mask >> 26 & 0x1FFF] + t[mask >> 39]


def clear_caches() -> None:
    """Drop the search caches (tests of memory use)."""
    for f in (can_cover, _leftover, _best):
        f.cache_clear()
