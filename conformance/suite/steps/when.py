"""When steps: actions by a seat (one per form of the action grammar), action blocks and
scripts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.suite.play import Play
from conformance.suite.steps.grammar import action_step_args, parse_action_line
from conformance.suite.steps.registry import step
from reference_impl.action_text import FORMS, ActionForm

# ---------------------------------------------------------------------------------------------
# When: actions


def _action_step(play: Play, seat: int, action: dict[str, Any]) -> None:
    play.act(seat, action)


def _make_action_step(form: ActionForm) -> None:
    def read(groups: Mapping[str, str | None]) -> dict[str, Any]:
        return action_step_args(form, groups)

    step(
        "when",
        rf"seat (?P<seat>\d+) {form.pattern(third=True)}",
        "seat 1 " + form.example(third=True),
        read=read,
    )(_action_step)


for _form in FORMS:
    _make_action_step(_form)


def _action_block(lines: list[str]) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for line in lines:
        out += parse_action_line(line)
    return out


@step("when", r"the actions are played:", "the actions are played:", block=_action_block)
def _script(play: Play, block: list[tuple[int, dict[str, Any]]]) -> None:
    for seat, action in block:
        play.act(seat, action)


@step(
    "when",
    r'the script "(?P<script>[a-z0-9-]+)" is played',
    'the script "q-to-final" is played',
    refs_script=True,
)
def _named_script(play: Play, script: str) -> None:
    for line in play.scenario.fixtures.scripts[script].actions:
        for seat, action in parse_action_line(line):
            play.act(seat, action)


@step("when", r"the game starts", "the game starts",
      clause="DECK.PLAYERS|DEAL.HAND-SIZES|DEAL.STOCK|DECK.52-CARDS")
def _start(play: Play) -> None:
    play.start()
    play.settle()


@step("when", r"the state is noted", "the state is noted", needs=["state"])
def _note(play: Play) -> None:
    play.noted_state = play.state()
