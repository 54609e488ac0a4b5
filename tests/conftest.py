"""Tests that share an expensive fixture run on one pytest-xdist worker.

A module- or session-scoped fixture is built once per worker process. The tests that use one
of these (each costs seconds: a whole-suite export, a whole-suite run against a mutant, a
copy of the kit laid out as installed, the README's fifth house validated) get one
``xdist_group``, and pyproject.toml's ``--dist loadgroup`` sends each group to a single
worker, so each is built once a run.
"""

from __future__ import annotations

import pytest

#: Fixture -> the xdist group of the tests that use it.
SHARED = {
    "export": "export",
    "small_export": "export",
    "mutant_run": "mutant-run",
    "installed": "installed",
    "readme_house": "readme-house",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        group = next((SHARED[f] for f in getattr(item, "fixturenames", ()) if f in SHARED), None)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
