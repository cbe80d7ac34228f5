"""The `banker` command line on real ledger files: run, state, ledger, verify, schema, check-board."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.ledger import GENESIS
from app.ledger.hashing import event_hash
from app.ledger.opening import open_database
from app.table.command_text import parse_command
from app.table.service import TableGame
from models.errors import RuleViolation
from tests.app.conftest import SAMPLE, Banker, ledger_json, state_json
from tests.app.tamper_tools import pins

NEW_GAME = SAMPLE.read_text(encoding="utf-8").splitlines()[2]
BOB_ROLLS = '{"type": "roll", "player": "Bob", "dice": [3, 2]}'
ANN_ROLLS_OUT_OF_TURN = '{"type": "roll", "player": "Ann", "dice": [1, 2]}'
BOARD = Path(__file__).resolve().parents[3] / "resources" / "boards" / "classic-us.toml"


def script(tmp_path: Path, name: str, *lines: str) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_running_the_sample_leaves_the_cash_worked_out_by_hand(banker: Banker, sample_db: Path) -> None:
    # The sample on the classic-us board, everyone starting with 1500; order Bob, Cy, Ann.
    #  Bob  3+2=5   GO -> 5 Reading Railroad, buys 200              Bob 1500-200 = 1300
    #  Cy   4+4=8   GO -> 8 Vermont Avenue, declines; auction:
    #               Ann 50, Bob 60, Ann 70: Ann wins for 70           Ann 1500-70  = 1430
    #  Cy   (double) 1+2=3  8 -> 11 St. Charles Place, buys 140       Cy  1500-140 = 1360
    #  Ann  6+6=12  GO -> 12 Electric Company, buys 150              Ann 1430-150 = 1280
    #  Ann  (double) 3+4=7  12 -> 19 New York Avenue, buys 200       Ann 1280-200 = 1080
    #  Bob  5+5=10  5 -> 15 Pennsylvania Railroad, buys 200          Bob 1300-200 = 1100
    #  Bob  (double) 1+1=2  15 -> 17 Community Chest, cc_birthday:
    #               10 from each player                               Bob 1100+20  = 1120
    #                                                                 Cy  1360-10  = 1350
    #                                                                 Ann 1080-10  = 1070
    #  Bob  (double) 2+2: third double, straight to Jail, no salary   Bob 1120
    #  Cy   2+3=5   11 -> 16 St. James Place, buys 180               Cy  1350-180 = 1170
    #  Ann  6+4=10  19 -> 29 Marvin Gardens, buys 280                Ann 1070-280 = 790
    #  Bob  1+3     in Jail, no double: stays (first turn served)     Bob 1120
    #  Cy   6+3=9   16 -> 25 B. & O. Railroad, declines; nobody bids,
    #               it stays with the Bank                            Cy  1170
    #  Ann  5+1=6   29 -> 35 Short Line, buys 200                     Ann 790-200  = 590
    #  Bob  pays the jail fine 50                                     Bob 1120-50  = 1070
    #  Bob  2+3=5   10 -> 15 Pennsylvania Railroad, his own: no rent  Bob 1070
    #  Cy   4+6=10  25 -> 35 Short Line (Ann's only railway): rent 25,
    #               collected                                         Cy  1170-25  = 1145
    #                                                                 Ann 590+25   = 615
    #  Ann  1+2=3   35 -> 38 Luxury Tax 100                           Ann 615-100  = 515
    #  Bob  6+5=11  15 -> 26 Atlantic Avenue, buys 260                Bob 1070-260 = 810
    # Check: 810 + 1145 + 515 = 2470; 3 x 1500 = 4500; 4500 - 2470 = 2030 is with the Bank:
    # deeds 200+70+140+150+200+200+180+280+200+260 = 1880, plus fine 50 and tax 100 = 2030.
    state = state_json(banker, sample_db)
    cash = {p["name"]: p["cash"] for p in state["players"]}
    assert cash == {"Bob": 810, "Cy": 1145, "Ann": 515}
    positions = {p["name"]: p["space_name"] for p in state["players"]}
    assert positions == {"Bob": "Atlantic Avenue", "Cy": "Short Line", "Ann": "Luxury Tax"}
    owners = {d["name"]: d["owner"] for d in state["deeds"].values() if d["owner"]}
    assert owners["Short Line"] == "Ann" and owners["Atlantic Avenue"] == "Bob"
    assert "B. & O. Railroad" not in owners


def test_run_reports_how_many_commands_it_recorded(banker: Banker, tmp_path: Path) -> None:
    result = banker("run", SAMPLE, "--db", tmp_path / "a.db")
    assert result.exit_code == 0
    assert result.stdout.startswith("37 commands recorded")


def test_a_refused_third_line_exits_3_names_its_clause_and_keeps_the_first_two(
    banker: Banker, tmp_path: Path
) -> None:
    refused = script(tmp_path, "refused.jsonl", NEW_GAME, BOB_ROLLS, ANN_ROLLS_OUT_OF_TURN)
    first_two = script(tmp_path, "first-two.jsonl", NEW_GAME, BOB_ROLLS)
    result = banker("run", refused, "--db", tmp_path / "refused.db")
    assert banker("run", first_two, "--db", tmp_path / "first-two.db").exit_code == 0

    assert result.exit_code == 3
    assert result.stdout == ""
    assert "refused.jsonl line 3: refused by CL On your turn: " in result.stderr
    assert "2 commands before it stay recorded" in result.stderr
    assert _refusal(NEW_GAME, BOB_ROLLS, ANN_ROLLS_OUT_OF_TURN, tmp_path=tmp_path) in result.stderr
    kept = ledger_json(banker, tmp_path / "refused.db")
    wanted = ledger_json(banker, tmp_path / "first-two.db")
    assert len(kept) == len(wanted) > 0
    assert [(e["seq"], e["type"], e["payload"]) for e in kept] == [
        (e["seq"], e["type"], e["payload"]) for e in wanted
    ]
    assert {e["command_no"] for e in kept} == {1, 2}


def _refusal(*lines: str, tmp_path: Path) -> str:
    """The clause and reason the table service gives for the last line, as `run` prints them."""
    session = TableGame.open(str(tmp_path / "service.db"))
    try:
        for line in lines[:-1]:
            session.submit(parse_command(line))
        with pytest.raises(RuleViolation) as refused:
            session.submit(parse_command(lines[-1]))
    finally:
        session.close()
    assert refused.value.clause == "CL On your turn"
    return f"refused by {refused.value.clause}: {refused.value.message}"


def test_a_die_of_seven_is_bad_input_and_exits_3(banker: Banker, tmp_path: Path) -> None:
    bad = script(tmp_path, "seven.jsonl", NEW_GAME, '{"type": "roll", "player": "Bob", "dice": [7, 2]}')
    result = banker("run", bad, "--db", tmp_path / "seven.db")
    assert result.exit_code == 3
    assert "seven.jsonl line 2: bad input:" in result.stderr
    assert "a die shows 1 to 6" in result.stderr
    assert len(ledger_json(banker, tmp_path / "seven.db")) == 1


def test_a_malformed_json_line_exits_3_saying_which_line_and_why(banker: Banker, tmp_path: Path) -> None:
    bad = script(tmp_path, "broken.jsonl", NEW_GAME, BOB_ROLLS, '{"type": "buy", "player": "Bob"')
    result = banker("run", bad, "--db", tmp_path / "broken.db")
    assert result.exit_code == 3
    assert "broken.jsonl line 3: bad input: " in result.stderr
    assert "not valid JSON" in result.stderr
    assert "Traceback" not in result.output
    assert {e["command_no"] for e in ledger_json(banker, tmp_path / "broken.db")} == {1, 2}


def test_an_unknown_command_type_exits_3_as_bad_input(banker: Banker, tmp_path: Path) -> None:
    bad = script(tmp_path, "unknown.jsonl", NEW_GAME, '{"type": "teleport", "player": "Bob"}')
    result = banker("run", bad, "--db", tmp_path / "unknown.db")
    assert result.exit_code == 3
    assert "unknown.jsonl line 2: bad input: " in result.stderr
    assert "teleport" in result.stderr


def test_ledger_prints_one_readable_line_per_event_in_order(banker: Banker, sample_db: Path) -> None:
    result = banker("ledger", "--db", sample_db)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == len(ledger_json(banker, sample_db))
    assert [int(line.split()[0]) for line in lines] == list(range(1, len(lines) + 1))
    text = result.stdout
    assert "order: Bob, Cy, Ann" in lines[0]
    assert "Bob buys Reading Railroad for 200" in text
    assert "Ann wins Vermont Avenue for 70" in text
    assert "{" not in text  # words, not JSON payloads


def test_ledger_json_chains_each_hash_to_the_one_before(banker: Banker, sample_db: Path) -> None:
    events = ledger_json(banker, sample_db)
    game_id = state_json(banker, sample_db)["game"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert events[0]["prev_hash"] == GENESIS
    for before, after in pairwise(events):
        assert after["prev_hash"] == before["hash"]
    commands, game = pins(sample_db, game_id)
    for event in events:
        assert re.fullmatch(r"[0-9a-f]{64}", event["hash"])
        assert event["hash"] == _rehash(game_id, event, commands, game)
    assert len({e["hash"] for e in events}) == len(events)


def _rehash(game_id: str, event: dict[str, Any], commands: dict[int, str],
            game: str | None) -> str:
    # Chain version 2 also hashes the event's command row, and the game's row in event 1.
    return event_hash(
        game_id=game_id, seq=event["seq"], command_no=event["command_no"], type=event["type"],
        payload=event["payload"], actor_role=event["actor"]["role"],
        actor_name=event["actor"]["name"], recorded_at=event["recorded_at"],
        clock_ms=event["clock_ms"], prev_hash=event["prev_hash"],
        transfers=[tuple(t) for t in event["transfers"]],
        command_digest=commands.get(event["command_no"]),
        game_digest=game if event["seq"] == 1 else None,
    )


def test_ledger_json_transfers_account_for_every_players_cash(banker: Banker, sample_db: Path) -> None:
    balances: dict[str, int] = {}
    for event in ledger_json(banker, sample_db):
        for source, target, amount in event["transfers"]:
            assert amount > 0
            balances[source] = balances.get(source, 0) - amount
            balances[target] = balances.get(target, 0) + amount
    assert sum(balances.values()) == 0
    cash = {p["name"]: p["cash"] for p in state_json(banker, sample_db)["players"]}
    assert {name: balances[name] for name in cash} == cash


def test_verify_exits_0_on_a_sound_file(banker: Banker, sample_db: Path) -> None:
    result = banker("verify", "--db", sample_db)
    assert result.exit_code == 0, result.output
    count = len(ledger_json(banker, sample_db))
    assert f"sound ({count} events, chain and fold agree)" in result.stdout
    assert "NOT SOUND" not in result.stdout


def test_state_without_json_shows_each_players_cash_and_deeds(banker: Banker, sample_db: Path) -> None:
    result = banker("state", "--db", sample_db)
    assert result.exit_code == 0
    assert re.search(r"Bob\s+cash\s+810\s+on Atlantic Avenue", result.stdout)
    assert re.search(r"Ann\s+cash\s+515\s+on Luxury Tax", result.stdout)
    assert "Bank: 32 houses, 12 hotels" in result.stdout


def test_schema_is_a_json_schema_naming_every_command_type(banker: Banker) -> None:
    result = banker("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    types = set(schema["discriminator"]["mapping"])
    consts = {
        definition["properties"]["type"]["const"]
        for definition in schema["$defs"].values()
        if "type" in definition.get("properties", {})
    }
    assert {"new_game", "roll", "buy", "decline", "bid", "close_auction", "collect_rent",
            "draw_card", "pay_jail_fine", "adjust_cash"} <= types
    assert types == consts
    assert len(schema["oneOf"]) == len(types)


def test_check_board_accepts_a_shipped_board(banker: Banker) -> None:
    result = banker("check-board", BOARD)
    assert result.exit_code == 0
    assert "classic-us.toml: a valid board" in result.stdout


def test_check_board_refuses_a_board_whose_rent_falls(banker: Banker, tmp_path: Path) -> None:
    text = BOARD.read_text(encoding="utf-8")
    broken = text.replace("rents = [2, 10, 30, 90, 160, 250]", "rents = [2, 10, 30, 90, 16, 250]")
    assert broken != text
    path = tmp_path / "broken.toml"
    path.write_text(broken, encoding="utf-8")
    result = banker("check-board", path)
    assert result.exit_code == 1
    assert "rents must not decrease" in result.stderr
    assert "Mediterranean Avenue" in result.stderr


def test_running_a_new_game_into_a_file_that_holds_one_exits_3_and_adds_nothing(
    banker: Banker, sample_db: Path
) -> None:
    before = ledger_json(banker, sample_db)
    result = banker("run", SAMPLE, "--db", sample_db)
    assert result.exit_code == 3
    assert "this ledger already holds a game" in result.stderr
    assert "0 commands before it stay recorded" in result.stderr
    assert ledger_json(banker, sample_db) == before


def test_state_of_an_empty_ledger_says_there_is_no_game_yet(banker: Banker, tmp_path: Path) -> None:
    # A new game's file is put in place only with its game; an older version's file could be
    # created with no game recorded yet (opening in place, as a hub's file still is).
    open_database(tmp_path / "empty.db", create=True, readonly=False).close()
    result = banker("state", "--db", tmp_path / "empty.db")
    assert result.exit_code == 0
    assert result.stdout.strip() == "No game in this ledger yet."


def test_verify_of_a_file_that_is_not_a_ledger_exits_4(banker: Banker, tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(bytes(range(256)) * 16)
    result = banker("verify", "--db", junk)
    assert result.exit_code == 4
    assert "cannot open" in result.stderr and "not a ledger" in result.stderr


def test_build_cost_previews_each_px_step_without_recording(tmp_path: Path) -> None:
    # PX 6.2.9: on the red (RCR, base 150) group the 1st house is 150, the 2nd 180 (+20%),
    # the 3rd 195 (+30%): three plots from 0 to 2 houses = 3 x (150 + 180) = 990.
    db = str(tmp_path / "px.db")
    game = TableGame.open(db)
    game.submit(parse_command({"type": "new_game", "profile": "propnex-championship",
                               "players": ["Ann", "Bob", "Cy", "Dee"],
                               "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 3],
                                             "Dee": [2, 3]}]}))
    head = game.head_seq
    game.close()
    result = CliRunner().invoke(main, ["build-cost", "--db", db, "--json",
                                       "--add", '{"21": 2, "23": 2, "24": 2}'])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [line["price"] for line in data["steps"]] == [150, 180] * 3
    assert data["total"] == 990
    assert TableGame.open(db).head_seq == head
