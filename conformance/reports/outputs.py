"""Writing the rendered reports a command line asks for, and the exit code of a report."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from conformance.outcomes import Outcome

if TYPE_CHECKING:
    from conformance.reports.jsonl import Report

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
    for path, kind in ((junit, "junit"), (markdown, "markdown"), (html, "html"),
                       (badge, "badge")):
        if path:
            _writer(kind)(report, path)
            written.append(str(path))
    return written


def _writer(kind: str) -> Callable[[Report, str | Path], None]:
    """The writer of one kind of file, imported when a file of that kind is asked for (the
    HTML one brings jinja2): a run pays for none of them at its start."""
    if kind == "junit":
        from conformance.reports.junit import write_junit

        return write_junit
    if kind == "markdown":
        from conformance.reports.markdown import write_markdown

        return write_markdown
    if kind == "html":
        from conformance.reports.html import write_html

        return write_html
    from conformance.reports.badge import write_badge

    return write_badge
