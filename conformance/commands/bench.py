"""``phom-conformance bench``: how fast the engine, the transport and the harness are.

- engine: complete random-play games per second (``reference_impl.bench.engine_throughput``);
- raw: a minimal loop against the null implementation (a thread writes every pre-encoded
  request at once, the reply lines are read back, nothing parsed): the ceiling the null
  implementation and the pipes allow;
- harness vs null: the subprocess driver (encode, send, read, parse, check every reply) on
  the same requests, pipelined ``--batch`` deep (:func:`driver_rate`); the target is 70% of
  the raw rate;
- harness vs phom-reference: random-play games scripted by the in-process reference, sent
  pipelined to ``phom-reference`` in a subprocess (its engine does the work);
- harness in-process: the same games through the in-process driver (the default backend).

Every rate is the best of ``--repeat`` runs (the machine's other load only slows a run); the
raw and harness runs alternate so that both see the same load.

``--against REV|DIR`` instead compares this tree's engine with the engine of another revision,
side by side (:func:`engine_against`).
"""

from __future__ import annotations

import collections
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from conformance.commands.options import HERE, HarnessFailure, against_option, other_tree
from conformance.drivers.inprocess import InProcessDriver
from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import HarnessError
from conformance.protocol import Driver
from phomspec import list_rulesets, paths
from reference_impl import Deal, Game, load_ruleset
from reference_impl.bench import engine_throughput
from reference_impl.policies import RandomPolicy

NULL_IMPL = [sys.executable, "-m", "conformance.protocol.null_server"]
REFERENCE = [sys.executable, "-m", "reference_impl.server"]
APPLY = {"type": "apply", "game": "g", "seat": 0, "action": {"type": "draw"}}


def _best(repeat: int, measure: Callable[[], float]) -> float:
    return max(measure() for _ in range(repeat))


def raw_rate(messages: int) -> float:
    """Messages per second of the minimal loop against the null implementation: one thread
    writes every pre-encoded request, the main thread reads the reply lines, nothing parsed."""
    proc = subprocess.Popen(NULL_IMPL, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    if proc.stdin is None or proc.stdout is None:
        raise HarnessError("subprocess.Popen gave no pipes")
    stdin = proc.stdin
    reader = os.fdopen(proc.stdout.fileno(), "rb", buffering=1 << 16, closefd=False)
    data = b"".join(json.dumps({"id": i, **APPLY}, separators=(",", ":")).encode() + b"\n"
                    for i in range(messages))
    writer = threading.Thread(target=stdin.write, args=(data,), daemon=True)
    try:
        started = time.perf_counter()
        writer.start()
        for _ in range(messages):
            reader.readline()
        return messages / (time.perf_counter() - started)
    finally:
        writer.join()
        reader.close()
        stdin.close()
        proc.wait(timeout=5)


def driver_rate(driver: Driver, messages: int, batch: int) -> float:
    """Messages per second through a started driver, pipelined ``batch`` deep: ``batch``
    requests are sent, then each reply read is followed by the next request, so that the
    implementation always has work in hand while the harness reads and checks replies (as the
    raw loop's implementation has; batches sent whole and then read left it idle at each
    batch's end, while the harness checked the replies and encoded the next batch)."""
    send = driver.send
    started = time.perf_counter()
    window = collections.deque(send(APPLY) for _ in range(min(batch, messages)))
    pop, push = window.popleft, window.append
    for _ in range(messages - len(window)):
        pop().result()
        push(send(APPLY))
    while window:
        pop().result()
    return messages / (time.perf_counter() - started)


def scripted_games(games: int, ruleset: str, seed: int) -> list[list[dict[str, Any]]]:
    """The requests of ``games`` random-play games, worked out by the in-process reference."""
    rs = load_ruleset(ruleset)
    scripts = []
    for i in range(games):
        deal = Deal.shuffled(seed + i, 4, i % 4)
        game = Game(rs, deal)
        policy = RandomPolicy(seed + i)
        body = deal.to_json()
        gid = f"b{i % 8}"  # reused ids keep the implementation's memory bounded
        script = [{"type": "new_game", "game": gid, "ruleset": ruleset, "players": 4,
                   "first": i % 4, "deal": {"hands": body["hands"], "stock": body["stock"]}}]
        while not game.is_over:
            seat = game.to_act
            if seat is None:
                raise HarnessError("the reference has nobody to act in a game that is not over")
            action = policy.choose(game)
            game.apply(seat, action)
            script.append({"type": "apply", "game": gid, "seat": seat,
                           "action": action.to_json()})
        script.append({"type": "result", "game": gid})
        scripts.append(script)
    return scripts


def games_rate(driver: Driver, scripts: list[list[dict[str, Any]]]) -> float:
    """Messages per second playing the scripts, each game's requests pipelined."""
    count = sum(len(s) for s in scripts)
    started = time.perf_counter()
    for script in scripts:
        pending = [driver.send(m) for m in script]
        for p in pending:
            p.result()
    return count / (time.perf_counter() - started)


def measure(messages: int, batch: int, games: int, engine_games: int, repeat: int,
            seed: int) -> dict[str, Any]:
    random.seed(seed)
    figures: dict[str, Any] = {"engine": [], "batch": batch, "messages": messages,
                               "games": games, "repeat": repeat}
    for rid in list_rulesets():
        figures["engine"].append(engine_throughput(rid, games=engine_games, seed=seed))
    null = SubprocessDriver(NULL_IMPL)
    null.start()
    raw: list[float] = []
    harness: list[float] = []
    cpu: list[float] = []
    try:
        for _ in range(repeat):  # interleaved, so that both see the same load on the machine
            raw.append(raw_rate(messages))
            before = time.process_time()
            harness.append(driver_rate(null, messages, batch))
            cpu.append((time.process_time() - before) / messages)
    finally:
        null.close()
    figures["raw_null_msgs_per_s"] = round(max(raw))
    figures["harness_null_msgs_per_s"] = round(max(harness))
    # CPU time of this process per message (both harness threads): steady under load
    figures["harness_cpu_us_per_msg"] = round(min(cpu) * 1e6, 2)
    figures["harness_vs_raw"] = round(
        figures["harness_null_msgs_per_s"] / figures["raw_null_msgs_per_s"], 3)
    scripts = scripted_games(games, "co-ban", seed)
    ref = SubprocessDriver(REFERENCE)
    ref.start()
    try:
        figures["harness_reference_msgs_per_s"] = round(
            _best(repeat, lambda: games_rate(ref, scripts)))
    finally:
        ref.close()
    inproc = InProcessDriver()
    inproc.start()
    figures["inprocess_reference_msgs_per_s"] = round(
        _best(repeat, lambda: games_rate(inproc, scripts)))
    inproc.close()
    return figures


# -- this tree's engine against another revision's -------------------------------------------


#: Start argv[1:] from this small process: a process inherits the peak memory of the one it
#: forks from (Linux carries it across exec), so the bench's ``max_rss_mb`` would otherwise
#: be this command's.
_LAUNCH = "import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))"
#: The bench of the engine under argv[1] (first on sys.path), every ruleset at argv[2]
#: players, argv[3] games, seed argv[4]: ``engine_throughput``'s figures (the same function
#: at 1fd9109 and since) plus the CPU seconds of the games, one JSON line per ruleset. A
#: one-game warm-up first, so that the CPU figure, like the clock's, leaves out the loading of
#: the ruleset (the first ruleset's CPU figure included it).
_BENCH_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from phomspec import list_rulesets
from reference_impl.bench import engine_throughput
players, games, seed = (int(x) for x in sys.argv[2:5])
for rid in list_rulesets():
    engine_throughput(rid, 1, players, seed)
    cpu = time.process_time()
    figures = engine_throughput(rid, games, players, seed)
    figures["cpu_seconds"] = round(time.process_time() - cpu, 4)
    print(json.dumps(figures), flush=True)
"""


def bench_child(root: Path, players: int, games: int, seed: int, own_data: bool,
                cwd: Path | None = None) -> list[dict[str, Any]]:
    """The bench of the engine under ``root`` (:data:`_BENCH_CHILD`), every ruleset at
    ``players``, in a process of its own; one figures dict per ruleset.  ``own_data``:
    the engine reads the spec of its own tree, not the one this process was given."""
    env = dict(os.environ)
    if own_data:
        env.pop(paths.ENV_SPEC, None)
        env.pop(paths.ENV_FEATURES, None)
    cmd = [sys.executable, "-c", _LAUNCH, sys.executable, "-c", _BENCH_CHILD, str(root),
           str(players), str(games), str(seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env,
                          cwd=str(cwd or root))
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise HarnessError(f"the engine bench of {root} exited {done.returncode}: {tail}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def engine_against(rev: str, games: int, rounds: int, seed: int,
                   players: tuple[int, ...] = (4, 3, 2)) -> dict[str, Any]:
    """Random-play games/s of this tree's engine and of revision ``rev``'s (a git revision,
    checked out in a temporary worktree, or a checkout directory: :func:`other_tree`), each
    in its own process with its tree first on sys.path.  The two alternate, ``rounds`` times
    per table size, the one to go first swapping every round; medians and their ratio per
    ruleset."""
    samples: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    with other_tree(rev) as (other, commit):
        for r in range(rounds):
            for n in players:
                sides = [("against", other), ("this", HERE)]
                for side, root in sides if r % 2 == 0 else reversed(sides):
                    own = side == "against"
                    for f in bench_child(root, n, games, seed, own_data=own,
                                         cwd=None if own else Path.cwd()):
                        samples.setdefault((f["ruleset"], n, side), []).append(f)
    tables = []
    for n in players:
        for rid in sorted({k[0] for k in samples if k[1] == n}):
            row: dict[str, Any] = {"players": n, "ruleset": rid}
            for side in ("against", "this"):
                runs = samples.get((rid, n, side), [])
                wall = [f["games_per_second"] for f in runs]
                cpu = [round(f["games"] / f["cpu_seconds"], 1) for f in runs if f["cpu_seconds"]]
                row[f"{side}_games_per_second"] = wall
                row[f"{side}_cpu_games_per_second"] = cpu
                row[f"{side}_median"] = round(statistics.median(wall), 1) if wall else None
                row[f"{side}_cpu_median"] = round(statistics.median(cpu), 1) if cpu else None
                row[f"{side}_max_rss_mb"] = max((f["max_rss_mb"] for f in runs), default=None)
            for key, a, t in (("ratio", row["against_median"], row["this_median"]),
                              ("cpu_ratio", row["against_cpu_median"], row["this_cpu_median"])):
                row[key] = round(t / a, 2) if a and t else None
            tables.append(row)
    return {"against": rev, "against_commit": commit, "games": games, "rounds": rounds,
            "seed": seed, "tables": tables}


def print_against(f: dict[str, Any]) -> None:
    click.echo(f"engine, random play: this tree (ours) vs {f['against']}"
               f" ({f['against_commit'][:10]}, theirs); medians of {f['rounds']} alternating"
               f" rounds of {f['games']} games; games/s by the clock and per CPU second")
    click.echo(f"  {'players':>7} {'ruleset':14} {'theirs':>8} {'ours':>8} {'ratio':>6}"
               f" {'cpu theirs':>10} {'cpu ours':>8} {'ratio':>6}  max RSS MB theirs/ours")

    def x(r: float | None) -> str:
        return "-" if r is None else f"{r:.2f}x"

    for row in f["tables"]:
        click.echo(f"  {row['players']:>7} {row['ruleset']:14} {row['against_median']:>8}"
                   f" {row['this_median']:>8} {x(row['ratio']):>6}"
                   f" {row['against_cpu_median']:>10} {row['this_cpu_median']:>8}"
                   f" {x(row['cpu_ratio']):>6}"
                   f"  {row['against_max_rss_mb']}/{row['this_max_rss_mb']}")


@click.command("bench")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
@click.option("--messages", type=click.IntRange(min=100), default=50_000, show_default=True,
              help="Messages per transport measurement.")
@click.option("--batch", type=click.IntRange(min=1), default=100, show_default=True,
              help="Requests in flight, sent before their replies are read (pipelining depth).")
@click.option("--games", type=click.IntRange(min=1), default=40, show_default=True,
              help="Random-play games sent to phom-reference.")
@click.option("--engine-games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per ruleset for the engine figure.")
@click.option("--repeat", type=click.IntRange(min=1), default=3, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@against_option("whose engine only is timed beside this tree's: alternating --repeat rounds"
                " of --engine-games games at 4, 3 and 2 players; medians and ratios")
def command(as_json: bool, messages: int, batch: int, games: int, engine_games: int,
            repeat: int, seed: int, against: str | None) -> None:
    """Measure engine and harness throughput."""
    if against is not None:
        try:
            figures = engine_against(against, engine_games, repeat, seed)
        except HarnessError as problem:
            raise HarnessFailure(str(problem)) from None
        if as_json:
            click.echo(json.dumps(figures))
        else:
            print_against(figures)
        return
    f = measure(messages, batch, games, engine_games, repeat, seed)
    if as_json:
        click.echo(json.dumps(f))
        return
    click.echo("engine (random play, 4 players):")
    for e in f["engine"]:
        click.echo(f"  {e['ruleset']:14} {e['games_per_second']:8.0f} games/s"
                   f" {e['decisions_per_second']:10.0f} decisions/s")
    click.echo("protocol:")
    click.echo(f"  raw loop vs null implementation   {f['raw_null_msgs_per_s']:>9} msgs/s"
               "  (all requests in flight)")
    click.echo(f"  harness vs null implementation    {f['harness_null_msgs_per_s']:>9} msgs/s"
               f"  ({batch} in flight: {f['harness_vs_raw']:.0%} of raw; target >= 70%;"
               f" {f['harness_cpu_us_per_msg']} µs CPU per message)")
    click.echo(f"  harness vs phom-reference         {f['harness_reference_msgs_per_s']:>9} msgs/s"
               f"  ({games} random-play games)")
    click.echo(f"  harness vs in-process reference   {f['inprocess_reference_msgs_per_s']:>9}"
               " msgs/s")
