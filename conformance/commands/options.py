"""Options that several commands share: the suite-wide sweeps' (``readings``,
``miniatures``), and the other revision of ``bench --against`` and ``speed --against``."""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import click

from conformance.errors import HarnessError

F = TypeVar("F", bound=Callable[..., Any])


def sweep_options(check_help: str) -> Callable[[F], F]:
    """``--check`` (its help: ``check_help``), ``--ruleset`` (repeatable, as ``rulesets``)
    and ``--jobs`` (worker processes, as ``jobs``; None: the number of cores)."""

    def add(function: F) -> F:
        for option in reversed((
            click.option("--check", is_flag=True, help=check_help),
            click.option("--ruleset", "rulesets", multiple=True, metavar="R",
                         help="Only scenarios of this ruleset (repeatable)."),
            click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
                         help="Worker processes (conformance.forks.fork_map); the output is"
                              " the same as with 1.  [default: the number of cores]"),
        )):
            function = option(function)
        return function

    return add


# -- another revision of the kit, beside this one (bench --against, speed --against) ----------

class HarnessFailure(click.ClickException):
    """A harness error, one line, exit 2 (conformance/cli.py)."""

    exit_code = 2


def against_option(compared: str) -> Callable[[F], F]:
    """``--against REV|DIR`` (as ``against``): the other revision that ``compared``."""
    return click.option(
        "--against", metavar="REV|DIR",
        help=f"Another revision of the kit, {compared}: a git revision of this kit's"
             " repository (checked out in a temporary worktree, removed after) or the"
             " directory of a checkout (used as it is; a directory wins over a revision of"
             " the same name).")


def git(repo: Path, *args: str) -> str:
    """``git -C repo ARGS``'s output; HarnessError (its stderr) when it fails."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise HarnessError(f"git {' '.join(args)} in {repo}: {done.stderr.strip()}")
    return done.stdout.strip()


#: The tree this kit runs from.
HERE = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def other_tree(against: str) -> Iterator[tuple[Path, str]]:
    """The root of revision ``against`` (a checkout directory, or a git revision checked
    out for the ``with`` block) and its commit ("" for a directory outside git)."""
    given = Path(against)
    if given.is_dir():
        try:
            commit = git(given, "rev-parse", "HEAD")
        except HarnessError:
            commit = ""
        yield given.resolve(), commit
        return
    repo = Path(git(HERE, "rev-parse", "--show-toplevel"))
    try:
        commit = git(repo, "rev-parse", "--verify", "--quiet", f"{against}^{{commit}}")
    except HarnessError:
        raise click.BadParameter(f"no directory and no git revision {against!r} in {repo}",
                                 param_hint="--against") from None
    with tempfile.TemporaryDirectory(prefix="phom-against-") as tmp:
        root = Path(tmp) / "kit"
        git(repo, "worktree", "add", "--detach", str(root), commit)
        try:
            yield root, commit
        finally:
            git(repo, "worktree", "remove", "--force", str(root))
