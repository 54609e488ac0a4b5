"""Errors of the spec layer."""

from __future__ import annotations


class SpecError(ValueError):
    """A spec file, ruleset name, option or reading that is wrong; says where and what to do."""
