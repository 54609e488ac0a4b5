"""The spec as typed, frozen values: topics and clauses, ambiguities, sources, rulesets, parameters.

Every item keeps where it was written (a :class:`Where`: file and JSON path), for messages.
:mod:`phomspec.build` makes them from parsed files.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from phomspec.errors import SpecError
from phomspec.yamlio import JsonPath

if TYPE_CHECKING:
    from phomspec.rulesets import ResolvedRuleset

#: Kinds of spec file, named after their top-level content.
CLAUSES, RULESET, PARAMETERS, AMBIGUITIES, SOURCES, REASONS, SCHEMA = (
    "clauses",
    "ruleset",
    "parameters",
    "ambiguities",
    "sources",
    "reasons",
    "schema",
)


@dataclass(frozen=True)
class Where:
    """Where an item sits: its file and its JSON path inside that file."""

    file: Path
    path: JsonPath = ()

    def __truediv__(self, step: str | int) -> Where:
        return Where(self.file, (*self.path, step))


_NOWHERE = Where(Path("."))


@dataclass(frozen=True)
class Title:
    en: str
    vi: str

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True)
class Citation:
    """A source (by id) and one of its section headings."""

    source: str
    section: str


@dataclass(frozen=True)
class Clause:
    """One rule statement with a stable id, the rulesets it applies to and what it cites."""

    id: str
    kind: str
    rulesets: tuple[str, ...]
    title: Title = field(repr=False)
    rule: str = field(repr=False)
    topic: str = field(repr=False, default="")
    citations: tuple[Citation, ...] = field(repr=False, default=())
    parameters: tuple[str, ...] = field(repr=False, default=())
    ambiguities: tuple[str, ...] = field(repr=False, default=())
    negative: str | None = field(repr=False, default=None)
    examples: tuple[str, ...] = field(repr=False, default=())
    where: Where = field(repr=False, compare=False, default=_NOWHERE)

    def applies_to(self, ruleset: str) -> bool:
        return ruleset in self.rulesets


@dataclass(frozen=True)
class Topic:
    """One clause file: a topic and the ids of its clauses, in file order."""

    id: str
    title: Title = field(repr=False)
    clauses: tuple[str, ...] = field(repr=False, default=())
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class Reading:
    """One way to settle an ambiguity, and the parameter values it amounts to."""

    id: str
    text: str = field(repr=False)
    parameters: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class ReadingChoice:
    """The reading one ruleset takes on one ambiguity, and why."""

    reading: str
    why: str = field(repr=False)
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class Ambiguity:
    """A gap or conflict in the sources, its readings and each ruleset's reading."""

    id: str
    kind: str
    title: Title = field(repr=False)
    question: str = field(repr=False)
    citations: tuple[Citation, ...] = field(repr=False, default=())
    clauses: tuple[str, ...] = field(repr=False, default=())
    readings: tuple[Reading, ...] = field(repr=False, default=())
    rulesets: Mapping[str, ReadingChoice] = field(
        repr=False, default_factory=lambda: MappingProxyType({})
    )
    where: Where = field(repr=False, compare=False, default=_NOWHERE)

    def reading(self, reading_id: str) -> Reading:
        for r in self.readings:
            if r.id == reading_id:
                return r
        known = ", ".join(r.id for r in self.readings)
        raise SpecError(f"ambiguity {self.id} has no reading {reading_id!r} (readings: {known})")

    def reading_for(self, ruleset: str) -> Reading:
        """The reading ruleset ``ruleset`` takes."""
        if ruleset not in self.rulesets:
            raise SpecError(f"ambiguity {self.id} gives no reading for ruleset {ruleset!r}")
        return self.reading(self.rulesets[ruleset].reading)


@dataclass(frozen=True)
class Source:
    """One rule text the clauses cite, with the section headings a citation may name."""

    id: str
    title: Title = field(repr=False)
    file: str = field(repr=False, default="")
    kind: str = field(repr=False, default="")
    defines: str | None = None
    language: str = field(repr=False, default="")
    sections: tuple[str, ...] = field(repr=False, default=())
    notes: str | None = field(repr=False, default=None)
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class RoomOption:
    """A boolean room option of a ruleset and the parameter values each choice sets."""

    name: str
    default: bool
    title: Title = field(repr=False)
    clauses: tuple[str, ...] = field(repr=False, default=())
    values: Mapping[bool, Mapping[str, Any]] = field(
        repr=False, default_factory=lambda: MappingProxyType({})
    )
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class RulesetFile:
    """A ruleset as written: its own parameter values (not yet merged with what it extends)."""

    id: str
    source: str
    extends: str | None = None
    title: Title = field(repr=False, default=Title("", ""))
    parameters: Mapping[str, Any] = field(repr=False, default_factory=lambda: MappingProxyType({}))
    options: Mapping[str, RoomOption] = field(
        repr=False, default_factory=lambda: MappingProxyType({})
    )
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class Parameter:
    """A parameter every ruleset sets: the clause it sets and the JSON Schema of its value."""

    name: str
    clause: str
    ambiguity: str | None = None
    schema: Mapping[str, Any] = field(repr=False, default_factory=lambda: MappingProxyType({}))
    doc: str | None = field(repr=False, default=None)
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


@dataclass(frozen=True)
class ReasonCode:
    """A reason code of a rejected action (spec/reasons.yaml) and the clauses it rests on."""

    code: str
    clause: str
    also: tuple[str, ...] = ()
    reserved: bool = False
    doc: str = field(repr=False, default="")
    where: Where = field(repr=False, compare=False, default=_NOWHERE)


def _index(items: Iterable[Any], attr: str = "id") -> Mapping[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        out.setdefault(getattr(item, attr), item)
    return MappingProxyType(out)


def _unknown(what: str, key: str, known: Iterable[str]) -> SpecError:
    names = sorted(known)
    close = difflib.get_close_matches(key, names, n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return SpecError(f"unknown {what} {key!r}{hint}")


@dataclass(frozen=True)
class Spec:
    """The whole spec of one directory; items keep file order. Look items up by id."""

    root: Path
    topics: tuple[Topic, ...] = field(repr=False, default=())
    clauses: tuple[Clause, ...] = field(repr=False, default=())
    ambiguities: tuple[Ambiguity, ...] = field(repr=False, default=())
    sources: tuple[Source, ...] = field(repr=False, default=())
    rulesets: tuple[RulesetFile, ...] = field(repr=False, default=())
    parameters: tuple[Parameter, ...] = field(repr=False, default=())
    reasons: tuple[ReasonCode, ...] = field(repr=False, default=())
    _by_id: Mapping[str, Mapping[str, Any]] = field(
        repr=False, compare=False, init=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "_by_id",
            {
                "topic": _index(self.topics),
                "clause": _index(self.clauses),
                "ambiguity": _index(self.ambiguities),
                "source": _index(self.sources),
                "ruleset": _index(self.rulesets),
                "parameter": _index(self.parameters, "name"),
                "reason": _index(self.reasons, "code"),
            },
        )

    def _get(self, what: str, key: str) -> Any:
        table = self._by_id[what]
        if key not in table:
            raise _unknown(what, key, table)
        return table[key]

    def has(self, what: str, key: str) -> bool:
        """Whether ``key`` exists (what: topic, clause, ambiguity, source, ruleset, parameter,
        reason)."""
        return key in self._by_id[what]

    def ids(self, what: str) -> list[str]:
        return list(self._by_id[what])

    def topic(self, topic_id: str) -> Topic:
        return self._get("topic", topic_id)

    def clause(self, clause_id: str) -> Clause:
        return self._get("clause", clause_id)

    def ambiguity(self, ambiguity_id: str) -> Ambiguity:
        return self._get("ambiguity", ambiguity_id)

    def source(self, source_id: str) -> Source:
        return self._get("source", source_id)

    def ruleset(self, ruleset_id: str) -> RulesetFile:
        return self._get("ruleset", ruleset_id)

    def parameter(self, name: str) -> Parameter:
        return self._get("parameter", name)

    def clauses_for(self, ruleset_id: str) -> list[Clause]:
        """Clauses that apply to a ruleset, in catalog order."""
        self.ruleset(ruleset_id)
        return [c for c in self.clauses if c.applies_to(ruleset_id)]

    def resolve(
        self,
        ruleset_id: str,
        options: dict[str, Any] | None = None,
        readings: dict[str, str] | None = None,
    ) -> ResolvedRuleset:
        """Every parameter of a ruleset, as :func:`phomspec.resolve_ruleset` on this spec's root."""
        from phomspec.rulesets import resolve_ruleset

        return resolve_ruleset(ruleset_id, options, readings, root=self.root)
