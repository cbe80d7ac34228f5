"""A hall for the live page's tests, its screenshots and its load test: a tournament of twelve
players named in several scripts (each with a contact that must never reach a page), its
qualifying round drawn into three tables of four, tables 1 and 2 live on the hub and table 3
DIVERGED (its file rewritten after the hub took it), the hall's round started with an
announcement. On a PostgreSQL hub made with `banker hub init`'s roles, the page reads it with
the reader's login."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import HUB_URL_ENV, Hub, push_file
from app.hub.roles import DESK_LOGIN, READER_LOGIN, init_roles
from app.table.command_text import parse_command
from app.tournament import rounds
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.app.hub_tables import JUDGE, PIN, as_role, play
from tests.ui.head_judge_hall import Steps, rewrite_after_push

HEAD, HEAD_PIN = "Head Judge Tan", "135791"
NAMES = ["José Álvarez", "Zoë Müller", "李娜", "أحمد علي", "Chloé Dubois", "Siti Aminah",
         "Þórunn Jónsdóttir", "Ngô Bảo Châu", "Antonín Dvořák", "Søren Ørsted", "Ana Şahin",
         "முருகன் சுப்பிரமணியம்"]
LATIN = {"李娜": "Li Na", "أحمد علي": "Ahmad Ali", "முருகன் சுப்பிரமணியம்": "Murugan Subramaniam"}
CONTACTS = {f"L{n:02}": (f"player{n:02}@example.com" if n % 2 else f"+65 9123 45{n:02}")
            for n in range(1, 13)}
ANNOUNCEMENT = "The final's draw is at 11:00 by the stage"


def no_wait(_: float) -> None:
    """A judge's PIN checked without the pause between tries."""


@dataclass(frozen=True)
class LiveHall:
    """The hall: the hub's owner's URL, the desk's and the reader's, the tournament, the
    tables' files, and the DIVERGED table's reason."""

    admin: str
    desk: str
    reader: str
    tid: str
    files: dict[int, Path]
    diverged: str


def players() -> list[Player]:
    return [Player(id=pid, name=name, contact=CONTACTS[pid], latin=LATIN.get(name))
            for pid, name in zip(CONTACTS, NAMES, strict=True)]


def build(admin: str, folder: Path) -> LiveHall:
    """The hall on the hub `admin` (a fresh database; on PostgreSQL its roles are made here, a
    SQLite hub has no logins: the desk and the reader are its file). Sets BANKER_DATA_DIR and
    BANKER_HUB_URL (the desk's) for the process: callers restore."""
    postgresql = admin.startswith("postgresql")
    if postgresql:
        init_roles(admin, ["1", "2", "3"], password=lambda: "not-used-here")
    desk = as_role(admin, DESK_LOGIN) if postgresql else admin
    os.environ[DATA_DIR_ENV] = str(folder / "desk")
    os.environ[HUB_URL_ENV] = desk
    t = tournaments.create("Hall Live Open", "sg-championship", stages=[
        Stage(name="Qualifying", advance=4, advance_by="score"),
        Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, players())
    tournaments.draw(t.id, "Qualifying", seed=7)
    with Hub.open(desk) as hub:
        hub.register_judge(HEAD, HEAD_PIN)
        hub.register_judge(JUDGE, PIN)
    rounds.record(t.id, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    rounds.record(t.id, "Qualifying", "announce", ANNOUNCEMENT, HEAD, HEAD_PIN, sleep=no_wait)
    start = datetime.now(UTC) - timedelta(minutes=5)
    files: dict[int, Path] = {}
    diverged = ""
    tables = folder / "tables"
    tables.mkdir()
    with Hub.open(admin) as hub:
        for number in (1, 2, 3):
            files[number] = table_file(t.id, number, tables, start)
            push_file(hub, files[number])
        diverged = rewrite_after_push(hub, files[3])
    reader = as_role(admin, READER_LOGIN) if postgresql else admin
    return LiveHall(admin, desk, reader, t.id, files, diverged)


def table_file(tid: str, number: int, folder: Path, start: datetime) -> Path:
    """Table `number`'s game: started with the tournament's card, its clock started, then some
    random entries the rules accept."""
    clock = Steps(start + timedelta(seconds=number))
    card = tournaments.table_card(tournaments.load(tid), "Qualifying", number)
    roll_off = tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1")
    path = tournaments.start_table(tid, "Qualifying", number, roll_off, "Siti", (JUDGE, PIN),
                                   clock, folder)
    game = games.open_game(path, now=clock)
    try:
        game.submit(parse_command({"type": "start_clock"}))
        play(game, 24, Random(number))
    finally:
        game.close()
    return path


def move_on(hall: LiveHall, number: int, commands: int) -> None:
    """Table `number` records `commands` more entries, and its copier takes them to the hub."""
    clock = Steps(datetime.now(UTC))
    game = games.open_game(hall.files[number], now=clock)
    try:
        play(game, commands, Random(commands))
    finally:
        game.close()
    with Hub.open(hall.admin) as hub:
        push_file(hub, hall.files[number])
