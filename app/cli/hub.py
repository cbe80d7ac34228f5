"""`banker hub`: the tournament hub from the command line (status, verify, push, import, add-judge)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import click

from app.cli.columns import left, width
from app.cli.main import EXIT_LEDGER, EXIT_NOT_SOUND, EXIT_REFUSED, main
from app.cli.prompts import JUDGE_PIN, NEW_JUDGE_PIN, ask_pin
from app.hub.audit import Finding, audit
from app.hub.errors import HubError, HubRefused, HubUnreachable
from app.hub.hub import HUB_URL_ENV, Hub
from app.hub.push import Pushed, push_file
from app.hub.roles import TABLE_CONNECTIONS, init_roles, server_facts
from app.hub.standing import Standing, files_by_game, standings
from app.hub.versions import odd_versions, version_words
from app.ledger import LedgerError
from app.table.judges import JudgeAuthError
from models.plural import counted

HUB_OPTION = click.option("--hub", "hub", default=None, metavar="URL",
                          help=f"The hub's database URL (default: {HUB_URL_ENV}).")
FILE_OPTION = click.option("--db", "db", required=True,
                           type=click.Path(exists=True, dir_okay=False, path_type=Path),
                           help="The table's ledger file.")


@main.group("hub")
def hub_group() -> None:
    """The tournament hub: every table's game in one database, checked on arrival."""


@contextmanager
def _hub(url: str | None, *, create: bool = False) -> Iterator[Hub]:
    """The hub, or a plain message and exit 4 when it cannot be opened (or, without `create`,
    is not there: reading never makes a hub)."""
    try:
        hub = Hub.open(url, create=create)
    except HubError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER)
    try:
        yield hub
    finally:
        hub.close()


@hub_group.command("status")
@HUB_OPTION
@click.option("--db", "files", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A table's file to compare with (repeatable; default: the file each table "
              "last sent from, when it is here).")
@click.option("--json", "as_json", is_flag=True, help="Every table as JSON.")
def status(hub: str | None, files: tuple[Path, ...], as_json: bool) -> None:
    """Each table on the hub against its file (or, out of reach, the head it last reported):
    complete, behind by N, or DIVERGED; with its label, entries and last entry's age."""
    now = datetime.now(UTC)
    with _hub(hub) as found:
        try:
            tables = found.tables()
        except HubUnreachable as e:
            click.echo(str(e), err=True)
            sys.exit(EXIT_LEDGER)
    shown = standings(tables, files_by_game(files))
    odd = odd_versions({s.table.game_id: s.table.version for s in shown if s.table.entries})
    rows = [_status_row(s, now) | {"other_version": odd.get(s.table.game_id)} for s in shown]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("no table has sent anything to the hub yet")
    labels = [str(row["label"] or "(no label)") for row in rows]
    wide = max((width(label) for label in labels), default=0)  # a CJK label: 2 columns a character
    for row, one, label in zip(rows, shown, labels, strict=True):
        entries = counted(one.table.entries, "entry", "entries")
        version = f"  version {version_words(one.table.version)}" if one.table.entries else ""
        other = f"  {row['other_version']}" if row["other_version"] else ""
        click.echo(f"{row['game']}  {left(label, wide)}  {entries} on "
                   f"the hub  last entry {_age(row['last_entry_age_s'])}  {one.words}"
                   f"{version}{other}")


def _status_row(one: Standing, now: datetime) -> dict[str, object]:
    t = one.table
    age = t.age_seconds(now)
    return {"game": t.game_id, "label": t.label, "entries": t.entries,
            "last_entry_age_s": None if age is None else round(age, 1),
            "standing": one.state, "behind": one.behind, "compared_with": one.against,
            "file_entries": one.file_entries, "reported_entries": (
                None if t.reported is None else t.reported[0]), "file": t.file,
            "checked": t.checked, "broken": t.broken,
            "diverged": t.diverged, "ruling": t.ruling, "notes": t.notes,
            "refusals": t.refusals, "source": t.source, "version": t.version}


def _age(seconds: object) -> str:
    if not isinstance(seconds, float | int):
        return "never"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes} min {rest} s ago" if minutes else f"{rest} s ago"


@hub_group.command("verify")
@HUB_OPTION
@click.option("--json", "as_json", is_flag=True, help="The findings as JSON.")
def verify(hub: str | None, as_json: bool) -> None:
    """Check every game's whole chain on the hub (each entry's hash, each link, the commands and
    transfers) and every judge's decision's signature, and name each failure; list the judges
    with when each key was added; exit 1 when anything fails."""
    from app.tournament.audit import decision_findings, judges_on_record  # noqa: PLC0415

    with _hub(hub) as found:
        try:
            games = found.game_ids()
            findings = audit(found) + [Finding("signature", d.where, d.words)
                                       for d in decision_findings(found)]
            judges = judges_on_record(found)
        except HubUnreachable as e:
            click.echo(str(e), err=True)
            sys.exit(EXIT_LEDGER)
    if as_json:
        click.echo(json.dumps({"sound": not findings, "games": len(games), "findings": [
            {"what": f.what, "where": f.where, "why": f.why, "game": f.game_id}
            for f in findings], "judges": [
            {"name": j.name, "registered_at": j.registered_at, "key_added_at": j.key_added_at}
            for j in judges]}, indent=2, ensure_ascii=False))
    else:
        for finding in findings:
            click.echo(finding.words())
        for j in judges:
            click.echo(f"judge {j.name}: registered {j.registered_at[:19]}, "
                       + (f"key added {j.key_added_at[:19]}" if j.key_added_at else
                          "no key yet (recorded before signatures; one is made at their next "
                          "sign-in at the desk)"))
        checked = counted(len(games), "game", "games")
        failed = len({f.game_id or f.where for f in findings})
        click.echo(f"{checked} checked: every chain and signature sound" if not findings else
                   f"{checked} checked: NOT SOUND ({counted(len(findings), 'problem', 'problems')}"
                   f" in {counted(failed, 'game', 'games')})")
    if findings:
        sys.exit(EXIT_NOT_SOUND)


@hub_group.command("push")
@FILE_OPTION
@HUB_OPTION
def push(db: Path, hub: str | None) -> None:
    """Copy the file's entries the hub lacks to the hub now (what the window does in the
    background); exit 1 when the hub refuses them."""
    _copy(db, hub, from_start=False, create=True)


@hub_group.command("import")
@FILE_OPTION
@HUB_OPTION
def import_(db: Path, hub: str | None) -> None:
    """Hand a table's file in to the hub: every entry checked and compared with the hub's copy;
    exit 1 when the hub refuses it."""
    _copy(db, hub, from_start=True, create=False)


def _copy(db: Path, url: str | None, *, from_start: bool, create: bool) -> None:
    with _hub(url, create=create) as hub:
        try:
            copied = push_file(hub, db, from_start=from_start)
        except HubRefused as e:
            click.echo(f"{e} (recorded on the hub; banker hub status shows it)", err=True)
            sys.exit(EXIT_NOT_SOUND)
        except (HubError, LedgerError) as e:
            click.echo(f"nothing more was copied: {e}", err=True)
            sys.exit(EXIT_LEDGER)
    if not copied:
        click.echo(f"{db}: no game in this file; nothing to copy")
    for game in copied:
        click.echo(_copied_line(game))


def _copied_line(game: Pushed) -> str:
    return (f"game {game.game_id} ({game.label or 'no label'}): the file holds {game.entries} "
            f"entries; {game.stored} new on the hub, which now holds {game.held}")


@hub_group.command("add-judge")
@HUB_OPTION
@click.option("--name", required=True, help="The judge's name as it is recorded on entries.")
def add_judge(hub: str | None, name: str) -> None:
    """Register a tournament judge on the hub (PIN from BANKER_NEW_JUDGE_PIN or a hidden prompt,
    asked twice); new games at the tables take the hub's judges."""
    pin = ask_pin(NEW_JUDGE_PIN, f"PIN for judge {name}", confirm=True)
    with _hub(hub, create=True) as found:
        try:
            found.register_judge(name, pin)
        except (HubError, JudgeAuthError) as e:
            click.echo(f"not registered: {e}", err=True)
            sys.exit(EXIT_REFUSED)
    click.echo(f"judge {name} registered on the hub (only a slow salted hash of the PIN is kept)")


@hub_group.command("annotate")
@click.argument("game")
@HUB_OPTION
@click.option("--judge", required=True, help="A judge registered on the hub.")
@click.option("--note", required=True, help="What was found or done about the divergence.")
def annotate(game: str, hub: str | None, judge: str, note: str) -> None:
    """Add a judge's note to a DIVERGED game's flag (GAME: its id or its table's label; PIN
    from BANKER_JUDGE_PIN or a hidden prompt). The flag and every note stay on the hub."""
    _judges_mark(game, hub, judge, note, ruling=False)


@hub_group.command("rule")
@click.argument("game")
@HUB_OPTION
@click.option("--judge", required=True, help="The head judge, registered on the hub.")
@click.option("--reason", required=True, help="Why the game's result may count, as announced.")
def rule(game: str, hub: str | None, judge: str, reason: str) -> None:
    """The head judge's ruling on a DIVERGED game: `tournament results` then takes its result
    (PIN from BANKER_JUDGE_PIN or a hidden prompt). The flag stays, marked ruled."""
    _judges_mark(game, hub, judge, reason, ruling=True)


def _judges_mark(game: str, url: str | None, judge: str, text: str, *, ruling: bool) -> None:
    pin = ask_pin(JUDGE_PIN, f"PIN for judge {judge}")
    with _hub(url) as hub:
        try:
            flag = (hub.rule if ruling else hub.annotate)(game, judge, pin, text)
        except HubUnreachable as e:
            click.echo(str(e), err=True)
            sys.exit(EXIT_LEDGER)
        except (HubError, JudgeAuthError) as e:
            click.echo(f"not recorded: {e}", err=True)
            sys.exit(EXIT_REFUSED)
    click.echo(f"{'ruling' if ruling else 'note'} recorded on game {flag.diverged.game_id}: "
               f"{flag.words()}" + (f" ({len(flag.notes)} note(s))" if flag.notes else ""))


@hub_group.command("marks")
@click.argument("game", required=False)
@HUB_OPTION
def marks(game: str | None, hub: str | None) -> None:
    """The DIVERGED marks, judges' notes and rulings, oldest first (of GAME when given)."""
    with _hub(hub) as found:
        try:
            judged = found.judged(found.game_named(game) if game else None)
        except HubError as e:
            click.echo(str(e), err=True)
            sys.exit(EXIT_LEDGER if isinstance(e, HubUnreachable) else EXIT_REFUSED)
    if not judged.marks:
        click.echo("no game is marked DIVERGED on the hub")
    for mark in judged.marks:
        where = f" at entry {mark.seq}" if mark.seq is not None else ""
        old = " (recorded before signatures)" if mark.kind != "diverged" and mark.legacy \
            and mark.seal is None else ""
        click.echo(f"{mark.at:%Y-%m-%d %H:%M:%S}  {mark.game_id}  {mark.kind}{where}  "
                   f"by {mark.by}: {mark.text}{old}")
    for problem in judged.problems:
        click.echo(f"NOT FOLLOWED: {problem.words}")


@hub_group.command("init")
@click.option("--hub", "--url", "hub", default=None, metavar="URL",
              help=f"The hub as its owner (default: {HUB_URL_ENV}): a role that owns the tables "
              "and may create roles.")
@click.option("--table", "tables", multiple=True, metavar="LABEL",
              help="Make a login role for this table (repeatable: --table 1 --table 2).")
@click.option("--tables", "count", type=click.IntRange(0, 500), default=0,
              help="Make login roles for tables 1 to N.")
def init(hub: str | None, tables: tuple[str, ...], count: int) -> None:
    """Make the hub's roles (run again to add tables or grant on new tables): the desk's, each
    table's (its own game's rows only) and the reader's; new passwords are shown once."""
    labels = [str(n) for n in range(1, count + 1)] + [t for t in tables if t not in
                                                      {str(n) for n in range(1, count + 1)}]
    try:
        logins = init_roles(hub, labels)
    except HubError as e:
        click.echo(f"no roles were made: {e}", err=True)
        sys.exit(EXIT_LEDGER)
    for login in logins:
        said = (f"password {login.password}  (shown once: keep it for that laptop's hub URL)"
                if login.password else "exists already (password unchanged)")
        click.echo(f"{login.role}  ({login.group})  {said}")
    click.echo("hub URL for a laptop: postgresql+psycopg://ROLE:PASSWORD@HOST/DATABASE"
               "?sslmode=require (no sslmode needed on the server itself)")
    try:
        facts = server_facts(hub)
    except HubError as e:
        click.echo(f"whether the server has TLS on and room for the tables is not known: {e}")
        return
    if not facts.tls:
        click.echo("note: this server has TLS off (SHOW ssl: off), so no laptop but the server "
                   "itself can connect (their URLs need sslmode=require): turn it on as "
                   "docs/commands.md shows (ssl = on, a certificate, hostssl in pg_hba.conf)")
    if facts.room < facts.needed:
        click.echo(f"note: this server takes {facts.room} connections from the hall's logins "
                   f"(max_connections {facts.max_connections}, {facts.reserved} kept for "
                   f"superusers); its {facts.tables} table logins hold about {facts.needed} "
                   f"({TABLE_CONNECTIONS} a table's laptop, and the desk, judges and displays), "
                   "and a laptop refused one waits for the hub: as the server's admin, "
                   f"ALTER SYSTEM SET max_connections = {_rounded_up(facts.needed + facts.reserved)}"
                   " and restart the server (docs/commands.md)")


def _rounded_up(connections: int) -> int:
    """`connections` rounded up to the next fifty, for an admin to type."""
    return -(-connections // 50) * 50
