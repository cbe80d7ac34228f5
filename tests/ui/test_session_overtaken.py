"""The banker's window overtaken by another program on its file (the judge's window, a script):
its command is refused with nothing of it recorded, and the window follows the other program's
entries from its head (TableGame.follow), leaving its game as the file opened afresh has it."""

from __future__ import annotations

from pathlib import Path
from random import Random

from app.table.service import TableGame
from benchmarks.games import SteppingClock, next_command, open_game
from ui.table.session import TableSession


def test_a_command_sent_on_a_stale_view_is_refused_and_the_other_entries_followed(
        tmp_path: Path, qtbot) -> None:
    # The banker's window and another program hold the same game; the other records three
    # commands; the banker's next command (worked out on the window's view, `expect_seq` its
    # head) is refused, nothing of it recorded; the window then holds the other's entries.
    db = str(tmp_path / "t.db")
    game = open_game(db)
    rng = Random(2)
    for _ in range(6):
        game.submit(next_command(game, rng))
    session = TableSession(game, tick_ms=None, hall_ms=None, file_ms=None)
    other = TableGame.open(db, create=False)
    assert other.last_at is not None
    other.now = SteppingClock(other.last_at)
    command = next_command(game, Random(9)).model_dump(mode="json", exclude_none=True)
    for _ in range(3):
        other.submit(next_command(other, rng))
    head = other.head_seq
    with qtbot.wait_signal(session.refused) as said:
        assert session.send({**command, "expect_seq": game.head_seq}) is False
    assert "the window now shows the ledger as it stands" in said.args[0]
    fresh = TableGame.open(db, readonly=True)
    assert fresh.head_seq == head == session.game.head_seq
    assert session.game.head_hash == fresh.head_hash
    assert session.game.state_json() == fresh.state_json()
    assert [m.number for m in session.game.timeline.marks] == [
        m.number for m in fresh.timeline.marks]
    fresh.close()
    other.close()
    session.close()
