"""`banker schema` and `check-board`, `check-profile`, `check-decks`: the rule data and the command format."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from app.cli.main import (
    main,
)
from app.editions import rulebook
from models.commands import COMMAND_ADAPTER
from models.errors import DataFileError


@main.command()
def schema() -> None:
    """Print the JSON Schema of a command line."""
    click.echo(json.dumps(COMMAND_ADAPTER.json_schema(), indent=2))

@main.command("check-board")
@click.argument("path", type=click.Path(path_type=Path))
def check_board(path: Path) -> None:
    """Validate a board file."""
    _check("board", path)

@main.command("check-profile")
@click.argument("path", type=click.Path(path_type=Path))
def check_profile(path: Path) -> None:
    """Validate a profile file."""
    _check("profile", path)

@main.command("check-decks")
@click.argument("path", type=click.Path(path_type=Path))
def check_decks(path: Path) -> None:
    """Validate a deck file."""
    _check("decks", path)

def _check(kind: str, path: Path) -> None:
    try:
        click.echo(rulebook.check_file(kind, path))
    except DataFileError as e:
        click.echo(str(e), err=True)
        sys.exit(1)
