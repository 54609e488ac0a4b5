"""The Phỏm rule specification as data: paths, loading, validation and cross-checks."""

from phomspec.errors import SpecError
from phomspec.rulesets import ResolvedRuleset, list_rulesets, resolve_ruleset

__all__ = ["ResolvedRuleset", "SpecError", "list_rulesets", "resolve_ruleset"]
