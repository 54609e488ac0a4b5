"""``python -m conformance.miniatures.never_pays``: plays by the rules and never pays.

The reference's game, with every ``payment`` event dropped, no payment in the result, every
total and every seat's money 0. A scenario passes on it only if it asserts no payment.
"""

from __future__ import annotations

from typing import Any

from conformance.miniatures.core import Miniature, main


class NeverPays(Miniature):
    id = "never-pays"
    summary = "plays by the rules, pays nothing ever"

    def spoil(self, kind: str, request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if "events" in answer:
            answer = {**answer,
                      "events": [e for e in answer["events"] if e.get("type") != "payment"]}
        if kind == "state":
            state = answer["state"]
            answer = {**answer, "state": {**state, "money": [0] * len(state["money"])}}
        elif kind == "result" and isinstance(answer.get("result"), dict):
            result = answer["result"]
            answer = {**answer, "result": {**result, "payments": [],
                                           "totals": [0] * len(result["totals"])}}
        return answer


if __name__ == "__main__":
    main(NeverPays)
