"""``phom-conformance mutate``: the mutation score of the suite and of the fuzzer."""

from __future__ import annotations

import json
import sys

import click


@click.command("mutate")
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@click.option("--games", type=click.IntRange(min=0), default=1000, show_default=True,
              help="Fuzzed games per mutant (0: suite only).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the fuzzed games.")
@click.option("--mutant", "only", multiple=True, metavar="ID", help="Only these mutants.")
@click.option("--no-suite", is_flag=True, help="Score the fuzzer only.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Mutants scored at a time, in worker processes [default: every core].")
@click.option("--table-from", "table_from", type=click.Path(exists=True, dir_okay=False),
              help="Print the docs' markdown score table from a saved --json report, and exit.")
@click.option("--list", "list_only", is_flag=True, help="List the mutants and exit.")
def command(as_json: bool, games: int, seed: int, only: tuple[str, ...], no_suite: bool,
            jobs: int | None, table_from: str | None, list_only: bool) -> None:
    """Run the suite and the differential fuzzer against rule mutants of the reference
    engine (plausible implementation mistakes) and report which ones each kills.

    Exit status: 0 every mutant killed, 1 survivors, 2 harness error, 3 usage error.
    """
    from rich.console import Console
    from rich.table import Table

    from conformance.errors import HarnessError
    from conformance.mutants.catalog import BY_ID, MUTANTS
    from conformance.mutants.score import MutantScore, default_jobs, score

    if table_from is not None:
        import datetime
        import pathlib

        from conformance.mutants.coverage import score_table

        path = pathlib.Path(table_from)
        try:
            report = json.loads(path.read_text(encoding="utf-8"))
            when = datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()
            click.echo(score_table(report, report.get("command", "phom-conformance mutate"
                                                      " --json"), when), nl=False)
        except (ValueError, KeyError) as e:
            raise click.UsageError(f"{table_from}: not a mutate --json report ({e})") from None
        return
    unknown = [m for m in only if m not in BY_ID]
    if unknown:
        raise click.UsageError(f"no mutant {', '.join(unknown)}; see --list")
    mutants = [BY_ID[m] for m in only] if only else list(MUTANTS)
    console = Console(highlight=False)
    if list_only:
        for m in mutants:
            console.print(f"{m.id:28} {m.topic:9} {m.title} [{', '.join(m.clauses)}]")
        return
    err = Console(stderr=True, highlight=False)

    def tell(s: MutantScore) -> None:
        if not as_json:
            how = ("killed" if s.killed else "[red]SURVIVED[/red]")
            err.print(f"  {s.mutant.id:28} {how} (suite {s.suite_killed}, fuzz {s.fuzz_killed}"
                      f"{'' if s.fuzz_game is None else f' at game {s.fuzz_game}'},"
                      f" on {s.killed_on_clause or '-'})")

    try:
        board = score(mutants, games=games, seed=seed, suite=not no_suite, fuzz=games > 0,
                      on_score=tell, jobs=jobs or default_jobs())
    except HarnessError as e:
        err.print(f"harness error: {e}")
        sys.exit(2)
    if as_json:
        import shlex

        data = {"command": shlex.join(["phom-conformance", *sys.argv[1:]]), **board.to_json()}
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        t = Table(title=f"Mutation score ({len(board.scores)} mutants, {games} fuzzed games"
                        f" each, {board.scenarios} scenarios)", header_style="bold")
        for col in ("mutant", "topic", "suite", "fuzz", "first game", "killed on",
                    "headline clause"):
            t.add_column(col)
        for s in board.scores:
            t.add_row(s.mutant.id, s.mutant.topic, _mark(s.suite_killed), _mark(s.fuzz_killed),
                      "" if s.fuzz_game is None else str(s.fuzz_game),
                      s.killed_on_clause or "", s.fuzz_headline or "")
        console.print(t)
        for which in ("suite", "fuzz", "total"):
            k, n = board.rate(which)
            console.print(f"{which} score: {k}/{n}" + (f" = {k / n:.0%}" if n else ""))
        head = board.to_json()["headline_clause"]
        if head["killed_by_fuzz"]:
            console.print(f"headline cluster cites the mutant's own clause:"
                          f" {head['cites_own_clause']}/{head['killed_by_fuzz']}"
                          f" = {head['share']:.0%} of the mutants the fuzzer kills")
        if board.baseline_failures:
            console.print(f"[yellow]{len(board.baseline_failures)} scenario(s) fail on the"
                          " reference itself and were not counted:[/yellow] "
                          + ", ".join(board.baseline_failures[:10]))
        cov = board.to_json()["clause_coverage"]
        console.print(f"rule clauses covered: {cov['covered_count']}/{cov['rule_clauses']},"
                      f" {len(cov['without_mutant'])} without a mutant (reasons in the catalog),"
                      f" missing: {', '.join(cov['missing']) or 'none'}")
        for s in board.survivors:
            console.print(f"[red]survivor[/red] {s.mutant.id}: {s.mutant.title}. Why: {s.note}")
    sys.exit(1 if board.survivors else 0)


def _mark(value: bool | None) -> str:
    return "-" if value is None else ("killed" if value else "[red]lives[/red]")
