"""A tournament's records: players, stages and their settings, draws, the tables' results, rulings.

Pure, frozen data. The changes are in `models.tournament.changes`, standings and advancement in
`models.tournament.standings`, the draw's arithmetic in `models.tournament.seating`."""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from models.edition_ids import ID_PATTERN, EditionId, id_problem
from models.errors import BadInput
from models.names import plain_name
from models.tournament.desk import GameMove, Undone
from models.tournament.seating import SIZES
from models.tournament.signed import DecisionSeal, TournamentJudge

PlayerId = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,23}$")]
PlayerName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$"),
                     AfterValidator(plain_name)]


def _slug(value: str) -> str:
    """A tournament's id is an id as an edition's is (one rule, one message: 1 to 64 lowercase
    letters, digits and hyphens), with the lowercase spelling offered when that would do."""
    problem = id_problem(value)
    if problem is None:
        return value
    lower = value.lower()
    hint = f" (try {lower!r})" if id_problem(lower) is None else ""
    # A custom error: the message is said as it is, with no "Value error," before it.
    raise PydanticCustomError("tournament_id", "{problem}{hint}",
                              {"problem": problem, "hint": hint})


Slug = Annotated[str, AfterValidator(_slug),
                 Field(json_schema_extra={"pattern": ID_PATTERN, "maxLength": 64})]
Reason = Annotated[str, Field(min_length=1, pattern=r"\S")]
Breaker = Literal["wins", "best_game"]
BREAKER_WORDS = {"wins": "wins", "best_game": "highest single-game score"}


class TournamentError(BadInput):
    """A tournament change that cannot be made; says what and why (nothing was changed)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


SIGN_UP_SEEDS = "sign-up sheet's seeds"
"""A first stage's snake draw is ranked by the players' seeds (Draw.ranked_by)."""


class Player(_Frozen):
    """An entrant: the name printed at the table and in the standings, an id the organiser
    gives (the badge number), a contact that is never published, and, for a name written in
    another script, its Latin form from the sign-up sheet (`latin`: the name's place in the hall's
    lists sorted by name, and shown beside it there)."""

    id: PlayerId
    name: PlayerName
    contact: str | None = None
    latin: PlayerName | None = None
    # The sign-up sheet's seeding, 1 the best (a `seed` column, or a `rating` ranked highest
    # first): the first stage's snake draw deals by it (issue 29).
    seed: int | None = Field(default=None, ge=1)
    # The categories the sheet names for the player (women, junior, senior, ...): each has its
    # own standings and prize lines in print and on the published page.
    categories: tuple[Annotated[str, Field(min_length=1, max_length=30,
                                           pattern=r"^\S(.*\S)?$")], ...] = ()

    @model_serializer(mode="wrap")
    def _without_latin_unless_given(self, handler: SerializerFunctionWrapHandler
                                    ) -> dict[str, Any]:
        """The Latin form, seed and categories left out of the document when not given: a
        tournament without them reads, is written and hashes as before (and an older laptop
        still reads it)."""
        found: dict[str, Any] = handler(self)
        for name, empty in (("latin", None), ("seed", None), ("categories", ())):
            if getattr(self, name) == empty:
                found.pop(name, None)
        return found


class Stage(_Frozen):
    """One round of the tournament and its settings. `advance_by` "score": the top `advance`
    across all the stage's tables go on; "table": the top `advance` of each table. In the last
    stage `advance` is how many places are awarded (the final's top 3)."""

    name: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$")]
    table_size: int = Field(default=4, description="Preferred table size; the other of 4/5 "
                            "only where the numbers need it.")
    advance: int = Field(ge=1)
    advance_by: Literal["score", "table"]


class Withdrawal(_Frozen):
    """A player out before a stage's round starts (a late withdrawal or a no-show)."""

    player: PlayerId
    stage: str
    reason: Reason
    at: datetime
    seal: DecisionSeal | None = None  # the judge's who decided it (None: before signatures)


CheckInStatus = Literal["present", "absent", "standby"]


class CheckIn(_Frozen):
    """One mark of a stage's roll call, kept like withdrawals (append-only: the latest mark of
    a player in a stage counts): present, absent (a no-show for this stage only), or a standby
    called in to fill the seat of `replaces` (a qualifier marked absent)."""

    player: PlayerId
    stage: str
    status: CheckInStatus
    by: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$")]
    at: datetime
    replaces: PlayerId | None = None  # a standby's: the absent player whose seat they fill
    seal: DecisionSeal | None = None  # a standby called in: the judge's who decided it


class DrawnTable(_Frozen):
    number: int
    players: tuple[PlayerId, ...]  # seat order, clockwise from seat 1


DrawMethod = Literal["random", "snake"]


class DrawOptions(_Frozen):
    """How a stage is drawn: "random" from the seed, or "snake" by the previous stage's
    ranking; rematches (pairs who sat at one table in an earlier stage) avoided where they can
    be; groups (a club, a family) kept at different tables where they can be."""

    method: DrawMethod = "random"
    avoid_rematches: bool = False
    apart: tuple[tuple[PlayerId, ...], ...] = ()

    @model_validator(mode="after")
    def _groups(self) -> DrawOptions:
        for group in self.apart:
            if len({p.casefold() for p in group}) < 2 or len(set(group)) != len(group):
                raise ValueError(f"a group kept apart names 2 or more different players, "
                                 f"each once: {', '.join(group)}")
        return self


class Draw(_Frozen):
    """A stage's seating from its seed; a later draw of the same stage supersedes it. Files
    made before draw options load as random draws with no option."""

    stage: str
    seed: int
    entrants: tuple[PlayerId, ...]  # in the order they were shuffled (or, snake, ranked) from
    tables: tuple[DrawnTable, ...]
    at: datetime
    superseded: str | None = None  # why it was replaced (a withdrawal, an entry, a redraw)
    options: DrawOptions = DrawOptions()
    ranked_by: str | None = None  # a snake draw: the stage whose ranking seeded it
    # What the options could not avoid, and whether no draw could have had fewer.
    rematches: tuple[tuple[PlayerId, PlayerId], ...] = ()
    together: tuple[tuple[PlayerId, PlayerId], ...] = ()
    fewest: bool = True

    @property
    def phrases(self) -> tuple[str, ...]:
        """The draw's method and options in words, one phrase each (the draw sheet's lines)."""
        o = self.options
        said = [(f"seeded snake by the sign-up sheet's seeds (draw seed {self.seed})"
                 if self.ranked_by == SIGN_UP_SEEDS else
                 f"seeded snake by the {self.ranked_by or 'previous stage'} ranking (seed "
                 f"{self.seed})") if o.method == "snake" else f"random from seed {self.seed}"]
        bound = ("the fewest any draw can have" if self.fewest
                 else "the fewest the search found")
        if o.avoid_rematches:
            said.append(f"rematches avoided where possible: {_pairs(self.rematches)} "
                        f"meet{'s' * (len(self.rematches) == 1)} again, {bound}"
                        if self.rematches
                        else "rematches avoided: no pair from an earlier stage meets again")
        if o.apart:
            said.append("kept apart: " + "; ".join(", ".join(g) for g in o.apart) + (
                f" ({_pairs(self.together)} share{'s' * (len(self.together) == 1)} a table, "
                f"{bound})" if self.together else ""))
        return tuple(said)

    @property
    def words(self) -> str:
        """The draw's method and options in one line (the CLI's and the window's)."""
        return "; ".join(self.phrases)


def _pairs(pairs: tuple[tuple[str, str], ...]) -> str:
    shown = ", ".join(f"{a} & {b}" for a, b in pairs)
    return f"{len(pairs)} pair{'s' * (len(pairs) != 1)} ({shown})"


class TableGameRef(_Frozen):
    """Where a table's game is recorded: its ledger (a file or database URL) and game id."""

    stage: str
    table: int
    source: str
    game_id: str | None = None


class PlayerResult(_Frozen):
    """One player's line of a collected scoresheet."""

    player: PlayerId
    score: int
    place: int
    tied: bool  # level with another on the sheet after every tie-breaker ("=2nd")
    bankrupt: bool
    decided_by: str | None = None  # the sheet's tie-breaker that separated equal totals
    # The sheet's tie-breaker counts, in its TableResult's `tie_breakers` order (bankrupt: 0s);
    # a bankrupt player's game time lasted (the clock at the bankruptcy). Results read before
    # these were recorded have none: the counts are then left out of the ranking.
    tie_breaks: tuple[int, ...] = ()
    lasted_ms: int | None = None


class TableResult(_Frozen):
    stage: str
    table: int
    head: str  # the sheet's footer head: the ledger it came from can be checked against it
    players: tuple[PlayerResult, ...]
    tie_breakers: tuple[str, ...] = ()  # the profile's sequence, as the sheet names it


class Ruling(_Frozen):
    """The head judge's decision on a tie: the tied players in the order decided."""

    stage: str
    table: int | None  # None: a tie across the stage's tables
    order: tuple[PlayerId, ...]
    # The whole tie, when `order` names only the seats a line falls inside (the rest stay
    # level below it); empty in a ruling that names every tied player.
    tied: tuple[PlayerId, ...] = ()
    judge: PlayerName
    reason: Reason
    at: datetime
    # The time of the earlier ruling on the same tie that this one replaces, with its reason:
    # a ruling is superseded by a later one, never edited.
    supersedes: datetime | None = None
    seal: DecisionSeal | None = None  # the judge's (None: recorded before signatures)


PublishedFormat = Literal["pdf", "html", "csv"]


class Publication(_Frozen):
    """One publishing of a stage's standings, recorded after its files were written, so every
    laptop can tell what was announced: when, in the pages' own words whether it was decided
    or provisional (and which tables were still to report), who published it when known, the
    formats written, and the SHA-256 of the standings' CSV text, so a sheet on the wall or a
    file passed round can be matched to this record."""

    stage: str
    at: datetime
    state: Annotated[str, Field(min_length=1)]  # "decided: every result is in, ..." as printed
    provisional: bool
    awaiting: tuple[int, ...] = ()  # the tables still to report, when provisional
    formats: tuple[PublishedFormat, ...] = Field(min_length=1)
    digest: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]  # SHA-256 of the CSV text, hex
    by: PlayerName | None = None  # the desk or judge who published, when said

    @model_validator(mode="after")
    def _consistent(self) -> Publication:
        if self.awaiting and not self.provisional:
            raise ValueError("a publication with tables still to report is provisional")
        if len(set(self.formats)) != len(self.formats):
            raise ValueError("each format is named once")
        return self


class Tournament(_Frozen):
    id: Slug
    name: Annotated[str, Field(min_length=1, max_length=80)]
    profile: str
    # The board edition every table plays on (checked against the known boards when set);
    # None, as in files made before it existed: the profile's own board.
    board: EditionId | None = None
    minutes: int | None = Field(default=None, ge=1, le=600)
    sizes: tuple[int, ...] = SIZES  # the table sizes the profile seats (SG: 4 only)
    breakers: tuple[Breaker, ...] = ("wins", "best_game")
    players: tuple[Player, ...] = ()
    stages: tuple[Stage, ...]
    withdrawals: tuple[Withdrawal, ...] = ()
    check_ins: tuple[CheckIn, ...] = ()  # files made before the roll call have none: all present
    draws: tuple[Draw, ...] = ()
    games: tuple[TableGameRef, ...] = ()
    results: tuple[TableResult, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    publications: tuple[Publication, ...] = ()  # none in files and hub versions made before
    # A tournament kept in a file: its judges and their keys (on a hub, the hub's judges), and
    # when its decisions began to be signed (None: a file from before signatures).
    judges: tuple[TournamentJudge, ...] = ()
    signed_since: datetime | None = None
    undone: tuple[Undone, ...] = ()  # the desk's changes undone, each with its reason
    moves: tuple[GameMove, ...] = ()  # games moved to their table by a judge (signed)

    @model_validator(mode="after")
    def _sound(self) -> Tournament:
        if not self.stages:
            raise ValueError("a tournament needs at least one stage")
        names = [s.name.casefold() for s in self.stages]
        if len(set(names)) != len(names):
            raise ValueError("stage names must differ")
        for stage in self.stages:
            if stage.table_size not in self.sizes:
                raise ValueError(f"{stage.name}: tables of {stage.table_size}; this profile "
                                 f"seats {' or '.join(map(str, self.sizes))}")
        ids = [p.id.casefold() for p in self.players]
        if len(set(ids)) != len(ids):
            raise ValueError("player ids must differ (in more than upper and lower case)")
        return self

    # Reading ------------------------------------------------------------------------------

    def stage(self, name: str) -> Stage:
        """The stage called `name` (any case) or numbered `name` (1 = the first)."""
        if name.isdigit() and 1 <= int(name) <= len(self.stages):
            return self.stages[int(name) - 1]
        found = next((s for s in self.stages if s.name.casefold() == name.casefold()), None)
        if found is None:
            raise TournamentError(f"no stage {name!r}: the stages are "
                                  + ", ".join(s.name for s in self.stages))
        return found

    def index(self, stage: str) -> int:
        """The stage's place in the order of stages (0 = the first)."""
        return self.stages.index(self.stage(stage))

    @cached_property
    def _by_id(self) -> dict[str, Player]:
        return {p.id: p for p in self.players}

    @cached_property
    def _names(self) -> Counter[str]:
        return Counter(p.name.casefold() for p in self.players)

    @cached_property
    def _results(self) -> dict[tuple[str, int], TableResult]:
        return {(r.stage, r.table): r for r in self.results}

    def player(self, player_id: str) -> Player:
        found = self._by_id.get(player_id)
        if found is None:
            raise TournamentError(f"no player with id {player_id!r}")
        return found

    def draw(self, stage: str) -> Draw | None:
        """The stage's current draw (the latest), or None before it is drawn."""
        name = self.stage(stage).name
        return next((d for d in reversed(self.draws) if d.stage == name and not d.superseded),
                    None)

    def started(self, stage: str) -> bool:
        """A stage's round has started once any of its tables' games is recorded."""
        name = self.stage(stage).name
        return any(g.stage == name for g in self.games)

    def withdrawn_before(self, stage: str) -> set[str]:
        """Players withdrawn before `stage` or an earlier stage."""
        upto = self.index(stage)
        return {w.player for w in self.withdrawals if self.index(w.stage) <= upto}

    def seat_name(self, player_id: str) -> str:
        """The name a player has at the table: the name, with the id where names repeat."""
        player = self.player(player_id)
        if self._names[player.name.casefold()] == 1:
            return player.name
        return f"{player.name[:40 - len(player.id) - 3]} ({player.id})"

    def named(self, player_id: str) -> str:
        """A player in words with the id once: "Tan Wei Ming (SG021)" (the desk's and the
        judges' lines; `seat_name` already holds the id where names repeat)."""
        return f"{self.player(player_id).name} ({player_id})"

    def result(self, stage: str, table: int) -> TableResult | None:
        return self._results.get((self.stage(stage).name, table))


# Making one --------------------------------------------------------------------------------

def default_stages(profile: str) -> tuple[Stage, ...]:
    """SG Advancement Criteria: one qualifying game each, the top 16 by score to four
    semi-final tables of 4, each semi-final table's winner to the final table of 4, the final
    placing the top 3. PX 3.1 seats qualifying tables of 4 or 5; the books say no more, so the
    same later stages are the default (every count is a setting)."""
    return (Stage(name="Qualifying", table_size=4, advance=16, advance_by="score"),
            Stage(name="Semi-final", table_size=4, advance=1, advance_by="table"),
            Stage(name="Final", table_size=4, advance=3, advance_by="table"))


def slug_of(name: str) -> str:
    """A tournament's id from its name: lower case letters, digits and hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:64].strip("-")
    if not slug:
        raise TournamentError(f"a tournament name needs a letter or digit: {name!r}")
    return slug
