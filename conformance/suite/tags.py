"""The tags of a scenario.

``@id:<kebab-id>`` (one, stable), ``@clause:<ID>`` (one per clause), ``@ruleset:<id>`` or
``@ruleset:all`` (scenario tags replace feature tags), ``@reading:<AMB-ID>=<reading>``,
``@negative``, ``@source:<id>`` and free words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from conformance.errors import ScenarioError
from conformance.suite.model import RawCase, Scenario
from phomspec import list_rulesets, resolve_ruleset
from phomspec.paths import spec_dir
from phomspec.problems import did_you_mean
from phomspec.yamlio import FAST_LOADER

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CLAUSE_RE = re.compile(r"^[A-Z0-9]+(?:\.[A-Z0-9-]+)+$")
_READING_RE = re.compile(r"^(AMB[.-][A-Z0-9][A-Z0-9._-]*)=([A-Za-z0-9._-]+)$")
#: The kinds of ``@kind:value`` tag.
TAG_KINDS = ("id", "clause", "ruleset", "reading", "source")


def known_rulesets() -> tuple[str, ...]:
    """The ids of the kit's rulesets (spec/rulesets/), sorted."""
    return tuple(list_rulesets())


@cache
def _clause_ids(clauses: Path) -> frozenset[str]:
    ids: set[str] = set()
    for path in sorted(clauses.glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=FAST_LOADER)
        except (OSError, yaml.YAMLError):
            continue  # validate reports a spec file that cannot be read
        items = data.get("clauses") if isinstance(data, dict) else None
        for c in items or []:
            if isinstance(c, dict) and isinstance(c.get("id"), str):
                ids.add(c["id"])
    return frozenset(ids)


def known_clauses() -> frozenset[str]:
    """The clause ids of the spec in use (``spec/clauses/*.yaml``), read without validating
    the spec (``phom-conformance validate`` does that)."""
    return _clause_ids(spec_dir() / "clauses")


def unknown_clauses(scenarios: Iterable[Scenario], known: Iterable[str]) -> list[str]:
    """One line per scenario tag naming a clause not in ``known``, at the scenario's
    file:line (once, though a scenario runs under several rulesets)."""
    ids = frozenset(known)
    lines: dict[str, None] = {}
    for sc in scenarios:
        for c in sc.clauses:
            if c not in ids:
                where = f"{sc.source}:{sc.line}: scenario {sc.base_id or sc.id}"
                lines[f"{where}: unknown clause {c!r}{did_you_mean(c, ids)};"
                      " name one of `phom-conformance clauses`"] = None
    return list(lines)


@cache
def ruleset_players(rid: str) -> tuple[int, ...]:
    """The table sizes ruleset ``rid`` allows."""
    return tuple(resolve_ruleset(rid)["players"])


@dataclass(frozen=True)
class Tags:
    """What the tags of a scenario say."""

    id: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    negative: bool
    tags: tuple[str, ...]
    #: Whether the rulesets come from ``@ruleset:all`` (the ids then carry ``[ruleset]``).
    from_all: bool = False


def parse_tags(raw: RawCase) -> Tags:
    """The tags of a raw scenario (its feature's first); ScenarioError at file:line."""
    where = f"{raw.source}:{raw.line}"
    ids: list[str] = []
    clauses: list[str] = []
    readings: list[tuple[str, str]] = []
    negative = False
    own_rulesets: list[str] = []
    feature_rulesets: list[str] = []
    all_tags = [(t, True) for t in raw.feature_tags] + [(t, False) for t in raw.tags]
    for tag, from_feature in all_tags:
        name = tag[1:] if tag.startswith("@") else tag
        if name == "negative":
            negative = True
            continue
        if ":" not in name:
            continue
        kind, _, value = name.partition(":")
        if kind not in TAG_KINDS:
            raise ScenarioError(
                f"{where}: unknown tag kind {kind!r} in {tag!r}; use one of"
                f" {', '.join('@' + k + ':' for k in TAG_KINDS)}"
            )
        if kind == "id":
            if not _ID_RE.match(value):
                raise ScenarioError(f"{where}: @id {value!r} must be kebab-case (a-z, 0-9, '-')")
            ids.append(value)
        elif kind == "clause":
            if not _CLAUSE_RE.match(value):
                raise ScenarioError(f"{where}: {tag!r} is not a clause id such as PHOM.RUN.NO-WRAP")
            if value not in clauses:
                clauses.append(value)
        elif kind == "ruleset":
            known = known_rulesets()
            if value != "all" and value not in known:
                raise ScenarioError(
                    f"{where}: unknown ruleset {value!r} in {tag!r}; known: {', '.join(known)}, all"
                )
            (feature_rulesets if from_feature else own_rulesets).append(value)
        elif kind == "reading":
            m = _READING_RE.match(value)
            if not m:
                raise ScenarioError(f"{where}: {tag!r} must read @reading:AMB.<ID>=<reading>")
            if (m.group(1), m.group(2)) not in readings:  # several readings of one: allowed
                readings.append((m.group(1), m.group(2)))
    if len(ids) != 1:
        what = "no @id:<kebab-id> tag" if not ids else f"{len(ids)} @id tags"
        raise ScenarioError(f"{where}: scenario {raw.name!r} has {what}; give it exactly one")
    chosen = own_rulesets or feature_rulesets
    if not chosen:
        raise ScenarioError(
            f"{where}: scenario {raw.name!r} names no @ruleset:<id> (or @ruleset:all)"
        )
    if not clauses:
        raise ScenarioError(f"{where}: scenario {raw.name!r} names no @clause:<ID> it checks")
    rulesets = known_rulesets() if "all" in chosen else tuple(dict.fromkeys(chosen))
    plain = tuple(t for t, _ in all_tags)
    return Tags(
        ids[0],
        tuple(clauses),
        rulesets,
        tuple(sorted(readings, key=lambda pair: pair[0])),
        negative,
        plain,
        from_all="all" in chosen,
    )
