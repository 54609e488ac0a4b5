"""The pytest plugin: the phom_driver fixture, in-process by default or --phom-impl."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

from tests.harness.helpers import ROOT, fake

#: Plugins of this environment that the plugin's tests do not need: not loading them saves
#: each inner pytest about half a second of CPU (hypothesis alone, 0.3 s).
UNNEEDED = ("-p", "no:hypothesispytest", "-p", "no:xdist", "-p", "no:pytest-bdd")

TEST = '''
def test_hello(phom_driver):
    print("IMPL=" + phom_driver.hello["name"])
    reply = phom_driver.call({"type": "result", "game": "nope"})
    print("REPLY=" + str(reply.get("ok")))
'''


def pytest_in(tmp_path: Path, *args: str, conftest: str = "") -> subprocess.CompletedProcess:
    (tmp_path / "test_plugin_use.py").write_text(TEST)
    if conftest:
        (tmp_path / "conftest.py").write_text(conftest)
    env_path = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", *UNNEEDED,
         "--rootdir", str(tmp_path), str(tmp_path), *args],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"})


def test_default_is_the_in_process_reference(tmp_path: Path) -> None:
    proc = pytest_in(tmp_path, "-p", "conformance.pytest_plugin")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "IMPL=phom-reference" in proc.stdout
    assert "REPLY=False" in proc.stdout  # unknown game: an error reply


def test_phom_impl_runs_a_subprocess(tmp_path: Path) -> None:
    impl = shlex.join(fake("well_behaved"))
    proc = pytest_in(tmp_path, "-p", "conformance.pytest_plugin", "--phom-impl", impl)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "IMPL=fake" in proc.stdout
    assert "REPLY=True" in proc.stdout  # the fake answers anything


def test_entry_point_and_conftest_registration_coexist(tmp_path: Path) -> None:
    """Installed with the recommended entry point name, a conftest may still list the plugin
    in pytest_plugins (the project's root conftest does)."""
    site = tmp_path / "site"
    dist = site / "phomtest-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: phomtest\nVersion: 0\n")
    (dist / "entry_points.txt").write_text(
        "[pytest11]\nconformance.pytest_plugin = conformance.pytest_plugin\n")
    tests = tmp_path / "t"
    tests.mkdir()
    (tests / "test_plugin_use.py").write_text(TEST)
    (tests / "conftest.py").write_text('pytest_plugins = ["conformance.pytest_plugin"]\n')
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", *UNNEEDED,
         "--rootdir", str(tests), str(tests)], capture_output=True, text=True, timeout=120,
        cwd=tests,
        env={"PYTHONPATH": f"{ROOT}:{site}", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "IMPL=phom-reference" in proc.stdout
