"""The judge's entries followed from the last one shown (review.rows_since, entries_after,
disputes_touched): after any stretch of the banker's play, undos, disputes and a judge's rewinds,
they equal the entries and disputes of the file read afresh."""

from __future__ import annotations

from pathlib import Path
from random import Random

from app.review import service as review
from app.table.service import TableGame
from benchmarks.games import next_command, open_game
from models.commands import Fine, RaiseDispute, Rewind, Undo


def live(tmp_path: Path, seed: int, commands: int) -> tuple[str, TableGame, TableGame, Random]:
    """A game's file with `commands` of random play recorded by its writer (the banker's
    window, judge Lee signed in), and a reader on it (the judge's window)."""
    db = str(tmp_path / "live.db")
    writer = open_game(db)
    rng = Random(seed)
    for _ in range(commands):
        writer.submit(next_command(writer, rng))
    return db, writer, TableGame.open(db, readonly=True), rng


def test_entries_followed_equal_the_file_read_afresh(tmp_path: Path) -> None:
    # The writer (the banker's window, judge Lee signed in) plays in stretches of 1 to 25
    # commands, each stretch ended by an undo, a dispute raised, a fine correcting it (the
    # next stretch starting with its undo: a correction voided by an entry that names no
    # dispute), or a rewind naming it. The reader (the judge's window) follows each stretch
    # from its last entry.
    db, writer, reader, rng = live(tmp_path, 6, 4)
    entries, disputes = review.entries(reader), review.disputes(reader)
    for stretch in range(30):
        kind = stretch % 5
        if kind == 3:  # the fine just recorded taken back: a correction voided, nothing named
            writer.submit(Undo(type="undo"))
            followed_fine = disputes[-1].corrections if disputes else ()
        for _ in range(rng.randint(1, 25)):
            writer.submit(next_command(writer, rng))
        if kind == 0:
            writer.submit(Undo(type="undo"))
        elif kind == 1:
            writer.submit(RaiseDispute(type="raise_dispute", raised_by="P1", about="a rent",
                                       entries=[writer.head_seq]))
        elif kind == 2 and writer.state is not None and writer.state.disputes:
            writer.submit(Fine(type="fine", player="P2", amount=10, reason="slow",
                               dispute=writer.state.disputes[-1].dispute))
        elif kind == 4 and writer.state is not None and writer.state.disputes:
            back = writer.head_seq  # the play after it (three commands) taken back
            for _ in range(3):
                writer.submit(next_command(writer, rng))
            writer.submit(Rewind(type="rewind", to_seq=back, reason="wrong",
                                 dispute=writer.state.disputes[-1].dispute))
        followed = reader.follow()
        assert followed is not None and followed.tail is not None
        tail = review.rows_since(reader, entries[-1])
        entries = review.entries_after(reader, entries, tail)
        if review.disputes_touched(tail, disputes, reader.timeline):
            disputes = review.disputes(reader)
        fresh = TableGame.open(db, readonly=True)
        assert entries == review.entries(fresh)
        assert disputes == review.disputes(fresh)
        if kind == 3:  # the voided fine is no longer among the dispute's corrections
            assert followed_fine and not set(followed_fine) & set(disputes[-1].corrections)
        fresh.close()
    assert any(e.voided for e in entries) and any(d.corrections for d in disputes)
    writer.close()
    reader.close()


def test_rows_since_stop_at_the_head_the_game_holds(tmp_path: Path) -> None:
    # Rows recorded after the reader last followed the file are not the reader's yet: its
    # entries stop at its head, and the next follow brings the rest, each entry once.
    _, writer, reader, rng = live(tmp_path, 1, 10)
    entries = review.entries(reader)
    head = reader.head_seq
    for _ in range(5):
        writer.submit(next_command(writer, rng))
    tail = review.rows_since(reader, entries[-1])
    assert tail.events == [] and tail.commands == [] and tail.transfers == []
    reader.follow()
    entries = review.entries_after(reader, entries, review.rows_since(reader, entries[-1]))
    assert [e.seq for e in entries] == list(range(1, writer.head_seq + 1))
    assert writer.head_seq > head
    writer.close()
    reader.close()


def test_entries_and_disputes_from_one_read_equal_each_read_alone(tmp_path: Path) -> None:
    # The judge's window opening a game reads its rows once for both: the same entries and
    # disputes as each read alone (a dispute raised, a fine correcting it, an undo).
    _, writer, reader, rng = live(tmp_path, 3, 12)
    writer.submit(RaiseDispute(type="raise_dispute", raised_by="P1", about="a rent",
                               entries=[writer.head_seq]))
    writer.submit(Fine(type="fine", player="P2", amount=10, reason="slow", dispute=1))
    writer.submit(next_command(writer, rng))
    writer.submit(Undo(type="undo"))
    reader.follow()
    both = review.entries_and_disputes(reader)
    assert both == (review.entries(reader), review.disputes(reader))
    fined = [e.seq for e in both[0] if e.type == "fine_imposed"]
    assert [d.corrections for d in both[1]] == [tuple(fined)] and len(fined) == 1
    writer.close()
    reader.close()
