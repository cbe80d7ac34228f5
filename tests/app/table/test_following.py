"""Following another window's entries (TableGame.follow): the rows after the head folded on must
leave a game exactly as reading the whole file again leaves it, and anything the whole read would
name (a changed row, a seal that fails, a file replaced) makes it read the whole file."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from random import Random
from typing import Any

import pytest

from app.hub import Hub, push_file
from app.hub.roles import DESK_LOGIN, READER_LOGIN, init_roles
from app.table import judges, service
from app.table.service import TableGame
from benchmarks.games import next_command, open_game, reopen
from models.commands import AddJudge, Fine, RaiseDispute, Rewind, RuleDispute, Undo
from tests.app.hub_tables import HUBS, as_role, fresh_hub
from tests.app.tamper_tools import drop_triggers, rechain


def _timeline(game: TableGame) -> Any:
    t = game.timeline
    return ([(m.number, m.first, m.last, sorted(m.types)) for m in t.marks],
            [(v.seq, sorted(v.numbers), v.earliest) for v in t.voids], sorted(t.voided))


def _signatures(game: TableGame) -> Any:
    s = game.signatures
    return (s.chain.head, s.chain.number, [d.ref for d in s.chain.followed],
            s.before_signatures, [(p.ref, p.why) for p in s.problems], s.keys,
            sorted(s.registered))


def picture(game: TableGame) -> Any:
    """Everything a window reads of the game, and what the next command is checked against."""
    return {
        "state": game.state_json(), "head": (game.head_seq, game.head_hash, game.last_at),
        "version": game.version, "banker": game.banker, "problems": game.problems,
        "folds": (game.folds_from.seqs, game.folds_from.pins), "timeline": _timeline(game),
        "facts": game.facts.facts, "signatures": _signatures(game),
    }


def how(reader: TableGame) -> str | None:
    """How the reader followed the file: its new rows alone, the whole game, or nothing new."""
    followed = reader.follow()
    return None if followed is None else "tail" if followed.tail is not None else "whole"


def _play(game: TableGame, rng: Random, commands: int) -> None:
    for _ in range(commands):
        game.submit(next_command(game, rng))


def test_following_leaves_the_game_as_reading_it_again(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # A game recorded by the table's window (`writer`, judge Lee signed in) while a judge's
    # window (`reader`) follows it: plain play, the banker's undo, a dispute raised, a judge's
    # fine (a sealed entry), a judge added (a registration), a rewind (a judge's void of
    # several commands), snapshots stored and pinned (every 500 entries) and, half-way, the
    # table's laptop upgraded (its next row names the new version). After each
    # stretch the reader follows only the new rows, and must equal a fresh read of the file.
    db = str(tmp_path / "live.db")
    writer = open_game(db)
    rng = Random(3)
    _play(writer, rng, 5)
    reader = TableGame.open(db, readonly=True)
    stretches = 0
    while writer.head_seq < 1300:
        stretches += 1
        _play(writer, rng, rng.randint(1, 60))
        kind = stretches % 7
        if kind == 1:
            writer.submit(Undo(type="undo"))
        elif kind == 2:
            writer.submit(RaiseDispute(type="raise_dispute", raised_by="P2", about="rent",
                                       entries=[writer.head_seq]))
        elif kind == 3:
            writer.submit(Fine(type="fine", player="P3", amount=10, reason="slow play"))
        elif kind == 4 and stretches < 10:
            writer.submit(AddJudge(type="add_judge",
                                   **judges.registration(f"Judge {stretches}", "135791")
                                   .model_dump()))
        elif kind == 5:
            writer.submit(Rewind(type="rewind", to_seq=writer.head_seq - 8,
                                 reason="wrong rent"))
        elif kind == 6 and writer.state is not None and writer.state.disputes:
            writer.submit(RuleDispute(type="rule_dispute",
                                      dispute=writer.state.disputes[-1].dispute,
                                      ruling="the rent stands"))
        if stretches == 12:  # the table's laptop upgraded: its next row names the version
            monkeypatch.setattr(service, "recorded_version", lambda: "0.9.0")
        writer.idle()  # a snapshot when one is due, pinned by the next command's row
        assert how(reader) == "tail"
        fresh = TableGame.open(db, readonly=True)
        assert picture(reader) == picture(fresh)
        # A past position folds the same from what each holds (snapshots, voids).
        for seq in (1, writer.head_seq // 3, writer.head_seq - 5):
            assert reader.state_at(seq) == fresh.state_at(seq)
        fresh.close()
        assert how(reader) is None  # nothing new: nothing read
    assert len(reader.folds_from.seqs) >= 2  # snapshots were pinned while it followed
    assert any(v for v in reader.timeline.voids)
    assert reader.version == "0.9.0"
    writer.close()
    reader.close()


def _writer_and_reader(tmp_path: Path) -> tuple[str, TableGame, TableGame, Random]:
    db = str(tmp_path / "live.db")
    writer = open_game(db)
    rng = Random(5)
    _play(writer, rng, 30)
    return db, writer, TableGame.open(db, readonly=True), rng


def test_a_changed_new_row_is_read_whole_and_named(tmp_path: Path) -> None:
    # Entries recorded after the reader's head, then the time of one before the last changed
    # in the file (its stored hash no longer matches its row; a changed head would have the
    # whole read refuse the file): following stops; the whole read names the entry, as
    # opening the file would.
    db, writer, reader, rng = _writer_and_reader(tmp_path)
    while writer.head_seq < reader.head_seq + 3:
        _play(writer, rng, 1)
    head = writer.head_seq - 1
    writer.close()
    with closing(sqlite3.connect(db)) as raw:
        drop_triggers(raw)
        raw.execute("UPDATE events SET recorded_at = replace(recorded_at, '2026', '2025') "
                    "WHERE seq = ?", (head,))
        raw.commit()
    assert how(reader) == "whole"
    fresh = TableGame.open(db, readonly=True)
    assert any(f"event {head}" in problem for problem in fresh.problems)
    assert picture(reader) == picture(fresh)


def test_rows_past_the_head_rewritten_are_read_whole(tmp_path: Path) -> None:
    # The file's last entries taken out (from entry 21 on, the reader's head being 30 or so)
    # and other play recorded in their place, as when a laptop's file is put back from a
    # copy and played on: the rows after the reader's head link to another entry, not to the
    # head the reader holds, so nothing is followed onto it; the file is read whole.
    db, writer, reader, _ = _writer_and_reader(tmp_path)
    game_id = str(writer.game_id)
    writer.close()
    with closing(sqlite3.connect(db)) as raw:
        drop_triggers(raw)
        (number,) = raw.execute("SELECT command_no FROM events WHERE seq = 21").fetchone()
        (last,) = raw.execute("SELECT max(seq) FROM events WHERE command_no = ?",
                              (number,)).fetchone()
        for table, column, bound in (("transfers", "seq", last), ("events", "seq", last),
                                     ("commands", "command_no", number)):
            raw.execute(f"DELETE FROM {table} WHERE {column} > ?", (bound,))
        raw.execute("DELETE FROM snapshots")
        raw.commit()
    again = reopen(db)
    assert again.game_id == game_id and again.head_seq == last
    _play(again, Random(99), 40)
    again.close()
    assert how(reader) == "whole"
    fresh = TableGame.open(db, readonly=True)
    assert picture(reader) == picture(fresh)


def test_a_seal_that_fails_is_read_whole_and_named(tmp_path: Path) -> None:
    # A judge's rewind recorded after the reader's head, its seal's signature then changed and
    # the chain rebuilt over it (as a forger holding the file would): the rows carry the
    # reader's head on, but the seal does not verify, so following hands over to the whole
    # read, which names the entry not followed.
    db, writer, reader, _ = _writer_and_reader(tmp_path)
    writer.submit(Rewind(type="rewind", to_seq=writer.head_seq - 4, reason="wrong rent"))
    game_id = writer.game_id
    writer.close()
    with closing(sqlite3.connect(db)) as raw:
        drop_triggers(raw)
        (number, text) = raw.execute(
            "SELECT command_no, payload FROM commands ORDER BY command_no DESC LIMIT 1"
        ).fetchone()
        assert '"seal"' in text and '"signature":"' in text
        raw.execute("UPDATE commands SET payload = ? WHERE command_no = ?",
                    (text.replace('"signature":"', '"signature":"AAAA', 1), number))
        (first,) = raw.execute("SELECT min(seq) FROM events WHERE command_no = ?",
                               (number,)).fetchone()
        assert first > reader.head_seq
        rechain(raw, str(game_id), first)
        raw.commit()
    assert how(reader) == "whole"
    assert any(f"command {number} (rewind)" in problem for problem in reader.problems)
    fresh = TableGame.open(db, readonly=True)
    assert picture(reader) == picture(fresh)


def test_a_pinned_snapshot_changed_is_read_whole_and_named(tmp_path: Path) -> None:
    # The table stores a snapshot (at 500 entries or more) and its next command pins its hash;
    # the snapshot's stored hash is then changed: following hands over to the whole read,
    # which names the snapshot and folds from the entries instead.
    db, writer, reader, rng = _writer_and_reader(tmp_path)
    _play(writer, rng, 1)
    reader.follow()
    while writer.head_seq < 520:
        _play(writer, rng, 1)
    writer.idle()
    (seq,) = writer.folds_from.seqs
    _play(writer, rng, 1)  # its row pins the snapshot
    writer.close()
    with closing(sqlite3.connect(db)) as raw:
        drop_triggers(raw)
        raw.execute("UPDATE snapshots SET hash = ? WHERE seq = ?", ("f" * 64, seq))
        raw.commit()
    assert how(reader) == "whole"
    assert any(f"snapshot at event {seq}" in problem for problem in reader.problems)
    assert reader.folds_from.seqs == []


@pytest.mark.parametrize("kind", HUBS)
def test_a_game_on_the_hub_is_followed_as_read_afresh(tmp_path: Path, kind: str) -> None:
    # The head judge's window reads a table's game on the hub (SQLite or PostgreSQL: the rows
    # after the head read through SQLAlchemy Core there; on PostgreSQL as the desk's and the
    # reader's logins of `banker hub init`). The table plays on and copies its new entries,
    # an undo among them; each reader follows them and equals a fresh read.
    db = str(tmp_path / "table.db")
    writer = open_game(db)
    rng = Random(12)
    _play(writer, rng, 20)
    url = fresh_hub(kind, tmp_path)
    with Hub.open(url) as hub:
        push_file(hub, Path(db))
    logins = [url]
    if kind == "postgresql":
        init_roles(url, ["1"], password=lambda: "not-used-here")
        logins = [as_role(url, DESK_LOGIN), as_role(url, READER_LOGIN)]
    readers = [TableGame.open(login, writer.game_id, readonly=True) for login in logins]
    for stretch in range(3):
        _play(writer, rng, 8)
        if stretch == 1:
            writer.submit(Undo(type="undo"))
        with Hub.open(url) as hub:
            push_file(hub, Path(db))
        for login, reader in zip(logins, readers, strict=True):
            assert how(reader) == "tail"
            fresh = TableGame.open(login, writer.game_id, readonly=True)
            assert picture(reader) == picture(fresh)
            fresh.close()
    for reader in readers:
        reader.close()
    writer.close()
