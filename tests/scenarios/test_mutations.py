"""The suite catches wrong engines: each mutant breaks one clause, and the scenarios tagged with
that clause must fail on it.

Two kinds of mutant: the reference engine playing by a wrong parameter (``Params.of`` patched
for the duration of the test), and a wrong implementation simulated by rewriting the
reference's replies (for mistakes that no parameter expresses: a Q-K-A run, ties broken by
seat number).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.errors import StepFailure
from conformance.protocol import Driver, Pending
from conformance.suite.discover import load_scenarios
from conformance.suite.model import Scenario
from reference_impl.cards import parse_card
from reference_impl.params import Params

Rewrite = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


class _Done(Pending):
    def __init__(self, reply: dict[str, Any]):
        self._reply = reply

    def result(self) -> dict[str, Any]:
        return self._reply


class RewritingDriver(Driver):
    """The reference in-process, with every reply passed through ``rewrite(request, reply)``."""

    def __init__(self, rewrite: Rewrite):
        self.inner = InProcessDriver()
        self.rewrite = rewrite
        self.hello: dict[str, Any] = {}

    def start(self) -> dict[str, Any]:
        self.hello = self.inner.start()
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        reply = self.inner.send(message).result()
        return _Done(self.rewrite(message, reply))

    def close(self) -> None:
        self.inner.close()


# -- wrong implementations by rewriting -----------------------------------------------------------


def _wraps_k_to_a(cards: list[str]) -> bool:
    """Three or more cards of one suit holding both the King and the Ace (Q-K-A, K-A-2)."""
    ids = [parse_card(c) for c in cards]
    suits = {c // 13 for c in ids}
    ranks = {c % 13 for c in ids}
    return len(ids) >= 3 and len(suits) == 1 and {0, 12} <= ranks


def _accept_wrapping_runs(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    """An implementation that takes Q-K-A and K-A-2 for runs."""
    action = request.get("action") or {}
    if request.get("type") != "apply" or reply.get("ruling") != "rejected":
        return reply
    groups = []
    if action.get("type") == "eat":
        groups = [[action["card"], *action["with"]]]
    elif action.get("type") == "lay_down":
        groups = action["phoms"]
    if any(_wraps_k_to_a(g) for g in groups):
        return {"id": reply.get("id"), "ok": True, "ruling": "accepted", "events": []}
    return reply


def _ties_by_seat(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    """An implementation that breaks equal points by seat number instead of lay-down time."""
    result = reply.get("result")
    if request.get("type") != "result" or not isinstance(result, dict):
        return reply
    ranking = result["ranking"]
    ranked = [e for e in ranking if not e["mom"] and e["rank"] != "left"]
    rest = [e for e in ranking if e["mom"] or e["rank"] == "left"]
    ranked.sort(key=lambda e: (e["points"], e["seat"]))
    names = ["nhat", "nhi", "ba", "bet"]
    fixed = [dict(e, place=i + 1, rank=names[i]) for i, e in enumerate(ranked)]
    rest = [dict(e, place=len(fixed) + i + 1) for i, e in enumerate(rest)]
    return dict(reply, result=dict(result, ranking=fixed + rest))


def _refusal_changes_state() -> Rewrite:
    """An implementation whose refused actions still change the state (one card less in the
    stock, as if it had drawn before refusing)."""
    touched = {"flag": False}

    def rewrite(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
        if request.get("type") == "new_game":
            touched["flag"] = False
        if request.get("type") == "apply" and reply.get("ruling") == "rejected":
            touched["flag"] = True
        state = reply.get("state")
        if request.get("type") == "state" and touched["flag"] and isinstance(state, dict):
            return dict(reply, state=dict(state, stock_count=state["stock_count"] - 1))
        return reply

    return rewrite


def _money_leaks(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    """An implementation whose table money does not sum to zero (a stake lost)."""
    state = reply.get("state")
    if request.get("type") == "state" and isinstance(state, dict) and state.get("money"):
        money = list(state["money"])
        money[0] -= 1
        return dict(reply, state=dict(state, money=money))
    return reply


# -- the catalog -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    id: str
    clause: str
    params: dict[str, Any] | None = None
    rewrite: Rewrite | None = None
    rulesets: tuple[str, ...] | None = None


MUTANTS = (
    Mutant("qka-is-a-run", "PHOM.RUN.NO-WRAP", rewrite=_accept_wrapping_runs),
    Mutant("ties-by-seat", "RANK.TIE-EARLIER-LAYDOWN", rewrite=_ties_by_seat),
    Mutant("refusal-changes-state", "INV.REJECT-UNCHANGED", rewrite=_refusal_changes_state()),
    Mutant("money-leaks", "INV.ZERO-SUM", rewrite=_money_leaks),
    Mutant("two-eaten-in-one-phom", "TURN.EAT.DISTINCT-PHOM", params={"distinct_phom": False}),
    Mutant("eaten-card-may-break", "TURN.EAT.KEEP-IN-PHOM", params={"keep_in_phom": False}),
    Mutant(
        "chot-costs-1",
        "EAT.CHOT-PRICE",
        params={"eat_chot": 1},
        rulesets=("hoi-quan-bai", "ki-gui", "u9la"),
    ),
    Mutant("every-eat-costs-1", "EAT.NTH-CARD", params={"eat_by_count": (1, 1, 1)}),
    Mutant(
        "no-them-vong", "ROUND.THEM-VONG", params={"them_vong": False}, rulesets=("hoi-quan-bai",)
    ),
    Mutant("mom-may-send", "SEND.REQUIRES-PHOM", params={"send_requires_phom": False}),
    Mutant("send-to-own-phom", "SEND.NOT-OWN", params={"send_to_own": True}),
    Mutant("mom-pays-3", "MONEY.MOM-PAYMENT", params={"mom_payment": 3}),
    Mutant("mom-ordered-by-points", "RANK.MOM-ORDER", params={"mom_order": "points"}),
    Mutant("all-mom-lowest-wins", "RANK.ALL-MOM", params={"all_mom_winner": "lowest_points"}),
    Mutant("no-u-khan", "U.KHAN", params={"u_khan": None}, rulesets=("hoi-quan-bai",)),
    Mutant("u-on-dealt-ten", "U.NOT-BEFORE-FIRST-DISCARD", params={"u_before_first_discard": True}),
    Mutant(
        "no-tai-eater-den",
        "DEN.TAI-EATER",
        params={"den_tai_eater": False},
        rulesets=("ki-gui", "u9la"),
    ),
)


@contextmanager
def driven_by(mutant: Mutant, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    if mutant.params is not None:
        original = Params.of

        def of(cls: type[Params], rs: Any) -> Params:
            return dataclasses.replace(original(rs), **(mutant.params or {}))

        monkeypatch.setattr(Params, "of", classmethod(of))
        driver: Driver = InProcessDriver()
    else:
        assert mutant.rewrite is not None
        driver = RewritingDriver(mutant.rewrite)
    driver.start()
    try:
        yield driver
    finally:
        driver.close()


@cache
def _suite() -> tuple[Scenario, ...]:
    return tuple(load_scenarios())


def _relevant(mutant: Mutant) -> list[Scenario]:
    return [
        s
        for s in _suite()
        if mutant.clause in s.clauses and (mutant.rulesets is None or s.ruleset in mutant.rulesets)
    ]


def _failures(scenarios: list[Scenario], driver: Driver) -> list[tuple[str, str | None]]:
    out = []
    for s in scenarios:
        try:
            s.run(driver)
        except StepFailure as e:
            out.append((s.id, e.clause))
    return out


def test_at_least_ten_clauses_are_mutated() -> None:
    assert len({m.clause for m in MUTANTS}) >= 10


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.id for m in MUTANTS])
def test_mutant_fails_on_its_clause(mutant: Mutant, monkeypatch: pytest.MonkeyPatch) -> None:
    scenarios = _relevant(mutant)
    assert scenarios, f"no scenario checks {mutant.clause}"
    clean = InProcessDriver()
    clean.start()
    try:
        assert _failures(scenarios, clean) == [], "the reference engine must pass them"
    finally:
        clean.close()
    with driven_by(mutant, monkeypatch) as driver:
        failures = _failures(scenarios, driver)
    assert failures, (
        f"mutant {mutant.id} survives all {len(scenarios)} scenarios of {mutant.clause}"
    )
    assert any(clause == mutant.clause for _, clause in failures), (
        f"mutant {mutant.id} is caught, but never on {mutant.clause}: {failures[:5]}"
    )
