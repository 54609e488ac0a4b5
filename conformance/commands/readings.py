"""``phom-conformance readings``: play the suite under every alternative reading the
reference can play, and find the scenarios that depend on a reading without saying so.

An implementation that declares a reading in its ``hello`` (spec/protocol.md 5.1) gets the
scenarios tagged ``@reading:<ambiguity>=<other reading>`` skipped; every other scenario runs
and must pass. So a scenario whose outcome changes under a declared reading and carries no
``@reading:`` tag for that ambiguity is a missing tag. The sweep plays each reading with
``parameters`` (spec/ambiguities.yaml) on the in-process reference, which declares it in its
hello and plays it as ``phom-reference --reading`` does, one reading at a time, over the
scenarios it can change: those of the rulesets that take another reading, without a tag on
the ambiguity, whose games' resolved parameters the reading changes (the reference plays by
its parameters only) and whose requests get other replies.

The first play records which parameters each scenario's games read (conformance.param_reads):
the engine is deterministic, so a game whose every parameter read has the same value under the
reading makes the same moves and gives the same replies, and the scenario is not replayed.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from conformance.commands.options import sweep_options
from conformance.outcomes import Outcome, ScenarioResult
from conformance.param_reads import GameParams, NewGame, ReadsTest, reads_change, reads_test
from conformance.protocol import Driver, Pending
from phomspec import Ambiguity, SpecError, load_spec


@dataclass(frozen=True)
class Alternative:
    """A reading with parameters, and the rulesets that take another reading of its ambiguity
    (with the reading each of them takes)."""

    ambiguity: str
    reading: str
    rulesets: dict[str, str]

    @property
    def label(self) -> str:
        return f"{self.ambiguity}={self.reading}"


@dataclass(frozen=True)
class Finding:
    """A scenario whose outcome changes under a declared reading it carries no tag for."""

    alternative: Alternative
    result: ScenarioResult
    before: Outcome
    ruleset: str

    @property
    def tag(self) -> str:
        """The tag that makes the scenario skip under the reading: the ruleset's own."""
        return f"@reading:{self.alternative.ambiguity}={self.alternative.rulesets[self.ruleset]}"

    def describe(self) -> str:
        r, alt = self.result, self.alternative
        first = (r.message or "").strip().splitlines()[:1]
        why = f": {first[0][:160]}" if first else ""
        return (f"{r.source or r.id}: scenario {r.id} changes under {alt.label} ({self.before}"
                f" -> {r.outcome}{why}) and has no @reading:{alt.ambiguity} tag; add {self.tag}")


@dataclass
class Row:
    """What one alternative reading did to the suite."""

    alternative: Alternative
    tagged: int = 0
    run: int = 0
    findings: list[Finding] = field(default_factory=list)


def alternatives(ambiguities: Iterable[Ambiguity], rulesets: Sequence[str],
                 only: Sequence[str] = ()) -> list[Alternative]:
    """Every reading with ``parameters`` that some ruleset of ``rulesets`` does not take
    (``only``: ambiguity ids, or ``AMB.X=reading``, to keep)."""
    out = []
    for amb in ambiguities:
        for reading in amb.readings:
            label = f"{amb.id}={reading.id}"
            if only and amb.id not in only and label not in only:
                continue
            if not reading.parameters:
                continue
            others = {rid: amb.rulesets[rid].reading for rid in rulesets
                      if rid in amb.rulesets and amb.rulesets[rid].reading != reading.id}
            if others:
                out.append(Alternative(amb.id, reading.id, others))
    return out


#: A request as the scenario asked it (without ``id``) and its reply (None: never read).
Exchange = list[Any]


class _TapPending(Pending):
    def __init__(self, inner: Pending, entry: Exchange):
        self._inner, self._entry = inner, entry

    def result(self) -> dict[str, Any]:
        reply = self._inner.result()
        self._entry[1] = reply
        return reply


#: Requests addressed to one game (by its ``game`` member).
_GAME_REQUESTS = frozenset({"apply", "legal_actions", "state", "result"})


class _TapDriver(Driver):
    """Passes everything to ``inner`` and keeps every request with its reply, in the order
    sent, until :meth:`take`; with ``made`` (conformance.param_reads.tracking's records),
    also the parameters the games started since then read."""

    def __init__(self, inner: Driver, made: list[set[Any]] | None = None):
        self.inner = inner
        self.hello = {}
        self._log: list[Exchange] = []
        self._made = made
        self._reads: list[set[Any]] = []
        self._games: set[Any] = set()
        self._tracked = made is not None

    def __getattr__(self, name: str) -> Any:  # description, stderr_tail...
        return getattr(self.inner, name)

    def start(self) -> dict[str, Any]:
        self.hello = self.inner.start()
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        entry: Exchange = [dict(message), None]
        self._log.append(entry)
        if self._made is None:
            return _TapPending(self.inner.send(message), entry)
        before = len(self._made)
        pending = _TapPending(self.inner.send(message), entry)
        kind = message.get("type")
        if kind == "new_game":
            # a game the engine started without its parameters recorded is not tracked
            made = self._made[before:]
            self._tracked &= bool(made)
            self._reads.extend(made)
            self._games.add(message.get("game"))
        elif kind in _GAME_REQUESTS and message.get("game") not in self._games:
            self._tracked = False  # a game started before this scenario's own
        return pending

    def close(self) -> None:
        self.inner.close()

    def take(self) -> list[Exchange]:
        out, self._log = self._log, []
        return out

    def take_reads(self) -> frozenset[Any] | None:
        """The parameters read by the games started since the last call (dotted names, and
        conformance.param_reads.Membership tests), or None when some game was not tracked."""
        reads = frozenset().union(*self._reads) if self._tracked else None
        self._reads, self._games, self._tracked = [], set(), self._made is not None
        return reads


@dataclass
class _Played:
    """A scenario as played on the reference: its outcome, every exchange and the parameters
    its games read (None: not known)."""

    result: ScenarioResult
    exchanges: list[Exchange]
    reads: frozenset[Any] | None = None
    #: The games it starts (:meth:`resolve` fills them in).
    games: list[NewGame] = field(default_factory=list)
    #: Its exchanges as games (conformance.reading_replays; None: replayed whole).
    shape: Any = None

    def resolve(self, params: GameParams, shared: bool = True) -> None:
        """Note the games its ``new_game`` requests start, resolved once for every reading,
        and (``shared``) its exchanges as games."""
        from conformance.reading_replays import shape

        self.shape = shape(self.exchanges) if shared else None
        self.games = [params.game(request) for request, _ in self.exchanges
                      if request.get("type") == "new_game"]


def _changes(params: GameParams, played: _Played, declared: Mapping[str, str]) -> bool:
    """Whether the reading ``declared`` changes the parameters of a game the scenario starts."""
    return any(game.changes(params, declared) for game in played.games)


def _replay_all(candidates: Sequence[Any], base: dict[str, _Played], declared: dict[str, str],
                make_driver: MakeDriver, config: Any, tree: Any, params: GameParams,
                tests: dict[int, ReadsTest | None]) -> list[bool]:
    """For each of ``candidates``, whether ``make_driver(declared)`` answers its requests as
    the reference did. On the in-process reference, the requests the scenarios' games share
    are played once (conformance.reading_replays), and where it plays the 1.0 shape (server
    ``config``; None: another shape), with ``params`` (the cache the scenarios' games were
    resolved with), only from the first request that reads a parameter the reading changes;
    any other scenario is replayed whole on a session of its own (or, on another
    implementation, all on one session)."""
    from conformance.reading_replays import replay_whole

    out: list[bool | None] = [None] * len(candidates)
    if make_driver is reference and tree is not None:
        server = _greeted(_config(declared))
        fits = [i for i, sc in enumerate(candidates) if base[sc.id].shape is not None]
        dirty = None if config is None else _dirty(params, config, tests)
        for i, same in zip(fits, tree.same_replies(server, [candidates[i].id for i in fits],
                                                   dirty), strict=True):
            out[i] = same
    rest = [i for i, same in enumerate(out) if same is None]
    if rest:
        replay = make_driver(declared)
        replay.start()
        try:
            for i in rest:
                out[i] = replay_whole(replay, base[candidates[i].id].exchanges)
        finally:
            replay.close()
    return [bool(same) for same in out]


def _dirty(params: GameParams, config: Any,
           tests: dict[int, ReadsTest | None]) -> Callable[[dict[str, Any]], ReadsTest | None]:
    """conformance.reading_replays.Dirty of server ``config``: the reads_test of the game of
    a ``new_game`` request (kept in ``tests``, by the id of the game)."""

    def dirty(request: dict[str, Any]) -> ReadsTest | None:
        game = params.game(request)
        if id(game) not in tests:
            tests[id(game)] = reads_test(params, game, config)
        return tests[id(game)]

    return dirty


def _rerun_driver(declared: dict[str, str], make_driver: MakeDriver, config: Any, tree: Any,
                  params: GameParams, tests: dict[int, ReadsTest | None]) -> Driver:
    """``make_driver(declared)``, or on the in-process reference of server ``config`` (the 1.0
    shape) with the tree noted, the same reference answering each game's requests before
    its first read of a parameter the reading changes from the tree
    (conformance.reading_replays.ResumingServer)."""
    if make_driver is not reference or config is None or tree is None or not tree.noted:
        return make_driver(declared)
    from conformance.drivers.inprocess import InProcessDriver
    from conformance.reading_replays import ResumingServer
    from reference_impl.server import Server

    dirty = _dirty(params, config, tests)
    return InProcessDriver(config=config,
                           server=lambda: ResumingServer(Server(config=config), tree, dirty))


def _greeted(config: Any) -> Any:
    """A reference_impl.server.Server of ``config``, greeted as the in-process driver
    greets it."""
    from conformance.protocol.messages import hello_request
    from reference_impl.server import Server

    server = Server(config=config)
    server.handle({**hello_request(), "id": 0})
    return server


def _run(driver: Driver, scenarios: Sequence[Any],
         on_result: Callable[[ScenarioResult], None] | None = None) -> list[ScenarioResult]:
    from conformance.runner import Runner, RunOptions

    return Runner(driver, RunOptions(transcripts="none"), on_result=on_result) \
        .run(scenarios).results


def reference(readings: Mapping[str, str]) -> Driver:
    """The in-process reference declaring ``readings`` in its hello and playing them
    (``phom-reference --reading``), in the shape those readings need (AMB.U-AUTOMATIC=declared:
    ``u: claimed``); with none, the plain reference."""
    from conformance.drivers.inprocess import InProcessDriver

    return InProcessDriver(config=_config(readings) if readings else None)


def _config(readings: Mapping[str, str]) -> Any:
    """The server configuration of :func:`reference` declaring ``readings``."""
    from reference_impl.profiles import profile_of_readings
    from reference_impl.serve_config import ServerConfig

    return ServerConfig(profile=profile_of_readings(readings), readings=dict(readings))


#: Makes a driver of the implementation that declares (and plays) the given readings.
MakeDriver = Callable[[Mapping[str, str]], Driver]


def play(scenarios: Sequence[Any], make_driver: MakeDriver) -> dict[str, _Played]:
    """Every scenario played once on ``make_driver({})``, with its exchanges and, on the
    in-process reference, the parameters its games read."""
    from conformance.param_reads import tracking

    out: dict[str, _Played] = {}
    with tracking() as made:
        tap = _TapDriver(make_driver({}), made if make_driver is reference else None)

        def keep(result: ScenarioResult) -> None:
            out[result.id] = _Played(result, tap.take(), tap.take_reads())

        _run(tap, scenarios, keep)
    return out


def _chunks(length: int, count: int) -> list[tuple[int, int]]:
    """``range(length)`` cut into at most ``count`` runs of consecutive indices (start, end)."""
    size = max(1, -(-length // max(1, count)))
    return [(i, min(i + size, length)) for i in range(0, length, size)]


def sweep(scenarios: Sequence[Any], alts: Sequence[Alternative],
          make_driver: MakeDriver = reference,
          on_row: Callable[[Row], None] | None = None, *, jobs: int = 1,
          prune: bool = True) -> list[Row]:
    """Play ``scenarios`` on ``make_driver({})``, then on ``make_driver`` of each alternative
    reading, one at a time; one row per alternative.

    Only what can change is run again: a scenario of a ruleset that takes another reading,
    with no tag on the ambiguity, one of whose games the reading gives other parameters,
    and whose requests get another reply under the reading. ``prune``: skip the replay of
    a scenario whose games read no parameter the reading changes, and play the requests
    that games share once (False: replay every scenario whole; the rows are the same).

    ``jobs``: worker processes (conformance.forks.fork_map). The first play is cut into
    runs of scenarios, each on its own session (a game's replies do not depend on the games
    before it); each alternative then runs whole in one worker, as it would here, so the
    rows are the same whatever ``jobs`` is."""
    # What lives to the end of the sweep (the suite now, the first play and the tree once
    # made: _sweep freezes again) is kept out of the cyclic collector's passes (gc.freeze),
    # and its passes over the whole heap are made rare (young cycles are still collected);
    # they cost a fifth of the sweep's time otherwise. What the sweep made is freed (by
    # reference counts) before the passes come back.
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(thresholds[0], thresholds[1], 1000)
    try:
        return _sweep(scenarios, alts, make_driver, on_row, jobs, prune)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _sweep(scenarios: Sequence[Any], alts: Sequence[Alternative], make_driver: MakeDriver,
           on_row: Callable[[Row], None] | None, jobs: int, prune: bool) -> list[Row]:
    from conformance.forks import fork_map
    from conformance.reading_replays import Tree
    from conformance.suite.support import held_readings

    base: dict[str, _Played] = {}
    for part in fork_map(lambda run: play(scenarios[run[0]:run[1]], make_driver),
                         _chunks(len(scenarios), 4 * jobs if jobs > 1 else 1), jobs):
        base.update(part)
    if not prune:
        base = {k: _Played(v.result, v.exchanges) for k, v in base.items()}
    params = GameParams()
    for played in base.values():
        played.resolve(params, shared=prune)
    tree = Tree({k: v.shape for k, v in base.items() if v.shape is not None})
    if prune and make_driver is reference:
        tree.note_reads(_greeted(None))
    held_by = {sc.id: held_readings(sc) for sc in scenarios}
    gc.freeze()  # the first play and the tree too (sweep unfreezes all at its end)
    rows = []
    for row in fork_map(lambda alt: _row(alt, scenarios, base, params, make_driver, tree,
                                         held_by), alts, jobs):
        rows.append(row)
        if on_row:
            on_row(row)
    return rows


def _row(alt: Alternative, scenarios: Sequence[Any], base: dict[str, _Played], params: GameParams,
         make_driver: MakeDriver, tree: Any, held_by: dict[str, dict[str, str]]) -> Row:
    """What one alternative reading does to the suite played as ``base``."""
    from reference_impl.profiles import profile_of_readings

    row = Row(alt)
    declared = {alt.ambiguity: alt.reading}
    # the reads of the first play tell only for a reading played in the same shape
    config = _config(declared) if profile_of_readings(declared).is_default else None
    candidates = []
    tests: dict[int, ReadsTest | None] = {}  # reads_test of each game under config
    for sc in scenarios:
        if sc.ruleset not in alt.rulesets:
            continue
        held = held_by.get(sc.id, {}).get(alt.ambiguity)
        if held is not None and held != alt.reading:
            row.tagged += 1  # skipped by an implementation that declares the reading
            continue
        played = base.get(sc.id)
        if played is None:
            continue
        if not _changes(params, played, declared):
            continue
        if config is not None and played.reads is not None and \
                not reads_change(params, played.games, config, played.reads, tests):
            continue  # every parameter its games read is the same: the same replies
        candidates.append(sc)
    todo = [sc for sc, same in zip(candidates, _replay_all(
        candidates, base, declared, make_driver, config, tree, params, tests), strict=True)
        if not same]
    row.run = len(todo)
    if todo:
        by_id = {sc.id: sc for sc in todo}
        for result in _run(_rerun_driver(declared, make_driver, config, tree, params, tests),
                           todo):
            was = base[result.id].result.outcome
            if result.outcome not in (was, Outcome.SKIPPED):
                row.findings.append(Finding(alt, result, was, by_id[result.id].ruleset))
    return row


@click.command("readings")
@sweep_options("Fail (exit 1) naming every scenario that changes under a reading it has"
               " no @reading: tag for.")
@click.option("--ambiguity", "only", multiple=True, metavar="AMB.X[=READING]",
              help="Only this ambiguity, or this one reading (repeatable).")
def command(check: bool, rulesets: tuple[str, ...], jobs: int | None,
            only: tuple[str, ...]) -> None:
    """Play the suite on the reference under every alternative reading that has parameters
    (spec/ambiguities.yaml), one at a time, declared as an implementation declares it, and
    count the scenarios whose outcome each one changes.

    Exit status: 0 clean, 1 (with --check) untagged reading dependences, 2 harness error,
    3 usage error.
    """
    from rich.console import Console
    from rich.table import Table

    from conformance.errors import HarnessError, ScenarioError
    from conformance.forks import default_jobs
    from conformance.suite.discover import load_scenarios
    from reference_impl.serve_config import ConfigError

    err = Console(stderr=True, highlight=False, emoji=False)
    try:
        spec = load_spec()
        every = spec.ids("ruleset")
        unknown = [r for r in rulesets if r not in every]
        if unknown:
            raise click.UsageError(f"no ruleset {unknown[0]!r}; known: {', '.join(every)}")
        known = {a.id for a in spec.ambiguities}
        bad = [o for o in only if o.partition("=")[0] not in known]
        if bad:
            raise click.UsageError(f"no ambiguity {bad[0]!r} in spec/ambiguities.yaml")
        alts = alternatives(spec.ambiguities, list(rulesets) or every, only)
        scenarios = load_scenarios(rulesets=list(rulesets) or None)
        wanted = {r for a in alts for r in a.rulesets}
        scenarios = [s for s in scenarios if s.ruleset in wanted]
        rows = sweep(scenarios, alts, reference,
                     on_row=lambda r: err.print(f"  {r.alternative.label}: {r.run} run,"
                                                f" {len(r.findings)} changed"),
                     jobs=jobs or default_jobs())
    except (ScenarioError, SpecError, ConfigError) as e:
        err.print(f"error: {e}")
        sys.exit(2)
    except HarnessError as e:
        err.print(f"harness error: {e}")
        sys.exit(2)
    console = Console(highlight=False, emoji=False, markup=False)
    table = Table(title=f"Alternative readings ({len(rows)}) over {len(scenarios)} scenarios",
                  header_style="bold")
    for col in ("reading", "rulesets", "tagged", "run", "changed"):
        table.add_column(col)
    for r in rows:
        table.add_row(r.alternative.label, " ".join(r.alternative.rulesets), str(r.tagged),
                      str(r.run), str(len(r.findings)) if r.findings else "0")
    console.print(table)
    findings = [f for r in rows for f in r.findings]
    console.print(f"{len(findings)} scenario(s) change under a reading they have no tag for")
    if check and findings:
        for f in findings:
            console.print(f.describe(), soft_wrap=True)
        sys.exit(1)
