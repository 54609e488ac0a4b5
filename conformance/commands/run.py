"""``phom-conformance run``: run the scenarios against an implementation (default: reference)."""

from __future__ import annotations

import contextlib
import shlex
import shutil
import signal
import sys
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

import click

# Only what starts the implementations is imported with this module: they start up (on the
# other core) while the command imports the rest and loads the suite.
from conformance.drivers import make_driver
from conformance.drivers.subprocess import (
    DEFAULT_HELLO_TIMEOUT,
    DEFAULT_MAX_LINE_BYTES,
    DEFAULT_TIMEOUT,
)
from conformance.errors import HarnessError, ScenarioError
from conformance.forks import default_jobs
from conformance.outcomes import ScenarioResult
from conformance.parallel import ParallelRunner, start_ahead
from conformance.reports.outputs import EXIT_HARNESS, EXIT_USAGE, exit_code, write_outputs
from conformance.runner import (
    DEFAULT_MAX_RESTARTS,
    Interrupted,
    Runner,
    RunOptions,
    SelectionError,
    replay_command,
    select,
)

if TYPE_CHECKING:
    from rich.console import Console

    from conformance.reports.jsonl import JsonlWriter


def fail(message: str, code: int) -> NoReturn:
    """One clear line on stderr, then exit with ``code`` (no traceback)."""
    click.echo(f"phom-conformance: {message}", err=True)
    sys.exit(code)


def load_all_scenarios(rulesets: list[str] | None, paths: list[str] | None = None) -> list[Any]:
    """Every scenario of the suite, or of ``paths`` (feature files, fixture files, directories),
    optionally only these rulesets'; exits 2 when it cannot. The load is kept in the suite
    cache (:mod:`conformance.suite.cache`) for the next command of the same inputs."""
    try:
        from conformance.suite.discover import load_scenarios
    except ModuleNotFoundError as e:
        if e.name == "conformance.suite.discover":
            fail("the scenario loader (conformance.suite.discover) is not available in this"
                 " installation: there are no scenarios to run", EXIT_HARNESS)
        raise
    try:
        return list(load_scenarios(paths or None, rulesets=rulesets, cached=True))
    except (ScenarioError, HarnessError) as e:
        fail(f"cannot load the scenarios: {e}", EXIT_HARNESS)
    except Exception as e:  # a bug in the suite's loader: one line, not a traceback
        fail(f"cannot load the scenarios ({type(e).__name__}): {e}", EXIT_HARNESS)


def check_program(impl: str | None) -> None:
    """Exit 2 at once, before the suite loads, when ``--impl`` names no program that can run."""
    try:
        argv = shlex.split(impl) if impl else []
    except ValueError:
        return  # not a command line: make_driver says so (a usage error)
    if argv and shutil.which(argv[0]) is None:
        where = "" if "/" in argv[0] else " on PATH"
        fail(f"--impl: cannot start {argv[0]!r}: no such program{where}, or it is not"
             " executable; give the command line that starts your adapter", EXIT_HARNESS)


def start_failure(start_error: str, results: list[ScenarioResult]) -> str:
    """One line for a run whose implementation did not start: the error, its stderr's last line."""
    tail = next((r.stderr_tail for r in results if r.stderr_tail), "") or ""
    last = tail.strip().splitlines()[-1:] if tail.strip() else []
    told = f" (its stderr ends: {last[0].strip()})" if last else ""
    return f"the implementation did not start: {start_error}{told}; nothing was run"


def check_rulesets(rulesets: tuple[str, ...]) -> None:
    if not rulesets:
        return  # nothing to check: the spec is not read before the implementations start
    from phomspec import list_rulesets

    known = list_rulesets()
    unknown = [r for r in rulesets if r not in known]
    if unknown:
        fail(f"unknown ruleset {', '.join(unknown)} (rulesets: {', '.join(known)})", EXIT_USAGE)


class _Term:
    """SIGTERM as an exception in the main thread, so the report gets its footer."""

    def __enter__(self) -> _Term:
        self._old = signal.getsignal(signal.SIGTERM)
        signal.signal(signal.SIGTERM, self._raise)
        return self

    @staticmethod
    def _raise(signum: int, frame: FrameType | None) -> None:
        raise Interrupted("SIGTERM")

    def __exit__(self, *exc: object) -> None:
        signal.signal(signal.SIGTERM, self._old)


@click.command("run")
@click.option("--impl", metavar="CMD",
              help="Command line of the implementation (split like a shell would, never run"
                   " through one). Default: the reference engine in-process.")
@click.option("--ruleset", "rulesets", multiple=True, metavar="R",
              help="Only scenarios of this ruleset (repeatable).")
@click.option("-k", "keyword", metavar="EXPR",
              help="Scenarios whose id, name or tags contain the words (and/or/not, parentheses);"
                   " an exact scenario id selects that scenario alone.")
@click.option("--clause", "clauses", multiple=True, metavar="GLOB",
              help="Only scenarios citing a clause that matches (e.g. 'EAT.*'; repeatable).")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=DEFAULT_TIMEOUT,
              show_default=True, help="Seconds to wait for each reply.")
@click.option("--hello-timeout", type=click.FloatRange(min=0.01), default=DEFAULT_HELLO_TIMEOUT,
              show_default=True, help="Seconds to wait for the process to start and answer hello.")
@click.option("--max-line-bytes", type=click.IntRange(min=1024), default=DEFAULT_MAX_LINE_BYTES,
              show_default=True, help="Longest reply line accepted.")
@click.option("--strict-protocol", is_flag=True,
              help="Validate every message against the protocol's JSON Schemas.")
@click.option("--report", type=click.Path(dir_okay=False), metavar="F.jsonl",
              help="Write the JSONL report here (as the run goes).")
@click.option("--junit", type=click.Path(dir_okay=False), metavar="F", help="Write JUnit XML.")
@click.option("--markdown", type=click.Path(dir_okay=False), metavar="F",
              help="Write a Markdown summary (e.g. $GITHUB_STEP_SUMMARY).")
@click.option("--html", type=click.Path(dir_okay=False), metavar="F", help="Write an HTML page.")
@click.option("--expected-failures", "ledger_path", type=click.Path(dir_okay=False), metavar="F",
              help="Expected-failures ledger (YAML): listed failures are xfail,"
                   " listed passes xpass.")
@click.option("--max-fail", type=click.IntRange(min=1), metavar="N",
              help="Stop after N failing scenarios; the rest are reported as skipped.")
@click.option("--max-restarts", type=click.IntRange(min=0), default=DEFAULT_MAX_RESTARTS,
              show_default=True, help="Restarts after crashes or timeouts before giving up.")
@click.option("--transcripts", type=click.Choice(["failures", "all", "none"]), default="failures",
              show_default=True,
              help="Which scenarios keep their protocol transcript in the report.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Recorded in the report; seeds any randomness of the run.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Scenarios run in N worker processes, each with its own implementation"
                   " process; the report is the same as with 1.  [default: the number of cores]")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
def command(
    paths: tuple[str, ...],
    impl: str | None,
    rulesets: tuple[str, ...],
    keyword: str | None,
    clauses: tuple[str, ...],
    timeout: float,
    hello_timeout: float,
    max_line_bytes: int,
    strict_protocol: bool,
    report: str | None,
    junit: str | None,
    markdown: str | None,
    html: str | None,
    ledger_path: str | None,
    max_fail: int | None,
    max_restarts: int,
    transcripts: str,
    seed: int,
    jobs: int | None,
) -> None:
    """Run the conformance scenarios (the whole suite, or the feature/fixture files PATHS, e.g. a
    fixture written by `fuzz --out`); exit 0 conformant, 1 failures, 2 harness/protocol error."""
    import random

    random.seed(seed)
    check_program(impl)
    check_rulesets(rulesets)
    ledger = None
    if ledger_path is not None:
        from conformance.ledger import Ledger, LedgerError

        try:
            ledger = Ledger.load(ledger_path)
        except LedgerError as e:
            fail(str(e), EXIT_USAGE)
    try:
        driver = make_driver(impl, timeout=timeout, hello_timeout=hello_timeout,
                             max_line_bytes=max_line_bytes, strict=strict_protocol)
    except HarnessError as e:
        fail(f"--impl: {e}", EXIT_USAGE)
    jobs = jobs or default_jobs()
    ahead = start_ahead(driver, jobs)  # the workers' implementations start while the suite loads
    try:
        scenarios = load_all_scenarios(list(rulesets) or None, list(paths))
        try:
            chosen = select(scenarios, keyword, clauses, rulesets)
        except SelectionError as e:
            fail(str(e), EXIT_USAGE)
        if not chosen:
            fail("no scenario matches the selection (-k, --clause, --ruleset)", EXIT_USAGE)
    except BaseException:
        for started in ahead:
            started.close()
        raise

    extra = (["--seed", str(seed)] if seed else []) + list(paths)
    replay = replay_command(impl, timeout=timeout if timeout != DEFAULT_TIMEOUT else None,
                            strict=strict_protocol, extra=extra)
    selection = {"keyword": keyword, "clauses": list(clauses), "rulesets": list(rulesets)}
    state: dict[str, Any] = {"writer": None, "console": None}

    def terminal() -> Console:
        """The run's console (the progress bar, the summary), made on first use."""
        if state["console"] is None:
            from rich.console import Console

            state["console"] = Console()
        return state["console"]

    live = contextlib.ExitStack()  # the progress bar starts once the workers are forked

    def on_start(hello: dict[str, Any] | None, error: str | None) -> None:
        # what only this process needs (the terminal, the report) is imported now: with
        # --jobs, after the workers are forked, beside them rather than before them
        from conformance.reports.jsonl import JsonlWriter, make_header
        from conformance.reports.terminal import RunProgress

        listed = (hello or {}).get("rulesets", [])
        supported = [str(r.get("id")) for r in listed if isinstance(r, dict)]
        header = make_header(implementation=hello, command=impl or "phom-reference (in-process)",
                             rulesets=list(rulesets) or supported, seed=seed, planned=len(chosen),
                             selection=selection, start_error=error)
        try:
            state["writer"] = JsonlWriter(report, header)
        except OSError as e:
            raise HarnessError(f"{report}: cannot write the report: {e.strerror}") from None
        state["progress"] = live.enter_context(RunProgress(terminal(), len(chosen)))

    def on_result(result: ScenarioResult) -> None:
        state["writer"].write(result)
        state["progress"].advance(result)

    options = RunOptions(max_restarts=max_restarts, max_fail=max_fail, ledger=ledger,
                         replay=replay, transcripts=transcripts)
    runner = (ParallelRunner(driver, options, on_result, on_start, jobs=jobs, ahead=ahead)
              if jobs > 1 else Runner(driver, options, on_result=on_result, on_start=on_start))
    # with --jobs, each worker's implementation exits when its work is done, while this process
    # writes the report; one implementation of this process's own is closed by run() at once

    def close_then(code: int, message: str | None = None) -> NoReturn:
        """Close the implementations, with no exception on its way (so they get bye), then exit."""
        runner.close()
        if message is not None:
            fail(message, code)
        sys.exit(code)

    try:
        cut: str | None = None
        run = None
        try:
            with _Term(), live:
                run = runner.run(chosen, close=not isinstance(runner, ParallelRunner))
        except KeyboardInterrupt:
            cut = "interrupted (SIGINT)"
        except Interrupted as e:
            cut = f"interrupted ({e})"
        except HarnessError as e:
            cut = f"harness error: {e}"
        writer: JsonlWriter | None = state["writer"]
        if writer is None:
            close_then(EXIT_HARNESS, cut or "the run did not start")
        console = terminal()
        footer_extra: dict[str, Any] = {"restarts": run.restarts if run else None}
        if ledger is not None and not (keyword or clauses or rulesets):
            stale = [e.id for e in ledger.unused(r.id for r in writer.results)]
            footer_extra["ledger_unused"] = stale
            for sid in stale:
                console.print(f"[yellow]ledger:[/] {ledger_path}: no scenario {sid!r} ran"
                              " (renamed or removed? drop the entry)")
        writer.finish(complete=cut is None, reason=cut, extra=footer_extra)
        result = writer.report()
        try:
            write_outputs(result, junit=junit, markdown=markdown, html=html)
        except OSError as e:
            close_then(EXIT_HARNESS, f"cannot write a report file: {e}")
        if run is not None and run.start_error is not None:
            close_then(EXIT_HARNESS, start_failure(run.start_error, writer.results))
        from conformance.reports.terminal import print_summary

        print_summary(result, console, written=[str(p) for p in (html, report, junit) if p])
        close_then(exit_code(result))
    finally:  # stopped on the way (Ctrl-C, a bug): closed as run() closes a stopped run
        with contextlib.suppress(KeyboardInterrupt):
            runner.close()
