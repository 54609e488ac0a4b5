"""The kit's spec and the small test spec validate; every file alone validates; what is read."""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_helpers import MINI

from phomspec.files import root_files
from phomspec.paths import spec_dir
from phomspec.validate import CHECKS, check_paths, validate_paths

KIT_FILES = root_files(spec_dir())


def test_the_kit_spec_validates() -> None:
    problems = validate_paths([spec_dir()])
    assert not problems, "\n".join(str(p) for p in problems)


@pytest.mark.parametrize(
    "path", KIT_FILES, ids=[p.relative_to(spec_dir()).as_posix() for p in KIT_FILES]
)
def test_every_kit_spec_file_validates(path: Path) -> None:
    problems = validate_paths([path])
    assert not problems, "\n".join(str(p) for p in problems)


def test_the_kit_spec_has_every_kind_of_file() -> None:
    rel = {p.relative_to(spec_dir()).as_posix() for p in KIT_FILES}
    assert {"parameters.yaml", "sources.yaml", "ambiguities.yaml"} <= rel
    assert any(r.startswith("clauses/") for r in rel)
    assert {f"rulesets/{r}.yaml" for r in ("co-ban", "hoi-quan-bai", "ki-gui", "u9la")} <= rel
    assert "schemas/card.schema.json" in rel


def test_the_small_test_spec_validates_and_everything_in_it_is_counted() -> None:
    outcome = check_paths([MINI])
    assert outcome.problems == ()
    assert len(outcome.files) == 8  # 3 root files, 2 rulesets, 3 clause files
    assert dict(outcome.counts) == {
        "topics": 3,
        "clauses": 7,
        "ambiguities": 1,
        "sources": 2,
        "rulesets": 2,
        "parameters": 4,
    }


def test_check_names_are_unique() -> None:
    assert len(set(CHECKS)) == len(CHECKS) >= 10


def test_a_missing_path_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    [problem] = validate_paths([tmp_path / "nowhere.yaml"])
    assert "no such file or directory" in problem.message and problem.line is None


def test_a_spec_directory_without_its_files_says_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "parameters.yaml").write_text(
        (MINI / "parameters.yaml").read_text("utf-8"), "utf-8"
    )
    messages = [p.message for p in validate_paths([tmp_path])]
    assert any(m.startswith("missing sources.yaml: add the rule sources") for m in messages)
    assert any(m.startswith("missing ambiguities.yaml") for m in messages)
    assert any(m.startswith("no clauses files in clauses/") for m in messages)
    assert any(m.startswith("no rulesets files in rulesets/") for m in messages)
    # parameters name clauses that do not exist yet: not reported while there is no catalog
    assert not any("unknown clause" in m for m in messages)


def test_a_yaml_file_outside_any_spec_gets_the_checks_that_need_no_context(tmp_path: Path) -> None:
    path = tmp_path / "draft.yaml"
    path.write_text(
        (MINI / "clauses" / "send.yaml").read_text("utf-8").replace("8H.", "8H or 14H."), "utf-8"
    )
    [problem] = validate_paths([path])
    assert "'14H' looks like a card code" in problem.message
    assert problem.line is not None


def test_a_file_of_unknown_kind_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "notes.yaml"
    path.write_text("hello: world\n", "utf-8")
    [problem] = validate_paths([path])
    assert "cannot tell what kind of spec file this is" in problem.message


def test_a_broken_schema_file_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "x.schema.json"
    path.write_text(
        '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "type": 5\n}\n'
    )
    problems = validate_paths([path])
    assert problems and problems[0].line == 3
    path.write_text(
        '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "type": \n}\n'
    )
    [problem] = validate_paths([path])
    assert "JSON syntax error" in problem.message and problem.line == 4


def test_a_dangling_schema_reference_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "spec"
    import shutil

    shutil.copytree(MINI, root)
    shutil.copytree(spec_dir() / "schemas", root / "schemas", dirs_exist_ok=True)
    (root / "schemas" / "extra.schema.json").write_text(
        '{"$schema": "https://json-schema.org/draft/2020-12/schema",\n'
        ' "items": {"$ref": "cards.schema.json"}}\n'
    )
    [problem] = validate_paths([root])
    assert "$ref 'cards.schema.json' does not resolve" in problem.message and problem.line == 2
