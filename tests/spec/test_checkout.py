"""Checkout first: inside a source checkout, or with ``--spec``/``--features``, the commands use
that spec/ and features/, not the copy installed with the kit, and say which they use.

The installed kit is simulated as the wheel lays it out (``pyproject.toml``: the packages, with
spec/ and features/ under ``phomspec/_data``) in a directory put first on ``sys.path`` of a
fresh interpreter, so that nothing of this source tree is imported.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conformance.cli import cli
from phomspec import paths

ROOT = Path(__file__).resolve().parents[2]
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc")
UNKNOWN = "  bogus.param: 3\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory laid out like the installed wheel: packages, spec and features inside."""
    site = tmp_path_factory.mktemp("site")
    for package in ("phomspec", "reference_impl", "conformance"):
        shutil.copytree(ROOT / package, site / package, ignore=_IGNORE)
    for data in ("spec", "features"):
        shutil.copytree(ROOT / data, site / "phomspec" / "_data" / data, ignore=_IGNORE)
    return site


def broken_checkout(where: Path) -> tuple[Path, int]:
    """A checkout whose co-ban ruleset sets an unknown parameter (and at which line), with a
    malformed game record under examples/records and an empty features/."""
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    shutil.copytree(ROOT / "spec", where / "spec", ignore=_IGNORE)
    (where / "features").mkdir()
    ruleset = where / "spec" / "rulesets" / "co-ban.yaml"
    lines = ruleset.read_text(encoding="utf-8").splitlines(keepends=True)
    at = lines.index("parameters:\n") + 1
    lines.insert(at, UNKNOWN)
    ruleset.write_text("".join(lines), encoding="utf-8")
    records = where / "examples" / "records"
    records.mkdir(parents=True)
    (records / "bad.yaml").write_text("record: 1\nruleset: co-ban\n", encoding="utf-8")
    return where, at + 1


def kit(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``phom-conformance ARGS`` from the installed copy at ``site``, run in ``cwd``."""
    boot = (f"import sys; sys.path.insert(0, {str(site)!r});"
            " from conformance.cli import main; main()")
    env = {k: v for k, v in os.environ.items() if k not in (paths.ENV_SPEC, paths.ENV_FEATURES)}
    return subprocess.run([sys.executable, "-I", "-c", boot, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_simulated_install_is_what_runs(installed: Path, tmp_path: Path) -> None:
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import conformance, phomspec.paths as p;"
             " print(conformance.__file__); print(p.spec_dir())")
    out = subprocess.run([sys.executable, "-I", "-c", probe, str(installed)], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == [str(installed / "conformance" / "__init__.py"),
                   str(installed / "phomspec" / "_data" / "spec")]


def test_validate_in_a_checkout_checks_the_checkouts_spec_and_records(
        installed: Path, tmp_path: Path) -> None:
    checkout, line = broken_checkout(tmp_path)
    deep = checkout / "spec" / "clauses"  # found from the current directory upward
    result = kit(installed, "validate", cwd=deep)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.splitlines()[0] == f"using the checkout's spec/ and features/ ({checkout})"
    ruleset = checkout / "spec" / "rulesets" / "co-ban.yaml"  # not below the current directory
    assert any(p.startswith(f"{ruleset}:{line}: ruleset co-ban: unknown parameter 'bogus.param'")
               for p in result.stdout.splitlines()), result.stdout
    assert any(p.startswith(str(checkout / "examples" / "records" / "bad.yaml"))
               for p in result.stdout.splitlines()), result.stdout


def test_validate_names_the_unknown_parameter_even_with_the_checkouts_scenarios(
        installed: Path, tmp_path: Path) -> None:
    """The scenarios load through the broken ruleset: the spec's problem is still the one line
    printed, with file:line and exit 1 (not a harness error)."""
    checkout, line = broken_checkout(tmp_path)
    shutil.rmtree(checkout / "features")
    shutil.copytree(ROOT / "features", checkout / "features", ignore=_IGNORE)
    result = kit(installed, "validate", cwd=checkout)
    assert result.returncode == 1, result.stdout + result.stderr
    ruleset = Path("spec") / "rulesets" / "co-ban.yaml"
    assert result.stdout.splitlines()[0].startswith(
        f"{ruleset}:{line}: ruleset co-ban: unknown parameter 'bogus.param'"), result.stdout
    assert "validation itself failed" not in result.stderr


def test_outside_a_checkout_the_installed_copy_is_used_and_named(
        installed: Path, tmp_path: Path) -> None:
    result = kit(installed, "clauses", "--ruleset", "co-ban", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        f"using the installed spec/ and features/ ({installed / 'phomspec' / '_data'})")
    assert json.loads(result.stdout)  # stdout stays plain JSON


def test_spec_given_on_the_command_line(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "co").mkdir()
    checkout, line = broken_checkout(tmp_path / "co")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    spec = checkout / "spec"
    result = kit(installed, "--spec", str(spec), "--features", str(checkout / "features"),
                 "validate", cwd=elsewhere)
    assert result.returncode == 1, result.stdout + result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"using spec/ given with --spec/$PHOM_SPEC ({spec}) and features/")
    assert f"{spec / 'rulesets' / 'co-ban.yaml'}:{line}: ruleset co-ban: unknown" in result.stdout
    misplaced = kit(installed, "validate", "--spec", str(spec), cwd=elsewhere)
    assert misplaced.returncode == 3
    assert "--spec goes before the command: phom-conformance --spec DIR validate" in (
        misplaced.stderr)


def test_a_ruleset_file_outside_spec_gets_the_same_checks(tmp_path: Path) -> None:
    _, line = broken_checkout(tmp_path)
    copy = tmp_path / "co-ban.yaml"  # outside spec/: the ruleset of the broken checkout
    shutil.move(tmp_path / "spec" / "rulesets" / "co-ban.yaml", copy)
    lines = (ROOT / "spec" / "rulesets" / "co-ban.yaml").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(copy)])
    assert result.exit_code == 1, result.output
    assert f"{copy}:{line}: ruleset co-ban: unknown parameter 'bogus.param'" in result.stdout
    (tmp_path / "fine.yaml").write_text(lines, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "fine.yaml")])
    assert result.exit_code == 0 and result.stdout.startswith("ok: 1 spec file(s)"), result.output


def test_the_checkout_is_found_only_beside_the_kits_pyproject(tmp_path: Path) -> None:
    (tmp_path / "spec").mkdir()
    (tmp_path / "features").mkdir()
    assert paths.find_checkout(tmp_path) is None  # no pyproject.toml
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n', encoding="utf-8")
    assert paths.find_checkout(tmp_path / "spec") is None
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    assert paths.find_checkout(tmp_path / "spec") == tmp_path.resolve()
    assert paths.find_checkout(ROOT / "docs") == ROOT
