"""Finding and loading the suite: every scenario of the feature files and fixture cases.

``load_scenarios()`` reads every ``features/*.feature`` (:mod:`conformance.suite.feature_file`)
and every runnable case of ``features/fixtures/*.yaml`` (:mod:`conformance.suite.fixture_file`)
into :class:`~conformance.suite.model.Scenario` objects, one per ruleset the scenario applies
to (:mod:`conformance.suite.compiler`). ``Scenario.run(driver)`` plays it.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from conformance.errors import ScenarioError
from conformance.suite import cache
from conformance.suite.model import RawCase, Scenario
from conformance.suite.support import keep_readings, ruleset_readings
from conformance.suite.tags import known_clauses, known_rulesets, unknown_clauses
from phomspec.paths import features_dir, fixtures_dir

if TYPE_CHECKING:
    from phomspec.yamlio import Document


def _discover(paths: Sequence[str | Path] | None) -> tuple[list[Path], list[Path], list[Path]]:
    """(feature files, fixture files with cases, every fixture file for named deals)."""
    default_fixtures = sorted(fixtures_dir().glob("*.yaml")) if fixtures_dir().is_dir() else []
    if paths is None:
        features = sorted(features_dir().glob("*.feature"))
        return features, default_fixtures, default_fixtures
    features, fixtures = [], []
    for p in map(Path, paths):
        if p.is_dir():
            features += sorted(p.glob("*.feature"))
            fixtures += sorted(p.glob("*.yaml")) + sorted((p / "fixtures").glob("*.yaml"))
        elif p.suffix == ".feature":
            features.append(p)
        elif p.suffix in (".yaml", ".yml"):
            fixtures.append(p)
        elif not p.exists():
            raise ScenarioError(f"{p}: no such file or directory")
        else:
            raise ScenarioError(f"{p}: not a .feature file, a fixture .yaml or a directory")
    every = list({f.resolve(): f for f in [*fixtures, *default_fixtures]}.values())
    return features, fixtures, every


def load_scenarios(
    paths: Sequence[str | Path] | None = None,
    rulesets: Sequence[str] | None = None,
    check_clauses: bool = True,
    cached: bool = False,
) -> list[Scenario]:
    """Every scenario of the feature files and fixture cases, one per ruleset it applies to.

    ``paths``: feature files, fixture files or directories (default: the suite in
    ``phomspec.paths.features_dir()``). ``rulesets``: keep only scenarios run under these.
    Raise :class:`ScenarioError` (file:line and what to do) for a malformed scenario, and
    (unless ``check_clauses`` is false) for a clause tag naming no clause of the spec.
    ``cached`` (for a run): take the result from, and keep it in,
    :mod:`conformance.suite.cache` (the same scenarios, without the load when no input
    changed).
    """
    if rulesets is not None:
        unknown = [r for r in rulesets if r not in known_rulesets()]
        if unknown:
            raise ScenarioError(
                f"unknown ruleset {unknown[0]!r}; known: {', '.join(known_rulesets())}"
            )
    collecting = gc.isenabled()
    gc.disable()  # a load makes many objects that live on and little garbage: no collections
    try:
        return _scenarios(paths, rulesets, check_clauses, cached)
    finally:
        if collecting:
            gc.enable()


def _scenarios(paths: Sequence[str | Path] | None, rulesets: Sequence[str] | None,
               check_clauses: bool, cached: bool) -> list[Scenario]:
    features, fixtures, every = _discover(paths)
    if not cached:
        return _load(features, fixtures, every, rulesets, check_clauses)
    # for a run: what running any scenario reads of the spec is read now, once, so that its
    # forked workers inherit it (conformance.parallel) instead of each reading it again; a
    # cache entry keeps it with the scenarios (the key covers every file of the spec)
    if cache.cache_dir() is None:
        ruleset_readings()
        return _load(features, fixtures, every, rulesets, check_clauses)
    key = cache.suite_key([*features, *fixtures, *every],
                          [rulesets and list(rulesets), check_clauses])
    kept = cache.read(key)
    if isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[0], list):
        scenarios, readings = kept
        keep_readings(readings)
        return scenarios
    out = _load(features, fixtures, every, rulesets, check_clauses)
    cache.write(key, (out, ruleset_readings()))
    return out


def _load(features: list[Path], fixtures: list[Path], every: list[Path],
          rulesets: Sequence[str] | None, check_clauses: bool) -> list[Scenario]:
    # the loaders (Gherkin, the fixture YAML and its schema) are imported by a load only: a
    # run whose load is in the cache never needs them
    from conformance.suite.compiler import compile_case
    from conformance.suite.feature_file import parse_feature
    from conformance.suite.fixture_file import load_fixture_file, load_fixture_index

    docs: dict[Path, Document] = {}  # each fixture file is parsed once
    index = load_fixture_index(every, docs)
    raws: list[RawCase] = []
    for f in features:
        raws += parse_feature(f)
    for f in fixtures:
        raws += load_fixture_file(f, index.deals, docs.get(f.resolve())).cases
    out: list[Scenario] = []
    seen: dict[str, str] = {}
    for raw in raws:
        compiled = compile_case(raw, index)
        if compiled:
            base = compiled[0].base_id
            if base in seen:
                raise ScenarioError(
                    f"{raw.source}:{raw.line}: scenario id {base!r} is already used at"
                    f" {seen[base]};"
                    " ids are unique and never reused"
                )
            seen[base] = f"{raw.source}:{raw.line}"
        out += compiled
    unknown = unknown_clauses(out, known_clauses()) if check_clauses else []
    if unknown:
        more = f" ({len(unknown) - 1} more: phom-conformance validate)" if len(unknown) > 1 else ""
        raise ScenarioError(unknown[0] + more)
    if rulesets is not None:
        out = [s for s in out if s.ruleset in rulesets]
    return out
