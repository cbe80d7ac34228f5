"""What is printed for the hall, as plain data: each table's card (table, seats in order, banker
and judge lines), the draw's wall sheet, and each table's blank scoresheet pre-filled with the
tournament, stage, table and seats. The PDFs are laid out in ui/tournament/hall_pdf.py."""

from __future__ import annotations

from dataclasses import dataclass

from app.editions import rulebook
from models.tournament.reading import reading_key
from models.tournament.records import Draw, Tournament, TournamentError


@dataclass(frozen=True)
class Seat:
    """One seat of a table: its number (1 = the first, clockwise), the name at the table and
    the player's id (the badge number)."""

    number: int
    name: str
    player: str
    latin: str | None = None  # the name's Latin form from the sign-up sheet, when it gave one


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
    deeds: int = 28  # the deeds of the board: a player can hold every one (the sheet's lines)

    def index(self) -> list[tuple[str, str, int, int]]:
        """Every seated player as people read names (models/tournament/reading.py: accents in
        place, a name in another script by its Latin form, shown beside it), then by id: name,
        id, table, seat, for the wall sheet's "find your seat" list."""
        seated = sorted(((s, t.number) for t in self.tables for s in t.seats),
                        key=lambda found: reading_key(found[0].name, found[0].latin,
                                                      found[0].player))
        return [(f"{s.name} ({s.latin})" if s.latin else s.name, s.player, table, s.number)
                for s, table in seated]


def hall_print(t: Tournament, stage: str) -> HallPrint:
    """The stage's current draw for the hall; TournamentError before it is drawn, BadInput or
    DataFileError when the tournament's profile or board cannot be read."""
    made = t.draw(stage)
    if made is None:
        raise TournamentError(f"the {t.stage(stage).name} is not drawn yet: nothing to print")
    profile = rulebook.profile(t.profile)
    board = rulebook.board(t.board or profile.board)
    minutes, _ = round_length(t)
    length = f"{minutes} minutes" if minutes else "untimed"
    tables = tuple(HallTable(number=n.number, seats=tuple(
        Seat(number=i, name=t.seat_name(p), player=p, latin=t.player(p).latin)
        for i, p in enumerate(n.players, start=1))) for n in made.tables)
    return HallPrint(tournament=t.name, stage=made.stage,
                     rules=f"{profile.name} · {board.name} · {length}", profile=profile.name,
                     board=board.name, minutes=minutes, tie_breakers=tuple(profile.tie_breakers),
                     seed=made.seed, drawn_at=made.at.strftime("%Y-%m-%d %H:%M UTC"),
                     options=draw_options(made), tables=tables, deeds=len(board.deeds()))


def draw_options(made: Draw) -> tuple[str, ...]:
    """The draw's method and options in words, as recorded with it (the Draw's own phrases
    where it has them; a draw recorded before draw options: random from its seed)."""
    phrases = getattr(made, "phrases", None)
    if phrases:
        return tuple(str(p) for p in phrases)
    return (f"random from seed {made.seed}",)


def round_length(t: Tournament) -> tuple[int | None, tuple[int, ...]]:
    """The length of the tournament's games in minutes (its own, else its profile's; None: an
    untimed game) and the profile's announcement marks (minutes left: 15, 10, 5, 1), for the
    hall's clock; BadInput or DataFileError when the profile cannot be read."""
    profile = rulebook.profile(t.profile)
    return t.minutes or profile.game_minutes, tuple(profile.announcement_minutes)
