"""The mutants: plausible mistakes of a Phỏm implementer, one per entry, by topic.

Each topic module (melds, eating, discards, rounds, sending, u, u_den, ranking, money,
timeouts, invariants) lists its mutants; :data:`MUTANTS` is all of them, in that order.
"""

from __future__ import annotations

from types import ModuleType

from conformance.mutants import (
    discards,
    eating,
    invariants,
    melds,
    money,
    ranking,
    rounds,
    sending,
    timeouts,
    u,
    u_den,
)
from conformance.mutants.base import Mutant

#: The topic modules, in catalog order.
TOPICS: tuple[ModuleType, ...] = (
    melds, eating, discards, rounds, sending, u, u_den, ranking, money, timeouts, invariants
)

MUTANTS: tuple[Mutant, ...] = tuple(m for topic in TOPICS for m in topic.MUTANTS)

BY_ID: dict[str, Mutant] = {m.id: m for m in MUTANTS}
