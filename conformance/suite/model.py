"""The scenario model: plain data, whatever a scenario was written in.

A feature file's scenario and a fixture case both become a :class:`RawCase` (steps as
written), then a :class:`Scenario` per ruleset (steps matched to their definitions). Named
deals and scripts of the fixture files are gathered in a :class:`FixtureIndex`. Problems of a
fixture file are :class:`phomspec.problems.Problem`, the kit's one Problem type.

This module imports nothing of the kit: the step definitions and the executor that a
scenario runs with are bound by the loader (:mod:`conformance.suite.compiler`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class StepError(ValueError):
    """A step that cannot be matched or whose arguments are malformed (a scenario error)."""


@dataclass(frozen=True)
class RawStep:
    """One step as written: keyword kind (given / when / then), text, line, argument."""

    kind: str
    text: str
    line: int
    docstring: str | None = None
    table: tuple[tuple[str, ...], ...] | None = None
    #: The line of each line of the docstring, where known.
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class RawCase:
    """A scenario before its steps are matched: from a feature file or a fixture case."""

    name: str
    tags: tuple[str, ...]
    source: str
    line: int
    steps: tuple[RawStep, ...]
    feature_tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class NamedDeal:
    """A deal that steps refer to by id: hands by seat and the stock, top first."""

    id: str
    players: int
    first: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class NamedScript:
    """Action lines that steps play by id, written for one named deal."""

    id: str
    deal: str
    actions: tuple[str, ...]
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class FixtureIndex:
    """Every named deal and script of the fixture files, by id."""

    deals: Mapping[str, NamedDeal] = field(default_factory=dict)
    scripts: Mapping[str, NamedScript] = field(default_factory=dict)


class StepDefinition(Protocol):
    """What the model and the executor need of a step definition (conformance.suite.steps)."""

    @property
    def kind(self) -> str: ...

    @property
    def clause(self) -> str | None:
        """The clause(s) a failure of the step implies ("A|B"), if any."""

    @property
    def needs(self) -> frozenset[str]:
        """The queries the step needs the implementation to answer."""

    @property
    def refusal(self) -> bool:
        """Whether the step expects the game itself to be refused."""

    @property
    def rejection(self) -> bool:
        """Whether the step asserts that the action before it is rejected."""

    @property
    def shape(self) -> str:
        """What the step checks that only some profiles express ("money", "lay-legal",
        "ruling"), or ""."""

    @property
    def refs_script(self) -> bool:
        """Whether the step plays a named script (its ``script`` argument)."""

    def run(self, play: Any, args: Mapping[str, Any]) -> None:
        """Run the step on a play (conformance.suite.play.Play)."""

    def run_setup(self, setup: Any, args: Mapping[str, Any]) -> None:
        """Run a Given step on a setup (conformance.suite.play.Setup)."""


@dataclass(frozen=True)
class Step:
    """One matched step: its definition in the step library and its parsed arguments."""

    kind: str
    text: str
    where: str
    definition: StepDefinition = field(compare=False, repr=False)
    args: Mapping[str, Any] = field(compare=False, repr=False)
    clause: str | None = None
    docstring: str | None = field(default=None, repr=False)
    table: tuple[tuple[str, ...], ...] | None = field(default=None, repr=False)
    line: int = 0
    #: The line of each line of the docstring, where known (RawStep.lines).
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @property
    def label(self) -> str:
        return f"{self.where}: {self.kind.capitalize()} {self.text}"


#: Plays a scenario through a driver: ``(scenario, driver, transcript or None) -> transcript``.
Executor = Callable[["Scenario", Any, Any], Any]


@dataclass(frozen=True)
class Scenario:
    """A scenario run under one ruleset: id (with ``[ruleset]`` when expanded), tags, steps."""

    id: str
    name: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    negative: bool
    tags: tuple[str, ...]
    source: str
    line: int
    steps: tuple[Step, ...] = field(repr=False)
    executor: Executor = field(compare=False, repr=False)
    base_id: str = ""
    players: int = 4
    needs: frozenset[str] = frozenset()
    fixtures: FixtureIndex = field(default_factory=FixtureIndex, compare=False, repr=False)

    @property
    def ruleset(self) -> str:
        return self.rulesets[0]

    def run(self, driver: Any, transcript: Any = None) -> Any:
        """Play the steps through ``driver`` and return the transcript; raise StepFailure /
        ScenarioSkipped / ImplError, carrying the transcript so far as ``.transcript``."""
        return self.executor(self, driver, transcript)
