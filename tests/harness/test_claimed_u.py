"""``u: claimed`` (spec/protocol.md 8.3): the reference as an engine whose ù is claimed by a
button passes the ù scenarios, the harness claiming each ù where the scenario's reading
declares it; fakes that get the claim wrong fail under U.AUTOMATIC."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from conformance.drivers import make_driver
from conformance.outcomes import Outcome, ScenarioResult
from conformance.protocol import Driver
from conformance.runner import Runner, RunOptions
from conformance.suite.model import Scenario
from tests.harness.helpers import fake
from tests.harness.shaped_fakes import ServerDriver
from tests.shared import kit_suite

CLAIM = '"action": {"type": "u"}'


@cache
def scenarios(*files: str, ruleset: str = "co-ban") -> tuple[Scenario, ...]:
    return tuple(s for s in kit_suite()
                 if Path(s.source).name in files and s.ruleset == ruleset)


def run(driver: Driver, chosen: tuple[Scenario, ...]) -> list[ScenarioResult]:
    return Runner(driver, RunOptions(transcripts="all")).run(list(chosen)).results


def claims(result: ScenarioResult) -> int:
    return sum(CLAIM in json.dumps(x) for x in result.transcript)


def test_the_reference_claimed_u_passes_the_u_scenarios_by_claiming_each_u() -> None:
    chosen = scenarios("u.feature", "u-den.feature", "u-claimed.feature")
    results = run(ServerDriver(["--profile", "claimed-u"]), chosen)
    assert {r.outcome for r in results} == {Outcome.PASS}, [
        (r.id, r.message) for r in results if r.outcome is not Outcome.PASS]
    by_id = {r.id.split("[")[0]: r for r in results}
    assert claims(by_id["u-draw-in-round-2"]) == 1  # claimed by the harness, automatic reading
    assert claims(by_id["u-claimed-declined"]) == 2  # the scenario's own two claims
    assert claims(by_id["u-draw-not-yet"]) == 0  # no ù: nothing claimed
    assert sum(claims(r) > 0 for r in results) > len(results) / 2


def test_a_claim_of_an_u_the_seat_does_not_hold_is_caught_under_u_automatic() -> None:
    command = fake("shaped_wrong", "claims-unheld-u", "--profile", "claimed-u")
    results = run(make_driver(command), scenarios("u-claimed.feature"))
    failed = {r.id.split("[")[0]: r for r in results if r.outcome is Outcome.FAIL}
    assert set(failed) == {"u-claimed-nothing-pending"}, {r.id: r.message for r in results}
    assert failed["u-claimed-nothing-pending"].clause == "U.AUTOMATIC"
    assert all(r.outcome is Outcome.PASS for r in results if r.id.split("[")[0] not in failed)


def test_an_engine_that_says_claimed_but_declares_the_u_itself_is_caught() -> None:
    # The plain reference (the ù automatic) with a hello that says u: claimed.
    actions = ["draw", "eat", "discard", "lay_down", "send", "pass", "timeout", "leave", "u"]
    driver = ServerDriver(hello={"u": "claimed", "actions": actions})
    results = run(driver, scenarios("u.feature"))
    failed = [r for r in results if r.outcome is Outcome.FAIL]
    assert failed
    for r in failed:
        assert r.clause == "U.AUTOMATIC", (r.id, r.clause, r.message)
        assert "the ù left to a claim" in str(r.expected)
    assert not [r for r in results if r.outcome not in (Outcome.PASS, Outcome.FAIL)]


def test_the_claim_scenarios_skip_where_u_is_automatic() -> None:
    results = run(ServerDriver(["--profile", "auto-lay"]), scenarios("u-claimed.feature"))
    assert {r.outcome for r in results} == {Outcome.SKIPPED}
    plays_u = [r for r in results if "plays a u action" in r.message]
    assert plays_u
    # those without a claim of their own: the engine of u: automatic refuses the reading
    # 'declared' in new_game (spec/protocol.md 8.6)
    for r in results:
        assert r in plays_u or "reads AMB.U-AUTOMATIC as 'automatic'" in r.message, r.message
