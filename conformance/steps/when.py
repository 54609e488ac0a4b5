"""When steps: actions by a seat, action blocks and scripts."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from conformance.scenario import Play
from conformance.steps.grammar import PHOM_WORD, VERBS, Verb, parse_action_line
from conformance.steps.registry import step

# ---------------------------------------------------------------------------------------------
# When: actions


def _make_action_step(verb: Verb) -> None:
    def handler(play: Play, seat: int, **args: Any) -> None:
        play.act(seat, verb.build(args))

    step("when", rf"seat (?P<seat>\d+) {verb.third}", "seat 1 " + _example_of(verb.third))(handler)


def _example_of(third: str) -> str:
    """A sample text of an action pattern: each named group replaced by a sample argument."""
    samples = {
        "card": "5H",
        "with_cards": "6H 7H",
        "phoms": "7S 7D 7H and 4H 5H 6H",
        "target": "2",
        "index": "0",
    }
    out, i = "", 0
    while i < len(third):
        m = re.match(r"\(\?P<(\w+)>", third[i:])
        if not m:
            out += third[i]
            i += 1
            continue
        depth, j = 0, i
        while True:  # skip to the group's closing parenthesis
            depth += {"(": 1, ")": -1}.get(third[j], 0)
            j += 1
            if depth == 0:
                break
        out += samples[m.group(1)]
        i = j
    return out.replace(PHOM_WORD, "phỏm")


for _verb in VERBS:
    _make_action_step(_verb)


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


@step("when", r"the game starts", "the game starts")
def _start(play: Play) -> None:
    play.start()
    play.settle()


@step("when", r"the state is noted", "the state is noted", needs=["state"])
def _note(play: Play) -> None:
    play.noted_state = play.state()


