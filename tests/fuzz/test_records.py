"""Game records: good records load, broken ones are reported with file:line and what is wrong."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from conformance.records import RecordError, load_record, validate_record_file

#: The records users see (examples/records) and the test-only ones (tests/fuzz/records).
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
RECORDS = Path(__file__).parent / "records"

GOOD = textwrap.dedent(
    """\
    record: 1
    ruleset: co-ban
    players: 2
    first: 0
    deal:
      hands:
        - [AS, 2S, 3S, 4H, 5H, 6H, 7C, 8C, 9C, KD]
        - [AH, 2H, 3H, 4S, 5S, 6S, 7D, 8D, 9D]
      stock: [AC, 2C, 3C, 4C, 5C, 6C, 10C, JC, QC, KC, AD, 2D, 3D, 4D, 5D, 6D, 10D, JD, QD,
              7S, 8S, 9S, 10S, JS, QS, KS, 7H, 8H, 9H, 10H, JH, QH, KH]
    actions:
      - {seat: 0, action: discard KD}
      - {seat: 1, action: {type: draw}}
    """
)


def write(tmp_path: Path, text: str, name: str = "r.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_the_money_example_loads() -> None:
    rec = load_record(EXAMPLES / "money-example-004.yaml")
    assert rec.ruleset == "hoi-quan-bai"
    assert rec.players == 4
    assert rec.names == ("A", "B", "C", "D")
    assert len(rec.actions) == 36
    # text and JSON forms both become the contract's JSON form
    assert rec.actions[1].action == {"type": "eat", "card": "5H", "with": ["6H", "7H"]}
    laid = rec.actions[26].action
    assert laid["type"] == "lay_down"
    assert {frozenset(p) for p in laid["phoms"]} == {frozenset({"5H", "6H", "7H"}),
                                                     frozenset({"9S", "9C", "9D"})}
    assert rec.result is not None and rec.result.totals == (-3, 8, -1, -4)
    assert rec.seat_name(1) == "B (seat 1)"


def test_a_small_record_loads_and_a_deck_deal_is_dealt_from_first(tmp_path: Path) -> None:
    rec = load_record(write(tmp_path, GOOD))
    assert rec.players == 2 and rec.first == 0
    assert rec.actions[1].text == "draw"
    deck = [*["AS", "AH", "2S", "2H", "3S", "3H"]]
    rest = [c for c in _all_codes() if c not in deck]
    text = GOOD.replace("first: 0", "first: 1").split("deal:")[0] + (
        "deal:\n  deck: [" + ", ".join(deck + rest) + "]\nactions: []\n"
    )
    rec = load_record(write(tmp_path, text, "deck.yaml"))
    # DEAL.DECK-ORDER: one card at a time from `first` (seat 1): AS to seat 1, AH to seat 0...
    assert rec.hands[1][:3] == ("AS", "2S", "3S")
    assert rec.hands[0][:3] == ("AH", "2H", "3H")
    assert len(rec.hands[1]) == 10 and len(rec.hands[0]) == 9 and len(rec.stock) == 33


def _all_codes() -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [r + s for s in "SCDH" for r in ranks]


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        # an unknown key at the top level: reported at its own line (line 4)
        (lambda t: t.replace("players: 2\n", "players: 2\ncolour: red\n"), 4,
         "unknown key 'colour'"),
        # a malformed card code in seat 1's hand (line 8)
        (lambda t: t.replace("[AH, 2H,", "[AH, ZZ,"), 8, "deal/hands/1/1"),
        # a card dealt twice: reported at the deal (line 5)
        (lambda t: t.replace("[AH, 2H,", "[AS, 2H,"), 5, "dealt twice: AS"),
        # seat 1 holds 10 cards (AC taken from the stock into its hand)
        (lambda t: t.replace("7D, 8D, 9D]", "7D, 8D, 9D, AC]").replace("stock: [AC, ", "stock: ["),
         8, "should get 9"),
        # an action the engine cannot read (line 12)
        (lambda t: t.replace("discard KD", "throw KD"), 12, "cannot read action"),
        # a seat that is not at a 2-player table (line 13)
        (lambda t: t.replace("{seat: 1, action: {type: draw}}", "{seat: 3, action: draw}"), 13,
         "not at a 2-player table"),
        # an unknown ruleset (line 2)
        (lambda t: t.replace("ruleset: co-ban", "ruleset: co-bam"), 2, "unknown ruleset"),
        # first must be a seat of the table
        (lambda t: t.replace("first: 0", "first: 2"), 4, "first is seat 2"),
    ],
)
def test_broken_records_say_file_and_line(tmp_path: Path, change, line: int, words: str) -> None:
    path = write(tmp_path, change(GOOD))
    problems = validate_record_file(path)
    assert problems, "the broken record was accepted"
    p = problems[0]
    assert p.file.endswith("r.yaml")
    assert p.line == line, str(p)
    assert words in p.message, str(p)


def test_yaml_syntax_error_has_a_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("first: 0", "first: [0"))
    problems = validate_record_file(path)
    assert len(problems) == 1 and problems[0].line is not None and problems[0].line >= 4


def test_missing_file_and_load_error(tmp_path: Path) -> None:
    assert "no such file" in validate_record_file(tmp_path / "nope.yaml")[0].message
    with pytest.raises(RecordError) as err:
        load_record(write(tmp_path, GOOD.replace("record: 1", "record: 2")))
    assert ":1:" in str(err.value) and "record" in str(err.value)


def test_the_good_records_validate() -> None:
    for path in sorted([*EXAMPLES.glob("*.yaml"), *RECORDS.glob("*.yaml")]):
        assert validate_record_file(path) == [], path
