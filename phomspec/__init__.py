"""The Phỏm rule specification as data: paths, loading, validation and cross-checks."""

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
