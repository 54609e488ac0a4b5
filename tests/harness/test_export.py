"""``phom-conformance steps`` and ``export``: the step vocabulary from the registry, and the
suite as plain data, run by the Node runner of examples/export-runner/ with the same outcome
as ``phom-conformance run`` for every scenario."""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from conformance.export import jsontext
from conformance.export.translate import TRANSLATORS
from conformance.suite.steps import REGISTRY
from phomspec.schemas import surely_valid
from tests.harness.helpers import ROOT
from tests.harness.test_cli import cli
from tests.harness.test_cli import impl as impl_of
from tests.shared import kit_suite

NODE = shutil.which("node")
RUNNER = ROOT / "examples" / "export-runner" / "runner.js"
ADAPTER = ROOT / "examples" / "node-adapter" / "adapter.js"
SCHEMA_PATH = ROOT / "spec" / "schemas" / "export.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text())
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def test_steps_json_lists_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "steps", "--json")
    assert code == 0
    entries = json.loads(out)
    assert [e["example"] for e in entries] == [d.example for d in REGISTRY]
    assert len({e["example"] for e in entries}) == len(entries)
    ask = next(e for e in entries if e["example"].startswith("the group"))
    assert ask["needs"] == ["evaluate"] and "PHOM.RUN.NO-WRAP" in ask["clauses"]
    code, out, _ = cli(monkeypatch, "steps", "--kind", "given")
    assert code == 0 and "Given steps" in out and "Then steps" not in out


def test_every_then_step_has_a_plain_data_form() -> None:
    then = {d.example for d in REGISTRY if d.kind == "then"}
    assert then - set(TRANSLATORS) == set(), "a Then step without a translator"
    assert set(TRANSLATORS) - then == set(), "a translator for no step of the registry"


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export")
    with pytest.MonkeyPatch.context() as mp:
        code, said, err = cli(mp, "export", str(out))
    assert code == 0, err
    assert "need the Python harness" in said
    return out


def test_export_writes_one_file_per_scenario_run(export: Path) -> None:
    manifest = json.loads((export / "manifest.json").read_text())
    runs = kit_suite()
    assert manifest["count"] == len(runs) == len(manifest["scenarios"])
    assert [e["id"] for e in manifest["scenarios"]] == [s.id for s in runs]
    files = sorted((export / "scenarios").glob("*.json"))
    assert len(files) == manifest["files"] == manifest["count"] - manifest["python_only"]
    assert manifest["python_only"] == 0
    assert {"evaluate", "legal_actions", "next_game", "result", "state"} == set(
        manifest["queries"])
    # every file, by the compiled validator; jsonschema words the errors of one it refuses
    validator = Draft202012Validator(SCHEMA)
    for n, path in enumerate([export / "manifest.json", *files]):
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        if n % 7 == 0:  # written by conformance.export.jsontext: json.dumps's own text
            assert text == json.dumps(data, ensure_ascii=False, indent=1) + "\n", path.name
        if surely_valid(SCHEMA_PATH.name, SCHEMA_PATH.parent, data):
            continue
        errors = sorted(validator.iter_errors(data), key=str)
        assert not errors, f"{path.name}: {errors[0].message}"


def test_a_scenario_file_is_the_protocol_only(export: Path) -> None:
    doc = json.loads((export / "scenarios" / "phom-set-by-eat.co-ban.json").read_text())
    sends = [op["request"] for op in doc["ops"] if op["op"] == "send"]
    assert [r["type"] for r in sends[:2]] == ["new_game", "apply"]
    assert sends[1]["action"] == {"type": "discard", "card": "9C"}
    legal = next(op for op in doc["ops"] if op.get("test") == "same_multiset")
    # the step's own list: draw, eat 9C with 10C JC, eat 9C with 9S 9D (features/phom.feature)
    assert sorted(legal["value"]) == ["draw", "eat 9C with 10C JC", "eat 9C with 9D 9S"]
    assert doc["requires"]["queries"] == ["legal_actions"]
    ops = {op["op"] for op in doc["ops"]}
    assert ops == {"support", "send", "check"}


def test_the_small_export_is_json_dumps_text(small_export: Path) -> None:
    """Every file of an export is the text json.dumps gives its data (jsontext writes it)."""
    files = [small_export / "manifest.json", *sorted((small_export / "scenarios").glob("*"))]
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n"


def _as_dumps(value: Any) -> str:
    """json.dumps's text of ``value``, or the exception it raises, by type and words."""
    try:
        return json.dumps(value, ensure_ascii=False, indent=1)
    except (TypeError, ValueError) as e:
        return f"{type(e).__name__}: {e}"


def _as_jsontext(value: Any) -> str:
    try:
        return jsontext.dumps(value)
    except (TypeError, ValueError) as e:
        return f"{type(e).__name__}: {e}"


class _Text(str):
    pass


class _Number(int):
    pass


class _Items(dict):  # type: ignore[type-arg]
    pass


_KEYS = st.text() | st.integers() | st.floats() | st.booleans() | st.none() | st.tuples()
_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text()
            | st.integers(min_value=2**63).map(_Number) | st.text().map(_Text)
            | st.sampled_from(["\0", "\u2028", "\x7f", "\ud800", "ệ", '"\\', object()]))
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (st.lists(inner) | st.lists(inner).map(tuple)
                   | st.dictionaries(st.text(), inner) | st.dictionaries(_KEYS, inner)
                   | st.dictionaries(st.text(), inner).map(_Items)),
    max_leaves=20,
)


@settings(max_examples=40, deadline=None)
@given(_VALUES)
def test_jsontext_writes_what_json_dumps_writes(value: Any) -> None:
    assert _as_jsontext(value) == _as_dumps(value)


def test_jsontext_on_what_json_dumps_refuses() -> None:
    loop: list[Any] = []
    loop.append(loop)
    deep: list[Any] = []
    for _ in range(2000):
        deep = [deep]
    for value in (loop, {"a": [1, {2, 3}]}, {(1, 2): 3}, [10**5000], deep, [[]], {"": {}}):
        try:
            want = _as_dumps(value)
        except RecursionError:
            with pytest.raises(RecursionError):
                jsontext.dumps(value)
            continue
        assert _as_jsontext(value) == want


def run_both(export: Path, impl: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             *paths: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the Node runner's results, phom-conformance run's) by scenario id."""
    node_report = tmp_path / "node.json"
    # one session, as the Node runner has (a fake misbehaves at its own nth game), and a
    # generous reply time: on a loaded machine a timeout is not what the test compares
    done = subprocess.run([str(NODE), str(RUNNER), str(export), "--impl", impl, "--report",
                           str(node_report), "--quiet", "--timeout", "60"],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode in (0, 1, 2), done.stderr
    py_report = tmp_path / "run.jsonl"
    code, _, err = cli(monkeypatch, "run", "--impl", impl, "--report", str(py_report),
                       "--timeout", "60", "--jobs", "1", *paths)
    assert code == done.returncode, (err, done.stdout)
    node = {r["id"]: r for r in json.loads(node_report.read_text())["results"]}
    lines = [json.loads(line) for line in py_report.read_text().splitlines()]
    python = {r["id"]: r for r in lines if r.get("kind") == "scenario"}
    return node, python


def verdicts(results: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """Each scenario's outcome, and for a failure its step and clause."""
    return {k: (r["outcome"], *((r.get("step"), r.get("clause")) if r["outcome"] == "fail"
                                else ())) for k, r in results.items()}


def totals(results: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in results.values():
        out[r["outcome"]] = out.get(r["outcome"], 0) + 1
    return out


@needs_node
def test_the_node_runner_counts_equal_runs_on_the_node_example(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node, python = run_both(export, f"{NODE} {ADAPTER}", tmp_path, monkeypatch)
    assert totals(node) == totals(python)
    assert verdicts(node) == verdicts(python)
    assert totals(node)["pass"] > 0 and totals(node)["skipped"] > 0


SMALL = [str(ROOT / "features" / f) for f in ("phom.feature", "questions.feature")]


@pytest.fixture(scope="module")
def small_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("small-export")
    with pytest.MonkeyPatch.context() as mp:
        code, _, err = cli(mp, "export", str(out), *SMALL)
    assert code == 0, err
    return out


@needs_node
def test_the_node_runner_finds_what_run_finds_in_a_mutant(
    small_export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    impl = shlex.join([sys.executable, "-m", "conformance.mutants.serve", "meld-qka-run"])
    node, python = run_both(small_export, impl, tmp_path, monkeypatch, *SMALL)
    assert verdicts(node) == verdicts(python)
    # Q-K-A is a run to this mutant: the no-wrap questions fail, under their clause
    failed = {k: r for k, r in node.items() if r["outcome"] == "fail"}
    assert "ask-phom-no-wrap[co-ban]" in failed
    assert failed["ask-phom-no-wrap[co-ban]"]["clause"] == "PHOM.RUN.NO-WRAP"


@needs_node
@pytest.mark.parametrize("name", ["crash_mid_game", "wrong_id", "huge_line"])
def test_the_node_runner_tells_a_broken_implementation_as_run_does(
    small_export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    node, python = run_both(small_export, impl_of(name), tmp_path, monkeypatch, *SMALL)
    assert verdicts(node) == verdicts(python)
    assert {"crash", "protocol_error"} & set(totals(node))


def test_the_figures_of_docs_export_md_are_the_exports(export: Path) -> None:
    manifest = json.loads((export / "manifest.json").read_text())
    text = " ".join((ROOT / "docs" / "export.md").read_text(encoding="utf-8").split())
    m = re.search(r"the export of the suite has ([\d,]+) scenario runs, ([\d,]+) files and"
                  r" (none|[\d,]+) that needs? the Python harness", text)
    assert m, "docs/export.md no longer states the export's counts"
    said = [int(g.replace(",", "")) if g != "none" else 0 for g in m.groups()]
    assert said == [manifest["count"], manifest["files"], manifest["python_only"]], (
        "docs/export.md: rerun `phom-conformance export DIR` and update its counts and date")


@needs_node
def test_a_setup_the_reference_refuses_is_the_scenarios_error_in_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feature = tmp_path / "bad.feature"
    # seat 1 draws before seat 0's opening discard (TURN.OPENING-DISCARD), and nothing checks it
    feature.write_text(
        "Feature: a scenario wrong in itself\n"
        "  @id:bad-setup @ruleset:co-ban @clause:TURN.ORDER\n"
        "  Scenario: an action played unchecked that no engine may accept\n"
        "    Given the deal \"fx-quiet-4p\"\n"
        "    When seat 1 draws\n"
        "    Then it is seat 0's turn\n", encoding="utf-8")
    out = tmp_path / "export"
    code, _, err = cli(monkeypatch, "export", str(out), str(feature))
    assert code == 0, err
    doc = json.loads((out / "scenarios" / "bad-setup.json").read_text())
    assert "own setup is illegal on the reference" in doc["setup_error"]
    node, python = run_both(out, "phom-reference", tmp_path, monkeypatch, str(feature))
    assert verdicts(node) == verdicts(python) == {"bad-setup": ("error",)}


#: The files whose behaviour the export and its runner repeat: the order of a scenario's
#: requests and checks (play, support, blame), each step's checks (the step modules), and
#: the skips, restarts and outcomes of a run (runner).
MIRRORED = [
    "conformance/runner.py",
    "conformance/suite/blame.py",
    "conformance/suite/play.py",
    "conformance/suite/setup.py",
    "conformance/suite/support.py",
    *(f"conformance/suite/steps/{m}.py" for m in (
        "common", "given", "questions", "then_checks", "then_outcome", "then_rulings",
        "then_table", "when")),
]
DIGESTS = ROOT / "tests" / "harness" / "export_mirrors.json"


def digests() -> dict[str, str]:
    return {p: hashlib.sha256((ROOT / p).read_bytes()).hexdigest()[:16] for p in MIRRORED}


def test_the_export_was_checked_against_the_harness_it_mirrors() -> None:
    """A change to a file the export repeats in plain data is a change the export may have to
    follow: check it (the comparisons above, and conformance/export/translate*.py or
    examples/export-runner/ where the new behaviour differs), then record the digests."""
    now, recorded = digests(), json.loads(DIGESTS.read_text())
    changed = sorted(p for p in now if now[p] != recorded.get(p))
    assert not changed, (
        f"changed since the export was last checked against them: {', '.join(changed)};"
        f" check the export follows, then write to {DIGESTS.relative_to(ROOT)}:"
        f" {json.dumps(now, indent=1)}")
