"""The reusable CI action (action.yml) and the workflows of docs/ci.md: the commands they run
exist with those options, the docs list the action's inputs, and the action's run step works
(run here with bash, as the runner would, minus GitHub)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.cli import cli
from tests.docs.markdown import code_blocks

ROOT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
CI_DOC = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
WORKFLOWS = [yaml.safe_load("\n".join(b.lines)) for b in code_blocks(CI_DOC) if b.info == "yaml"]
SHELL = ["\n".join(b.lines) for b in code_blocks(CI_DOC) if b.info == "sh"]
_COMMAND = re.compile(r"phom-conformance\s+([a-z]+)([^\n;&|]*)")
_FLAG = re.compile(r"(?<![\w$-])(--?[a-zA-Z][\w-]*)")


def steps(workflow: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for job in workflow.get("jobs", {}).values():
        yield from job.get("steps", [])


def scripts() -> Iterator[tuple[str, str]]:
    """(where, shell text) of every run step of the action and of the docs' workflows."""
    for i, step in enumerate(ACTION["runs"]["steps"]):
        if "run" in step:
            yield f"action.yml step {i + 1}", step["run"]
    for n, workflow in enumerate(WORKFLOWS, 1):
        for step in steps(workflow):
            if "run" in step:
                yield f"docs/ci.md workflow {n}", step["run"]
            if str(step.get("uses", "")).startswith("OWNER/phom-conformance@"):
                args = step.get("with", {}).get("args", "")
                yield f"docs/ci.md workflow {n} (action args)", f"phom-conformance run {args}"
    for n, text in enumerate(SHELL, 1):
        yield f"docs/ci.md shell block {n}", text
    prose = re.sub(r"^```.*?^```", "", CI_DOC, flags=re.M | re.S)
    for span in re.findall(r"`([^`]*phom-conformance [^`]*)`", prose):
        yield "docs/ci.md text", span.replace("\n", " ")


def commands() -> list[tuple[str, str, list[str]]]:
    found = []
    for where, text in scripts():
        joined = text.replace("\\\n", " ")
        # options gathered in a bash array (``args+=(--ruleset "$r")``) are the command's too
        gathered = [f for line in re.findall(r"\w+\+=\(([^)]*)\)", joined)
                    for f in _FLAG.findall(line)]
        for m in _COMMAND.finditer(joined):
            found.append((where, m.group(1), _FLAG.findall(m.group(2)) + gathered))
    return found


def test_the_action_and_the_docs_run_the_commands_they_should() -> None:
    names = [name for _, name, _ in commands()]
    assert {"run", "fuzz", "report", "smoke"} <= set(names)
    (action,) = [flags for where, _, flags in commands() if where.startswith("action.yml")]
    assert {"--impl", "--ruleset", "--expected-failures", "--markdown", "--report"} <= set(action)


@pytest.mark.parametrize(("where", "name", "flags"), commands(),
                         ids=lambda v: v if isinstance(v, str) else None)
def test_every_command_and_option_exists(where: str, name: str, flags: list[str]) -> None:
    assert name in cli.commands, f"{where}: phom-conformance has no command {name!r}"
    known = {o for p in cli.commands[name].params for o in (*p.opts, *p.secondary_opts)}
    unknown = [f for f in flags if f not in known]
    assert not unknown, f"{where}: phom-conformance {name} has no option {', '.join(unknown)}"


def test_the_action_installs_runs_summarises_and_uploads() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert ACTION["inputs"]["impl"]["required"] is True
    assert {"impl", "rulesets", "expected-failures", "report-dir"} <= set(ACTION["inputs"])
    uses = [s.get("uses", "") for s in ACTION["runs"]["steps"]]
    upload = next(s for s in ACTION["runs"]["steps"]
                  if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["if"] == "always()" and "inputs.report-dir" in upload["with"]["path"]
    assert any(u.startswith("actions/setup-python@") for u in uses)
    text = "\n".join(s.get("run", "") for s in ACTION["runs"]["steps"])
    assert "pip install" in text and "GITHUB_STEP_SUMMARY" in text
    assert "${{" not in text, "inputs reach the shell through env:, never pasted into a script"


def test_the_docs_list_the_actions_inputs_and_use_the_action() -> None:
    table = set(re.findall(r"^\| `([a-z-]+)` \|", CI_DOC, flags=re.M))
    assert table == set(ACTION["inputs"]), "docs/ci.md's input table is not action.yml's"
    used = [s for w in WORKFLOWS for s in steps(w)
            if str(s.get("uses", "")).startswith("OWNER/phom-conformance@")]
    assert used, "no workflow in docs/ci.md uses the action"
    for step in used:
        given = set(step.get("with", {}))
        assert given <= set(ACTION["inputs"]), f"unknown inputs {given - set(ACTION['inputs'])}"
        assert {k for k, v in ACTION["inputs"].items() if v.get("required")} <= given
    fuzz = [s["run"] for w in WORKFLOWS for s in steps(w) if "fuzz" in s.get("run", "")]
    assert any("--shard ${{ matrix.shard }}/" in r for r in fuzz)


def run_step(tmp_path: Path, **inputs: str) -> tuple[int, str, str, str]:
    """The action's run step under bash, with the inputs as the action passes them (env)."""
    step = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "run")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "phom-conformance"  # this interpreter's kit, wherever it is installed
    shim.write_text(f'#!/bin/sh\nexec {sys.executable} -c "from conformance.cli import main;'
                    ' main()" "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    summary, output = tmp_path / "summary", tmp_path / "output"
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "GITHUB_STEP_SUMMARY": str(summary),
           "GITHUB_OUTPUT": str(output), "RULESETS": "", "LEDGER": "", "ARGS": "",
           "REPORTS": str(tmp_path / "reports")} | inputs
    proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stderr, _text(summary), _text(output)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_the_run_step_runs_the_suite_and_writes_the_summary(tmp_path: Path) -> None:
    code, err, summary, output = run_step(
        tmp_path, IMPL=f"{sys.executable} -m reference_impl.server", RULESETS="co-ban,ki-gui",
        ARGS="-k deal-sizes-4p --strict-protocol")
    assert code == 0, err
    assert output == "exit-code=0\n"
    assert summary.startswith("## Phỏm conformance") and "conformant" in summary
    reports = tmp_path / "reports"
    assert {p.name for p in reports.iterdir()} == {
        "conformance.jsonl", "junit.xml", "report.html", "summary.md"}
    assert "deal-sizes-4p[co-ban]" in (reports / "conformance.jsonl").read_text(encoding="utf-8")


def test_the_run_step_fails_with_the_runs_exit_code(tmp_path: Path) -> None:
    code, err, summary, output = run_step(tmp_path, IMPL="no-such-program")
    assert code == 2 and output == "exit-code=2\n"
    assert "cannot start 'no-such-program'" in err
    assert "the run did not start (exit 2)" in summary
