"""The table's officials: breaks, absences, disputes, fines, disqualification, cash counts, the lock."""

from __future__ import annotations

from datetime import datetime, timedelta

from models import events as ev
from models.bankruptcy import go_bankrupt
from models.commands import (
    CollectScoresheet,
    CountCash,
    DeclareAbsent,
    Disqualify,
    Fine,
    PlayerReturned,
    RaiseDispute,
    RuleDispute,
    SettleCount,
    ToiletBreak,
    Unlock,
)
from models.errors import BadInput
from models.events import BANK
from models.state import GameState
from models.table import Scratch
from models.turn import away_too_long, pass_turn, pay


def break_limit(t: Scratch) -> timedelta:
    return timedelta(minutes=t.profile.break_minutes)


def paused_by_break(t: Scratch, now: datetime | None) -> str | None:
    """The player whose break still pauses play at `now`, if any."""
    if now is None:
        return None
    for name, since in t.state.breaks.items():
        if now - since < break_limit(t):
            return name
    return None


def skip_if_away(t: Scratch) -> None:
    """At a tick: if the player to throw is away past the limit, skip them."""
    s = t.state
    if s.phase == "roll" and not s.rolled and away_too_long(t, s.current):
        pass_turn(t, skip_first=True)


def toilet_break(t: Scratch, cmd: ToiletBreak) -> None:
    """The player leaves the table; play pauses for at most the profile's minutes."""
    player = t.player(cmd.player)
    if player.bankrupt:
        t.refuse("toilet_break", f"{cmd.player} is out of the game")
    if cmd.player in t.state.breaks:
        t.refuse("toilet_break", f"{cmd.player} is already away")
    t.emit(ev.BreakStarted(player=cmd.player, at=t.wall_time()))


def player_returned(t: Scratch, cmd: PlayerReturned) -> None:
    """The player is back: their turns are no longer skipped."""
    t.player(cmd.player)
    if cmd.player not in t.state.breaks:
        t.refuse("toilet_break", f"{cmd.player} is not away")
    t.emit(ev.BreakEnded(player=cmd.player, at=t.wall_time()))


def declare_absent(t: Scratch, cmd: DeclareAbsent) -> None:
    """A player missing at the start is bankrupt; their token stays inactive."""
    s = t.state
    player = t.player(cmd.player)
    if player.bankrupt:
        t.refuse("absent", f"{cmd.player} is already out of the game")
    if s.turn_no != 1 or s.rolled or _started(s):
        t.refuse("absent", "a player is declared absent at the start, before the first throw")
    t.emit(ev.PlayerAbsent(player=cmd.player))
    go_bankrupt(t, cmd.player, BANK)


def _started(s: GameState) -> bool:
    return any(d.owner is not None for d in s.deeds.values())


def raise_dispute(t: Scratch, cmd: RaiseDispute) -> None:
    """Anyone may raise a dispute at any time until the scoresheet is collected; time runs on."""
    known = [p.name for p in t.state.players]
    if cmd.raised_by not in known and cmd.raised_by.lower() not in ("banker", "judge"):
        raise BadInput(f"{cmd.raised_by!r} is neither a player at this table nor an official")
    if any(e < 1 for e in cmd.entries):
        raise BadInput("ledger entries are numbered from 1")
    number = len(t.state.disputes) + 1
    t.emit(ev.DisputeRaised(dispute=number, raised_by=cmd.raised_by, about=cmd.about,
                            entries=sorted(set(cmd.entries))))


def rule_dispute(t: Scratch, cmd: RuleDispute) -> None:
    """The judge's ruling, final; corrections are adjustments that name the dispute."""
    dispute = next((d for d in t.state.disputes if d.dispute == cmd.dispute), None)
    if dispute is None:
        t.refuse("dispute", f"there is no dispute {cmd.dispute}")
    if dispute.ruling is not None:
        t.refuse("dispute", f"dispute {cmd.dispute} is already ruled on")
    t.emit(ev.DisputeRuled(dispute=cmd.dispute, ruling=cmd.ruling))


def fine(t: Scratch, cmd: Fine) -> None:
    """A fine to the Bank; a player short of cash owes it as a debt."""
    if t.player(cmd.player).bankrupt:
        t.refuse("fine", f"{cmd.player} is out of the game")
    if cmd.amount < 1:
        t.refuse("fine", f"a fine is at least M1, not M{cmd.amount}")
    if cmd.dispute is not None and not any(d.dispute == cmd.dispute for d in t.state.disputes):
        t.refuse("dispute", f"there is no dispute {cmd.dispute}")
    pay(t, cmd.player, BANK, cmd.amount, f"fine: {cmd.reason}",
        lambda: ev.FineImposed(payer=cmd.player, payee=BANK, amount=cmd.amount, reason=cmd.reason))


def disqualify(t: Scratch, cmd: Disqualify) -> None:
    """Cheating disqualifies: the player's assets go to the Bank as for a bankruptcy to the Bank."""
    if t.player(cmd.player).bankrupt:
        t.refuse("disqualify", f"{cmd.player} is already out of the game")
    if t.state.phase in ("auction", "proposal", "sale_decision"):
        t.refuse("disqualify", "finish the auction under way first")
    t.emit(ev.PlayerDisqualified(player=cmd.player, reason=cmd.reason))
    go_bankrupt(t, cmd.player, BANK)


def count_cash(t: Scratch, cmd: CountCash) -> None:
    """Compare a count of the player's notes with the ledger's balance; a difference stays open."""
    player = t.player(cmd.player)
    t.emit(ev.CashCounted(check=len(t.state.checks) + 1, player=cmd.player, counted=cmd.counted,
                          balance=player.cash))


def settle_count(t: Scratch, cmd: SettleCount) -> None:
    """The judge's finding on a count that differed."""
    check = next((c for c in t.state.checks if c.check == cmd.check), None)
    if check is None:
        t.refuse("cash_count", f"there is no cash count {cmd.check}")
    if check.difference == 0 or check.finding is not None:
        t.refuse("cash_count", f"cash count {cmd.check} is not open")
    t.emit(ev.CountSettled(check=cmd.check, finding=cmd.finding, reason=cmd.reason))


def collect_scoresheet(t: Scratch, cmd: CollectScoresheet) -> None:
    """The signed scoresheet is collected: no dispute or correction after this."""
    if t.state.phase != "over":
        t.refuse("locked", "the scoresheet is collected once the game is over")
    t.emit(ev.ScoresheetCollected(at=t.wall_time()))


def unlock(t: Scratch, cmd: Unlock) -> None:
    """The judge reopens a locked game."""
    if not t.state.locked:
        t.refuse("locked", "the game is not locked")
    t.emit(ev.GameUnlocked(reason=cmd.reason))
