"""A stage's roll call before its draw: who is present, absent, withdrawn or unmarked, the
standbys called in, and so the players the draw seats (the changes are in `changes`).

A stage with no mark is drawn as before the roll call existed: every entrant not withdrawn.
Once one mark is made, every entrant must be marked before the draw; the draw seats those
present and, in an absent qualifier's place, the standby called in for them. A standby is a
player who did not qualify from the stage before, next in its ranking (the same table's next
place when that stage advances by table), as a withdrawal lets the next player up today; the
first stage has none: every entered player plays one qualifying game (SG), so a late-comer is
entered and checked in."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from models.tournament.records import CheckIn, Tournament, TournamentError
from models.tournament.standings import entrants, standings


class RollCallLine(BaseModel):
    """One player of a stage's roll call (no contact detail)."""

    model_config = ConfigDict(frozen=True)

    player: str
    name: str
    status: str  # "present", "absent", "standby", "withdrawn" or "unmarked"
    replaces: str | None = None  # a standby's: the absent player whose seat they fill
    by: str | None = None
    at: str | None = None  # the mark's time, "YYYY-MM-DD HH:MM" UTC


def marks(t: Tournament, stage: str) -> dict[str, CheckIn]:
    """Each player's latest mark in the stage (a later mark overrides an earlier one)."""
    name = t.stage(stage).name
    return {c.player: c for c in t.check_ins if c.stage == name}


def standbys(t: Tournament, stage: str) -> dict[str, str]:
    """The standbys called in and standing: absent player -> the standby in their seat."""
    out = t.withdrawn_before(stage)
    return {m.replaces: m.player for m in marks(t, stage).values()
            if m.status == "standby" and m.replaces is not None and m.player not in out}


def roll_call(t: Tournament, stage: str) -> tuple[RollCallLine, ...]:
    """The stage's entrants (and those withdrawn) with their marks, each absent qualifier
    followed by the standby in their seat; raises while the stage before is undecided."""
    name = t.stage(stage).name
    base, found, called = entrants(t, name), marks(t, name), standbys(t, name)
    lines: list[RollCallLine] = []
    for player in base:
        lines.append(_line(t, player, found.get(player)))
        if found.get(player) and found[player].status == "absent" and player in called:
            lines.append(_line(t, called[player], found[called[player]]))
    # Those withdrawn before this stage's round, not every earlier stage's leavers.
    lines += [RollCallLine(player=w.player, name=t.seat_name(w.player), status="withdrawn")
              for w in t.withdrawals if w.stage == name]
    return tuple(lines)


def _line(t: Tournament, player: str, mark: CheckIn | None) -> RollCallLine:
    if mark is None:
        return RollCallLine(player=player, name=t.seat_name(player), status="unmarked")
    return RollCallLine(player=player, name=t.seat_name(player), status=mark.status,
                        replaces=mark.replaces, by=mark.by, at=f"{mark.at:%Y-%m-%d %H:%M}")


def present_entrants(t: Tournament, stage: str, *,
                     unmarked_present: bool = False) -> tuple[str, ...]:
    """Whom the stage's draw seats, in the entrants' order (a standby in the absent player's
    place): every entrant while nobody is marked; else those present, refused while any
    entrant is unmarked (a player forgotten at the desk is not left out unseen), unless
    `unmarked_present` (who a draw made before the marks still rightly seats)."""
    name = t.stage(stage).name
    base, found = entrants(t, name), marks(t, name)
    if not any(player in found for player in base):
        return base
    unmarked = [t.seat_name(p) for p in base if p not in found]
    if unmarked and not unmarked_present:
        raise TournamentError(
            f"the {name} roll call has begun: mark {', '.join(unmarked)} present or absent "
            "before the draw")
    called = standbys(t, name)
    seated: list[str] = []
    for player in base:
        if player not in found or found[player].status == "present":
            seated.append(player)
        elif player in called:
            seated.append(called[player])
    return tuple(seated)


def next_in_line(t: Tournament, stage: str, absent: str) -> tuple[str, ...]:
    """The standbys who may fill `absent`'s seat: the best-ranked of those who did not qualify
    from the stage before (at `absent`'s table when it advanced by table), neither withdrawn,
    nor marked absent in this stage, nor already called in (a tie: any of them)."""
    name = t.stage(stage).name
    index = t.index(name)
    if index == 0:
        raise TournamentError(
            f"the {name} has no standbys: every entered player plays one qualifying game "
            "(SG); enter a late-comer and check them in")
    before = standings(t, t.stages[index - 1].name)
    going = set(entrants(t, name))
    found = marks(t, name)
    table = next((r.table for r in before.rows if r.player == absent), None)
    by_table = t.stages[index - 1].advance_by == "table"
    out = t.withdrawn_before(name)
    rows = [r for r in before.rows if r.position is not None and r.player not in going
            and r.player not in out and r.player not in found
            and (not by_table or r.table == table)]
    if not rows:
        return ()
    best = min(r.position or 0 for r in rows)
    return tuple(r.player for r in rows if r.position == best)
