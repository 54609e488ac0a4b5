"""pytest bindings of the whole suite: every feature file (pytest-bdd) and every fixture case,
under every ruleset it applies to.

The step definitions are generated from the one step library (conformance.suite.steps), so pytest
and ``phom-conformance run`` reach a verdict through the same handlers. A scenario that
applies to several rulesets is parametrised by ruleset (test id ``[co-ban]``...), from the
same expansion ``load_scenarios`` does.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import scenarios

from conformance.errors import ScenarioSkipped
from conformance.suite.model import Scenario, StepError
from conformance.suite.play import Play, Transcript
from conformance.suite.steps import match_step
from conformance.suite.steps.bdd import bind_pytest_bdd
from phomspec.paths import features_dir
from tests.shared import kit_suite


def _step_lookup_once_per_definition() -> None:
    """pytest-bdd finds a step's definition, at every step, by asking pytest for the
    definitions of every fixture name visible to the test, injecting the matches as a
    temporary fixture and resolving it (most of these tests' time). Every test of this module
    sees the same definitions (the ones bound here, one per registry entry), so pytest-bdd's
    answer for a step is looked up once per module and session for each registry entry (the
    one :func:`match_step` finds for the step's kind and text; the load of the suite has
    checked there is exactly one) and reused; a text the registry cannot read keeps a lookup
    of its own."""
    # the module, not the function pytest_bdd exports under the same name
    bdd_scenario = importlib.import_module("pytest_bdd.scenario")
    lookup = getattr(bdd_scenario, "get_step_function", None)
    if lookup is None or getattr(lookup, "phom_once", False):
        return
    here = Path(__file__).resolve()
    found: dict[tuple[Any, ...], Any] = {}

    def lookup_once(request: Any, step: Any) -> Any:
        node = request.node
        parent = getattr(node, "parent", None)
        if getattr(node, "path", None) != here or parent is None:
            return lookup(request=request, step=step)
        try:
            definition: Any = id(match_step(step.type, step.name)[0])
        except StepError:
            definition = step.name  # pytest-bdd's lookup reports it, or the step does
        key = (id(request.session), parent.nodeid, step.type, definition)
        if key not in found:
            context = lookup(request=request, step=step)
            if context is None:  # not found: pytest-bdd reports it, every time
                return None
            found[key] = context
        return found[key]

    lookup_once.phom_once = True  # type: ignore[attr-defined]
    bdd_scenario.get_step_function = lookup_once


bind_pytest_bdd()
scenarios(str(features_dir()))
_step_lookup_once_per_definition()


def _is_feature(s: Scenario) -> bool:
    return s.source.endswith(".feature")


@cache
def _variants() -> dict[str, list[Scenario]]:
    out: dict[str, list[Scenario]] = {}
    for s in filter(_is_feature, kit_suite()):
        out.setdefault(s.base_id, []).append(s)
    return out


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("phom_id")
    if marker is None or "phom_scenario" not in metafunc.fixturenames:
        return
    variants = _variants()[marker.args[0]]
    metafunc.parametrize("phom_scenario", variants, ids=[v.ruleset for v in variants])


@pytest.fixture
def phom_play(phom_driver: Any, phom_scenario: Scenario) -> Iterator[Play]:
    """The scenario being played (one ruleset) against the session's driver."""
    yield Play(phom_driver, phom_scenario, Transcript(phom_scenario.id))


#: The suite is loaded once (tests.shared) for the feature files and the fixture cases.
_FIXTURE_CASES = [s for s in kit_suite() if not _is_feature(s)]


@pytest.mark.parametrize("case", _FIXTURE_CASES, ids=[c.id for c in _FIXTURE_CASES])
def test_fixture_case(case: Scenario, phom_driver: Any) -> None:
    """A full runnable case of features/fixtures/*.yaml, through the same Scenario.run."""
    try:
        case.run(phom_driver)
    except ScenarioSkipped as e:
        pytest.skip(str(e))
