"""``phom-conformance report F.jsonl [more.jsonl ...]``: render reports again, merging shards."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from conformance.reports.jsonl import ReportError, merge_reports, read_report
from conformance.reports.outputs import EXIT_HARNESS, exit_code, write_outputs
from conformance.reports.terminal import print_summary


@click.command("report")
@click.argument("reports", nargs=-1, required=True, metavar="F.jsonl [MORE.jsonl]...",
                type=click.Path(dir_okay=False))
@click.option("--junit", type=click.Path(dir_okay=False), metavar="F", help="Write JUnit XML.")
@click.option("--markdown", type=click.Path(dir_okay=False), metavar="F",
              help="Write a Markdown summary.")
@click.option("--html", type=click.Path(dir_okay=False), metavar="F", help="Write an HTML page.")
def command(reports: tuple[str, ...], junit: str | None, markdown: str | None,
            html: str | None) -> None:
    """Summarise JSONL reports (several are merged, e.g. shards) and render them again.

    Exits like the run did: 0 conformant, 1 failures, 2 harness or protocol error (or a run
    that was cut short).
    """
    try:
        report = merge_reports([read_report(p) for p in reports])
    except ReportError as e:
        click.echo(f"phom-conformance: {e}", err=True)
        sys.exit(EXIT_HARNESS)
    try:
        write_outputs(report, junit=junit, markdown=markdown, html=html)
    except OSError as e:
        click.echo(f"phom-conformance: cannot write a report file: {e}", err=True)
        sys.exit(EXIT_HARNESS)
    print_summary(report, Console())
    sys.exit(exit_code(report))
