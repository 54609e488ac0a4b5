"""A fuzz run: games planned from the seed, played on the reference, replayed in lockstep on the
implementation (in worker processes with ``jobs`` > 1), divergences shrunk and written out."""

from __future__ import annotations

import contextlib
import multiprocessing
import shlex
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.errors import HarnessError, ImplCrashed, ImplError, ImplTimeout, ProtocolViolation
from conformance.fuzz import lockstep, metamorphic
from conformance.fuzz.event_coverage import count_events
from conformance.fuzz.fixture import fixture_case, fixture_size, fixture_text
from conformance.fuzz.generate import new_reference_game, play
from conformance.fuzz.plan import make_plan
from conformance.fuzz.seeds import Shard, game_seed
from conformance.fuzz.shrink import Shrinker
from conformance.protocol import Driver
from reference_impl.actions import from_json

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
    shrink_budget: int = 300
    probe_rate: float = 0.05
    timeout: float = 5.0
    metamorphic: bool = False

    def indices(self) -> list[int]:
        if self.only is not None:
            return [self.only]
        return list(self.shard.games(self.games))

    def command(self) -> str:
        """The command line of this run."""
        parts = ["phom-conformance", "fuzz", "--impl", shlex.quote(self.impl),
                 "--games", str(self.games), "--seed", str(self.seed)]
        if self.ruleset:
            parts += ["--ruleset", self.ruleset]
        if self.players:
            parts += ["--players", str(self.players)]
        if self.shard.count > 1:
            parts += ["--shard", str(self.shard)]
        if self.jobs > 1:
            parts += ["--jobs", str(self.jobs)]
        if self.out:
            parts += ["--out", shlex.quote(self.out)]
        if self.metamorphic:
            parts.append("--metamorphic")
        return " ".join(parts)

    def replay_command(self, index: int) -> str:
        """The one command that plays game ``index`` again."""
        parts = ["phom-conformance", "fuzz", "--impl", shlex.quote(self.impl),
                 "--seed", str(self.seed), "--game", str(index)]
        if self.ruleset:
            parts += ["--ruleset", self.ruleset]
        if self.players:
            parts += ["--players", str(self.players)]
        if self.out:
            parts += ["--out", shlex.quote(self.out)]
        if self.metamorphic:
            parts.append("--metamorphic")
        return " ".join(parts)


@dataclass
class GameOutcome:
    """One game of the run."""

    index: int
    seed: int
    ruleset: str
    players: int
    label: str
    outcome: str = "pass"
    decisions: int = 0
    events: dict[str, int] = field(default_factory=dict)
    divergence: dict[str, Any] | None = None
    clause: str | None = None
    fixture: str | None = None
    fixture_size: int | None = None
    original_size: int | None = None
    message: str = ""
    duration: float = 0.0
    replay: str = ""
    stderr_tail: str = ""
    metamorphic_checks: int = 0
    metamorphic_failed: int = 0


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


_IMPL_OUTCOME = ((ImplCrashed, "crash"), (ImplTimeout, "timeout"),
                 (ProtocolViolation, "protocol_error"))


class GameRunner:
    """Plays games of one run against one driver (one per worker process)."""

    def __init__(self, config: FuzzConfig, driver: Driver | None = None):
        self.config = config
        self.driver = driver or make_driver(config)
        self.hello = self.driver.start()
        queries = self.hello.get("queries")
        self.queries = frozenset(queries) if isinstance(queries, list) else frozenset()

    def close(self) -> None:
        self.driver.close()

    def run_game(self, index: int) -> GameOutcome:
        cfg = self.config
        started = time.perf_counter()
        seed = game_seed(cfg.seed, index)
        plan = make_plan(index, seed, cfg.ruleset, cfg.players, cfg.probe_rate)
        out = GameOutcome(index, seed, plan.setup.ruleset, plan.setup.players, plan.label,
                          replay=cfg.replay_command(index))
        try:
            script = play(plan)
        except Exception as e:  # a bug of the reference engine itself: say so, go on
            out.outcome = "error"
            out.message = f"the reference engine failed on this game: {type(e).__name__}: {e}"
            out.duration = time.perf_counter() - started
            return out
        out.events = dict(count_events(script.events(), script.result))
        try:
            res = lockstep.replay(self.driver, script, "fuzz", self.queries)
            meta = (metamorphic.check(self.driver, script, seed, self.queries)
                    if cfg.metamorphic and res.divergence is None and not res.skipped else None)
        except ImplError as e:
            out.outcome = next((name for cls, name in _IMPL_OUTCOME if isinstance(e, cls)),
                               "error")
            out.message = str(e)
            out.stderr_tail = e.stderr_tail
            self._restart()
            out.duration = time.perf_counter() - started
            return out
        out.decisions = res.decisions
        if res.skipped:
            out.outcome, out.message = "skipped", res.skipped
        elif res.divergence is not None:
            self._diverged(out, script, res.divergence, seed)
        elif meta is not None:
            out.metamorphic_checks = meta.checks
            if meta.divergence is not None:
                # No shrinking and no fixture: a fixture holds one game, this is two.
                out.metamorphic_failed = 1
                out.outcome = "fail"
                out.clause = meta.divergence.clauses[0] if meta.divergence.clauses else None
                out.message = meta.divergence.message
                out.divergence = meta.divergence.to_json()
        out.duration = time.perf_counter() - started
        return out

    def _restart(self) -> None:
        with contextlib.suppress(ImplError):
            self.driver.restart()

    def _diverged(self, out: GameOutcome, script: Any, div: lockstep.Divergence, seed: int
                  ) -> None:
        cfg = self.config
        out.outcome = "fail"
        out.clause = div.clause
        out.message = div.message
        if cfg.shrink:
            try:
                shrunk = Shrinker(self.driver, cfg.shrink_budget, queries=self.queries
                                  ).shrink(script, div, seed)
                script, div = shrunk.script, shrunk.divergence
                out.original_size = shrunk.original_size
            except ImplError:
                self._restart()
        out.divergence = div.to_json()
        seed_text = str(cfg.seed) if cfg.seed >= 0 else f"n{-cfg.seed}"  # ids are kebab-case
        case_id = f"fuzz-{seed_text}-{out.index}"
        case = fixture_case(script, div, case_id, out.replay, state_after(script, div))
        out.fixture_size = fixture_size(case)
        if cfg.out:
            path = Path(cfg.out) / f"{case_id}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(fixture_text(case, out.replay, f"seed {cfg.seed}, game {out.index}"),
                            encoding="utf-8")
            out.fixture = str(path)


def state_after(script: Any, div: lockstep.Divergence) -> dict[str, Any] | None:
    """The reference's public state after the divergent action (events divergences)."""
    if div.kind != lockstep.EVENTS or div.step < 0:
        return None
    game = new_reference_game(script.setup)
    for d in script.decisions[: div.step + 1]:
        game.apply(d.seat, from_json(d.action))
    state: dict[str, Any] = game.state()
    return state


# -- parallel runs -------------------------------------------------------------------------------

_WORKER: GameRunner | None = None
_WORKER_ERROR: str | None = None


def _init_worker(config: FuzzConfig) -> None:
    # An exception here would make the pool start workers forever: keep it for _work.
    global _WORKER, _WORKER_ERROR
    try:
        _WORKER = GameRunner(config)
    except Exception as e:
        _WORKER_ERROR = f"{type(e).__name__}: {e}"


def _work(index: int) -> GameOutcome:
    if _WORKER is None:
        raise HarnessError(f"a fuzz worker could not start the implementation: {_WORKER_ERROR}")
    return _WORKER.run_game(index)


def run_games(config: FuzzConfig, on_start: Callable[[dict[str, Any]], None] | None = None
              ) -> Iterator[GameOutcome]:
    """Every game of the run (this shard), in index order, as each is known."""
    indices = config.indices()
    if config.jobs <= 1 or len(indices) < 2:
        runner = GameRunner(config)
        if on_start:
            on_start(runner.hello)
        try:
            for i in indices:
                yield runner.run_game(i)
        finally:
            runner.close()
        return
    probe = GameRunner(config)  # the hello for the report, and an early start failure
    hello = probe.hello
    probe.close()
    if on_start:
        on_start(hello)
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(config.jobs, initializer=_init_worker, initargs=(config,)) as pool:
        chunk = max(1, min(8, len(indices) // (4 * config.jobs)))
        yield from pool.imap(_work, indices, chunksize=chunk)


@dataclass
class Summary:
    """What the run found, added up."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    events: dict[str, Counter[str]] = field(default_factory=dict)
    by_clause: Counter[str] = field(default_factory=Counter)
    divergent: list[GameOutcome] = field(default_factory=list)
    metamorphic_checks: int = 0
    metamorphic_failed: int = 0

    def add(self, g: GameOutcome) -> None:
        self.games += 1
        self.decisions += g.decisions
        self.outcomes[g.outcome] += 1
        self.events.setdefault(g.ruleset, Counter()).update(g.events)
        self.metamorphic_checks += g.metamorphic_checks
        self.metamorphic_failed += g.metamorphic_failed
        if g.outcome == "fail":
            self.by_clause[g.clause or (metamorphic.METAMORPHIC if g.metamorphic_failed
                                        else "?")] += 1
            self.divergent.append(g)
        elif g.outcome not in ("pass", "skipped"):
            self.divergent.append(g)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0
