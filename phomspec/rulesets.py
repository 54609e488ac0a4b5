"""Resolve a ruleset: its own parameters over those it extends, then room options, then readings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from phomspec.errors import SpecError
from phomspec.paths import spec_dir
from phomspec.yamlio import json_key, load_yaml


@dataclass(frozen=True)
class ResolvedRuleset:
    """A ruleset with every parameter set: what the engine plays by."""

    id: str
    options: dict[str, Any]
    readings: dict[str, str]
    params: dict[str, Any] = field(repr=False)

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


@cache
def _raw_rulesets(root: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "rulesets").glob("*.yaml")):
        data = load_yaml(path)
        if not isinstance(data, dict) or "id" not in data:
            raise SpecError(f"{path}: a ruleset file needs a mapping with an 'id'")
        out[data["id"]] = data | {"_path": str(path)}
    return out


@cache
def _parameter_names(root: Path) -> frozenset[str]:
    data = load_yaml(root / "parameters.yaml")
    return frozenset(data["parameters"])


@cache
def _reading_overrides(root: Path) -> dict[str, dict[str, dict[str, Any]]]:
    path = root / "ambiguities.yaml"
    if not path.exists():
        return {}
    data = load_yaml(path) or {}
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for amb in data.get("ambiguities", []):
        out[amb["id"]] = {r["id"]: dict(r.get("parameters") or {}) for r in amb["readings"]}
    return out


def list_rulesets(root: Path | None = None) -> list[str]:
    return sorted(_raw_rulesets(root or spec_dir()))


def extends_chain(rid: str, extends_of: Mapping[str, str | None]) -> list[str]:
    """``rid`` and the rulesets it extends, nearest first; SpecError on a cycle or unknown id."""
    chain: list[str] = []
    current: str | None = rid
    while current is not None:
        if current in chain:
            cycle = " -> ".join((*chain[chain.index(current) :], current))
            raise SpecError(f"ruleset {rid!r}: 'extends' forms a cycle: {cycle}")
        if current not in extends_of:
            known = ", ".join(sorted(extends_of))
            if chain:
                raise SpecError(
                    f"ruleset {chain[-1]!r} extends unknown ruleset {current!r}; known: {known}"
                )
            raise SpecError(f"unknown ruleset {current!r}; known: {known}")
        chain.append(current)
        current = extends_of[current]
    return chain


def merge_chain(chain: list[str], values_of: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Values of the rulesets of ``chain`` (nearest first), the nearest winning."""
    out: dict[str, Any] = {}
    for rid in reversed(chain):
        out |= dict(values_of[rid])
    return out


def _extends_of(raw: dict[str, dict[str, Any]]) -> dict[str, str | None]:
    return {rid: data.get("extends") or None for rid, data in raw.items()}


def _own_params(rid: str, raw: dict[str, dict[str, Any]]) -> dict[str, Any]:
    chain = extends_chain(rid, _extends_of(raw))
    return merge_chain(chain, {r: raw[r].get("parameters") or {} for r in chain})


def option_specs(rid: str, root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Room options of a ruleset, inherited ones included."""
    raw = _raw_rulesets(root or spec_dir())
    chain = extends_chain(rid, _extends_of(raw))
    return merge_chain(chain, {r: raw[r].get("options") or {} for r in chain})


def resolve_ruleset(
    rid: str,
    options: dict[str, Any] | None = None,
    readings: dict[str, str] | None = None,
    root: Path | None = None,
) -> ResolvedRuleset:
    """Every parameter of ruleset ``rid``, room ``options`` and ambiguity ``readings`` applied."""
    root = root or spec_dir()
    raw = _raw_rulesets(root)
    params = _own_params(rid, raw)
    specs = option_specs(rid, root)
    chosen: dict[str, Any] = {}
    for name, spec in specs.items():
        chosen[name] = spec.get("default")
    for name, value in (options or {}).items():
        if name not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise SpecError(f"ruleset {rid!r} has no room option {name!r} (options: {known})")
        if not isinstance(value, bool):
            raise SpecError(f"room option {name!r} takes true or false, got {value!r}")
        chosen[name] = value
    for name, value in chosen.items():
        values = specs[name].get("values") or {}
        params |= dict(values.get(json_key(value)) or {})
    overrides = _reading_overrides(root)
    for amb, reading in (readings or {}).items():
        if amb not in overrides:
            raise SpecError(f"unknown ambiguity {amb!r} in readings")
        if reading not in overrides[amb]:
            known = ", ".join(sorted(overrides[amb]))
            raise SpecError(f"ambiguity {amb!r} has no reading {reading!r} (readings: {known})")
        params |= overrides[amb][reading]
    names = _parameter_names(root)
    unknown = sorted(set(params) - names)
    if unknown:
        raise SpecError(f"ruleset {rid!r}: unknown parameter(s) {', '.join(unknown)}")
    missing = sorted(names - set(params))
    if missing:
        raise SpecError(f"ruleset {rid!r}: parameter(s) not set: {', '.join(missing)}")
    return ResolvedRuleset(rid, chosen, dict(readings or {}), params)


@cache
def _reading_choices(root: Path) -> dict[str, dict[str, str]]:
    path = root / "ambiguities.yaml"
    if not path.exists():
        return {}
    data = load_yaml(path) or {}
    out: dict[str, dict[str, str]] = {}
    for amb in data.get("ambiguities", []):
        chosen = amb.get("rulesets") or {}
        out[amb["id"]] = {
            rid: choice["reading"] if isinstance(choice, dict) else choice
            for rid, choice in chosen.items()
        }
    return out


def reading_parameters(amb: str, reading: str, root: Path | None = None) -> dict[str, Any]:
    """The parameter values that reading ``reading`` of ambiguity ``amb`` sets ({} when it
    sets none: a fixed behaviour of the engine); SpecError for an unknown ambiguity or reading."""
    overrides = _reading_overrides(root or spec_dir())
    if amb not in overrides:
        raise SpecError(f"unknown ambiguity {amb!r}")
    if reading not in overrides[amb]:
        known = ", ".join(sorted(overrides[amb]))
        raise SpecError(f"ambiguity {amb!r} has no reading {reading!r} (readings: {known})")
    return dict(overrides[amb][reading])


def ruleset_reading(rid: str, amb: str, root: Path | None = None) -> str | None:
    """The reading ruleset ``rid`` takes on ambiguity ``amb`` (spec/ambiguities.yaml; a
    ruleset not listed takes the reading of the ruleset it extends), or None."""
    root = root or spec_dir()
    chosen = _reading_choices(root).get(amb, {})
    for r in extends_chain(rid, _extends_of(_raw_rulesets(root))):
        if r in chosen:
            return chosen[r]
    return None
