"""Screenshots of the table's display widgets for a recorded example (for looking at, and the docs).

python -m ui.tools.screenshot --example resources/examples/sg-final-position.jsonl --out /tmp/x.png
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import click

from app.table import judges
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from app.table.view_build import feed_entries, table_view
from models.commands import NewGame

JUDGE, PIN = "Preview", "000000"


@dataclass
class ScriptClock:
    """The script's own times where it gives them; a few seconds on for each line without."""

    at: datetime = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=5)
        return self.at


def record(example: Path, db: Path, before_line: int | None) -> tuple[TableGame, ScriptClock]:
    """Record `example` into `db` (a judge registered with the game for the judge's lines)."""
    clock = ScriptClock()
    game = TableGame.open(str(db), now=clock)
    for number, line in read_script(example.read_text(encoding="utf-8")):
        if before_line is not None and number >= before_line:
            break
        command = parse_command(line)
        if command.at is not None:
            clock.at = command.at.astimezone(UTC) - timedelta(seconds=5)
        if isinstance(command, NewGame) and not command.judges:
            command = command.model_copy(update={"judges": [judges.registration(JUDGE, PIN)]})
        game.submit(command)
        if isinstance(command, NewGame):
            game.sign_in_judge(JUDGE, PIN)
    return game, clock


@click.command()
@click.option("--example", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              required=True, help="A JSONL script, e.g. resources/examples/sg-final-position.jsonl.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.option("--before-line", type=int, default=None, help="Stop before this line of the script.")
@click.option("--now", "now", default=None, help="The wall time the clock is shown at (ISO).")
@click.option("--size", default="1366x768", show_default=True, help="Window size, WxH.")
@click.option("--widget", type=click.Choice(["all", "board", "players", "clock", "feed"]),
              default="all", show_default=True)
def main(example: Path, out: Path, before_line: int | None, now: str | None, size: str,
         widget: str) -> None:
    """Record EXAMPLE into a temporary ledger and save a picture of the display widgets."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415 (Qt only when drawing)

    from ui.tools.preview import Preview  # noqa: PLC0415

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        game, clock = record(example, Path(folder) / "preview.db", before_line)
        if now is not None:
            clock.at = datetime.fromisoformat(now).astimezone(UTC) - timedelta(seconds=5)
        view = table_view(game)
        entries = feed_entries(game, last=40)
        game.close()
    width, height = (int(n) for n in size.lower().split("x"))
    preview = Preview()
    preview.resize(width, height)
    preview.show_view(view, entries)
    preview.show()
    app.processEvents()
    target = {"all": preview, "board": preview.board, "players": preview.players,
              "clock": preview.clock, "feed": preview.feed}[widget]
    out.parent.mkdir(parents=True, exist_ok=True)
    if not target.grab().save(str(out)):
        raise click.ClickException(f"could not write {out}")
    click.echo(f"{out} ({target.width()}x{target.height()})")


if __name__ == "__main__":
    main()
