"""The README stays a short entry page: its quick start is what CI runs, its command table is
the CLI's, and every document under docs/ is linked from it."""

from __future__ import annotations

import re

from conformance.cli import cli
from tests.docs.markdown import ROOT, anchors, code_blocks, links

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_short_with_the_sections_it_promises() -> None:
    assert len(README.splitlines()) <= 200
    assert {"quick-start", "commands", "glossary", "documentation"} <= anchors(README)


def test_the_second_quick_start_command_is_what_ci_runs() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [b.lines[0] for b in code_blocks(quick) if b.info == "sh"]
    assert len(commands) == 2, "the quick start has two commands"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands[1] in ci, ".ci/run no longer runs the README's second command"


def test_the_command_table_is_the_clis() -> None:
    table = README.split("## Commands", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `phom-conformance (\w+)", table, flags=re.M))
    assert listed == set(cli.commands), (
        f"README's command table lists {sorted(listed)}; the CLI has {sorted(cli.commands)}")


def test_every_document_is_linked() -> None:
    linked = {target.split("#")[0] for _, target in links(README)}
    docs = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert docs <= linked, f"not linked from the README: {sorted(docs - linked)}"
