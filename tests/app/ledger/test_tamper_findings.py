"""Each tampering finding of the hostile-ledger review, caught by `banker verify` in plain words,
and the limit: a rewrite whose chain holds together is caught only against a head held elsewhere."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command as alembic
from click.testing import CliRunner
from sqlalchemy import create_engine

from app.ledger import open_ledger
from app.ledger.migration import alembic_config
from tests.app.conftest import REPO, SAMPLE, Banker, ledger_json, state_json
from tests.app.tamper_tools import drop_triggers, rechain
from ui.entry import main as entry_main

PX_GAME = REPO / "resources" / "examples" / "propnex-game.jsonl"


def _doctor(path: Path, *statements: str | tuple[str, tuple[object, ...]]) -> None:
    """Change the file behind the program's back, as its holder could: triggers first."""
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        for statement in statements:
            sql, args = statement if isinstance(statement, tuple) else (statement, ())
            db.execute(sql, args)
        db.commit()


def _head(banker: Banker, path: Path) -> str:
    result = banker("verify", "--db", path)
    assert result.exit_code == 0, result.output
    found = re.search(r"^head (\d+:[0-9a-f]{16})$", result.stdout, re.MULTILINE)
    assert found is not None, result.stdout
    return found[1]


def _delete_commands_from(path: Path, first: int) -> None:
    """Remove every command numbered `first` or later, with its events and transfers."""
    _doctor(path,
            ("DELETE FROM transfers WHERE seq IN (SELECT seq FROM events WHERE command_no >= ?)",
             (first,)),
            ("DELETE FROM events WHERE command_no >= ?", (first,)),
            ("DELETE FROM commands WHERE command_no >= ?", (first,)))


def test_verify_prints_the_head_as_the_event_count_and_sixteen_hex_digits(
    banker: Banker, sample_db: Path
) -> None:
    events = ledger_json(banker, sample_db)
    assert _head(banker, sample_db) == f"{len(events)}:{events[-1]['hash'][:16]}"


def test_the_file_holds_the_head_of_its_own_sheet(banker: Banker, sample_db: Path) -> None:
    head = _head(banker, sample_db)
    result = banker("verify", "--db", sample_db, "--head", head)
    assert result.exit_code == 0
    assert f"the sheet's head {head} is in this ledger" in result.stdout


def test_deleting_the_last_whole_command_passes_verify_but_not_the_sheets_head(
    banker: Banker, sample_db: Path
) -> None:
    # The limit, stated: a shorter chain holds together. The sheet's head was 1 command longer.
    head = _head(banker, sample_db)
    count = int(head.split(":")[0])
    with closing(sqlite3.connect(sample_db)) as db:
        (last,) = db.execute("SELECT max(command_no) FROM commands").fetchone()
        (removed,) = db.execute("SELECT count(*) FROM events WHERE command_no = ?",
                                (last,)).fetchone()
    _delete_commands_from(sample_db, last)

    assert banker("verify", "--db", sample_db).exit_code == 0
    result = banker("verify", "--db", sample_db, "--head", head)

    assert result.exit_code == 1
    assert (f"the sheet's head is {head}, but the ledger ends at event {count - removed}: "
            f"{removed} entr") in result.stdout
    assert "removed from the end" in result.stdout


def test_deleting_the_last_fifty_commands_is_caught_with_the_sheets_head(
    banker: Banker, tmp_path: Path
) -> None:
    # The PX example game records 67 commands; the first 17 stay.
    db = tmp_path / "px.db"
    assert banker("run", PX_GAME, "--db", db).exit_code == 0
    head = _head(banker, db)
    with closing(sqlite3.connect(db)) as raw:
        (last,) = raw.execute("SELECT max(command_no) FROM commands").fetchone()
    assert last > 50
    _delete_commands_from(db, last - 49)

    assert banker("verify", "--db", db).exit_code == 0
    result = banker("verify", "--db", db, "--head", head)

    assert result.exit_code == 1
    assert "removed from the end" in result.stdout


def test_a_rewritten_game_whose_chain_and_fold_hold_is_caught_only_by_the_sheets_head(
    banker: Banker, sample_db: Path
) -> None:
    # The forger renames the banker of command 3 everywhere and rebuilds every hash: nothing in
    # the file contradicts it any more; only the head printed on the signed sheet does.
    head = _head(banker, sample_db)
    game_id = state_json(banker, sample_db)["game"]
    with closing(sqlite3.connect(sample_db)) as db:
        drop_triggers(db)
        db.execute("UPDATE commands SET actor_name = 'mallory' WHERE command_no = 3")
        db.execute("UPDATE events SET actor_name = 'mallory' WHERE command_no = 3")
        rechain(db, game_id)
        db.commit()

    alone = banker("verify", "--db", sample_db)
    against_sheet = banker("verify", "--db", sample_db, "--head", head)

    assert alone.exit_code == 0
    assert against_sheet.exit_code == 1
    count = head.split(":")[0]
    assert f"but event {count} of the ledger has hash" in against_sheet.stdout
    assert "the game was rewritten since the sheet was printed" in against_sheet.stdout


def test_a_head_that_is_not_count_colon_hex_is_a_usage_error(
    banker: Banker, sample_db: Path
) -> None:
    result = banker("verify", "--db", sample_db, "--head", "3fa9c1d2")
    assert result.exit_code == 2
    assert "COUNT:HEX" in result.stderr


def test_a_commands_actor_changed_behind_the_programs_back_is_named(
    banker: Banker, sample_db: Path
) -> None:
    # The command row's actor was hashed nowhere before chain version 2.
    _doctor(sample_db, "UPDATE commands SET actor_name = 'mallory' WHERE command_no = 4")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  command 4: its actor or time was changed" in result.stdout


def test_a_commands_time_changed_by_one_digit_is_named(banker: Banker, sample_db: Path) -> None:
    _doctor(sample_db, "UPDATE commands SET recorded_at = replace(recorded_at, '.', ',') "
                       "WHERE command_no = 7")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  command 7: its actor or time was changed" in result.stdout


def test_a_commands_payload_changed_breaks_the_hash_of_its_events(
    banker: Banker, sample_db: Path
) -> None:
    with closing(sqlite3.connect(sample_db)) as db:
        (seq,) = db.execute("SELECT min(seq) FROM events WHERE command_no = 5").fetchone()
    _doctor(sample_db, """UPDATE commands SET payload = replace(payload, '"type"', '"type" ')
                          WHERE command_no = 5""")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert re.search(rf"  event {seq} \(\w+\): stored hash does not match its contents",
                     result.stdout)


def test_a_copy_of_game_id_changed_in_one_row_is_caught(banker: Banker, sample_db: Path) -> None:
    # A row moved to a game that is not in the file: SQLite's foreign-key check and the search
    # for rows of no game both say so.
    _doctor(sample_db, "UPDATE transfers SET game_id = 'x' || substr(game_id, 2) WHERE seq = 5")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "file: NOT SOUND" in result.stdout
    assert "of transfers belong to no game" in result.stdout


def test_a_changed_label_is_named_against_the_new_game_command(
    banker: Banker, sample_db: Path
) -> None:
    _doctor(sample_db, "UPDATE games SET label = 'Grand final'")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  the game's label does not match command 1 (new_game)" in result.stdout


def test_a_renamed_player_is_named_against_the_new_game_command(
    banker: Banker, sample_db: Path
) -> None:
    _doctor(sample_db, "UPDATE players SET name = 'Bo' WHERE seat = 2")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  the game's players do not match command 1 (new_game)" in result.stdout


def test_rule_data_changed_without_changing_its_meaning_is_still_caught(
    banker: Banker, sample_db: Path
) -> None:
    # One space added to the stored profile: it parses to the same rules (so the game_started
    # event's rules_digest still matches), but it is not the text the game was started with.
    _doctor(sample_db, "UPDATE games SET profile_json = ' ' || profile_json")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  event 1 (game_started): stored hash does not match its contents" in result.stdout


def test_an_extra_command_row_that_no_event_records_is_caught(
    banker: Banker, sample_db: Path
) -> None:
    _doctor(sample_db, """INSERT INTO commands SELECT game_id, 999, '{"type":"end_turn"}',
                          actor_role, actor_name, recorded_at FROM commands WHERE command_no = 1""")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  command 999: no event in the chain records it" in result.stdout


def test_a_value_of_the_wrong_type_is_named_not_a_traceback(
    banker: Banker, sample_db: Path
) -> None:
    _doctor(sample_db, "UPDATE events SET clock_ms = 'soon' WHERE seq = 9")
    verify = banker("verify", "--db", sample_db)
    state = banker("state", "--db", sample_db)
    assert verify.exit_code == 1
    assert "its clock_ms is damaged (stored 'soon', a str)" in verify.stdout
    assert state.exit_code == 4
    assert state.stderr.startswith("cannot open") and "event 9" in state.stderr


def test_a_payload_that_is_json_but_no_event_is_named_by_state_and_verify(
    banker: Banker, sample_db: Path
) -> None:
    # A forger's payload with a rebuilt chain: the engine's model refuses it; the file says
    # which entry, never a pydantic traceback.
    game_id = state_json(banker, sample_db)["game"]
    with closing(sqlite3.connect(sample_db)) as db:
        drop_triggers(db)
        (seq, payload) = db.execute(
            "SELECT seq, payload FROM events WHERE type = 'auction_won'").fetchone()
        doctored = json.loads(payload) | {"amount": "seventy"}
        db.execute("UPDATE events SET payload = ? WHERE seq = ?",
                   (json.dumps(doctored, sort_keys=True, separators=(",", ":")), seq))
        rechain(db, game_id)
        db.commit()

    state = banker("state", "--db", sample_db)
    verify = banker("verify", "--db", sample_db)

    assert state.exit_code == 4
    assert f"event {seq} (auction_won): its stored payload is not a valid event" in state.stderr
    assert verify.exit_code == 1
    assert f"event {seq} (auction_won): does not follow from command" in verify.stdout


def test_a_payload_that_is_not_json_is_named_by_state_ledger_and_verify(
    banker: Banker, sample_db: Path
) -> None:
    _doctor(sample_db, "UPDATE events SET payload = substr(payload, 2) WHERE seq = 12")
    for command in ("state", "ledger"):
        result = banker(command, "--db", sample_db)
        assert result.exit_code == 4
        assert "event 12 (" in result.stderr and "not valid JSON" in result.stderr
    verify = banker("verify", "--db", sample_db)
    assert verify.exit_code == 1
    assert re.search(r"  event 12 \(\w+\): stored payload is not valid JSON", verify.stdout)


def test_state_and_ledger_warn_when_the_file_does_not_verify(
    banker: Banker, sample_db: Path
) -> None:
    # A middle event's payload, one digit: what can be shown is shown, under a loud warning.
    with closing(sqlite3.connect(sample_db)) as db:
        (seq,) = db.execute("SELECT seq FROM events WHERE type = 'auction_won'").fetchone()
    _doctor(sample_db, ("""UPDATE events SET payload = replace(payload, '"amount":70',
                           '"amount":79') WHERE seq = ?""", (seq,)))
    warning = (f"WARNING: this ledger does not verify: event {seq} (auction_won): stored hash "
               "does not match its contents")
    for command in ("state", "ledger"):
        result = banker(command, "--db", sample_db)
        assert result.exit_code == 0
        assert result.stderr.startswith(warning)
        assert result.stdout


def test_a_sound_file_opens_without_a_warning(banker: Banker, sample_db: Path) -> None:
    result = banker("state", "--db", sample_db)
    assert result.exit_code == 0
    assert "WARNING" not in result.stderr


def test_a_changed_pin_hash_in_a_judges_registration_is_caught(
    banker: Banker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The judge is a ledger entry (judge_added); swapping the PIN's hash for one the forger knows
    # breaks that entry's hash.
    monkeypatch.setenv("BANKER_JUDGE_PIN", "482916")
    db = tmp_path / "judged.db"
    assert banker("run", SAMPLE, "--db", db, "--judge", "Lee").exit_code == 0
    with closing(sqlite3.connect(db)) as raw:
        (seq, payload) = raw.execute(
            "SELECT seq, payload FROM events WHERE type = 'judge_added'").fetchone()
    pin_hash = json.loads(payload)["pin_hash"]
    forged = pin_hash[:-1] + ("A" if pin_hash[-1] != "A" else "B")
    _doctor(db, ("UPDATE events SET payload = replace(payload, ?, ?) WHERE seq = ?",
                 (pin_hash, forged, seq)))

    result = banker("verify", "--db", db)

    assert result.exit_code == 1
    assert f"  event {seq} (judge_added): stored hash does not match its contents" in result.stdout


def test_a_game_hashed_by_chain_version_1_still_verifies(banker: Banker, sample_db: Path) -> None:
    # Games from before chain version 2 hashed only events and transfers; the file says so in
    # games.chain_version and is checked that way.
    game_id = state_json(banker, sample_db)["game"]
    with closing(sqlite3.connect(sample_db)) as db:
        drop_triggers(db)
        db.execute("UPDATE games SET chain_version = 1")
        rechain(db, game_id)
        db.commit()
    assert banker("verify", "--db", sample_db).exit_code == 0
    # Version 1 never hashed the command rows, but their actor and time must still be those of
    # the command's events (which it hashed).
    _doctor(sample_db, "UPDATE commands SET actor_role = 'judge' WHERE command_no = 6")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "  command 6: its actor or time was changed" in result.stdout


def test_a_game_claiming_an_unknown_chain_version_is_not_sound(
    banker: Banker, sample_db: Path
) -> None:
    _doctor(sample_db, "UPDATE games SET chain_version = 7")
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 1
    assert "chain version 7 is unknown to this program" in result.stdout


def test_games_recorded_before_the_upgrade_are_chain_version_1(tmp_path: Path) -> None:
    # Migration 0004 adds games.chain_version with 1 for every game already in the file.
    path = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        alembic.upgrade(alembic_config(connection), "0003")
        connection.exec_driver_sql(
            "INSERT INTO games VALUES ('g1', '2026-01-01T00:00:00.000000+00:00', NULL, "
            "'classic', 'us-standard', '{}', '{}', '{}')")
    engine.dispose()
    open_ledger(path).close()
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT chain_version FROM games").fetchall() == [(1,)]


def test_the_scoresheet_prints_the_head_verify_prints_and_warns_on_a_doctored_file(
    banker: Banker, sample_db: Path
) -> None:
    # ui.entry's `banker` has the scoresheet command (it needs Qt only for a PDF).
    head = _head(banker, sample_db)
    sheet = CliRunner().invoke(entry_main, ["scoresheet", "--db", str(sample_db), "--json"],
                               catch_exceptions=False)
    assert sheet.exit_code == 0, sheet.output
    assert json.loads(sheet.stdout)["footer"]["head"] == head
    assert "WARNING" not in sheet.stderr

    _doctor(sample_db, "UPDATE commands SET actor_name = 'mallory' WHERE command_no = 2")
    doctored = CliRunner().invoke(entry_main, ["scoresheet", "--db", str(sample_db), "--json"],
                                  catch_exceptions=False)
    assert doctored.exit_code == 0
    assert doctored.stderr.startswith(
        "WARNING: this ledger does not verify: command 2: its actor or time was changed")
