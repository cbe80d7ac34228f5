"""`banker add-judge`: a signed-in judge registers another judge in a table's game."""

from __future__ import annotations

import sys

import click

from app.cli.main import (
    DB_OPTION,
    EXIT_LEDGER,
    EXIT_REFUSED,
    GAME_OPTION,
    main,
    open_table,
)
from app.cli.prompts import JUDGE_PIN, NEW_JUDGE_PIN, ask_pin
from app.ledger import LedgerError
from models.errors import BankerError, RuleViolation


@main.command("add-judge")
@DB_OPTION
@GAME_OPTION
@click.option("--name", required=True, help="The new judge's name as it is recorded on entries.")
@click.option("--judge", "judge", required=True,
              help=f"The judge who adds them, signing in (PIN: {JUDGE_PIN} or a hidden prompt).")
def add_judge_command(db: str, game: str | None, name: str, judge: str) -> None:
    """A signed-in judge registers another judge: a ledger entry holding only a slow salted hash
    of the new PIN (from BANKER_NEW_JUDGE_PIN or a hidden prompt, asked twice)."""
    session = open_table(db, game)
    try:
        session.sign_in_judge(judge, ask_pin(JUDGE_PIN, f"PIN of judge {judge}"))
        stored = session.add_judge(name, ask_pin(NEW_JUDGE_PIN, f"New PIN for judge {name}",
                                                 confirm=True))
    except RuleViolation as e:
        click.echo(f"refused by {e.clause}: {e.message}", err=True)
        sys.exit(EXIT_REFUSED)
    except LedgerError as e:
        click.echo(f"not recorded: {e}", err=True)
        sys.exit(EXIT_LEDGER)
    except BankerError as e:
        click.echo(f"refused: {e}", err=True)
        sys.exit(EXIT_REFUSED)
    click.echo(f"judge {name} registered (ledger entry {stored[-1].seq})")
