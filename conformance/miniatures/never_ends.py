"""``python -m conformance.miniatures.never_ends``: plays by the rules and never ends a game.

The reference's game until the action that ends it. That action is accepted with the events
that lead to the end, but not with the end itself: no ``u`` or ``u_khan``, no settlement
payment, no ``game_over``. From then on the game looks under way (``state`` in the
``draw_or_eat`` phase, the money without the settlement, ``result`` null), every action is
accepted with no events and none is listed. A scenario passes on it only if it asserts
nothing of the end of a game.
"""

from __future__ import annotations

from typing import Any

from conformance.miniatures.core import Miniature, main

#: Events that open the end of a game, before its settlement payments (spec/protocol.md 5.3).
_ENDING = ("u", "u_khan")


def ending_at(events: list[dict[str, Any]]) -> int | None:
    """Where the end of the game starts in ``events``: the ù announcement or the settlement
    payments before ``game_over``; None when the game does not end."""
    end = next((i for i, e in enumerate(events) if e.get("type") == "game_over"), None)
    if end is None:
        return None
    while end > 0 and events[end - 1].get("type") == "payment":
        end -= 1
    while end > 0 and events[end - 1].get("type") in _ENDING:
        end -= 1
    return end


class NeverEnds(Miniature):
    id = "never-ends"
    summary = "plays by the rules until the end, then goes on: no ù, no settlement, no result"

    def __init__(self) -> None:
        super().__init__()
        #: Per game whose end was hidden: what its settlement paid each seat (taken back from
        #: the money), and the seat whose action ended it.
        self.hidden: dict[str, tuple[dict[int, int], int]] = {}

    def own(self, kind: str, request: dict[str, Any]) -> dict[str, Any] | None:
        gid = str(request.get("game"))
        if kind == "result" or (kind == "apply" and gid in self.hidden):
            return self.null_reply(request)
        if kind not in ("state", "legal_actions") or gid not in self.hidden:
            return None
        answer = self.reference.handle({**request, "type": "state"})
        paid, seat = self.hidden[gid]
        state = answer["state"]
        to_act = _next_seat(seat, state["left"])
        if kind == "legal_actions":
            return {"id": request.get("id"), "ok": True, "seat": to_act, "actions": []}
        money = [m - paid.get(s, 0) for s, m in enumerate(state["money"])]
        return {**answer, "state": {**state, "phase": "draw_or_eat", "to_act": to_act,
                                    "money": money}}

    def spoil(self, kind: str, request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if kind not in ("new_game", "apply"):
            return answer
        gid = str(request.get("game"))
        if kind == "new_game":
            self.hidden.pop(gid, None)
        events = list(answer.get("events") or [])
        end = ending_at(events)
        if end is None:
            return answer
        paid: dict[int, int] = {}
        for e in events[end:]:
            if e.get("type") == "payment":
                paid[e["to"]] = paid.get(e["to"], 0) + e["amount"]
                paid[e["from"]] = paid.get(e["from"], 0) - e["amount"]
        if kind == "new_game":  # ended at the deal (ù khan): the first seat is still to act
            seat = (int(request["first"]) - 1) % int(request["players"])
        else:
            seat = int(request["seat"])
        self.hidden[gid] = (paid, seat)
        return {**answer, "events": events[:end]}


def _next_seat(seat: int, left: list[bool]) -> int:
    """The seat after ``seat`` in play order that is still at the table."""
    n = len(left)
    return next((s % n for s in range(seat + 1, seat + n + 1) if not left[s % n]), seat)


if __name__ == "__main__":
    main(NeverEnds)
