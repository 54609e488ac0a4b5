"""Resolve a ruleset: its own parameters over those it extends, then room options, then readings."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from phomspec.errors import SpecError
from phomspec.paths import spec_dir


@dataclass(frozen=True)
class ResolvedRuleset:
    """A ruleset with every parameter set: what the engine plays by."""

    id: str
    options: dict[str, Any]
    readings: dict[str, str]
    params: dict[str, Any] = field(repr=False)

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


def _load_yaml(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as f:
            return yaml.safe_load(f)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise SpecError(f"{where}: YAML error: {getattr(e, 'problem', e)}") from None


@cache
def _raw_rulesets(root: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "rulesets").glob("*.yaml")):
        data = _load_yaml(path)
        if not isinstance(data, dict) or "id" not in data:
            raise SpecError(f"{path}: a ruleset file needs a mapping with an 'id'")
        out[data["id"]] = data | {"_path": str(path)}
    return out


@cache
def _parameter_names(root: Path) -> frozenset[str]:
    data = _load_yaml(root / "parameters.yaml")
    return frozenset(data["parameters"])


@cache
def _reading_overrides(root: Path) -> dict[str, dict[str, dict[str, Any]]]:
    path = root / "ambiguities.yaml"
    if not path.exists():
        return {}
    data = _load_yaml(path) or {}
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for amb in data.get("ambiguities", []):
        out[amb["id"]] = {r["id"]: dict(r.get("parameters") or {}) for r in amb["readings"]}
    return out


def list_rulesets(root: Path | None = None) -> list[str]:
    return sorted(_raw_rulesets(root or spec_dir()))


def _own_params(rid: str, raw: dict[str, dict[str, Any]], seen: tuple[str, ...]) -> dict[str, Any]:
    if rid in seen:
        raise SpecError(f"ruleset {rid!r}: 'extends' forms a cycle: {' -> '.join((*seen, rid))}")
    if rid not in raw:
        raise SpecError(f"unknown ruleset {rid!r}; known: {', '.join(sorted(raw))}")
    data = raw[rid]
    base = _own_params(data["extends"], raw, (*seen, rid)) if data.get("extends") else {}
    return base | dict(data.get("parameters") or {})


def option_specs(rid: str, root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Room options of a ruleset, inherited ones included."""
    raw = _raw_rulesets(root or spec_dir())
    if rid not in raw:
        raise SpecError(f"unknown ruleset {rid!r}; known: {', '.join(sorted(raw))}")
    data = raw[rid]
    base = option_specs(data["extends"], root) if data.get("extends") else {}
    return base | dict(data.get("options") or {})


def resolve_ruleset(
    rid: str,
    options: dict[str, Any] | None = None,
    readings: dict[str, str] | None = None,
    root: Path | None = None,
) -> ResolvedRuleset:
    """Every parameter of ruleset ``rid`` with room ``options`` and ambiguity ``readings`` applied."""
    root = root or spec_dir()
    raw = _raw_rulesets(root)
    params = _own_params(rid, raw, ())
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
        params |= dict(values.get(value) or {})
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
