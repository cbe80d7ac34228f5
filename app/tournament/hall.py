"""What is printed for the hall, as plain data: each table's card (table, seats in order, banker
and judge lines), the draw's wall sheet, and each table's blank scoresheet pre-filled with the
tournament, stage, table and seats. The PDFs are laid out in ui/tournament/hall_pdf.py."""

from __future__ import annotations

from dataclasses import dataclass

from app.editions import rulebook
from models.tournament.records import Draw, Tournament, TournamentError


@dataclass(frozen=True)
class Seat:
    """One seat of a table: its number (1 = the first, clockwise), the name at the table and
    the player's id (the badge number)."""

    number: int
    name: str
    player: str


@dataclass(frozen=True)
class HallTable:
    """One table of a stage's draw, as printed on its card, the draw sheet and its scoresheet."""

    number: int
    seats: tuple[Seat, ...]
    banker: str | None = None  # a line to write on when None
    judge: str | None = None


@dataclass(frozen=True)
class HallPrint:
    """A stage's draw for printing: the tournament's words and every table."""

    tournament: str
    stage: str
    rules: str  # profile, board and game length in words
    profile: str
    board: str
    minutes: int | None
    tie_breakers: tuple[str, ...]
    seed: int
    drawn_at: str
    options: tuple[str, ...]  # the draw's method and options in words, the seed among them
    tables: tuple[HallTable, ...]

    def index(self) -> list[tuple[str, str, int, int]]:
        """Every seated player by name (then id): name, id, table, seat, for the wall sheet's
        "find your seat" list."""
        found = [(s.name, s.player, t.number, s.number) for t in self.tables for s in t.seats]
        return sorted(found, key=lambda row: (row[0].casefold(), row[1]))


def hall_print(t: Tournament, stage: str) -> HallPrint:
    """The stage's current draw for the hall; TournamentError before it is drawn, BadInput or
    DataFileError when the tournament's profile or board cannot be read."""
    made = t.draw(stage)
    if made is None:
        raise TournamentError(f"the {t.stage(stage).name} is not drawn yet: nothing to print")
    profile = rulebook.profile(t.profile)
    board = rulebook.board(t.board or profile.board)
    minutes = t.minutes or profile.game_minutes
    length = f"{minutes} minutes" if minutes else "untimed"
    tables = tuple(HallTable(number=n.number, seats=tuple(
        Seat(number=i, name=t.seat_name(p), player=p) for i, p in enumerate(n.players, start=1)))
        for n in made.tables)
    return HallPrint(tournament=t.name, stage=made.stage,
                     rules=f"{profile.name} · {board.name} · {length}", profile=profile.name,
                     board=board.name, minutes=minutes, tie_breakers=tuple(profile.tie_breakers),
                     seed=made.seed, drawn_at=made.at.strftime("%Y-%m-%d %H:%M UTC"),
                     options=draw_options(made), tables=tables)


def draw_options(made: Draw) -> tuple[str, ...]:
    """The draw's method and options in words, as recorded with it (the Draw's own phrases
    where it has them; a draw recorded before draw options: random from its seed)."""
    phrases = getattr(made, "phrases", None)
    if phrases:
        return tuple(str(p) for p in phrases)
    return (f"random from seed {made.seed}",)
