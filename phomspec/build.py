"""Build a :class:`~phomspec.model.Spec` from parsed spec files, leniently.

Whatever the files hold is taken; every item that has an id is kept, with defaults for what
is missing or of the wrong type. So the validator can cross-check a spec that is partly wrong
and report all of it (the schema check reports the wrong parts themselves).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from phomspec.model import (
    AMBIGUITIES,
    CLAUSES,
    PARAMETERS,
    REASONS,
    RULESET,
    SOURCES,
    Ambiguity,
    Citation,
    Clause,
    Parameter,
    Reading,
    ReadingChoice,
    ReasonCode,
    RoomOption,
    RulesetFile,
    Source,
    Spec,
    Title,
    Topic,
    Where,
)
from phomspec.yamlio import Document


def _s(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) else default


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _opt_s(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def _map(value: Any) -> Mapping[str, Any]:
    return MappingProxyType(dict(value)) if isinstance(value, dict) else MappingProxyType({})


def _items(value: Any) -> Iterable[tuple[int, dict[str, Any]]]:
    """``(index, item)`` of the mapping items of a list that have a string ``id``."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                yield i, item


def _title(value: Any) -> Title:
    if isinstance(value, dict):
        return Title(_s(value.get("en")), _s(value.get("vi")))
    return Title("", "")


def _citations(value: Any) -> tuple[Citation, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(
        Citation(_s(c.get("source")), _s(c.get("section"))) for c in value if isinstance(c, dict)
    )


def _clause_file(doc: Document) -> tuple[Topic | None, list[Clause]]:
    data = _dict(doc.data)
    top = _dict(data.get("topic"))
    topic_id = _s(top.get("id"), doc.path.stem)
    where = Where(doc.path)
    clauses = [
        Clause(
            id=c["id"],
            kind=_s(c.get("kind")),
            rulesets=_strs(c.get("rulesets")),
            title=_title(c.get("title")),
            rule=_s(c.get("rule")),
            topic=topic_id,
            citations=_citations(c.get("citations")),
            parameters=_strs(c.get("parameters")),
            ambiguities=_strs(c.get("ambiguities")),
            negative=_opt_s(c.get("negative")),
            examples=_strs(c.get("examples")),
            where=where / "clauses" / i,
        )
        for i, c in _items(data.get("clauses"))
    ]
    topic = None
    if "topic" in data:
        topic = Topic(
            topic_id, _title(top.get("title")), tuple(c.id for c in clauses), where / "topic"
        )
    return topic, clauses


def _ambiguities(doc: Document) -> list[Ambiguity]:
    data = _dict(doc.data)
    out = []
    for i, a in _items(data.get("ambiguities")):
        where = Where(doc.path, ("ambiguities", i))
        readings = tuple(
            Reading(r["id"], _s(r.get("text")), _map(r.get("parameters")), where / "readings" / j)
            for j, r in _items(a.get("readings"))
        )
        raw_choices = _dict(a.get("rulesets"))
        choices = {
            rid: ReadingChoice(_s(c.get("reading")), _s(c.get("why")), where / "rulesets" / rid)
            for rid, c in raw_choices.items()
            if isinstance(c, dict)
        }
        out.append(
            Ambiguity(
                id=a["id"],
                kind=_s(a.get("kind")),
                title=_title(a.get("title")),
                question=_s(a.get("question")),
                citations=_citations(a.get("citations")),
                clauses=_strs(a.get("clauses")),
                readings=readings,
                rulesets=MappingProxyType(choices),
                where=where,
            )
        )
    return out


def _sources(doc: Document) -> list[Source]:
    data = _dict(doc.data)
    return [
        Source(
            id=s["id"],
            title=_title(s.get("title")),
            file=_s(s.get("file")),
            kind=_s(s.get("kind")),
            defines=_opt_s(s.get("defines")),
            language=_s(s.get("language")),
            sections=_strs(s.get("sections")),
            notes=_opt_s(s.get("notes")),
            where=Where(doc.path, ("sources", i)),
        )
        for i, s in _items(data.get("sources"))
    ]


def _option(name: str, raw: dict[str, Any], where: Where) -> RoomOption:
    values = _dict(raw.get("values"))
    by_choice = {
        choice: _map(values.get(key)) for choice, key in ((True, "true"), (False, "false"))
    }
    default = raw.get("default")
    return RoomOption(
        name=name,
        default=default if isinstance(default, bool) else False,
        title=_title(raw.get("title")),
        clauses=_strs(raw.get("clauses")),
        values=MappingProxyType(by_choice),
        where=where,
    )


def _ruleset(doc: Document) -> RulesetFile | None:
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    where = Where(doc.path)
    raw_options = _dict(data.get("options"))
    options = {
        name: _option(name, raw, where / "options" / name)
        for name, raw in raw_options.items()
        if isinstance(raw, dict)
    }
    return RulesetFile(
        id=data["id"],
        source=_s(data.get("source")),
        extends=_opt_s(data.get("extends")),
        title=_title(data.get("title")),
        parameters=_map(data.get("parameters")),
        options=MappingProxyType(options),
        where=where,
    )


def _parameters(doc: Document) -> list[Parameter]:
    data = _dict(doc.data)
    raw = _dict(data.get("parameters"))
    return [
        Parameter(
            name=name,
            clause=_s(p.get("clause")),
            ambiguity=_opt_s(p.get("ambiguity")),
            schema=_map(p.get("schema")),
            doc=_opt_s(p.get("doc")),
            where=Where(doc.path, ("parameters", name)),
        )
        for name, p in raw.items()
        if isinstance(p, dict)
    ]


def _reasons(doc: Document) -> list[ReasonCode]:
    raw = _dict(_dict(doc.data).get("reasons"))
    return [
        ReasonCode(
            code=code,
            clause=_s(r.get("clause")),
            also=_strs(r.get("also")),
            reserved=r.get("reserved") is True,
            doc=_s(r.get("doc")),
            where=Where(doc.path, ("reasons", code)),
        )
        for code, r in raw.items()
        if isinstance(r, dict)
    ]


def build_spec(root: Path, documents: Iterable[tuple[str, Document]]) -> Spec:
    """A :class:`Spec` from ``(kind, document)`` pairs; items without an id are left out."""
    topics: list[Topic] = []
    clauses: list[Clause] = []
    ambiguities: list[Ambiguity] = []
    sources: list[Source] = []
    rulesets: list[RulesetFile] = []
    parameters: list[Parameter] = []
    reasons: list[ReasonCode] = []
    for kind, doc in documents:
        if kind == CLAUSES:
            topic, items = _clause_file(doc)
            topics += [topic] if topic is not None else []
            clauses += items
        elif kind == AMBIGUITIES:
            ambiguities += _ambiguities(doc)
        elif kind == SOURCES:
            sources += _sources(doc)
        elif kind == RULESET:
            ruleset = _ruleset(doc)
            rulesets += [ruleset] if ruleset is not None else []
        elif kind == PARAMETERS:
            parameters += _parameters(doc)
        elif kind == REASONS:
            reasons += _reasons(doc)
    return Spec(
        root=root,
        topics=tuple(topics),
        clauses=tuple(clauses),
        ambiguities=tuple(ambiguities),
        sources=tuple(sources),
        rulesets=tuple(rulesets),
        parameters=tuple(parameters),
        reasons=tuple(reasons),
    )
