"""One scenario run as a self-contained JSON document, and the manifest of an export.

A document holds what a runner needs and nothing of the kit: the scenario's id, clauses,
ruleset and readings, what it requires of the implementation's ``hello`` (``requires``), and
its ``ops`` in order (docs/export.md). A scenario with a step that has no plain-data form is
listed in the manifest with ``harness: "python"`` and the reason, and gets no ops.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import conformance
from conformance.errors import ScenarioError
from conformance.export import jsontext
from conformance.export.recorder import NotExportable, Recorder
from conformance.export.translate import translate
from conformance.protocol.messages import hello_request
from conformance.reports.paths import suite_relative
from conformance.suite.blame import refused_on_reference
from conformance.suite.model import Scenario, StepError
from conformance.suite.support import held_readings
from phomspec.rulesets import option_specs

FORMAT = "phom-conformance-export/1"
#: The implementation shape the ops are written for (spec/protocol.md 8: the 1.0 shape).
SHAPE = {"lay_down": "explicit", "eat": "with", "u": "automatic", "money": "full"}


def record(scenario: Scenario) -> Recorder:
    """The scenario played into a recorder (NotExportable: a step has no plain-data form).
    A scenario that is wrong in itself at run time gets an ``error`` op where it goes wrong,
    as the harness would report it."""
    rec = Recorder(scenario)
    try:
        for index, step in enumerate(scenario.steps):
            rec.begin(index)
            if step.definition.kind == "then":
                translate(rec, step)
            else:
                step.definition.run(rec, step.args)
        rec.finish()
    except (ScenarioError, StepError) as e:
        rec.error(suite_relative(str(e)))
    return rec


def file_name(scenario_id: str) -> str:
    """A scenario run's file: ``phom-set-by-eat[co-ban]`` -> ``phom-set-by-eat.co-ban.json``."""
    stem = scenario_id.replace("[", ".").replace("]", "")
    return re.sub(r"[^A-Za-z0-9._-]", "_", stem) + ".json"


def requires(scenario: Scenario, rec: Recorder) -> dict[str, Any]:
    """What the implementation's hello must allow (conformance.suite.support.unsupported)."""
    options = dict(rec.setup.options)
    specs = option_specs(scenario.ruleset)
    return {
        "ruleset": scenario.ruleset,
        "players": rec.setup.players or scenario.players,
        "options": options,
        "option_defaults": {name: (specs.get(name) or {}).get("default") for name in options},
        "readings": held_readings(scenario),
        "queries": sorted(scenario.needs),
        "refusal": rec.setup.expect_refusal,
    }


def document(scenario: Scenario) -> tuple[dict[str, Any], str | None]:
    """(the scenario's document, None) or (its manifest entry's base, why it needs the Python
    harness)."""
    head: dict[str, Any] = {
        "format": FORMAT,
        "id": scenario.id,
        "base_id": scenario.base_id,
        "name": scenario.name,
        "source": suite_relative(f"{scenario.source}:{scenario.line}"),
        "clauses": list(scenario.clauses),
        "ruleset": scenario.ruleset,
        "rulesets": list(scenario.rulesets),
        "readings": held_readings(scenario),
        "negative": scenario.negative,
        "tags": list(scenario.tags),
    }
    try:
        rec = record(scenario)
    except NotExportable as e:
        return head, suite_relative(str(e))
    doc = {**head, "requires": requires(scenario, rec), "ops": rec.ops}
    refused = refused_on_reference(scenario)
    if refused is not None:  # a refused setup is then the scenario's error, not a failure
        doc["setup_error"] = suite_relative(str(refused))
    return doc, None


def _entry(doc: dict[str, Any], why: str | None) -> dict[str, Any]:
    keys = ("id", "base_id", "clauses", "ruleset", "readings", "negative", "source")
    entry = {k: doc[k] for k in keys}
    entry["queries"] = list((doc.get("requires") or {}).get("queries") or [])
    entry["file"] = None if why else f"scenarios/{file_name(doc['id'])}"
    entry["harness"] = "python" if why else "any"
    if why:
        entry["why"] = why
    return entry


def write_export(scenarios: Iterable[Scenario], out: Path) -> dict[str, Any]:
    """Write every scenario's document under ``out/scenarios/`` and ``out/manifest.json``;
    return the manifest."""
    folder = out / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    entries: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for scenario in scenarios:
        doc, why = document(scenario)
        name = file_name(scenario.id)
        if name in seen:
            raise ScenarioError(f"scenarios {seen[name]!r} and {scenario.id!r} share a file name")
        seen[name] = scenario.id
        entries.append(_entry(doc, why))
        if why is None:
            _write_json(folder / name, doc)
    manifest = _manifest(entries)
    _write_json(out / "manifest.json", manifest)
    return manifest


def _manifest(entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    python_only = [e["id"] for e in entries if e["harness"] == "python"]
    return {
        "format": FORMAT,
        "kit": {"name": "phom-conformance", "version": conformance.__version__},
        "hello": hello_request(),
        "shape": dict(SHAPE),
        "count": len(entries),
        "files": len(entries) - len(python_only),
        "python_only": len(python_only),
        "queries": sorted({q for e in entries for q in e["queries"]}),
        "scenarios": list(entries),
    }


def _write_json(path: Path, value: Any) -> None:
    path.write_text(jsontext.dumps(value) + "\n", encoding="utf-8")
