"""Reference engine for Phỏm (Tá lả): every rule of the kit's rulesets.

Usage (docs/contract.md, "Python API of the engine")::

    from reference_impl import load_ruleset, Deal, Game, Session
    rs = load_ruleset("hoi-quan-bai", options=None, readings=None)
    game = Game(rs, Deal.shuffled(seed=1, players=4, first=0))
    game.legal_actions(); game.apply(seat, action); game.state(); game.result()
"""

from phomspec.reasons import Reason
from reference_impl.actions import Action, from_json, parse_action
from reference_impl.deal import Deal
from reference_impl.errors import DealError, EngineError, MalformedAction
from reference_impl.game import Game
from reference_impl.params import load_ruleset
from reference_impl.rulings import Accepted, Rejected
from reference_impl.session import Session
from reference_impl.state import Phase, SessionContext

__all__ = [
    "Accepted",
    "Action",
    "Deal",
    "DealError",
    "EngineError",
    "Game",
    "MalformedAction",
    "Phase",
    "Reason",
    "Rejected",
    "Session",
    "SessionContext",
    "from_json",
    "load_ruleset",
    "parse_action",
]
