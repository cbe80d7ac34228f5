"""`banker tournament publish`: the standings as CSV, a phone-friendly HTML page, and a PDF."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from app.cli.main import EXIT_LEDGER, EXIT_REFUSED
from app.cli.tournament import refusals, tournament_group
from app.tournament import service as tournaments
from app.tournament.publishing import NotRecorded, published, record, standings_csv, standings_html
from models.tournament.publications import publication_words
from models.tournament.records import PublishedFormat
from ui.cli_support import fail, folder_exists, write_with_qt

OUT = click.Path(dir_okay=False, writable=True, path_type=Path)


@tournament_group.command("publish")
@click.argument("tid")
@click.argument("stage")
@click.option("--csv", "csv_out", type=OUT, default=None, help="Write the standings as CSV.")
@click.option("--html", "html_out", type=OUT, default=None,
              help="Write a static page for the online announcement (reads on a phone).")
@click.option("--pdf", "pdf_out", type=OUT, default=None, help="Write the printed sheet.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--by", "by", default="the desk", show_default=True, metavar="NAME",
              help="Who publishes (the desk or a judge), recorded with the publication.")
def publish(tid: str, stage: str, csv_out: Path | None, html_out: Path | None,
            pdf_out: Path | None, paper: str, by: str) -> None:
    """Publish the standings (no contact detail ever): CSV, HTML page, printed PDF; then
    record the publication in the tournament, for every laptop to see."""
    outs = [p for p in (csv_out, html_out, pdf_out) if p is not None]
    if not outs:
        raise click.UsageError("say what to publish: --csv, --html and/or --pdf")
    if len(by) > 40 or not re.fullmatch(r"\S(.*\S)?", by):
        raise click.BadParameter("a name of 1 to 40 characters, not starting or ending with "
                                 "a space", param_hint="'--by'")
    for path in outs:
        folder_exists(path)
    with refusals():
        checked = tournaments.load_checked(tid)
        data = published(checked.tournament, stage, datetime.now(UTC))
    for line in checked.words:  # published as followed; the desk is told what was not
        click.echo(f"NOT FOLLOWED: {line}", err=True)
    if csv_out is not None:
        _write(csv_out, standings_csv(data))
    if html_out is not None:
        _write(html_out, standings_html(data))
    if pdf_out is not None:
        pages = write_with_qt("standings", _pdf_writer, data, pdf_out, paper)
        click.echo(f"written: {pdf_out} ({pages} page{'s' * (pages != 1)})")
    formats: list[PublishedFormat] = [f for f, out in (("csv", csv_out), ("html", html_out),
                                                      ("pdf", pdf_out)) if out is not None]
    _record(tid, data, formats, by)


def _record(tid: str, data: dict[str, Any], formats: list[PublishedFormat],
            by: str | None) -> None:
    """The publication recorded (after the files): exit 4 when the hub or the tournament's
    file cannot be written, 3 when refused (another desk's change came first); the files
    stay either way."""
    try:
        t = record(tid, data, formats, by)
    except NotRecorded as e:
        fail(f"not recorded: {e}", EXIT_LEDGER if e.unreachable else EXIT_REFUSED)
    last = t.publications[-1]
    click.echo(f"recorded: {data['stage']} {publication_words(last)}")


def _write(path: Path, text: str) -> None:
    part = path.with_name(f".{path.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    except OSError as e:
        part.unlink(missing_ok=True)
        fail(f"not written: {e}", EXIT_LEDGER)
    click.echo(f"written: {path}")


def _pdf_writer() -> Callable[[dict[str, Any], Path, str], int]:
    # Qt loads only when a PDF is asked for.
    from ui.tournament.standings_pdf import write_pdf  # noqa: PLC0415

    return write_pdf
