"""``phom-conformance miniatures [--check]``: the suite against the miniature implementations.

Each miniature (conformance.miniatures) is wrong in one plain way; a scenario none of them
fails at one of its expectations tests nothing (conformance.miniatures.check says what
counts). Exit 0 clean, 1 (with ``--check``) such scenarios found, 2 a miniature or the harness
broken (an outcome other than pass or fail), 3 usage error.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from conformance.commands.options import sweep_options
from conformance.commands.run import check_rulesets, load_all_scenarios
from conformance.forks import default_jobs
from conformance.reports.outputs import EXIT_CONFORMANT, EXIT_FAILURES, EXIT_HARNESS
from conformance.runner import select

if TYPE_CHECKING:
    from conformance.miniatures import Miniature

#: The longest list of scenario ids printed without --json.
_SHOWN = 60


@click.command("miniatures")
@sweep_options("Exit 1 when a scenario passes on every miniature, or fails only in its"
               " setup (Given/When) or the end-of-scenario checks.")
@click.option("--miniature", "only", multiple=True, metavar="ID",
              help="Only this miniature (repeatable); see --list.")
@click.option("--json", "as_json", is_flag=True, help="Print the board as JSON.")
@click.option("--list", "list_only", is_flag=True, help="List the miniatures and exit.")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
def command(check: bool, rulesets: tuple[str, ...], jobs: int | None, only: tuple[str, ...],
            as_json: bool, list_only: bool,
            paths: tuple[str, ...]) -> None:
    """Run the suite (or the feature/fixture files PATHS) in-process against every miniature
    implementation and show what each one fails; with --check, fail naming every scenario that
    none of them fails at one of its expectations (a scenario that passes on all of them
    tests nothing). Messages are not checked against the schemas (as in `run` without
    --strict-protocol): null answers ok even to the requests the schemas reject."""
    from conformance.miniatures import BY_ID, MINIATURES
    from conformance.miniatures.check import run_miniatures

    unknown = [m for m in only if m not in BY_ID]
    if unknown:
        raise click.UsageError(f"no miniature {', '.join(unknown)}; see --list")
    chosen = [BY_ID[m] for m in only] if only else list(MINIATURES)
    if list_only:
        for m in chosen:
            click.echo(f"{m.id:12} python -m {m.__module__}: {m.summary}")
        return
    check_rulesets(rulesets)
    scenarios = load_all_scenarios(list(rulesets) or None, list(paths))
    scenarios = select(scenarios, rulesets=rulesets)

    def tell(miniature: type[Miniature], counts: dict[str, int]) -> None:
        if not as_json:
            shown = ", ".join(f"{k} {v}" for k, v in counts.items())
            click.echo(f"  {miniature.id:12} {shown}")

    if not as_json:
        click.echo(f"{len(scenarios)} scenarios against {len(chosen)} miniatures"
                   " (expectation: failed at a Then step)")
    board = run_miniatures(scenarios, chosen, on_done=tell, jobs=jobs or default_jobs())
    sources = {r.id: r.source for rs in board.results.values() for r in rs.values()}
    if as_json:
        click.echo(json.dumps(board.to_json(), ensure_ascii=False, indent=2))
    else:
        alone = ", ".join(f"{m} {n}" for m, n in board.only_killer().items())
        click.echo(f"scenarios that only one miniature fails at an expectation: {alone}")
        for title, ids in (
            ("pass on every miniature (test nothing)", board.untested()),
            ("fail only in their setup or the end-of-scenario checks", board.setup_only()),
        ):
            click.echo(f"{len(ids)} scenario(s) {title}")
            for sid in ids[:_SHOWN]:
                click.echo(f"  {sid}  ({sources.get(sid) or '?'})")
            if len(ids) > _SHOWN:
                click.echo(f"  ... and {len(ids) - _SHOWN} more (--json lists them all)")
        for miniature, result in board.broken()[:_SHOWN]:
            first = result.message.splitlines()[0] if result.message else ""
            click.echo(f"broken: {miniature}: {result.id}: {result.outcome}: {first}")
    if board.broken():
        sys.exit(EXIT_HARNESS)
    sys.exit(EXIT_FAILURES if check and not board.clean else EXIT_CONFORMANT)
