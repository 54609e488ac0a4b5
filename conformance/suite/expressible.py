"""What a scenario needs of an implementation's shape, known before it starts
(spec/protocol.md 8: "a scenario that needs another is skipped before it starts").

The When steps are played dry (:class:`_DryPlay` records the actions they would send), so
that the actions of every step, named scripts and action blocks included, are known with
the Then steps between them. :func:`shape_problem` gives the reason a scenario cannot be
played under a profile, or None:

- an action type the implementation does not take (8.5); under ``lay_down: auto`` the
  ``lay_down`` and ``send`` of a script are the implementation's own (8.1), not sent;
- under ``lay_down: auto``, a lay-down or send that the scenario expects refused, a lay-down
  whose turn's discard it expects refused, a table checked between a lay-down and the
  discard, a lay-down with no discard after it: the explicit lay-down is the point;
- every Then step checks what the profile does not express (money under ``money: none``;
  the legal lay-downs and sends under ``lay_down: auto``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from conformance.suite.model import Scenario, Step
from reference_impl.profiles import Profile

#: Action types an automatic lay-down plays itself (spec/protocol.md 8.1).
AUTO_TYPES = ("lay_down", "send")


@dataclass(frozen=True)
class Move:
    """One action a scenario plays: the step that sends it, the seat, the action."""

    step: int
    seat: int
    action: dict[str, Any]
    #: Whether the step after the sending step asserts that the action is refused.
    refused: bool


class _DryPlay:
    """What a When step needs of a Play, recording the actions instead of sending them."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.actions: list[tuple[int, dict[str, Any]]] = []

    def act(self, seat: int, action: dict[str, Any]) -> None:
        self.actions.append((seat, action))

    def start(self) -> None:
        pass

    def settle(self) -> None:
        pass

    def state(self) -> dict[str, Any]:
        return {}


@cache
def timeline(scenario: Scenario) -> tuple[Move | int, ...]:
    """The scenario after its Given steps, in order: a :class:`Move` per action sent and
    the index of every Then step."""
    steps = scenario.steps
    out: list[Move | int] = []
    for i, step in enumerate(steps):
        if step.definition.kind == "then":
            out.append(i)
        elif step.definition.kind == "when":
            dry = _DryPlay(scenario)
            step.definition.run(dry, step.args)
            refused = i + 1 < len(steps) and steps[i + 1].definition.rejection
            for k, (seat, action) in enumerate(dry.actions):
                last = k == len(dry.actions) - 1
                out.append(Move(i, seat, action, refused and last))
    return tuple(out)


def moves(scenario: Scenario) -> list[Move]:
    """The scenario's actions in the order it plays them."""
    return [m for m in timeline(scenario) if isinstance(m, Move)]


def _label(steps: Sequence[Step], index: int) -> str:
    return steps[index].label


def _type_problem(scenario: Scenario, moves: list[Move], profile: Profile) -> str | None:
    for m in moves:
        kind = str(m.action.get("type"))
        if profile.lay_down == "auto" and kind in AUTO_TYPES:
            continue
        if not profile.takes(kind):
            return (f"the scenario plays a {kind} action ({_label(scenario.steps, m.step)});"
                    f" the implementation takes only {', '.join(profile.actions)} (hello actions)")
    return None


def _auto_problem(scenario: Scenario, items: tuple[Move | int, ...]) -> str | None:
    """Why a scenario's explicit lay-downs cannot be played by an automatic lay-down."""
    steps = scenario.steps
    for k, item in enumerate(items):
        if isinstance(item, int) or item.action.get("type") not in AUTO_TYPES:
            continue
        where = _label(steps, item.step)
        if item.refused:
            return (f"lay_down: auto: the scenario expects its {item.action['type']} refused"
                    f" ({where}); the implementation lays down and sends only by itself")
        ended = None
        for later in items[k + 1:]:
            if isinstance(later, int):
                if steps[later].definition.shape != "ruling":
                    return (f"lay_down: auto: the scenario checks the table between a lay-down"
                            f" and its discard ({_label(steps, later)}); the implementation lays"
                            " down only with the discard")
            elif later.seat == item.seat and later.action.get("type") in AUTO_TYPES:
                continue
            else:
                ended = later
                break
        if ended is None or ended.seat != item.seat or ended.action.get("type") != "discard":
            return (f"lay_down: auto: the scenario lays down ({where}) and does not end the turn"
                    " with a discard; the implementation lays down only with the discard")
        if ended.refused:
            return (f"lay_down: auto: the scenario lays down ({where}) and expects the discard"
                    f" refused ({_label(steps, ended.step)}); the implementation chooses its"
                    " own lay-down")
    return None


def unexpressed(step: Step, profile: Profile) -> str | None:
    """Why ``step`` (a Then step) checks what ``profile`` does not express, or None."""
    shape = step.definition.shape
    if shape == "money" and profile.money == "none":
        return "money: none (the implementation keeps no money)"
    if shape == "lay-legal" and profile.lay_down == "auto":
        return "lay_down: auto (the implementation lists no lay-down and no send)"
    return None


def shape_problem(scenario: Scenario, profile: Profile) -> str | None:
    """Why ``scenario`` cannot be played under ``profile`` (None when it can, or when the
    profile is the 1.0 shape)."""
    if profile.is_default:
        return None
    items = timeline(scenario)
    moves = [m for m in items if isinstance(m, Move)]
    problem = _type_problem(scenario, moves, profile)
    if problem is None and profile.lay_down == "auto":
        problem = _auto_problem(scenario, items)
    if problem is not None:
        return problem
    thens = [scenario.steps[i] for i in items if isinstance(i, int)]
    checked = [s for s in thens if s.definition.shape != "ruling" or len(thens) == 1]
    reasons = [unexpressed(s, profile) for s in checked]
    if checked and all(reasons):
        return f"every check of the scenario is what the profile does not express: {reasons[0]}"
    return None
