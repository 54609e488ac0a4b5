"""``phom-conformance validate [PATH...]``: the spec, fixtures and game records, checked.

With no path: the whole spec in use (a checkout's, inside one: ``phomspec.paths``), its
features and fixtures, and its game records. A path may be a spec directory, a directory of
features, fixtures or records, or single files; each goes to the checker of its kind. The
scenarios are loaded, and every tag must name what the spec has (clause, ambiguity and
reading, source). Exit 0 when clean, 1 with problems (one ``file:line: message`` line
each), 2 when a checker itself breaks, 3 for a path that does not exist.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import click
import yaml

from phomspec.files import YAML_SUFFIXES, kind_by_content, root_of
from phomspec.paths import features_dir, fixtures_dir, record_dirs, spec_dir
from phomspec.validate import CHECKS, check_paths

_FILE_SUFFIXES = (*YAML_SUFFIXES, ".json")


class _ProblemLike(Protocol):
    file: Any
    line: Any
    message: Any


@dataclass
class _Plan:
    """What to validate, by kind."""

    spec: list[Path] = field(default_factory=list)
    fixtures: list[Path] = field(default_factory=list)
    records: list[Path] = field(default_factory=list)
    features: list[Path] = field(default_factory=list)


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file() and p.suffix in _FILE_SUFFIXES)


def _feature_files(directory: Path) -> list[Path]:
    return sorted(directory.rglob("*.feature")) if directory.is_dir() else []


def _sniff(path: Path) -> str:
    """Kind of a file outside the spec, fixture and record directories, by its top-level keys."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return "spec"  # the spec checker reports what is wrong with it, with the line
    if isinstance(data, dict) and kind_by_content(path, data) is None:
        if "cases" in data or "deals" in data:
            return "fixture"
        if "actions" in data:
            return "record"
    return "spec"


def _kind(path: Path) -> str:
    if root_of(path) is not None:
        return "spec"
    parts = path.resolve().parts
    if "fixtures" in parts:
        return "fixture"
    if "records" in parts:
        return "record"
    return _sniff(path)


def _plan(paths: Iterable[Path]) -> _Plan:
    plan = _Plan()
    targets = {"spec": plan.spec, "fixture": plan.fixtures, "record": plan.records}
    for p in paths:
        if p.suffix == ".feature":
            plan.features.append(p)
            continue
        plan.features += _feature_files(p)
        if p.is_dir() and ((p / "parameters.yaml").is_file() or root_of(p / "x.yaml")):
            plan.spec.append(p)  # a spec root, or its clauses/ or rulesets/ directory
            continue
        for f in _files(p) if p.is_dir() else [p]:
            targets[_kind(f)].append(f)
    return plan


def _default_plan() -> _Plan:
    """The spec, the fixtures and the game records in use (``phomspec.paths``)."""
    fixtures = fixtures_dir()
    fixture_files = _files(fixtures) if fixtures.is_dir() else []
    records = [f for d in record_dirs() for f in _files(d)]
    return _Plan(
        spec=[spec_dir()],
        fixtures=[f for f in fixture_files if f.suffix in YAML_SUFFIXES],
        records=records,
        features=_feature_files(features_dir()),
    )


def _checker(module: str, function: str) -> Callable[[Path], list[_ProblemLike]] | None:
    """The checker function, or None when its module does not exist yet."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name == module:
            return None
        raise
    return getattr(mod, function)


def _run_others(
    kind: str, module: str, function: str, files: list[Path], notes: list[str]
) -> list[str]:
    if not files:
        return []
    check = _checker(module, function)
    if check is None:
        notes.append(f"{len(files)} {kind} not checked: {module} is not available yet")
        return []
    lines = []
    for f in files:
        for p in check(f):
            where = f"{p.file}:{p.line}" if p.line is not None else f"{p.file}"
            lines.append(f"{where}: {p.message}")
    return lines


def _tag_problems(sources: list[Path]) -> list[str]:
    """The scenarios of these feature and fixture files, loaded: a malformed one, or tags that
    name what the spec does not have (a clause, an ambiguity or its reading, a source)."""
    from conformance.errors import ScenarioError
    from conformance.suite.discover import load_scenarios
    from conformance.suite.tags import unknown_clauses
    from phomspec import load_spec
    from phomspec.problems import did_you_mean

    try:
        scenarios = load_scenarios(sources, check_clauses=False)
    except ScenarioError as e:
        return [str(e)]
    spec = load_spec()
    # once each, though a scenario runs under several rulesets
    lines = dict.fromkeys(unknown_clauses(scenarios, spec.ids("clause")))
    for sc in scenarios:
        where = f"{sc.source}:{sc.line}: scenario {sc.base_id or sc.id}"
        for amb, reading in sc.readings:
            if not spec.has("ambiguity", amb):
                lines[f"{where}: unknown ambiguity {amb!r}"
                      f"{did_you_mean(amb, spec.ids('ambiguity'))} in its reading tag"] = None
            elif reading not in (known := [r.id for r in spec.ambiguity(amb).readings]):
                lines[f"{where}: {amb} has no reading {reading!r}; its readings:"
                      f" {', '.join(known)}"] = None
        for tag in sc.tags:
            source = tag.removeprefix("@").removeprefix("source:")
            if tag.lstrip("@").startswith("source:") and not spec.has("source", source):
                lines[f"{where}: unknown source {source!r} in {tag!r}; sources:"
                      f" {', '.join(spec.ids('source'))}"] = None
    return list(lines)


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def command(paths: tuple[Path, ...]) -> None:
    """Check spec files, fixtures and game records against their schemas and each other.

    With no PATH: the spec, features/fixtures, features/records and (in a checkout)
    examples/records in use.
    """
    missing = [p for p in paths if not p.exists()]
    if missing:
        for p in missing:
            click.echo(f"Error: {p}: no such file or directory", err=True)
        sys.exit(3)
    plan = _plan(paths) if paths else _default_plan()
    notes: list[str] = []
    try:
        outcome = check_paths(plan.spec) if plan.spec else None
        lines = [str(p) for p in outcome.problems] if outcome else []
        fixture_lines = _run_others(
            "fixture file(s)", "conformance.suite.fixture_file", "validate_fixture_file",
            plan.fixtures, notes,
        )
        lines += fixture_lines
        lines += _run_others(
            "game record(s)", "conformance.records", "validate_record_file", plan.records, notes
        )
        if (plan.features or plan.fixtures) and not fixture_lines:  # else said already
            if outcome and outcome.problems:  # the scenarios load through the spec
                notes.append("the scenarios are loaded and their tags checked once the spec's"
                             " problems are fixed")
            else:
                lines += _tag_problems([*plan.features, *plan.fixtures])
    except Exception as e:  # a checker that breaks is a harness error, not a traceback
        click.echo(f"Error: validation itself failed: {type(e).__name__}: {e}", err=True)
        sys.exit(2)
    for note in notes:
        click.echo(f"note: {note}", err=True)
    spec_files = len(outcome.files) if outcome else 0
    if lines:
        for line in lines:
            click.echo(line)
        click.echo(f"{len(lines)} problem(s) found", err=True)
        sys.exit(1)
    counts = outcome.counts if outcome else {}
    detail = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
    click.echo(
        f"ok: {spec_files} spec file(s)"
        + (f" ({detail}; {len(CHECKS)} checks)" if detail else "")
        + f", {len(plan.fixtures)} fixture file(s), {len(plan.records)} game record(s)"
        + (f", {len(plan.features)} feature file(s)" if plan.features else "")
    )
