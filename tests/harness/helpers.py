"""Fake scenarios and fake implementations for the harness's own tests."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conformance.errors import ScenarioSkipped, StepFailure
from conformance.protocol import DonePending, Driver, Pending
from phomspec.cards import format_card

if TYPE_CHECKING:  # pytest, jsonschema and the CLI are imported where used: the fake CLI
    import pytest  # (fakes/cli_with_fake_scenarios.py) starts quicker without them

FAKES = Path(__file__).parent / "fakes"
ROOT = Path(__file__).resolve().parents[2]
DECK = [format_card(c) for c in range(52)]


def fake(name: str, *args: object) -> list[str]:
    """The command line of a fake implementation under tests/harness/fakes/."""
    return [sys.executable, str(FAKES / f"{name}.py"), *map(str, args)]


@dataclass
class FakeScenario:
    """Starts a game and pipelines ``applies`` draws; expects every ruling to be ``expect``.

    ``behaviour`` makes the scenario itself misbehave: "skip" raises ScenarioSkipped, "bug"
    raises a ValueError (a harness error).
    """

    id: str
    expect: str = "accepted"
    applies: int = 3
    behaviour: str = ""
    rulesets: tuple[str, ...] = ("co-ban",)
    clauses: tuple[str, ...] = ("TURN.DRAW-OR-EAT",)
    tags: tuple[str, ...] = ()
    name: str = ""
    source: str = "tests/harness/helpers.py"
    line: int = 1
    runs: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = self.name or f"fake scenario {self.id}"

    def run(self, driver: Driver) -> None:
        self.runs.append(self.id)
        if self.behaviour == "skip":
            raise ScenarioSkipped("needs a feature this fake does not have")
        start = driver.send({"type": "new_game", "game": self.id, "ruleset": self.rulesets[0],
                             "players": 4, "first": 0, "deal": {"deck": DECK}})
        applies = [driver.send({"type": "apply", "game": self.id, "seat": 0,
                                "action": {"type": "draw"}}) for _ in range(self.applies)]
        reply = start.result()
        if reply.get("ok") is not True:
            raise StepFailure("Given a new game", "a started game", reply, "DEAL.HAND-SIZES")
        if self.behaviour == "bug":
            raise ValueError("a bug in the scenario")
        for i, pending in enumerate(applies):
            ruling = pending.result().get("ruling")
            if ruling != self.expect:
                raise StepFailure(f"When seat 0 draws ({i + 1})", self.expect, ruling,
                                  "TURN.DRAW-OR-EAT")


def scenarios(n: int, **kw: Any) -> list[FakeScenario]:
    return [FakeScenario(f"fake-{i + 1:02d}", **kw) for i in range(n)]


class ScriptedDriver(Driver):
    """An in-memory driver: ``replies(request) -> reply`` or an exception to raise."""

    description = "scripted"

    def __init__(self, replies: Any, hello: dict[str, Any] | None = None,
                 start_error: Exception | None = None):
        self.replies = replies
        self.hello = {}
        self._hello = hello or {"ok": True, "name": "scripted", "version": "0",
                                "language": "python", "protocol": "1.0",
                                "rulesets": [{"id": "co-ban", "options": {}}],
                                "readings": {}, "queries": []}
        self.start_error = start_error
        self.starts = 0
        self.closed = 0
        self.sent: list[dict[str, Any]] = []

    def start(self) -> dict[str, Any]:
        self.starts += 1
        if self.start_error is not None:
            raise self.start_error
        self.hello = self._hello
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        request = {"id": len(self.sent), **message}
        self.sent.append(request)
        try:
            reply = self.replies(request)
        except Exception as e:
            return DonePending(request, {}, e)
        return DonePending(request, {"id": request["id"], **reply})

    def close(self) -> None:
        self.closed += 1


def ok_replies(request: dict[str, Any]) -> dict[str, Any]:
    kind = request["type"]
    if kind == "new_game":
        return {"ok": True, "game": request["game"], "events": []}
    return {"ok": True, "ruling": "accepted", "events": []}


def validate_report_record(record: Any) -> None:
    """``record`` checked against spec/schemas/report.schema.json: raises the best-matching
    error (the spec's own cached validator: the schema is not checked again at every record)."""
    import jsonschema

    from phomspec.schemas import validator

    error = jsonschema.exceptions.best_match(validator("report.schema.json").iter_errors(record))
    if error is not None:
        raise error


def check_report_file(path: Path, planned: int) -> list[dict[str, Any]]:
    """Every line of a finished JSONL report valid against its schema; one line per scenario."""
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for record in records:
        validate_report_record(record)
    assert records[0]["kind"] == "header"
    assert records[-1]["kind"] == "footer"
    body = [r for r in records if r["kind"] == "scenario"]
    assert len(body) == planned
    assert records[-1]["complete"] is True
    assert sum(records[-1]["totals"].values()) == planned
    return body


def invoke_main(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """``phom-conformance ARGS`` run in-process through its console entry point: (exit code,
    stdout, stderr)."""
    from click.testing import CliRunner

    from conformance.cli import main

    monkeypatch.setattr(sys, "argv", ["phom-conformance", *args])
    with CliRunner().isolation() as streams:
        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else int(e.code is not None)
        out = streams[0].getvalue().decode()
        err = streams[1].getvalue().decode() if streams[1] is not None else ""
    return code, out, err
