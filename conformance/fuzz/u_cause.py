"""Why one side sees an ù (U.THUONG) where the other does not: the rule that makes the
difference, found by changing one rule of the ù check at a time.

The hand is arranged into phỏm by a small exhaustive search (ten cards at most), with each
eaten card in a phỏm, two eaten cards never in one (TURN.EAT.DISTINCT-PHOM, where the ruleset
says so) and at most ``leftover`` cards outside. An ù only the implementation sees is
explained by the first relaxation that makes the hand an ù (a pair taken for a phỏm:
PHOM.MIN-SIZE; a run through K and A: PHOM.RUN.NO-WRAP; two eaten cards in one phỏm:
TURN.EAT.DISTINCT-PHOM); an ù only the reference sees by the first restriction that unmakes it
(no run of five or more: PHOM.RUN.ANY-LENGTH; no Ace-low run: PHOM.RUN.ACE-LOW; no card
left over: U.THUONG).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

Group = tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    """One way to check an ù."""

    pairs: bool = False  # a pair is a phỏm
    wrap: bool = False  # runs may pass from K to A
    distinct: bool = True  # two eaten cards never share a phỏm
    max_run: int = 13
    ace_low: bool = True
    leftover: int = 1


def _groups_with(card: int, cards: frozenset[int], rules: Rules) -> list[Group]:
    """The phỏm of ``cards`` that hold ``card``, under ``rules``."""
    out: set[Group] = set()
    rank, suit = card % 13, card // 13
    small = 2 if rules.pairs else 3
    same = sorted(c for c in cards if c % 13 == rank and c != card)
    for bits in range(1, 1 << len(same)):
        group = (card, *(c for i, c in enumerate(same) if bits >> i & 1))
        if small <= len(group) <= 4:
            out.add(tuple(sorted(group)))
    for start in range(13):
        for length in range(3, min(13, rules.max_run) + 1):
            if start + length > 13 and not rules.wrap:
                break
            if start == 0 and not rules.ace_low:
                break
            ranks = [(start + i) % 13 for i in range(length)]
            group = tuple(sorted(suit * 13 + r for r in ranks))
            if rank in ranks and set(group) <= cards:
                out.add(group)
    return sorted(out)


def is_u(hand: frozenset[int], eaten: frozenset[int], rules: Rules) -> bool:
    """Can ``hand`` be arranged with at most ``rules.leftover`` cards outside phỏm?"""

    @cache
    def go(left: frozenset[int], budget: int) -> bool:
        if not left:
            return True
        card = min(left)
        if card not in eaten and budget > 0 and go(left - {card}, budget - 1):
            return True
        for group in _groups_with(card, left, rules):
            if rules.distinct and len(eaten.intersection(group)) > 1:
                continue
            if go(left - set(group), budget):
                return True
        return False

    return go(hand, rules.leftover)


#: (relaxation, the clause it names), tried in order for an ù only the implementation sees.
RELAXATIONS: tuple[tuple[Rules, str], ...] = (
    (Rules(pairs=True), "PHOM.MIN-SIZE"),
    (Rules(wrap=True), "PHOM.RUN.NO-WRAP"),
    (Rules(distinct=False), "TURN.EAT.DISTINCT-PHOM"),
    (Rules(leftover=2), "U.THUONG"),
)
#: (restriction, the clause it names), tried in order for an ù only the reference sees.
RESTRICTIONS: tuple[tuple[Rules, str], ...] = (
    (Rules(max_run=4), "PHOM.RUN.ANY-LENGTH"),
    (Rules(max_run=3), "PHOM.RUN.ANY-LENGTH"),
    (Rules(ace_low=False), "PHOM.RUN.ACE-LOW"),
    (Rules(leftover=0), "U.THUONG"),
)


def u_difference(hand: set[int], eaten: set[int], distinct: bool, reference_u: bool,
                 fallback: str = "U.THUONG") -> str:
    """The rule that makes ``hand`` an ù on one side only (``reference_u``: the reference's)."""
    h, e = frozenset(hand), frozenset(eaten & hand)
    tries: tuple[tuple[Rules, str], ...] = RESTRICTIONS if reference_u else RELAXATIONS
    base = _with_distinct(distinct)
    for rules, clause in tries:
        changed = base(rules)
        if is_u(h, e, changed) != reference_u:
            return clause
    return fallback


def _with_distinct(distinct: bool) -> Callable[[Rules], Rules]:
    def apply(rules: Rules) -> Rules:
        if distinct or not rules.distinct:
            return rules
        return Rules(rules.pairs, rules.wrap, False, rules.max_run, rules.ace_low,
                     rules.leftover)
    return apply
