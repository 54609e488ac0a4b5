"""A failure as the reports show it: transcript as steps, crashes folded, JSON never cut
inside a token, paths relative to the suite whatever the report holds."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conformance.errors import ImplCrashed
from conformance.outcomes import Outcome, ScenarioResult
from conformance.reports.failures import failures, transcript_steps
from conformance.reports.html import render_html
from conformance.reports.jsonfmt import pretty_json
from conformance.reports.jsonl import JsonlWriter, Report, make_header, read_report
from conformance.reports.junit import render_junit
from conformance.reports.markdown import render_markdown
from conformance.reports.paths import split_label, suite_relative
from conformance.runner import Runner, RunOptions
from tests.harness.helpers import FakeScenario, ScriptedDriver, ok_replies

SITE = "/opt/venv/lib/python3.11/site-packages"


def crashed_report(tmp_path: Any) -> Report:
    """A pipelined scenario whose implementation dies at its second apply (78 more sent)."""
    sc = FakeScenario("dies[co-ban]", applies=80)

    def replies(request: dict[str, Any]) -> dict[str, Any]:
        if request["type"] == "apply" and request["id"] >= 2:
            raise ImplCrashed("the implementation exited with status 139", "Segmentation fault")
        return ok_replies(request)

    path = tmp_path / "crash.jsonl"
    header = make_header(implementation={"name": "x"}, command="x", rulesets=["co-ban"],
                         seed=0, planned=1)
    with JsonlWriter(path, header) as writer:
        Runner(ScriptedDriver(replies), RunOptions(), on_result=writer.write).run([sc])
    return read_report(path)


def test_after_a_crash_the_unread_replies_are_one_line(tmp_path: Any) -> None:
    report = crashed_report(tmp_path)
    [r] = report.results
    assert r.outcome is Outcome.CRASH
    unread = [x for x in r.transcript if "reply" not in x and "error" not in x]
    assert len(unread) > 70  # the report keeps them; the renderers fold them
    html = render_html(report)
    assert html.count("no reply read") == 1
    assert ("78 requests sent from here, no reply read: the implementation stopped answering"
            in html)
    for text in (render_markdown(report), render_junit(report)):
        assert text.count("reply not read") <= 1
    [f] = failures(report.results)
    assert f.steps[-1].failing and f.steps[-1].unread == 78


def test_transcript_groups_exchanges_under_their_steps() -> None:
    transcript = [
        {"request": {"type": "new_game", "ruleset": "co-ban", "players": 4},
         "reply": {"ok": True}, "step": "features/a.feature:3: Given a game"},
        {"request": {"type": "apply", "seat": 0, "action": {"type": "discard", "card": "KD"}},
         "reply": {"ok": True, "ruling": "accepted", "events": [{"type": "discarded"}]},
         "step": "features/a.feature:4: When seat 0 discards KD"},
        {"request": {"type": "apply", "seat": 1,
                     "action": {"type": "eat", "card": "KD", "with": ["AD", "2D"]}},
         "reply": {"ok": True, "ruling": "rejected", "reason": "EAT_NOT_A_PHOM"},
         "step": "features/a.feature:5: When seat 1 eats KD with AD 2D"},
    ]
    steps = transcript_steps(transcript, "features/a.feature:6: Then the eat is accepted")
    assert [s.text for s in steps] == ["Given a game", "When seat 0 discards KD",
                                       "When seat 1 eats KD with AD 2D",
                                       "Then the eat is accepted"]
    assert steps[-1].failing and not steps[-1].exchanges  # a check of the replies above
    assert steps[1].exchanges[0].summary == "apply seat 0: discard KD"
    assert steps[1].exchanges[0].answer_summary == "accepted (discarded)"
    assert steps[2].exchanges[0].status == "rejected"
    assert steps[0].where == "features/a.feature:3"


@pytest.mark.parametrize("value", [
    {"hands": [["9H", "3H", "JS", "AS", "10S", "3D", "KD", "9C", "6C", "QH"]] * 4,
     "message": "a long message " * 12, "n": 123456789},
    ["x" * 300, {"deep": {"deeper": list(range(60))}}],
])
def test_pretty_json_breaks_lines_only_between_members(value: Any) -> None:
    text = pretty_json(value, width=60)
    assert json.loads(text) == value
    for line in text.splitlines():
        stripped = line.strip().rstrip(",")
        if len(line) > 60:  # a long line is one member that cannot be split: a whole token
            tail = stripped.split(": ", 1)[-1]
            json.loads(tail)


def test_labels_lose_their_paths_and_trailing_colon() -> None:
    label = f"{SITE}/phomspec/_data/features/fixtures/full.yaml:20: When the actions are played:"
    assert split_label(label) == ("features/fixtures/full.yaml:20", "When the actions are played")
    assert suite_relative(f'File "{SITE}/conformance/runner.py", line 3') == (
        'File "conformance/runner.py", line 3')
    other = "/home/me/kit/spec/rulesets/co-ban.yaml:4"  # a report made in another checkout
    assert suite_relative(other) == "spec/rulesets/co-ban.yaml:4"
    assert suite_relative("see /var/tmp/x and a/b/c") == "see /var/tmp/x and a/b/c"


def test_a_report_from_an_installed_kit_renders_without_site_packages() -> None:
    where = f"{SITE}/phomspec/_data/features/deck.feature"
    r = ScenarioResult(
        id="deck-x[co-ban]", name="x", outcome=Outcome.FAIL, clauses=("DECK.RANK-ORDER",),
        rulesets=("co-ban",), source=f"{where}:116",
        message=f"{where}:121: Then the action is rejected: expected 'a', got 'b'",
        expected="a", actual="b", step=f"{where}:121: Then the action is rejected",
        clause="DECK.RANK-ORDER",
        transcript=({"request": {"type": "state"}, "reply": {"ok": True},
                     "step": f"{where}:120: When seat 1 eats KD with AD 2D"},),
        stderr_tail=f'Traceback:\n  File "{SITE}/reference_impl/x.py", line 1')
    report = Report(header={"kit_version": "0", "planned": 1}, results=[r],
                    footer={"complete": True})
    for text in (render_html(report), render_markdown(report), render_junit(report)):
        assert "site-packages" not in text and "features/deck.feature:121" in text
