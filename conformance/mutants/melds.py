"""Mutants of the phỏm themselves: which card groups make a phỏm (PHOM.*)."""

from __future__ import annotations

from conformance.mutants.base import Mutant, Patch, phom_tables
from reference_impl import melds


def _suit_run(suit: int, ranks: list[int]) -> int:
    return sum(1 << (suit * 13 + r) for r in ranks)


def _wrap_runs() -> list[Patch]:
    # Q-K-A and K-A-2 taken for runs (PHOM.RUN.NO-WRAP broken).
    extra = [_suit_run(s, r) for s in range(4) for r in ([11, 12, 0], [12, 0, 1])]
    return phom_tables(extra=extra)


def _ace_high() -> list[Patch]:
    # The Ace high only: Q-K-A is a run, A-2-3 (and longer runs from the Ace) are not.
    extra = [_suit_run(s, [11, 12, 0]) for s in range(4)]
    aces = sum(1 << (13 * s) for s in range(4))

    def drop(p: int) -> bool:
        return not melds.is_set(p) and bool(p & aces)

    return phom_tables(extra=extra, drop=drop)


def _runs_max_4() -> list[Patch]:
    return phom_tables(drop=lambda p: not melds.is_set(p) and p.bit_count() > 4)


def _pairs() -> list[Patch]:
    extra = [(1 << (13 * a + r)) | (1 << (13 * b + r))
             for r in range(13) for a in range(4) for b in range(a + 1, 4)]
    return phom_tables(extra=extra)


def _sets_of_three() -> list[Patch]:
    # Four cards of a rank are not a set: sets are exactly three (PHOM.SET broken).
    return phom_tables(drop=lambda p: melds.is_set(p) and p.bit_count() == 4)


def _runs_any_suits() -> list[Patch]:
    # Three consecutive ranks make a run whatever their suits, as a poker straight
    # (PHOM.RUN broken).
    extra = [(1 << (13 * a + r)) | (1 << (13 * b + r + 1)) | (1 << (13 * c + r + 2))
             for r in range(11) for a in range(4) for b in range(4) for c in range(4)
             if not a == b == c]
    return phom_tables(extra=extra)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("meld-qka-run", "melds", "Q-K-A and K-A-2 are taken for runs",
           ("PHOM.RUN.NO-WRAP", "DECK.RANK-ORDER"), _wrap_runs),
    Mutant("meld-ace-high", "melds", "the Ace is high: Q-K-A is a run, A-2-3 is not",
           ("PHOM.RUN.ACE-LOW",), _ace_high),
    Mutant("meld-run-max-4", "melds", "runs are capped at 4 cards", ("PHOM.RUN.ANY-LENGTH",),
           _runs_max_4),
    Mutant("meld-pairs", "melds", "a pair is taken for a phỏm (sets of 2)", ("PHOM.MIN-SIZE",),
           _pairs),
    Mutant("meld-sets-of-three", "melds", "four cards of one rank are not a set",
           ("PHOM.SET",), _sets_of_three),
    Mutant("meld-runs-any-suits", "melds", "three consecutive ranks of any suits make a run",
           ("PHOM.RUN",), _runs_any_suits),
)
