"""`banker run`, `start`, `state`, `diff`, `ledger`, `verify`, `build-cost`: one table's game."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from app.cli.columns import left, width
from app.cli.main import (
    DB_OPTION,
    EXIT_LEDGER,
    EXIT_REFUSED,
    GAME_OPTION,
    main,
    open_readonly,
    open_table,
    read_or_exit,
)
from app.cli.prompts import JUDGE_PIN, ScriptJudge
from app.datafolder.paths import data_dir, sample_script
from app.hub import last_copy
from app.hub.judges import with_hub_judges
from app.ledger import Actor, LedgerError, StoredEvent
from app.review import service as review
from app.review.verify import verify_file
from app.table.anchors import parse_head
from app.table.command_text import dumps, parse_command, read_script
from app.table.judges import JudgeAuthError
from app.table.service import TableGame
from app.table.voids import stored_to_event, voided
from app.table.words import entries_by_command, say
from models.board import Street
from models.commands import NewGame
from models.errors import BadInput, BankerError, DataFileError, RuleViolation
from models.plural import counted
from models.pricing import preview
from models.suggest import did_you_mean


@main.command()
@click.argument("script", type=click.Path(exists=True, dir_okay=False, allow_dash=True,
                                          path_type=Path))
@DB_OPTION
@GAME_OPTION
@click.option("--banker", "banker", default="banker", help="Name recorded as the banker.")
@click.option("--judge", "judge", default=None,
              help=f"Judge for judge-only lines (PIN: {JUDGE_PIN} or a hidden prompt); "
              "registered with the script's new game if it opens one.")
def run(script: Path, db: str, game: str | None, banker: str, judge: str | None) -> None:
    """Apply the commands of SCRIPT (JSON lines; - reads standard input) in order; stop at the
    first refused one. Only `run` creates a ledger file that does not exist yet."""
    lines = _script_lines(script)
    if not lines:
        click.echo(f"{'standard input' if str(script) == '-' else script.name}: no command lines; "
                   "nothing recorded")
        return
    # A new file is put in place only with its game (app/ledger/creating.py): a refused first
    # line leaves none behind, and nothing here ever removes a file another program made.
    session = open_table(db, game, create=True)
    try:
        _run_lines(session, script, lines, banker, judge)
        session.idle()  # a snapshot if one is due, and the -wal file checkpointed
    finally:
        # With a hub set, what was recorded reaches it before the process ends (a refused
        # line included: the lines before it stay recorded).
        behind = last_copy(session.ledger.location, session.head_seq, session.game_id)
        if behind is not None:
            click.echo(f"WARNING: {behind}", err=True)

def _run_lines(session: TableGame, script: Path, lines: list[tuple[int, str]], banker: str,
               judge: str | None) -> None:
    actor = Actor(role="banker", name=banker)
    name = "standard input" if str(script) == "-" else script.name
    script_judge = None
    if judge is not None:
        try:
            script_judge = ScriptJudge.start(session, judge, (line for _, line in lines))
        except BankerError as e:
            click.echo(f"judge {judge} not signed in: {e}", err=True)
            sys.exit(EXIT_REFUSED)
    applied = 0
    for number, line in lines:
        try:
            command = parse_command(line)
            if script_judge is not None:
                command = script_judge.before(command)
            if isinstance(command, NewGame):
                command = _with_hub_judges(command)
            session.submit(command, actor)
        except RuleViolation as e:
            _refused(f"{name} line {number}: refused by {e.clause}: {e.message}", applied)
        except JudgeAuthError as e:
            _refused(f"{name} line {number}: refused: {e}", applied)
        except BadInput as e:
            _refused(f"{name} line {number}: bad input: {e}", applied)
        except DataFileError as e:
            _refused(f"{name} line {number}: the rule data does not validate:\n{e}", applied)
        except LedgerError as e:
            click.echo(f"{name} line {number}: not recorded: {e}", err=True)
            sys.exit(EXIT_LEDGER)
        applied += 1
    click.echo(f"{counted(applied, 'command')} recorded; the ledger is at event {session.head_seq}")

def _with_hub_judges(command: NewGame) -> NewGame:
    """With BANKER_HUB_URL set, the tournament's judges join the script's new game (a hub that
    cannot be read is said on stderr; the game starts with the judges it names)."""
    data, unread = with_hub_judges(command.model_dump(mode="json", exclude_none=True))
    if unread is not None:
        click.echo(f"WARNING: {unread}", err=True)
    filled = parse_command(data)
    assert isinstance(filled, NewGame)
    return filled

def _script_lines(script: Path) -> list[tuple[int, str]]:
    """The script's command lines; unreadable or non-UTF-8 text is a usage error (exit 2)."""
    try:
        data = sys.stdin.buffer.read() if str(script) == "-" else script.read_bytes()
        return list(read_script(data.decode("utf-8-sig")))
    except UnicodeDecodeError as e:
        line = e.object[: e.start].count(b"\n") + 1
        raise click.BadParameter(f"line {line} is not UTF-8 text (byte 0x{e.object[e.start]:02x}); "
                                 "nothing was recorded", param_hint="SCRIPT") from None
    except OSError as e:
        raise click.BadParameter(f"cannot read {script}: {e.strerror}", param_hint="SCRIPT") from None

def _refused(message: str, applied: int) -> None:
    click.echo(message, err=True)
    click.echo(f"{applied} command{'' if applied == 1 else 's'} before it stay recorded", err=True)
    sys.exit(EXIT_REFUSED)

@main.command()
def start() -> None:
    """Start the app: records the sample game in the user's data folder and shows its state."""
    db = data_dir() / "sample-table.db"
    for leftover in db.parent.glob(db.name + "*"):
        leftover.unlink()
    script = sample_script()
    click.echo(f"Recording {script.name} into {db}")
    session = open_table(str(db), None, create=True)
    for _, line in read_script(script.read_text(encoding="utf-8")):
        session.submit(parse_command(line))
    click.echo(_state_text(session.state_json()))
    click.echo(f"\nLedger: {counted(session.head_seq, 'event')}. Try: banker ledger --db {db}")

@main.command()
@DB_OPTION
@GAME_OPTION
@click.option("--json", "as_json", is_flag=True, help="The whole state as JSON.")
@click.option("--at", "at", type=int, default=None, metavar="N",
              help="The position right after ledger entry N (0: before the first).")
def state(db: str, game: str | None, as_json: bool, at: int | None) -> None:
    """Show the game's current state, or the position right after entry N (--at N)."""
    session = open_table(db, game, readonly=True)
    data = session.state_json() if at is None else read_or_exit(
        db, lambda: review.state_at_json(session, _entry(session, at, "--at")))
    if data.get("game") is not None:
        # The judges' entries as followed (the whole ledger's, also at --at N): signed,
        # recorded before signatures, and those not followed with why.
        data["decisions"] = session.signatures.as_json()
    if as_json:
        click.echo(dumps(data))
        return
    if at is not None:
        click.echo(f"Right after entry {at} of {session.head_seq}:" if at else
                   f"Before entry 1 of {session.head_seq}: no game started yet.")
        if not at:
            return
    click.echo(_state_text(data))

@main.command("diff")
@DB_OPTION
@GAME_OPTION
@click.option("--from", "from_seq", type=int, required=True, metavar="N",
              help="The earlier entry (0: before the first).")
@click.option("--to", "to_seq", type=int, required=True, metavar="M", help="The later entry.")
@click.option("--json", "as_json", is_flag=True, help="The changes as JSON.")
def diff_command(db: str, game: str | None, from_seq: int, to_seq: int, as_json: bool) -> None:
    """What changed between the positions right after entries N and M: cash, deeds, buildings,
    debts, and the rest in words."""
    session = open_table(db, game, readonly=True)
    _entry(session, from_seq, "--from")
    _entry(session, to_seq, "--to")
    changes = read_or_exit(db, lambda: review.diff(session, from_seq, to_seq))
    if as_json:
        click.echo(dumps(changes.to_json()))
        return
    # Backwards is allowed (docs/commands.md); said so, or a judge reads each change as forward.
    back = f" (backwards: entry {to_seq} is the earlier)" if to_seq < from_seq else ""
    click.echo(f"From entry {from_seq} to entry {to_seq}{back}:")
    for line in changes.lines() or ["nothing changed"]:
        click.echo(f"  {line}")

def _entry(session: TableGame, seq: int, option: str) -> int:
    """`seq` if the ledger holds that entry; a usage error (exit 2) naming `option` if not."""
    if not 0 <= seq <= session.head_seq:
        raise click.BadParameter(f"there is no entry {seq}: the ledger has entries 0 (before "
                                 f"the first) to {session.head_seq}", param_hint=f"'{option}'")
    return seq

def _state_text(data: dict[str, object]) -> str:
    if data.get("game") is None:
        return "No game in this ledger yet."
    players = data["players"]
    deeds = data["deeds"]
    assert isinstance(players, list) and isinstance(deeds, dict)
    lines = [f"Game {data['game']} — {data['profile']} on {data['board']}, turn {data['turn_no']}: "
             f"{data['current']} ({data['phase']})"]
    lines += _edition_lines(data.get("edition"))
    names = max([12, *(width(p["name"]) for p in players)])  # as wide as the widest, drawn
    for p in players:
        owned = [d["name"] + ("*" if d["mortgaged"] else "")
                 + (" H" if d["hotel"] else f" {d['houses']}h" if d["houses"] else "")
                 for d in deeds.values() if d["owner"] == p["name"]]
        status = " BANKRUPT" if p["bankrupt"] else " in Jail" if p["in_jail"] else ""
        lines.append(f"  {left(p['name'], names)} cash {p['cash']:>6}  on {p['space_name']}{status}")
        if owned:
            lines.append(f"  {'':<{names}} deeds: {', '.join(owned)}")
    lines.append(f"  Bank: {data['bank_houses']} houses, {data['bank_hotels']} hotels")
    claims = data["claims"]
    assert isinstance(claims, list)
    lines += [f"  Open claim {c['claim']}: {c['payer']} owes {c['owner']} {c['amount']}" for c in claims]
    debts = data["debts"]
    assert isinstance(debts, list)
    lines += [f"  Debt: {d['debtor']} owes {d['creditor']} {d['amount']} ({d['reason']})" for d in debts]
    return "\n".join(lines + _decision_lines(data.get("decisions")))


def _decision_lines(decisions: object) -> list[str]:
    """The judges' entries not followed (named, with why), and those recorded before
    signatures; nothing when every judge's entry is signed and followed."""
    if not isinstance(decisions, dict):
        return []
    lines = [f"  NOT FOLLOWED: {d['entry']}: {d['why']}" for d in decisions["not_followed"]]
    if decisions["before_signatures"]:
        lines.append("  Recorded before signatures (no judge's key yet): "
                     + ", ".join(decisions["before_signatures"]))
    return lines

@main.command()
@DB_OPTION
@GAME_OPTION
@click.option("--json", "as_json", is_flag=True, help="Every event with its hash, as JSON.")
@click.option("--player", "players", multiple=True, metavar="NAME",
              help="Only the entries about this player (repeat for any of several).")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(review.CATEGORIES),
              help="Only entries of this kind (repeat for any of several).")
@click.option("--search", "search", default="", metavar="TEXT",
              help="Only entries whose words, type or actor contain TEXT (any case).")
def ledger(db: str, game: str | None, as_json: bool, players: tuple[str, ...],
           kinds: tuple[str, ...], search: str) -> None:
    """List the game's events, oldest first."""
    session = open_table(db, game, readonly=True)
    stored = session.events()
    void = voided(stored)
    numbers = entries_by_command((s.seq, s.command_no) for s in stored)
    if players or kinds or search.strip():
        keep = _matching(db, session, players, kinds, search)
        stored = [s for s in stored if s.seq in keep]
    if as_json:
        click.echo(dumps([_event_json(s) | {"voided": s.command_no in void} for s in stored]))
        return
    for s in stored:
        assert session.table is not None
        try:
            text = say(session.table, stored_to_event(s), numbers)
        except (BankerError, LookupError) as e:  # a damaged entry: shown as stored, not hidden
            text = f"{s.type} {s.payload} (cannot be read: {e})"
        when = s.recorded_at.strftime("%H:%M:%S")
        mark = "VOID " if s.command_no in void else ""
        click.echo(f"{s.seq:>5}  {when}  {s.actor_role}:{left(s.actor_name, 10)}  {mark}{text}")

def _matching(db: str, session: TableGame, players: tuple[str, ...], kinds: tuple[str, ...],
              search: str) -> set[int]:
    """The seqs of the entries that pass `banker ledger`'s filters; an unknown player is a
    usage error (exit 2) with the nearest name."""
    known = [p.name for p in session.state.players] if session.state else []
    for name in players:
        if name not in known:
            raise click.BadParameter(f"no player {name!r} in this game"
                                     + (did_you_mean(name, known) or f" (players: "
                                        f"{', '.join(known) or 'none'})"),
                                     param_hint="'--player'")
    found = read_or_exit(db, lambda: review.entries(session))
    return {e.seq for e in review.matching(found, players=players, categories=kinds,
                                           text=search)}

def _event_json(s: StoredEvent) -> dict[str, object]:
    return {
        "seq": s.seq, "command_no": s.command_no, "type": s.type, "payload": s.payload,
        "actor": {"role": s.actor_role, "name": s.actor_name},
        "recorded_at": s.recorded_at.isoformat(), "clock_ms": s.clock_ms,
        "transfers": [list(t) for t in s.transfers], "prev_hash": s.prev_hash, "hash": s.hash,
    }

@main.command()
@DB_OPTION
@GAME_OPTION
@click.option("--head", "head", default=None, metavar="COUNT:HEX",
              help="The head printed on the signed scoresheet: the file must still hold it "
              "(catches a deleted tail or a rewritten game).")
def verify(db: str, game: str | None, head: str | None) -> None:
    """Re-check the file, the hash chain and the fold, and print the head; exit 0 only when all
    is sound (and the file holds --head)."""
    try:
        expected = parse_head(head) if head is not None else None
    except BadInput as e:
        raise click.BadParameter(str(e), param_hint="'--head'") from None
    ledger_ = open_readonly(db)
    try:
        try:
            games = [game] if game else ledger_.game_ids()
        except BankerError as e:
            click.echo(f"cannot read {db}: {e}", err=True)
            sys.exit(EXIT_LEDGER)
        if not games:
            click.echo("no game in this ledger: nothing to verify")
        lines, sound = verify_file(ledger_, games, expected)
    finally:
        ledger_.close()
    for line in lines:
        click.echo(line)
    sys.exit(0 if sound else 1)

@main.command("build-cost")
@DB_OPTION
@GAME_OPTION
@click.option("--add", "add", required=True,
              help='Steps to add per street, as in the build command: \'{"21": 2, "23": 2}\'.')
@click.option("--json", "as_json", is_flag=True)
def build_cost(db: str, game: str | None, add: str, as_json: bool) -> None:
    """Preview what a build would cost, step by step, without recording anything."""
    session = open_table(db, game, readonly=True)
    if session.state is None or session.table is None:
        click.echo("No game in this ledger yet.", err=True)
        sys.exit(EXIT_REFUSED)
    try:
        steps = {int(space): int(n) for space, n in json.loads(add).items()}
        lines: list[dict[str, int | str]] = []
        for space, count in sorted(steps.items()):
            street = session.table.board.deed(space)
            if not isinstance(street, Street):
                raise BadInput(f"{street.name} takes no buildings")
            before = session.state.deeds[space].steps
            for step, price in preview(session.table.profile, street, before, before + count):
                lines.append({"space": space, "street": street.name, "step": step, "price": price})
    except (ValueError, KeyError, AttributeError, BadInput) as e:
        click.echo(f"bad --add: {e}", err=True)
        sys.exit(EXIT_REFUSED)
    total = sum(int(line["price"]) for line in lines)
    if as_json:
        click.echo(dumps({"steps": lines, "total": total}))
        return
    for line in lines:
        label = "hotel" if line["step"] == 5 else f"house {line['step']}"
        click.echo(f"  {line['street']:<28} {label:<8} {line['price']:>5}")
    click.echo(f"  {'total':<37} {total:>5}")


def _edition_lines(edition: object) -> list[str]:
    """A line for each part of the rules that is not the edition this app ships."""
    if not isinstance(edition, dict):
        return []
    lines = []
    for kind, part in edition.items():
        if part["shipped"]:
            continue
        what = "your own edition, not shipped" if part["own"] else "differs from the shipped edition"
        unconfirmed = part.get("unconfirmed_names", 0)
        note = f"; {unconfirmed} names unconfirmed" if unconfirmed else ""
        lines.append(f"  {kind}: {part['id']} ({what}{note})")
    return lines
