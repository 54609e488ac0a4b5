"""The tags of a scenario.

``@id:<kebab-id>`` (one, stable), ``@clause:<ID>`` (one per clause), ``@ruleset:<id>`` or
``@ruleset:all`` (scenario tags replace feature tags), ``@reading:<AMB-ID>=<reading>``,
``@negative``, ``@source:<id>`` and free words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from conformance.errors import ScenarioError
from conformance.suite.model import RawCase
from phomspec import list_rulesets, resolve_ruleset

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CLAUSE_RE = re.compile(r"^[A-Z0-9]+(?:\.[A-Z0-9-]+)+$")
_READING_RE = re.compile(r"^(AMB[.-][A-Z0-9][A-Z0-9._-]*)=([A-Za-z0-9._-]+)$")
#: The kinds of ``@kind:value`` tag.
TAG_KINDS = ("id", "clause", "ruleset", "reading", "source")


def known_rulesets() -> tuple[str, ...]:
    """The ids of the kit's rulesets (spec/rulesets/), sorted."""
    return tuple(list_rulesets())


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
