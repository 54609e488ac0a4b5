"""``phom-conformance speed``: the harness's speed ratios side by side, from the commands
themselves (docs/development.md, "Checks").

Each figure is a whole command run in a process of its own, timed from outside (wall clock,
and the CPU of the process and all it waited for: workers, implementation processes). The
commands alternate, the one to go first swapping every round, so that the machine's other
load falls on both sides of a ratio alike; the figures are medians over the rounds.

- ``run --jobs 2`` against ``--jobs 1`` (the full suite against ``phom-reference``): wall
  ratio, and whether the two reports give every scenario the same outcome; the suite cache
  (:mod:`conformance.suite.cache`) is filled first, so each run loads the suite as a
  repeated run does;
- ``--strict-protocol`` against the same run without it (``--jobs 1``): CPU ratio;
- the harness against the null implementation, as a share of the raw pipelined rate
  (``bench``'s ``harness_vs_raw``, with bench's default ``--repeat 3``);
- with ``--against REV|DIR`` (a git revision, checked out in a temporary worktree, or a
  checkout of one: :func:`conformance.commands.options.other_tree`, as ``bench --against``):
  ``fuzz --impl phom-reference`` games/s here against that tree's fuzzer, same games and
  seeds, one job each.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from conformance.commands.options import HarnessFailure, against_option, other_tree
from conformance.errors import HarnessError

#: The kit's command line, from this tree (or from the tree first on sys.path: argv[1]), as
#: its console script runs it.
_CLI = ("import sys; sys.path.insert(0, sys.argv.pop(1)) if sys.argv[1] else sys.argv.pop(1);"
        " import conformance.cli as c; getattr(c, 'entry', c.main)()")
#: Each figure's target (conformance issue 9's must-show).
TARGETS = {"jobs_speedup": (">=", 1.7), "strict_cpu_ratio": ("<=", 1.25),
           "harness_vs_raw": (">=", 0.70), "fuzz_ratio": (">=", 2.0)}


def timed(args: Sequence[str], *, tree: Path | None = None, cwd: Path | None = None,
          python: str | None = None) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stdout) of ``phom-conformance ARGS`` in a fresh process
    (from ``tree`` when given, else this kit; run by ``python``, default this interpreter);
    CPU counts every process it waited for."""
    cmd = [python or sys.executable, "-c", _CLI, str(tree or ""), *args]
    env = dict(os.environ)
    if tree is not None:  # the implementation it starts (phom-reference) is the tree's too
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(tree), env.get("PYTHONPATH")) if p)
        if python:
            env["PATH"] = os.pathsep.join((str(Path(python).parent), env.get("PATH", "")))
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, cwd=cwd, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    if proc.returncode not in (0, 1):
        raise click.ClickException(f"phom-conformance {' '.join(args)} exited"
                                   f" {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, text


def outcomes(report: Path) -> dict[str, tuple[Any, ...]]:
    """Each scenario's outcome, failing step, clause and message in a JSONL report."""
    got = {}
    for line in report.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r.get("kind") == "scenario":
            got[r["id"]] = (r["outcome"], r.get("step"), r.get("clause"), r.get("message"))
    return got


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def _warm_suite_cache() -> None:
    """Fill the suite cache as ``run`` would (conformance.suite.cache), so that no timed run
    is the one that pays for the first load; nothing when the cache is off."""
    from conformance.suite.cache import cache_dir
    from conformance.suite.discover import load_scenarios

    if cache_dir() is not None:
        with contextlib.suppress(Exception):  # a suite that cannot load: the runs say so
            load_scenarios(None, cached=True)


def measure(rounds: int, against: Path | None, fuzz_games: int, seed: int,
            against_python: str | None = None) -> dict[str, Any]:
    """Every figure, ``rounds`` times, alternating; medians and ratios."""
    samples: dict[str, list[float]] = {}
    same_report = True
    _warm_suite_cache()
    with tempfile.TemporaryDirectory(prefix="phom-speed-") as tmp:
        base = ["run", "--impl", "phom-reference", "--transcripts", "none"]
        for r in range(rounds):
            steps: list[tuple[str, list[str]]] = [
                ("jobs1", [*base, "--jobs", "1", "--report", f"{tmp}/j1.jsonl"]),
                ("jobs2", [*base, "--jobs", "2", "--report", f"{tmp}/j2.jsonl"]),
                ("strict", [*base, "--jobs", "1", "--strict-protocol"]),
            ]
            for name, args in steps if r % 2 == 0 else reversed(steps):
                wall, cpu, _ = timed(args)
                samples.setdefault(f"{name}_wall", []).append(wall)
                samples.setdefault(f"{name}_cpu", []).append(cpu)
            same_report &= outcomes(Path(tmp, "j1.jsonl")) == outcomes(Path(tmp, "j2.jsonl"))
            # bench's own figure: the best of its default 3 alternating raw/harness runs
            _, _, out = timed(["bench", "--json", "--engine-games", "1", "--games", "1",
                               "--repeat", "3"])
            samples.setdefault("harness_vs_raw", []).append(json.loads(out)["harness_vs_raw"])
            if against is not None:
                fuzz = ["fuzz", "--impl", "phom-reference", "--games", str(fuzz_games),
                        "--seed", str(seed + r), "--no-shrink", "-q"]
                sides = [("fuzz_this", None), ("fuzz_against", against)]
                for name, tree in sides if r % 2 == 0 else reversed(sides):
                    wall, cpu, _ = timed(fuzz, tree=tree, cwd=tree,
                                         python=against_python if tree else None)
                    samples.setdefault(f"{name}_games_per_s", []).append(fuzz_games / wall)
    f: dict[str, Any] = {"rounds": rounds, "samples": samples, "same_report": same_report}
    med = {k: _median(v) for k, v in samples.items()}
    f["medians"] = med
    f["jobs_speedup"] = round(med["jobs1_wall"] / med["jobs2_wall"], 2)
    f["strict_cpu_ratio"] = round(med["strict_cpu"] / med["jobs1_cpu"], 2)
    f["harness_vs_raw"] = med["harness_vs_raw"]
    if against is not None:
        f["fuzz_ratio"] = round(med["fuzz_this_games_per_s"] / med["fuzz_against_games_per_s"],
                                2)
    return f


def _met(name: str, value: float) -> str:
    op, bound = TARGETS[name]
    ok = value >= bound if op == ">=" else value <= bound
    return f"target {op} {bound:g}: {'met' if ok else 'NOT met'}"


@click.command("speed")
@click.option("--rounds", type=click.IntRange(min=1), default=3, show_default=True,
              help="Times each command runs (alternating); figures are medians.")
@against_option("whose fuzzer is timed beside this tree's")
@click.option("--against-python", metavar="PY",
              help="The interpreter of --against's own venv (default: this one, with the"
                   " other tree first on sys.path).")
@click.option("--fuzz-games", type=click.IntRange(min=1), default=300, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the first round's fuzz run (round i: seed + i).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def command(rounds: int, against: str | None, against_python: str | None, fuzz_games: int,
            seed: int, as_json: bool) -> None:
    """Time `run --jobs 1/2`, `--strict-protocol`, `bench` and (with --against) `fuzz`,
    alternating, and print their ratios side by side with the targets."""
    with contextlib.ExitStack() as stack:
        try:
            tree = stack.enter_context(other_tree(against))[0] if against is not None else None
        except HarnessError as problem:
            raise HarnessFailure(str(problem)) from None
        f = measure(rounds, tree, fuzz_games, seed, against_python)
    if as_json:
        click.echo(json.dumps(f))
        return
    m = f["medians"]
    click.echo(f"medians of {rounds} alternating round(s):")
    click.echo(f"  run --jobs 2 vs --jobs 1     {m['jobs1_wall']:.1f} s / {m['jobs2_wall']:.1f} s"
               f" wall = {f['jobs_speedup']:.2f}x ({_met('jobs_speedup', f['jobs_speedup'])});"
               f" same outcomes: {'yes' if f['same_report'] else 'NO'}")
    click.echo(f"  --strict-protocol CPU        {m['strict_cpu']:.1f} s / {m['jobs1_cpu']:.1f} s"
               f" = {f['strict_cpu_ratio']:.2f}x"
               f" ({_met('strict_cpu_ratio', f['strict_cpu_ratio'])})")
    click.echo(f"  harness vs raw (null impl)   {f['harness_vs_raw']:.0%}"
               f" ({_met('harness_vs_raw', f['harness_vs_raw'])})")
    if "fuzz_ratio" in f:
        click.echo(f"  fuzz vs {against}  {m['fuzz_this_games_per_s']:.1f} /"
                   f" {m['fuzz_against_games_per_s']:.1f} games/s = {f['fuzz_ratio']:.2f}x"
                   f" ({_met('fuzz_ratio', f['fuzz_ratio'])})")
