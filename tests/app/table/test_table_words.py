"""The table's words (issue 21): cards as printed, the banker's own name, voids by entry number,
and the next step of the table's phases, as the window and the judge's list read them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from app.games import folder as games
from app.review.entries import entries
from app.table import actions, phases
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.table.view_build import feed_entries, table_view
from app.table.words import recorded_words
from tests.clocks import Clock

SG = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
      "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}], "label": "words"}


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableGame]:
    """An SG game Siti started as the banker, reopened as the window opens it (Bob starts: 11)."""
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    clock = Clock()
    path = games.create_game(SG, "Siti", now=clock, folder=tmp_path)
    opened = games.open_game(path, clock)
    yield opened
    opened.close()


def send(game: TableGame, **command: object) -> list[int]:
    return [s.seq for s in game.submit(parse_command(command))]


def test_the_banker_s_entries_carry_the_name_the_game_was_started_under(game: TableGame) -> None:
    # Siti started the game; after the window reopens it, her roll is hers, not "banker".
    send(game, type="start_clock")
    send(game, type="roll", player="Bob", dice=[3, 4])
    assert {e.actor for e in feed_entries(game, last=10)} == {"banker:Siti"}
    assert {e.actor for e in entries(game)} == {"banker: Siti"}


def test_a_card_drawn_reads_as_printed_in_the_feed_and_the_judges_list(game: TableGame) -> None:
    # Bob 3+4 = 7 from GO: Chance. He draws the Chairman card: M50 to Cy, then to Ann.
    send(game, type="start_clock")
    send(game, type="roll", player="Bob", dice=[3, 4])
    drawn = send(game, type="draw_card", card="ch_chairman")
    feed = {e.seq: e.text for e in feed_entries(game, last=20)}
    assert feed[drawn[0]] == ("Bob drew “You have been elected Chairman of the Board. Pay each "
                              "player M50.”")
    assert feed[drawn[1]] == ("Bob pays Cy 50 (the Chance card “You have been elected "
                              "Chairman of the Board”)")
    judge = {e.seq: e.text for e in entries(game)}
    assert judge[drawn[0]] == feed[drawn[0]]


def test_an_undo_names_the_entries_it_voids_by_the_numbers_the_log_shows(game: TableGame) -> None:
    send(game, type="start_clock")
    rolled = send(game, type="roll", player="Bob", dice=[3, 4])
    drawn = send(game, type="draw_card", card="ch_chairman")
    # The draw recorded entries drawn[0]..drawn[-1] (the draw, two payments, the turn passing).
    undo = send(game, type="undo")
    words = f"Undo: entries {drawn[0]}–{drawn[-1]} voided (banker's undo)"
    assert rolled[-1] + 1 == drawn[0] and len(drawn) > 1
    assert feed_entries(game, last=1)[0].text == words
    assert [e.text for e in entries(game) if e.seq == undo[0]] == [words]


def test_the_clock_is_the_next_step_before_the_first_roll(game: TableGame) -> None:
    # SG: 60 minutes; the prompt names the action that starts the clock and holds the roll.
    prompt = table_view(game).prompt
    assert prompt is not None
    assert (prompt.action, prompt.holds_roll, prompt.urgent) == ("start_clock", True, False)
    assert prompt.text.startswith("Start the clock (60 minutes) before Bob's roll")
    send(game, type="start_clock")
    assert table_view(game).prompt is None


def test_a_claim_open_in_the_last_minute_is_warned_about(game: TableGame) -> None:
    # Bob 2+4 = 6 buys Street 1 (light blue, rent 6); Cy 2+4 lands on it: claim 1, open. With
    # 1:00 left the table is warned; at 1:01 it is not yet.
    assert game.table is not None and game.state is not None
    send(game, type="start_clock")
    send(game, type="roll", player="Bob", dice=[2, 4])
    send(game, type="buy", player="Bob")
    send(game, type="roll", player="Cy", dice=[2, 4])
    assert [c.claim for c in game.state.claims] == [1]
    start = game.state.clock.started_at if game.state.clock else None
    assert start is not None
    assert phases.prompt(game.table, game.state, start + timedelta(minutes=58, seconds=59)) is None
    warned = phases.prompt(game.table, game.state, start + timedelta(minutes=59))
    assert warned is not None and warned.urgent and warned.action == "collect:1"
    assert warned.text == ("Last minute: rent still open (claim 1: Cy owes Bob M6 rent for "
                           "Street 1 (light blue)). Collect it now: at time up an open claim "
                           "is lost.")


def test_the_status_line_says_the_bid_recorded_not_the_actions_label(game: TableGame) -> None:
    # Bob 2+4 = 6: Street 1 (light blue), declined; the auction opens at M1 (SG). The action
    # reads "Cy bids (at least M1)"; what was recorded reads "Cy bids 160".
    assert game.table is not None
    send(game, type="start_clock")
    send(game, type="roll", player="Bob", dice=[2, 4])
    send(game, type="decline", player="Bob")
    bid = next(a for a in actions.menu(game) if a.id == "bid:Cy")
    assert bid.label == "Cy bids (at least M1)"
    stored = game.submit(parse_command(actions.fill(bid, {"amount": "160"})))
    assert recorded_words(game.table, stored, game.timeline) == "Cy bids 160"
