"""CLI columns line up by display width: a CJK name takes two columns a character."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from app.cli.columns import left, right, width
from app.datafolder.paths import DATA_DIR_ENV
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.tournament.changes import record_result
from ui.entry import main

JUDGE, PIN = "Tan", "246802"
NAMES = ["陈伟明", "Ann Lim", "林美玲 Lin Mei Ling", "Bob", "李", "Zoë Tan", "王小明", "Cy"]


def invoke(*args: str | Path) -> Result:
    return CliRunner(env={"BANKER_JUDGE_PIN": PIN, "BANKER_NEW_JUDGE_PIN": PIN}
                     ).invoke(main, ["tournament", *map(str, args)], catch_exceptions=False)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path


def test_the_width_of_a_cjk_character_is_two_columns() -> None:
    # 陈伟明: three wide characters, 6 columns; "Zoë" with a combining diaeresis: 3 columns.
    assert width("陈伟明") == 6 and width("Ann") == 3 and width("Zoe\u0308") == 3
    assert left("陈伟明", 8) == "陈伟明  " and right("李", 4) == "  李"
    assert left("a long name", 4) == "a long name"  # never cut


def test_standings_columns_line_up_after_cjk_names(data: Path) -> None:
    sign_up = "id,name\n" + "".join(f"SG{n:02},{name}\n" for n, name in enumerate(NAMES, 1))
    (data / "sign-up.csv").write_text(sign_up, encoding="utf-8")
    assert invoke("create", "SG Open", "--profile", "sg-championship", "--stage",
                  "Qualifying:4:4:score").exit_code == 0
    assert invoke("add-players", "sg-open", "--csv", data / "sign-up.csv").exit_code == 0
    assert invoke("draw", "sg-open", "Qualifying", "--seed", "3").exit_code == 0
    t = tournaments.load("sg-open")
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:
        lines = [{"name": t.seat_name(p), "total": total, "position": n + 1, "tied": False,
                  "bankrupt": False, "decided_by": None}
                 for n, (p, total) in enumerate(zip(table.players, (4000, 3000, 2000, 1000),
                                                    strict=True))]
        t = record_result(t, "Qualifying", table.number,
                          {"players": lines, "footer": {"collected": True, "head": "9:ab"}})
    tournaments.save(t)
    shown = invoke("standings", "sg-open", "Qualifying")
    assert shown.exit_code == 0, shown.output
    rows = [line for line in shown.output.splitlines() if re.match(r" *=?\d+  ", line)]
    assert len(rows) == 8
    # Each row's player id, "table" and score start at the same display column, whatever the
    # name before them.
    for word in (" SG0", " table ", "00 "):
        assert len({width(row[:row.index(word)]) for row in rows}) == 1, (word, rows)


def test_state_lines_up_the_players_cash_after_cjk_names(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    game = TableGame.open(str(db))
    names = ["陈伟明", "Ann", "林美玲"]
    game.submit(parse_command({"type": "new_game", "profile": "classic", "players": names,
                               "roll_off": [{"陈伟明": [6, 6], "Ann": [1, 2], "林美玲": [2, 3]}]}))
    game.close()
    shown = CliRunner().invoke(main, ["state", "--db", str(db)], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    rows = [line for line in shown.output.splitlines() if " cash " in line]
    assert len(rows) == 3
    assert len({width(row[:row.index(" cash ")]) for row in rows}) == 1, rows


def test_state_lines_up_the_cash_after_a_name_longer_than_the_column(tmp_path: Path) -> None:
    # A Malay name of 39 letters and an accented one: the column is as wide as the widest
    # name, so "cash" and the deeds' line still start at one column for every player.
    db = tmp_path / "table.db"
    game = TableGame.open(str(db))
    names = ["Siti Nurhaliza binti Abdul Rahman Yusof", "José Müller-Øberg", "陈伟明"]
    game.submit(parse_command({"type": "new_game", "profile": "classic", "players": names,
                               "roll_off": [{names[0]: [6, 6], names[1]: [1, 2],
                                             names[2]: [2, 3]}]}))
    game.close()
    shown = CliRunner().invoke(main, ["state", "--db", str(db)], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    rows = [line for line in shown.output.splitlines() if " cash " in line]
    assert all(row.strip().startswith(name) for row, name in zip(rows, names, strict=True))
    assert len({width(row[:row.index(" cash ")]) for row in rows}) == 1, rows
