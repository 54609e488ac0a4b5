"""Mutants of the timeout auto-play."""

from __future__ import annotations

from conformance.mutants.base import Mutant, Patch
from reference_impl import auto


def _timeout_lowest() -> list[Patch]:
    # The auto-play discards the lowest card (TIME.AUTO-PLAY).
    def lowest_card(mask: int) -> int:
        return min((c for c in range(52) if mask >> c & 1), key=lambda c: (c % 13, c))

    return [(auto, "highest_card", lowest_card)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("time-discard-lowest", "timeouts", "the auto-play discards the lowest card",
           ("TIME.AUTO-PLAY",), _timeout_lowest),
)
