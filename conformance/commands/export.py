"""``phom-conformance export DIR``: the suite as plain JSON files, runnable without Python."""

from __future__ import annotations

from pathlib import Path

import click

from conformance.commands.run import check_rulesets, fail, load_all_scenarios
from conformance.errors import ScenarioError
from conformance.reports.outputs import EXIT_HARNESS


@click.command("export")
@click.argument("out", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option("--ruleset", "rulesets", multiple=True, metavar="R",
              help="Only scenarios of this ruleset (repeatable).")
@click.argument("paths", nargs=-1, metavar="[PATHS]...")
def command(out: Path, rulesets: tuple[str, ...], paths: tuple[str, ...]) -> None:
    """Write every scenario, one file per ruleset it runs under, to DIR/scenarios/, and
    DIR/manifest.json: the requests to send and the checks on the replies, in the terms of
    the protocol only (docs/export.md). PATHS: feature files, fixture files or directories
    (default: the whole suite)."""
    check_rulesets(rulesets)
    from conformance.export.document import write_export

    scenarios = load_all_scenarios(list(rulesets) or None, list(paths) or None)
    try:
        manifest = write_export(scenarios, out)
    except (ScenarioError, OSError) as e:
        fail(f"cannot write the export: {e}", EXIT_HARNESS)
    python_only = manifest["python_only"]
    click.echo(
        f"{manifest['count']} scenario runs: {manifest['files']} files in {out / 'scenarios'},"
        f" {python_only} need the Python harness; manifest: {out / 'manifest.json'}"
    )
