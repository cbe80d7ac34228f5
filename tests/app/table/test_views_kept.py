"""The table's view and feed read no more than the latest entries, and show what reading every
entry showed: the facts the service keeps, the feed's last entries, undo's words, a long diff."""

from __future__ import annotations

from pathlib import Path
from random import Random

from app.review.diff import diff
from app.table import actions
from app.table.facts import Facts
from app.table.service import TableGame
from app.table.view_build import feed_entries, table_view, view_of
from app.table.voids import voided
from models.choices import random_command
from models.commands import Command, NewGame
from models.engine import first_accepted
from models.errors import BankerError
from tests.app.recorded_games import SetClock, line_of, play, record

SG = "sg-final-position.jsonl"


def _walked(game: TableGame) -> Facts:
    """The facts as the view found them before: every stored event walked."""
    stored = game.events()
    return Facts.of(stored, voided(stored))


def _same_as_every_event(game: TableGame) -> None:
    assert game.facts.facts == _walked(game)
    assert game.table is not None and game.state is not None
    at = game.now()
    kept = view_of(game.table, game.state, at, (), game.game_id, facts=game.facts.facts,
                   head_seq=game.head_seq)
    assert kept == view_of(game.table, game.state, at, game.events(), game.game_id)
    assert feed_entries(game, last=12) == feed_entries(game, last=12, events=game.events())


def test_the_kept_facts_match_every_event_walked_through_pauses_a_disqualification_and_an_undo(
        tmp_path: Path) -> None:
    clock = SetClock()
    db = tmp_path / "t.db"
    game = record(db, SG, clock=clock, before_line=line_of(SG, '"roll", "player": "Ben"'))
    _same_as_every_event(game)
    steps = [
        {"type": "pause_clock", "reason": "fire alarm", "at": "2026-11-21T10:00:50Z"},
        {"type": "resume_clock", "at": "2026-11-21T10:01:10Z"},
        {"type": "undo", "at": "2026-11-21T10:01:20Z"},
        {"type": "pause_clock", "reason": "a dispute", "at": "2026-11-21T10:01:30Z"},
        {"type": "disqualify", "player": "Dev", "reason": "marked dice",
         "at": "2026-11-21T10:01:40Z"},
        {"type": "resume_clock", "at": "2026-11-21T10:01:50Z"},
        {"type": "buy", "player": "Aisha", "at": "2026-11-21T10:01:55Z"},
        {"type": "roll", "player": "Ben", "dice": [3, 4], "at": "2026-11-21T10:02:00Z"},
    ]
    for step in steps:
        play(game, clock, **step)
        _same_as_every_event(game)
    view = table_view(game)
    assert view.player("Dev").disqualified and view.landed == game.state.player("Ben").position
    head = game.head_seq
    game.close()
    reopened = TableGame.open(str(db), now=clock)
    assert reopened.head_seq == head
    _same_as_every_event(reopened)
    reopened.close()


def _next(game: TableGame, rng: Random) -> Command:
    assert game.table is not None and game.state is not None
    command = first_accepted(game.table, game.state,
                             random_command(game.table, game.state, rng),
                             skip=("declare_bankruptcy",))
    assert command is not None, f"no command accepted at event {game.head_seq}"
    return command


def test_undo_words_diff_and_state_read_the_same_from_a_long_random_game(tmp_path: Path) -> None:
    game = TableGame.open(str(tmp_path / "c.db"), now=SetClock())
    game.submit(NewGame(
        type="new_game", profile="classic", players=["Ann", "Bob", "Cy", "Dee"],
        roll_off=[{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2], "Dee": [1, 3]}]))
    rng = Random(5)
    while game.head_seq < 700:
        game.submit(_next(game, rng))
        game.idle()  # the snapshots a table stores as it goes
    assert game.state is not None and game.snapshots
    # The state keeps the latest closed claims only; a diff over the whole game still says how
    # every claim open at its start closed (read from the ledger's events).
    assert len(game.state.closed_claims) <= 8 < game.state.next_claim - 1
    start = next(s.seq for s in game.events() if s.type == "rent_claim_opened")
    before = game.state_at(start)
    assert before is not None and before.claims
    said = diff(game, start, game.head_seq).other
    for claim in before.claims:
        line = next(line for line in said if line.startswith(f"claim {claim.claim} ("))
        assert not line.endswith("no longer open"), line
    # Undo's words come from the entries of the command it takes back alone.
    try:
        planned = actions.undo_plan(game)
    except BankerError:
        planned = None
    if planned is not None:
        assert planned == actions.undo_plan(game, game.events())
    _same_as_every_event(game)
    game.close()


def test_the_view_of_a_game_reads_nothing_from_the_ledger(tmp_path: Path,
                                                          monkeypatch) -> None:
    game = record(tmp_path / "t.db", SG)

    def unread(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the view read the ledger")

    monkeypatch.setattr(game.ledger, "events", unread)
    monkeypatch.setattr(game.ledger, "history", unread)
    view = table_view(game)
    assert view.head_seq == game.head_seq and view.landed is not None
