"""``phom-conformance report F.jsonl [more.jsonl ...]``: render reports again, merging shards."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from conformance.reports.jsonl import ReportError, merge_reports, read_report
from conformance.reports.outputs import EXIT_HARNESS, EXIT_USAGE, exit_code, write_outputs
from conformance.reports.terminal import print_summary


@click.command("report")
@click.argument("reports", nargs=-1, required=True, metavar="F.jsonl [MORE.jsonl]...",
                type=click.Path(dir_okay=False))
@click.option("--junit", type=click.Path(dir_okay=False), metavar="F", help="Write JUnit XML.")
@click.option("--markdown", type=click.Path(dir_okay=False), metavar="F",
              help="Write a Markdown summary (e.g. $GITHUB_STEP_SUMMARY).")
@click.option("--html", type=click.Path(dir_okay=False), metavar="F", help="Write an HTML page.")
@click.option("--badge", type=click.Path(dir_okay=False), metavar="F.json",
              help="Write a shields.io endpoint badge (JSON).")
def command(reports: tuple[str, ...], junit: str | None, markdown: str | None,
            html: str | None, badge: str | None) -> None:
    """Summarise JSONL reports (several are merged, e.g. shards) and render them again.

    Exits like the run did: 0 conformant, 1 failures, 2 harness or protocol error (or a run
    that was cut short); 3 when a report file is missing or is not a report.
    """
    try:
        report = merge_reports([read_report(p) for p in reports])
    except ReportError as e:
        click.echo(f"phom-conformance report: {e}", err=True)
        sys.exit(EXIT_USAGE)
    try:
        write_outputs(report, junit=junit, markdown=markdown, html=html, badge=badge)
    except OSError as e:
        click.echo(f"phom-conformance report: cannot write a report file: {e}", err=True)
        sys.exit(EXIT_HARNESS)
    print_summary(report, Console(), written=[html] if html else list(reports))
    sys.exit(exit_code(report))
