"""The arbiter's verdicts on hand-worked records (004's money example, played out)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conformance.arbiter import arbitrate
from conformance.arbiter.html import render_html
from conformance.cli import cli
from conformance.records import load_record

#: The records users see (examples/records) and the test-only ones (tests/fuzz/records).
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
RECORDS = Path(__file__).parent / "records"


def record(name: str) -> Path:
    """The record ``name``, among the examples or the test-only records."""
    return EXAMPLES / name if (EXAMPLES / name).is_file() else RECORDS / name


def verdict(name: str):
    return arbitrate(load_record(record(name)))


def test_the_money_example_agrees_with_the_rules() -> None:
    v = verdict("money-example-004.yaml")
    assert v.agrees
    assert v.stopped is None and not v.unfinished
    assert all(r.accepted for r in v.rulings) and len(v.rulings) == 36
    # B (seat 1) eats A's 5H: A's first eaten card costs 1 (EAT.NTH-CARD)
    eat = v.rulings[1]
    assert eat.text == "eat 5H with 6H 7H"
    assert "EAT.NTH-CARD" in eat.clauses and "TURN.EAT.MAKES-PHOM" in eat.clauses
    assert "TURN.OPENING-DISCARD" in v.rulings[0].clauses
    s = v.settlement
    assert s is not None and s.agrees
    assert s.rules["totals"] == [-3, 8, -1, -4]
    assert [r["rank"] for r in s.rules["ranking"]] == ["nhat", "nhi", "ba", "mom"]
    # every payment carries its clause
    assert {p["clause"] for p in s.rules["payments"]} == {
        "EAT.NTH-CARD", "MONEY.RANK-PAYMENTS", "MONEY.MOM-PAYMENT"}


def test_b_booked_plus_7_is_short_by_1_and_money_is_lost() -> None:
    v = verdict("wrong-payout.yaml")
    assert not v.agrees and v.stopped is None
    s = v.settlement
    assert s is not None
    # B: table +7, rules +8 (1 + 1 + 2 + 4): B is owed 1 more
    assert [(d.seat, d.recorded, d.rules, d.difference) for d in s.seats] == [(1, 7, 8, -1)]
    # -3 + 7 - 1 - 4 = -1: the table lost a stake
    assert any("sum to -1" in n and "MONEY.ZERO-SUM" in n for n in s.notes)


def test_a_missing_ranking_payment_is_named_with_its_clause() -> None:
    v = verdict("missing-payment.yaml")
    s = v.settlement
    assert s is not None and not s.agrees
    # A (Ba) owes B 2 for its place (MONEY.RANK-PAYMENTS); the table booked A -1, B +6
    assert [(p.kind, p.payer, p.payee, p.rules_amount, p.reason, p.clause) for p in s.payments] \
        == [("missing", 0, 1, 2, "rank", "MONEY.RANK-PAYMENTS")]
    assert {(d.seat, d.difference) for d in s.seats} == {(0, 2), (1, -2)}


def test_an_illegal_action_stops_the_replay_with_its_reason() -> None:
    v = verdict("illegal-discard.yaml")
    assert not v.agrees
    assert v.stopped is not None and v.stopped.index == 3
    assert v.stopped.reason == "DISCARD_EATEN_CARD"
    assert v.stopped.clauses == ("TURN.EAT.KEEP-IN-PHOM",)
    assert v.stopped.line == 20
    assert len(v.rulings) == 3 and v.settlement is None


def test_an_unfinished_record_without_result_agrees(tmp_path: Path) -> None:
    text = (EXAMPLES / "money-example-004.yaml").read_text(encoding="utf-8")
    text = text[: text.index("  - {seat: 2, action: draw}")]
    path = tmp_path / "cut.yaml"
    path.write_text(text, encoding="utf-8")
    v = arbitrate(load_record(path))
    assert v.unfinished and v.agrees and v.settlement is None
    with_result = text + "result:\n  totals: [-1, 1, 0, 0]\n"
    path.write_text(with_result, encoding="utf-8")
    assert not arbitrate(load_record(path)).agrees


@pytest.mark.parametrize(
    ("name", "code"),
    [("money-example-004.yaml", 0), ("wrong-payout.yaml", 1), ("illegal-discard.yaml", 1)],
)
def test_cli_exit_status(name: str, code: int) -> None:
    result = CliRunner().invoke(cli, ["arbitrate", str(record(name))])
    assert result.exit_code == code, result.output


def test_cli_json_and_malformed_record(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["arbitrate", str(EXAMPLES / "wrong-payout.yaml"), "--json"])
    data = json.loads(result.stdout)
    assert data["agrees"] is False
    assert data["settlement"]["seats"] == [
        {"seat": 1, "recorded": 7, "rules": 8, "difference": -1}]
    assert data["rulings"][1]["ruling"] == "accepted"
    bad = tmp_path / "bad.yaml"
    bad.write_text("record: 1\nruleset: co-ban\nplayers: 2\nfirst: 0\ndeal: {deck: [AS]}\n"
                   "actions: []\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["arbitrate", str(bad)])
    assert result.exit_code == 3
    assert "bad.yaml:5" in result.output


def test_replay_page_is_self_contained(tmp_path: Path) -> None:
    out = tmp_path / "replay.html"
    result = CliRunner().invoke(cli, ["arbitrate", str(EXAMPLES / "wrong-payout.yaml"),
                                      "--html", str(out)])
    assert result.exit_code == 1
    page = out.read_text(encoding="utf-8")
    assert "<script src" not in page and "<link" not in page and "http" not in page.lower()
    assert "does not agree" in page and "↪" in page
    assert "is owed 1 more" in page
    # every action has its anchor, the final ranking is shown
    assert page.count('<div class="step') == 36 and "Nhất" in page and "nhat" not in page


def test_replay_page_marks_moved_and_sent_cards() -> None:
    from conformance.fuzz.generate import play
    from conformance.fuzz.plan import make_plan
    from conformance.fuzz.seeds import game_seed
    from conformance.records import GameRecord, RecordedAction

    # a fuzzed game with a chuyển bài and a gửi, replayed as a record
    for i in range(200):
        script = play(make_plan(i, game_seed(11, i), probe_rate=0.0))
        kinds = {e["type"] for e in script.events()}
        if {"moved", "sent"} <= kinds:
            break
    else:
        pytest.fail("no fuzzed game with both a moved and a sent card")
    setup = script.setup
    rec = GameRecord("fuzz", setup.ruleset, setup.options, setup.readings, setup.players,
                     (None,) * setup.players, setup.first, setup.hands, setup.stock,
                     tuple(RecordedAction(i + 1, s, a, str(a)) for i, (s, a) in
                           enumerate(script.actions)), session=setup.session)
    v = arbitrate(rec)
    assert v.agrees
    page = render_html(v)
    assert re.search(r'class="card (red|black) moved', page)
    assert re.search(r'class="card (red|black) sent', page)


def test_fuzzed_games_replayed_as_records_agree_with_the_rules() -> None:
    """A game the reference played, recorded with the settlement it paid, is ruled legal move
    by move and paid right, whatever its ending (the arbiter and the engine agree)."""
    from conformance.fuzz.generate import play
    from conformance.fuzz.plan import make_plan
    from conformance.fuzz.seeds import game_seed
    from conformance.records import GameRecord, RecordedAction, RecordedResult

    endings = set()
    for i in range(80):
        script = play(make_plan(i, game_seed(21, i)))
        st, res = script.setup, script.result
        assert res is not None
        endings.add(res["ending"])
        rec = GameRecord(
            "fuzz", st.ruleset, st.options, st.readings, st.players, (None,) * st.players,
            st.first, st.hands, st.stock,
            tuple(RecordedAction(k + 1, s, a, str(a)) for k, (s, a) in enumerate(script.actions)),
            session=st.session,
            result=RecordedResult(payments=tuple(res["payments"]), totals=tuple(res["totals"])))
        v = arbitrate(rec)
        assert v.agrees, (i, v.summary)
        assert render_html(v)
    assert {"points", "u"} <= endings
