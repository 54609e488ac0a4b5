"""``validate`` loads the scenarios it is given (or the suite in use) and refuses tags that name
what the spec does not have: a clause, an ambiguity or one of its readings, a source."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from conformance.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PROBE = """@ruleset:co-ban
Feature: probe

  @id:probe-a @clause:DEAL.HAND-SIZES @clause:DEAL.HAND-SIZE @reading:AMB.NO-SUCH=x
  @reading:AMB.ACE-POINTS=nope @source:999 @source:004
  Scenario: a probe
    Given the deal "fx-deal-u-4p"
    When the game starts
    Then seat 0 holds 10 cards
"""


def test_unknown_tags_in_a_feature_file_are_problems_at_its_line(tmp_path: Path) -> None:
    feature = tmp_path / "probe.feature"
    feature.write_text(PROBE, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(feature)])
    assert result.exit_code == 1, result.output
    where = f"{feature}:6: scenario probe-a"
    assert result.stdout.splitlines() == [
        f"{where}: unknown clause 'DEAL.HAND-SIZE' (did you mean 'DEAL.HAND-SIZES'?); name one"
        " of `phom-conformance clauses`",
        f"{where}: AMB.ACE-POINTS has no reading 'nope'; its readings: one, fourteen",
        f"{where}: unknown ambiguity 'AMB.NO-SUCH' in its reading tag",
        f"{where}: unknown source '999' in '@source:999'; sources: 000, 002, 003, 004",
    ]


def test_an_unknown_clause_in_a_fixture_is_a_problem(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "features" / "fixtures", tmp_path / "fixtures")  # with its deals
    fixture = tmp_path / "fixtures" / "full-games.yaml"
    text = fixture.read_text(encoding="utf-8")
    fixture.write_text(text.replace("clauses: [EAT.EARLY-FREE,", "clauses: [TURN.EAT.NOPE,", 1),
                       encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(fixture)])
    assert result.exit_code == 1, result.output
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"{fixture}:") and "unknown clause 'TURN.EAT.NOPE'" in line


def test_the_suite_in_use_names_only_what_the_spec_has() -> None:
    result = CliRunner().invoke(cli, ["validate", str(ROOT / "features")])
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith(" feature file(s)")
