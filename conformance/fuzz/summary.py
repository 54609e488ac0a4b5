"""What a fuzz run found, added up (:class:`Summary`), one shrunk fixture per cluster of
divergences (:func:`shrink_clusters`), and the clusters of a few games for a score
(:func:`triage`, the mutation score's headline clauses)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.errors import ImplError
from conformance.fuzz.game import play_against
from conformance.fuzz.offer import offer_of_hello
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import FuzzConfig, GameOutcome, GameRunner, state_after
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.signature import Cluster, Clusters, Signature
from conformance.protocol import Driver


@dataclass
class Summary:
    """What the run found, added up: outcomes, divergences by cluster, comparisons left out
    for readings the reference cannot play, probes answered ``unsupported``."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    events: dict[str, Counter[str]] = field(default_factory=dict)
    by_clause: Counter[str] = field(default_factory=Counter)
    clusters: Clusters = field(default_factory=Clusters)
    divergent: list[GameOutcome] = field(default_factory=list)
    left_out: Counter[str] = field(default_factory=Counter)
    left_out_clauses: dict[str, set[str]] = field(default_factory=dict)
    unsupported_probes: int = 0
    stopped: int = 0
    metamorphic_checks: int = 0
    metamorphic_failed: int = 0
    #: The profile in force, in words (:meth:`conformance.suite.profile.ProfileInForce.describe`).
    profile: str = "the 1.0 shape"

    def add(self, g: GameOutcome) -> None:
        self.games += 1
        self.decisions += g.decisions
        self.outcomes[g.outcome] += 1
        self.events.setdefault(g.ruleset, Counter()).update(g.events)
        self.metamorphic_checks += g.metamorphic_checks
        self.metamorphic_failed += g.metamorphic_failed
        self.unsupported_probes += g.unsupported_probes
        self.stopped += 1 if g.stopped else 0
        for x in g.left_out:
            self.left_out[x["reading"]] += 1
            self.left_out_clauses.setdefault(x["reading"], set()).add(x["clause"])
        for d in g.divergences:
            self.clusters.add(Signature.from_json(d["signature"]), g.index, d["message"],
                              g.replay)
            self.by_clause[d["clause"]] += 1
        if g.outcome == "fail":
            if g.metamorphic_failed:
                from conformance.fuzz.metamorphic import METAMORPHIC

                self.by_clause[g.clause or METAMORPHIC] += 1
            self.divergent.append(g)
        elif g.outcome not in ("pass", "skipped"):
            self.divergent.append(g)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as ``fuzz --json`` prints it (and the report's footer holds it)."""
        return {
            "games": self.games, "decisions": self.decisions, "profile": self.profile,
            "seconds": round(self.seconds, 3),
            "divergent_games": len(self.divergent),
            "divergences": sum(c.count for c in self.clusters.values()),
            "outcomes": dict(self.outcomes),
            "clusters": [c.to_json() for c in self.clusters.ranked()],
            "left_out": [{"reading": r, "comparisons": n,
                          "clauses": sorted(self.left_out_clauses.get(r, ()))}
                         for r, n in self.left_out.most_common()],
            "unsupported_probes": self.unsupported_probes,
            "stopped_early": self.stopped,
            "divergent": [{**g.setup_json(), "outcome": g.outcome, "clause": g.clause,
                           "message": g.message, "stopped": g.stopped, "replay": g.replay,
                           "divergences": [d["key"] for d in g.divergences]}
                          for g in self.divergent],
            "metamorphic": {"checks": self.metamorphic_checks,
                            "failed": self.metamorphic_failed},
            "events": {r: dict(c) for r, c in self.events.items()},
        }


# -- one shrunk fixture per cluster ---------------------------------------------------------------


def shrink_clusters(config: FuzzConfig, summary: Summary,
                    on_cluster: Callable[[Cluster], None] | None = None,
                    runner: GameRunner | None = None) -> None:
    """Shrink the first game of every cluster (largest first) to a small one that keeps the
    cluster's signature, within ``config.shrink_budget`` seconds each, and write it as a
    fixture under ``config.out`` (unshrunk with ``--no-shrink``). ``runner``: the one to
    replay the games with (default: a new one, closed afterwards)."""
    clusters = summary.clusters.ranked()
    if not clusters or not (config.shrink or config.out):
        return
    own = runner is None
    runner = runner or GameRunner(config)
    try:
        for cluster in clusters:
            _shrink_one(runner, cluster)
            if on_cluster:
                on_cluster(cluster)
    finally:
        if own:
            runner.close()


def _shrink_one(runner: GameRunner, cluster: Cluster) -> None:
    from conformance.fuzz.fixture import fixture_case, fixture_size, fixture_text
    from conformance.fuzz.shrink import Shrinker

    cfg = runner.config
    index = cluster.first_game
    started = time.perf_counter()
    try:
        trace = runner.trace(index)
        found = next((f for f in trace.found if f.divergence.signature == cluster.signature),
                     None)
        if found is None:
            return  # the implementation answers otherwise now: nothing to shrink
        script, div = found.script, found.divergence
        if cfg.shrink:
            entry = runner.offer.get(script.setup.ruleset)
            shrunk = Shrinker(runner.driver, cfg.shrink_budget, queries=runner.queries,
                              sizes=entry.players if entry else None
                              ).shrink(script, div, game_seed(cfg.seed, index))
            script, div = shrunk.script, shrunk.divergence
            cluster.original_size = shrunk.original_size
    except ImplError:
        runner.restart()
        return
    finally:
        cluster.shrink_seconds = time.perf_counter() - started
    seed_text = str(cfg.seed) if cfg.seed >= 0 else f"n{-cfg.seed}"  # ids are kebab-case
    case_id = f"fuzz-{seed_text}-{index}-{_slug(cluster.clause)}"
    replay = cfg.replay_command(index)
    case = fixture_case(script, div, case_id, replay, state_after(script, div))
    cluster.fixture_size = fixture_size(case)
    if cfg.out:
        path = Path(cfg.out) / f"{case_id}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fixture_text(case, replay, f"seed {cfg.seed}, game {index},"
                                                   f" cluster {cluster.signature.key}"),
                        encoding="utf-8")
        cluster.fixture = str(path)


def _slug(clause: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in clause.lower()).strip("-")


# -- the clusters of one implementation, for a score ---------------------------------------------


@dataclass
class Triage:
    """What some fuzz games found against one implementation: the first divergent game and
    the clusters (:attr:`headline`: the largest)."""

    games: int = 0
    first_game: int | None = None
    clusters: Clusters = field(default_factory=Clusters)

    @property
    def headline(self) -> Cluster | None:
        return self.clusters.headline


def triage(driver: Driver, hello: dict[str, Any], games: int, seed: int,
           rulesets: tuple[str, ...] | None = None, enough: int = 24) -> Triage:
    """Play games ``0 .. games-1`` of run ``seed`` (those of ``rulesets``) in lockstep on the
    started ``driver``, going on after divergences, and cluster them; stop after ``enough``
    divergent games (the headline cluster is settled by then)."""
    offer = offer_of_hello(hello)
    queries = frozenset(hello.get("queries") or ())
    out = Triage()
    divergent = 0
    for i in range(games):
        plan = make_plan(i, game_seed(seed, i), offer=offer)
        if rulesets is not None and plan.setup.ruleset not in rulesets:
            continue
        out.games += 1
        trace = play_against(driver, plan, queries, offer.get(plan.setup.ruleset))
        for f in trace.divergences:
            out.clusters.add(f.divergence.signature, i, f.divergence.message, "")
        if trace.divergences:
            divergent += 1
            if out.first_game is None:
                out.first_game = i
            if divergent >= enough:
                break
    return out
