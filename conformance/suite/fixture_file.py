"""YAML fixtures: named deals, named scripts and full runnable cases (features/fixtures/*.yaml).

A fixture file holds ``deals`` (explicit hands by seat and the stock, top card first, that
Gherkin steps name with ``Given the deal "<id>"``), ``scripts`` (action lines for a deal) and
``cases`` (a deal, an action script with expected rulings and legal action sets, and the
expected end of the game). The shape is ``spec/schemas/fixture.schema.json``. A case becomes
a :class:`~conformance.suite.model.RawCase` written in the step language of the feature files
(:mod:`conformance.suite.fixture_case`), so that a fixture and a ``.feature`` scenario reach
their verdict through the same step library. Files are read by the kit's one line-tracking
YAML reader (:mod:`phomspec.yamlio`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator

from conformance.errors import ScenarioError
from conformance.suite.cards import check_deal
from conformance.suite.compiler import check_raw_case
from conformance.suite.fixture_case import case_to_raw, line_of
from conformance.suite.model import FixtureIndex, NamedDeal, NamedScript, RawCase, StepError
from conformance.suite.steps.grammar import parse_action_line
from phomspec import list_rulesets
from phomspec.paths import spec_dir
from phomspec.problems import Problem
from phomspec.yamlio import Document, SpecSyntaxError, parse_text, read_document


@dataclass(frozen=True)
class FixtureFile:
    """One fixture file: its named deals and its cases as raw scenarios."""

    path: str
    deals: Mapping[str, NamedDeal]
    cases: tuple[RawCase, ...]


def read_fixture(path: Path) -> Document:
    """Parse one fixture file; ScenarioError (file:line) when it is not readable YAML."""
    try:
        return read_document(path)
    except SpecSyntaxError as e:
        raise ScenarioError(str(e)) from None


@cache
def fixture_schema() -> dict[str, Any]:
    with (spec_dir() / "schemas" / "fixture.schema.json").open(encoding="utf-8") as f:
        schema: dict[str, Any] = json.load(f)
    return schema


@cache
def _fast_fixture_validator() -> Any:
    return jsonschema_rs.validator_for(fixture_schema())


def _schema_problems(data: Any, doc: Document, file: str) -> list[Problem]:
    # the compiled validator decides (the same verdicts, about 100 times faster); jsonschema
    # only words the problems of a file found invalid
    if _fast_fixture_validator().is_valid(data):
        return []
    validator = Draft202012Validator(fixture_schema())
    out: list[Problem] = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        # oneOf failures are unreadable as a whole: report the most specific sub-error.
        best = err
        while best.context:
            best = min(best.context, key=lambda e: (-len(e.absolute_path), str(e.message)))
        where = "/".join(str(p) for p in best.absolute_path) or "(top)"
        line = line_of(doc, list(best.absolute_path))
        out.append(Problem(file, line, f"{where}: {best.message}"))
    return out


def _deal_of(entry: Mapping[str, Any], deals: Mapping[str, NamedDeal]) -> tuple[int, int] | None:
    """(players, first) of a case's deal, or None when the named deal is unknown."""
    deal = entry["deal"]
    if isinstance(deal, str):
        named = deals.get(deal)
        if named is None:
            return None
        return entry.get("players", named.players), entry.get("first", named.first)
    return entry.get("players", len(deal["hands"])), entry.get("first", 0)


def _semantic_problems(
    data: Mapping[str, Any], doc: Document, file: str, deals: Mapping[str, NamedDeal]
) -> list[Problem]:
    out: list[Problem] = []
    known_rulesets = set(list_rulesets())
    for i, deal in enumerate(data.get("deals") or []):
        for msg in check_deal(deal["players"], deal.get("first", 0), deal["hands"], deal["stock"]):
            out.append(Problem(file, line_of(doc, ["deals", i]), f"deal {deal['id']!r}: {msg}"))
    ids: set[str] = set()
    for i, case in enumerate(data.get("cases") or []):
        where = line_of(doc, ["cases", i])
        if case["id"] in ids:
            out.append(Problem(file, where, f"case id {case['id']!r} is used twice"))
        ids.add(case["id"])
        for r in case["rulesets"]:
            if r != "all" and r not in known_rulesets:
                out.append(
                    Problem(
                        file,
                        line_of(doc, ["cases", i, "rulesets"]),
                        f"unknown ruleset {r!r}; known: {', '.join(sorted(known_rulesets))}, all",
                    )
                )
        deal = case["deal"]
        if isinstance(deal, str):
            if deal not in deals:
                out.append(
                    Problem(file, line_of(doc, ["cases", i, "deal"]), f"no deal named {deal!r}")
                )
        else:
            pf = _deal_of(case, deals)
            if pf is not None:
                for msg in check_deal(pf[0], pf[1], deal["hands"], deal["stock"]):
                    out.append(Problem(file, line_of(doc, ["cases", i, "deal"]), msg))
    return out


def _index_deals(data: Mapping[str, Any], doc: Document, file: str) -> dict[str, NamedDeal]:
    out: dict[str, NamedDeal] = {}
    for i, d in enumerate(data.get("deals") or []):
        out[d["id"]] = NamedDeal(
            id=d["id"],
            players=d["players"],
            first=d.get("first", 0),
            hands=tuple(tuple(h) for h in d["hands"]),
            stock=tuple(d["stock"]),
            source=file,
            line=line_of(doc, ["deals", i]),
        )
    return out


def _index_scripts(data: Mapping[str, Any], doc: Document, file: str) -> dict[str, NamedScript]:
    out: dict[str, NamedScript] = {}
    for i, d in enumerate(data.get("scripts") or []):
        out[d["id"]] = NamedScript(
            id=d["id"],
            deal=d["deal"],
            actions=tuple(d["actions"]),
            source=file,
            line=line_of(doc, ["scripts", i]),
        )
    return out


def _script_problems(
    data: Mapping[str, Any], doc: Document, file: str, deals: Mapping[str, NamedDeal]
) -> list[Problem]:
    out: list[Problem] = []
    for i, script in enumerate(data.get("scripts") or []):
        if script["deal"] not in deals:
            where = line_of(doc, ["scripts", i, "deal"])
            out.append(Problem(file, where, f"no deal named {script['deal']!r}"))
        for j, text in enumerate(script["actions"]):
            try:
                parse_action_line(text)
            except StepError as e:
                out.append(Problem(file, line_of(doc, ["scripts", i, "actions", j]), str(e)))
    return out


def validate_fixture_file(
    path: str | Path, deals: Mapping[str, NamedDeal] | None = None
) -> list[Problem]:
    """Every problem of one fixture file: YAML, schema, deals, rulesets and script steps.

    ``deals`` are named deals of other fixture files that cases may refer to (by default the
    deals of every file in the same directory).
    """
    path = Path(path)
    file = str(path)
    try:
        doc = read_document(path)
    except SpecSyntaxError as e:
        return [Problem(file, e.line, e.message)]
    data = doc.data
    if not isinstance(data, dict):
        return [Problem(file, 1, "a fixture file is a mapping with 'deals' and/or 'cases'")]
    problems = _schema_problems(data, doc, file)
    if problems:
        return problems
    own = _index_deals(data, doc, file)
    siblings = _sibling_index(path)
    others = dict(deals) if deals is not None else dict(siblings.deals)
    problems = _semantic_problems(data, doc, file, others | own)
    problems += _script_problems(data, doc, file, others | own)
    if problems:
        return problems
    index = FixtureIndex(others | own, dict(siblings.scripts) | _index_scripts(data, doc, file))
    for i, case in enumerate(data.get("cases") or []):
        raw = case_to_raw(case, doc, ["cases", i], file)
        problems += [Problem(file, line, msg) for line, msg in check_raw_case(raw, index)]
    return problems


def _sibling_index(path: Path) -> FixtureIndex:
    deals: dict[str, NamedDeal] = {}
    scripts: dict[str, NamedScript] = {}
    for other in sorted(path.parent.glob("*.yaml")):
        if other.resolve() == path.resolve():
            continue
        try:
            text = other.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        named = _named_in(str(other), text)
        if named is not None:
            deals |= named[0]
            scripts |= named[1]
    return FixtureIndex(deals, scripts)


@lru_cache(maxsize=256)
def _named_in(file: str, text: str) -> tuple[dict[str, NamedDeal], dict[str, NamedScript]] | None:
    """The named deals and scripts of fixture file ``file`` holding ``text``; None when it
    does not parse or fails its schema. Cached by content: validating every file of a
    directory parses each sibling once, not once per file."""
    try:
        doc = parse_text(text, Path(file))
    except SpecSyntaxError:
        return None
    data = doc.data
    if isinstance(data, dict) and not _schema_problems(data, doc, file):
        return _index_deals(data, doc, file), _index_scripts(data, doc, file)
    return None


def _load_error(problems: Sequence[Problem]) -> ScenarioError:
    """One line for a fixture file that cannot load: its first problem, and how many more."""
    more = len(problems) - 1
    rest = f" ({more} more: phom-conformance validate {problems[0].file})" if more else ""
    return ScenarioError(f"{problems[0]}; fix the fixture (spec/schemas/fixture.schema.json){rest}")


def load_fixture_file(path: Path, deals: Mapping[str, NamedDeal] | None = None,
                      doc: Document | None = None) -> FixtureFile:
    """Load one fixture file (``doc``: its parse, when read already); raise
    :class:`ScenarioError` naming file:line when it is wrong."""
    file = str(path)
    doc = doc or read_fixture(path)
    data = doc.data
    if not isinstance(data, dict):
        raise ScenarioError(f"{file}:1: a fixture file is a mapping with 'deals' and/or 'cases'")
    problems = _schema_problems(data, doc, file)
    own = _index_deals(data, doc, file) if not problems else {}
    if not problems:
        problems = _semantic_problems(data, doc, file, dict(deals or {}) | own)
    if problems:
        raise _load_error(problems)
    cases = tuple(
        case_to_raw(case, doc, ["cases", i], file)
        for i, case in enumerate(data.get("cases") or [])
    )
    return FixtureFile(file, own, cases)


def load_fixture_index(paths: Sequence[Path],
                       docs: dict[Path, Document] | None = None) -> FixtureIndex:
    """Named deals and scripts of the given fixture files; an id defined twice is an error.
    ``docs``, when given, gets each file's parse (by resolved path), for load_fixture_file."""
    deals: dict[str, NamedDeal] = {}
    scripts: dict[str, NamedScript] = {}
    for path in paths:
        doc = read_fixture(path)
        if docs is not None:
            docs[path.resolve()] = doc
        data = doc.data
        if not isinstance(data, dict):
            continue
        problems = _schema_problems(data, doc, str(path))
        if problems:
            raise _load_error(problems)
        found: list[tuple[str, NamedDeal | NamedScript, dict[str, Any]]] = [
            *(("deal", d, deals) for d in _index_deals(data, doc, str(path)).values()),
            *(("script", sc, scripts) for sc in _index_scripts(data, doc, str(path)).values()),
        ]
        for what, item, table in found:
            if item.id in table:
                prev = table[item.id]
                raise ScenarioError(
                    f"{item.source}:{item.line}: {what} {item.id!r} is already defined at"
                    f" {prev.source}:{prev.line}; give it another id"
                )
            table[item.id] = item
    for script in scripts.values():
        if script.deal not in deals:
            raise ScenarioError(
                f"{script.source}:{script.line}: script {script.id!r} names no known deal"
                f" {script.deal!r}"
            )
    return FixtureIndex(deals, scripts)
