"""The Phỏm rule specification as data: paths, loading, validation and cross-checks.

The names below are imported on first use (PEP 562), so a program that needs only the cards
or one ruleset (an implementation process, say) does not load the validator and jsonschema.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from phomspec.errors import SpecError
    from phomspec.loader import load_spec
    from phomspec.model import (
        Ambiguity,
        Citation,
        Clause,
        Parameter,
        Reading,
        ReadingChoice,
        RoomOption,
        RulesetFile,
        Source,
        Spec,
        Title,
        Topic,
    )
    from phomspec.problems import Problem
    from phomspec.rulesets import ResolvedRuleset, list_rulesets, resolve_ruleset

#: Each public name and the module that defines it.
_HOME = {
    "SpecError": "phomspec.errors",
    "load_spec": "phomspec.loader",
    **{name: "phomspec.model" for name in (
        "Ambiguity", "Citation", "Clause", "Parameter", "Reading", "ReadingChoice",
        "RoomOption", "RulesetFile", "Source", "Spec", "Title", "Topic")},
    "Problem": "phomspec.problems",
    **{name: "phomspec.rulesets" for name in (
        "ResolvedRuleset", "list_rulesets", "resolve_ruleset")},
}

__all__ = [
    "Ambiguity",
    "Citation",
    "Clause",
    "Parameter",
    "Problem",
    "Reading",
    "ReadingChoice",
    "ResolvedRuleset",
    "RoomOption",
    "RulesetFile",
    "Source",
    "Spec",
    "SpecError",
    "Title",
    "Topic",
    "list_rulesets",
    "load_spec",
    "resolve_ruleset",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'phomspec' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
