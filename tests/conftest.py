"""Tests that share an expensive fixture run on one pytest-xdist worker.

A module- or session-scoped fixture is built once per worker process. The tests that use one
of these (each costs seconds: a whole-suite export, a whole-suite run against a mutant, a
copy of the kit laid out as installed, the README's fifth house validated) run on a single
worker, so each is built once a run.

pytest-xdist's own ``xdist_group`` mark cannot do it here: xdist learns a test's group from a
suffix it writes into the test's node id, and since pytest 9.2 a node id is no longer that
attribute, so the mark is silently ignored. The controller, which sees only node ids, gets the
groups from :data:`GROUPS` instead (by module, through xdist's scheduler hook); a test that
uses a shared fixture from a module outside its fixture's group fails, saying so. Under
``--dist loadgroup`` xdist sends the larger work units first, so these groups start early
instead of keeping one core busy at the end.
"""

from __future__ import annotations

from typing import Any

import pytest

#: Fixture -> the xdist group of the tests that use it.
SHARED = {
    "export": "export",
    "small_export": "export",
    "mutant_run": "mutant-run",
    "installed": "installed",
    "readme_house": "readme-house",
}

#: Group -> the test modules holding the tests that use its fixtures (each whole module runs
#: on the group's worker).
GROUPS = {
    "export": ("tests/harness/test_export.py",),
    "mutant-run": ("tests/reports/test_mutant_reports.py", "tests/reports/test_chromium.py",
                   "tests/reports/test_report_command.py"),
    "installed": ("tests/spec/test_checkout.py",),
    "readme-house": ("tests/spec/test_fifth_house.py",),
}
GROUP_OF_MODULE = {module: group for group, modules in GROUPS.items() for module in modules}


def module_of(nodeid: str) -> str:
    """The test module of a node id (``path/test_x.py`` of ``path/test_x.py::test_y[z]``)."""
    return nodeid.split("::", 1)[0]


#: Node id -> why the test is not in the group of a shared fixture it uses (it fails).
MISGROUPED: dict[str, str] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture in getattr(item, "fixturenames", ()):
            group = SHARED.get(fixture)
            if group is not None and GROUP_OF_MODULE.get(module_of(item.nodeid)) != group:
                MISGROUPED[item.nodeid] = (
                    f"{item.nodeid} uses the shared fixture {fixture!r}: add its module to"
                    f" GROUPS[{group!r}] in tests/conftest.py")


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.nodeid in MISGROUPED:
        pytest.fail(MISGROUPED[item.nodeid], pytrace=False)


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook; none without it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadgroup``: xdist's group scheduling, with the groups of GROUPS."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class SharedFixtureScheduling(LoadGroupScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return GROUP_OF_MODULE.get(module_of(nodeid)) or super()._split_scope(nodeid)

    return SharedFixtureScheduling(config, log)
