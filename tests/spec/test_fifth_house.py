"""A fifth house written as YAML alone: no Python and no edit of the register."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.reports.jsonl import read_report
from phomspec import paths
from phomspec.paths import spec_dir
from phomspec.rulesets import resolve_ruleset
from phomspec.validate import validate_paths

HOUSE = """\
id: nha-toi
title: {en: "My house", vi: "Nhà tôi"}
source: "004"
extends: hoi-quan-bai
parameters:
  eat_penalty.chot: 5
"""


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    return root


def test_house_extending_another_validates_and_resolves(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "rulesets" / "nha-toi.yaml").write_text(HOUSE, encoding="utf-8")
    assert [str(p) for p in validate_paths([root])] == []
    params = resolve_ruleset("nha-toi", root=root).params
    assert params["eat_penalty.chot"] == 5
    assert params["rounds.them_vong"] is True  # inherited from hoi-quan-bai


def test_house_naming_a_reading_that_contradicts_its_values_is_refused(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "rulesets" / "nha-toi.yaml").write_text(HOUSE, encoding="utf-8")
    register = root / "ambiguities.yaml"
    text = register.read_text(encoding="utf-8")
    anchor = "  - id: AMB.CHOT-PRICE\n"
    head, tail = text.split(anchor, 1)
    # The house claims reading 'four' (chốt 4) while setting the chốt at 5.
    tail = tail.replace(
        "    rulesets:\n",
        '    rulesets:\n      nha-toi: {reading: four, why: "claimed"}\n',
        1,
    )
    register.write_text(head + anchor + tail, encoding="utf-8")
    problems = [str(p) for p in validate_paths([root])]
    assert len(problems) == 1
    assert "AMB.CHOT-PRICE" in problems[0] and "eat_penalty.chot" in problems[0]


def test_root_ruleset_without_a_reading_is_refused(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "rulesets" / "nha-toi.yaml").write_text(
        HOUSE.replace("extends: hoi-quan-bai\n", ""), encoding="utf-8"
    )
    problems = [str(p) for p in validate_paths([root])]
    assert any("gives no reading for ruleset(s) nha-toi" in p for p in problems)


# ---------------------------------------------------------------------------------------------
# The fifth house plays: a full game of its own through ``run``

#: The README's house (docs/rules.md, "Writing a fifth house's ruleset"): 004's rules with
#: the chốt at 3, no ù khan, and thêm vòng a room option.
README_HOUSE = """\
id: nha-toi
title: {en: "Our house: 004 with a cheaper chốt", vi: "Luật nhà: như 004, ăn chốt rẻ hơn"}
source: "005"
extends: hoi-quan-bai
parameters:
  eat_penalty.chot: 3
  u.khan: null
options:
  them_vong:
    type: boolean
    default: true
    title: {en: "Thêm vòng allowed", vi: "Cho thêm vòng"}
    clauses: [ROUND.THEM-VONG]
    values:
      true: {}
      false: {rounds.them_vong: false}
"""

#: Step 1 of the README: the house's rule text listed in spec/sources.yaml with a new id.
SOURCE_005 = """
  - id: "005"
    file: 005_nha_toi.txt
    kind: "house rules"
    title:
      en: "Our house's rules"
      vi: "Luật nhà"
    defines: nha-toi
    language: vi
    sections:
      - "Luật nhà"
    notes: >-
      004's rules, with the chốt eaten for 3 and no ù khan (a test's house).
"""

#: A game of the house, its expectations worked out by hand from the house's parameters.
#:
#: Dealt (seat 0 first, 10 cards): seat 0 3S 3C 3H 3D 8S 8C 4D KC 2H 5S; seat 1 JS QS 9H 9D
#: 9C AC 2C 2D AH; seat 2 5D 6D 7D 7S AS QH 2S 6H KH; seat 3 JD JC JH 4C 4H 10C 10D 5C 6S.
#: Every hand holds a cạ, so the deal ends no game in any case (and the house has no ù
#: khan). Turns 1-12 draw and discard the card drawn. Turn 13 (seat 0's fourth, the final
#: round): draws 10S, lays 3S 3C 3H, discards 10S: the cây chốt. Turn 14: seat 1 eats it with
#: JS QS (eat_penalty.chot = 3: seat 0 pays seat 1 3), lays 10S JS QS and 9H 9D 9C, discards
#: AH and keeps AC 2C 2D = 1 + 2 + 2 = 5. The eat leaves a card in the stock: seat 0 gets a
#: tái turn (ROUND.TAI). Turn 15: seat 2 lays 5D 6D 7D and keeps 7S AS QH 2S 6H KH = 7 + 1 +
#: 12 + 2 + 6 + 13 = 41. Turn 16: seat 3 lays JD JC JH and keeps 4C 4H 10C 10D 5C 6S = 4 + 4 +
#: 10 + 10 + 5 + 6 = 39. Turn 17 (tái): seat 0 draws 8H, lays 8S 8C 8H, sends 4D to seat 2's
#: 5D 6D 7D, discards KC and keeps 3D 2H = 5. Seats 0 and 1 tie on 5: seat 0 laid down first
#: (turn 13 before 14; RANK.TIE-EARLIER-LAYDOWN), so nhất seat 0, nhì seat 1, ba seat 3 (39),
#: bét seat 2 (41). The places pay the winner 1, 2, 3 (inherited from hoi-quan-bai). Totals:
#: seat 0 -3 + 1 + 2 + 3 = +3; seat 1 +3 - 1 = +2; seat 2 -3; seat 3 -2 (sum 0).
HOUSE_GAME = """\
description: The fifth house's own game (tests/spec/test_fifth_house.py).
deals:
  - id: nha-toi-chot
    players: 4
    first: 0
    hands:
      - [3S, 3C, 3H, 3D, 8S, 8C, 4D, KC, 2H, 5S]
      - [JS, QS, 9H, 9D, 9C, AC, 2C, 2D, AH]
      - [5D, 6D, 7D, 7S, AS, QH, 2S, 6H, KH]
      - [JD, JC, JH, 4C, 4H, 10C, 10D, 5C, 6S]
    stock: [9S, 5H, KD, QC, KS, 8D, QD, 7C, 4S, AD, 6C, 10S, 7H, 10H, 8H]
cases:
  - id: nha-toi-chot-game
    name: "The house's chốt costs 3: a full game with a chốt eat, a tái turn and a send"
    clauses: [EAT.CHOT-PRICE, ROUND.TAI, RANK.TIE-EARLIER-LAYDOWN, MONEY.RANK-PAYMENTS]
    rulesets: [nha-toi]
    deal: nha-toi-chot
    script:
      - seat 0 discards 5S
      - seat 1 draws; discards 9S
      - seat 2 draws; discards 5H
      - seat 3 draws; discards KD
      - seat 0 draws; discards QC
      - seat 1 draws; discards KS
      - seat 2 draws; discards 8D
      - seat 3 draws; discards QD
      - seat 0 draws; discards 7C
      - seat 1 draws; discards 4S
      - seat 2 draws; discards AD
      - seat 3 draws; discards 6C
      - seat 0 draws; lays down 3S 3C 3H; discards 10S
      - seat 1 eats 10S with JS QS; lays down 10S JS QS and 9H 9D 9C; discards AH
      - seat 2 draws; lays down 5D 6D 7D; discards 7H
      - seat 3 draws; lays down JD JC JH; discards 10H
      - {then: "seat 0 gets a tái turn"}
      - seat 0 draws; lays down 8S 8C 8H; sends 4D to seat 2's phỏm 0; discards KC
    expect:
      ending: points
      winner: 0
      u: null
      ranking:
        - {seat: 0, rank: nhat, points: 5}
        - {seat: 1, rank: nhi, points: 5}
        - {seat: 3, rank: ba, points: 39}
        - {seat: 2, rank: bet, points: 41}
      payments:
        - {from: 0, to: 1, amount: 3, reason: eat_chot}
        - {from: 1, to: 0, amount: 1, reason: rank}
        - {from: 3, to: 0, amount: 2, reason: rank}
        - {from: 2, to: 0, amount: 3, reason: rank}
      totals: [3, 2, -3, -2]
"""


def _house_checkout(tmp_path: Path) -> tuple[Path, Path]:
    """(spec, features) of the README's fifth house, with its game as the only scenario."""
    spec = _copy(tmp_path)
    (spec / "rulesets" / "nha-toi.yaml").write_text(README_HOUSE, encoding="utf-8")
    with (spec / "sources.yaml").open("a", encoding="utf-8") as f:
        f.write(SOURCE_005)
    fixtures = tmp_path / "features" / "fixtures"
    fixtures.mkdir(parents=True)
    (fixtures / "nha-toi.yaml").write_text(HOUSE_GAME, encoding="utf-8")
    return spec, tmp_path / "features"


def _kit(spec: Path, features: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``phom-conformance --spec SPEC --features FEATURES ARGS`` in a process of its own (so
    that $PHOM_SPEC reaches the implementation it starts and stays out of this one)."""
    env = {k: v for k, v in os.environ.items() if k not in (paths.ENV_SPEC, paths.ENV_FEATURES)}
    return subprocess.run(
        [sys.executable, "-m", "conformance.cli", "--spec", str(spec), "--features",
         str(features), *args],
        cwd=spec.parent, env=env, capture_output=True, text=True, timeout=300,
    )


@pytest.fixture(scope="module")
def readme_house(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The README's fifth house laid out as a checkout, validated by ``phom-conformance
    validate`` (once for both runs below: they read it and write nothing into it)."""
    spec, features = _house_checkout(tmp_path_factory.mktemp("house"))
    checked = _kit(spec, features, "validate")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return spec, features


@pytest.mark.parametrize("impl", [[], ["--impl", f"{sys.executable} -m reference_impl.server"]],
                         ids=["in-process", "phom-reference"])
def test_the_readme_house_plays_a_full_game_through_run(
        readme_house: tuple[Path, Path], tmp_path: Path, impl: list[str]) -> None:
    spec, features = readme_house
    report = tmp_path / "run.jsonl"
    ran = _kit(spec, features, "run", "--ruleset", "nha-toi", "--jobs", "1", "--report",
               str(report), *impl)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    results = read_report(report).results
    assert [(r.id, r.outcome.value) for r in results] == [("nha-toi-chot-game", "pass")]
