"""The reader's memo of parsed texts: a file read again unchanged is not parsed again, an edited
one is (with the lines of the edited text), a malformed one keeps failing, and no caller sees
another caller's changes to the data."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from spec_helpers import SpecCopy, matching

from phomspec import yamlio
from phomspec.paths import spec_dir
from phomspec.yamlio import SpecSyntaxError, parse_text, read_document


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the reader parses from now on (each call of its YAML parser)."""
    texts: list[str] = []
    real = yamlio.compose

    def counting(text: str, *args: Any) -> Any:
        texts.append(text)
        return real(text, *args)

    monkeypatch.setattr(yamlio, "compose", counting)
    return texts


def test_an_unchanged_text_is_parsed_once(parsed: list[str], tmp_path: Path) -> None:
    text = f"memo-unchanged: {tmp_path.name}\nlist: [1, 2]\n"
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    first, second = read_document(tmp_path / "a.yaml"), read_document(tmp_path / "b.yaml")
    assert parsed == [text]
    assert (first.path, second.path) == (tmp_path / "a.yaml", tmp_path / "b.yaml")
    assert first.data == second.data and dict(first.lines) == dict(second.lines)


def test_an_edited_text_is_parsed_again_with_its_own_lines(parsed: list[str],
                                                           tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    before = f"id: {tmp_path.name}\nparameters:\n  a: 1\n"
    after = f"id: {tmp_path.name}\n# a comment moves what follows\nparameters:\n  a: 1\n  b: 2\n"
    old = parse_text(before, path)
    new = parse_text(after, path)
    assert parsed == [before, after]
    assert old.line_of(["parameters", "a"]) == 3
    assert new.line_of(["parameters", "a"]) == 4
    assert new.line_of(["parameters", "b"]) == 5
    assert new.data == {"id": tmp_path.name, "parameters": {"a": 1, "b": 2}}
    assert parse_text(before, path).line_of(["parameters", "a"]) == 3
    assert parsed == [before, after]


def test_a_malformed_text_fails_each_time(parsed: list[str], tmp_path: Path) -> None:
    text = f"memo-bad: {tmp_path.name}\n  b: [1, 2\n"
    lines = []
    for _ in range(2):
        with pytest.raises(SpecSyntaxError) as e:
            parse_text(text, tmp_path / "bad.yaml")
        lines.append(e.value.line)
    assert lines == [2, 2] and len(parsed) == 2


def test_changing_the_data_reaches_no_other_reader(tmp_path: Path) -> None:
    text = f"memo-shared: {tmp_path.name}\nouter:\n  inner: [1, {{k: v}}]\n"
    first = parse_text(text, tmp_path / "x.yaml")
    first.data["outer"]["inner"][1]["k"] = "changed"
    first.data["outer"]["inner"].append(3)
    first.data["added"] = True
    first.lines[("outer",)] = 99  # type: ignore[index]
    again = parse_text(text, tmp_path / "x.yaml")
    assert again.data == {"memo-shared": tmp_path.name, "outer": {"inner": [1, {"k": "v"}]}}
    assert again.line_of(["outer"]) == 3
    assert pickle.loads(pickle.dumps(again)) == again


def test_the_memo_is_bounded(parsed: list[str], tmp_path: Path) -> None:
    texts = [f"memo-bound-{tmp_path.name}: {i}\n" for i in range(yamlio.PARSED_MAX + 1)]
    for text in texts:
        parse_text(text, tmp_path / "n.yaml")
    parse_text(texts[-1], tmp_path / "n.yaml")  # the latest is kept
    parse_text(texts[0], tmp_path / "n.yaml")  # the oldest was let go
    assert parsed == [*texts, texts[0]]


def test_the_memo_keeps_a_bounded_number_of_characters(parsed: list[str], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [f"memo-chars-{tmp_path.name}-{i}: {'x' * 20}\n" for i in range(4)]
    monkeypatch.setattr(yamlio, "PARSED_CHARS", 2 * len(texts[0]) + 1)
    for text in texts:
        parse_text(text, tmp_path / "c.yaml")
    parse_text(texts[-1], tmp_path / "c.yaml")
    parse_text(texts[-2], tmp_path / "c.yaml")  # the last two fit
    parse_text(texts[0], tmp_path / "c.yaml")  # the first was let go
    big = f"memo-big-{tmp_path.name}: {'y' * 300}\n"  # larger than all the memo may keep
    parse_text(big, tmp_path / "c.yaml")
    parse_text(big, tmp_path / "c.yaml")
    assert parsed == [*texts, texts[0], big, big]


def test_a_spec_copy_reparses_only_the_edited_file(parsed: list[str], tmp_path: Path) -> None:
    spec = SpecCopy(spec_dir(), tmp_path / "spec")
    spec.new_problems()  # the kit's files, parsed by this or an earlier test
    parsed.clear()
    rel = spec.ruleset_files().popitem()[0]
    spec.edit(rel, lambda data: data["parameters"].__setitem__("bogus.param", 3))
    edited = (spec.root / rel).read_text(encoding="utf-8")
    problems = matching(spec.new_problems(), "bogus.param")
    assert parsed == [edited]
    assert [p.line for p in problems] == [spec.line_of(rel, "bogus.param")]
