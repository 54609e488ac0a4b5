"""Whose fault a refused setup is: when a game a scenario starts, or an action it plays
without checking, is refused, the scenario is played again on the reference in-process; if
the reference refuses it too, the scenario itself is wrong (outcome ``error``, at its
file:line), not the implementation (outcome ``fail``)."""

from __future__ import annotations

import os
import threading
from contextvars import ContextVar
from typing import Any

from conformance.errors import ScenarioError, StepFailure
from conformance.suite.model import Step
from phomspec.paths import spec_dir

#: Set while a scenario is replayed on the reference (the replay judges nothing itself).
_judging: ContextVar[bool] = ContextVar("judging", default=False)


class SetupRefused(StepFailure):
    """The game a scenario starts, or an action it plays without checking, was refused:
    the scenario cannot go on. ``where`` is the file:line of the step, ``what`` the refusal."""

    def __init__(self, step: str, where: str, what: str, expected: object, actual: object,
                 clause: str | None = None):
        super().__init__(step, expected, actual, clause)
        self.where, self.what = where, what


def action_line(step: Step, nth: int) -> int:
    """The line of the ``nth`` action (from 0) a step plays: of its docstring's line that
    holds it, where known (one line may hold several actions, ``;`` between them)."""
    if step.docstring is not None and step.lines:
        for text, line in zip(step.docstring.splitlines(), step.lines, strict=False):
            text = text.split("#", 1)[0].strip()
            if text:
                nth -= len(text.split(";"))
                if nth < 0:
                    return line
    return step.line


#: The reference's verdict by scenario object (kept, so that its id is not reused): a
#: scenario plays alike every time. Bounded.
_verdicts: dict[int, tuple[Any, str | None]] = {}


def refused_on_reference(scenario: Any) -> ScenarioError | None:
    """The error of ``scenario`` when the reference itself refuses its setup (else None)."""
    if _judging.get():
        return None
    if id(scenario) not in _verdicts:
        if len(_verdicts) >= 4096:
            _verdicts.clear()
        _verdicts[id(scenario)] = (scenario, _replay(scenario))
    message = _verdicts[id(scenario)][1]
    return ScenarioError(message) if message is not None else None


#: A fresh reference session after this many replays (its games stay).
_SESSION_GAMES = 2048


class _Shared:
    """The reference's session the replays share (as the scenarios of a run share one), with
    the process, thread and spec/ it started with (its hello names that spec's rulesets)."""

    owner: tuple[Any, ...] = ()
    driver: Any = None
    replays = 0


def _reference() -> Any:
    # the reference's server is imported by the first replay: a run whose setups are all
    # accepted (and its workers) never loads it
    from conformance.drivers.inprocess import InProcessDriver

    owner = (os.getpid(), threading.get_ident(), spec_dir())
    if _Shared.owner != owner or _Shared.replays >= _SESSION_GAMES:
        _Shared.driver = InProcessDriver()
        _Shared.driver.start()
        _Shared.owner, _Shared.replays = owner, 0
    _Shared.replays += 1
    return _Shared.driver


def _replay(scenario: Any) -> str | None:
    """What the reference refuses of the scenario's setup, played on it (None: nothing)."""
    token = _judging.set(True)
    try:
        scenario.run(_reference())
    except SetupRefused as e:
        return (f"{e.where}: the scenario's own setup is illegal on the reference: {e.what};"
                " fix the scenario")
    except Exception:  # any other verdict of the reference: the setup itself is playable
        return None
    finally:
        _judging.reset(token)
    return None
