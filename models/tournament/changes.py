"""A tournament's changes: every one returns a new `Tournament` or raises `TournamentError` and
changes nothing (players, withdrawals, draws, the tables' games, results, tie rulings)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from models.tournament.checkin import marks, next_in_line, present_entrants, standbys
from models.tournament.records import (
    SIGN_UP_SEEDS,
    CheckIn,
    CheckInStatus,
    Draw,
    DrawnTable,
    DrawOptions,
    Player,
    PlayerResult,
    Ruling,
    Stage,
    TableGameRef,
    TableResult,
    Tournament,
    TournamentError,
    Withdrawal,
    default_stages,
    slug_of,
)
from models.tournament.rulings import same_tie, standing_ruling, tie_of
from models.tournament.seating import SIZES, SeatingError, seat, table_sizes
from models.tournament.standings import entrants, standings


def new_tournament(name: str, profile: str, sizes: tuple[int, ...], *,
                   stages: tuple[Stage, ...] | None = None, minutes: int | None = None,
                   tid: str | None = None) -> Tournament:
    """A tournament with no players yet; `sizes` are the table sizes of 4 and 5 the profile
    seats (its players_min to players_max)."""
    sizes = tuple(s for s in SIZES if s in sizes)
    if not sizes:
        raise TournamentError(f"the profile {profile} seats neither 4 nor 5 players at a table")
    chosen = stages or tuple(s.model_copy(update={"table_size": sizes[0]})
                             for s in default_stages(profile))
    return _valid(dict(id=tid or slug_of(name), name=name, profile=profile, minutes=minutes,
                       sizes=sizes, stages=chosen))


def _valid(data: dict[str, Any]) -> Tournament:
    try:
        return Tournament.model_validate(data)
    except ValueError as e:  # pydantic's ValidationError is a ValueError
        raise TournamentError(_plain(e)) from e


def _plain(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if errors is None:
        return str(error)
    return "; ".join(f"{'.'.join(map(str, x['loc'])) or 'tournament'}: {x['msg']}"
                     for x in errors())


def _changed(t: Tournament, **update: Any) -> Tournament:
    return _valid(t.model_dump() | {k: [_dump(v) for v in value] if isinstance(value, tuple)
                                    else value for k, value in update.items()})


def _dump(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


# Players -----------------------------------------------------------------------------------

def add_players(t: Tournament, players: list[Player], at: datetime) -> Tournament:
    """Enter players. Before the first round starts only; a draw already made is superseded
    (drawn again with the newcomers)."""
    first = t.stages[0].name
    if t.started(first):
        raise TournamentError(f"the {first} round has started: no more entries")
    # Ids are typed by judges at a desk ("withdraw p7"): two that differ only in case are one
    # badge typed twice, not two players.
    taken = {p.id.casefold(): p for p in t.players}
    for player in players:
        holder = taken.get(player.id.casefold())
        if holder is not None:
            raise TournamentError(f"player id {player.id!r} is taken (by {holder.name}, "
                                  f"id {holder.id!r}); ids differ in more than case")
        taken[player.id.casefold()] = player
    why = f"{', '.join(p.name for p in players)} entered at {at:%Y-%m-%d %H:%M}"
    changed = _changed(t, players=t.players + tuple(players), draws=_without_draw(t, first, why))
    _seat_names_differ(changed)
    return changed


def _seat_names_differ(t: Tournament) -> None:
    """Refuse two players who would have the same name at a table: a name repeated is told
    apart by its id ("Tan Wei (A1)"), which another player may have typed as a name."""
    seen: dict[str, str] = {}
    for player in t.players:
        shown = t.seat_name(player.id).casefold()
        if shown in seen:
            raise TournamentError(
                f"{player.name!r} ({player.id}) would sit as {t.seat_name(player.id)!r}, as "
                f"{t.player(seen[shown]).name!r} ({seen[shown]}) does: enter one of them "
                "with another name")
        seen[shown] = player.id


def withdraw(t: Tournament, player_id: str, reason: str, at: datetime) -> Tournament:
    """A late withdrawal or a no-show, before the round of the stage the player is next in
    starts; that stage's draw (if made) is superseded and must be drawn again. A player who
    does not turn up once the game has started follows the officials' rules at the table."""
    t.player(player_id)
    stage = next_stage(t, player_id)
    if stage is None:
        raise TournamentError(f"{t.player(player_id).name} is in no stage still to play")
    if t.started(stage.name):
        raise TournamentError(
            f"the {stage.name} round has started: a player missing at the start of the game "
            "is ruled at the table (RULES.md Table officials: declared bankrupt)")
    entry = Withdrawal(player=player_id, stage=stage.name, reason=reason, at=at)
    why = f"{t.player(player_id).name} withdrew at {at:%Y-%m-%d %H:%M}: {reason}"
    return _changed(t, withdrawals=(*t.withdrawals, entry),
                    draws=_without_draw(t, stage.name, why))


def next_stage(t: Tournament, player_id: str) -> Stage | None:
    """The first stage whose round has not started that the player may still play in."""

    if player_id in t.withdrawn_before(t.stages[-1].name):
        return None
    for index, stage in enumerate(t.stages):
        if t.started(stage.name):
            continue
        if index == 0:
            return stage
        try:
            # A standby called in plays the stage too, and may withdraw from it.
            called = standbys(t, stage.name).values()
            return stage if player_id in entrants(t, stage.name) or player_id in called \
                else None
        except TournamentError:
            return stage  # the stage before is still being decided: the player may reach it
    return None


def _without_draw(t: Tournament, stage: str, why: str) -> tuple[Draw, ...]:
    # A superseded draw stays in the record with its seed and the reason: a draw is only ever
    # replaced by a fresh one (a new seed), never edited.
    return tuple(d.model_copy(update={"superseded": why})
                 if d.stage == stage and not d.superseded else d for d in t.draws)


# Draws, games, results, rulings ------------------------------------------------------------

def draw(t: Tournament, stage: str, seed: int, at: datetime,
         options: DrawOptions | None = None) -> Tournament:
    """Seat the stage's entrants from `seed` (recorded, so anyone can repeat it) with the
    `options` (default: at random; see DrawOptions and seating.seat), recorded with the draw;
    later stages draw within the qualified. Refused once the round has started, and a snake
    draw of the first stage (no ranking yet) or a group naming an unknown player."""

    chosen = t.stage(stage)
    if t.started(chosen.name):
        raise TournamentError(f"the {chosen.name} round has started: its draw stands")
    players = present_entrants(t, chosen.name)  # every entrant until a roll call begins
    if t.index(chosen.name) > 0:  # a count that cannot sit never offers to enter more
        try:
            table_sizes(len(players), chosen.table_size, t.sizes, entering=False)
        except SeatingError as e:
            raise TournamentError(f"the {chosen.name}: {e}") from e
    opts = options or DrawOptions()
    ranked_by = _ranked_by(t, chosen.name, opts)
    if ranked_by == SIGN_UP_SEEDS:  # the best seed first; those without one after, as entered
        entered = {p.id: (p.seed is None, p.seed or 0, n) for n, p in enumerate(t.players)}
        players = tuple(sorted(players, key=entered.__getitem__))
    try:
        seated = seat(players, seed, method=opts.method, preferred=chosen.table_size,
                      allowed=t.sizes, apart=[[t.player(p).id for p in g] for g in opts.apart],
                      met=_earlier_tables(t, chosen.name) if opts.avoid_rematches else ())
    except SeatingError as e:
        raise TournamentError(f"the {chosen.name}: {e}") from e
    made = Draw(stage=chosen.name, seed=seed, entrants=players, at=at, options=opts,
                ranked_by=ranked_by, rematches=seated.rematches, together=seated.together,
                fewest=seated.fewest, tables=tuple(
                    DrawnTable(number=n, players=p) for n, p in enumerate(seated.tables, 1)))
    why = f"drawn again at {at:%Y-%m-%d %H:%M}"
    return _changed(t, draws=(*_without_draw(t, chosen.name, why), made))


def _ranked_by(t: Tournament, stage: str, options: DrawOptions) -> str | None:
    """The stage whose ranking seeds a snake draw: the one before (its advancing order)."""
    if options.method != "snake":
        return None
    index = t.index(stage)
    if index == 0:
        if any(p.seed is not None for p in t.players):
            return SIGN_UP_SEEDS
        raise TournamentError(f"the {stage} is the first stage: there is no ranking to seed a "
                              "snake draw by and no player has a seed from the sign-up sheet "
                              "(a seed or rating column); draw it at random")
    return t.stages[index - 1].name


def _earlier_tables(t: Tournament, stage: str) -> list[tuple[str, ...]]:
    """Who has met: the tables of every earlier stage's draw that was played."""
    return [table.players for s in t.stages[:t.index(stage)]
            if (made := t.draw(s.name)) is not None for table in made.tables]


def drawn_table(t: Tournament, stage: str, table: int) -> DrawnTable:
    """A table of the stage's current draw."""
    made = t.draw(stage)
    if made is None:
        raise TournamentError(f"the {t.stage(stage).name} is not drawn yet")
    found = next((x for x in made.tables if x.number == table), None)
    if found is None:
        raise TournamentError(f"the {made.stage} has tables 1 to {len(made.tables)}, not {table}")
    return found


def attach_game(t: Tournament, stage: str, table: int, source: str,
                game_id: str | None = None) -> Tournament:
    """Record where a table's game is played; the stage's round has then started."""
    name = t.stage(stage).name
    drawn_table(t, name, table)
    if any(g.stage == name and g.table == table for g in t.games):
        raise TournamentError(f"{name} table {table} already has its game")
    # One game is one table's: a second table holding it would count its players twice.
    twice = next((g for g in t.games if g.source == source
                  or (game_id is not None and g.game_id == game_id)), None)
    if twice is not None:
        raise TournamentError(f"that game ({game_id or source}) is already {twice.stage} table "
                              f"{twice.table}'s; each table plays its own game")
    ref = TableGameRef(stage=name, table=table, source=source, game_id=game_id)
    return _changed(t, games=(*t.games, ref))


def record_result(t: Tournament, stage: str, table: int, sheet: dict[str, Any]) -> Tournament:
    """A table's result from its collected scoresheet (the dict app.scoresheet makes), checked
    against the draw: the sheet must be collected and carry exactly the table's players."""
    return record_results(t, stage, {table: sheet})


def record_results(t: Tournament, stage: str, sheets: dict[int, dict[str, Any]]) -> Tournament:
    """Several tables' results at once (see record_result); all or nothing."""
    name = t.stage(stage).name
    found = {table: _table_result(t, name, table, sheet) for table, sheet in sheets.items()}
    kept = tuple(r for r in t.results if r.stage != name or r.table not in found)
    return _changed(t, results=kept + tuple(found.values()))


def _table_result(t: Tournament, name: str, table: int, sheet: dict[str, Any]) -> TableResult:
    seated = {t.seat_name(p): p for p in drawn_table(t, name, table).players}
    footer, lines = sheet.get("footer", {}), sheet.get("players", [])
    if not footer.get("collected"):
        raise TournamentError(f"{name} table {table}: the scoresheet is not collected yet "
                              "(the game must be over and its sheet collected)")
    names = {line["name"] for line in lines}
    if names != set(seated):
        raise TournamentError(f"{name} table {table}: the sheet's players "
                              f"({', '.join(sorted(names))}) are not the table's "
                              f"({', '.join(sorted(seated))})")
    # A sheet made before it named its tie-breakers or the time lasted records neither.
    breakers = tuple(sheet.get("header", {}).get("tie_breakers") or ())
    return TableResult(stage=name, table=table, head=str(footer.get("head")), players=tuple(
        PlayerResult(player=seated[x["name"]], score=int(x["total"]), place=int(x["position"]),
                     tied=bool(x["tied"]), bankrupt=bool(x["bankrupt"]),
                     decided_by=x.get("decided_by"),
                     tie_breaks=tuple(int((x.get("tie_breaks") or {}).get(b, 0))
                                      for b in breakers),
                     lasted_ms=x.get("lasted_ms")) for x in lines), tie_breakers=breakers)


def rule_tie(t: Tournament, stage: str, order: list[str], judge: str, reason: str,
             at: datetime, supersede: bool = False) -> Tournament:
    """The head judge's ruling on a tie shown in the standings: `order` is the tied players
    in the order decided (those first advance): every one of them, or only as many as the
    seats the line falls inside (`Tie.seats`); the others stay level below the line.

    With `supersede`, a tie already ruled is ruled again: the new ruling replaces the one that
    stands (it names its time), which stays on record; without it, a ruled tie is refused."""
    name = t.stage(stage).name
    replaced = standing_ruling(t, name, order) if supersede else None
    if supersede and replaced is None:
        raise TournamentError(f"no ruling in the {name} covers {', '.join(order)}: there is "
                              "nothing to supersede (rule the open tie instead)")
    basis = t if replaced is None else _changed(t, rulings=tuple(
        r for r in t.rulings if not same_tie(r, replaced)))
    open_ties = standings(basis, name).ties
    tie = next((x for x in open_ties if set(order) <= set(x.players)), None)
    if tie is None or len(order) != len(set(order)):
        shown = "; ".join(", ".join(x.players) for x in open_ties) or "none"
        ruled = [r for r in t.rulings if r.stage == name and set(order) <= tie_of(r)]
        hint = (f"; it was ruled by {ruled[-1].judge} at {ruled[-1].at:%H:%M}: supersede "
                "that ruling with a reason to rule it again") if ruled and not supersede else ""
        raise TournamentError(f"no open tie of exactly {', '.join(order)} nor one holding "
                              f"them in the {name} (open ties: {shown}){hint}")
    whole = set(order) == set(tie.players)
    if not whole and len(order) != tie.seats:
        raise TournamentError(
            f"the tie at positions {tie.positions[0]}-{tie.positions[1]} of the {name} has "
            f"{tie.seats} seat{'s' * (tie.seats != 1)} to settle: name {tie.seats} of its "
            f"{len(tie.players)} players in the order decided (or every one of them), "
            f"not {len(order)}")
    ruling = Ruling(stage=name, table=tie.table, order=tuple(order),
                    tied=() if whole else tie.players, judge=judge, reason=reason, at=at,
                    supersedes=None if replaced is None else replaced.at)
    return _changed(t, rulings=(*t.rulings, ruling))


# The roll call before a draw (see models.tournament.checkin) -------------------------------

def check_in(t: Tournament, stage: str, players: list[str], by: str,
             at: datetime) -> Tournament:
    """Mark the stage's entrants present (`by`: who at the desk); a draw already made is
    superseded only if it did not seat them."""
    return _roll_call(t, stage, [(p, "present", None) for p in players], by, at, "checked in")


def mark_absent(t: Tournament, stage: str, players: list[str], by: str,
                at: datetime) -> Tournament:
    """Mark the stage's entrants (or a standby called in) absent from its round, for this stage
    only (a withdrawal is for good). After the draw it supersedes the draw, as a withdrawal
    does; once the round has started the table rules (declared bankrupt)."""
    return _roll_call(t, stage, [(p, "absent", None) for p in players], by, at,
                      "marked absent")


def call_standby(t: Tournament, stage: str, absent: str, by: str, at: datetime,
                 standby: str | None = None) -> Tournament:
    """Call in a standby to fill the seat of `absent` (a qualifier marked absent): `standby`
    must be next in line (checkin.next_in_line); None: the first next in line."""
    name = t.stage(stage).name
    t.player(absent)
    found = marks(t, name)
    if absent not in entrants(t, name) or found.get(absent) is None \
            or found[absent].status != "absent":
        raise TournamentError(f"{t.seat_name(absent)} is not marked absent from the {name}: "
                              "a standby fills only an absent qualifier's seat")
    taken = standbys(t, name).get(absent)
    if taken is not None:
        raise TournamentError(f"{t.seat_name(taken)} already fills {t.seat_name(absent)}'s "
                              f"seat in the {name}")
    line = next_in_line(t, name, absent)
    if not line:
        raise TournamentError(f"no standby is left for {t.seat_name(absent)}'s seat in the "
                              f"{name}")
    chosen = line[0] if standby is None else standby
    if chosen not in line:
        t.player(chosen)
        raise TournamentError(
            f"{t.seat_name(chosen)} is not next in line for {t.seat_name(absent)}'s seat: "
            f"{' or '.join(t.seat_name(p) for p in line)} (the {t.stages[t.index(name) - 1].name} "
            "ranking; mark one absent to pass them over)")
    return _roll_call(t, name, [(chosen, "standby", absent)], by, at,
                      f"called in for {t.seat_name(absent)}")


def _roll_call(t: Tournament, stage: str,
               entries: list[tuple[str, CheckInStatus, str | None]], by: str,
               at: datetime, done: str) -> Tournament:
    name = t.stage(stage).name
    if t.started(name):
        raise TournamentError(
            f"the {name} round has started: a player missing at the start of the game is "
            "ruled at the table (RULES.md Table officials: declared bankrupt)")
    base, gone = entrants(t, name), t.withdrawn_before(name)
    called = set(standbys(t, name).values())
    for player, status, _ in entries:
        t.player(player)
        if player in gone:
            raise TournamentError(f"{t.named(player)} is withdrawn from the {name}")
        if status == "present" and player not in base and player not in called:
            raise TournamentError(
                f"{t.named(player)} is not an entrant of the {name}: only its entrants are "
                "checked in; a standby takes an absent player's seat when a judge calls them "
                "in (tournament standby)")
        if status == "absent" and player not in base and player not in called:
            raise TournamentError(f"{t.named(player)} is not an entrant of the {name}, nor a "
                                  "standby called in: there is no seat to mark absent")
    # A present mark for a standby called in confirms the call, which stands as it was: a mark
    # of its own would end the call and leave the seat empty (issue 29).
    made = tuple(CheckIn(player=p, stage=name, status=status, by=by, at=at, replaces=replaces)
                 for p, status, replaces in entries
                 if not (status == "present" and p in called))
    changed = _changed(t, check_ins=t.check_ins + made)
    drawn = t.draw(name)
    if drawn is not None and set(present_entrants(changed, name, unmarked_present=True)) \
            != set(drawn.entrants):
        why = (f"{', '.join(t.seat_name(p) for p, _, _ in entries)} {done} at "
               f"{at:%Y-%m-%d %H:%M} by {by}")
        changed = _changed(changed, draws=_without_draw(changed, name, why))
    return changed
