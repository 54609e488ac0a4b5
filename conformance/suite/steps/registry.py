"""The registry of steps: one definition per step text, matched by regular expression."""

from __future__ import annotations

import difflib
import functools
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from conformance.errors import ScenarioError
from conformance.suite.model import StepError
from conformance.suite.play import Play
from conformance.suite.setup import Setup
from conformance.suite.steps.grammar import CLAUSE_SUFFIX, block_lines, convert

# ---------------------------------------------------------------------------------------------
# The registry


@dataclass(frozen=True)
class StepDef:
    """One step of the language: its kind, pattern, handler and what it implies."""

    kind: str
    pattern: str
    handler: Callable[..., None] = field(repr=False)
    example: str
    clause: str | None = None
    needs: frozenset[str] = frozenset()
    block: Callable[[list[str]], Any] | None = field(default=None, repr=False)
    refusal: bool = False
    refs_script: bool = False
    rejection: bool = False
    #: What the step checks that only some implementation profiles express (spec/protocol.md
    #: 8): "money" (payments, totals, money), "lay-legal" (which lay-downs and sends are
    #: legal), "ruling" (the ruling of the last action); "" for anything else.
    shape: str = ""
    #: Reads the matched groups into the handler's arguments (default: by group name).
    read: Callable[[Mapping[str, str | None]], dict[str, Any]] | None = field(
        default=None, repr=False
    )

    @cached_property  # matching the suite's steps asks for it ~140,000 times
    def regex(self) -> re.Pattern[str]:
        return _compiled(self.pattern)

    @property
    def groups(self) -> tuple[str, ...]:
        return tuple(self.regex.groupindex)

    def parse(
        self,
        groups: Mapping[str, str | None],
        docstring: str | None,
        table: Sequence[Sequence[str]] | None,
    ) -> tuple[dict[str, Any], str | None]:
        """Converted arguments of the handler, and the explicit clause (if any)."""
        raw = dict(groups)
        clause = (
            raw.pop("clause", None) if "clause" not in self._handler_params else raw.get("clause")
        )
        args = self.read(raw) if self.read is not None else convert(raw)
        if self.block is not None:
            args["block"] = self.block(block_lines(docstring, table))
        return args, clause

    @cached_property  # inspect.signature is slow, and asked for once per step of the suite
    def _handler_params(self) -> tuple[str, ...]:
        return tuple(inspect.signature(self.handler).parameters)

    def run(self, play: Play, args: Mapping[str, Any]) -> None:
        if self.kind == "given":
            try:
                self.handler(play.setup, **args)
            except StepError as e:
                raise ScenarioError(f"{play.step_label}: {e}") from None
        else:
            self.handler(play, **args)

    def run_setup(self, setup: Setup, args: Mapping[str, Any]) -> None:
        self.handler(setup, **args)

    def __reduce__(self) -> tuple[Callable[[str, str], StepDef], tuple[str, str]]:
        # pickled by reference: its handler and reader may be closures (a compiled suite
        # pickles for conformance.suite.cache); the registry holds one definition per text
        return registered, (self.kind, self.pattern)


_REGEX_CACHE: dict[str, re.Pattern[str]] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    if pattern not in _REGEX_CACHE:
        _REGEX_CACHE[pattern] = re.compile(pattern)
    return _REGEX_CACHE[pattern]


REGISTRY: list[StepDef] = []


def registered(kind: str, pattern: str) -> StepDef:
    """The registered definition of ``kind`` with (full) ``pattern``; LookupError if none."""
    for definition in REGISTRY:
        if definition.kind == kind and definition.pattern == pattern:
            return definition
    raise LookupError(f"no {kind} step registered with the pattern {pattern!r}")


def step(
    kind: str,
    pattern: str,
    example: str,
    *,
    clause: str | None = None,
    needs: Iterable[str] = (),
    block: Callable[[list[str]], Any] | None = None,
    refusal: bool = False,
    refs_script: bool = False,
    rejection: bool = False,
    read: Callable[[Mapping[str, str | None]], dict[str, Any]] | None = None,
    shape: str = "",
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a step handler (Then steps get the optional ``under clause <ID>`` suffix)."""

    def register(fn: Callable[..., None]) -> Callable[..., None]:
        full = pattern
        if kind == "then" and "(?P<clause>" not in pattern:
            full = pattern + CLAUSE_SUFFIX
        REGISTRY.append(
            StepDef(
                kind,
                full,
                fn,
                example,
                clause,
                frozenset(needs),
                block,
                refusal,
                refs_script,
                rejection,
                shape,
                read,
            )
        )
        return fn

    return register


@functools.lru_cache(maxsize=1 << 13)  # a suite repeats its step texts (1,100 in 3,300)
def _matches(kind: str, text: str, registered: int) -> list[tuple[StepDef, re.Match[str]]]:
    """The definitions of ``kind`` whose pattern matches ``text``, with their matches, among
    the first ``registered`` of the registry (so a step registered later is seen)."""
    return [(d, m) for d in REGISTRY[:registered] if d.kind == kind
            for m in [d.regex.fullmatch(text)] if m]


def match_step(
    kind: str, text: str, docstring: str | None = None, table: Sequence[Sequence[str]] | None = None
) -> tuple[StepDef, dict[str, Any], str | None]:
    """The one step definition matching ``text``, its arguments and explicit clause."""
    text = text.strip()
    found = _matches(kind, text, len(REGISTRY))
    if not found:
        others = [d.kind for d in REGISTRY if d.kind != kind and d.regex.fullmatch(text)]
        if others:
            raise StepError(
                f"{text!r} is a {others[0].capitalize()} step, not a {kind.capitalize()} step"
            )
        examples = [d.example for d in REGISTRY if d.kind == kind]
        close = difflib.get_close_matches(text, examples, n=2, cutoff=0.4)
        hint = f"; did you mean: {' / '.join(repr(c) for c in close)}" if close else ""
        raise StepError(
            f"unknown {kind.capitalize()} step {text!r}{hint} (see conformance/suite/steps/)"
        )
    if len(found) > 1:
        pats = ", ".join(d.example for d, _ in found)
        raise StepError(f"step {text!r} matches {len(found)} step definitions ({pats})")
    definition, m = found[0]
    args, clause = definition.parse(m.groupdict(), docstring, table)
    return definition, args, clause


