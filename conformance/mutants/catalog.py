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

#: Rule clauses no mutant can break in a way any scenario or fuzzed game observes, and why
#: (read by :func:`conformance.mutants.coverage.clause_coverage`).
WITHOUT_MUTANT: dict[str, str] = {
    "DECK.52-CARDS": "kit convention: the deal is given by the scenario or the fuzzer, so the"
                     " engine never chooses the deck; a wrong deck is the harness's error",
    "DECK.STAKE": "kit convention: every amount is counted in stakes, so there is no currency"
                  " an engine could get wrong",
    "MONEY.STAKE-UNIT": "kit convention: amounts are whole stakes by the protocol's schema;"
                        " the money mistakes are the MONEY.* and EAT.* mutants",
    "RANK.LAYDOWN-TIME": "definition used by RANK.ORDER's tie-break; its mistakes are the"
                         " rank-tie-* mutants, which cite RANK.ORDER",
    "PHOM.DEADWOOD": "definition used by RANK.DEADWOOD-POINTS; its mistakes are scored there",
}
