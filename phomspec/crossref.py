"""Cross-checks between spec files: ids unique, every reference resolves, rulesets complete,
ambiguity readings agree with the rulesets that take them, example card codes well-formed.

Each check is a function ``(spec, out)``; :data:`LOCAL_CHECKS` need only the file itself,
:data:`CONTEXT_CHECKS` need the whole spec root.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match

from phomspec.cardtext import bad_card_words
from phomspec.errors import SpecError
from phomspec.model import Ambiguity, Citation, Parameter, ReadingChoice, Spec, Where
from phomspec.problems import Collector, did_you_mean
from phomspec.rulesets import extends_chain, merge_chain
from phomspec.schemacheck import explain

Check = Callable[[Spec, Collector], None]


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (so that true is not 1)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# ---- ids -------------------------------------------------------------------------------------


def _duplicates(out: Collector, what: str, items: Iterable[tuple[str, Where]], fix: str) -> None:
    first: dict[str, Where] = {}
    for key, where in items:
        if key in first:
            out.add(
                where / "id",
                f"duplicate {what} {key!r}: already defined at {out.ref(first[key] / 'id')}; {fix}",
            )
        else:
            first[key] = where


def check_unique_ids(spec: Spec, out: Collector) -> None:
    """Clause, topic, ambiguity, source and ruleset ids, and reading ids, each used once."""
    _duplicates(
        out, "clause id", ((c.id, c.where) for c in spec.clauses), "give each clause its own id"
    )
    _duplicates(
        out, "topic id", ((t.id, t.where) for t in spec.topics), "give each topic its own id"
    )
    _duplicates(
        out,
        "ambiguity id",
        ((a.id, a.where) for a in spec.ambiguities),
        "merge the two entries or rename one",
    )
    _duplicates(
        out, "source id", ((s.id, s.where) for s in spec.sources), "give each source its own id"
    )
    _duplicates(
        out,
        "ruleset id",
        ((r.id, r.where) for r in spec.rulesets),
        "give each ruleset file its own id",
    )
    for amb in spec.ambiguities:
        _duplicates(
            out,
            f"reading id (in {amb.id})",
            ((r.id, r.where) for r in amb.readings),
            "give each reading its own id",
        )


def check_examples(spec: Spec, out: Collector) -> None:
    """Words in clause examples that look like card codes are valid card codes."""
    for clause in spec.clauses:
        for i, text in enumerate(clause.examples):
            for word, why in bad_card_words(text):
                out.add(
                    clause.where / "examples" / i,
                    f"clause {clause.id}, example {i + 1}: {word!r} looks like a card code but is"
                    f" not one ({why}); fix the code, or write the word in lower case if it is"
                    " not meant as a card",
                )


# ---- references ------------------------------------------------------------------------------


_FIX = {
    "clause": "use an id from clauses/*.yaml, or add the clause",
    "ambiguity": "use an id from ambiguities.yaml, or add the ambiguity",
    "ruleset": "use a ruleset id from rulesets/*.yaml",
    "parameter": "use a name from parameters.yaml, or add the parameter there",
    "source": "use an id from sources.yaml",
}


def _dangling(out: Collector, spec: Spec, what: str, key: str) -> bool:
    """``key`` names no ``what``. Never said while the spec has no ``what`` at all (a missing
    file, reported as such) or a file of that kind could not be read (its ids are unknown)."""
    if not key or what in out.unreadable or not spec.ids(what):
        return False
    return not spec.has(what, key)


def _ref(
    out: Collector,
    spec: Spec,
    what: str,
    owner: str,
    where: Where,
    key: str,
    *,
    key_line: bool = False,
) -> None:
    """Report ``key`` (at ``where``, or its key's line) when it names no ``what``."""
    if _dangling(out, spec, what, key):
        hint = did_you_mean(key, spec.ids(what))
        out.add(where, f"{owner}: unknown {what} {key!r}{hint}; {_FIX[what]}", key=key_line)


def _refs(
    out: Collector, spec: Spec, what: str, owner: str, where: Where, ids: Iterable[str]
) -> None:
    for i, key in enumerate(ids):
        _ref(out, spec, what, owner, where / i, key)


def check_clause_refs(spec: Spec, out: Collector) -> None:
    """Clause ids named by ambiguities, parameters, room options and reason codes exist."""
    for amb in spec.ambiguities:
        _refs(out, spec, "clause", f"ambiguity {amb.id}", amb.where / "clauses", amb.clauses)
    for p in spec.parameters:
        _ref(out, spec, "clause", f"parameter {p.name}", p.where / "clause", p.clause)
    for rs in spec.rulesets:
        for opt in rs.options.values():
            owner = f"ruleset {rs.id}, option {opt.name}"
            _refs(out, spec, "clause", owner, opt.where / "clauses", opt.clauses)
    for r in spec.reasons:
        _ref(out, spec, "clause", f"reason {r.code}", r.where / "clause", r.clause)
        _refs(out, spec, "clause", f"reason {r.code}", r.where / "also", r.also)


def check_ambiguity_refs(spec: Spec, out: Collector) -> None:
    """Ambiguity ids named by clauses and parameters exist."""
    for c in spec.clauses:
        _refs(out, spec, "ambiguity", f"clause {c.id}", c.where / "ambiguities", c.ambiguities)
    for p in spec.parameters:
        _ref(
            out, spec, "ambiguity", f"parameter {p.name}", p.where / "ambiguity", p.ambiguity or ""
        )


def check_ruleset_refs(spec: Spec, out: Collector) -> None:
    """Ruleset ids named by clauses, ambiguities, sources and ``extends`` exist."""
    for c in spec.clauses:
        _refs(out, spec, "ruleset", f"clause {c.id}", c.where / "rulesets", c.rulesets)
    for amb in spec.ambiguities:
        for rid in amb.rulesets:
            where = amb.where / "rulesets" / rid
            _ref(out, spec, "ruleset", f"ambiguity {amb.id}", where, rid, key_line=True)
    for s in spec.sources:
        _ref(out, spec, "ruleset", f"source {s.id}", s.where / "defines", s.defines or "")
    for rs in spec.rulesets:
        owner = f"ruleset {rs.id} extends"
        _ref(out, spec, "ruleset", owner, rs.where / "extends", rs.extends or "")


def check_parameter_refs(spec: Spec, out: Collector) -> None:
    """Parameter names used by clauses, readings, rulesets and room options exist."""
    if not spec.parameters:
        return
    for c in spec.clauses:
        _refs(out, spec, "parameter", f"clause {c.id}", c.where / "parameters", c.parameters)
    for amb in spec.ambiguities:
        for r in amb.readings:
            owner = f"ambiguity {amb.id}, reading {r.id}"
            _named(out, spec, owner, r.where / "parameters", r.parameters)
    for rs in spec.rulesets:
        _named(out, spec, f"ruleset {rs.id}", rs.where / "parameters", rs.parameters)
        for opt in rs.options.values():
            for choice, values in opt.values.items():
                owner = f"ruleset {rs.id}, option {opt.name}={str(choice).lower()}"
                _named(out, spec, owner, opt.where / "values" / str(choice).lower(), values)


def _named(out: Collector, spec: Spec, owner: str, where: Where, names: Iterable[str]) -> None:
    for name in names:
        _ref(out, spec, "parameter", owner, where / name, name, key_line=True)


def _citation(out: Collector, spec: Spec, owner: str, where: Where, cit: Citation) -> None:
    if not spec.has("source", cit.source):
        _ref(out, spec, "source", owner, where / "source", cit.source)
        return
    src = spec.source(cit.source)
    if cit.section and cit.section not in src.sections:
        out.add(
            where / "section",
            f"{owner} cites section {cit.section!r} of source {src.id}, which is not one of its"
            f" sections{did_you_mean(cit.section, src.sections)}; use a heading listed at"
            f" {out.ref(src.where / 'sections')}, or add it there",
        )


def check_citations(spec: Spec, out: Collector) -> None:
    """Every cited source exists and every cited section is one of that source's sections."""
    for c in spec.clauses:
        for i, cit in enumerate(c.citations):
            _citation(out, spec, f"clause {c.id}", c.where / "citations" / i, cit)
    for amb in spec.ambiguities:
        for i, cit in enumerate(amb.citations):
            _citation(out, spec, f"ambiguity {amb.id}", amb.where / "citations" / i, cit)
    for rs in spec.rulesets:
        _ref(out, spec, "source", f"ruleset {rs.id}", rs.where / "source", rs.source)


def check_sources(spec: Spec, out: Collector) -> None:
    """A source that defines a ruleset is the source that ruleset names."""
    for s in spec.sources:
        if s.defines is None or not spec.has("ruleset", s.defines):
            continue
        rs = spec.ruleset(s.defines)
        if rs.source and rs.source != s.id:
            out.add(
                s.where / "defines",
                f"source {s.id} defines ruleset {rs.id}, but that ruleset names source"
                f" {rs.source!r} ({out.ref(rs.where / 'source')}); make the two agree",
            )


# ---- rulesets and readings -------------------------------------------------------------------


@cache
def _value_validator(schema_json: str) -> Draft202012Validator | None:
    schema = json.loads(schema_json)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError:
        return None  # reported against parameters.yaml by its own schema check
    return Draft202012Validator(schema)


def value_problem(param: Parameter, value: Any) -> str | None:
    """Why ``value`` does not fit ``param``'s schema, or None when it does."""
    v = _value_validator(json.dumps(dict(param.schema), sort_keys=True))
    if v is None:
        return None
    error = best_match(v.iter_errors(value))
    return None if error is None else explain(error)


def _check_values(
    out: Collector, spec: Spec, owner: str, where: Where, values: dict[str, Any]
) -> None:
    for name, value in values.items():
        if not spec.has("parameter", name):
            continue
        param = spec.parameter(name)
        why = value_problem(param, value)
        if why is not None:
            out.add(
                where / name,
                f"{owner}: parameter {name} = {_shown(value)} is not valid: {why}; give a value"
                f" that fits its schema ({out.ref(param.where / 'schema')})",
            )


def _chain(spec: Spec, rid: str) -> list[str] | None:
    try:
        return extends_chain(rid, {r.id: r.extends for r in spec.rulesets})
    except SpecError:
        return None


def own_values(spec: Spec, rid: str) -> dict[str, Any] | None:
    """A ruleset's parameter values through ``extends`` (no room options); None if unresolvable."""
    chain = _chain(spec, rid)
    if chain is None:
        return None
    return merge_chain(chain, {r: spec.ruleset(r).parameters for r in chain})


def default_values(spec: Spec, rid: str) -> dict[str, Any] | None:
    """A ruleset's parameter values with every room option at its default."""
    chain = _chain(spec, rid)
    values = own_values(spec, rid)
    if chain is None or values is None:
        return None
    options = merge_chain(chain, {r: spec.ruleset(r).options for r in chain})
    for opt in options.values():
        values |= dict(opt.values.get(opt.default) or {})
    return values


def check_rulesets(spec: Spec, out: Collector) -> None:
    """No extends cycle; every parameter set; every value fits its parameter's schema."""
    known = {r.id for r in spec.rulesets}
    extends_of = {r.id: r.extends for r in spec.rulesets}
    for rs in spec.rulesets:
        _check_values(out, spec, f"ruleset {rs.id}", rs.where / "parameters", dict(rs.parameters))
        for opt in rs.options.values():
            for choice, values in opt.values.items():
                label = str(choice).lower()
                owner = f"ruleset {rs.id}, option {opt.name}={label}"
                _check_values(out, spec, owner, opt.where / "values" / label, dict(values))
        if rs.extends is not None and rs.extends not in known:
            continue  # reported by check_ruleset_refs
        try:
            extends_chain(rs.id, extends_of)
        except SpecError as e:
            out.add(rs.where / "extends", f"{e}; remove 'extends' from one of these rulesets")
            continue
        values = own_values(spec, rs.id) or {}
        missing = [p.name for p in spec.parameters if p.name not in values]
        if missing:
            out.add(
                rs.where / "parameters",
                f"ruleset {rs.id} does not set parameter(s) {', '.join(missing)} (directly or"
                " through extends); add a value for each under 'parameters:'",
                key=True,
            )


def check_readings(spec: Spec, out: Collector) -> None:
    """Every ambiguity gives an existing reading for every ruleset, agreeing with its values."""
    rulesets = list(dict.fromkeys(r.id for r in spec.rulesets))
    for amb in spec.ambiguities:
        for r in amb.readings:
            owner = f"ambiguity {amb.id}, reading {r.id}"
            _check_values(out, spec, owner, r.where / "parameters", dict(r.parameters))
        # A ruleset that extends another inherits its reading unless it names its own, so a
        # new house written as YAML alone need not touch the register.
        effective = {rid: _inherited_choice(spec, amb, rid) for rid in rulesets}
        missing = [rid for rid in rulesets if effective[rid] is None]
        if missing:
            out.add(
                amb.where / "rulesets" if amb.rulesets else amb.where,
                f"ambiguity {amb.id} gives no reading for ruleset(s) {', '.join(missing)}; add"
                " '<ruleset>: {reading: <reading id>, why: ...}' under 'rulesets:' for each",
                key=bool(amb.rulesets),
            )
        reading_ids = [r.id for r in amb.readings]
        # Only readings a ruleset names itself must agree with its values: an inherited reading
        # is a default, and a house that sets its own value departs from it knowingly.
        for rid, choice in amb.rulesets.items():
            if not choice.reading:
                continue
            if choice.reading not in reading_ids:
                out.add(
                    choice.where / "reading",
                    f"ambiguity {amb.id}: ruleset {rid} takes reading {choice.reading!r}, which is"
                    f" not one of its readings ({', '.join(reading_ids)}); name one of them",
                )
                continue
            reading = amb.reading(choice.reading)
            if not reading.parameters or not spec.has("ruleset", rid):
                continue
            values = default_values(spec, rid)
            if values is None:
                continue
            for name, value in reading.parameters.items():
                if name in values and not _same(values[name], value):
                    out.add(
                        choice.where / "reading",
                        f"ambiguity {amb.id}: ruleset {rid} takes reading {reading.id!r}, which"
                        f" sets {name} = {_shown(value)}"
                        f" ({out.ref(reading.where / 'parameters' / name)}), but the ruleset has"
                        f" {name} = {_shown(values[name])} (default room options); make the"
                        " reading, its parameters and the ruleset agree",
                    )


def _inherited_choice(spec: Spec, amb: Ambiguity, rid: str) -> ReadingChoice | None:
    """The reading ruleset ``rid`` takes on ``amb``: its own, else the nearest ancestor's."""
    seen: set[str] = set()
    current: str | None = rid
    while current is not None and current not in seen:
        seen.add(current)
        if current in amb.rulesets:
            return amb.rulesets[current]
        parents = [r.extends for r in spec.rulesets if r.id == current]
        current = parents[0] if parents else None
    return None


LOCAL_CHECKS: tuple[Check, ...] = (check_unique_ids, check_examples)
CONTEXT_CHECKS: tuple[Check, ...] = (
    check_clause_refs,
    check_ambiguity_refs,
    check_ruleset_refs,
    check_parameter_refs,
    check_citations,
    check_sources,
    check_rulesets,
    check_readings,
)
