"""Reports: JSONL written as the run goes, read back (also when cut short), merged, rendered."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conformance.errors import ImplCrashed
from conformance.outcomes import Outcome, ScenarioResult
from conformance.reports.html import render_html
from conformance.reports.jsonl import (
    JsonlWriter,
    ReportError,
    make_header,
    merge_reports,
    read_report,
)
from conformance.reports.junit import render_junit
from conformance.reports.markdown import render_markdown
from conformance.reports.outputs import exit_code
from conformance.runner import Runner, RunOptions, replay_command
from tests.harness.helpers import (
    FAKES,
    FakeScenario,
    ScriptedDriver,
    fake,
    ok_replies,
    validate_report_record,
)


def mixed_run(tmp_path: Path, name: str = "report.jsonl") -> Path:
    """A finished report with a pass, a fail, a crash (with stderr) and a skip."""
    todo = [FakeScenario("ok-1"), FakeScenario("bad-<2>", expect="rejected",
                                               clauses=("TURN.DRAW-OR-EAT", "EAT.NTH-CARD")),
            FakeScenario("boom-3", rulesets=("co-ban",)), FakeScenario("skip-4", behaviour="skip")]

    def replies(request: dict[str, Any]) -> dict[str, Any]:
        if request["type"] == "new_game" and request["game"] == "boom-3":
            raise ImplCrashed("the implementation exited with status 1", "Traceback\x1b[0m\x00")
        return ok_replies(request)

    path = tmp_path / name
    header = make_header(implementation={"name": "impl", "version": "1", "language": "go"},
                         command="impl", rulesets=["co-ban"], seed=7, planned=len(todo))
    with JsonlWriter(path, header) as writer:
        Runner(ScriptedDriver(replies), RunOptions(replay=replay_command("impl")),
               on_result=writer.write).run(todo)
    return path


def test_jsonl_round_trip_and_schema(tmp_path: Path) -> None:
    path = mixed_run(tmp_path)
    for line in path.read_text().splitlines():
        validate_report_record(json.loads(line))
    report = read_report(path)
    assert report.complete and report.cut_short_reason is None
    assert [r.outcome for r in report.results] == [Outcome.PASS, Outcome.FAIL, Outcome.CRASH,
                                                   Outcome.SKIPPED]
    assert report.header["seed"] == 7 and report.implementation["language"] == "go"
    assert report.footer is not None and report.footer["totals"]["fail"] == 1
    assert exit_code(report) == 1
    again = ScenarioResult.from_json(report.results[1].to_json())
    assert again == report.results[1]


def test_junit_xml(tmp_path: Path) -> None:
    xml = render_junit(read_report(mixed_run(tmp_path)))
    root = ET.fromstring(xml.encode())
    assert root.get("tests") == "4" and root.get("failures") == "1"
    assert root.get("errors") == "1" and root.get("skipped") == "1"
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert set(cases) == {"ok-1", "bad-<2>", "boom-3", "skip-4"}
    failure = cases["bad-<2>"].find("failure")
    assert failure is not None and "expected: \"rejected\"" in (failure.text or "")
    props = cases["bad-<2>"].iter("property")
    clauses = [p.get("value") for p in props if p.get("name") == "clause"]
    assert clauses == ["TURN.DRAW-OR-EAT", "EAT.NTH-CARD"]
    error = cases["boom-3"].find("error")
    assert error is not None and error.get("type") == "crash"
    assert "\ufffd" in (cases["boom-3"].findtext("system-err") or "")  # control chars replaced
    assert cases["skip-4"].find("skipped") is not None


def test_markdown(tmp_path: Path) -> None:
    md = render_markdown(read_report(mixed_run(tmp_path)))
    assert "not conformant" in md
    assert "| co-ban | 33.3 % | 3 | 1 | 1 | 1 | 1 |" in md  # judged = all but skipped
    assert "| 1 | `bad-<2>` | fail | `TURN.DRAW-OR-EAT` | When seat 0 draws (1) |" in md
    assert "| `TURN.DRAW-OR-EAT` | 2/4 |" in md  # the clause's fail and crash of 4
    assert "<code>bad-&lt;2&gt;</code> · fail" in md
    assert '- expected: `"rejected"`' in md and '- got: `"accepted"`' in md
    assert "phom-conformance run --impl impl -k 'bad-<2>'" in md
    assert "Traceback" in md and "\x1b" not in md and "\x00" not in md
    assert "- 1 × needs a feature this fake does not have" in md


def test_html_is_self_contained(tmp_path: Path) -> None:
    html = render_html(read_report(mixed_run(tmp_path)))
    assert "bad-&lt;2&gt;" in html and "bad-<2>" not in html  # escaped
    assert '<a href="#f-bad--2">bad-&lt;2&gt;</a>' in html  # the index links the failure
    assert '<article class="failure o-fail" id="f-bad--2">' in html
    assert "→ new_game co-ban, 4 players" in html and "&#34;type&#34;: &#34;new_game&#34;" in html
    assert "phom-conformance run --impl impl -k" in html
    assert "<script" not in html and "<link" not in html and "src=" not in html
    assert "http://" not in html and "https://" not in html
    assert "max-width" not in html  # the page uses the full width
    assert '<td class="c c-fail"' in html and ">#1</a>" in html


def test_interrupted_writer_keeps_lines_and_says_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    header = make_header(implementation=None, command="x", rulesets=[], seed=0, planned=5)
    with pytest.raises(KeyboardInterrupt), JsonlWriter(path, header) as writer:
        writer.write(ScenarioResult("a", "a", Outcome.PASS))
        raise KeyboardInterrupt
    report = read_report(path)
    assert not report.complete and len(report.results) == 1
    assert report.footer is not None and report.footer["not_run"] == 4
    assert "KeyboardInterrupt" in (report.cut_short_reason or "")
    assert exit_code(report) == 2


def test_reader_accepts_a_file_without_footer_or_with_a_torn_line(tmp_path: Path) -> None:
    lines = mixed_run(tmp_path).read_text().splitlines()
    no_footer = tmp_path / "killed.jsonl"
    no_footer.write_text("\n".join(lines[:3]) + "\n")
    report = read_report(no_footer)
    assert not report.complete and len(report.results) == 2
    assert "no footer" in (report.cut_short_reason or "")
    torn = tmp_path / "torn.jsonl"
    torn.write_text("\n".join(lines[:3]) + "\n" + lines[3][:25])
    report = read_report(torn)
    assert len(report.results) == 2 and "incomplete" in report.notes[0]
    assert "Run cut short" in render_markdown(report)
    assert 'name="run complete"' in render_junit(report)


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty report"),
    ('{"kind": "scenario"}\n', ":1: the first line of a report is its header"),
    ('{"kind": "header", "format": "other/9"}\n', "unknown report format"),
    ('{"kind": "header", "format": "phom-conformance-report/1"}\nnot json\n{}\n',
     ":2: not a JSON line"),
])
def test_reader_errors_name_the_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(ReportError) as e:
        read_report(path)
    assert message in str(e.value)


def test_merge_shards(tmp_path: Path) -> None:
    a = read_report(mixed_run(tmp_path, "a.jsonl"))
    b = read_report(mixed_run(tmp_path, "b.jsonl"))
    b.results = [r for r in b.results if r.id == "ok-1"]
    merged = merge_reports([a, b])
    assert len(merged.results) == 4 and merged.complete
    assert "appears in several reports" in merged.notes[0]
    assert merged.header["planned"] == 8


def test_sigterm_mid_run_keeps_finished_lines(tmp_path: Path) -> None:
    """A run stopped with SIGTERM writes a footer that says so; nothing finished is lost."""
    report = tmp_path / "term.jsonl"
    waiting = tmp_path / "waiting"  # the slow fake notes its wait there
    waiting.mkdir()
    impl = " ".join(fake("slow", 4, 30))  # the 4th scenario waits 30 s for its reply
    proc = subprocess.Popen(  # one session: the fake counts the games of its process
        [sys.executable, str(FAKES / "cli_with_fake_scenarios.py"), "6", "run", "--impl", impl,
         "--timeout", "60", "--report", str(report), "--jobs", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "FAKE_WAITING": str(waiting)})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # three results are in, and the 4th reply is awaited
        if report.exists() and len(report.read_text().splitlines()) >= 4 and \
                any(waiting.iterdir()):
            break
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2, err
    result = read_report(report)
    assert [r.id for r in result.results] == ["fake-01", "fake-02", "fake-03"]
    assert result.footer is not None and result.footer["complete"] is False
    assert result.footer["reason"] == "interrupted (SIGTERM)"
    assert result.footer["not_run"] == 3
