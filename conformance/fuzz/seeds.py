"""Seeds and shards: game ``i`` of a run has one seed, whatever the sharding or the jobs."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from conformance.errors import HarnessError


class ShardError(HarnessError):
    """A ``--shard`` value that is not ``I/N`` with 1 <= I <= N."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of the run seeded ``run_seed`` (64 bits, stable everywhere)."""
    digest = hashlib.sha256(f"phom-fuzz:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``: the games ``i`` with ``i % count == index - 1``."""

    index: int = 1
    count: int = 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def games(self, total: int) -> range:
        """Indices of this shard's games among ``total`` games."""
        return range(self.index - 1, total, self.count)


_SHARD = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


def parse_shard(text: str) -> Shard:
    m = _SHARD.fullmatch(text)
    if m is None:
        raise ShardError(f"--shard {text!r}: expected I/N, e.g. 1/4 (the first of four shards)")
    i, n = int(m.group(1)), int(m.group(2))
    if n < 1 or not 1 <= i <= n:
        raise ShardError(f"--shard {text!r}: I must be between 1 and N (N >= 1)")
    return Shard(i, n)
