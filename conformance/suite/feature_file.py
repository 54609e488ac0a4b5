"""Gherkin feature files as raw scenarios (parsed with the ``gherkin`` package, as pytest-bdd
does): backgrounds and rules flattened into each scenario's steps, tags kept as written."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserError
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from conformance.errors import ScenarioError
from conformance.suite.model import RawCase, RawStep


def _doc_lines(doc_string: dict[str, Any] | None) -> tuple[int, ...]:
    """The line of each line of a docstring (its content starts below the opening quotes)."""
    if not doc_string:
        return ()
    first = int(doc_string["location"]["line"]) + 1
    return tuple(range(first, first + len(doc_string["content"].splitlines())))


def parse_feature(path: Path) -> list[RawCase]:
    """The scenarios of one feature file, as written; ScenarioError (file:line) when malformed."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read: {e.strerror}") from None
    try:
        doc: Any = Parser().parse(TokenScanner(text))
    except CompositeParserException as e:
        first = e.errors[0]
        loc = getattr(first, "location", None) or {}
        msg = str(first).split("): ", 1)[-1]
        raise ScenarioError(f"{path}:{loc.get('line', 1)}: Gherkin syntax: {msg}") from None
    except ParserError as e:
        loc = getattr(e, "location", None) or {}
        msg = str(e).split("): ", 1)[-1]
        raise ScenarioError(f"{path}:{loc.get('line', 1)}: Gherkin syntax: {msg}") from None
    feature: dict[str, Any] | None = doc.get("feature")
    if not feature:
        raise ScenarioError(f"{path}:1: no 'Feature:' in the file; a feature file needs one")
    feature_tags = tuple(t["name"] for t in feature.get("tags", []))
    out: list[RawCase] = []
    names: dict[str, int] = {}

    def raw_steps(steps: Iterable[dict[str, Any]]) -> list[RawStep]:
        result: list[RawStep] = []
        kind = "given"
        for s in steps:
            kt = str(s.get("keywordType"))
            kind = {"Context": "given", "Action": "when", "Outcome": "then"}.get(kt, kind)
            if kt == "Unknown":
                raise ScenarioError(
                    f"{path}:{s['location']['line']}: a '*' step has no kind; use Given, When, Then"
                )
            doc_string = s.get("docString")
            table = s.get("dataTable")
            result.append(
                RawStep(
                    kind,
                    s["text"].strip(),
                    s["location"]["line"],
                    docstring=doc_string["content"] if doc_string else None,
                    lines=_doc_lines(doc_string),
                    table=tuple(tuple(c["value"] for c in row["cells"]) for row in table["rows"])
                    if table
                    else None,
                )
            )
        return result

    def walk(
        children: Iterable[dict[str, Any]], background: list[RawStep], rule_tags: tuple[str, ...]
    ) -> None:
        bg = list(background)
        for child in children:
            if "background" in child:
                bg = bg + raw_steps(child["background"]["steps"])
            elif "rule" in child:
                rule = child["rule"]
                tags = rule_tags + tuple(t["name"] for t in rule.get("tags", []))
                walk(rule.get("children", []), bg, tags)
            elif "scenario" in child:
                sc = child["scenario"]
                line = sc["location"]["line"]
                if sc.get("examples"):
                    raise ScenarioError(
                        f"{path}:{line}: Scenario Outline / Examples are not used in the suite;"
                        " write one scenario per case (each needs its own @id)"
                    )
                if sc["name"] in names:
                    raise ScenarioError(
                        f"{path}:{line}: scenario name {sc['name']!r} is already used at line"
                        f" {names[sc['name']]}; names are unique within a feature file"
                    )
                names[sc["name"]] = line
                out.append(
                    RawCase(
                        name=sc["name"],
                        tags=rule_tags + tuple(t["name"] for t in sc.get("tags", [])),
                        source=str(path),
                        line=line,
                        steps=tuple(bg + raw_steps(sc["steps"])),
                        feature_tags=feature_tags,
                    )
                )

    walk(feature.get("children", []), [], ())
    return out
