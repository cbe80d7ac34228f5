"""`banker tournament check-in / absent / standby / roll-call` end to end: the roll call kept in
the tournament's file, the draw seating those present, an absent qualifier's seat filled by the
standby next in the qualifying ranking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from models.tournament.changes import record_result
from tests.app.cli.test_tournament_cli import JUDGE, invoke

# Qualifying totals by table and seat; top 4 by score go to the final. By hand: 5000 (table 1
# seat 1), 4900 (t2 s1), 4800 (t3 s1), 4000 (t1 s2) qualify; 3900 (t2 s2) is 5th: first standby.
TOTALS = {1: (5000, 4000, 3000, 2000), 2: (4900, 3900, 2900, 1900), 3: (4800, 3800, 2800, 1800)}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    players = [f"--player=P{n}=Player {n}" for n in range(1, 15)]
    assert invoke("create", "Roll Call Open", "--profile", "sg-championship", "--stage",
                  "Qualifying:4:4:score", "--stage", "Final:4:3:table").exit_code == 0
    assert invoke("add-players", "roll-call-open", *players).exit_code == 0
    assert invoke("add-judge", "roll-call-open", JUDGE).exit_code == 0
    return tmp_path


def test_the_roll_call_is_taken_and_the_draw_seats_exactly_those_present(data: Path) -> None:
    present = [f"P{n}" for n in range(1, 15) if n not in (4, 9)]
    done = invoke("check-in", "roll-call-open", "Qualifying", *present[:-1], "--by", "Desk Lee")
    assert done.exit_code == 0 and done.output == f"present: {', '.join(present[:-1])}\n"
    refused = invoke("draw", "roll-call-open", "Qualifying", "--seed", "5")
    assert refused.exit_code == 3
    assert "mark Player 4, Player 9, Player 14 present or absent" in refused.stderr
    assert invoke("absent", "roll-call-open", "1", "P4", "P9").exit_code == 0
    assert invoke("check-in", "roll-call-open", "1", "P14").exit_code == 0
    called = invoke("roll-call", "roll-call-open", "Qualifying")
    assert called.output.splitlines()[0] == \
        "present              P1         Player 1  (Desk Lee, " + \
        f"{tournaments.load('roll-call-open').check_ins[0].at:%Y-%m-%d %H:%M})"
    assert called.output.splitlines()[-1] == "12 present, 0 standby, 2 absent, 0 unmarked"
    assert invoke("draw", "roll-call-open", "Qualifying", "--seed", "5").exit_code == 0
    made = tournaments.load("roll-call-open").draw("Qualifying")
    assert made is not None
    assert sorted(p for x in made.tables for p in x.players) == sorted(present)


def test_an_absent_qualifier_is_replaced_by_the_standby_called_in(data: Path) -> None:
    assert invoke("absent", "roll-call-open", "Qualifying", "P13", "P14").exit_code == 0
    assert invoke("check-in", "roll-call-open", "Qualifying",
                  *[f"P{n}" for n in range(1, 13)]).exit_code == 0
    assert invoke("draw", "roll-call-open", "Qualifying", "--seed", "5").exit_code == 0
    no_standby = invoke("standby", "roll-call-open", "Qualifying", "P13", "--judge", JUDGE)
    assert no_standby.exit_code == 3 and "every entered player plays one" in no_standby.stderr
    t = tournaments.load("roll-call-open")
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:
        lines = [{"name": t.seat_name(p), "total": total, "position": n + 1, "tied": False,
                  "bankrupt": False, "decided_by": None}
                 for n, (p, total) in enumerate(zip(table.players, TOTALS[table.number],
                                                    strict=True))]
        t = record_result(t, "Qualifying", table.number,
                          {"players": lines, "footer": {"collected": True, "head": "9:ab"}})
    tournaments.save(t)
    first, fifth = made.tables[0].players[0], made.tables[1].players[1]
    going = [made.tables[0].players[0], made.tables[1].players[0], made.tables[2].players[0],
             made.tables[0].players[1]]
    assert invoke("absent", "roll-call-open", "Final", first).exit_code == 0
    assert invoke("check-in", "roll-call-open", "Final", *going[1:]).exit_code == 0
    wrong = invoke("standby", "roll-call-open", "Final", first, "--player",
                   made.tables[2].players[1], "--judge", JUDGE)
    assert wrong.exit_code == 3 and "is not next in line" in wrong.stderr
    called = invoke("standby", "roll-call-open", "Final", first, "--judge", JUDGE)
    assert called.exit_code == 0
    assert called.output == (f"{t.named(fifth)} called in for {t.named(first)} in the Final\n")
    # The standby's present mark at the roll call confirms the call: the seat stays theirs.
    confirmed = invoke("check-in", "roll-call-open", "Final", fifth)
    assert confirmed.exit_code == 0
    assert confirmed.output == (f"present: {fifth}; {fifth} confirms the standby call for "
                                f"{first}\n")
    outsider = invoke("check-in", "roll-call-open", "Final", made.tables[2].players[1])
    assert outsider.exit_code == 3 and "is not an entrant of the Final" in outsider.stderr
    listed = json.loads(invoke("roll-call", "roll-call-open", "Final", "--json").output)
    assert [(x["player"], x["status"], x["replaces"]) for x in listed][:2] == [
        (first, "absent", None), (fifth, "standby", first)]
    assert invoke("draw", "roll-call-open", "Final", "--seed", "1").exit_code == 0
    final = tournaments.load("roll-call-open").draw("Final")
    assert final is not None and sorted(final.tables[0].players) == sorted([fifth, *going[1:]])


def test_an_absence_after_the_draw_sets_the_draw_aside(data: Path) -> None:
    assert invoke("withdraw", "roll-call-open", "P13", "--reason", "ill", "--judge", JUDGE).exit_code == 0
    assert invoke("withdraw", "roll-call-open", "P14", "--reason", "ill", "--judge", JUDGE).exit_code == 0
    assert invoke("draw", "roll-call-open", "Qualifying", "--seed", "5").exit_code == 0
    done = invoke("absent", "roll-call-open", "Qualifying", "P1", "--by", "Desk Lee")
    assert done.output == "absent from the Qualifying: P1; its draw must be made again\n"
    assert tournaments.load("roll-call-open").draw("Qualifying") is None


def test_a_file_from_before_the_roll_call_loads_and_draws_everyone_as_before(data: Path) -> None:
    path = tournaments.tournament_path("roll-call-open")
    old = json.loads(path.read_text(encoding="utf-8"))
    del old["check_ins"]  # as written before the roll call existed
    path.write_text(json.dumps(old), encoding="utf-8")
    assert invoke("withdraw", "roll-call-open", "P14", "--reason", "ill", "--judge", JUDGE).exit_code == 0
    assert invoke("withdraw", "roll-call-open", "P13", "--reason", "ill", "--judge", JUDGE).exit_code == 0
    listed = invoke("roll-call", "roll-call-open", "Qualifying").output.splitlines()
    assert listed[-1] == "0 present, 0 standby, 0 absent, 12 unmarked"
    assert listed[-3:-1] == ["withdrawn            P14        Player 14",
                             "withdrawn            P13        Player 13"]
    assert invoke("draw", "roll-call-open", "Qualifying", "--seed", "5").exit_code == 0
    made = tournaments.load("roll-call-open").draw("Qualifying")
    assert made is not None and made.entrants == tuple(f"P{n}" for n in range(1, 13))
