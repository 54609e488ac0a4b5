"""examples/node-adapter: the Node.js example passes smoke and plays the basic game right."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conformance.drivers.subprocess import SubprocessDriver
from reference_impl.cards import format_card
from tests.harness.helpers import ROOT
from tests.harness.test_cli import cli

NODE = shutil.which("node")
ADAPTER = ROOT / "examples" / "node-adapter" / "adapter.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def test_smoke_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "smoke", "--impl", f"{NODE} {ADAPTER}", "--games", "3")
    assert code == 0, out
    assert "smoke passed" in out


def u_deal() -> dict[str, list[list[str]] | list[str]]:
    """Seat 1 holds three phỏm (A-2-3♠, 4-5-6♣, 7-8-9♦): any drawn card makes ù."""
    seat1 = ["AS", "2S", "3S", "4C", "5C", "6C", "7D", "8D", "9D"]
    rest = [format_card(c) for c in range(52) if format_card(c) not in seat1]
    hands = [rest[0:10], seat1, rest[10:19], rest[19:28]]
    return {"hands": hands, "stock": rest[28:]}


def test_u_after_a_draw(tmp_path: Path) -> None:
    driver = SubprocessDriver([str(NODE), str(ADAPTER)], strict=True)
    driver.start()
    try:
        deal = u_deal()
        assert driver.call({"type": "new_game", "game": "u", "ruleset": "co-ban", "players": 4,
                            "first": 0, "deal": deal})["ok"]
        opening = deal["hands"][0][0]
        assert driver.call({"type": "apply", "game": "u", "seat": 0,
                            "action": {"type": "discard", "card": opening}})["ruling"] == "accepted"
        draw = driver.call({"type": "apply", "game": "u", "seat": 1, "action": {"type": "draw"}})
        kinds = [e["type"] for e in draw["events"]]
        assert kinds == ["drew", "u", "payment", "payment", "payment", "game_over"]
        result = driver.call({"type": "result", "game": "u"})["result"]
        # co-ban: every loser pays the ù player 5 (U.PAYMENT): 3 x 5 = 15
        assert (result["ending"], result["winner"], result["totals"]) == ("u", 1, [-5, 15, -5, -5])
        late = driver.call({"type": "apply", "game": "u", "seat": 2, "action": {"type": "draw"}})
        assert late["reason"] == "GAME_OVER"
        eat = driver.call({"type": "apply", "game": "u", "seat": 2,
                           "action": {"type": "eat", "card": "AS", "with": ["2S", "3S"]}})
        assert eat["error"]["code"] == "unsupported"
    finally:
        driver.close()
    assert driver.exit_status == 0
