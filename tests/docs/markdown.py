"""Just enough Markdown for the documentation tests: files, links, heading anchors, code blocks.

Anchors follow GitHub's rule: the heading's text in lower case, everything but letters, digits,
marks, ``_``, ``-`` and spaces dropped, spaces turned into ``-``; a repeated slug gets ``-1``,
``-2``...
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_SKIP_DIRS = {"node_modules", "build", "dist", "_data", "__pycache__"}
_FENCE = re.compile(r"^\s*(```+|~~~+)(.*)$")
_INLINE_CODE = re.compile(r"(`+)(.+?)\1")
_LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
_REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(?P<target>\S+)")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
_HTML_ID = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def markdown_files() -> list[Path]:
    """Every Markdown file of the repository (hidden and build directories left out)."""
    found = []
    for path in sorted(ROOT.rglob("*.md")):
        parts = path.relative_to(ROOT).parts[:-1]
        if any(p.startswith(".") or p in _SKIP_DIRS or p.endswith(".egg-info") for p in parts):
            continue
        found.append(path)
    return found


def rel(path: Path) -> str:
    """``path`` relative to the repository root, when it is inside it."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


@dataclass(frozen=True)
class CodeBlock:
    """A fenced code block: its info string, first line number (of the content) and lines."""

    info: str
    line: int
    lines: tuple[str, ...]


def code_blocks(text: str) -> list[CodeBlock]:
    blocks: list[CodeBlock] = []
    fence: str | None = None
    info = ""
    start = 0
    body: list[str] = []
    for n, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if fence is None:
            if m:
                fence, info, start, body = m.group(1), m.group(2).strip(), n + 1, []
        elif m and m.group(1).startswith(fence) and not m.group(2).strip():
            blocks.append(CodeBlock(info, start, tuple(body)))
            fence = None
        else:
            body.append(line)
    return blocks


def prose_lines(text: str, blank_code: bool = True) -> Iterator[tuple[int, str]]:
    """(line number, line) outside fenced code, with inline code spans blanked out unless
    ``blank_code`` is false."""
    fence: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if m and m.group(1).startswith(fence) and not m.group(2).strip():
                fence = None
            continue
        yield n, _INLINE_CODE.sub(lambda c: " " * len(c.group(0)), line) if blank_code else line


def links(text: str) -> Iterator[tuple[int, str]]:
    """(line number, target) of every inline link, image and reference definition."""
    for n, line in prose_lines(text):
        for m in _LINK.finditer(line):
            yield n, m.group("target")
        ref = _REF_DEF.match(line)
        if ref:
            yield n, ref.group("target")


def slug(heading: str) -> str:
    text = _LINK.sub(lambda m: m.group("text"), heading)
    text = unicodedata.normalize("NFC", text.replace("`", "").strip().lower())
    kept = "".join(
        ch for ch in text
        if ch.isalnum() or ch in "-_ " or unicodedata.category(ch).startswith("M")
    )
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors a Markdown page offers: one per heading, plus explicit HTML ids."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for _, line in prose_lines(text, blank_code=False):
        m = _HEADING.match(line)
        if m:
            base = slug(m.group("text"))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        found.update(_HTML_ID.findall(line))
    return found


def flat(text: str) -> str:
    """The text with every run of whitespace made one space (figures wrap across lines)."""
    return " ".join(text.split())
