"""A divergence: a point where the implementation and the reference disagree, with its
signature (:mod:`conformance.fuzz.signature`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from conformance.fuzz.signature import Signature

#: Where a divergence shows (``choice``: the lay-down, sends or partners an implementation
#: of another shape chose by itself, which the rules refuse: spec/protocol.md 8.1, 8.2).
NEW_GAME, LEGAL, RULING, EVENTS, RESULT, ERROR, CHOICE = (
    "new_game", "legal_actions", "ruling", "events", "result", "error", "choice")


@dataclass(frozen=True)
class Divergence:
    """A point where the implementation and the reference disagree.

    ``step`` indexes the script's decisions (-1: the game's start; ``len(decisions)``: the
    result). ``clauses`` are the clauses at stake, the first one the rule that decides it;
    ``where`` and ``reasons`` complete its :attr:`signature`. ``same_state``: both sides are
    still in the same state after it (an action listed or refused by one side only, another
    reason code, other payments), so the game can go on.
    """

    kind: str
    step: int
    message: str
    expected: Any = None
    actual: Any = None
    clauses: tuple[str, ...] = ()
    seat: int | None = None
    action: dict[str, Any] | None = None
    where: str = ""
    reasons: tuple[str, str] = ("", "")
    same_state: bool = False
    #: The request whose reply shows it (a ``legal_actions`` error is not the ruling's).
    request: str = ""
    #: (reference, implementation) results, for a settlement (other payments at the end of
    #: the game): the rule that decides it is read in the results.
    results: tuple[Any, Any] | None = None

    @property
    def clause(self) -> str:
        return self.clauses[0] if self.clauses else self.kind

    @property
    def signature(self) -> Signature:
        """What a shrunk game must still show to count as the same divergence."""
        return Signature(self.where or self.kind, self.clause, self.reasons)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "step": self.step, "message": self.message,
                "clauses": list(self.clauses), "seat": self.seat, "action": self.action,
                "expected": self.expected, "actual": self.actual,
                "signature": self.signature.to_json(), "key": self.signature.key,
                "same_state": self.same_state}



def with_clauses(div: Divergence, clauses: tuple[str, ...], where: str,
                 reasons: tuple[str, str], **changes: Any) -> Divergence:
    """``div`` with its deciding clause first in ``clauses``, its place and reason codes."""
    return replace(div, clauses=tuple(dict.fromkeys(c for c in clauses if c)), where=where,
                   reasons=reasons, **changes)
