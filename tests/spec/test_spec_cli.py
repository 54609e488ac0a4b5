"""``phom-conformance clauses`` and ``validate``, through click's CliRunner, exit codes included."""

from __future__ import annotations

import json
import re
import shutil
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from spec_helpers import MINI

import phomspec.loader
from conformance.cli import cli
from phomspec.problems import Problem

MINI_IDS = [
    "DECK.PLAYERS",
    "DECK.NOTATION",
    "SEND.ALLOWED",
    "SEND.ROOM-OPTION",
    "EAT.CHOT-PRICE",
    "DEN.TAI-EATER",
    "DEN.ROOM-OPTION",
]


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def mini(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The small test spec (a copy) in place of the kit's spec."""
    root = tmp_path / "spec"
    shutil.copytree(MINI, root)
    monkeypatch.setattr(phomspec.loader, "spec_dir", lambda: root)
    return root


# ---- clauses -----------------------------------------------------------------------------------


def test_clauses_json_lists_the_catalog_in_file_order(mini: Path) -> None:
    result = run("clauses", "--json")
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)
    assert [e["id"] for e in entries] == MINI_IDS
    tai = entries[MINI_IDS.index("DEN.TAI-EATER")]
    assert tai == {
        "id": "DEN.TAI-EATER",
        "title": {"en": "Ù on a tái turn", "vi": "Ù ở lượt tái"},
        "rulesets": ["ki-gui"],
        "topic": "u-den",
        "kind": "rule",
    }


def test_clauses_of_one_ruleset(mini: Path) -> None:
    result = run("clauses", "--ruleset", "co-ban", "--json")
    assert result.exit_code == 0, result.output
    # the clauses whose rulesets list co-ban (the room-option and tái clauses are ki-gui only)
    assert [e["id"] for e in json.loads(result.stdout)] == [
        "DECK.PLAYERS",
        "DECK.NOTATION",
        "SEND.ALLOWED",
        "EAT.CHOT-PRICE",
    ]


def test_clauses_table_shows_both_titles(mini: Path) -> None:
    result = run("clauses", "-r", "ki-gui")
    assert result.exit_code == 0, result.output
    assert "Clause catalog for ruleset ki-gui: 7 clauses" in result.stdout
    assert "DEN.TAI-EATER" in result.stdout and "Ù ở lượt tái" in result.stdout
    assert "Tiếng Việt" in result.stdout


def test_clauses_unknown_ruleset_is_a_usage_error(mini: Path) -> None:
    result = run("clauses", "--ruleset", "nope")
    assert result.exit_code == 3
    assert "unknown ruleset 'nope'; known: co-ban, ki-gui" in result.stderr


def test_clauses_on_a_broken_spec_is_a_harness_error(mini: Path) -> None:
    (mini / "ambiguities.yaml").write_text("ambiguities: [\n", encoding="utf-8")
    result = run("clauses")
    assert result.exit_code == 2
    assert "run 'phom-conformance validate'" in result.stderr
    assert "ambiguities.yaml:" in result.stderr and "YAML syntax error" in result.stderr


def test_coverage_unavailable_says_so_and_exits_2(
    mini: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "conformance.clause_coverage", None)
    result = run("clauses", "--coverage")
    assert result.exit_code == 2
    banner, *lines = result.stderr.strip().splitlines()
    assert banner.startswith("using ") and len(lines) == 1
    assert lines[0].startswith("Error: clause coverage is unavailable")


def _fake_coverage(monkeypatch: pytest.MonkeyPatch, code: int, seen: dict[str, Any]) -> None:
    coverage = types.ModuleType("conformance.clause_coverage")
    scenario = types.ModuleType("conformance.suite.discover")

    def load_scenarios(paths: Any = None, rulesets: Any = None, cached: bool = False) -> list[str]:
        seen["rulesets"] = rulesets
        return ["s1"]

    def coverage_table(spec: Any, scenarios: Any) -> str:
        seen["clauses"] = [c.id for c in spec.clauses]
        return f"table of {scenarios}"

    def render_coverage(table: Any, check: bool, *, as_json: bool, ruleset: Any) -> Any:
        seen["render"] = (table, check, as_json, ruleset)
        return "COVERAGE TEXT", code if check else 0

    scenario.load_scenarios = load_scenarios  # type: ignore[attr-defined]
    coverage.coverage_table = coverage_table  # type: ignore[attr-defined]
    coverage.render_coverage = render_coverage  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "conformance.clause_coverage", coverage)
    monkeypatch.setitem(sys.modules, "conformance.suite.discover", scenario)


def test_coverage_check_passes_the_table_through_and_exits_with_its_code(
    mini: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}
    _fake_coverage(monkeypatch, 1, seen)
    result = run("clauses", "--coverage", "--check", "--ruleset", "ki-gui", "--json")
    assert result.exit_code == 1
    assert result.stdout.strip() == "COVERAGE TEXT"
    assert seen == {
        "rulesets": ["ki-gui"],
        "clauses": MINI_IDS,
        "render": ("table of ['s1']", True, True, "ki-gui"),
    }
    assert run("clauses", "--coverage").exit_code == 0


# ---- validate ----------------------------------------------------------------------------------


def test_validate_a_clean_spec_prints_one_summary_line() -> None:
    result = run("validate", str(MINI))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "ok: 8 spec file(s) (3 topics, 7 clauses, 1 ambiguities, 2 sources, 2 rulesets,"
        " 4 parameters; 13 checks), 0 fixture file(s), 0 game record(s)"
    ]


def test_validate_without_paths_checks_the_kit() -> None:
    result = run("validate")
    assert result.exit_code == 0, result.output
    m = re.fullmatch(
        r"ok: \d+ spec file\(s\) \(.*\), \d+ fixture file\(s\), (\d+) game record\(s\),"
        r" \d+ feature file\(s\)\n",
        result.stdout,
    )
    assert m and int(m.group(1)) >= 2  # examples/records of the checkout among them


def test_validate_problems_are_file_line_message_and_exit_1(tmp_path: Path) -> None:
    root = tmp_path / "spec"
    shutil.copytree(MINI, root)
    path = root / "rulesets" / "co-ban.yaml"
    path.write_text(path.read_text("utf-8").replace("eat_penalty.chot: 1", "eat_penalty.chot: -1"))
    (root / "clauses" / "deck.yaml").write_text("topic: [\n", encoding="utf-8")
    result = run("validate", str(root))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert re.match(
        rf"^{re.escape(str(root / 'clauses' / 'deck.yaml'))}:2: YAML syntax error", lines[0]
    )
    assert lines[1].startswith(
        f"{path}:7: ruleset co-ban: parameter eat_penalty.chot = -1 is not valid"
    )
    assert "2 problem(s) found" in result.stderr


def test_validate_a_path_that_does_not_exist_is_a_usage_error(tmp_path: Path) -> None:
    result = run("validate", str(MINI), str(tmp_path / "nope.yaml"))
    assert result.exit_code == 3
    assert "nope.yaml: no such file or directory" in result.stderr
    assert result.stdout == ""


def _fake_fixtures(monkeypatch: pytest.MonkeyPatch, problems: list[Problem]) -> list[Path]:
    calls: list[Path] = []
    module = types.ModuleType("conformance.suite.fixture_file")

    def validate_fixture_file(path: Path) -> list[Problem]:
        calls.append(Path(path))
        return problems

    module.validate_fixture_file = validate_fixture_file  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "conformance.suite.fixture_file", module)
    return calls


def test_validate_sends_fixture_files_to_the_fixture_checker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixtures = tmp_path / "features" / "fixtures"
    fixtures.mkdir(parents=True)
    (fixtures / "a.yaml").write_text("cases: []\n", encoding="utf-8")
    (fixtures / "b.yaml").write_text("deals: {}\n", encoding="utf-8")
    calls = _fake_fixtures(monkeypatch, [Problem("a.yaml", 3, "deal d1 has 51 cards")])
    result = run("validate", str(fixtures))
    assert result.exit_code == 1
    assert calls == [fixtures / "a.yaml", fixtures / "b.yaml"]
    assert result.stdout.splitlines() == ["a.yaml:3: deal d1 has 51 cards"] * 2


def test_validate_says_when_a_checker_is_not_available(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = tmp_path / "records"
    records.mkdir()
    (records / "game.json").write_text("{}", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "conformance.records", None)
    result = run("validate", str(records), str(MINI))
    assert result.exit_code == 0, result.output
    assert "note: 1 game record(s) not checked: conformance.records is not available yet" in (
        result.stderr
    )
    assert result.stdout.startswith("ok: 8 spec file(s)")


def test_validate_reports_a_checker_that_breaks_as_a_harness_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "a.yaml").write_text("cases: []\n", encoding="utf-8")
    module = types.ModuleType("conformance.suite.fixture_file")

    def broken(path: Path) -> list[Problem]:
        raise KeyError("cases")

    module.validate_fixture_file = broken  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "conformance.suite.fixture_file", module)
    result = run("validate", str(fixtures))
    assert result.exit_code == 2
    assert "validation itself failed: KeyError" in result.stderr
