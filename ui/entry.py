"""The `banker` console script: the window with no command, else the CLI (loaded only when run)."""

from __future__ import annotations

import sys

import click

# Each command's first help line, so `banker --help` lists them without loading the app (the
# ledger's SQLAlchemy, Alembic, argon2, Qt); a test checks them against the commands themselves.
SHORT_HELP = {
    "add-judge": "A signed-in judge registers another judge: a ledger entry holding only a slow "
                 "salted hash of the new PIN (from BANKER_NEW_JUDGE_PIN or a hidden prompt, asked twice).",
    "build-cost": "Preview what a build would cost, step by step, without recording anything.",
    "check-board": "Validate a board file.",
    "check-decks": "Validate a deck file.",
    "check-profile": "Validate a profile file.",
    "ledger": "List the game's events, oldest first.",
    "run": "Apply the commands of SCRIPT (JSON lines; - reads standard input) in order; stop at "
           "the first refused one.",
    "schema": "Print the JSON Schema of a command line.",
    "scoresheet": "The end-of-game scoresheet: net worth, ranking, tie-break figures, signature "
                  "lines.",
    "simulate": "Play random legal games through the engine and check every invariant after "
                "every event.",
    "start": "Start the app: records the sample game in the user's data folder and shows its "
             "state.",
    "state": "Show the game's current state.",
    "verify": "Re-check the file, the hash chain and the fold, and print the head; exit 0 only "
              "when all is sound (and the file holds --head).",
}


def commands() -> click.Group:
    """The CLI's commands, loaded (with everything they import) when one is run."""
    from ui.scoresheet.command import main as cli  # noqa: PLC0415

    return cli


class Banker(click.Group):
    """Lists the commands from SHORT_HELP; loads the real ones only to run one."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SHORT_HELP)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return commands().get_command(ctx, cmd_name) if cmd_name in SHORT_HELP else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max(len(name) for name in SHORT_HELP)
        rows = [(name, click.Command(name, help=text).get_short_help_str(limit))
                for name, text in sorted(SHORT_HELP.items())]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=Banker, invoke_without_command=True)
@click.pass_context
def main(ctx: click.Context) -> None:
    """Championship Banker: the table's ledger. With no command, opens the banker's window;
    the commands below work from the command line."""
    if ctx.invoked_subcommand is None:
        sys.exit(window())


def window() -> int:
    """Open the main window; a missing display or Qt library is said plainly (exit 1)."""
    from ui.system_check import display_problem, qt_missing  # noqa: PLC0415

    problem = display_problem()
    if problem is not None:
        click.echo(problem, err=True)
        return 1
    try:
        from ui.app import run  # noqa: PLC0415
    except ImportError as e:
        click.echo(qt_missing(e), err=True)
        return 1
    return run()


__all__ = ["main"]
