"""What an implementation's hello rules out, and what a scenario's new_game carries."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from typing import Any

from conformance.suite.model import Scenario
from phomspec.paths import spec_dir
from phomspec.rulesets import option_specs
from phomspec.yamlio import load_yaml


def unsupported(
    hello: Mapping[str, Any], scenario: Scenario, players: int, options: Mapping[str, bool],
    refusal: bool,
) -> str | None:
    """Why the implementation that said ``hello`` cannot play ``scenario`` (None if it can)."""
    sc = scenario
    entry = next((r for r in hello.get("rulesets") or [] if r.get("id") == sc.ruleset), None)
    if entry is None:
        return f"the implementation does not play ruleset {sc.ruleset!r}"
    if entry.get("players") and players not in entry["players"] and not refusal:
        return f"the implementation does not play {sc.ruleset} at {players} players"
    offered = entry.get("options") or {}
    for name, value in options.items():
        if name in offered:
            if value not in offered[name]:
                return f"the implementation does not offer {name}={value}"
        elif value != _option_default(sc.ruleset, name):
            return f"the implementation does not offer room option {name}={value}"
    fixed = {**(hello.get("readings") or {}), **(entry.get("readings") or {})}
    for amb, reading in held_readings(sc).items():
        if amb in fixed and fixed[amb] != reading:
            return (
                f"the scenario needs reading {amb}={reading};"
                f" the implementation reads {fixed[amb]}"
            )
    queries = set(hello.get("queries") or [])
    missing = sorted(sc.needs - queries)
    if missing:
        return f"the implementation does not answer the query {missing[0]!r}"
    return None


def _option_default(ruleset: str, name: str) -> Any:
    return (option_specs(ruleset).get(name) or {}).get("default")


#: What ruleset_readings gives, once read (or once taken from the suite cache).
_readings: dict[str, dict[str, str]] | None = None


def ruleset_readings() -> dict[str, dict[str, str]]:
    """ruleset id -> ambiguity id -> the reading it takes (spec/ambiguities.yaml), if known."""
    global _readings
    if _readings is None:
        _readings = _read_readings()
    return _readings


def keep_readings(readings: dict[str, dict[str, str]]) -> None:
    """Take ``readings`` (ruleset_readings' value, kept with a suite cache entry of this spec)
    instead of reading spec/ambiguities.yaml, unless it was read already."""
    global _readings
    if _readings is None:
        _readings = readings


def _read_readings() -> dict[str, dict[str, str]]:
    path = spec_dir() / "ambiguities.yaml"
    if not path.exists():
        return {}
    data = load_yaml(path) or {}
    out: dict[str, dict[str, str]] = {}
    for amb in data.get("ambiguities") or []:
        chosen = amb.get("rulesets") or {}
        if isinstance(chosen, dict):
            for rid, reading in chosen.items():
                rid_reading = reading.get("reading") if isinstance(reading, dict) else reading
                if isinstance(rid_reading, str):
                    out.setdefault(rid, {})[amb["id"]] = rid_reading
    return out


def held_readings(scenario: Scenario) -> dict[str, str]:
    """Ambiguity id -> the reading the scenario holds under, from its @reading: tags. A
    scenario run under several rulesets may name several readings of one ambiguity (each
    ruleset's own); each run holds under its ruleset's reading when that is named, else
    under the first one named."""
    own = ruleset_readings().get(scenario.ruleset, {})
    named: dict[str, list[str]] = {}
    for amb, reading in scenario.readings:
        named.setdefault(amb, []).append(reading)
    return {amb: own[amb] if own.get(amb) in rs else rs[0] for amb, rs in named.items()}


def readings_to_send(scenario: Scenario) -> dict[str, str]:
    """The readings a scenario needs that its ruleset does not take already."""
    own = ruleset_readings().get(scenario.ruleset, {})
    return {amb: r for amb, r in held_readings(scenario).items() if own.get(amb) != r}


_game_counter = itertools.count(1)


def game_id(scenario_id: str) -> str:
    """The protocol's game id of a scenario (its id, in the characters a game id allows)."""
    gid = re.sub(r"[^A-Za-z0-9._:-]", ":", scenario_id).replace(":]", "").rstrip(":")
    return gid[:64] or f"g{next(_game_counter)}"
