"""Signatures of divergences and their clusters: triage by root cause.

A divergence's :class:`Signature` says where it happened (the phase of the game and the kind
of action, or the part of the result), the clause of the rule that decides it, and the
reason codes of both sides (the reference's first). Divergences with one signature are one
cluster: most likely one mistake of the implementation, however many games show it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, order=True)
class Signature:
    """Where, the deciding clause, and the two sides' answers (a reason code, ``accepted``,
    ``listed``, ``not listed``, an event or result field, ``error:CODE``)."""

    where: str
    clause: str
    reasons: tuple[str, str] = ("", "")

    @property
    def key(self) -> str:
        """One line, the cluster's name: ``final_turn/discard LAY.HOLD-BACK accepted|X``."""
        return f"{self.where} {self.clause} {self.reasons[0]}|{self.reasons[1]}"

    def to_json(self) -> dict[str, Any]:
        return {"where": self.where, "clause": self.clause,
                "reasons": {"reference": self.reasons[0], "implementation": self.reasons[1]}}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Signature:
        r = d.get("reasons") or {}
        return cls(str(d["where"]), str(d["clause"]),
                   (str(r.get("reference", "")), str(r.get("implementation", ""))))


@dataclass
class Cluster:
    """The divergences of one signature over a run."""

    signature: Signature
    count: int = 0
    games: set[int] = field(default_factory=set)
    first_game: int = -1
    message: str = ""
    replay: str = ""
    fixture: str | None = None
    fixture_size: int | None = None
    original_size: int | None = None
    shrink_seconds: float | None = None

    @property
    def clause(self) -> str:
        return self.signature.clause

    def add(self, game: int, message: str, replay: str) -> None:
        self.count += 1
        self.games.add(game)
        if self.first_game < 0 or game < self.first_game:
            self.first_game, self.message, self.replay = game, message, replay

    def to_json(self) -> dict[str, Any]:
        return {"clause": self.clause, "count": self.count, "games": len(self.games),
                "signature": self.signature.to_json(), "key": self.signature.key,
                "first_game": self.first_game, "message": self.message, "replay": self.replay,
                "fixture": self.fixture, "fixture_size": self.fixture_size,
                "original_size": self.original_size}


class Clusters(dict[str, Cluster]):
    """Clusters by signature key."""

    def add(self, signature: Signature, game: int, message: str, replay: str) -> Cluster:
        c = self.get(signature.key)
        if c is None:
            c = self[signature.key] = Cluster(signature)
        c.add(game, message, replay)
        return c

    def ranked(self) -> list[Cluster]:
        """Largest first (divergences, then games), then by first game."""
        return sorted(self.values(), key=lambda c: (-c.count, -len(c.games), c.first_game,
                                                    c.signature.key))

    @property
    def headline(self) -> Cluster | None:
        ranked = self.ranked()
        return ranked[0] if ranked else None
