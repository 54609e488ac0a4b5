"""``phom-conformance arbitrate RECORD``: rule on every move of a game record and its settlement."""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

import click

from conformance.records import RecordError, load_record


@click.command("arbitrate")
@click.argument("record", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (for machines).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a self-contained replay page to this file.")
def command(record: Path, as_json: bool, html_out: Path | None) -> None:
    """Replay a game RECORD on the reference engine and rule on every action and on the
    settlement, citing clause ids.

    Exit status: 0 the record agrees with the rules, 1 it does not (an illegal action, or a
    settlement that differs), 2 harness error, 3 malformed record or usage error.
    """
    try:
        rec = load_record(record)
    except RecordError as e:
        for p in e.problems:
            click.echo(str(p), err=True)
        click.echo("fix the record (format: spec/schemas/record.schema.json,"
                   " docs/fuzz-arbiter.md)", err=True)
        sys.exit(3)
    from conformance.arbiter import arbitrate

    try:
        verdict = arbitrate(rec)
    except Exception as e:  # the engine failed on a valid record: a harness error
        click.echo(f"{rec.path}: the reference engine failed while replaying the record:"
                   f" {type(e).__name__}: {e}", err=True)
        click.echo("".join(traceback.format_exception(e)[-4:]), err=True)
        sys.exit(2)
    if html_out is not None:
        from conformance.arbiter.html import render_html

        try:
            html_out.write_text(render_html(verdict), encoding="utf-8")
        except OSError as e:
            click.echo(f"{html_out}: cannot write the replay page: {e.strerror}", err=True)
            sys.exit(2)
    if as_json:
        click.echo(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2))
    else:
        from rich.console import Console

        from conformance.arbiter.terminal import render

        render(verdict, Console(highlight=False))
        if html_out is not None:
            click.echo(f"replay page: {html_out}")
    sys.exit(0 if verdict.agrees else 1)
