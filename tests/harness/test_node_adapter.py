"""examples/node-adapter: the Node.js example passes smoke and plays the basic game right."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
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


def test_run_shows_no_failure_caused_by_the_kit(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    """The whole suite: what the example cannot play (eats, lay-downs, other rulesets, the
    next_game query it does not declare) is skipped; what it plays passes."""
    report = tmp_path / "node.jsonl"
    # one job: the cores are busy with the other tests (test_parallel.py checks --jobs)
    code, out, _ = cli(monkeypatch, "run", "--impl", f"{NODE} {ADAPTER}", "--report", str(report),
                       "--jobs", "1")
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    body = [r for r in lines if r["kind"] == "scenario"]
    bad = [(r["id"], r["outcome"], r["message"][:120]) for r in body
           if r["outcome"] not in ("pass", "skipped")]
    assert bad == [] and code == 0, out
    session = [r for r in body if r["id"].startswith("session-")]
    assert session and all(r["outcome"] == "skipped" and not r["transcript"] for r in session)
    assert any(r["outcome"] == "pass" for r in body)


def test_the_pytest_plugin_shows_no_failure_caused_by_the_kit() -> None:
    """Through ``pytest --phom-impl``: the session scenarios under every ruleset (none of
    them sends next_game), a scenario that skips at an eat it cannot play (its later
    actions are not judged), and the game over it does play."""
    words = "host or winner or nobody_may_act or eats_change_no_turn"
    proc = subprocess.run(  # without hypothesis's plugin, unused here (0.3 s of CPU less)
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
         "no:hypothesispytest", "-rfE", "features/test_features.py", "--phom-impl",
         f"{NODE} {ADAPTER}", "-k", words],
        capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    summary = proc.stdout.strip().splitlines()[-1]
    assert "failed" not in summary and "error" not in summary, summary
    assert "skipped" in summary and "passed" in summary, summary
