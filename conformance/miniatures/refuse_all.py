"""``python -m conformance.miniatures.refuse_all``: refuses every action.

The game is dealt by the reference and never moves. An action the reference refuses gets the
reference's own refusal (reason and clause); any other is refused as ``REFUSED``, with no
clause. ``legal_actions`` lists nothing. It differs from the rules only in refusing what
they allow, so a scenario passes on it only if it never needs an action to be accepted.
"""

from __future__ import annotations

from typing import Any

from conformance.miniatures.core import Miniature, main
from reference_impl.server import Server

REFUSAL = {"ruling": "rejected", "reason": "REFUSED", "clause": None,
           "message": "this implementation refuses every action"}


class RefuseAll(Miniature):
    id = "refuse-all"
    summary = "refuses every action (the reference's reason where the rules refuse it too)"

    def __init__(self) -> None:
        super().__init__()
        #: The new_game request of each game: nothing is ever accepted, so the game is as dealt.
        self.deals: dict[str, dict[str, Any]] = {}
        #: Where each action is tried on the game as dealt, to borrow the reference's reason
        #: when the rules refuse it too; the game there is the deal's copy again after an
        #: action the rules accept (a refused one changes nothing: INV.REJECT-UNCHANGED).
        self.scratch = Server(log=lambda text: None)
        self.scratch.handle({"id": 0, "type": "hello", "protocol": "1.0"})
        self.dealt: set[str] = set()
        #: Game id -> the id of its deal's copy on the scratch server.
        self.kept: dict[str, str] = {}

    def own(self, kind: str, request: dict[str, Any]) -> dict[str, Any] | None:
        gid = str(request.get("game"))
        start = self.deals.get(gid)
        if kind != "apply" or start is None:
            return None
        if gid not in self.dealt:
            kept = self.kept.get(gid)
            if kept is None:
                self.scratch.handle(start)
                # an id no request can name (not of the protocol's game id characters)
                kept = self.kept[gid] = f"dealt {len(self.kept)}"
                self.scratch.copy_game(gid, kept)
            else:
                self.scratch.copy_game(kept, gid)
            self.dealt.add(gid)
        answer = self.scratch.handle(request)
        if answer.get("ok") is True and answer.get("ruling") == "accepted":
            self.dealt.discard(gid)
            return {"id": request.get("id"), "ok": True, **REFUSAL}
        return answer

    def spoil(self, kind: str, request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if kind == "new_game":
            self.deals[str(request["game"])] = dict(request)
            self.dealt.discard(str(request["game"]))
            self.kept.pop(str(request["game"]), None)
        elif kind == "legal_actions":
            return {**answer, "actions": []}
        return answer


if __name__ == "__main__":
    main(RefuseAll)
