"""The arbiter: replay a game record on the reference engine and rule on it, clause by clause."""

from conformance.arbiter.replay import arbitrate
from conformance.arbiter.verdict import ActionRuling, Verdict

__all__ = ["ActionRuling", "Verdict", "arbitrate"]
