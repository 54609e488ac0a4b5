"""The kit's own spec and suite, loaded once per test process.

Many tests read the whole suite or spec without changing it (both are frozen values); each
load costs about a second, so they share one. A test of the loading itself calls
``load_scenarios`` or ``load_spec`` directly.
"""

from __future__ import annotations

from functools import cache

from conformance.suite.discover import load_scenarios
from conformance.suite.model import Scenario
from phomspec.loader import load_spec
from phomspec.model import Spec


@cache
def kit_suite() -> tuple[Scenario, ...]:
    """Every scenario run of the kit's suite (``load_scenarios()``): feature files first, then
    the fixture cases, one per ruleset."""
    return tuple(load_scenarios())


@cache
def kit_spec() -> Spec:
    """The kit's spec (``load_spec()``)."""
    return load_spec()
