"""The step library: every step of the suite matches exactly one definition; arguments parse."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conformance.suite.discover import load_scenarios
from conformance.suite.feature_file import parse_feature
from conformance.suite.fixture_file import load_fixture_index
from conformance.suite.model import StepError
from conformance.suite.steps import REGISTRY, match_step
from conformance.suite.steps.bdd import bind_pytest_bdd
from conformance.suite.steps.grammar import (
    PAYMENT_REASONS,
    REASON_CLAUSE,
    legal_lines,
    parse_action_line,
    payment_lines,
    ranking_list,
    totals_list,
)
from phomspec.paths import features_dir, fixtures_dir
from reference_impl.action_text import FORMS, ActionTextError, action_words, read_action


def _all_raw_steps() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted(features_dir().glob("*.feature")):
        for raw in parse_feature(path):
            out += [(f"{path.name}:{s.line}", s.kind, s.text) for s in raw.steps]
    for s in load_scenarios(sorted(fixtures_dir().glob("*.yaml"))):
        out += [(s.steps[0].where, st.kind, st.text) for st in s.steps]
    return out


def test_every_step_of_the_suite_matches_exactly_one_definition() -> None:
    problems = []
    for where, kind, text in _all_raw_steps():
        hits = [d for d in REGISTRY if d.kind == kind and d.regex.fullmatch(text)]
        if len(hits) != 1:
            problems.append(f"{where}: {text!r} matches {len(hits)}")
    assert problems == []


def test_every_action_line_of_the_scripts_parses() -> None:
    index = load_fixture_index(sorted(fixtures_dir().glob("*.yaml")))
    for script in index.scripts.values():
        for line in script.actions:
            assert parse_action_line(line), (script.id, line)


def test_each_example_matches_its_own_definition_only() -> None:
    for d in REGISTRY:
        hits = [o for o in REGISTRY if o.kind == d.kind and o.regex.fullmatch(d.example)]
        assert hits == [d], d.example


def test_then_steps_take_an_explicit_clause() -> None:
    _, args, clause = match_step("then", "seat 1 ù under clause U.TAI-TURN")
    assert clause == "U.TAI-TURN" and args["seat"] == 1
    _, args, clause = match_step(
        "then",
        "the action is rejected with EAT_NOT_A_PHOM or CARD_NOT_IN_HAND"
        " under clause TURN.EAT.MAKES-PHOM",
    )
    assert args["code"] == "EAT_NOT_A_PHOM or CARD_NOT_IN_HAND" and clause == "TURN.EAT.MAKES-PHOM"


def test_unknown_and_wrong_kind_steps_say_what_to_do() -> None:
    with pytest.raises(StepError, match="unknown Then step"):
        match_step("then", "seat 1 sings")
    with pytest.raises(StepError, match="is a When step, not a Given step"):
        match_step("given", "seat 1 draws")
    with pytest.raises(StepError, match="bad card code '11H'"):
        match_step("when", "seat 1 discards 11H")
    with pytest.raises(StepError, match="card 5H is listed twice"):
        match_step("given", "seat 0 holds 5H 5H 6H")


def test_cards_are_canonical_whatever_the_spelling() -> None:
    _, args, _ = match_step("when", "seat 0 discards T♥")
    assert args == {"seat": 0, "action": {"type": "discard", "card": "10H"}}
    _, args, _ = match_step("when", "seat 2 lays down 7S 7D 7H and 4h 5h 6h")
    assert args["action"]["phoms"] == [["7S", "7D", "7H"], ["4H", "5H", "6H"]]
    with pytest.raises(StepError, match="a card appears in two phỏm"):
        match_step("when", "seat 2 lays down 7S 7D 7H and 7S 8S 9S")


def test_action_lines() -> None:
    assert parse_action_line("seat 1 eats 5H with 6H 7H; discards KS") == [
        (1, {"type": "eat", "card": "5H", "with": ["6H", "7H"]}),
        (1, {"type": "discard", "card": "KS"}),
    ]
    assert parse_action_line("seat 2 sends 8H to seat 1's phỏm 0") == [
        (2, {"type": "send", "card": "8H", "to": {"seat": 1, "phom": 0}}),
    ]
    with pytest.raises(StepError, match="one line holds the actions of one seat"):
        parse_action_line("seat 1 draws; seat 2 draws")
    with pytest.raises(StepError, match="cannot read action 'dances'; an action is one of: draws,"):
        parse_action_line("seat 1 dances")


@pytest.mark.parametrize("third", [False, True], ids=["base", "third person"])
def test_the_action_grammar_reads_what_it_writes(third: bool) -> None:
    for form in FORMS:
        action = read_action(form.example(third=third), third=third)
        assert action["type"] == form.type
        assert action_words(action, third=third) == form.example(third=third)
        assert read_action(action_words(action, third=third), third=third) == action


def test_unreadable_actions_list_the_forms_in_words() -> None:
    with pytest.raises(ActionTextError) as err:
        read_action("jump")
    message = str(err.value)
    assert "send <card> to seat <n>'s phỏm <k>" in message
    assert not set("()?\\[]*|") & set(message), message


def test_block_parsers() -> None:
    assert legal_lines(["draw", "discard one of KS 2C"]) == [
        {"type": "draw"},
        {"type": "discard", "card": "KS"},
        {"type": "discard", "card": "2C"},
    ]
    assert payment_lines(["seat 0 pays seat 1 4 for ăn chốt", "nothing"]) == [(0, 1, 4, "eat_chot")]
    assert ranking_list("seat 1 nhất 12, seat 3 móm") == ((1, "nhat", 12), (3, "mom", None))
    assert totals_list("+8, −3, -1, 0") == (8, -3, -1, 0)
    with pytest.raises(StepError, match="unknown payment reason"):
        payment_lines(["seat 0 pays seat 1 4 for luck"])


def test_payment_reasons_have_clauses() -> None:
    assert set(PAYMENT_REASONS.values()) == set(REASON_CLAUSE)


def test_pytest_bdd_bindings_come_from_the_registry() -> None:
    namespace: dict[str, Any] = {}

    def bind() -> int:
        count = bind_pytest_bdd(stacklevel=1)
        namespace.update({k: v for k, v in locals().items() if k.startswith("pytestbdd_")})
        return count

    assert bind() == len(REGISTRY)
    assert len(namespace) == len(REGISTRY)


def test_feature_files_use_only_known_tag_kinds() -> None:
    for path in sorted(Path(features_dir()).glob("*.feature")):
        for tag in re.findall(r"(?<!\S)@([a-z]+):", path.read_text(encoding="utf-8")):
            assert tag in ("id", "clause", "ruleset", "reading", "source"), (path, tag)
