"""The table's read models: what the window shows, computed from recorded example games (no Qt)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from app.cli.main import main as cli
from app.table.view_build import entries_of, feed_entries, table_view, view_of
from app.table.voids import fold
from tests.app.recorded_games import SetClock, line_of, play, record

SG = "sg-final-position.jsonl"
PX = "propnex-game.jsonl"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def test_the_board_has_forty_spaces_and_says_its_names_are_unconfirmed(tmp_path: Path) -> None:
    # The Singapore board is provisional: every deed's name is a placeholder (name_confirmed =
    # false); GO is space 0, the Jail 10, Street 2 (dark blue) 39 at M400.
    view = table_view(record(tmp_path / "t.db", SG))
    assert len(view.spaces) == 40
    assert [s.index for s in view.spaces] == list(range(40))
    assert not view.names_confirmed
    assert view.spaces[0].kind == "go" and view.spaces[0].name_confirmed
    dark_blue = view.spaces[39]
    assert (dark_blue.name, dark_blue.set_name, dark_blue.price) == ("Street 2 (dark blue)",
                                                                     "Dark Blue", 400)
    assert not dark_blue.name_confirmed
    assert dark_blue.set_order == 7  # the eighth colour set on the board
    assert view.spaces[5].set_id == "railway" and view.spaces[12].set_id == "utility"


def test_at_the_end_of_the_sg_game_owners_buildings_and_mortgages_stand_where_recorded(
        tmp_path: Path) -> None:
    # The judge gave Aisha Street 2 (dark blue, 39) with a hotel and Ben a mortgaged MRT Station 2
    # (15); Ben built the light blues (6, 8, 9) to 3 houses each, Chloe the reds (21, 23, 24) to one.
    view = table_view(record(tmp_path / "t.db", SG))
    space = view.spaces
    assert (space[39].owner, space[39].hotel, space[39].houses) == ("Aisha", True, 0)
    assert (space[15].owner, space[15].mortgaged) == ("Ben", True)
    assert [(space[i].owner, space[i].steps) for i in (6, 8, 9)] == [("Ben", 3)] * 3
    assert [(space[i].owner, space[i].steps) for i in (21, 23, 24)] == [("Chloe", 1)] * 3
    assert space[1].owner is None and space[1].steps == 0
    # The Bank's stock: 32 houses less 9 + 3 = 20, and 12 hotels less one = 11.
    assert (view.bank_houses, view.bank_hotels) == (20, 11)


def test_players_come_in_turn_order_with_cash_sets_cards_and_the_bankruptcy(tmp_path: Path) -> None:
    # Final cash from the example's comments: Aisha 1434, Ben 1050, Chloe 740; Dev went bankrupt
    # first, to Aisha, who took his Street 1 (pink, 11): with her Street 3 (pink, 14) that is 2 of 3.
    view = table_view(record(tmp_path / "t.db", SG))
    assert [(p.seat, p.name, p.cash) for p in view.players] == [
        (1, "Aisha", 1434), (2, "Ben", 1050), (3, "Chloe", 740), (4, "Dev", 0)]
    aisha = view.player("Aisha")
    assert [(h.name, len(h.deeds), h.size, h.full) for h in aisha.holdings] == [
        ("Pink", 2, 3, False), ("Dark Blue", 2, 2, True), ("Railways", 1, 4, False)]
    assert [d.space for d in aisha.holdings[0].deeds] == [11, 14]
    assert aisha.jail_cards == ("Get Out of Jail Free (Chance)",)
    ben = view.player("Ben")
    assert [(h.name, h.full) for h in ben.holdings] == [
        ("Light Blue", True), ("Railways", False), ("Utilities", False)]
    assert ben.holdings[1].deeds[0].mortgaged
    dev = view.player("Dev")
    assert dev.bankrupt and dev.bankrupt_rank == 1 and dev.holdings == ()
    assert not dev.disqualified and not dev.absent
    # The game is over: nobody is to act.
    assert view.phase == "over" and not any(p.to_act for p in view.players)


def test_an_open_auction_shows_its_deed_and_the_high_bid(tmp_path: Path) -> None:
    # Chloe declined Street 2 (light blue, 8); the auction opened at M1 (SG) and Ben bid 90,
    # Aisha 100, Ben 110: before the close, Ben holds the high bid of 110.
    game = record(tmp_path / "t.db", SG, before_line=line_of(SG, '"close_auction"'))
    auction = table_view(game).auction
    assert auction is not None
    assert (auction.space, auction.space_name, auction.opening_bid) == (8, "Street 2 (light blue)", 1)
    assert (auction.high_bidder, auction.high_bid) == ("Ben", 110)


def test_a_rent_claim_stays_open_until_collected_and_the_landing_is_highlighted(
        tmp_path: Path) -> None:
    # Dev threw 1+2 from Street 1 (pink, 11) to Aisha's Street 3 (pink, 14): rent 12 (claim 1).
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock, before_line=line_of(SG, '"claim": 1'))
    view = table_view(game)
    assert [(c.claim, c.payer, c.owner, c.amount, c.space_name) for c in view.claims] == [
        (1, "Dev", "Aisha", 12, "Street 3 (pink)")]
    assert view.landed == 14 and view.player("Dev").position == 14
    assert view.last_dice == (1, 2)
    play(game, clock, type="collect_rent", claim=1, at="2026-11-21T10:08:30Z")
    assert table_view(game).claims == ()


def test_the_clock_shows_time_left_and_the_announcements_made(tmp_path: Path) -> None:
    # The 45-minute clock started at 10:00; the ticks at 10:30 and 10:35 called 15 and 10
    # minutes. At 10:40:01, 45:00 - 40:01 = 4:59 is left = 299,000 ms.
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock,
                  before_line=line_of(SG, '"clock_tick", "at": "2026-11-21T10:40'))
    clock.set(at("2026-11-21T10:40:01Z"))
    view = table_view(game).clock
    assert view is not None
    assert (view.minutes, view.remaining_ms, view.running) == (45, 299_000, True)
    assert view.announced == (15, 10) and view.last_announcement == 10
    assert not view.time_called


def test_time_called_leaves_no_time_and_every_announcement_made(tmp_path: Path) -> None:
    view = table_view(record(tmp_path / "t.db", SG)).clock
    assert view is not None
    assert view.time_called and view.remaining_ms == 0 and not view.running
    assert view.announced == (15, 10, 5, 1)


def test_a_paused_clock_says_why_and_a_player_on_a_break_is_away(tmp_path: Path) -> None:
    # The clock started at 10:00 and the judge paused it at 10:00:30: 44:30 = 2,670,000 ms
    # stay left however long the pause lasts.
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock, before_line=line_of(SG, '"roll"'))
    play(game, clock, type="toilet_break", player="Ben", at="2026-11-21T10:00:20Z")
    play(game, clock, type="pause_clock", reason="fire alarm", at="2026-11-21T10:00:30Z")
    clock.set(at("2026-11-21T10:20:00Z"))
    view = table_view(game)
    assert view.clock is not None
    assert view.clock.paused and view.clock.pause_reason == "fire alarm"
    assert view.clock.remaining_ms == 2_670_000 and not view.clock.running
    assert view.player("Ben").away_since == at("2026-11-21T10:00:20Z")
    assert view.player("Aisha").away_since is None


def test_a_debt_holds_up_play_and_the_debtor_is_to_act(tmp_path: Path) -> None:
    # PX: Bob threw 1+3 onto Dee's Orchard with 4 houses: 1700 rent he cannot pay, so he owes it.
    game = record(tmp_path / "t.db", PX, before_line=line_of(PX, '"sell_buildings", "player": "Bob"'))
    view = table_view(game)
    bob = view.player("Bob")
    assert [(d.creditor, d.amount) for d in bob.debts] == [("Dee", 1700)]
    assert [(d.debtor, d.creditor, d.amount) for d in view.debts] == [("Bob", "Dee", 1700)]
    assert [p.name for p in view.players if p.to_act] == ["Bob"]
    assert view.spaces[39].owner == "Dee" and view.spaces[39].houses == 4


def test_the_feed_says_each_entry_in_the_words_of_banker_ledger(tmp_path: Path) -> None:
    game = record(tmp_path / "t.db", SG)
    entries = feed_entries(game, last=6)
    printed = CliRunner().invoke(cli, ["ledger", "--db", str(tmp_path / "t.db")]).output
    assert [e.line() for e in entries] == printed.splitlines()[-6:]
    assert entries[-1].text == "Game over: time called"
    assert entries[-1].seq == game.head_seq
    assert [e.seq for e in entries] == list(range(game.head_seq - 5, game.head_seq + 1))


def test_an_undone_purchase_is_marked_voided_and_gone_from_the_board(tmp_path: Path) -> None:
    # Aisha bought MRT Station 1 (5); the banker's undo voids that command (its one entry stays).
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock,
                  before_line=line_of(SG, '"roll", "player": "Ben"'))
    assert table_view(game).spaces[5].owner == "Aisha"
    play(game, clock, type="undo", at="2026-11-21T10:00:50Z")
    view = table_view(game)
    assert view.spaces[5].owner is None and view.player("Aisha").cash == 1500
    entries = feed_entries(game, last=3)
    bought = entries[0].seq  # the undo names the two entries it voids by their numbers
    assert [(e.text, e.voided) for e in entries] == [
        ("Aisha buys MRT Station 1 for 200", True),
        ("Turn 2: Ben to play", True),
        (f"Undo: entries {bought}–{bought + 1} voided (banker's undo)", False)]


def test_any_earlier_state_can_be_viewed_from_its_events(tmp_path: Path) -> None:
    # The judge's time travel: the first 7 entries end with Aisha offered MRT Station 1 (5),
    # before she bought it: her token stands on it and nobody owns a deed.
    game = record(tmp_path / "t.db", SG)
    assert game.table is not None
    events = game.events()
    early = [e for e in events if e.seq <= 7]
    state = fold(game.table, early)
    assert state is not None
    view = view_of(game.table, state, at("2026-11-21T10:00:30Z"), early)
    assert view.head_seq == 7
    assert all(s.owner is None for s in view.spaces)
    assert view.player("Aisha").position == 5 and view.landed == 5 and view.offer == 5
    assert view.clock is not None and view.clock.remaining_ms == 45 * 60_000 - 30_000
    assert len(entries_of(game.table.board, early, last=4)) == 4
