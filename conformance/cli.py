"""``phom-conformance``: the kit's command line.

Exit codes: 0 conformant / clean, 1 failures, 2 harness or protocol error, 3 usage error.
"""

from __future__ import annotations

import importlib
import sys

import click

#: Command modules under conformance/commands/, each exposing ``command``.
COMMANDS = [
    "clauses",
    "validate",
    "arbitrate",
    "fuzz",
    "mutate",
    "run", "smoke", "report", "baseline", "bench",
]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="phom-conformance")
def cli() -> None:
    """Rule specification and conformance test kit for Phỏm (Tá lả)."""


for _name in COMMANDS:
    cli.add_command(importlib.import_module(f"conformance.commands.{_name}").command)


def main() -> None:
    try:
        rv = cli.main(standalone_mode=False)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
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


if __name__ == "__main__":
    main()
