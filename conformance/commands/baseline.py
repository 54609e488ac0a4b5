"""``phom-conformance baseline F.jsonl -o ledger.yaml``: an expected-failures ledger to start."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from conformance.ledger import baseline
from conformance.outcomes import LEDGER_MATCHES
from conformance.reports.jsonl import ReportError, merge_reports, read_report
from conformance.reports.outputs import EXIT_HARNESS, EXIT_USAGE


@click.command("baseline")
@click.argument("reports", nargs=-1, required=True, metavar="F.jsonl [MORE.jsonl]...",
                type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              metavar="LEDGER.yaml", help="Where to write the ledger.")
def command(reports: tuple[str, ...], output: str) -> None:
    """Write a ledger listing every failing scenario of the report(s), reasons to fill in.

    Use it with ``run --expected-failures LEDGER.yaml``: listed failures become xfail, and a
    listed scenario that passes becomes xpass (and fails the run) so the ledger cannot rot.
    """
    try:
        report = merge_reports([read_report(p) for p in reports])
    except ReportError as e:  # missing, or not a report: the input given is wrong
        click.echo(f"phom-conformance: {e}", err=True)
        sys.exit(EXIT_USAGE)
    if not report.complete:
        click.echo(f"warning: {report.cut_short_reason}; scenarios that did not run are not"
                   " in the ledger", err=True)
    text = baseline(report.results, report.implementation)
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as e:
        click.echo(f"phom-conformance: {output}: cannot write: {e.strerror}", err=True)
        sys.exit(EXIT_HARNESS)
    count = sum(1 for r in report.results if r.outcome in LEDGER_MATCHES)
    click.echo(f"{output}: {count} expected failure(s); fill in each 'reason' before using it")
