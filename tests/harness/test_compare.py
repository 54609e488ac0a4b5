"""The one comparer of actions, events, payments and results (conformance.protocol.compare)."""

from __future__ import annotations

import sys

import pytest

from conformance.drivers.subprocess import SubprocessDriver
from conformance.protocol import compare
from conformance.protocol.compare import (
    PaymentDifference,
    Unreadable,
    action_key,
    action_of,
    event_difference,
    legal_difference,
    pair_payments,
    payment_difference,
    result_differences,
)


def test_action_key_reads_cards_as_cards_and_groups_as_sets() -> None:
    assert action_key({"type": "discard", "card": "10H"}) == ("discard", "10H")
    assert action_key({"type": "discard", "card": "th"}) == ("discard", "10H")
    assert action_key({"type": "eat", "card": "5H", "with": ["7H", "6H"]}) == (
        "eat", "5H", frozenset({"6H", "7H"}))
    assert action_key({"type": "lay_down", "phoms": [["4H", "5H", "6H"], ["7S", "7D", "7H"]]}) \
        == action_key({"type": "lay_down", "phoms": [["7H", "7D", "7S"], ["6H", "5H", "4H"]]})
    assert action_key({"type": "send", "card": "8H", "to": {"seat": 1, "phom": 0}}) == (
        "send", "8H", 1, 0)
    assert action_key({"type": "draw"}) == ("draw",)


def test_action_key_keeps_a_bad_card_instead_of_refusing() -> None:
    assert action_key({"type": "discard", "card": "1Z"}) == ("discard", "?1Z")
    assert action_key({"type": "discard", "card": 5}) == ("discard", "?5")
    assert action_key({"type": "eat", "card": "5H"}) == ("eat", "5H", frozenset())
    assert action_key({"type": "send", "card": "8H"}) == ("send", "8H", None, None)
    assert action_key({"type": "leave", "note": "x"}) == ("leave",)


def test_action_of_refuses_what_is_not_an_action() -> None:
    assert action_of({"type": "discard", "card": "10H"}) == action_of(
        {"type": "discard", "card": "TH"})
    for bad in ({"type": "discard", "card": "1Z"}, {"type": "fly"}, "draw",
                {"type": "lay_down", "phoms": []}):
        with pytest.raises(Unreadable):
            action_of(bad)


def test_an_action_form_is_read_once_and_the_cache_stays_bounded() -> None:
    first = action_of({"type": "eat", "card": "5H", "with": ["6H", "7H"]})
    assert action_of({"type": "eat", "card": "5H", "with": ["6H", "7H"]}) is first
    # True is not the card index 1: forms that are not plain strings are read each time
    with pytest.raises(Unreadable):
        action_of({"type": "discard", "card": True})
    for i in range(compare.CACHE_SIZE + 50):
        action_key({"type": "send", "card": "8H", "to": {"seat": 0, "phom": i}})
    assert len(compare.KEY_CACHE) <= compare.CACHE_SIZE


def test_legal_difference() -> None:
    ref = [{"type": "discard", "card": "10H"}, {"type": "discard", "card": "KS"}]
    assert legal_difference(ref, list(ref)) == ([], [])
    assert legal_difference(ref, [{"type": "discard", "card": "ks"},
                                  {"type": "discard", "card": "TH"}]) == ([], [])
    missing, extra = legal_difference(ref, [{"type": "discard", "card": "KS"},
                                            {"type": "discard", "card": "2C"}, {"type": "draw"}])
    assert missing == [{"type": "discard", "card": "10H"}]
    assert extra == [{"type": "discard", "card": "2C"}, {"type": "draw"}]
    with pytest.raises(Unreadable):
        legal_difference(ref, None)


def test_event_difference_ignores_order_clause_and_message() -> None:
    ref = [{"type": "drew", "seat": 0, "card": "5H"},
           {"type": "paid", "from": 0, "to": 1, "amount": 2, "reason": "rank",
            "clause": "MONEY.RANK-PAYMENTS"}]
    impl = [{"type": "paid", "from": 0, "to": 1, "amount": 2, "reason": "rank"},
            {"type": "drew", "seat": 0, "card": "5h", "message": "B draws"}]
    assert event_difference(ref, impl) == ([], [])
    assert event_difference(ref, impl[:1]) == ([ref[0]], [])
    with pytest.raises(Unreadable):
        event_difference(ref, [{"type": "drew", "card": "1Z"}])


def test_payment_difference_is_a_multiset_difference() -> None:
    rank = {"from": 0, "to": 1, "amount": 2, "reason": "rank", "clause": "MONEY.RANK-PAYMENTS"}
    mom = {"from": 2, "to": 1, "amount": 4, "reason": "mom", "clause": "MONEY.MOM-PAYMENT"}
    assert payment_difference([rank, mom], [mom, rank]) == ([], [])
    wrong = {**mom, "amount": 3}
    assert payment_difference([rank, mom], [rank, wrong]) == ([mom], [wrong])


def test_pair_payments_names_wrong_amounts_and_lets_a_record_leave_out_reasons() -> None:
    rules = [{"from": 0, "to": 1, "amount": 2, "reason": "rank", "clause": "MONEY.RANK-PAYMENTS"},
             {"from": 2, "to": 1, "amount": 4, "reason": "mom", "clause": "MONEY.MOM-PAYMENT"},
             {"from": 3, "to": 1, "amount": 1, "reason": "eat", "clause": "EAT.NTH-CARD"}]
    recorded = [{"from": 0, "to": 1, "amount": 2}, {"from": 2, "to": 1, "amount": 3},
                {"from": 3, "to": 0, "amount": 1}]
    assert pair_payments(rules, recorded) == [
        PaymentDifference("wrong_amount", 2, 1, 4, 3, "mom", "MONEY.MOM-PAYMENT"),
        PaymentDifference("missing", 3, 1, 1, None, "eat", "EAT.NTH-CARD"),
        PaymentDifference("not_owed", 3, 0, None, 1, None, None),
    ]
    assert pair_payments(rules, rules) == []


def test_result_differences() -> None:
    ref = {"ending": "normal", "winner": 1, "u": None, "totals": [-2, 2],
           "ranking": [{"seat": 1, "place": 1}, {"seat": 0, "place": 2}],
           "payments": [{"from": 0, "to": 1, "amount": 2, "reason": "rank"}]}
    assert result_differences(ref, dict(ref)) == []
    assert result_differences(ref, {**ref, "ranking": ref["ranking"][::-1]}) == []
    assert [d[0] for d in result_differences(ref, {**ref, "winner": 0, "totals": [0, 0]})] == [
        "winner", "totals"]
    assert result_differences(ref, None) == [("result", ref, None)]
    with pytest.raises(Unreadable):
        result_differences(ref, {**ref, "payments": [{"to": 1}]})


def test_the_null_server_answers_everything() -> None:
    driver = SubprocessDriver([sys.executable, "-m", "conformance.protocol.null_server"])
    try:
        hello = driver.start()
        assert hello["name"] == "null-implementation"
        replies = [driver.send({"type": kind, "game": "g"}) for kind in
                   ("new_game", "apply", "legal_actions", "state", "result", "fly")]
        got = [p.result() for p in replies]
        assert [r["ok"] for r in got] == [True] * 5 + [False]
        assert got[-1]["error"]["code"] == "malformed"
    finally:
        driver.close()
