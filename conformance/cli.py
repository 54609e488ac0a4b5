"""``phom-conformance``: the kit's command line.

Exit codes of every command: 0 conformant / clean, 1 failures, 2 harness or protocol error,
3 usage error (an unknown option, a bad value, an input file that is missing or is not of its
kind).

``--spec DIR`` and ``--features DIR`` are options of the group, before the command: the
directories are process-wide (every module reads them through :mod:`phomspec.paths`), and so
every command, and every process it starts, uses the same ones.
"""

from __future__ import annotations

import functools
import gc
import importlib
import sys
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import click

from phomspec import paths

#: Command modules under conformance/commands/, each exposing ``command``.
COMMANDS = [
    "clauses",
    "readings",
    "validate",
    "arbitrate",
    "fuzz",
    "mutate",
    "miniatures",
    "run", "smoke", "report", "baseline", "bench", "speed",
    "steps",
    "export",
]
#: Commands that read neither spec/ nor features/ (only reports, or only other commands'
#: output): they say nothing of them.
NO_DATA = {"report", "baseline", "speed"}
_DATA_OPTIONS = ("--spec", "--features")


def _use(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        paths.use(**{str(param.name): value})
    return value


def announce(callback: Callable[..., Any]) -> Callable[..., Any]:
    """``callback``, first saying on stderr which spec/ and features/ are in use.

    On stderr so that what a command prints on stdout (JSON, tables) stays as it is; in a
    terminal or a CI log it is the first line shown.
    """

    @functools.wraps(callback)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        click.echo(paths.data_roots().describe(), err=True)
        return callback(*args, **kwargs)

    return wrapper


class LazyCommands(MutableMapping[str, click.Command]):
    """The group's commands by name, each module imported the first time its command is
    looked up: a command pays only for its own imports (``--help`` imports them all)."""

    def __init__(self, names: list[str]):
        self._names = list(names)
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            if name not in self._names:
                raise KeyError(name)
            command = importlib.import_module(f"conformance.commands.{name}").command
            if name not in NO_DATA and command.callback is not None:
                command.callback = announce(command.callback)
            self._loaded[name] = command
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        if name not in self._names:
            self._names.append(name)
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names


@click.group(context_settings={"help_option_names": ["-h", "--help"]},
             commands=LazyCommands(COMMANDS))
@click.version_option(package_name="phom-conformance")
@click.option("--spec", type=click.Path(exists=True, file_okay=False), metavar="DIR",
              envvar=paths.ENV_SPEC, callback=_use, expose_value=False, is_eager=True,
              help="Use this spec/ directory (default: the checkout's, inside a source"
                   " checkout, else the installed copy).")
@click.option("--features", type=click.Path(exists=True, file_okay=False), metavar="DIR",
              envvar=paths.ENV_FEATURES, callback=_use, expose_value=False, is_eager=True,
              help="Use this features/ directory (default: as for --spec).")
def cli() -> None:
    """Rule specification and conformance test kit for Phỏm (Tá lả).

    Inside a source checkout the commands use its spec/ and features/; elsewhere the copy
    installed with the kit. The first line (on stderr) says which.
    """


def _misplaced(e: click.NoSuchOption) -> str | None:
    """The hint for ``--spec``/``--features`` given after the command, else None."""
    if e.option_name in _DATA_OPTIONS and e.ctx is not None and e.ctx.parent is not None:
        return (f"{e.option_name} goes before the command:"
                f" phom-conformance {e.option_name} DIR {e.ctx.info_name} ...")
    return None


def main() -> None:
    try:
        rv = cli.main(standalone_mode=False)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.NoSuchOption as e:
        hint = _misplaced(e)
        if hint is not None:
            e = click.NoSuchOption(e.option_name, f"no option {e.option_name} here: {hint}",
                                   ctx=e.ctx)
        e.show()
        sys.exit(3)
    except click.UsageError as e:
        e.show()
        sys.exit(3)
    except click.Abort:
        click.echo("aborted", err=True)
        sys.exit(2)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    sys.exit(rv if isinstance(rv, int) else 0)


def entry() -> None:
    """The console script ``phom-conformance``: :func:`main` in a process of its own, which
    ends with it. What the command built (the loaded suite, its results) then needs no last
    collection at exit, which would look at every object: a tenth of a second after a run."""
    try:
        main()
    finally:
        gc.freeze()


if __name__ == "__main__":
    entry()
