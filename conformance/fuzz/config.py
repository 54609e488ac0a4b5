"""What a fuzz run is (:class:`FuzzConfig`) and the driver of its implementation, without the
fuzzer itself: the command builds both, and starts the implementation (:class:`Starting`),
before it loads the rest."""

from __future__ import annotations

import shlex
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from conformance.errors import HarnessError
from conformance.fuzz.seeds import Shard

if TYPE_CHECKING:
    from conformance.protocol import Driver

REFERENCE = "reference"
MUTANT_PREFIX = "mutant:"


@dataclass(frozen=True)
class FuzzConfig:
    """What to run: the implementation (a command line, ``reference`` for the in-process
    reference, or ``mutant:ID``), the games, where divergences go."""

    impl: str = REFERENCE
    ruleset: str | None = None
    players: int | None = None
    games: int = 1000
    seed: int = 0
    out: str | None = None
    jobs: int = 1
    shard: Shard = field(default_factory=Shard)
    only: int | None = None
    shrink: bool = True
    shrink_budget: float = 30.0
    probe_rate: float = 0.05
    timeout: float = 5.0
    metamorphic: bool = False

    def indices(self) -> list[int]:
        if self.only is not None:
            return [self.only]
        return list(self.shard.games(self.games))

    def command(self) -> str:
        """The command line of this run."""
        parts = ["--games", str(self.games), "--seed", str(self.seed), *self._table()]
        if self.shard.count > 1:
            parts += ["--shard", str(self.shard)]
        if self.jobs > 1:
            parts += ["--jobs", str(self.jobs)]
        return self._line(parts)

    def replay_command(self, index: int) -> str:
        """The one command that plays game ``index`` again."""
        return self._line(["--seed", str(self.seed), "--game", str(index), *self._table()])

    def _table(self) -> list[str]:
        parts = ["--ruleset", self.ruleset] if self.ruleset else []
        return parts + (["--players", str(self.players)] if self.players else [])

    def _line(self, middle: list[str]) -> str:
        parts = ["phom-conformance", "fuzz", "--impl", shlex.quote(self.impl), *middle]
        if self.out:
            parts += ["--out", shlex.quote(self.out)]
        if self.metamorphic:
            parts.append("--metamorphic")
        return " ".join(parts)


def make_driver(config: FuzzConfig) -> Driver:
    if config.impl == REFERENCE:
        from conformance.drivers.inprocess import InProcessDriver

        return InProcessDriver()
    if config.impl.startswith(MUTANT_PREFIX):
        from conformance.mutants.catalog import BY_ID
        from conformance.mutants.driver import MutantDriver

        mid = config.impl[len(MUTANT_PREFIX):]
        if mid not in BY_ID:
            raise HarnessError(f"--impl {config.impl}: no mutant {mid!r}"
                               f" (see phom-conformance mutate --list)")
        return MutantDriver(BY_ID[mid])
    from conformance.drivers.subprocess import SubprocessDriver

    return SubprocessDriver(config.impl, timeout=config.timeout)


class Starting:
    """``driver.start()`` in a thread of its own: the implementation process starts (its
    imports, the ``hello``) while this one does other work. Only for an implementation in
    another process (an in-process mutant is patched in while it answers: it must not run
    beside the reference's games)."""

    def __init__(self, driver: Driver):
        self.driver = driver
        self._started: dict[str, Any] = {}
        self._thread = threading.Thread(target=self._start, name="fuzz-impl-start",
                                        daemon=True)
        self._thread.start()

    def _start(self) -> None:
        try:
            self._started["hello"] = self.driver.start()
        except Exception as e:  # raised again by hello()
            self._started["error"] = e

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def hello(self) -> dict[str, Any]:
        """The implementation's hello, once it came (what start() raised, raised here)."""
        self._thread.join()
        if "error" in self._started:
            raise self._started["error"]
        hello: dict[str, Any] = self._started["hello"]
        return hello


def starts_apart(driver: Driver) -> bool:
    """Does ``driver`` run its implementation as a process of its own?"""
    from conformance.drivers.subprocess import SubprocessDriver

    return isinstance(driver, SubprocessDriver)
