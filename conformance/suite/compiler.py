"""From a raw scenario to runnable Scenarios: steps matched to the step library, the table
set up without a driver (so a bad deal is an error at file:line before anything runs), one
Scenario per ruleset, bound to the executor (:func:`conformance.suite.play.run_scenario`)."""

from __future__ import annotations

from collections.abc import Sequence

from conformance.errors import ScenarioError
from conformance.suite.model import FixtureIndex, RawCase, Scenario, Step, StepError
from conformance.suite.play import run_scenario
from conformance.suite.setup import Setup
from conformance.suite.steps import match_step
from conformance.suite.tags import parse_tags, ruleset_players
from phomspec.rulesets import option_specs


def _match_steps(raw: RawCase) -> tuple[list[Step], list[tuple[int, str]]]:
    out: list[Step] = []
    problems: list[tuple[int, str]] = []
    seen_action = False
    for rs in raw.steps:
        try:
            definition, args, clause = match_step(rs.kind, rs.text, rs.docstring, rs.table)
        except StepError as e:
            problems.append((rs.line, str(e)))
            continue
        if definition.kind == "given" and seen_action:
            problems.append(
                (rs.line, "a Given step after a When or Then step; set the table up first")
            )
        if definition.kind != "given":
            seen_action = True
        out.append(
            Step(
                rs.kind,
                rs.text,
                f"{raw.source}:{rs.line}",
                definition,
                args,
                clause,
                rs.docstring,
                rs.table,
                rs.line,
                rs.lines,
            )
        )
    return out, problems


def _dry_setup(
    steps: Sequence[Step], fixtures: FixtureIndex
) -> tuple[Setup, list[tuple[int, str]]]:
    setup = Setup(fixtures=fixtures, expect_refusal=any(s.definition.refusal for s in steps))
    problems: list[tuple[int, str]] = []
    last_line = 0
    for step in steps:
        line = step.line
        last_line = line
        if step.definition.kind != "given":
            name = step.args.get("script") if step.definition.refs_script else None
            if name is not None:
                problem = _script_problem(name, fixtures, setup.deal_name)
                if problem:
                    problems.append((line, problem))
            continue
        try:
            step.definition.run_setup(setup, step.args)
        except StepError as e:
            problems.append((line, str(e)))
    asks = ["evaluate" in s.definition.needs for s in steps if s.definition.kind != "given"]
    questions_only = bool(asks) and all(asks)
    if not problems and not (setup.is_empty and questions_only):
        try:
            setup.deal_message()
        except StepError as e:
            problems.append((last_line, str(e)))
    return setup, problems


def _script_problem(name: str, fixtures: FixtureIndex, deal_name: str | None) -> str | None:
    script = fixtures.scripts.get(name)
    if script is None:
        known = ", ".join(sorted(fixtures.scripts)) or "none"
        return f"no script named {name!r} in features/fixtures/*.yaml (known: {known})"
    if script.deal != deal_name:
        return (
            f"script {name!r} is written for the deal {script.deal!r}; the scenario plays"
            f" {deal_name!r}: use 'Given the deal \"{script.deal}\"'"
        )
    return None


def check_raw_case(raw: RawCase, fixtures: FixtureIndex) -> list[tuple[int, str]]:
    """Problems of a raw scenario (unknown step text, bad cards, a bad deal), by line."""
    steps, problems = _match_steps(raw)
    if problems:
        return problems
    _, problems = _dry_setup(steps, fixtures)
    return problems


def compile_case(raw: RawCase, fixtures: FixtureIndex) -> list[Scenario]:
    """The scenarios of a raw case, one per ruleset it runs under (none when no ruleset of
    its tags plays its table size); ScenarioError (file:line) when it is malformed."""
    tags = parse_tags(raw)
    steps, problems = _match_steps(raw)
    if not problems:
        setup, problems = _dry_setup(steps, fixtures)
    if problems:
        line, msg = problems[0]
        raise ScenarioError(f"{raw.source}:{line}: {msg}")
    players = setup.players or 4
    where = f"{raw.source}:{raw.line}"
    if setup.named_ruleset and setup.named_ruleset not in tags.rulesets:
        raise ScenarioError(
            f"{where}: the steps name ruleset {setup.named_ruleset!r} but the tags say"
            f" {', '.join(tags.rulesets)}; make them agree"
        )
    rulesets = (setup.named_ruleset,) if setup.named_ruleset else tags.rulesets
    for r in rulesets:
        for option in setup.options:
            if option not in option_specs(r):
                raise ScenarioError(
                    f"{where}: ruleset {r!r} has no room option {option!r}; tie the scenario to a"
                    " ruleset that has it (@ruleset:<id>)"
                )
    needs = frozenset(q for s in steps for q in s.definition.needs)
    expand = len(rulesets) > 1 or tags.from_all
    out = []
    for r in rulesets:
        if players not in ruleset_players(r) and not setup.expect_refusal:
            continue
        out.append(
            Scenario(
                id=f"{tags.id}[{r}]" if expand else tags.id,
                name=raw.name,
                clauses=tags.clauses,
                rulesets=(r,),
                readings=tags.readings,
                negative=tags.negative,
                tags=tags.tags,
                source=raw.source,
                line=raw.line,
                steps=tuple(steps),
                executor=run_scenario,
                base_id=tags.id,
                players=players,
                needs=needs,
                fixtures=fixtures,
            )
        )
    return out
