"""``python -m conformance.miniatures.refuse_all``: refuses every action.

The game is dealt by the reference and never moves. An action the reference refuses gets the
reference's own refusal (reason and clause); any other is refused as ``REFUSED``, with no
clause. ``legal_actions`` lists nothing. It differs from the rules only in refusing what
they allow, so a scenario passes on it only if it never needs an action to be accepted.
"""

from __future__ import annotations

from typing import Any

from conformance.miniatures.core import Miniature, main

REFUSAL = {"ruling": "rejected", "reason": "REFUSED", "clause": None,
           "message": "this implementation refuses every action"}


class RefuseAll(Miniature):
    id = "refuse-all"
    summary = "refuses every action (the reference's reason where the rules refuse it too)"

    def __init__(self) -> None:
        super().__init__()
        #: The games dealt: nothing is ever accepted, so the reference's game stays as dealt.
        self.deals: set[str] = set()
        #: Where each action is tried, to borrow the reference's reason when the rules refuse
        #: it too: a copy of the game as dealt, in the reference's session under an id no
        #: request can name (not of the protocol's game id characters); copied again after an
        #: action the rules accept (a refused one changes nothing: INV.REJECT-UNCHANGED).
        self.trials: dict[str, str] = {}
        #: The games whose trial copy is as dealt.
        self.dealt: set[str] = set()

    def own(self, kind: str, request: dict[str, Any]) -> dict[str, Any] | None:
        gid = request.get("game")
        if kind != "apply" or not isinstance(gid, str) or gid not in self.deals:
            return None
        trial = self.trials.setdefault(gid, f"trial {len(self.trials)}")
        if gid not in self.dealt:
            self.reference.copy_game(gid, trial)
            self.dealt.add(gid)
        answer = self.reference.handle({**request, "game": trial})
        if answer.get("ok") is True and answer.get("ruling") == "accepted":
            self.dealt.discard(gid)
            return {"id": request.get("id"), "ok": True, **REFUSAL}
        return answer

    def spoil(self, kind: str, request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if kind == "new_game":
            self.deals.add(str(request["game"]))
            self.dealt.discard(str(request["game"]))
        elif kind == "legal_actions":
            return {**answer, "actions": []}
        return answer


if __name__ == "__main__":
    main(RefuseAll)
