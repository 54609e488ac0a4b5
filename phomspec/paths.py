"""Where the spec and the suite live: inside the installed wheel, or in a source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """Directory holding ``spec/`` and ``features/``."""
    shipped = _PKG / "_data"
    if (shipped / "spec").is_dir():
        return shipped
    return _PKG.parent


def spec_dir() -> Path:
    return data_root() / "spec"


def features_dir() -> Path:
    return data_root() / "features"


def fixtures_dir() -> Path:
    return features_dir() / "fixtures"
