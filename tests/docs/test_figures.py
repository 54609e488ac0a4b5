"""The figures the docs quote are those the kit's commands give now.

Each figure is marked in the text with the command that produced it and the date, e.g.
"149 clauses (`phom-conformance validate`, 2026-12-01)". The cheap ones are recomputed here;
when one fails, rerun the command named in the message and update the text and its date.
"""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from collections import Counter
from functools import cache
from typing import Any

import pytest
from click.testing import CliRunner

from conformance.cli import cli
from phomspec import Spec, resolve_ruleset
from tests.docs.markdown import ROOT, flat, markdown_files, rel
from tests.shared import kit_spec

_MARK = re.compile(r"\(`(?P<command>phom-conformance [^`]+)`, (?P<date>\d{4}-\d{2}-\d{2})\)")


def spec() -> Spec:
    return kit_spec()


@cache
def page(path: str) -> str:
    return flat((ROOT / path).read_text(encoding="utf-8"))


def number(text: str) -> int:
    return int(text.replace(",", ""))


def quoted(path: str, pattern: str) -> re.Match[str]:
    """The one place ``path`` states a figure, found by ``pattern``."""
    found = list(re.finditer(pattern, page(path)))
    assert found, f"{path}: no text matches {pattern!r} (a figure was reworded or removed?)"
    return found[0]


def invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), env={"COLUMNS": "400"})
    assert result.exit_code in (0, 1), f"phom-conformance {' '.join(args)}: {result.output}"
    return result.stdout


def test_every_mark_names_a_command_and_a_date() -> None:
    marks = 0
    for path in markdown_files():
        for m in _MARK.finditer(flat(path.read_text(encoding="utf-8"))):
            marks += 1
            name = m.group("command").split()[1]
            assert name in cli.commands, f"{rel(path)}: no command {m.group('command')!r}"
            when = datetime.date.fromisoformat(m.group("date"))
            assert when <= datetime.date.today(), f"{rel(path)}: {m.group(0)} is in the future"
    assert marks >= 5


def test_clause_and_ambiguity_counts() -> None:
    m = quoted("docs/rules.md", r"The catalog has ([\d,]+) clauses \(`phom-conformance validate`")
    assert number(m.group(1)) == len(spec().clauses), (
        f"docs/rules.md says {m.group(1)} clauses; `phom-conformance validate` counts"
        f" {len(spec().clauses)}")
    m = quoted("docs/rules.md", r"The register has ([\d,]+) entries \(`phom-conformance validate`")
    assert number(m.group(1)) == len(spec().ambiguities), (
        f"docs/rules.md says {m.group(1)} ambiguities; `phom-conformance validate` counts"
        f" {len(spec().ambiguities)}")


def test_the_conflicts_named_are_the_registers() -> None:
    m = quoted("docs/rules.md", r"The conflicts are where the sources really disagree:(.*?)\. ")
    named = set(re.findall(r"`(AMB\.[A-Z0-9.-]+?)`", m.group(1)))
    conflicts = {a.id for a in spec().ambiguities if a.kind == "conflict"}
    assert named == conflicts, (f"docs/rules.md names the conflicts {sorted(named)}; the"
                                f" register's are {sorted(conflicts)}")


def test_scenario_counts_per_ruleset() -> None:
    from conformance.commands.run import load_all_scenarios  # what `run` counts

    counts = Counter(s.ruleset for s in load_all_scenarios(None))
    m = quoted("docs/implementers.md",
               r"co-ban (\d+), hoi-quan-bai (\d+), ki-gui (\d+) and u9la (\d+)"
               r" \(`phom-conformance run --ruleset R`, [\d-]+\), ([\d,]+) in all"
               r" \(`phom-conformance run`")
    said = dict(zip(["co-ban", "hoi-quan-bai", "ki-gui", "u9la"],
                    map(number, m.groups()[:4]), strict=True))
    assert said == dict(counts), f"docs/implementers.md says {said}; `run` has {dict(counts)}"
    assert number(m.group(5)) == sum(counts.values())


def test_mutant_count_and_the_score_table() -> None:
    listed = [line for line in invoke("mutate", "--list").splitlines() if line.strip()]
    m = quoted("docs/fuzz-arbiter.md",
               r"([\d,]+) mutants of the reference engine \(`phom-conformance mutate --list`")
    assert number(m.group(1)) == len(listed), (
        f"docs/fuzz-arbiter.md says {m.group(1)} mutants; `mutate --list` lists {len(listed)}")
    score_rows = r"\| (suite|fuzzer|either) \| \d+ / (\d+) \|"
    for row in re.finditer(score_rows, page("docs/fuzz-arbiter.md")):
        assert number(row.group(2)) == len(listed), (
            "docs/fuzz-arbiter.md: the mutation score is over another catalog; rerun"
            " `phom-conformance mutate --json` (slow) and update the table and its date")


def test_the_arbiters_worked_difference() -> None:
    report = json.loads(invoke("arbitrate", "--json", "examples/records/wrong-payout.yaml"))
    (seat,) = [s for s in report["settlement"]["seats"] if s["seat"] == 1]
    m = quoted("docs/fuzz-arbiter.md",
               r"the table booked \+(\d+) for B, the rules say \+(\d+): B is owed (\d+) more")
    said = tuple(map(int, m.groups()))
    assert said == (seat["recorded"], seat["rules"], seat["rules"] - seat["recorded"])


@pytest.mark.parametrize(("pattern", "command", "option", "scale"), [
    (r"(\d+) s per reply \(`--timeout`\)", "run", "timeout", 1),
    (r"(\d+) s for the first reply \(`--hello-timeout`", "run", "hello_timeout", 1),
    (r"at most (\d+) MiB \(`--max-line-bytes`\)", "run", "max_line_bytes", 1 << 20),
    (r"at most (\d+) restarts by default, `--max-restarts`", "run", "max_restarts", 1),
    (r"\(`--games`, (\d+) by default\)", "smoke", "games", 1),
])
def test_option_defaults(pattern: str, command: str, option: str, scale: int) -> None:
    m = quoted("docs/implementers.md", pattern)
    (default,) = [p.default for p in cli.commands[command].params if p.name == option]
    assert int(m.group(1)) * scale == default, (
        f"docs/implementers.md: {m.group(0)!r}, but `phom-conformance {command} --help` gives"
        f" {default}")


@pytest.mark.parametrize(("path", "pattern"), [
    ("README.md", r"Python (3\.\d+) or newer"),
    ("docs/implementers.md", r"Python (3\.\d+)\+ on the CI machine"),
])
def test_python_version(path: str, pattern: str) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    m = quoted(path, pattern)
    assert project["requires-python"] == f">={m.group(1)}", f"{path}: {m.group(0)!r}"


# --- the rulesets side by side (docs/rules.md) ---

def cell(value: Any, parameter: str) -> str:
    """A resolved parameter value as the table writes it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        items = [value[k] for k in sorted(value, key=int, reverse=True)] if all(
            k.isdigit() for k in value) else list(value.values())
        return " / ".join(",".join(map(str, v)) if isinstance(v, list) else str(v)
                          for v in items)
    return str(value)


def ruleset_table() -> tuple[list[tuple[str, dict[str, bool]]], list[list[str]]]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("## The four rulesets side by side", 1)[1]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith("|")]
    columns = []
    for head in rows[0][1:]:
        m = re.match(r"([a-z0-9-]+)(?: \(\d+\))?(?:, (\w+) (true|false))?$", head)
        assert m, f"docs/rules.md: unreadable column {head!r}"
        options = {m.group(2): m.group(3) == "true"} if m.group(2) else {}
        columns.append((m.group(1), options))
    return columns, [r for r in rows[2:] if r[0].startswith("`")]


def test_the_rulesets_table_is_the_rulesets() -> None:
    columns, rows = ruleset_table()
    assert len(rows) >= 15
    problems = []
    for row in rows:
        parameter = row[0].split("`")[1]
        for (ruleset, options), text in zip(columns, row[1:], strict=True):
            value = resolve_ruleset(ruleset, options=options).params[parameter]
            if text.replace("*", "").strip() != cell(value, parameter):
                problems.append(f"{parameter} in {ruleset} {options or ''}: the table says"
                                f" {text!r}, the ruleset {cell(value, parameter)!r}")
    assert not problems, "docs/rules.md, the rulesets side by side:\n" + "\n".join(problems)
