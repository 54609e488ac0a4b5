"""The terminal: a progress bar while a long run goes (only on a TTY), then a summary."""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType

from rich.console import Console
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from conformance.outcomes import ORDER, ScenarioResult, count_not_run
from conformance.reports.failures import failures
from conformance.reports.jsonl import Report
from conformance.reports.matrix import (
    impl_title,
    percent,
    profile_problems,
    profile_text,
    ruleset_figures,
    verdict,
)
from conformance.reports.paths import suite_relative

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


def print_summary(report: Report, console: Console, max_rows: int = 20,
                  written: Sequence[str] | None = None) -> None:
    """Totals and each ruleset's figures, then the scenarios that need attention: id with its
    ruleset, outcome, the failing step's clause, the step and expected against got (no
    paths), then how to replay them. ``written``: the files that list every failure."""
    t = report.totals
    console.print(Text.assemble(("Phỏm conformance: ", "bold"), impl_title(report.header)))
    console.print(Text.assemble(("profile: ", "bold"), profile_text(report.header)))
    for problem in profile_problems(report.header):
        console.print(Text.assemble(("bad profile: ", "yellow"), problem), soft_wrap=True)
    line = Text(f"{len(report.results)} scenarios: ")
    first = True
    for o in ORDER:
        if t[o.value]:
            if not first:
                line.append(", ")
            line.append(f"{t[o.value]} {o.value}", STYLE[o.value])
            first = False
    given_up = count_not_run(report.results)
    if given_up:
        line.append(f" ({given_up} of them not run)")
    console.print(line)
    figures = ruleset_figures(report.results)
    if len(figures) > 1 or (figures and figures[0]["conformance"] not in (None, 100.0)):
        console.print(Text(" · ".join(f"{f['ruleset']} {percent(f['conformance'])}"
                                      for f in figures), style="dim"))
    if not report.complete:
        planned = report.header.get("planned")
        held = (f" ({len(report.results)} of {planned} planned scenarios)"
                if isinstance(planned, int) else "")
        console.print(Text.assemble(("run cut short: ", "bold red"),
                                    suite_relative(report.cut_short_reason or "") + held))
    for note in report.notes:
        console.print(Text.assemble(("note: ", "yellow"), suite_relative(note)))
    bad = failures(report.results, width=120)
    if not bad:
        phrase = verdict(report.results, report.complete)
        if phrase == "conformant":
            console.print("[bold green]conformant[/]")
        elif report.complete:
            console.print(f"[bold yellow]{phrase}[/]")
        return
    console.print(Text(f"{len(bad)} need attention:", style="bold"))
    for f in bad[:max_rows]:
        head = Text.assemble(f"{f.number:>3} ", (f.id, "bold"), "  ",
                             (f.outcome, STYLE[f.outcome]))
        if f.clause:
            head.append(f"  {f.clause}", "cyan")
        console.print(head, overflow="fold")
        if f.step_text:
            console.print(_indented(f.step_text))
        console.print(_indented(_cut(f.headline, 300)))
    if len(bad) > max_rows:
        where = (f"see {', '.join(written)}" if written
                 else "write them all with --html F or --report F.jsonl")
        console.print(f"... and {len(bad) - max_rows} more ({where})", highlight=False)
    replays: list[str] = []
    seen: set[str] = set()
    for f in bad:
        base = f.id.split("[", 1)[0]  # one ruleset of a scenario is enough to replay
        if f.result.replay and base not in seen and len(replays) < 3:
            seen.add(base)
            replays.append(f.result.replay)
    if replays:
        console.print("[bold]replay one:[/]")
        for command in replays:
            console.print(f"  {command}", soft_wrap=True, highlight=False,
                          markup=False)


def _indented(text: str) -> Padding:
    return Padding(Text(text, overflow="fold"), (0, 0, 0, 6), expand=False)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
