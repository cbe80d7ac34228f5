"""Undo and rewind: voided commands stay in the ledger, the state is as if they never happened."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.ledger import StoredEvent
from app.review.verify import verify_game
from app.table.command_text import parse_command
from app.table.judges import JudgeAuthError, judges_field
from app.table.service import TableGame
from models.errors import RuleViolation
from tests.app.conftest import Banker, ledger_json

UNDO = "CL rules (banker's decision)"  # the classic profile's undo clause
REWIND = "CL rules (banker's decision)"  # the classic profile's judge clause, cited by rewind
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
PIN = "864213"
# What only says where the ledger stands, not where the game stands: the game's id, the ledger's
# head, and `seq`, the count of events folded (voided events are skipped, the void is counted).
BOOKKEEPING = ("game", "head_seq", "seq")
# What a rewind does not take back: the clock (and so the time left), disputes and cash counts.
OFFICIALS = ("clock", "time_left_ms", "disputes", "checks")


@dataclass
class FakeClock:
    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def set(self, minutes: int, seconds: int = 0) -> None:
        self.now = T + timedelta(minutes=minutes, seconds=seconds)


def new_table(db: Path, profile: str, clock: FakeClock) -> TableGame:
    """A game on `db` (Ann, Bob, Cy; Ann first) with judge Lee registered and signed in."""
    game = TableGame.open(str(db), now=clock)
    do(game, type="new_game", profile=profile, players=["Ann", "Bob", "Cy"],
       roll_off=[{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2]}],
       judges=judges_field([("Lee", PIN)]))
    game.sign_in_judge("Lee", PIN)
    return game


@pytest.fixture
def classic(tmp_path: Path) -> Iterator[TableGame]:
    game = new_table(tmp_path / "table.db", "classic", FakeClock(T))
    yield game
    game.close()


def do(game: TableGame, **command: Any) -> list[StoredEvent]:
    return game.submit(parse_command(command))


def view(game: TableGame, *also: str) -> dict[str, Any]:
    """The state as the table shows it, without the ledger's bookkeeping (and `also`)."""
    return {k: v for k, v in game.state_json().items() if k not in (*BOOKKEEPING, *also)}


def voided_by(stored: list[StoredEvent]) -> list[int]:
    assert [s.type for s in stored] == ["commands_voided"]
    numbers: list[int] = stored[0].payload["commands"]
    return numbers


def command_no(game: TableGame, kind: str) -> list[int]:
    assert game.game_id is not None
    return [c.command_no for c in game.ledger.commands(game.game_id) if c.payload["type"] == kind]


def sound(game: TableGame) -> bool:
    assert game.game_id is not None
    return verify_game(game.ledger, game.game_id) == []


def refused_void(game: TableGame, clause: str, **command: Any) -> None:
    """The void is refused citing `clause`, and neither the state nor the ledger moved."""
    before, events = game.state_json(), game.events()
    with pytest.raises(RuleViolation) as info:
        do(game, **command)
    assert info.value.clause == clause
    assert game.state_json() == before
    assert game.events() == events


# Undo -----------------------------------------------------------------------------------------


def test_undo_voids_the_last_command_and_the_state_is_as_before_it(classic: TableGame) -> None:
    # Ann throws 1+2 to Baltic Avenue (3) and buys it for 60: 1500 − 60 = 1440.
    do(classic, type="roll", player="Ann", dice=[1, 2])
    offered = view(classic)
    bought = do(classic, type="buy", player="Ann")
    assert classic.state is not None and classic.state.player("Ann").cash == 1440
    # The banker's undo (docs/commands.md: "voids the last game command"): Ann has 1500 again
    # and the deed is offered to her again, exactly as before the purchase.
    assert voided_by(do(classic, type="undo")) == [bought[0].command_no]
    assert view(classic) == offered
    assert classic.state.player("Ann").cash == 1500
    # The voided entries stay in the ledger (append-only, STYLE habit 3) and the chain and the
    # fold still agree.
    assert [s.seq for s in classic.events() if s.command_no == bought[0].command_no] == [
        s.seq for s in bought]
    assert sound(classic)


def test_the_voided_entries_stay_in_the_printed_json_ledger(tmp_path: Path, banker: Banker) -> None:
    db = tmp_path / "table.db"
    game = new_table(db, "classic", FakeClock(T))
    do(game, type="roll", player="Ann", dice=[1, 2])
    bought = do(game, type="buy", player="Ann")
    do(game, type="undo")
    game.close()
    printed = ledger_json(banker, db)
    assert [e["type"] for e in printed if e["command_no"] == bought[0].command_no] == [
        "deed_bought", "turn_passed"]
    assert printed[-1]["type"] == "commands_voided"
    assert printed[-1]["payload"]["commands"] == [bought[0].command_no]
    # Each entry says whether it is voided: only the purchase's.
    assert [e["seq"] for e in printed if e["voided"]] == [s.seq for s in bought]


def test_the_same_purchase_can_be_made_again_after_it_was_undone(classic: TableGame) -> None:
    do(classic, type="roll", player="Ann", dice=[1, 2])
    do(classic, type="buy", player="Ann")
    do(classic, type="undo")
    do(classic, type="buy", player="Ann")
    assert classic.state is not None
    assert (classic.state.deeds[3].owner, classic.state.player("Ann").cash) == ("Ann", 1440)
    assert sound(classic)


def test_a_roll_can_be_undone_and_the_state_is_as_before_it(classic: TableGame) -> None:
    # SG/CL "The Banker" undo: back to and including the latest roll, no further (docs/commands.md).
    do(classic, type="roll", player="Ann", dice=[1, 2])
    do(classic, type="buy", player="Ann")
    after_buy = view(classic)
    # Bob throws 4+6 to Just Visiting; that throw itself can be undone…
    rolled = do(classic, type="roll", player="Bob", dice=[4, 6])
    assert voided_by(do(classic, type="undo")) == [rolled[0].command_no]
    assert view(classic) == after_buy
    # Bob's throw is his to make again.
    assert do(classic, type="roll", player="Bob", dice=[2, 3])[0].type == "dice_rolled"
    assert sound(classic)


def test_a_voided_roll_no_longer_blocks_undoing_what_came_before_it(classic: TableGame) -> None:
    # Issue 21: a close recorded by mistake, the next player's roll after it; the banker undoes
    # the roll, then the close. The voided roll is gone, so it blocks nothing.
    do(classic, type="roll", player="Ann", dice=[1, 2])
    after_roll = view(classic)
    bought = do(classic, type="buy", player="Ann")
    rolled = do(classic, type="roll", player="Bob", dice=[4, 6])
    assert voided_by(do(classic, type="undo")) == [rolled[0].command_no]
    assert voided_by(do(classic, type="undo")) == [bought[0].command_no]
    assert view(classic) == after_roll
    # Ann's roll is now the latest: a third undo takes it back; the new game never goes.
    assert len(voided_by(do(classic, type="undo"))) == 1
    refused_void(classic, UNDO, type="undo")
    assert sound(classic)


def test_undo_with_nothing_to_undo_is_refused(classic: TableGame) -> None:
    # The new game itself is never undone.
    refused_void(classic, UNDO, type="undo")


def test_undo_passes_over_a_dispute_raised_after_the_last_game_command(classic: TableGame) -> None:
    # docs/commands.md: undo voids the last *game* command; the dispute stays raised.
    do(classic, type="roll", player="Ann", dice=[1, 2])
    bought = do(classic, type="buy", player="Ann")
    do(classic, type="raise_dispute", raised_by="Cy", about="Ann never paid")
    assert voided_by(do(classic, type="undo")) == [bought[0].command_no]
    assert classic.state is not None
    assert [d.about for d in classic.state.disputes] == ["Ann never paid"]
    assert classic.state.deeds[3].owner is None


def test_a_dispute_may_name_the_latest_entries_after_an_undo(classic: TableGame) -> None:
    # SG Raising a Dispute: "at any time". After the new game and its judge (entries 1–2), roll
    # (3–5), buy (6–7) and the undo (8), the ledger holds entries 1 to 8; a dispute about the
    # undo names entry 8.
    do(classic, type="roll", player="Ann", dice=[1, 2])
    do(classic, type="buy", player="Ann")
    do(classic, type="undo")
    assert classic.head_seq == 8
    raised = do(classic, type="raise_dispute", raised_by="Cy", about="the undo", entries=[8])
    assert raised[0].payload["entries"] == [8]


# Rewind ---------------------------------------------------------------------------------------


def play_on(game: TableGame) -> None:
    """Bob 2+3 to Reading Railroad (5), buys it for 200; Cy 4+6 to Just Visiting; Ann 1+1 from
    Baltic to Reading: rent claim of 25 collected by Bob; Ann then throws again 4+6 to 15."""
    do(game, type="roll", player="Bob", dice=[2, 3])
    do(game, type="buy", player="Bob")
    do(game, type="roll", player="Cy", dice=[4, 6])
    do(game, type="roll", player="Ann", dice=[1, 1])
    assert game.state is not None
    do(game, type="collect_rent", claim=game.state.claims[0].claim)
    do(game, type="roll", player="Ann", dice=[4, 6])


def test_rewind_to_an_earlier_entry_reproduces_that_state_also_after_reopening(tmp_path: Path) -> None:
    # docs/commands.md rewind: "voids every game command after ledger entry to_seq".
    db = tmp_path / "table.db"
    clock = FakeClock(T)
    game = new_table(db, "classic", clock)
    do(game, type="roll", player="Ann", dice=[1, 2])
    do(game, type="buy", player="Ann")
    entry, earlier = game.head_seq, view(game)
    play_on(game)
    assert game.state is not None and game.state.player("Bob").cash == 1500 - 200 + 25
    voided = voided_by(do(game, type="rewind", to_seq=entry, reason="wrong dice entered"))
    assert voided == list(range(4, 10))  # commands 4–9: the six of play_on
    assert view(game) == earlier
    assert sound(game)
    game.close()
    reopened = TableGame.open(str(db), now=clock)
    try:
        assert view(reopened) == earlier
        # Play goes on from there: it is Bob's throw.
        assert do(reopened, type="roll", player="Bob", dice=[4, 6])[0].type == "dice_rolled"
        assert sound(reopened)
    finally:
        reopened.close()


def test_rewind_needs_a_signed_in_judge_and_records_nothing_without_one(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    game = new_table(db, "classic", FakeClock(T))
    do(game, type="roll", player="Ann", dice=[4, 6])
    game.close()
    banker_only = TableGame.open(str(db), now=FakeClock(T))
    try:
        events = banker_only.events()
        with pytest.raises(JudgeAuthError):
            do(banker_only, type="rewind", to_seq=1, reason="no judge here")
        assert banker_only.events() == events
    finally:
        banker_only.close()


def test_rewind_to_an_entry_the_ledger_lacks_is_refused(classic: TableGame) -> None:
    do(classic, type="roll", player="Ann", dice=[4, 6])
    refused_void(classic, REWIND, type="rewind", to_seq=99, reason="typo")


def test_rewind_keeps_the_clocks_the_disputes_and_the_counts_entries(tmp_path: Path) -> None:
    # docs/commands.md rewind: "the clock's, disputes' and counts' entries are kept"; RULES.md:
    # time keeps running.
    db = tmp_path / "table.db"
    clock = FakeClock(T)
    game = new_table(db, "sg-championship", clock)
    do(game, type="start_clock")
    clock.set(1)
    do(game, type="roll", player="Ann", dice=[1, 2])
    do(game, type="buy", player="Ann")  # Street 2 (brown) for 60: Ann 1440
    entry, earlier = game.head_seq, view(game, *OFFICIALS)
    clock.set(3)
    do(game, type="raise_dispute", raised_by="Cy", about="Ann's token slipped")
    clock.set(4)
    bob = do(game, type="roll", player="Bob", dice=[4, 6])
    clock.set(5)
    do(game, type="count_cash", player="Ann", counted=1400)  # 40 short of 1440
    clock.set(6)
    do(game, type="pause_clock", reason="Cy is unwell")
    clock.set(8)
    do(game, type="resume_clock")
    clock.set(9)
    fined = do(game, type="fine", player="Bob", amount=50, reason="moved Cy's token")
    # 48 − 2 paused = 46 minutes played at T+48: 14 left, the 15 is called by the tick that the
    # rewind's own submission records first.
    clock.set(48)
    voided = voided_by(do(game, type="rewind", to_seq=entry, reason="wrong dice entered"))
    assert voided == [bob[0].command_no, fined[0].command_no]
    assert game.state is not None and game.state.clock is not None
    # The game is back where it was at `entry`…
    assert view(game, *OFFICIALS) == earlier
    # …but the dispute, the count, the pause and the announcement stand.
    assert [d.about for d in game.state.disputes] == ["Ann's token slipped"]
    assert [(c.player, c.counted, c.balance) for c in game.state.checks] == [("Ann", 1400, 1440)]
    assert (game.state.clock.paused_ms, game.state.clock.announced) == (2 * 60_000, [15])
    # Time left at T+48: 60 − 46 = 14 minutes.
    assert game.state_json()["time_left_ms"] == 14 * 60_000
    assert sound(game)
    game.close()


def test_rewind_keeps_an_announcement_made_by_a_tick_that_also_skipped_a_turn(tmp_path: Path) -> None:
    # docs/commands.md rewind: the clock's entries are kept (docs/decisions.md: "time does not go
    # back"). Ann throws at T+1; Bob, to play, leaves at T+41; the tick at T+46 calls the 15
    # (46 minutes played) and skips Bob (away 5 minutes) in one entry.
    db = tmp_path / "table.db"
    clock = FakeClock(T)
    game = new_table(db, "sg-championship", clock)
    try:
        do(game, type="start_clock")
        clock.set(1)
        do(game, type="roll", player="Ann", dice=[4, 6])
        entry = game.head_seq
        clock.set(41)
        do(game, type="toilet_break", player="Bob")
        clock.set(46)
        assert [s.type for s in game.tick()] == ["announcement_made", "turn_skipped", "turn_passed"]
        clock.set(47)
        do(game, type="rewind", to_seq=entry, reason="Ann's dice were 4+5")
        assert game.state is not None and game.state.clock is not None
        assert game.state.clock.announced == [15]
        game.tick()
        assert [s.payload["minutes_left"] for s in game.events() if s.type == "announcement_made"] == [15]
    finally:
        game.close()


def test_banker_verify_exits_0_after_an_undo_and_a_rewind(tmp_path: Path, banker: Banker) -> None:
    db = tmp_path / "table.db"
    game = new_table(db, "classic", FakeClock(T))
    do(game, type="roll", player="Ann", dice=[1, 2])
    do(game, type="buy", player="Ann")
    do(game, type="undo")
    do(game, type="decline", player="Ann")
    entry = game.head_seq
    do(game, type="bid", player="Bob", amount=10)
    do(game, type="close_auction")
    do(game, type="rewind", to_seq=entry, reason="Cy wanted to bid")
    game.close()
    result = banker("verify", "--db", db)
    assert result.exit_code == 0, result.output
    assert "sound" in result.output


def test_banker_ledger_marks_the_voided_entries(tmp_path: Path, banker: Banker) -> None:
    # docs/commands.md undo: "the voided entries stay in the ledger, marked": the purchase's two
    # entries (6 and 7) carry VOID; the new game and its judge (1–2), the roll before them (3–5)
    # and the undo itself (8) do not.
    db = tmp_path / "table.db"
    game = new_table(db, "classic", FakeClock(T))
    do(game, type="roll", player="Ann", dice=[1, 2])
    bought = do(game, type="buy", player="Ann")
    do(game, type="undo")
    game.close()
    result = banker("ledger", "--db", db)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    voided = [line for line in lines if int(line.split()[0]) in {s.seq for s in bought}]
    assert [int(line.split()[0]) for line in voided] == [6, 7]
    assert all("VOID" in line for line in voided)
    assert not any("VOID" in line for line in lines if line not in voided)
