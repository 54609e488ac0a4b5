"""Run scenarios through a driver and give every one of them exactly one outcome.

Exceptions map to outcomes (docs/contract.md): StepFailure -> fail, ImplCrashed -> crash,
ImplTimeout -> timeout, ProtocolViolation -> protocol_error, ScenarioSkipped -> skipped,
anything else -> error. After a crash, a timeout or a protocol error the implementation is
restarted for the next scenario; after ``max_restarts`` restarts every remaining scenario is
reported as an error. Nothing is dropped: each scenario handed to :meth:`Runner.run` gets a
:class:`ScenarioResult`, in order, through ``on_result`` as soon as it is known.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from conformance.drivers.recording import RecordingDriver
from conformance.errors import (
    HarnessError,
    ImplCrashed,
    ImplError,
    ImplTimeout,
    ProtocolViolation,
    ScenarioError,
    ScenarioSkipped,
    StepFailure,
)
from conformance.outcomes import Outcome, ScenarioResult
from conformance.protocol import Driver
from conformance.reports.paths import suite_relative
from phomspec.paths import given_options

if TYPE_CHECKING:
    from conformance.ledger import Ledger

DEFAULT_MAX_RESTARTS = 5


class ScenarioLike(Protocol):
    """What the runner needs of a scenario (conformance.suite.model.Scenario)."""

    id: str
    name: str
    clauses: Sequence[str]
    rulesets: Sequence[str]
    tags: Sequence[str]

    def run(self, driver: Driver) -> Any: ...


class Interrupted(BaseException):
    """The run was stopped from outside (SIGTERM); raised in the main thread."""


@dataclass
class RunOptions:
    """How to run: restart budget, early stop, ledger, replay commands, transcripts kept."""

    max_restarts: int = DEFAULT_MAX_RESTARTS
    max_fail: int | None = None
    ledger: Ledger | None = None
    replay: Callable[[str], str] | None = None
    transcripts: str = "failures"  # "failures", "all" or "none"


@dataclass
class RunResult:
    results: list[ScenarioResult] = field(default_factory=list)
    hello: dict[str, Any] | None = None
    start_error: str | None = None
    restarts: int = 0


# -- outcome of one scenario ----------------------------------------------------------------------

_IMPL_OUTCOMES: tuple[tuple[type[ImplError], Outcome], ...] = (
    (ImplCrashed, Outcome.CRASH),
    (ImplTimeout, Outcome.TIMEOUT),
    (ProtocolViolation, Outcome.PROTOCOL_ERROR),
)


def impl_outcome(error: ImplError) -> Outcome:
    for cls, outcome in _IMPL_OUTCOMES:
        if isinstance(error, cls):
            return outcome
    return Outcome.ERROR


def jsonable(value: Any) -> Any:
    """``value`` in a form the JSON report can hold (expected / actual of any step)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        items = [jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        try:
            return jsonable(to_json())
        except Exception:  # a broken to_json: fall back to the repr, keep the report going
            return repr(value)
    return repr(value)


def supported_rulesets(hello: dict[str, Any] | None) -> set[str] | None:
    """The ruleset ids a hello lists, or None when it lists none (then anything is tried)."""
    rulesets = (hello or {}).get("rulesets")
    if not isinstance(rulesets, list):
        return None
    return {str(r.get("id")) for r in rulesets if isinstance(r, dict)}


def unsupported(scenario: Any, supported: set[str] | None) -> tuple[str, ...]:
    """The rulesets ``scenario`` wants when none of them is supported, else ``()``."""
    wanted = tuple(getattr(scenario, "rulesets", ()) or ())
    if supported is not None and wanted and not supported.intersection(wanted):
        return wanted
    return ()


def _source(scenario: Any) -> str | None:
    source = getattr(scenario, "source", None)
    line = getattr(scenario, "line", None)
    if source and line:
        return f"{source}:{line}"
    return str(source) if source else None


def scenario_result(scenario: Any, outcome: Outcome, message: str = "",
                    **extra: Any) -> ScenarioResult:
    """The result of ``scenario`` with ``outcome``; the suite's paths in it are written
    relative to the suite (``features/deck.feature:121``), so a report reads the same from
    any install."""
    source = _source(scenario)
    if extra.get("step"):
        extra["step"] = suite_relative(extra["step"])
    if extra.get("transcript"):
        extra["transcript"] = [{**x, "step": suite_relative(x["step"])} if x.get("step") else x
                               for x in extra["transcript"]]
    return ScenarioResult(
        id=str(scenario.id),
        name=str(getattr(scenario, "name", scenario.id)),
        outcome=outcome,
        clauses=tuple(getattr(scenario, "clauses", ()) or ()),
        rulesets=tuple(getattr(scenario, "rulesets", ()) or ()),
        tags=tuple(getattr(scenario, "tags", ()) or ()),
        source=suite_relative(source) if source else None,
        message=suite_relative(message),
        **extra,
    )


class Runner:
    """Runs scenarios one after another on one driver (started by :meth:`run`, and closed by it
    or by :meth:`close`)."""

    def __init__(
        self,
        driver: Driver,
        options: RunOptions | None = None,
        on_result: Callable[[ScenarioResult], None] | None = None,
        on_start: Callable[[dict[str, Any] | None, str | None], None] | None = None,
    ):
        self.driver = driver
        self.options = options or RunOptions()
        self.on_result = on_result or (lambda result: None)
        self.on_start = on_start or (lambda hello, error: None)

    def run(self, scenarios: Iterable[ScenarioLike], *, close: bool = True) -> RunResult:
        """Run ``scenarios`` in order. The implementation is closed at the end; with
        ``close=False``, only when the start fails or ``run`` raises, else by the caller's
        :meth:`close` (a command writes its report first, while run workers end)."""
        todo = list(scenarios)
        out = RunResult()
        ran = False

        def emit(result: ScenarioResult) -> None:
            out.results.append(result)
            self.on_result(result)

        try:
            try:
                out.hello = self._start(todo)
            except (ImplError, HarnessError) as e:
                out.start_error = f"{type(e).__name__}: {e}"
                self.on_start(None, out.start_error)
                tail = getattr(e, "stderr_tail", "")
                for sc in todo:
                    emit(scenario_result(sc, Outcome.ERROR,
                                         f"not run: the implementation did not start: {e}",
                                         stderr_tail=tail, replay=self._replay(sc)))
                return out
            self.on_start(out.hello, None)
            self._run_all(todo, out, emit)
            ran = True
            return out
        finally:
            if close or not ran:
                self._finish()

    def close(self) -> None:
        """Close the implementation, after ``run(..., close=False)`` (again: nothing)."""
        self._finish()

    # -- where scenarios run: here on one driver (a subclass may run them elsewhere) ---------

    def _start(self, todo: list[ScenarioLike]) -> dict[str, Any]:
        """Start the implementation; its hello. Raises ImplError or HarnessError."""
        return self.driver.start()

    def _finish(self) -> None:
        self.driver.close()

    def _hello(self) -> dict[str, Any]:
        return self.driver.hello or {}

    def _execute(self, index: int, scenario: ScenarioLike,
                 restart: bool) -> tuple[ScenarioResult, bool]:
        """Run ``todo[index]`` (after restarting the implementation when ``restart``): its raw
        result (before the ledger), and whether that is a failed restart instead."""
        if restart:
            try:
                self.driver.restart()
            except ImplError as e:
                return self._restart_failed(scenario, e), True
        return self.run_one(scenario), False

    def _stopping(self) -> None:
        """Called once when the rest of the run will not be run (restart budget, --max-fail)."""

    def _restart_failed(self, scenario: ScenarioLike, error: ImplError) -> ScenarioResult:
        return scenario_result(scenario, impl_outcome(error),
                               f"not run: restarting the implementation failed: {error}",
                               stderr_tail=error.stderr_tail, replay=self._replay(scenario))

    def _supported(self) -> set[str] | None:
        return supported_rulesets(self._hello())

    def _run_all(self, todo: list[ScenarioLike], out: RunResult,
                 emit: Callable[[ScenarioResult], None]) -> None:
        """The one order of events of a run: skips, restarts and their budget, --max-fail."""
        opts = self.options
        supported = self._supported()
        needs_restart = False
        failures = 0
        stop: tuple[Outcome, str] | None = None
        for index, sc in enumerate(todo):
            if stop is not None:
                emit(scenario_result(sc, stop[0], stop[1]))
                continue
            wanted = unsupported(sc, supported)
            if wanted:
                listed = ", ".join(sorted(supported or ())) or "none"
                emit(scenario_result(
                    sc, Outcome.SKIPPED,
                    f"the implementation does not support ruleset {', '.join(wanted)}"
                    f" (its hello lists: {listed})"))
                continue
            restart = False
            if needs_restart:
                if out.restarts >= opts.max_restarts:
                    stop = (Outcome.ERROR,
                            f"not run: the implementation was restarted {out.restarts} times"
                            f" (limit --max-restarts {opts.max_restarts}); giving up")
                    self._stopping()
                    emit(scenario_result(sc, *stop))
                    continue
                out.restarts += 1
                restart = True
            raw, restart_failed = self._execute(index, sc, restart)
            if restart_failed:
                emit(raw)
                failures += 1
                if opts.max_fail is not None and failures >= opts.max_fail:
                    stop = (Outcome.SKIPPED, "not run: --max-fail reached")
                    self._stopping()
                continue
            if restart:
                supported = self._supported()
                needs_restart = False
            result = opts.ledger.apply(raw) if opts.ledger is not None else raw
            emit(result)
            if raw.outcome.breaks_session:
                needs_restart = True
            if result.outcome.is_failure:
                failures += 1
                if opts.max_fail is not None and failures >= opts.max_fail:
                    stop = (Outcome.SKIPPED, "not run: --max-fail reached")
                    self._stopping()

    def _replay(self, scenario: Any) -> str | None:
        return self.options.replay(str(scenario.id)) if self.options.replay else None

    def run_one(self, scenario: ScenarioLike) -> ScenarioResult:
        """Run one scenario on the (started) driver; never raises except on interruption."""
        return self.run_recorded(scenario)[0]

    def run_recorded(self, scenario: ScenarioLike) -> tuple[ScenarioResult, RecordingDriver]:
        """:meth:`run_one`, with the recording of the traffic (how many requests, which ids)."""
        rec = RecordingDriver(self.driver)
        extra: dict[str, Any] = {}
        started = time.perf_counter()
        own: Any = None
        try:
            own = scenario.run(rec)
            outcome, message = Outcome.PASS, _unchecked(own)
        except StepFailure as e:
            own = getattr(e, "transcript", None)
            outcome, message = Outcome.FAIL, str(e)
            extra = {"step": e.step, "expected": jsonable(e.expected),
                     "actual": jsonable(e.actual), "clause": e.clause}
        except ScenarioSkipped as e:
            outcome, message = Outcome.SKIPPED, str(e) or "skipped by the scenario"
        except ImplError as e:
            own = getattr(e, "transcript", None)
            outcome, message = impl_outcome(e), str(e)
            extra = {"stderr_tail": e.stderr_tail}
        except ScenarioError as e:  # the scenario's own fault, at its file:line: no traceback
            own = getattr(e, "transcript", None)
            outcome, message = Outcome.ERROR, str(e)
        except Exception as e:
            own = getattr(e, "transcript", None)
            outcome = Outcome.ERROR
            frames = traceback.format_exception(e)
            message = f"{type(e).__name__}: {e}\n" + "".join(frames[-6:])
        duration = time.perf_counter() - started
        if outcome in (Outcome.FAIL, Outcome.ERROR):
            unsupported = rec.error_replies("unsupported")
            if unsupported:  # spec/protocol.md 3: "not implemented" is a skip, not a failure
                outcome = Outcome.SKIPPED
                message = ("the implementation does not support what this scenario needs: "
                           + str(unsupported[0]["error"].get("message")))
                extra = {}
        keep = self.options.transcripts
        if keep == "all" or (keep == "failures" and outcome not in (Outcome.PASS, Outcome.SKIPPED)):
            extra["transcript"] = jsonable(rec.transcript(_step_labels(own)))
        if outcome is not Outcome.PASS and outcome is not Outcome.SKIPPED:
            extra["replay"] = self._replay(scenario)
        return scenario_result(scenario, outcome, message, duration=duration, **extra), rec


def _unchecked(transcript: Any) -> str:
    """What a passing scenario left unchecked because the implementation's profile cannot
    express it (conformance.suite.play.Transcript.unchecked), or ""."""
    unchecked = getattr(transcript, "unchecked", None)
    if not unchecked:
        return ""
    return "passed; not checked under the implementation's profile: " + "; ".join(unchecked)


def _step_labels(transcript: Any) -> list[str] | None:
    """Step label of each exchange of a scenario's own transcript (conformance.suite.play)."""
    exchanges = getattr(transcript, "exchanges", None)
    if not isinstance(exchanges, list):
        return None
    labels = [getattr(x, "step", None) for x in exchanges]
    return [str(label) for label in labels] if all(labels) else None


# -- selection ------------------------------------------------------------------------------------

class SelectionError(HarnessError):
    """A -k expression that cannot be read."""


_TOKEN = re.compile(r"\(|\)|[^\s()]+")


def keyword_matcher(expr: str) -> Callable[[str], bool]:
    """A predicate over a scenario's searchable text for a ``-k`` expression.

    Words match as case-insensitive substrings; ``and``, ``or``, ``not`` and parentheses
    combine them (``eat and not chot``, ``(u or den) and hoi-quan-bai``).
    """
    tokens = _TOKEN.findall(expr)
    if not tokens:
        raise SelectionError("-k: empty expression")
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        return tok

    def parse_or() -> Callable[[str], bool]:
        parts = [parse_and()]
        while peek() == "or":
            take()
            parts.append(parse_and())
        return parts[0] if len(parts) == 1 else (lambda t: any(p(t) for p in parts))

    def parse_and() -> Callable[[str], bool]:
        parts = [parse_not()]
        while peek() == "and":
            take()
            parts.append(parse_not())
        return parts[0] if len(parts) == 1 else (lambda t: all(p(t) for p in parts))

    def parse_not() -> Callable[[str], bool]:
        if peek() == "not":
            take()
            inner = parse_not()
            return lambda t: not inner(t)
        return parse_atom()

    def parse_atom() -> Callable[[str], bool]:
        tok = peek()
        if tok is None:
            raise SelectionError(f"-k {expr!r}: the expression ends too early")
        take()
        if tok == "(":
            inner = parse_or()
            if peek() != ")":
                raise SelectionError(f"-k {expr!r}: missing ')'")
            take()
            return inner
        if tok in (")", "and", "or"):
            raise SelectionError(f"-k {expr!r}: unexpected {tok!r}")
        word = tok.lower()
        return lambda t: word in t

    matcher = parse_or()
    if pos != len(tokens):
        raise SelectionError(f"-k {expr!r}: unexpected {tokens[pos]!r}")
    return matcher


def _haystack(scenario: Any) -> str:
    parts = [str(scenario.id), str(getattr(scenario, "name", ""))]
    parts.extend(str(t) for t in getattr(scenario, "tags", ()) or ())
    return "\n".join(parts).lower()


def select(
    scenarios: Sequence[ScenarioLike],
    keyword: str | None = None,
    clauses: Sequence[str] = (),
    rulesets: Sequence[str] = (),
) -> list[ScenarioLike]:
    """The scenarios a command line asks for. A ``keyword`` that is exactly a scenario id
    selects that scenario alone (the replay command relies on it)."""
    chosen = list(scenarios)
    if rulesets:
        wanted = set(rulesets)
        chosen = [s for s in chosen if not s.rulesets or wanted.intersection(s.rulesets)]
    if clauses:
        chosen = [s for s in chosen
                  if any(fnmatch.fnmatchcase(c, g) for c in s.clauses for g in clauses)]
    if keyword:
        exact = [s for s in chosen if str(s.id) == keyword.strip()]
        if exact:
            return exact
        match = keyword_matcher(keyword)
        chosen = [s for s in chosen if match(_haystack(s))]
    return chosen


def replay_command(
    impl: str | None, *, timeout: float | None = None, strict: bool = False,
    extra: Sequence[str] = (),
) -> Callable[[str], str]:
    """``scenario id -> the command that runs just that scenario again``."""
    base = ["phom-conformance", *given_options(), "run"]
    if impl is not None:
        base += ["--impl", impl]
    if timeout is not None:
        base += ["--timeout", f"{timeout:g}"]
    if strict:
        base.append("--strict-protocol")
    base += list(extra)
    prefix = shlex.join(base)
    return lambda sid: f"{prefix} -k {shlex.quote(sid)}"
