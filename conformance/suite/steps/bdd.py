"""pytest-bdd bindings generated from the registry."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from conformance.errors import ScenarioError, ScenarioSkipped
from conformance.suite.model import StepError
from conformance.suite.play import Play
from conformance.suite.steps.registry import REGISTRY, StepDef

# ---------------------------------------------------------------------------------------------
# pytest-bdd bindings generated from the registry


def bind_pytest_bdd(stacklevel: int = 1) -> int:
    """Define one pytest-bdd step per registry entry in the caller's module; return the count.

    Each generated step parses its arguments with the registry's converters and runs the
    registry's handler on the ``phom_play`` fixture: the same path as ``Scenario.run``.
    pytest-bdd plays a scenario's steps in order, so the step that runs is the one after
    the last (:attr:`Play.next_index`).
    """
    from pytest_bdd import parsers
    from pytest_bdd.steps import step as bdd_step

    for definition in REGISTRY:
        fn = _bdd_function(definition)
        bdd_step(parsers.re(definition.pattern), definition.kind, stacklevel=stacklevel + 1)(fn)  # type: ignore[arg-type]
    return len(REGISTRY)


def _bdd_function(definition: StepDef) -> Callable[..., None]:
    groups = definition.groups

    def bdd_step_function(request: Any, phom_play: Play, **kw: Any) -> None:
        raw = {g: kw.get(g) for g in groups}
        label = getattr(request.node, "phom_step_label", "")
        try:
            args, _ = definition.parse(raw, kw.get("docstring"), kw.get("datatable"))
        except StepError as e:
            raise ScenarioError(f"{label}: {e}") from None
        phom_play.begin(phom_play.next_index, label)
        try:
            definition.run(phom_play, args)
        except ScenarioSkipped as e:
            # the scenario ends here: pytest_bdd_after_scenario (conftest.py) must not finish it
            request.node.phom_step_failed = True
            pytest.skip(str(e))

    params = [
        inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter("phom_play", inspect.Parameter.POSITIONAL_OR_KEYWORD),
    ]
    params += [inspect.Parameter(g, inspect.Parameter.KEYWORD_ONLY, default=None) for g in groups]
    if definition.block is not None:
        params += [
            inspect.Parameter("docstring", inspect.Parameter.KEYWORD_ONLY, default=None),
            inspect.Parameter("datatable", inspect.Parameter.KEYWORD_ONLY, default=None),
        ]
    bdd_step_function.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    bdd_step_function.__name__ = f"step_{definition.kind}_{len(groups)}"
    return bdd_step_function
