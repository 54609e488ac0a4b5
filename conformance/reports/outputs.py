"""Writing the rendered reports a command line asks for, and the exit code of a report."""

from __future__ import annotations

from pathlib import Path

from conformance.outcomes import Outcome
from conformance.reports.badge import write_badge
from conformance.reports.html import write_html
from conformance.reports.jsonl import Report
from conformance.reports.junit import write_junit
from conformance.reports.markdown import write_markdown

EXIT_CONFORMANT = 0
EXIT_FAILURES = 1
EXIT_HARNESS = 2
EXIT_USAGE = 3

_HARNESS_OUTCOMES = {Outcome.ERROR, Outcome.PROTOCOL_ERROR}
_FAILURE_OUTCOMES = {Outcome.FAIL, Outcome.CRASH, Outcome.TIMEOUT, Outcome.XPASS}


def exit_code(report: Report) -> int:
    """2 when the run could not judge (cut short, did not start, harness or protocol errors,
    or every scenario skipped: nothing was tested), else 1 when any scenario failed (fail,
    crash, timeout, xpass), else 0."""
    if not report.complete or report.header.get("start_error"):
        return EXIT_HARNESS
    outcomes = {r.outcome for r in report.results}
    if outcomes & _HARNESS_OUTCOMES or outcomes == {Outcome.SKIPPED}:
        return EXIT_HARNESS
    if outcomes & _FAILURE_OUTCOMES:
        return EXIT_FAILURES
    return EXIT_CONFORMANT


def write_outputs(
    report: Report,
    *,
    junit: str | Path | None = None,
    markdown: str | Path | None = None,
    html: str | Path | None = None,
    badge: str | Path | None = None,
) -> list[str]:
    """Render ``report`` to each path given; return the paths written."""
    written = []
    writers = (
        (junit, write_junit), (markdown, write_markdown), (html, write_html),
        (badge, write_badge),
    )
    for path, write in writers:
        if path:
            write(report, path)
            written.append(str(path))
    return written
