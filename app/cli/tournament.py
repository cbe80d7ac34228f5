"""`banker tournament`: create, enter players, draw, make the tables' games, collect results,
standings, rulings (publishing, which may print a PDF, is ui/tournament/publish_command.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click
from pydantic import ValidationError

from app.cli.columns import left, width
from app.cli.main import EXIT_LEDGER, EXIT_REFUSED, main
from app.cli.prompts import JUDGE_PIN, NEW_JUDGE_PIN, ask_pin
from app.hub.errors import HubNeedsTls, HubUnreachable
from app.hub.hub import hub_url
from app.ledger import LedgerError
from app.table.command_text import dumps
from app.tournament import service as tournaments
from app.tournament.publishing import ruling_lines
from models.errors import BankerError
from models.plural import counted
from models.tournament.publications import last_publication, publication_words
from models.tournament.records import DrawOptions, Player, Stage, Tournament
from models.tournament.standings import StageStandings
from models.tournament.wording import stage_words

Done = TypeVar("Done")


@main.group("tournament")
def tournament_group() -> None:
    """A tournament: players, seating draws, the tables' games, standings and advancement."""


@contextmanager
def refusals() -> Iterator[None]:
    """A refusal (exit 3) or a ledger that cannot be read or written (exit 4, also a hub that
    cannot be reached and a hub URL refused for want of TLS, as every command says it), said
    plainly."""
    try:
        yield
    except (LedgerError, HubNeedsTls, HubUnreachable) as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER)
    except BankerError as e:
        click.echo(f"refused: {e}", err=True)
        sys.exit(EXIT_REFUSED)


def _do(work: Callable[[], Done]) -> Done:
    with refusals():
        return work()


def _stage(text: str) -> Stage:
    parts = text.split(":")
    if len(parts) != 4 or parts[3] not in ("score", "table"):
        raise click.BadParameter(f"{text!r}: write NAME:TABLE_SIZE:ADVANCE:score|table, "
                                 "e.g. Qualifying:4:16:score", param_hint="'--stage'")
    try:
        return Stage(name=parts[0], table_size=int(parts[1]), advance=int(parts[2]),
                     advance_by=parts[3])
    except ValueError as e:
        raise click.BadParameter(f"{text!r}: {e}", param_hint="'--stage'") from e


@tournament_group.command("create")
@click.argument("name")
@click.option("--profile", required=True, help="Profile id, e.g. sg-championship.")
@click.option("--id", "tid", default=None, help="Short id (default: from the name).")
@click.option("--minutes", type=click.IntRange(1, 600), default=None,
              help="Game length (default: the profile's).")
@click.option("--stage", "stages", multiple=True, metavar="NAME:SIZE:ADVANCE:score|table",
              help="A stage, in order (default: the profile's; SG: Qualifying:4:16:score, "
              "Semi-final:4:1:table, Final:4:3:table).")
@click.option("--board", default=None, metavar="ID",
              help="The board every table plays on: a shipped board or your own edition "
              "(default: the profile's).")
def create(name: str, profile: str, tid: str | None, minutes: int | None,
           stages: tuple[str, ...], board: str | None) -> None:
    """Create a tournament with its stages."""
    t = _do(lambda: tournaments.create(name, profile, tid=tid, minutes=minutes,
                                       stages=[_stage(s) for s in stages] or None,
                                       board=board))
    click.echo(f"tournament {t.id} created: " + "; ".join(stage_words(t)))


@tournament_group.command("add-players")
@click.argument("tid")
@click.option("--csv", "sheet", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="A sign-up sheet: CSV with columns id, name, and optional "
              "contact, latin (a name in another script in Latin letters), seed or rating, "
              "category (several separated by ;).")
@click.option("--player", "typed", multiple=True, metavar="ID=NAME",
              help="One player (repeatable).")
def add_players(tid: str, sheet: Path | None, typed: tuple[str, ...]) -> None:
    """Enter players (before the first round starts)."""
    def players() -> list[Player]:
        found = tournaments.players_from_csv(sheet) if sheet else []
        for text in typed:
            pid, _, name = text.partition("=")
            found.append(Player(id=pid.strip(), name=name.strip()))
        return found

    t = _do(lambda: tournaments.add_players(tid, players()))
    click.echo(f"{tid}: {counted(len(t.players), 'player')} entered")


JUDGE = click.option("--judge", required=True,
                     help="The judge who decides it, registered on the hub or for the "
                     "tournament; the PIN from BANKER_JUDGE_PIN or asked for (it signs).")


def _judge(name: str) -> tuple[str, str]:
    """A judge's name with the PIN (BANKER_JUDGE_PIN, else a hidden prompt): it signs."""
    return name, ask_pin(JUDGE_PIN, f"PIN for judge {name}")


@tournament_group.command("add-judge")
@click.argument("tid")
@click.argument("name")
def add_judge(tid: str, name: str) -> None:
    """Register a judge who signs the tournament's decisions (rulings, withdrawals, standbys):
    on the hub when it holds the tournament, else in its file. The PIN (6+ digits) from
    BANKER_NEW_JUDGE_PIN, else asked for twice; only its hash and a key sealed under it are
    kept."""
    pin = ask_pin(NEW_JUDGE_PIN, f"New PIN for judge {name}", confirm=True)
    where = _do(lambda: tournaments.add_judge(tid, name, pin))
    click.echo(f"judge {name} registered {where}")


@tournament_group.command("withdraw")
@click.argument("tid")
@click.argument("player")
@click.option("--reason", required=True, help="E.g. no-show, or the player's words.")
@JUDGE
def withdraw(tid: str, player: str, reason: str, judge: str) -> None:
    """Withdraw a player (a late withdrawal or no-show) before their next round starts: a
    judge's decision, signed with the judge's PIN."""
    signed_by = _judge(judge)
    t = _do(lambda: tournaments.withdraw(tid, player, reason, signed_by))
    last = t.withdrawals[-1]
    click.echo(f"{t.player(player).name} withdrawn before the {last.stage}"
               + ("; its draw must be made again" if t.draw(last.stage) is None
                  and any(d.stage == last.stage for d in t.draws) else ""))


@tournament_group.command("draw")
@click.argument("tid")
@click.argument("stage")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Repeat a draw from its seed (default: a fresh random seed, recorded).")
@click.option("--method", type=click.Choice(["random", "snake"]), default="random",
              show_default=True, help="random: shuffled from the seed; snake: dealt by the "
              "previous stage's ranking (table 1 gets ranks 1, 8, 9, 16 of 16 at 4 tables); "
              "the first stage by the sign-up sheet's seeds.")
@click.option("--avoid-rematches", is_flag=True,
              help="Part pairs who sat at one table in an earlier stage, where any draw can.")
@click.option("--apart", "apart", multiple=True, metavar="ID,ID,...",
              help="Player ids to seat at different tables (a club, a family); repeatable.")
def draw(tid: str, stage: str, seed: int | None, method: str, avoid_rematches: bool,
         apart: tuple[str, ...]) -> None:
    """Draw the stage's seating from a recorded seed, with its options recorded too."""
    groups = tuple(tuple(p.strip() for p in g.split(",") if p.strip()) for g in apart)
    try:
        options = DrawOptions(method="snake" if method == "snake" else "random",
                              avoid_rematches=avoid_rematches, apart=groups)
    except ValidationError as e:  # a group of fewer than 2 players, an id that is not one
        raise click.BadParameter(f"{e.errors()[0]['msg']}", param_hint="'--apart'") from e
    t = _do(lambda: tournaments.draw(tid, stage, seed, options=options))
    made = t.draw(stage)
    assert made is not None
    click.echo(f"{made.stage} drawn with seed {made.seed}: {counted(len(made.entrants), 'player')} at "
               f"{counted(len(made.tables), 'table')}")
    click.echo(f"  draw: {made.words}")
    for table in made.tables:
        click.echo(f"  table {table.number}: "
                   + ", ".join(t.seat_name(p) for p in table.players))


BY = click.option("--by", default="the desk", show_default=True,
                  help="Who marks it (a name, recorded with the time).")


@tournament_group.command("check-in")
@click.argument("tid")
@click.argument("stage")
@click.argument("players", nargs=-1, required=True)
@BY
def check_in(tid: str, stage: str, players: tuple[str, ...], by: str) -> None:
    """Mark players present for the stage's draw (once one is marked, all must be); a standby
    called in who is marked present keeps the seat (the mark confirms the call)."""
    t = _do(lambda: tournaments.check_in(tid, stage, players, by))
    confirmed = [x for x in tournaments.roll_call_of(t, stage)
                 if x.status == "standby" and x.player in players]
    click.echo(f"present: {', '.join(players)}" + "".join(
        f"; {x.player} confirms the standby call for {x.replaces}" for x in confirmed))


@tournament_group.command("absent")
@click.argument("tid")
@click.argument("stage")
@click.argument("players", nargs=-1, required=True)
@BY
def absent(tid: str, stage: str, players: tuple[str, ...], by: str) -> None:
    """Mark players absent from the stage's round (a draw that seated them is set aside)."""
    t = _do(lambda: tournaments.mark_absent(tid, stage, players, by))
    name = t.stage(stage).name
    click.echo(f"absent from the {name}: {', '.join(players)}"
               + ("; its draw must be made again" if t.draw(name) is None
                  and any(d.stage == name for d in t.draws) else ""))


@tournament_group.command("standby")
@click.argument("tid")
@click.argument("stage")
@click.argument("absent_player", metavar="ABSENT")
@click.option("--player", "standby", default=None,
              help="The standby to call in (default: the next in the ranking of the stage "
              "before); refused unless next in line.")
@JUDGE
def standby(tid: str, stage: str, absent_player: str, standby: str | None, judge: str) -> None:
    """Call in the next standby to fill an absent qualifier's seat: a judge's decision, signed
    with the judge's PIN."""
    signed_by = _judge(judge)
    t = _do(lambda: tournaments.call_standby(tid, stage, absent_player, signed_by, standby))
    called = t.check_ins[-1]
    click.echo(f"{t.named(called.player)} called in for {t.named(absent_player)} in the "
               f"{called.stage}")


@tournament_group.command("roll-call")
@click.argument("tid")
@click.argument("stage")
@click.option("--json", "as_json", is_flag=True, help="Each player's mark as JSON.")
def roll_call(tid: str, stage: str, as_json: bool) -> None:
    """Who is present, absent, a standby, withdrawn or unmarked for the stage's draw."""
    lines = _do(lambda: tournaments.roll_call(tid, stage))
    if as_json:
        click.echo(dumps([x.model_dump() for x in lines]))
        return
    for x in lines:
        mark = f"  ({x.by}, {x.at})" if x.by else ""
        instead = f" for {x.replaces}" if x.replaces else ""
        click.echo(f"{x.status + instead:<20} {x.player:<10} {x.name}{mark}")
    counts = {s: sum(1 for x in lines if x.status == s)
              for s in ("present", "standby", "absent", "unmarked")}
    click.echo(", ".join(f"{n} {s}" for s, n in counts.items()))


@tournament_group.command("tables")
@click.argument("tid")
@click.argument("stage")
@click.option("--json", "as_json", is_flag=True, help="Each table's new-game card as JSON.")
def tables(tid: str, stage: str, as_json: bool) -> None:
    """Each table's game from the draw: label, players in seat order, profile, length."""
    cards = _do(lambda: tournaments.table_cards(tid, stage))
    if as_json:
        click.echo(dumps(cards))
        return
    made = tournaments.load(tid).draw(stage)
    if made is not None:
        click.echo(f"{made.stage} draw: {made.words}")
    for entry in cards:
        card = entry["card"]
        click.echo(f"{card['label']}: {', '.join(card['players'])} ({card['profile']}"
                   f"{', ' + str(entry['minutes']) + ' minutes' if entry['minutes'] else ''})"
                   f" — {_game_words(entry)}")


def _game_words(entry: dict[str, Any]) -> str:
    """A table's game as `tables` says it: its file (or hub copy), or that it is to start."""
    if not entry["game"]:
        return "to start"
    waiting = " (on the hub; the desk takes it in)" if entry.get("waiting") else ""
    return f"game {entry['game']}{waiting}"


@tournament_group.command("start-table")
@click.argument("tid")
@click.argument("stage")
@click.argument("table", type=int)
@click.option("--roll-off", "throws", required=True, metavar="THROWS",
              help='The roll-off in seat order, e.g. "6+5 4+3 2+2 5+1"; "/ 3+1 4+4" for a '
              "further round between those tied.")
@click.option("--banker", default="banker", help="Name recorded as the banker.")
@click.option("--judge", default=None,
              help=f"The table's first judge (PIN: {JUDGE_PIN} or a hidden prompt).")
def start_table(tid: str, stage: str, table: int, throws: str, banker: str,
                judge: str | None) -> None:
    """Start a table's game from the draw: the banker gives only the roll-off and confirms."""
    def start() -> Path:
        card = tournaments.table_card(tournaments.load(tid), stage, table)
        roll_off = tournaments.roll_off_from_throws(card["players"], throws)
        pin = (judge, ask_pin(JUDGE_PIN, f"PIN for judge {judge}")) if judge else None
        return tournaments.start_table(tid, stage, table, roll_off, banker, pin, copy=False)

    path = _do(start)
    click.echo(f"table {table}'s game started: {path}")
    if hub_url() is not None:
        problem = tournaments.copy_to_hub(tournaments.load(tid), path)
        click.echo(f"not on the hub yet ({problem}): `banker hub push --db {path}` copies it"
                   if problem else "copied to the hub")


@tournament_group.command("attach")
@click.argument("tid")
@click.argument("stage")
@click.argument("table", type=int)
@click.option("--db", "db", required=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The table's ledger file, handed in.")
def attach(tid: str, stage: str, table: int, db: Path) -> None:
    """Take in a table's game file played apart (its opening must match the draw)."""
    _do(lambda: tournaments.attach(tid, stage, table, db))
    click.echo(f"table {table}'s game is {db}")


@tournament_group.command("results")
@click.argument("tid")
@click.argument("stage")
@click.option("--hub", "hub", default=None, metavar="URL",
              help="Read each game from the hub's copy (by its game id), not the table's file.")
def results(tid: str, stage: str, hub: str | None) -> None:
    """Read each table's collected scoresheet into the standings (never typed in)."""
    t, notes = _do(lambda: tournaments.collect_results(tid, stage, hub))
    name = t.stage(stage).name
    click.echo(f"{name}: {counted(sum(1 for r in t.results if r.stage == name), 'table result')} in")
    for note in notes:
        click.echo(f"  {note}")


@tournament_group.command("standings")
@click.argument("tid")
@click.argument("stage")
@click.option("--json", "as_json", is_flag=True, help="Rows, ties and close calls as JSON.")
def standings(tid: str, stage: str, as_json: bool) -> None:
    """The stage's standings: advancement, ties for the head judge, close calls and why."""
    checked = _do(lambda: tournaments.load_checked(tid))
    t = checked.tournament
    found = _do(lambda: tournaments.standings_of(t, stage))
    last = last_publication(t, found.stage)  # what every laptop may know was published
    if as_json:
        click.echo(dumps(found.model_dump() | {"decided": found.decided, "published": (
            None if last is None else last.model_dump(mode="json")),
            "not_followed": checked.words}))
        return
    click.echo(_standings_text(t, found))
    click.echo(publication_words(last))
    for line in checked.words:
        click.echo(f"NOT FOLLOWED: {line}")


def _seats(seats: int) -> str:
    """Who a ruling names: the players taking the seats the line falls inside."""
    return "the player taking the seat" if seats == 1 else f"the {seats} taking the seats"


def _standings_text(t: Tournament, found: StageStandings) -> str:
    lines = [f"{found.stage} standings" + ("" if found.decided else " (not decided)")]
    names = max([28, *(width(r.name) for r in found.rows)])  # as wide as the widest, drawn
    for r in found.rows:
        position = "" if r.position is None else f"{'=' if r.tied else ''}{r.position}"
        lines.append(f"{position:>4}  {left(r.name, names)} {left(r.player, 10)} table {r.table:<3} "
                     f"{'' if r.score is None else r.score:>6}  {r.status}")
    lines += [f"TIE: {', '.join(tie.players)} (positions {tie.positions[0]}-"
              f"{tie.positions[1]}{'' if tie.table is None else f', table {tie.table}'}): "
              f"banker tournament rule, naming {_seats(tie.seats)} in the order decided"
              for tie in found.ties]
    lines += [f"close call: {c.name}: {c.reason}" for c in found.close_calls]
    lines += [f"ruling: {line}" for line in ruling_lines(t, found.stage)]
    return "\n".join(lines)


@tournament_group.command("rule")
@click.argument("tid")
@click.argument("stage")
@click.argument("order", nargs=-1, required=True)
@click.option("--judge", required=True,
              help="The head judge's name (registered); the PIN from BANKER_JUDGE_PIN or "
              "asked for (it signs the ruling).")
@click.option("--reason", required=True, help="Why, as announced.")
@click.option("--supersede", is_flag=True,
              help="Rule a tie already ruled again: this ruling replaces the one that stands "
              "(which stays on record); the reason says why.")
def rule(tid: str, stage: str, order: tuple[str, ...], judge: str, reason: str,
         supersede: bool) -> None:
    """Rule a tie: every tied player's id, in the order decided (the first advance)."""
    signed_by = _judge(judge)
    t = _do(lambda: tournaments.rule_tie(tid, stage, order, signed_by, reason,
                                         supersede=supersede))
    made = t.rulings[-1]
    replaced = (f"; it supersedes the ruling of {made.supersedes:%Y-%m-%d %H:%M:%S}"
                if made.supersedes is not None else "")
    click.echo(f"ruling recorded: {', '.join(order)}, signed by {judge}{replaced}")


@tournament_group.command("push")
@click.argument("tid")
@click.option("--hub", "hub", default=None, metavar="URL",
              help="The hub (default: BANKER_HUB_URL).")
def push(tid: str, hub: str | None) -> None:
    """Put this data folder's tournament TID on the hub: from then on, every laptop with the
    hub's URL reads and changes the hub's copy (the file stays as it was)."""
    version = _do(lambda: tournaments.push(tid, hub))
    click.echo(f"{tid}: on the hub as version {version}")


@tournament_group.command("take-in")
@click.argument("tid")
@click.argument("stage")
@click.option("--hub", "hub", default=None, metavar="URL",
              help="The hub (default: BANKER_HUB_URL).")
def take_in(tid: str, stage: str, hub: str | None) -> None:
    """Record each drawn table's game the hub holds (its opening is the table's card) as the
    table's: the desk's step when the tables' own roles may not change the tournament."""
    from app.tournament.from_hub import take_in as taken  # noqa: PLC0415

    _, notes = _do(lambda: taken(tid, stage, hub))
    for line in notes or ["no table's game to take in"]:
        click.echo(line)


@tournament_group.command("export")
@click.argument("tid")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--hub", "hub", default=None, metavar="URL",
              help="The hub (default: BANKER_HUB_URL; none set: the data folder's file).")
def export(tid: str, file: Path, hub: str | None) -> None:
    """Write tournament TID as the hub holds it (or its file, without a hub) to FILE, in the
    data folder's JSON format (a copy to keep, or to run on one laptop)."""
    _do(lambda: tournaments.export(tid, file, hub))
    click.echo(f"{tid}: written to {file}")


__all__ = ["refusals", "tournament_group"]
