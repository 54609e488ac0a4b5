"""A failure as a reader needs it: where it stopped, expected against got, and the transcript
as the scenario's steps, each with the requests it sent and the replies it got.

Shared by the HTML page, the Markdown summary and the terminal; paths are relative to the
suite (conformance.reports.paths) whatever the report holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.outcomes import Outcome, ScenarioResult
from conformance.reports.jsonfmt import one_line, pretty_json
from conformance.reports.matrix import ANY_RULESET, NO_CLAUSE, needs_attention
from conformance.reports.paths import split_label, suite_relative
from reference_impl.action_text import action_words


@dataclass
class Exchange:
    """One request and what came back: a reply, an error, or nothing (``status`` 'unread')."""

    request: str
    summary: str
    answer: str | None
    status: str  # "ok", "rejected", "error" or "unread"
    answer_summary: str


@dataclass
class Step:
    """A scenario step with the exchanges it made; ``unread`` counts requests sent from here
    on that never got a reply (after a crash), folded into one line."""

    text: str
    where: str | None
    exchanges: list[Exchange] = field(default_factory=list)
    failing: bool = False
    unread: int = 0
    omitted: int = 0
    #: Why the ``unread`` requests got no reply, for the reader.
    unread_why: str = ""


@dataclass
class Failure:
    """One scenario that needs attention, ready to show."""

    number: int
    anchor: str
    result: ScenarioResult
    ruleset: str
    step_text: str | None
    step_where: str | None
    clause: str | None
    headline: str
    expected: str | None
    got: str | None
    details: str
    steps: list[Step]
    stderr: str

    @property
    def id(self) -> str:
        return self.result.id

    @property
    def outcome(self) -> str:
        return self.result.outcome.value


_CONTROL = re.compile("\x1b\\[[0-9;]*[A-Za-z]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def printable(text: str) -> str:
    """``text`` without terminal colour codes and control characters (an implementation's
    stderr may hold any), its paths relative to the suite."""
    return suite_relative(_CONTROL.sub("", text))


def anchor_for(scenario_id: str, taken: set[str]) -> str:
    """A stable HTML id for a scenario (``f-deck-rank-order-k-a-co-ban``), unique in ``taken``."""
    base = "f-" + (re.sub(r"[^A-Za-z0-9_.-]+", "-", scenario_id).strip("-") or "scenario")
    anchor, n = base, 1
    while anchor in taken:
        n += 1
        anchor = f"{base}-{n}"
    taken.add(anchor)
    return anchor


def failures(results: Iterable[ScenarioResult], width: int = 100) -> list[Failure]:
    """The scenarios that need attention, failures first, numbered from 1."""
    taken: set[str] = set()
    return [_failure(i, r, anchor_for(r.id, taken), width)
            for i, r in enumerate(needs_attention(results), 1)]


def _failure(number: int, r: ScenarioResult, anchor: str, width: int) -> Failure:
    where, text = split_label(r.step) if r.step else (None, None)
    message = printable(r.message)
    lines = message.splitlines()
    headline = lines[0] if lines else r.outcome.value
    if r.step and r.outcome is Outcome.FAIL:
        headline = f"expected {_short(r.expected)}, got {_short(r.actual)}"
    elif r.step and headline.startswith(suite_relative(r.step)):
        headline = headline[len(suite_relative(r.step)):].lstrip(": ") or headline
    fail = r.outcome is Outcome.FAIL and r.step is not None
    return Failure(
        number=number, anchor=anchor, result=r,
        ruleset=", ".join(r.rulesets) or "any",
        step_text=text, step_where=where, clause=r.clause, headline=headline,
        expected=pretty_json(r.expected, width) if fail else None,
        got=pretty_json(r.actual, width) if fail else None,
        details="\n".join(lines[1:]) if len(lines) > 1 else "",
        steps=transcript_steps(r.transcript, r.step, width,
                               stopped=r.outcome.breaks_session),
        stderr=printable(r.stderr_tail),
    )


def _short(value: Any, limit: int = 160) -> str:
    text = one_line(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- the transcript as steps ------------------------------------------------------------------

def summarize_request(request: Any) -> str:
    """One line for a request: ``apply seat 1: eat KD with AD 2D``, ``new_game co-ban, 4
    players``, ``state``."""
    if not isinstance(request, dict):
        return _short(request, 80)
    kind = str(request.get("type", "?"))
    if kind == "apply":
        action = request.get("action")
        what = action_words(action) if isinstance(action, dict) else _short(action, 60)
        return f"apply seat {request.get('seat')}: {what}"
    if kind == "new_game":
        return f"new_game {request.get('ruleset')}, {request.get('players')} players"
    return kind + (f" seat {request['seat']}" if "seat" in request else "")


def summarize_reply(reply: Any) -> tuple[str, str]:
    """``(status, one line)`` for a reply."""
    if not isinstance(reply, dict):
        return "error", _short(reply, 80)
    if reply.get("ok") is False:
        error = reply.get("error")
        if not isinstance(error, dict):
            error = {}
        return "error", f"error {error.get('code', '?')}: {error.get('message', '')}".strip()
    ruling = reply.get("ruling")
    if ruling == "rejected":
        return "rejected", f"rejected {reply.get('reason')}"
    if ruling == "accepted":
        kinds = [str(e.get("type")) for e in reply.get("events") or [] if isinstance(e, dict)]
        return "ok", "accepted" + (f" ({', '.join(kinds)})" if kinds else "")
    return "ok", "ok"


def _exchange(entry: dict[str, Any], width: int) -> Exchange:
    request = entry.get("request")
    if "reply" in entry:
        status, said = summarize_reply(entry["reply"])
        answer: str | None = pretty_json(entry["reply"], width)
    elif "error" in entry:
        status, said, answer = "error", suite_relative(str(entry["error"])), None
    else:
        status, said, answer = "unread", "no reply read", None
    return Exchange(pretty_json(request, width), summarize_request(request), answer, status, said)


def transcript_steps(transcript: Sequence[dict[str, Any]], failing: str | None,
                     width: int = 100, stopped: bool = False) -> list[Step]:
    """The exchanges grouped by the step that made them, in order.

    After the first request that got no reply, the rest (a pipelined scenario keeps sending)
    are counted on that step, not listed (``stopped``: because the implementation stopped
    answering, else because the scenario stopped reading at its failure). The failing step
    is marked; when it made no exchange of its own (a check of earlier replies) it is added
    at the end. Without a failing step (a crash), the step where the replies stopped is.
    """
    steps: list[Step] = []
    fail_where, fail_text = split_label(failing) if failing else (None, None)
    unread: Step | None = None
    key: tuple[str | None, str] | None = None
    for entry in transcript:
        if "omitted" in entry:
            if steps:
                steps[-1].omitted += int(entry["omitted"])
            continue
        if unread is not None:
            unread.unread += 1
            continue
        where, text = split_label(str(entry["step"])) if entry.get("step") else (None, "")
        if not steps or key != (where, text):
            key = (where, text)
            steps.append(Step(text or "(step not recorded)", where))
        x = _exchange(entry, width)
        if x.status == "unread":
            unread = steps[-1]
            unread.unread += 1
            unread.unread_why = ("the implementation stopped answering" if stopped
                                 else "the scenario stopped reading at its failure")
        else:
            steps[-1].exchanges.append(x)
    if fail_text is not None:
        mine = [s for s in steps if (s.where, s.text) == (fail_where, fail_text)]
        if mine:
            mine[-1].failing = True
        else:
            steps.append(Step(fail_text, fail_where, failing=True))
    elif steps:
        broken = [s for s in steps if s.unread or any(x.status == "error" for x in s.exchanges)]
        (broken[0] if broken else steps[-1]).failing = True
    return steps


# -- the clause x ruleset matrix ----------------------------------------------------------------

@dataclass
class Cell:
    """The scenarios of one clause in one ruleset: how many, how many passed, which failed."""

    total: int = 0
    passed: int = 0
    skipped: int = 0
    failures: list[Failure] = field(default_factory=list)

    @property
    def status(self) -> str:
        """``fail``, ``pass``, ``skipped``, ``mixed`` (passes and xfails) or ``none``."""
        if self.failures:
            return "fail"
        if not self.total:
            return "none"
        if self.passed == self.total:
            return "pass"
        return "skipped" if self.skipped == self.total else "mixed"


def clause_ruleset_matrix(results: Sequence[ScenarioResult], shown: Sequence[Failure]
                          ) -> tuple[list[str], list[tuple[str, dict[str, Cell]]]]:
    """``(rulesets, [(clause, {ruleset: Cell})])``: every clause a scenario cites, sorted, with
    failing clauses first; each cell lists its failures (from ``shown``) for links."""
    by_result = {id(f.result): f for f in shown}
    rulesets = sorted({rs for r in results for rs in (r.rulesets or (ANY_RULESET,))})
    rows: dict[str, dict[str, Cell]] = {}
    for r in results:
        for clause in r.clauses or (NO_CLAUSE,):
            row = rows.setdefault(clause, {})
            for rs in r.rulesets or (ANY_RULESET,):
                cell = row.setdefault(rs, Cell())
                cell.total += 1
                cell.passed += r.outcome is Outcome.PASS
                cell.skipped += r.outcome is Outcome.SKIPPED
                f = by_result.get(id(r))
                if f is not None:
                    cell.failures.append(f)
    ordered = sorted(rows.items(),
                     key=lambda kv: (not any(c.failures for c in kv[1].values()), kv[0]))
    return rulesets, ordered
