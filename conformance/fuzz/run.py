"""A fuzz run: games planned from the seed, played on the reference, replayed in lockstep on the
implementation (in worker processes with ``jobs`` > 1), divergences shrunk and written out."""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.errors import HarnessError, ImplCrashed, ImplError, ImplTimeout, ProtocolViolation
from conformance.fuzz.ahead import Ahead
from conformance.fuzz.config import (
    FuzzConfig,
    Starting,
    make_driver,
    starts_apart,
)
from conformance.fuzz.divergence import EVENTS, Divergence
from conformance.fuzz.event_coverage import count_events
from conformance.fuzz.game import GameTrace, play_against
from conformance.fuzz.generate import new_reference_game
from conformance.fuzz.offer import Offer, offer_of_hello
from conformance.fuzz.plan import GamePlan, make_plan
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.shape import apply_moves
from conformance.protocol import Driver


@dataclass
class GameOutcome:
    """One game of the run: how it was set up (ruleset, table, room options, readings, the
    implementation's profile), what it found (divergences with their signatures, comparisons
    left out for a reading the reference cannot play, probes answered ``unsupported``), and
    why it stopped early if it did."""

    index: int
    seed: int
    ruleset: str
    players: int
    label: str
    options: dict[str, Any] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    profile: dict[str, Any] | None = None
    outcome: str = "pass"
    decisions: int = 0
    events: dict[str, int] = field(default_factory=dict)
    divergence: dict[str, Any] | None = None
    divergences: list[dict[str, Any]] = field(default_factory=list)
    left_out: list[dict[str, Any]] = field(default_factory=list)
    unsupported_probes: int = 0
    stopped: str | None = None
    clause: str | None = None
    message: str = ""
    duration: float = 0.0
    replay: str = ""
    stderr_tail: str = ""
    metamorphic_checks: int = 0
    metamorphic_failed: int = 0

    def setup_json(self) -> dict[str, Any]:
        """What the game was: for the report and ``fuzz --json``."""
        return {"index": self.index, "seed": self.seed, "ruleset": self.ruleset,
                "players": self.players, "options": self.options, "readings": self.readings,
                "profile": self.profile}


_IMPL_OUTCOME = ((ImplCrashed, "crash"), (ImplTimeout, "timeout"),
                 (ProtocolViolation, "protocol_error"))


class GameRunner:
    """Plays games of one run against one driver (one per worker process), dealing only what
    the implementation's hello declares (:mod:`.offer`)."""

    def __init__(self, config: FuzzConfig, driver: Driver | None = None,
                 ahead: Sequence[int] = (), starting: Starting | None = None):
        """``ahead``: the run's games in their order, played on the reference ahead of
        their turn while an implementation process starts and while it answers
        (:mod:`.ahead`); ``starting``: its driver, already starting."""
        self.config = config
        self.ahead = Ahead(ahead)
        if starting is not None:
            self.driver = starting.driver
        else:
            self.driver = driver or make_driver(config)
            if ahead and starts_apart(self.driver):
                starting = Starting(self.driver)
        if starting is not None:
            self.hello = self.ahead.wait(starting, self._guess)
        else:
            self.hello = self.driver.start()
        queries = self.hello.get("queries")
        self.queries = frozenset(queries) if isinstance(queries, list) else frozenset()
        self.offer = offer_of_hello(self.hello)
        check_offer(self.offer, config)

    def close(self) -> None:
        self.driver.close()

    def plan(self, index: int) -> GamePlan:
        cfg = self.config
        return make_plan(index, game_seed(cfg.seed, index), cfg.ruleset, cfg.players,
                         cfg.probe_rate, self.offer)

    def trace(self, index: int) -> GameTrace:
        """Game ``index`` played again (to shrink one of its divergences)."""
        plan = self.plan(index)
        return play_against(self.driver, plan, self.queries, self.offer.get(plan.setup.ruleset))

    def _guess(self, index: int) -> GamePlan:
        """The plan of game ``index`` before the hello: as if every ruleset, option value,
        table size were declared, in the 1.0 shape."""
        cfg = self.config
        return make_plan(index, game_seed(cfg.seed, index), cfg.ruleset, cfg.players,
                         cfg.probe_rate, None)

    def run_game(self, index: int) -> GameOutcome:
        """Game ``index``; while the implementation answers, the next game of the run
        (``ahead``) is played on the reference."""
        cfg = self.config
        started = time.perf_counter()
        plan, script = self.ahead.take(index, self.plan)
        setup = plan.setup
        out = GameOutcome(index, plan.seed, setup.ruleset, setup.players, plan.label,
                          dict(setup.options), dict(setup.readings), self.offer.profile,
                          replay=cfg.replay_command(index))
        meanwhile = (lambda: self.ahead.play_next(self.plan)) if self.ahead.pending else None
        try:
            trace = play_against(self.driver, plan, self.queries,
                                 self.offer.get(setup.ruleset), script=script,
                                 meanwhile=meanwhile)
        except ImplError as e:
            out.outcome = next((name for cls, name in _IMPL_OUTCOME if isinstance(e, cls)),
                               "error")
            out.message = str(e)
            out.stderr_tail = e.stderr_tail
            self.restart()
        except HarnessError as e:  # the reference cannot go on: say so, go on
            out.outcome, out.message = "error", f"the reference engine failed: {e}"
        except Exception as e:  # a bug of the reference engine itself: say so, go on
            out.outcome = "error"
            out.message = f"the reference engine failed on this game: {type(e).__name__}: {e}"
        else:
            self._record(out, trace)
            if cfg.metamorphic and not trace.found and out.outcome == "pass":
                self._metamorphic(out, trace)
        out.duration = time.perf_counter() - started
        return out

    def _record(self, out: GameOutcome, trace: GameTrace) -> None:
        out.events = dict(count_events(trace.script.events(), trace.script.result))
        out.decisions = trace.decisions
        out.unsupported_probes = trace.unsupported
        out.stopped = trace.stopped
        out.left_out = [{"reading": f.left_out, "clause": f.divergence.clause,
                         "key": f.divergence.signature.key} for f in trace.left_out]
        found = trace.divergences
        out.divergences = [_summary(f.divergence) for f in found]
        if found:
            first = found[0].divergence
            out.outcome, out.clause = "fail", first.clause
            out.divergence = first.to_json()
            more = f" (+{len(found) - 1} more)" if len(found) > 1 else ""
            out.message = first.message + more

    def _metamorphic(self, out: GameOutcome, trace: GameTrace) -> None:
        try:
            from conformance.fuzz import metamorphic  # only with --metamorphic

            meta = metamorphic.check(self.driver, trace.script, out.seed, self.queries)
        except ImplError as e:
            out.outcome, out.message, out.stderr_tail = "error", str(e), e.stderr_tail
            self.restart()
            return
        out.metamorphic_checks = meta.checks
        if meta.divergence is not None:
            # No shrinking and no fixture: a fixture holds one game, this is two.
            out.metamorphic_failed = 1
            out.outcome = "fail"
            out.clause = meta.divergence.clauses[0] if meta.divergence.clauses else None
            out.message = meta.divergence.message
            out.divergence = meta.divergence.to_json()

    def restart(self) -> None:
        with contextlib.suppress(ImplError):
            self.driver.restart()


def _summary(div: Divergence) -> dict[str, Any]:
    return {"key": div.signature.key, "signature": div.signature.to_json(),
            "clause": div.clause, "step": div.step, "message": div.message}


def check_offer(offer: Offer, config: FuzzConfig) -> None:
    """A run the implementation's hello rules out: one line (HarnessError)."""
    declared = ", ".join(offer.ruleset_ids) or "none the kit knows"
    if not offer.rulesets:
        raise HarnessError(f"the implementation declares no ruleset to play (it declares:"
                           f" {declared})")
    if config.ruleset is not None and config.ruleset not in offer.rulesets:
        raise HarnessError(f"--ruleset {config.ruleset}: the implementation does not declare"
                           f" it (it declares: {declared})")
    if config.players is not None:
        rulesets = [config.ruleset] if config.ruleset else offer.ruleset_ids
        if any(config.players not in offer.rulesets[r].players for r in rulesets):
            raise HarnessError(f"--players {config.players}: not declared for every ruleset"
                               f" of the run ({', '.join(rulesets)})")


def state_after(script: Any, div: Divergence) -> dict[str, Any] | None:
    """The reference's public state after the divergent action (events divergences)."""
    if div.kind != EVENTS or div.step < 0:
        return None
    game = new_reference_game(script.setup)
    for d in script.decisions[: div.step + 1]:
        apply_moves(game, d.seat, d.action, d.moves)
    state: dict[str, Any] = game.state()
    if script.profile.money == "none":
        state.pop("money", None)
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


def run_games(config: FuzzConfig, on_start: Callable[[dict[str, Any]], None] | None = None,
              starting: Starting | None = None) -> Iterator[GameOutcome]:
    """Every game of the run (this shard), in index order, as each is known; ``starting``:
    the implementation, already starting (one job)."""
    indices = config.indices()
    if starting is not None or config.jobs <= 1 or len(indices) < 2:
        runner = GameRunner(config, ahead=indices, starting=starting)
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
