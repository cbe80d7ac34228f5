"""The hub tells the truth: a rewritten file is DIVERGED whichever way it comes (the copier, a
push, an import), `hub status` says how far each copy is behind its file (or the head its table
last reported), and the flag takes judges' notes and the head judge's ruling, as rows only.
SQLite hub always; PostgreSQL when its server can start."""

from __future__ import annotations

import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner

from app.cli.hub import hub_group
from app.cli.main import main
from app.hub import Hub, HubError, HubRefused, Replicator, push_file, read_batch
from app.ledger import LedgerError, open_ledger
from app.table.judges import JudgeAuthError
from tests.app.hub_tables import HUBS, JUDGE, PIN, fresh_hub, new_table, play
from tests.app.tamper_tools import drop_triggers, rechain

assert main.get_command(None, "hub") is hub_group  # type: ignore[arg-type]  # registered

FIRST_COMMANDS = 40
"""What the hub took before the file was rewritten (or before the hub went down)."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Table 1's file after 120 random commands (copied by each test)."""
    folder = tmp_path_factory.mktemp("tables")
    game = new_table(folder, 1)
    play(game, 120, Random(5))
    game.close()
    return folder / "table-1.db"


@pytest.fixture(params=HUBS)
def hub_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_hub(request.param, tmp_path)


def copy_of(played: Path, folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    target = folder / "table-1.db"
    shutil.copy(played, target)
    return target


def send_first_batch(hub: Hub, path: Path) -> tuple[str, int, int]:
    """What the copier sends first: the first FIRST_COMMANDS commands, with the file's head.
    Returns the game, the entries the hub holds and the entries the file holds."""
    with open_ledger(path, create=False, readonly=True) as ledger:
        game_id = ledger.game_ids()[0]
        batch = read_batch(ledger.database, game_id, 0, FIRST_COMMANDS)
    receipt = hub.receive(batch, f"replication from {path}", file=str(path))
    assert receipt.head[0] < batch.head[0]
    return game_id, receipt.head[0], batch.head[0]


def rewrite(path: Path, game_id: str, seq: int) -> int:
    """A forger rewrites the command of entry `seq` and rebuilds every hash: the file's chain
    is sound. Returns the first entry changed (the command's first)."""
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        (number,) = db.execute("SELECT command_no FROM events WHERE seq = ?", (seq,)).fetchone()
        (first,) = db.execute("SELECT min(seq) FROM events WHERE command_no = ?",
                              (number,)).fetchone()
        for table in ("events", "commands"):
            db.execute(f"UPDATE {table} SET actor_name = 'someone else' WHERE command_no = ?",
                       (number,))
        rechain(db, game_id, 1)
        db.commit()
    return int(first)


def copy_by(route: str, url: str, path: Path) -> str:
    """Send the file to the hub by `route`; returns the refusal's words."""
    if route == "copier":
        copier = Replicator(path, url, poll=0.05).start()
        deadline = time.monotonic() + 30
        while copier.status().state not in ("refused", "stopped"):
            assert time.monotonic() < deadline, copier.status()
            time.sleep(0.02)
        copier.stop()
        assert copier.status().state == "refused"
        return copier.status().detail or ""
    with Hub.open(url) as hub, pytest.raises(HubRefused) as refused:
        push_file(hub, path, from_start=route == "import")
    return str(refused.value)


@pytest.mark.parametrize("route", ["copier", "push", "import"])
def test_a_rewritten_file_is_diverged_through_the_copier_push_and_import(
        hub_url: str, played: Path, tmp_path: Path, route: str) -> None:
    path = copy_of(played, tmp_path / "tables")
    with Hub.open(hub_url) as hub:
        game_id, held, _ = send_first_batch(hub, path)
        hub_head = hub.head(game_id)
    first = rewrite(path, game_id, 5)  # the hub holds it; the file goes on past the hub's head
    words = copy_by(route, hub_url, path)
    assert "it differs from the hub's copy" in words and "rewritten" in words
    with Hub.open(hub_url) as hub:
        [table] = hub.tables()
        [refusal] = hub.refusals(game_id)
        assert refusal.kind == "diverged"
        assert table.diverged is not None and "rewritten" in table.diverged
        assert hub.head(game_id) == hub_head  # the hub's copy stands, nothing of it stored
        [mark] = hub.marks(game_id)
        assert (mark.kind, mark.text) == ("diverged", refusal.reason)
    if route == "import":  # from the start, the first entry that differs is named
        assert refusal.seq == first and f"entry {first} " in refusal.reason
    else:  # from the hub's head: the last entry the hub holds no longer matches
        assert refusal.seq == held
    status = CliRunner().invoke(main, ["hub", "status", "--hub", hub_url])
    assert status.exit_code == 0, status.output
    assert "table 1" in status.output and "DIVERGED: " in status.output


def test_a_file_forged_past_the_hubs_head_is_still_broken_not_diverged(
        hub_url: str, played: Path, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path / "tables")
    with Hub.open(hub_url) as hub:
        game_id, held, _ = send_first_batch(hub, path)
    with closing(sqlite3.connect(path)) as db:  # an entry the hub lacks, its hash left as is
        drop_triggers(db)
        db.execute("UPDATE events SET actor_name = 'forged' WHERE seq = ?", (held + 3,))
        db.commit()
    words = copy_by("push", hub_url, path)
    assert "its chain is broken" in words and f"entry {held + 3} " in words
    with Hub.open(hub_url) as hub:
        assert hub.refusals(game_id)[0].kind == "broken"
        assert hub.tables()[0].diverged is None and hub.marks() == []


def test_a_copy_behind_its_file_shows_behind_by_what_it_lacks(
        hub_url: str, played: Path, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path / "tables")
    with Hub.open(hub_url) as hub:  # the copier sent its first batch, then the hub went down
        game_id, held, entries = send_first_batch(hub, path)
    behind = entries - held
    runner = CliRunner()
    # The file is here (where its copier read it): compared with the file itself.
    shown = runner.invoke(main, ["hub", "status", "--hub", hub_url])
    assert shown.exit_code == 0, shown.output
    assert f"{held} entries on the hub" in shown.output
    assert f"behind by {behind} (its file holds {entries})" in shown.output
    # The file out of reach: the head the table reported with its last batch stands in.
    away = tmp_path / "elsewhere.db"
    path.rename(away)
    reported = runner.invoke(main, ["hub", "status", "--hub", hub_url, "--json"])
    assert f'"behind": {behind}' in reported.output
    assert '"compared_with": "report"' in reported.output
    plain = runner.invoke(main, ["hub", "status", "--hub", hub_url]).output
    assert f"behind by {behind} (as the table last reported at " in plain
    assert f": {entries} entries)" in plain
    # Named with --db, wherever it is now; once pushed, the copy is complete.
    named = runner.invoke(main, ["hub", "status", "--hub", hub_url, "--db", str(away)])
    assert f"behind by {behind} (its file holds {entries})" in named.output
    pushed = runner.invoke(main, ["hub", "push", "--db", str(away), "--hub", hub_url])
    assert pushed.exit_code == 0, pushed.output
    done = runner.invoke(main, ["hub", "status", "--hub", hub_url]).output
    assert f"{entries} entries on the hub" in done and f"complete (its file holds {entries})" in done
    assert game_id in done


def test_status_says_a_file_that_contradicts_the_hub_is_diverged_before_it_is_sent(
        hub_url: str, played: Path, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path / "tables")
    with Hub.open(hub_url) as hub:
        game_id, held, _ = send_first_batch(hub, path)
    rewrite(path, game_id, 5)
    shown = CliRunner().invoke(main, ["hub", "status", "--hub", hub_url]).output
    assert f"diverged: its file's entry {held} differs from the hub's (not marked yet" in shown
    with Hub.open(hub_url) as hub:
        assert hub.marks() == []  # reading the file marks nothing


def test_the_flag_takes_notes_and_one_ruling_from_registered_judges_as_rows(
        hub_url: str, played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy_of(played, tmp_path / "tables")
    with Hub.open(hub_url) as hub:
        hub.register_judge(JUDGE, PIN)
        game_id, _, _ = send_first_batch(hub, path)
        with pytest.raises(HubError, match="not marked DIVERGED"):
            hub.annotate("table 1", JUDGE, PIN, "nothing to see")
    rewrite(path, game_id, 5)
    copy_by("push", hub_url, path)
    runner = CliRunner()
    monkeypatch.setenv("BANKER_JUDGE_PIN", PIN)
    note = runner.invoke(main, ["hub", "annotate", "table 1", "--hub", hub_url, "--judge", JUDGE,
                                "--note", "the table's laptop was lent to a spectator"])
    assert note.exit_code == 0, note.output
    assert f"note recorded on game {game_id}: DIVERGED: " in note.output
    with Hub.open(hub_url) as hub:
        with pytest.raises(JudgeAuthError, match="wrong PIN"):
            hub.rule(game_id, JUDGE, "999999", "no", sleep=lambda _s: None)
        assert hub.flags()[game_id].ruling is None
    ruled = runner.invoke(main, ["hub", "rule", game_id, "--hub", hub_url, "--judge", JUDGE,
                                 "--reason", "the hub's copy is the game as played"])
    assert ruled.exit_code == 0, ruled.output
    again = runner.invoke(main, ["hub", "rule", game_id, "--hub", hub_url, "--judge", JUDGE,
                                 "--reason", "twice"])
    assert again.exit_code == 3 and f"{JUDGE} already ruled" in again.output
    listed = runner.invoke(main, ["hub", "marks", "table 1", "--hub", hub_url]).output.splitlines()
    assert [line.split("  ")[2].split()[0] for line in listed] == ["diverged", "note", "ruling"]
    assert listed[2].endswith(f"by {JUDGE}: the hub's copy is the game as played")
    status = runner.invoke(main, ["hub", "status", "--hub", hub_url]).output
    assert f"; ruled by {JUDGE}: the hub's copy is the game as played" in status
    with Hub.open(hub_url) as hub:
        for statement in ("UPDATE hub_marks SET text = 'nothing happened'", "DELETE FROM hub_marks"):
            with (pytest.raises(LedgerError, match="hub_marks are append-only"),
                  hub.database.write() as connection):
                connection.exec_driver_sql(statement)
        assert len(hub.marks(game_id)) == 3
