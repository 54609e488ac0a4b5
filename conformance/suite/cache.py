"""The loaded suite kept on disk, so that the next ``run`` of the same inputs skips the load.

A load of the whole suite (Gherkin parsing, the fixture YAML, matching every step, dry
setups) costs far more than unpickling its result, the list of compiled scenarios (step
definitions pickle by reference: :func:`conformance.suite.steps.registry.registered`), kept
with what a run reads of the spec besides (:func:`conformance.suite.support.ruleset_readings`).
An entry is keyed by the content and place of every input: the feature and fixture files
read, every file of ``spec/``, every source file of the kit's packages (so an edited step or
loader never meets an old entry), the versions of the kit, of Python and of the parsers, and
the load's arguments. A load that fails is never kept.

The cache is a directory of at most :data:`MAX_ENTRIES` files (the oldest go first); any of
them, or all, may be deleted at any time, and an entry that cannot be read is a miss. It is
off while pytest runs a test (``$PYTEST_CURRENT_TEST``, which the processes a test starts
inherit too) and when ``$PHOM_CONFORMANCE_CACHE`` is ``0``/``off``/``no``; it lives in
``$PHOM_CONFORMANCE_CACHE_DIR``, else ``$XDG_CACHE_HOME/phom-conformance``, else
``~/.cache/phom-conformance``.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import pickle
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from phomspec.paths import installed_version, spec_dir

#: Entries kept; each holds one compiled suite (about 1 MB for the whole suite).
MAX_ENTRIES = 8
ENV_SWITCH = "PHOM_CONFORMANCE_CACHE"
ENV_DIR = "PHOM_CONFORMANCE_CACHE_DIR"
#: The packages whose source a compiled scenario depends on (its classes, steps, rules).
_PACKAGES = ("conformance", "phomspec", "reference_impl")
_PARSERS = ("gherkin-official", "PyYAML")
_PREFIX = "suite-"
_TMP = ".tmp-"


def cache_dir() -> Path | None:
    """Where entries live, or None when the cache is off (see the module's docstring)."""
    if os.environ.get("PYTEST_CURRENT_TEST"):
        return None
    if os.environ.get(ENV_SWITCH, "").strip().lower() in ("0", "off", "no", "false"):
        return None
    given = os.environ.get(ENV_DIR)
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home directory to speak of: no cache
            return None
    return Path(base) / "phom-conformance"


def _package_files() -> list[Path]:
    files: list[Path] = []
    for name in _PACKAGES:
        spec = importlib.util.find_spec(name)
        for root in (spec.submodule_search_locations or []) if spec else []:
            files += sorted(Path(root).rglob("*.py"))
    return files


def suite_key(inputs: Iterable[Path], arguments: Sequence[Any]) -> str:
    """The key of a load that reads ``inputs`` (feature and fixture files) and was called
    with ``arguments``: a hash of their content and of everything else the result depends on."""
    from conformance import __version__

    digest = hashlib.blake2b(digest_size=20)
    spec_files = sorted(p for p in spec_dir().rglob("*") if p.is_file())
    head = [__version__, sys.version, str(pickle.HIGHEST_PROTOCOL), repr(list(arguments)),
            *(f"{d}={installed_version(d)}" for d in _PARSERS)]
    digest.update(repr(head).encode())
    dirs: dict[Path, Path] = {}
    for path in [*inputs, *spec_files, *_package_files()]:
        # the path as given too: a scenario's source is written as its file was named
        digest.update(f"{path}\0{resolved(path, dirs)}\0".encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"\1unreadable")
        digest.update(b"\0")
    return digest.hexdigest()


def resolved(path: Path, dirs: dict[Path, Path]) -> Path:
    """``path.resolve()``, each directory resolved once (kept in ``dirs``); a file that is a
    link itself is resolved whole."""
    if path.is_symlink():
        return path.resolve()
    parent = dirs.get(path.parent)
    if parent is None:
        parent = dirs[path.parent] = path.parent.resolve()
    return parent / path.name


def read(key: str) -> Any | None:
    """The value kept under ``key``, or None (off, not there, or unreadable)."""
    where = cache_dir()
    if where is None:
        return None
    path = where / f"{_PREFIX}{key}.pickle"
    try:
        data = path.read_bytes()
        value = pickle.loads(data)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged or foreign entry: a miss, and gone
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # the oldest entries go first
    return value


def write(key: str, value: Any) -> None:
    """Keep ``value`` under ``key`` (written whole or not at all), then drop the oldest
    entries beyond :data:`MAX_ENTRIES`. A cache that cannot be written is left alone."""
    where = cache_dir()
    if where is None:
        return
    tmp: str | None = None
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=where, prefix=_TMP, suffix=".pickle")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, where / f"{_PREFIX}{key}.pickle")
        tmp = None
        entries = sorted(where.glob(f"{_PREFIX}*.pickle"), key=_mtime, reverse=True)
        left = [p for p in where.glob(f"{_TMP}*") if time.time() - _mtime(p) > 600]
        for old in [*entries[MAX_ENTRIES:], *left]:  # and writes that died half-way
            with contextlib.suppress(OSError):
                old.unlink()
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
