"""Load the whole spec into typed, frozen values (after validating it)."""

from __future__ import annotations

from pathlib import Path

from phomspec.errors import SpecError
from phomspec.model import Spec
from phomspec.paths import spec_dir
from phomspec.validate import check_root

#: How many problems a SpecError from :func:`load_spec` lists before "and N more".
_SHOWN = 10


def load_spec(root: Path | None = None) -> Spec:
    """The spec of ``root`` (default: the kit's ``spec/``); SpecError listing its problems if it
    does not validate (run ``phom-conformance validate`` for all of them)."""
    root = root or spec_dir()
    if not (root / "parameters.yaml").is_file():
        raise SpecError(f"{root}: not a spec directory (no parameters.yaml)")
    spec, problems, _ = check_root(root)
    if problems:
        lines = [str(p) for p in problems[:_SHOWN]]
        if len(problems) > _SHOWN:
            lines.append(f"... and {len(problems) - _SHOWN} more")
        raise SpecError(
            f"the spec in {root} has {len(problems)} problem(s); run 'phom-conformance validate':\n"
            + "\n".join(lines)
        )
    return spec
