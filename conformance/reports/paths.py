"""Paths as a reader of a report wants them: relative to the suite, never absolute.

A report made from an installed kit would otherwise name files deep in site-packages
(``/.../site-packages/phomspec/_data/features/deck.feature:121``); a reader wants
``features/deck.feature:121``, the same on every machine and in every checkout.
"""

from __future__ import annotations

import os
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import conformance
from phomspec.paths import data_roots

#: An installed package's directory, up to and including site-packages (and the wheel's data).
_SITE = re.compile(r"(?<![\w.:/-])/(?:[^\s'\"/:]+/)*?(?:site|dist)-packages/(?:phomspec/_data/)?")
#: Any absolute directory holding a suite's ``features/`` or ``spec/`` (a report from elsewhere).
_SUITE = re.compile(r"(?<![\w.:/-])/(?:[^\s'\"/:]+/)*?(?=(?:features|spec)/)")


@cache
def _kit_roots() -> tuple[str, ...]:
    """The suite's roots (holding spec/ and features/) and the directory of the kit's packages."""
    roots = data_roots()
    return (str(roots.spec.parent), str(roots.features.parent),
            str(Path(conformance.__file__).resolve().parent.parent))


@lru_cache(maxsize=32)  # a run asks with the same roots (and working directory) each time
def _root_pattern(roots: tuple[str, ...]) -> re.Pattern[str]:
    dirs = sorted({r.rstrip("/") + "/" for r in roots if r.rstrip("/")}, key=len, reverse=True)
    return re.compile(r"(?<![\w.:/-])(?:" + "|".join(re.escape(d) for d in dirs) + ")")


def suite_relative(text: str) -> str:
    """``text`` with every absolute path of the suite, the spec or the kit's own packages made
    relative (``features/deck.feature:121``, ``spec/clauses/eat.yaml``, ``conformance/x.py``);
    other files below the working directory are made relative to it."""
    if "/" not in text:
        return text
    text = _root_pattern((*_kit_roots(), os.getcwd())).sub("", text)
    text = _SITE.sub("", text)
    return _SUITE.sub("", text)


def relative_value(value: Any) -> Any:
    """:func:`suite_relative` applied to every string inside a JSON-like value."""
    if isinstance(value, str):
        return suite_relative(value)
    if isinstance(value, dict):
        return {k: relative_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [relative_value(v) for v in value]
    return value


_LABEL = re.compile(r"^(?P<where>[^\s]+?:\d+): (?P<text>.*)$", re.S)


def split_label(label: str) -> tuple[str | None, str]:
    """A step label ``'features/deck.feature:121: Then ...'`` -> ``(where, 'Then ...')``; a
    trailing colon of the step text (a step that takes a block) is dropped."""
    label = suite_relative(label)
    m = _LABEL.match(label)
    where, text = (m.group("where"), m.group("text")) if m else (None, label)
    return where, text.rstrip().removesuffix(":")
