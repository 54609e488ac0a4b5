"""Every relative link of the repository's Markdown files resolves, and so does every
``#anchor`` into a Markdown page."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.docs.markdown import ROOT, anchors, links, markdown_files, rel, slug

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
FILES = markdown_files()


def link_problem(page: Path, target: str) -> str | None:
    """Why ``target``, a link on ``page``, does not resolve; None when it does."""
    if not target or _SCHEME.match(target) or target.startswith("//"):
        return None if target else "empty link"
    path_part, _, anchor = target.partition("#")
    if path_part.startswith("/"):
        return "absolute path: write it relative to this file"
    dest = (page.parent / unquote(path_part)).resolve() if path_part else page
    if not dest.is_relative_to(ROOT):
        return "points outside the repository"
    if not dest.exists():
        return f"no such file or directory {rel(dest)}"
    is_page = dest.is_file() and dest.suffix == ".md"
    if anchor and is_page and unquote(anchor) not in anchors(dest.read_text(encoding="utf-8")):
        return f"no heading #{anchor} in {rel(dest)}"
    return None


def test_the_markdown_files_are_found() -> None:
    names = {rel(p) for p in FILES}
    assert {"README.md", "docs/rules.md", "examples/node-adapter/README.md"} <= names


@pytest.mark.parametrize("page", FILES, ids=rel)
def test_every_relative_link_resolves(page: Path) -> None:
    problems = []
    for line, target in links(page.read_text(encoding="utf-8")):
        why = link_problem(page, target)
        if why:
            problems.append(f"{rel(page)}:{line}: link {target!r}: {why}")
    assert not problems, "\n".join(problems)


def test_the_link_checker_catches_what_it_should(tmp_path: Path) -> None:
    page = ROOT / "docs" / "rules.md"
    assert link_problem(page, "../spec/protocol.md") is None
    assert link_problem(page, "../spec/protocol.md#51-hello") is None
    assert link_problem(page, "#glossary") is not None          # the glossary is the README's
    assert link_problem(page, "../README.md#glossary") is None
    assert link_problem(page, "spec/protocol.md") is not None   # relative to docs/: wrong
    assert link_problem(page, "../spec/protocol.md#no-such-part") is not None
    assert link_problem(page, "https://example.org/x") is None


def test_slugs_follow_githubs_rule() -> None:
    assert slug("5.1 `hello`") == "51-hello"
    assert slug("Writing a fifth house's ruleset") == "writing-a-fifth-houses-ruleset"
    assert slug("3. Run the suite: `run`") == "3-run-the-suite-run"
    assert slug("Rounds, chuyển bài, né hạ") == "rounds-chuyển-bài-né-hạ"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n") == {"a", "a-1"}
