"""The terminal: a progress bar while a long run goes (only on a TTY), then a summary."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from conformance.outcomes import ORDER, Outcome, ScenarioResult
from conformance.reports.jsonl import Report
from conformance.reports.matrix import impl_title, needs_attention, show_value, verdict

STYLE = {
    "pass": "green", "fail": "bold red", "error": "bold magenta", "crash": "bold red",
    "timeout": "yellow", "protocol_error": "bold magenta", "skipped": "dim", "xfail": "cyan",
    "xpass": "bold yellow",
}


class RunProgress:
    """A progress bar over the planned scenarios; does nothing unless the console is a TTY."""

    def __init__(self, console: Console, total: int, min_total: int = 20):
        self.enabled = console.is_terminal and total >= min_total
        self._failed = 0
        self._progress = Progress(
            TextColumn("[bold]scenarios"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[failed]}"), TimeRemainingColumn(),
            console=console, transient=True,
        ) if self.enabled else None
        self._task = (
            self._progress.add_task("run", total=total, failed="") if self._progress else None
        )

    def __enter__(self) -> RunProgress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._progress is not None:
            self._progress.stop()

    def advance(self, result: ScenarioResult) -> None:
        if self._progress is None or self._task is None:
            return
        if result.outcome.is_failure:
            self._failed += 1
        failed = f"[red]{self._failed} failing" if self._failed else ""
        self._progress.update(self._task, advance=1, failed=failed)


def print_summary(report: Report, console: Console, max_rows: int = 30) -> None:
    """Totals, then the scenarios that need attention with their replay commands."""
    t = report.totals
    console.print(Text.assemble(("Phỏm conformance: ", "bold"), impl_title(report.header)))
    line = Text(f"{len(report.results)} scenarios: ")
    first = True
    for o in ORDER:
        if t[o.value]:
            if not first:
                line.append(", ")
            line.append(f"{t[o.value]} {o.value}", STYLE[o.value])
            first = False
    console.print(line)
    if not report.complete:
        console.print(f"[bold red]run cut short:[/] {report.cut_short_reason}")
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}")
    bad = needs_attention(report.results)
    if not bad:
        phrase = verdict(report.results, report.complete)
        if phrase == "conformant":
            console.print("[bold green]conformant[/]")
        elif report.complete:
            console.print(f"[bold yellow]{phrase}[/]")
        return
    table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
    table.add_column("scenario", overflow="fold")
    table.add_column("outcome")
    table.add_column("clause")
    table.add_column("what", overflow="fold")
    for r in bad[:max_rows]:
        what = r.message.splitlines()[0] if r.message else ""
        if r.outcome is Outcome.FAIL and r.step:
            what = (f"{r.step}: expected {show_value(r.expected, 120)},"
                    f" got {show_value(r.actual, 120)}")
        table.add_row(r.id, Text(r.outcome.value, STYLE[r.outcome.value]), r.clause or "", what)
    console.print(table)
    if len(bad) > max_rows:
        console.print(f"... and {len(bad) - max_rows} more (see the report files)")
    console.print("[bold]replay one:[/]")
    for r in bad[: min(5, max_rows)]:
        if r.replay:
            console.print(f"  {r.replay}", soft_wrap=True, highlight=False, markup=False)
