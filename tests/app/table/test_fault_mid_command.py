"""A fault no handler expects, in the middle of recording, leaves the ledger and the table whole."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.ledger import appending
from app.review.verify import verify_game
from app.table import service as tables
from app.table.command_text import parse_command
from app.table.service import TableGame
from models.engine import legal_commands
from tests.clocks import Clock

SG_START = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
            "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}]}


class Boom(Exception):
    """A fault no handler in the app expects (a bug, a failing library, a signal)."""


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[TableGame, Clock]]:
    clock = Clock()
    opened = TableGame.open(str(tmp_path / "t.db"), now=clock)
    opened.submit(parse_command(SG_START))
    opened.submit(parse_command({"type": "start_clock"}))
    opened.submit(parse_command({"type": "roll", "player": "Bob", "dice": [1, 2]}))
    yield opened, clock
    opened.close()


def whole(game: TableGame) -> tuple[list[tuple[int, str, str]], dict[str, object]]:
    """The ledger's rows and the state a fresh reading of the file folds: what must not change."""
    again = TableGame.open(game.ledger.location, readonly=True)
    try:
        assert again.state is not None
        rows = [(s.seq, s.type, s.hash) for s in again.events()]
        return rows, again.state.model_dump()
    finally:
        again.close()


def fault_after_writing(monkeypatch: pytest.MonkeyPatch) -> None:
    real = appending.insert

    def fails(connection: object, batch: appending.Batch) -> None:
        real(connection, batch)  # type: ignore[arg-type]
        raise Boom("between the rows and the commit")

    monkeypatch.setattr(appending, "insert", fails)


def _play(game: TableGame) -> object:
    assert game.table is not None and game.state is not None
    return game.submit(legal_commands(game.table, game.state)[0])


def _undo(game: TableGame) -> object:
    return game.submit(parse_command({"type": "undo"}))


@pytest.mark.parametrize("act", [_play, _undo], ids=["a command", "an undo"])
def test_a_fault_inside_the_write_transaction_records_nothing_and_folds_back(
        game: tuple[TableGame, Clock], monkeypatch: pytest.MonkeyPatch,
        act: Callable[[TableGame], object]) -> None:
    table, _ = game
    before = whole(table)
    fault_after_writing(monkeypatch)
    with pytest.raises(Boom):
        act(table)
    monkeypatch.undo()
    assert whole(table) == before
    assert table.state is not None and table.state.model_dump() == before[1]
    assert table.head_seq == before[0][-1][0]
    act(table)  # the same, once nothing faults, records whole
    assert verify_game(table.ledger, table.game_id or "") == []


def test_a_fault_recording_the_clocks_announcement_records_nothing(
        game: tuple[TableGame, Clock], monkeypatch: pytest.MonkeyPatch) -> None:
    table, clock = game
    before = whole(table)
    clock.advance(minutes=46)  # the 15-minute announcement is due (SG: a 60-minute game)
    fault_after_writing(monkeypatch)
    with pytest.raises(Boom):
        table.tick()
    monkeypatch.undo()
    assert whole(table) == before
    assert table.state is not None and table.state.model_dump() == before[1]
    assert [s.type for s in table.tick()] == ["announcement_made"]


def test_a_fault_folding_in_what_was_recorded_leaves_the_table_as_the_ledger_holds_it(
        game: tuple[TableGame, Clock], monkeypatch: pytest.MonkeyPatch) -> None:
    # The entry is recorded; the table's own state must then be the ledger's, not a half fold.
    table, clock = game
    clock.advance(minutes=46)

    def fails(state: object, event: object) -> None:
        raise Boom("folding the announcement in")

    monkeypatch.setattr(tables, "apply", fails)
    with pytest.raises(Boom):
        table.tick()
    monkeypatch.undo()
    after = whole(table)
    assert after[0][-1][1] == "announcement_made"
    assert table.state is not None and table.state.model_dump() == after[1]
    assert table.head_seq == after[0][-1][0]
    _play(table)
    assert verify_game(table.ledger, table.game_id or "") == []
