"""``python -m conformance.miniatures.accept_all``: accepts every action and lists none.

The game is dealt by the reference and never moves: every ``apply`` is accepted with no
events (a request that holds no action at all gets the reference's error reply),
``legal_actions`` lists nothing, ``result`` is null (the null server's replies), and
``state`` stays the state of the deal. A scenario passes on it only if it asserts no
refusal, no event, no change of state and no end.
"""

from __future__ import annotations

from typing import Any

from conformance.miniatures.core import Miniature, main
from reference_impl.server import RequestError, check_action


class AcceptAll(Miniature):
    id = "accept-all"
    summary = "accepts every action, lists no legal action, never moves the game"

    def own(self, kind: str, request: dict[str, Any]) -> dict[str, Any] | None:
        if kind == "apply":
            try:
                check_action(request.get("action"))
            except RequestError:
                return None  # not an action at all: the reference's error reply
        if kind in ("apply", "legal_actions", "result"):
            return self.null_reply(request)
        return None


if __name__ == "__main__":
    main(AcceptAll)
