"""Conformance harness for Phỏm implementations: drivers, scenarios, runner, reports, CLI."""

__version__ = "0.1.0"
