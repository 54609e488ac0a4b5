"""A fifth house written as YAML alone: no Python and no edit of the register."""

from __future__ import annotations

import shutil
from pathlib import Path

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
