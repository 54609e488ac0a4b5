"""Fixtures for the spec tooling tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_helpers import MINI, SpecCopy

from phomspec.paths import spec_dir


@pytest.fixture(params=["kit", "mini"])
def spec_copy(request: pytest.FixtureRequest, tmp_path: Path) -> SpecCopy:
    """A copy of the kit's spec, then of the small test spec: every breakage is tried on both."""
    return SpecCopy(spec_dir() if request.param == "kit" else MINI, tmp_path / "spec")
