"""Where the spec and the suite live: given, a source checkout, or the installed copy.

The first that applies, separately for ``spec/`` and ``features/``:

1. a directory given with ``phom-conformance --spec DIR`` / ``--features DIR``, which set
   ``$PHOM_SPEC`` / ``$PHOM_FEATURES`` (so the processes the kit starts agree);
2. the source checkout the current directory is in: a directory, found from the current one
   upward, with ``spec/`` and ``features/`` beside this kit's ``pyproject.toml``;
3. the copy installed with the kit (``phomspec/_data``), or, for a kit installed editable,
   the tree it runs from.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent
#: The distribution whose ``pyproject.toml`` marks a source checkout.
PROJECT = "phom-conformance"
ENV_SPEC = "PHOM_SPEC"
ENV_FEATURES = "PHOM_FEATURES"


@dataclass(frozen=True)
class DataRoots:
    """The ``spec/`` and ``features/`` in use, and where each comes from."""

    spec: Path
    features: Path
    #: The source checkout in use (for ``examples/``), None for the installed copy.
    checkout: Path | None
    spec_from: str
    features_from: str

    def describe(self) -> str:
        """One line for a person: which copy of ``spec/`` and ``features/`` is in use."""
        if self.spec_from == self.features_from and self.spec.parent == self.features.parent:
            return f"using {_label(self.spec_from, 'spec/ and features/')} ({self.spec.parent})"
        return (f"using {_label(self.spec_from, 'spec/')} ({self.spec}) and"
                f" {_label(self.features_from, 'features/')} ({self.features})")


def _label(origin: str, what: str) -> str:
    return {
        "checkout": f"the checkout's {what}",
        "installed": f"the installed {what}",
        "source": f"the {what} of the tree the kit runs from",
    }.get(origin, f"{what} given with {origin}")


def is_checkout(directory: Path) -> bool:
    """Whether ``directory`` is a source checkout of the kit."""
    if not ((directory / "spec").is_dir() and (directory / "features").is_dir()):
        return False
    try:
        project = tomllib.loads((directory / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    name = project.get("project", {}).get("name") if isinstance(project, dict) else None
    return name == PROJECT


def find_checkout(start: Path) -> Path | None:
    """The source checkout ``start`` is in (itself or a parent), if any."""
    start = start.resolve()
    return next((d for d in (start, *start.parents) if is_checkout(d)), None)


@cache
def _roots(cwd: str, spec: str | None, features: str | None) -> DataRoots:
    checkout = find_checkout(Path(cwd))
    if checkout is not None:
        base, origin = checkout, "checkout"
    elif (_PKG / "_data" / "spec").is_dir():
        base, origin = _PKG / "_data", "installed"
    else:
        base, origin = _PKG.parent, "source"
        checkout = base if is_checkout(base) else None
    spec_path = Path(cwd, spec).resolve() if spec else base / "spec"
    features_path = Path(cwd, features).resolve() if features else base / "features"
    return DataRoots(spec_path, features_path, checkout,
                     f"--spec/${ENV_SPEC}" if spec else origin,
                     f"--features/${ENV_FEATURES}" if features else origin)


def data_roots() -> DataRoots:
    """The ``spec/`` and ``features/`` in use now (see the module docstring)."""
    try:
        cwd = os.getcwd()
    except OSError:  # the current directory was removed
        cwd = "/"
    return _roots(cwd, os.environ.get(ENV_SPEC) or None, os.environ.get(ENV_FEATURES) or None)


def use(spec: str | os.PathLike[str] | None = None,
        features: str | os.PathLike[str] | None = None) -> None:
    """Use these directories from now on, in this process and those it starts."""
    for name, value in ((ENV_SPEC, spec), (ENV_FEATURES, features)):
        if value is not None:
            os.environ[name] = str(Path(value).resolve())


def given_options() -> list[str]:
    """The global options that select the directories given with ``--spec``/``--features``
    (or their environment variables), for a command printed to be run again; empty when
    the checkout's or the installed copy is in use."""
    out: list[str] = []
    for flag, name in (("--spec", ENV_SPEC), ("--features", ENV_FEATURES)):
        if os.environ.get(name):
            out += [flag, os.environ[name]]
    return out


def spec_dir() -> Path:
    """The ``spec/`` directory in use."""
    return data_roots().spec


def features_dir() -> Path:
    """The ``features/`` directory in use."""
    return data_roots().features


def fixtures_dir() -> Path:
    return features_dir() / "fixtures"


def record_dirs() -> list[Path]:
    """The directories of game records that plain ``validate`` checks: ``features/records``
    and the checkout's ``examples/records`` (the installed copy has no ``examples/``)."""
    checkout = data_roots().checkout
    dirs = [features_dir() / "records"]
    if checkout is not None:
        dirs.append(checkout / "examples" / "records")
    return [d for d in dirs if d.is_dir()]


def installed_version(dist: str) -> str:
    """The installed version of ``dist``: from the name of its ``.dist-info`` directory, the
    first on sys.path (as importlib.metadata finds it, without the cost of importing that)."""
    wanted = re.sub(r"[-_.]+", "_", dist).lower() + "-"
    for entry in sys.path:
        for name in _listing(entry or "."):
            if name.endswith(".dist-info") and name.lower().startswith(wanted):
                return name[len(wanted):-len(".dist-info")]
    from importlib import metadata  # installed some other way (an egg, say)

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "-"


def _listing(directory: str) -> list[str]:
    try:
        return os.listdir(directory)
    except OSError:  # not a directory (a zip file), or gone
        return []
