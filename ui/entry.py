"""The `banker` console script: the window with no command, else the CLI (loaded only when run)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

# Each command's first help line, so `banker --help` lists them without loading the app (the
# ledger's SQLAlchemy, Alembic, argon2, Qt); a test checks them against the commands themselves.
SHORT_HELP = {
    "add-judge": "A signed-in judge registers another judge: a ledger entry holding only a slow "
                 "salted hash of the new PIN (from BANKER_NEW_JUDGE_PIN or a hidden prompt, asked twice).",
    "appeal-report": "The appeal report: every entry in plain words, disputes, rulings and "
                     "corrections, and the verification's verdict and head on every page, as a PDF.",
    "build-cost": "Preview what a build would cost, step by step, without recording anything.",
    "chart": "Each player's net worth over the game, disputes and voids marked, as a PDF or PNG.",
    "check-board": "Validate a board file.",
    "check-decks": "Validate a deck file.",
    "check-profile": "Validate a profile file.",
    "diff": "What changed between the positions right after entries N and M: cash, deeds, "
            "buildings, debts, and the rest in words.",
    "edit-board": "Open the board editor on a board (an id such as singapore, or a board file); it "
                  "saves your own edition under the data folder, which the new-game form offers.",
    "hall-display": "The hall display for a projector: the round's time left, pause and "
                    "announcements (with a hub), the stage's standings and tables in large "
                    "type, paging by itself, read live; no contact is ever shown.",
    "head-judge": "The head judge's window: every table on the hub live (clock, turn, last "
                  "entry's age, disputes, diverged or refused), the standings and advancement; "
                  "a table opens read-only in the judge's window.",
    "hub": "The tournament hub: every table's game in one database, checked on arrival.",
    "judge": "The judge's window: every entry, time travel, differences, disputes, verify "
             "(read-only until a judge gives name and PIN for an action).",
    "ledger": "List the game's events, oldest first.",
    "live-page": "The hall's live page on the web: standings, the draw with find-your-seat, every "
                 "table live, the hall's round; read-only, read from the hub with the reader's "
                 "login.",
    "run": "Apply the commands of SCRIPT (JSON lines; - reads standard input) in order; stop at "
           "the first refused one.",
    "schema": "Print the JSON Schema of a command line.",
    "scoresheet": "The end-of-game scoresheet: net worth, ranking, tie-break figures, signature "
                  "lines.",
    "simulate": "Play random legal games through the engine and check every invariant after "
                "every event.",
    "start": "Start the app: records the sample game in the user's data folder and shows its "
             "state.",
    "state": "Show the game's current state, or the position right after entry N (--at N).",
    "tournament": "A tournament: players, seating draws, the tables' games, standings and "
                  "advancement.",
    "tournament-window": "The tournament's window: create, players and the sign-up sheet, "
                         "draws, the tables' games, results, standings, rulings and publishing "
                         "(what `banker tournament` does).",
    "verify": "Re-check the file, the hash chain and the fold, and print the head; exit 0 only "
              "when all is sound (and the file holds --head).",
}


# The subcommands of the command groups, listed the same way: `banker hub --help` and `banker
# tournament --help` load nothing heavy either (the same test checks them).
GROUP_HELP = {
    "hub": {
        "add-judge": "Register a tournament judge on the hub (PIN from BANKER_NEW_JUDGE_PIN or a "
                     "hidden prompt, asked twice); new games at the tables take the hub's judges.",
        "annotate": "Add a judge's note to a DIVERGED game's flag (GAME: its id or its table's "
                    "label; PIN from BANKER_JUDGE_PIN or a hidden prompt). The flag and every "
                    "note stay on the hub.",
        "import": "Hand a table's file in to the hub: every entry checked and compared with the "
                  "hub's copy; exit 1 when the hub refuses it.",
        "init": "Make the hub's roles (run again to add tables or grant on new tables): the "
                "desk's, each table's (its own game's rows only) and the reader's; new "
                "passwords are shown once.",
        "marks": "The DIVERGED marks, judges' notes and rulings, oldest first (of GAME when "
                 "given).",
        "push": "Copy the file's entries the hub lacks to the hub now (what the window does in "
                "the background); exit 1 when the hub refuses them.",
        "rule": "The head judge's ruling on a DIVERGED game: `tournament results` then takes its "
                "result (PIN from BANKER_JUDGE_PIN or a hidden prompt). The flag stays, marked "
                "ruled.",
        "status": "Each table on the hub against its file (or, out of reach, the head it last "
                  "reported): complete, behind by N, or DIVERGED; with its label, entries and "
                  "last entry's age.",
        "verify": "Check every game's whole chain on the hub (each entry's hash, each link, the "
                  "commands and transfers) and every judge's decision's signature, and name each "
                  "failure; list the judges with when each key was added; exit 1 when anything "
                  "fails.",
    },
    "tournament": {
        "add-judge": "Register a judge who signs the tournament's decisions (rulings, "
                     "withdrawals, standbys): on the hub when it holds the tournament, else in "
                     "its file. The PIN (6+ digits) from BANKER_NEW_JUDGE_PIN, else asked for "
                     "twice; only its hash and a key sealed under it are kept.",
        "add-players": "Enter players (before the first round starts).",
        "absent": "Mark players absent from the stage's round (a draw that seated them is set "
                  "aside).",
        "attach": "Take in a table's game file played apart (its opening must match the draw).",
        "check-in": "Mark players present for the stage's draw (once one is marked, all must "
                    "be); a standby called in who is marked present keeps the seat (the mark "
                    "confirms the call).",
        "create": "Create a tournament with its stages.",
        "draw": "Draw the stage's seating from a recorded seed, with its options recorded too.",
        "export": "Write tournament TID as the hub holds it (or its file, without a hub) to FILE, "
                  "in the data folder's JSON format (a copy to keep, or to run on one laptop).",
        "print": "Print the stage's draw for the hall as PDF: table cards, the draw sheet, "
                 "scoresheets.",
        "publish": "Publish the standings (no contact detail ever): CSV, HTML page, printed "
                   "PDF; then record the publication in the tournament, for every laptop to see.",
        "push": "Put this data folder's tournament TID on the hub: from then on, every laptop "
                "with the hub's URL reads and changes the hub's copy (the file stays as it was).",
        "results": "Read each table's collected scoresheet into the standings (never typed in).",
        "follow-round": "Record in a table's game what the hall's round asks of its clock now "
                        "(its start, the hall's pause or resume), as the table's window does.",
        "roll-call": "Who is present, absent, a standby, withdrawn or unmarked for the stage's "
                     "draw.",
        "round": "The head judge starts the stage's round for every table, pauses or resumes "
                 "the hall, or makes an announcement shown on every table.",
        "round-status": "The stage's round and each drawn table's clock; the tables whose clock "
                        "has not started while the round has are flagged (exit 1 when there is "
                        "one).",
        "rule": "Rule a tie: every tied player's id, in the order decided (the first advance).",
        "standby": "Call in the next standby to fill an absent qualifier's seat: a judge's "
                   "decision, signed with the judge's PIN.",
        "standings": "The stage's standings: advancement, ties for the head judge, close calls "
                     "and why.",
        "start-table": "Start a table's game from the draw: the banker gives only the roll-off "
                       "and confirms.",
        "tables": "Each table's game from the draw: label, players in seat order, profile, length.",
        "take-in": "Record each drawn table's game the hub holds (its opening is the table's card) "
                   "as the table's: the desk's step when the tables' own roles may not change the "
                   "tournament.",
        "undo": "Undo the tournament's last change: the version before it restored as a new "
                "version, with the reason (a judge's decision is not undone at the desk).",
        "move-game": "Record that the hub's game GAME, sent under another table's login, is "
                     "TABLE's game of the stage: a judge's decision, signed with the judge's "
                     "PIN; take-in then follows it.",
        "withdraw": "Withdraw a player (a late withdrawal or no-show) before their next round "
                    "starts: a judge's decision, signed with the judge's PIN.",
    },
}


def commands() -> click.Group:
    """The CLI's commands, loaded (with everything they import) when one is run."""
    import ui.board_editor.command  # noqa: PLC0415 (registers edit-board)
    import ui.hall.command  # noqa: PLC0415 (registers hall-display)
    import ui.head_judge.command  # noqa: PLC0415 (registers head-judge)
    import ui.judge.appeal_command  # noqa: PLC0415 (registers appeal-report)
    import ui.judge.chart_command  # noqa: PLC0415 (registers chart)
    import ui.judge.command  # noqa: PLC0415 (registers `banker judge`)
    import ui.tournament.command  # noqa: F401, PLC0415 (registers tournament-window)
    from ui.scoresheet.command import main as cli  # noqa: PLC0415
    from ui.tournament import print_command as _hall  # noqa: F401, PLC0415 (`tournament print`)
    from ui.tournament import publish_command as _tournament  # noqa: F401, PLC0415 (`tournament`)

    return cli


def _write_commands(formatter: click.HelpFormatter, listed: dict[str, str]) -> None:
    """The "Commands" section of a help page, as click writes it, from listed help texts."""
    limit = formatter.width - 6 - max(len(name) for name in listed)
    rows = [(name, click.Command(name, help=text).get_short_help_str(limit))
            for name, text in sorted(listed.items())]
    with formatter.section("Commands"):
        formatter.write_dl(rows)


class Banker(click.Group):
    """Lists the commands from SHORT_HELP; loads the real ones only to run one."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # A double-clicked game file: the desktop entry runs `banker FILE` (Exec=banker %f),
        # which is `banker --db FILE`.
        if len(args) == 1 and args[0] not in SHORT_HELP and not args[0].startswith("-") \
                and Path(args[0]).is_file():
            args = ["--db", args[0]]
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SHORT_HELP)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in GROUP_HELP:
            return ListedGroup(cmd_name, help=SHORT_HELP[cmd_name])
        return commands().get_command(ctx, cmd_name) if cmd_name in SHORT_HELP else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _write_commands(formatter, SHORT_HELP)


class ListedGroup(click.Group):
    """A command group (`hub`, `tournament`) listed from GROUP_HELP; its real subcommand is
    loaded only to run it."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(GROUP_HELP[self.name or ""])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in GROUP_HELP[self.name or ""]:
            return None
        real = commands().get_command(ctx, self.name or "")
        return real.get_command(ctx, cmd_name) if isinstance(real, click.Group) else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _write_commands(formatter, GROUP_HELP[self.name or ""])


@click.group(cls=Banker, invoke_without_command=True)
@click.option("--db", "db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A game's ledger file to open in the window at once (what a double-clicked "
                   "game file does); a command takes its own --db after its name.")
@click.option("--version", "version", is_flag=True,
              help="Print the app's version and exit (with --verbose: Python's, Qt's, "
                   "PySide6's, SQLite's, SQLAlchemy's and pydantic's too).")
@click.option("--verbose", is_flag=True, help="With --version: what the app runs on, too.")
@click.pass_context
def main(ctx: click.Context, db: Path | None, version: bool, verbose: bool) -> None:
    """Championship Banker: the table's ledger. With no command, opens the banker's window;
    the commands below work from the command line."""
    if version or verbose:
        if not version or ctx.invoked_subcommand is not None or db is not None:
            raise click.UsageError("--verbose goes with --version, and --version alone: "
                                   "banker --version [--verbose]")
        click.echo("\n".join(said_version(verbose)))
        sys.exit(0)
    from app.datafolder.error_log import trace_crashes  # noqa: PLC0415 (not for a help list)

    trace_crashes()  # a native crash of the window or a command leaves its traceback in the log
    if ctx.invoked_subcommand is None:
        sys.exit(window(db))
    if db is not None:
        raise click.UsageError(f"--db goes after the command: banker {ctx.invoked_subcommand} "
                               "--db FILE")


def said_version(verbose: bool) -> list[str]:
    """`banker --version`: the app's name and version; verbose, what it runs on, a line each
    (Qt's versions ask Qt, so only the verbose form imports it)."""
    from app.version import app_version, components  # noqa: PLC0415

    lines = [f"Championship Banker {app_version()}"]
    if verbose:
        try:
            from ui.about import qt_components  # noqa: PLC0415
        except ImportError as e:  # Qt's libraries missing: the rest is still worth saying
            qt = [("Qt", f"not loaded ({e})")]
        else:
            qt = qt_components()
        python, *rest = components()
        lines += [f"{name} {version}" for name, version in [python, *qt, *rest]]
    return lines


def window(game: Path | None = None) -> int:
    """Open the main window (on `game`'s table when given); a missing display or Qt library is
    said plainly (exit 1)."""
    from ui.system_check import display_problem, qt_missing  # noqa: PLC0415

    problem = display_problem()
    if problem is not None:
        click.echo(problem, err=True)
        return 1
    try:
        from ui import source_scan  # noqa: PLC0415

        source_scan.skip()  # before the window's modules: none of their sources read
        from ui.app import run  # noqa: PLC0415
    except ImportError as e:
        click.echo(qt_missing(e), err=True)
        return 1
    return run(game)


__all__ = ["main"]
