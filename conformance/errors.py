"""Exceptions by layer; the runner maps each to one scenario outcome."""

from __future__ import annotations


class HarnessError(Exception):
    """Base of the harness's own errors."""


class ScenarioError(HarnessError):
    """A scenario or fixture that is malformed (says file and line, or scenario and step)."""


class StepFailure(HarnessError):
    """The implementation answered, but not what the rules expect (outcome: fail)."""

    def __init__(self, step: str, expected: object, actual: object, clause: str | None = None):
        self.step, self.expected, self.actual, self.clause = step, expected, actual, clause
        super().__init__(f"{step}: expected {expected!r}, got {actual!r}")


class ScenarioSkipped(HarnessError):
    """The implementation does not support what the scenario needs (outcome: skipped)."""


class ImplError(HarnessError):
    """Base of what the implementation under test did wrong at the process level."""

    def __init__(self, message: str, stderr_tail: str = ""):
        self.stderr_tail = stderr_tail
        super().__init__(message)


class ImplCrashed(ImplError):
    """The process exited or closed its stdout (outcome: crash)."""


class ImplTimeout(ImplError):
    """No reply within the per-message timeout (outcome: timeout)."""


class ProtocolViolation(ImplError):
    """A reply that is not valid protocol: non-JSON, wrong id, schema-invalid, too large."""

    def __init__(self, message: str, offending: bytes | str = b"", stderr_tail: str = ""):
        self.offending = offending
        super().__init__(message, stderr_tail)
