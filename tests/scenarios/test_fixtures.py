"""YAML fixtures: the suite's files validate; problems name file, line and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conformance.suite.cards import check_deal, fill_deal
from conformance.suite.fixture_file import fixture_schema, validate_fixture_file
from phomspec.paths import fixtures_dir

HANDS = """\
      hands:
        - [9C, AC, KS, 2D, 7H, KC, 5C, 10H, QH, 4H]
        - [10C, JC, 9S, 9D, 2C, 3C, JS, QS, 6D]
        - [7C, 8C, 4D, 5D, AS, 5H, 2S, 10S, 8H]
        - [5S, KD, 6C, 8D, AH, JH, 7S, QC, QD]
      stock: [4S, 6H, 3D, 2H, AD, 3S, JD, 3H, 8S, 9H, KH, 6S, 10D, 7D, 4C]
"""


def case(body: str = "", deal: str = HANDS, script: str = "      - seat 0 discards 9C\n") -> str:
    return (
        "cases:\n  - id: one\n    name: one\n    clauses: [TURN.ORDER]\n    rulesets: [all]\n"
        f"{body}    deal:\n{deal}    script:\n{script}"
    )


def test_the_schema_is_a_draft_2020_12_schema() -> None:
    schema = fixture_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", sorted(fixtures_dir().glob("*.yaml")), ids=lambda p: p.name)
def test_every_fixture_file_of_the_suite_validates(path: Path) -> None:
    assert [str(p) for p in validate_fixture_file(path)] == []


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_case_has_no_problem(tmp_path: Path) -> None:
    assert validate_fixture_file(write(tmp_path, case()), deals={}) == []


BAD = [
    ("unknown key", case(body="    colour: red\n"), 2, "colour"),
    ("bad card code", case(deal=HANDS.replace("9C, AC", "9C, 1C")), 8, "1C"),
    ("card twice", case(deal=HANDS.replace("[7C, 8C", "[9C, 8C")), 7, "card 9C is dealt twice"),
    (
        "unknown ruleset",
        case().replace("rulesets: [all]", "rulesets: [tien-len]"),
        5,
        "unknown ruleset",
    ),
    (
        "unknown deal",
        case(deal="").replace("    deal:\n", "    deal: fx-none\n"),
        6,
        "no deal named",
    ),
    ("bad script line", case(script="      - seat 0 dances\n"), 14, "cannot read action 'dances'"),
    ("bad then step", case(script='      - {then: "seat 0 sings"}\n'), 14, "unknown Then step"),
    ("yaml error", "cases:\n  - id: [\n", 3, "YAML syntax error"),
]


@pytest.mark.parametrize(("text", "line", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_problems_name_the_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    problems = validate_fixture_file(write(tmp_path, text), deals={})
    assert problems, "expected a problem"
    first = problems[0]
    assert first.file.endswith("f.yaml")
    assert first.line == line, [str(p) for p in problems]
    assert message in first.message, [str(p) for p in problems]


def test_check_deal() -> None:
    hands = [["7S"] * 10, ["8S"] * 9]
    assert check_deal(5, 0, [], []) == ["a table has 2 to 4 players, not 5"]
    assert any("dealt twice" in p for p in check_deal(2, 0, hands, []))


def test_fill_deal_completes_a_deal() -> None:
    hands, stock = fill_deal(4, 2, {2: ["7S", "7D", "7H"], 0: ["4H"]}, ["2C"], filler=["KD", "AS"])
    assert check_deal(4, 2, hands, stock) == []
    assert hands[2][:3] == ["7S", "7D", "7H"] and len(hands[2]) == 10
    assert hands[0][:3] == ["4H", "KD", "AS"]
    assert stock[0] == "2C" and len(stock) == 15
