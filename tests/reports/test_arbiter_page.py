"""The arbiter's replay page opens with the ruling: each seat's difference with its clauses,
the places as players name them (issue 10 item 7)."""

from __future__ import annotations

from pathlib import Path

from conformance.arbiter import arbitrate
from conformance.arbiter.describe import describe_place
from conformance.arbiter.html import banner, render_html
from conformance.records import load_record

ROOT = Path(__file__).resolve().parents[2]


def _record(name: str) -> Path:
    """A record among the examples users see, else among the test-only ones."""
    example = ROOT / "examples" / "records" / name
    return example if example.is_file() else ROOT / "tests" / "fuzz" / "records" / name


def _page(name: str) -> str:
    return render_html(arbitrate(load_record(_record(name))))


def test_banner_states_each_seat_difference_and_its_clause_at_the_top() -> None:
    verdict = arbitrate(load_record(_record("missing-payment.yaml")))
    lines = banner(verdict, verdict.record.seat_name)
    seats = [line for line in lines if "the table booked" in line.text]
    assert [line.text.split(":")[0] for line in seats] == ["A (seat 0)", "B (seat 1)"]
    assert all(line.clauses == ("MONEY.RANK-PAYMENTS",) for line in seats)
    page = render_html(verdict)
    top = page[: page.index("<h2>At the deal</h2>")]
    assert "B (seat 1) is owed 2 more" in top and "MONEY.RANK-PAYMENTS" in top


def test_a_seat_without_recorded_payments_gets_the_rules_breakdown() -> None:
    page = _page("wrong-payout.yaml")
    top = page[: page.index("<h2>At the deal</h2>")]
    assert "B (seat 1) is owed 1 more" in top
    assert "by the rules: EAT.NTH-CARD +1, MONEY.RANK-PAYMENTS +3, MONEY.MOM-PAYMENT +4" in top
    assert '<span class="cite">MONEY.ZERO-SUM</span>' in top


def test_an_illegal_action_is_named_with_its_clause_and_linked() -> None:
    page = _page("illegal-discard.yaml")
    top = page[: page.index("<h2>At the deal</h2>")]
    assert '<a href="#a3">Action 3: B (seat 1) played discard 5H' in top
    assert "TURN.EAT.KEEP-IN-PHOM" in top and 'id="a3"' in page


def test_places_read_nhat_nhi_ba_mom() -> None:
    page = _page("money-example-004.yaml")
    top = page[: page.index("<h2>At the deal</h2>")]
    assert "The record agrees with the rules." in top
    order = [top.index(f"<b>{p}</b>") for p in ("Nhất", "Nhì", "Ba", "Móm")]
    assert order == sorted(order)
    table = page[page.index('id="settlement"'):]
    assert all(f"<b>{p}</b>" in table for p in ("Nhất", "Nhì", "Ba", "Móm"))
    for code in ("nhat", "nhi", "mom"):
        assert f">{code}<" not in page
    assert [describe_place(c) for c in ("nhat", "nhi", "ba", "bet", "mom")] == [
        "Nhất", "Nhì", "Ba", "Bét", "Móm"]
