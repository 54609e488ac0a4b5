"""Which clauses an accepted action and its events rest on (rejections carry their own)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from conformance.suite.steps.grammar import U_KIND_CLAUSES

#: Clauses every accepted action of a type rests on.
ACTION_CLAUSES: dict[str, tuple[str, ...]] = {
    "draw": ("TURN.DRAW-OR-EAT", "TURN.DRAW.STOCK-TOP"),
    "eat": ("TURN.EAT.PREVIOUS-ONLY", "TURN.EAT.MAKES-PHOM"),
    "discard": ("TURN.DISCARD-ENDS-TURN",),
    "lay_down": ("LAY.FINAL-ROUND-ONLY", "LAY.VALID-PHOM"),
    "send": ("SEND.ALLOWED", "SEND.FIT"),
    "pass": ("ROUND.THEM-VONG",),
    "timeout": ("TIME.AUTO-PLAY",),
    "leave": ("LEAVE.SEAT-SKIPPED",),
}

DEN_CASE_CLAUSES = {
    "three_eats": "DEN.THREE-EATS",
    "direct_chot": "DEN.DIRECT-CHOT",
    "tai_eater": "DEN.TAI-EATER",
    "chot_liability": "DEN.CHOT-LIABILITY",
}

ENDING_CLAUSES = {
    "u": "U.AUTOMATIC",
    "u_khan": "U.KHAN",
    "points": "ROUND.GAME-END",
    "all_mom": "RANK.ALL-MOM",
    "last_player": "LEAVE.LAST-PLAYER",
}


def event_clauses(event: dict[str, Any]) -> list[str]:
    """The clauses one event shows at work."""
    kind = event.get("type")
    if kind == "ate" and event.get("chot"):
        return ["ROUND.CHOT-EAT"]
    if kind == "discarded" and event.get("chot"):
        return ["ROUND.CHOT"]
    if kind == "moved":
        return ["ROUND.CHUYEN-BAI", "ROUND.MOVED-CARD"]
    if kind == "turn" and event.get("tai"):
        return ["ROUND.TAI"]
    if kind == "them_vong":
        return ["ROUND.THEM-VONG"]
    if kind == "u":
        out = [U_KIND_CLAUSES.get(str(event.get("kind")), "U.THUONG")]
        den = event.get("den")
        if den:
            out.append(DEN_CASE_CLAUSES.get(str(den.get("case")), "DEN.PAYS-FOR-TABLE"))
        return out
    if kind == "u_khan":
        return ["U.KHAN"]
    if kind == "payment" and event.get("clause"):
        return [str(event["clause"])]
    if kind == "auto_play":
        return ["TIME.AUTO-PLAY"]
    if kind == "left":
        return ["LEAVE.SEAT-SKIPPED"]
    if kind == "game_over":
        return [ENDING_CLAUSES.get(str(event.get("ending")), "ROUND.GAME-END")]
    return []


def accepted_clauses(
    action: dict[str, Any], events: Iterable[dict[str, Any]], *, opening: bool = False
) -> tuple[str, ...]:
    """Clauses an accepted action rests on: its type's, the opening discard's, its events'."""
    out: list[str] = []
    if opening and action.get("type") == "discard":
        out.append("TURN.OPENING-DISCARD")
    out.extend(ACTION_CLAUSES.get(str(action.get("type")), ()))
    for e in events:
        out.extend(event_clauses(e))
    return tuple(dict.fromkeys(out))
