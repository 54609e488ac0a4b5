"""Root pytest configuration: feature-file tags as markers, step labels, the driver fixture.

Feature tags become markers (``--strict-markers`` is on): ``@id:x`` -> ``phom_id("x")``,
``@clause:X`` -> ``clause("X")``, ``@ruleset:r`` -> ``ruleset("r")``, ``@reading:A=r`` ->
``reading("A=r")``, ``@source:004`` -> ``source("004")``, ``@negative`` -> ``negative``, any
other tag -> ``phom_tag("<tag>")``. Select with ``-m negative`` or ``-k <words>``.

``phom_driver`` comes from ``conformance.pytest_plugin`` when it exists (``--phom-impl CMD``
for an external implementation); until then this file provides an in-process reference.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

_MARKERS = {
    "phom_id": "phom_id(id): the scenario's stable id (@id:...)",
    "clause": "clause(id): a clause the scenario checks (@clause:...)",
    "ruleset": "ruleset(id): a ruleset the scenario applies to (@ruleset:...)",
    "reading": "reading(amb=reading): an ambiguity reading the scenario depends on",
    "source": "source(id): the rule source a worked example comes from",
    "negative": "the scenario shows a rule forbidding or not producing something",
    "phom_tag": "phom_tag(name): a free tag of a feature file",
}

if importlib.util.find_spec("conformance.pytest_plugin") is not None:
    pytest_plugins = ["conformance.pytest_plugin"]
else:

    @pytest.fixture(scope="session")
    def phom_driver() -> Iterator[Any]:
        """The in-process reference engine (until conformance.pytest_plugin provides it)."""
        from conformance.drivers.inprocess import InProcessDriver

        driver = InProcessDriver(strict=True)
        driver.start()
        yield driver
        driver.close()


def pytest_configure(config: pytest.Config) -> None:
    for name, doc in _MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {doc}")


def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> bool:
    kind, sep, value = tag.partition(":")
    if sep and kind in ("id", "clause", "ruleset", "reading", "source"):
        name = "phom_id" if kind == "id" else kind
        getattr(pytest.mark, name)(value)(function)
        if kind == "id":
            pytest.mark.usefixtures("phom_play")(function)
    elif tag == "negative":
        pytest.mark.negative(function)
    else:
        pytest.mark.phom_tag(tag)(function)
    return True


@functools.cache
def _where(filename: str, cwd: str) -> Path:
    """A feature file as step labels name it: relative to the working directory if under it."""
    try:
        return Path(filename).resolve().relative_to(cwd)
    except ValueError:
        return Path(filename)


def pytest_bdd_before_step(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, step_func: Any
) -> None:
    where = _where(feature.filename, os.getcwd())
    request.node.phom_step_label = f"{where}:{step.line_number}: {step.keyword} {step.name}"


def pytest_bdd_step_error(request: pytest.FixtureRequest, **_: Any) -> None:
    request.node.phom_step_failed = True


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """Read every outstanding reply (an unasserted action must have been accepted)."""
    if getattr(request.node, "phom_step_failed", False) or "phom_play" not in request.fixturenames:
        return
    from conformance.errors import ScenarioSkipped

    play = request.getfixturevalue("phom_play")
    try:
        play.finish()
    except ScenarioSkipped as e:
        pytest.skip(str(e))
