"""The line-tracking reader: libyaml's loader and the pure-Python one give the same Document
(data, the line of every value and key, duplicate keys) for every file of the kit, and the
same error line for a malformed one."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from phomspec.yamlio import FAST_LOADER, PURE_LOADER, SpecSyntaxError, parse_text

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    p for top in ("spec", "features", "examples", "tests")
    for p in (ROOT / top).rglob("*")
    if p.suffix in (".yaml", ".yml", ".json") and "__pycache__" not in p.parts
)

pytestmark = pytest.mark.skipif(FAST_LOADER is PURE_LOADER,
                                reason="PyYAML without libyaml: only one loader to compare")


def test_there_are_files_to_compare() -> None:
    assert len(FILES) > 50


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_both_loaders_give_the_same_document(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        fast = parse_text(text, path, FAST_LOADER)
    except SpecSyntaxError as e:  # a deliberately broken file: the same error both ways
        with pytest.raises(SpecSyntaxError) as pure_error:
            parse_text(text, path, PURE_LOADER)
        assert (pure_error.value.line, pure_error.value.message) == (e.line, e.message)
        return
    pure = parse_text(text, path, PURE_LOADER)
    assert fast == pure
    assert fast.data == pure.data
    assert dict(fast.lines) == dict(pure.lines)
    assert dict(fast.key_lines) == dict(pure.key_lines)


@pytest.mark.parametrize("text", [
    "a: 1\nb: [1, 2\n",
    "a: 1\n  b: 2\n",
    "- a\n- b: c\n  - d\n",
    "a: 'unclosed\n",
    "a: 1\na: 2\n",
    "x: &anchor {k: v}\ny: *anchor\nz:\n  <<: *anchor\n  j: 2\n",
])
def test_the_same_lines_on_tricky_text(text: str) -> None:
    path = Path("t.yaml")
    results = []
    for loader in (FAST_LOADER, PURE_LOADER):
        try:
            doc = parse_text(text, path, loader)
            results.append((doc.data, dict(doc.lines), dict(doc.key_lines), doc.duplicate_keys))
        except SpecSyntaxError as e:
            results.append(("error", e.line))
    assert results[0] == results[1]


def test_libyaml_is_the_default() -> None:
    assert FAST_LOADER is yaml.CSafeLoader
