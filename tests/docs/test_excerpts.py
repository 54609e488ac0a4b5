"""A code block that opens with ``# excerpt of PATH`` quotes that file: its lines appear in the
file, in the same order. A line ``# ...`` (anything after the dots) marks left-out lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.markdown import ROOT, CodeBlock, code_blocks, markdown_files, rel

_MARK = re.compile(r"^\s*(?:#|//)\s*excerpt of (\S+)\s*$")
_ELIDED = re.compile(r"^\s*(?:#|//)\s*\.\.\.")


def excerpts() -> list[tuple[Path, CodeBlock, str]]:
    found = []
    for page in markdown_files():
        for block in code_blocks(page.read_text(encoding="utf-8")):
            m = _MARK.match(block.lines[0]) if block.lines else None
            if m:
                found.append((page, block, m.group(1)))
    return found


def excerpt_problem(block: CodeBlock, source: Path) -> str | None:
    """Why ``block`` is not an excerpt of ``source`` (the first line missing), or None."""
    if not source.is_file():
        return f"no such file {rel(source)}"
    lines = [line.rstrip() for line in source.read_text(encoding="utf-8").splitlines()]
    at = 0
    for offset, quoted in enumerate(block.lines[1:], 1):
        if _ELIDED.match(quoted) or not quoted.strip():
            continue
        try:
            at = lines.index(quoted.rstrip(), at) + 1
        except ValueError:
            return (f"line {block.line + offset} is not in {rel(source)} (after line {at}):"
                    f" {quoted.strip()!r}; copy the file's lines as they are now")
    return None


EXCERPTS = excerpts()


def test_the_docs_quote_the_spec_files() -> None:
    quoted = {path for _, _, path in EXCERPTS}
    assert {"spec/clauses/phom.yaml", "spec/rulesets/ki-gui.yaml", "spec/ambiguities.yaml",
            "examples/records/money-example-004.yaml"} <= quoted


@pytest.mark.parametrize(("page", "block", "path"), EXCERPTS,
                         ids=[f"{rel(p)}:{b.line}" for p, b, _ in EXCERPTS])
def test_every_excerpt_matches_its_file(page: Path, block: CodeBlock, path: str) -> None:
    why = excerpt_problem(block, ROOT / path)
    assert why is None, f"{rel(page)}:{block.line - 1}: excerpt of {path}: {why}"


def test_a_changed_line_is_caught(tmp_path: Path) -> None:
    source = tmp_path / "f.yaml"
    source.write_text("a: 1\nb: 2\nc: 3\n")
    assert excerpt_problem(CodeBlock("yaml", 1, ("# excerpt of f.yaml", "a: 1", "# ...",
                                                 "c: 3")), source) is None
    assert excerpt_problem(CodeBlock("yaml", 1, ("# excerpt of f.yaml", "c: 3", "a: 1")),
                           source) is not None   # out of order
    assert excerpt_problem(CodeBlock("yaml", 1, ("# excerpt of f.yaml", "b: 7")),
                           source) is not None
