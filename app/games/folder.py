"""The games in the user's data folder: one ledger file per game, listed, created and resumed."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from app.datafolder.paths import data_dir, sample_script
from models.errors import BadInput, BankerError

if TYPE_CHECKING:
    from app.table.service import TableGame

# The ledger (SQLAlchemy, Alembic), the judges' PINs (argon2) and the engine are imported by the
# functions that use them: the start page's first paint needs none of them.

GAMES_FOLDER = "games"
SAMPLE_FILE = "sample-game.db"
LENGTH_REASON = "game length chosen with the new game"
State = Literal["in progress", "over", "collected", "unreadable"]


@dataclass(frozen=True)
class GameSummary:
    """One game file as the start page lists it (`problem` says why it cannot be opened)."""

    path: Path
    label: str
    profile: str
    players: tuple[str, ...]
    state: State
    last_entry: datetime | None
    entries: int = 0
    problem: str | None = None


def utc_now() -> datetime:
    """Now, in UTC (as app.table.service has it, without importing the ledger)."""
    return datetime.now(UTC)


def games_dir() -> Path:
    """The folder of game files in the data folder, created on first use."""
    folder = data_dir() / GAMES_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def recent_games(folder: Path | None = None) -> list[GameSummary]:
    """Every game file in the folder, the latest entry first (unreadable files last)."""
    found = [summary(path) for path in sorted((folder or games_dir()).glob("*.db"))]
    found = [g for g in found if g.problem is not None or g.entries > 0]
    stamp = {id(g): g.last_entry.timestamp() if g.last_entry else 0.0 for g in found}
    return sorted(found, key=lambda g: (g.problem is None, stamp[id(g)]), reverse=True)


def in_progress(games: Sequence[GameSummary]) -> GameSummary | None:
    """The game to resume: the most recently played one that is not over."""
    return next((g for g in games if g.state == "in progress"), None)


def summary(path: Path) -> GameSummary:
    """What the start page shows of one file, read without writing anything to it."""
    from app.table.service import TableGame  # noqa: PLC0415

    try:
        game = TableGame.open(str(path), create=False, readonly=True)
    except (BankerError, OSError) as e:
        return GameSummary(path, path.stem, "", (), "unreadable", None, problem=str(e))
    try:
        if game.state is None or game.table is None or game.game_id is None:
            return GameSummary(path, path.stem, "", (), "unreadable", None, problem="no game")
        info = game.ledger.game(game.game_id)
        state: State = ("collected" if game.state.locked else
                        "over" if game.state.ended else "in progress")
        return GameSummary(path, info.label or path.stem, game.table.profile.name, info.players,
                           state, game.last_at, game.head_seq)
    finally:
        game.close()


def open_game(path: Path, now: Callable[[], datetime] = utc_now) -> TableGame:
    """Open a game file to play on: where its last entry left it (also after a crash)."""
    from app.table.service import TableGame  # noqa: PLC0415

    return TableGame.open(str(path), now=now, create=False)


def default_label(tournament: str | None, round_: str | None, table: str | None) -> str:
    """A game's label from its tournament, round and table, as far as they are given."""
    parts = [p for p in (tournament, round_, f"table {table}" if table else None) if p]
    return " · ".join(parts) or "Game"


def new_game_path(label: str, now: datetime, folder: Path | None = None) -> Path:
    """A file name for a new game that no other file has: its date, time and label (a long
    label is shortened from its tournament part: the stage and the table always survive)."""
    slug = _slug(label, SLUG_LENGTH) or "game"
    base = (folder or games_dir()) / f"{now:%Y%m%d-%H%M%S}-{slug}"
    path, number = base.with_suffix(".db"), 1
    while path.exists():
        number += 1
        path = base.with_name(f"{base.name}-{number}.db")
    return path


SLUG_LENGTH = 40


def _slug(label: str, length: int) -> str:
    """The label in lower-case letters, digits and hyphens, at most `length` long. A longer
    label of parts ("tournament · stage · table 12") is shortened from its first part (the
    tournament, then the stage, at a word where it can): its last part, the table, stays whole,
    so two stages' files for one table never share a name. One part alone keeps its table part
    ("table-12") and cuts what comes before it."""
    parts = [p for p in (_plain(x) for x in label.split("·")) if p]
    if len(parts) == 1:
        return _cut_before_table(parts[0], length)
    for index in range(len(parts) - 1):
        over = len("-".join(p for p in parts if p)) - length
        if over <= 0:
            break
        parts[index] = _shortened(parts[index], len(parts[index]) - over)
    return "-".join(p for p in parts if p)[:length].strip("-")


def _plain(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _shortened(slug: str, room: int) -> str:
    """`slug` in at most `room` characters, cut after a whole word where one fits."""
    if room <= 0:
        return ""
    cut = slug[:room]
    if len(slug) > room and slug[room] != "-" and "-" in cut:
        cut = cut.rsplit("-", 1)[0]
    return cut.strip("-")


def _cut_before_table(slug: str, length: int) -> str:
    if len(slug) <= length:
        return slug
    found = re.search(r"table-[a-z0-9-]+$", slug)
    tail = found.group() if found else ""
    if not tail or len(tail) > length // 2:
        return slug[:length].strip("-")
    return f"{slug[:length - len(tail) - 1].rstrip('-')}-{tail}"


def create_game(new_game: dict[str, Any], banker: str, judge: tuple[str, str] | None = None,
                minutes: int | None = None, now: Callable[[], datetime] = utc_now,
                folder: Path | None = None) -> Path:
    """Record a new game in a new file and return the file; all or nothing.

    `judge` (name, PIN) is registered with the game as its first judge; a `minutes` other than
    the profile's length is recorded as that judge's set_game_length. The rules' refusal is
    raised before any file is made; a refusal after that removes the file again."""
    from app.editions import rulebook  # noqa: PLC0415
    from app.hub.judges import with_hub_judges  # noqa: PLC0415
    from app.ledger import Actor, LedgerError  # noqa: PLC0415
    from app.table import judges  # noqa: PLC0415
    from app.table.command_text import parse_command  # noqa: PLC0415
    from app.table.service import TableGame  # noqa: PLC0415
    from models.commands import NewGame, SetGameLength  # noqa: PLC0415
    from models.engine import decide  # noqa: PLC0415

    if judge is not None:
        new_game = new_game | {"judges": judges.judges_field([judge])}
    # With a hub set, the tournament's judges are registered with the game too.
    new_game, _unread = with_hub_judges(new_game)
    command = parse_command(new_game)
    if not isinstance(command, NewGame):
        raise BadInput("a new game starts with new_game")
    started = decide(rulebook.table(command.profile, command.board), None, command)[0]
    path = new_game_path(command.label or "game", now(), folder)
    game = TableGame.open(str(path), now=now)
    try:
        game.submit(command, Actor(role="banker", name=banker or "banker"))
        if minutes is not None and minutes != getattr(started, "minutes", None):
            if judge is not None:
                game.sign_in_judge(*judge)
            game.submit(SetGameLength(type="set_game_length", minutes=minutes,
                                      reason=LENGTH_REASON))
    except (BankerError, LedgerError):
        placed = game.game_id is not None  # the file is ours only once our game put it there
        game.close()
        if placed:
            remove_file(path)
        raise
    game.close()
    return path


def open_sample(now: Callable[[], datetime] = utc_now, folder: Path | None = None) -> Path:
    """Record the shipped sample game into a fresh file (replacing the last sample) and
    return the file."""
    from app.table.command_text import parse_command, read_script  # noqa: PLC0415
    from app.table.service import TableGame  # noqa: PLC0415

    path = (folder or games_dir()) / SAMPLE_FILE
    remove_file(path)
    game = TableGame.open(str(path), now=now)
    try:
        for _, line in read_script(sample_script().read_text(encoding="utf-8")):
            game.submit(parse_command(line))
    finally:
        game.close()
    return path


def remove_file(path: Path) -> None:
    """Remove a ledger file with SQLite's companion files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def roll_off_contenders(players: Sequence[str], rounds: Sequence[dict[str, Any]]) -> list[str]:
    """Who throws in the next round of the roll-off: everyone at first, then only those tied
    for the highest total in the round before; [] once one player has won. (The form asks
    this to lay out the next round; the engine still checks the whole roll-off.)"""
    contenders = list(players)
    for throws in rounds:
        totals = {name: sum(throws[name]) for name in contenders if name in throws}
        if len(totals) != len(contenders):
            return contenders
        best = max(totals.values())
        contenders = [name for name in contenders if totals[name] == best]
        if len(contenders) == 1:
            return []
    return contenders
