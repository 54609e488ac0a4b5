"""``phom-conformance fuzz``: differential fuzzing of an implementation against the reference."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import click

from conformance.fuzz.seeds import ShardError, parse_shard


@click.command("fuzz")
@click.option("--impl", default="reference", show_default=True, metavar="CMD",
              help="Command line of the implementation; 'reference' for the reference engine"
                   " in-process, 'mutant:ID' for a rule mutant of it.")
@click.option("--ruleset", metavar="R", help="Only this ruleset (default: all, game by game).")
@click.option("--players", type=click.IntRange(2, 4), help="Only this table size.")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games in the run (before sharding).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run.")
@click.option("--game", "only", type=click.IntRange(min=0), metavar="I",
              help="Play only game I of the run (what a divergence's replay command uses).")
@click.option("--out", type=click.Path(file_okay=False), metavar="DIR",
              help="Write each divergence, shrunk, as a fixture file here.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (each with its own implementation process).")
@click.option("--shard", "shard_text", default="1/1", show_default=True, metavar="I/N",
              help="Play only shard I of N (a disjoint slice of the games).")
@click.option("--report", type=click.Path(dir_okay=False), metavar="F.jsonl",
              help="Write the JSONL report (the harness's format: 'report' merges shards).")
@click.option("--no-shrink", is_flag=True, help="Write divergences as found, without shrinking.")
@click.option("--shrink-budget", type=click.FloatRange(min=0), default=30.0, show_default=True,
              metavar="SECONDS", help="Time to shrink each cluster's game (one per cluster).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the summary as JSON (games, divergent games, clusters).")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=5.0, show_default=True,
              help="Seconds to wait for each reply.")
@click.option("--metamorphic", is_flag=True,
              help="Also play each game with its suits permuted and its seats rotated; the"
                   " answers must map back onto the original game's.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def command(impl: str, ruleset: str | None, players: int | None, games: int, seed: int,
            only: int | None, out: str | None, jobs: int, shard_text: str, report: str | None,
            no_shrink: bool, shrink_budget: float, as_json: bool, timeout: float,
            metamorphic: bool, quiet: bool) -> None:
    """Play seeded games on the reference engine and replay them in lockstep against an
    implementation, going on after every divergence that leaves both sides in the same
    state; group the divergences in clusters by root cause and shrink one game per cluster
    to a small fixture.

    Exit status: 0 no divergence, 1 divergences, 2 harness or start error, 3 usage error.
    """
    from conformance.errors import HarnessError, ImplError
    from conformance.fuzz.config import FuzzConfig, Starting, make_driver, starts_apart
    from phomspec import list_rulesets

    try:
        shard = parse_shard(shard_text)
    except ShardError as e:
        raise click.UsageError(str(e)) from None
    if ruleset is not None and ruleset not in list_rulesets():
        raise click.UsageError(f"--ruleset {ruleset!r}: unknown; rulesets: "
                               f"{', '.join(list_rulesets())}")
    if players is not None and ruleset is not None:
        from phomspec import resolve_ruleset

        if players not in resolve_ruleset(ruleset).params["players"]:
            raise click.UsageError(f"ruleset {ruleset} is not played by {players}")
    config = FuzzConfig(impl=impl, ruleset=ruleset, players=players, games=games, seed=seed,
                        out=out, jobs=jobs, shard=shard, only=only, shrink=not no_shrink,
                        shrink_budget=shrink_budget, timeout=timeout, metamorphic=metamorphic)
    try:
        driver = make_driver(config)  # a bad command line or mutant id: a usage error
    except HarnessError as e:
        raise click.UsageError(str(e)) from None
    started = time.perf_counter()
    # One job: the implementation process starts now, while the rest of the fuzzer loads.
    starting = Starting(driver) if jobs <= 1 and starts_apart(driver) else None
    from rich.console import Console

    from conformance.fuzz.offer import offer_of_hello
    from conformance.fuzz.run import GameOutcome, run_games
    from conformance.fuzz.summary import Summary, shrink_clusters
    from conformance.suite.profile import profile_in_force

    err = Console(stderr=True, highlight=False, soft_wrap=True)  # an error stays on one line
    total = len(config.indices())
    summary = Summary()
    writer: Any = None

    def start(hello: dict[str, Any]) -> None:
        nonlocal writer
        offer = offer_of_hello(hello)
        for problem in offer.problems:
            err.print(f"[yellow]{problem}[/yellow]")
        summary.profile = profile_in_force(hello).describe()
        if report:
            from conformance.reports.jsonl import JsonlWriter, make_header

            header = make_header(
                implementation={k: hello.get(k) for k in ("name", "version", "language")}
                | (offer.profile or {})  # the shape members, read as run reads a hello
                | {"command": impl, "profile": offer.profile,
                   "readings": {r: e.readings for r, e in offer.rulesets.items()}},
                command=config.command(),
                rulesets=[ruleset] if ruleset else offer.ruleset_ids,
                seed=seed, planned=total,
                selection={"fuzz": {"games": games, "shard": str(shard), "players": players,
                                    "only": only, "metamorphic": metamorphic}})
            writer = JsonlWriter(report, header)

    def finish(complete: bool, reason: str | None = None) -> None:
        if writer is not None:
            writer.finish(complete=complete, reason=reason, extra={"fuzz": summary.to_json()})

    try:
        progress = None if quiet else _progress(err)
        task = progress.add_task("fuzz", total=total) if progress else None
        if progress:
            progress.start()
        try:
            for g in run_games(config, on_start=start, starting=starting):
                summary.add(g)
                summary.seconds = time.perf_counter() - started
                if writer is not None:
                    writer.write(_result_of(g, seed))
                if g.outcome not in ("pass", "skipped"):
                    _tell_divergence(err, g, progress)
                if progress and task is not None:
                    progress.update(task, advance=1,
                                    description=f"fuzz · {summary.games} games · "
                                                f"{len(summary.divergent)} divergent")
        finally:
            if progress:
                progress.stop()
    except KeyboardInterrupt:
        finish(False, "interrupted")
        err.print("interrupted")
        sys.exit(2)
    except (ImplError, HarnessError) as e:
        finish(False, f"{type(e).__name__}: {e}")
        err.print(f"[red]harness error:[/red] {e}")
        tail = getattr(e, "stderr_tail", "")
        if tail:
            err.print(tail)
        sys.exit(2)
    summary.seconds = time.perf_counter() - started
    if summary.clusters and (config.shrink or config.out):
        if not quiet:
            err.print(f"shrinking one game of each of {len(summary.clusters)} cluster(s)"
                      f" (at most {shrink_budget:g} s each)...")
        try:
            shrink_clusters(config, summary)
        except (ImplError, HarnessError) as e:
            err.print(f"[yellow]shrinking stopped:[/yellow] {e}")
    finish(True)
    if as_json:
        click.echo(json.dumps(summary.to_json(), ensure_ascii=False, indent=2))
    else:
        _print_summary(Console(highlight=False), summary, config)
    bad: list[GameOutcome] = summary.divergent
    sys.exit(1 if bad else 0)


def _progress(console: Any) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console, transient=True)


def _tell_divergence(console: Any, g: Any, progress: Any) -> None:
    line = (f"[red]{g.outcome}[/red] game {g.index} ({g.ruleset}, {g.players}p)"
            f" [{g.clause or '-'}]: {g.message}\n  replay: {g.replay}")
    if progress is not None:
        progress.console.print(line)
    else:
        console.print(line)


def _result_of(g: Any, seed: int) -> Any:
    """The report's line of one game; its setup (room options, readings, the implementation's
    profile) and its divergences' signatures are in its tags."""
    from conformance.outcomes import Outcome, ScenarioResult

    div = g.divergence or {}
    tags = ("fuzz", f"players:{g.players}",
            *(f"option:{k}={json.dumps(v)}" for k, v in sorted(g.options.items())),
            *(f"reading:{k}={v}" for k, v in sorted(g.readings.items())),
            f"profile:{json.dumps(g.profile, sort_keys=True)}",
            *(f"divergence:{d['key']}" for d in g.divergences),
            *(f"left-out:{x['reading']}" for x in g.left_out),
            *(f"event:{e}" for e in sorted(g.events)))
    return ScenarioResult(
        id=f"fuzz:{seed}:{g.index}", name=g.label, outcome=Outcome(g.outcome),
        clauses=tuple(div.get("clauses") or ()), rulesets=(g.ruleset,), tags=tags,
        source=None, duration=g.duration,
        message=g.message + (f"; {g.stopped}" if g.stopped else ""),
        expected=div.get("expected"), actual=div.get("actual"),
        step=str(div.get("step")) if div else None, clause=g.clause,
        stderr_tail=g.stderr_tail, replay=g.replay if g.outcome != "pass" else None)


def _print_summary(console: Any, summary: Any, config: Any) -> None:
    from rich.table import Table

    from conformance.fuzz.event_coverage import events_of_ruleset

    console.print(f"[bold]fuzz[/bold] {config.impl}: {summary.games} games,"
                  f" {summary.decisions} decisions, {len(summary.divergent)} divergent"
                  f" ({summary.games_per_second:.1f} games/s, seed {config.seed},"
                  f" shard {config.shard})")
    console.print(f"profile: {summary.profile}")
    if config.metamorphic:
        console.print(f"metamorphic: {summary.metamorphic_checks} checks,"
                      f" {summary.metamorphic_failed} failed")
    if summary.clusters:
        t = Table(title="Divergences by cluster (root cause)", header_style="bold")
        for col in ("clause", "where", "reasons (reference | implementation)", "count",
                    "games", "first game", "fixture"):
            t.add_column(col, justify="right" if col in ("count", "games", "first game")
                         else "left")
        for c in summary.clusters.ranked():
            sig = c.signature
            fixture = f"{c.fixture} ({c.fixture_size} actions)" if c.fixture else (
                f"({c.fixture_size} actions)" if c.fixture_size is not None else "")
            t.add_row(c.clause, sig.where, f"{sig.reasons[0]} | {sig.reasons[1]}",
                      str(c.count), str(len(c.games)), str(c.first_game), fixture)
        console.print(t)
        for c in summary.clusters.ranked():
            console.print(f"  {c.clause}: replay {c.replay}")
    if summary.left_out:
        for reading, n in summary.left_out.most_common():
            clauses = ", ".join(sorted(summary.left_out_clauses.get(reading, ())))
            console.print(f"[yellow]left out[/yellow] {n} comparison(s) that depend on the"
                          f" declared reading {reading}, which the reference cannot play"
                          f" ({clauses})")
    if summary.unsupported_probes:
        console.print(f"{summary.unsupported_probes} probe(s) answered 'unsupported'"
                      " (recorded; the games went on)")
    if summary.stopped:
        console.print(f"{summary.stopped} game(s) stopped comparing early: the states differed"
                      " (see each game's message in the report)")
    others = {k: v for k, v in summary.outcomes.items() if k not in ("pass", "fail")}
    if others:
        console.print("other outcomes: " + ", ".join(f"{k} {v}" for k, v in others.items()))
    cov = Table(title="Rule events reached (times)", header_style="bold")
    cov.add_column("event")
    rulesets = sorted(summary.events)
    for r in rulesets:
        cov.add_column(r, justify="right")
    wanted = {r: events_of_ruleset(r) for r in rulesets}
    names: list[str] = []
    for r in rulesets:
        names += [e for e in wanted[r] if e not in names]
    for e in names:
        cov.add_row(e, *[("-" if e not in wanted[r] else
                          str(summary.events[r].get(e, 0)) if summary.events[r].get(e) else
                          "[red]0[/red]") for r in rulesets])
    console.print(cov)
    for r in rulesets:
        never = [e for e in wanted[r] if not summary.events[r].get(e)]
        if never:
            console.print(f"[yellow]{r}: never reached:[/yellow] {', '.join(never)}")
    for g in summary.divergent[:20]:
        console.print(f"  game {g.index}: {g.clause or g.outcome}: {g.message}"
                      + (f" ({g.stopped})" if g.stopped else ""))
        console.print(f"    replay: {g.replay}")
    if len(summary.divergent) > 20:
        console.print(f"  ... and {len(summary.divergent) - 20} more (see the report)")
