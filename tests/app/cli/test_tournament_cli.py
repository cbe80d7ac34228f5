"""`banker tournament ...` end to end, and the published standings: CSV, HTML, PDF, no contact."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from models.tournament.changes import record_result
from tests.app.conftest import REPO
from ui.entry import main

CONTACTS = ["+65 9123 4567", "alice@example.sg", "Blk 123 Tampines St 11"]
SIGN_UP = ("id,name,contact\n" + "\n".join(
    f"SG{n:02},Player {n:02},{CONTACTS[n % 3]} ext{n:03}" for n in range(1, 21)) + "\n")


# The tournament's judge, registered with the tournament (`add-judge`): rulings, withdrawals
# and standby calls are a judge's decisions, signed with this PIN.
JUDGE, JUDGE_PIN = "Tan", "246802"


def invoke(*args: str | Path) -> Result:
    return CliRunner(env={"BANKER_JUDGE_PIN": JUDGE_PIN, "BANKER_NEW_JUDGE_PIN": JUDGE_PIN}
                     ).invoke(main, ["tournament", *map(str, args)], catch_exceptions=False)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path


def drawn(data: Path) -> None:
    (data / "sign-up.csv").write_text(SIGN_UP, encoding="utf-8")
    assert invoke("create", "SG Open", "--profile", "sg-championship", "--stage",
                  "Qualifying:4:8:score", "--stage", "Semi-final:4:1:table").exit_code == 0
    assert invoke("add-judge", "sg-open", JUDGE).exit_code == 0
    assert invoke("add-players", "sg-open", "--csv", data / "sign-up.csv").exit_code == 0
    assert invoke("draw", "sg-open", "Qualifying", "--seed", "11").exit_code == 0


def scored(data: Path) -> None:
    """Each qualifying table's sheet as app.scoresheet makes it (collected): seat 1 wins with
    3000, seat 2 2000, seat 3 1000, seat 4 bankrupt."""
    drawn(data)
    t = tournaments.load("sg-open")
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:
        lines = [{"name": t.seat_name(p), "total": total, "position": n + 1, "tied": False,
                  "bankrupt": total == 0, "decided_by": None}
                 for n, (p, total) in enumerate(zip(table.players, (3000, 2000, 1000, 0),
                                                    strict=True))]
        t = record_result(t, "Qualifying", table.number,
                          {"players": lines, "footer": {"collected": True, "head": "9:ab"}})
    tournaments.save(t)


def test_create_enter_draw_and_list_the_tables_from_the_command_line(data: Path) -> None:
    drawn(data)
    again = invoke("draw", "sg-open", "Qualifying", "--seed", "11")
    assert again.exit_code == 0
    assert "seed 11: 20 players at 5 tables" in again.output
    listed = invoke("tables", "sg-open", "Qualifying", "--json")
    cards = json.loads(listed.output)
    assert [c["card"]["label"] for c in cards][:2] == ["SG Open · Qualifying · table 1",
                                                       "SG Open · Qualifying · table 2"]
    assert all(len(c["card"]["players"]) == 4 and c["game"] is None for c in cards)
    started = invoke("start-table", "sg-open", "Qualifying", "2", "--roll-off",
                     "6+5 4+3 2+2 5+1", "--banker", "Siti")
    assert started.exit_code == 0, started.output
    assert "table 2's game started" in started.output
    refused = invoke("draw", "sg-open", "Qualifying")
    assert refused.exit_code == 3
    assert "has started: its draw stands" in refused.output
    out = invoke("withdraw", "sg-open", "SG01", "--reason", "no-show", "--judge", JUDGE)
    assert out.exit_code == 0 and "withdrawn before the Semi-final" in out.output


def test_an_impossible_table_count_is_refused_and_nothing_changes(data: Path) -> None:
    drawn(data)
    before = tournaments.tournament_path("sg-open").read_bytes()
    out = invoke("withdraw", "sg-open", "SG03", "--reason", "no-show", "--judge", JUDGE)
    assert "its draw must be made again" in out.output
    refused = invoke("draw", "sg-open", "Qualifying")
    assert refused.exit_code == 3
    assert "19 players cannot sit at tables of 4 (never 3)" in refused.output
    assert "withdraw 3 to make 16, or enter 1 more to make 20" in refused.output
    assert tournaments.tournament_path("sg-open").read_bytes() != before  # the withdrawal only
    assert tournaments.load("sg-open").draw("Qualifying") is None


def test_standings_and_a_ruling_from_the_command_line(data: Path) -> None:
    scored(data)
    # 5 tables: five 3000s (wins 1), five 2000s: the top 8 are the five winners and three of
    # the five 2000s, who are level on score, wins 0 and best game 2000: a tie across the line.
    shown = invoke("standings", "sg-open", "Qualifying", "--json")
    found = json.loads(shown.output)
    assert not found["decided"] and found["ties"][0]["positions"] == [6, 10]
    tied = found["ties"][0]["players"]
    # The line (8) falls inside 6-10: three seats to settle, so a ruling names 3 or all 5.
    refused = invoke("rule", "sg-open", "Qualifying", *tied[:2], "--judge", "Tan",
                     "--reason", "lot")
    assert refused.exit_code == 3 and "has 3 seats to settle" in refused.output
    text = invoke("standings", "sg-open", "Qualifying").output
    assert "(positions 6-10): banker tournament rule, naming the 3 taking the seats" in text
    ruled = invoke("rule", "sg-open", "Qualifying", *tied, "--judge", "Tan", "--reason", "lot")
    assert ruled.exit_code == 0
    text = invoke("standings", "sg-open", "Qualifying").output
    assert "Qualifying standings\n" in text and "TIE" not in text
    assert f"close call: {tournaments.load('sg-open').seat_name(tied[0])}: advances by the " \
           "head judge's ruling (Tan: lot)" in text


def test_the_published_page_csv_and_pdf_carry_no_contact_detail(data: Path) -> None:
    scored(data)
    html, csv_out = data / "standings.html", data / "standings.csv"
    out = invoke("publish", "sg-open", "Qualifying", "--html", html, "--csv", csv_out)
    assert out.exit_code == 0, out.output
    page, sheet = html.read_text(encoding="utf-8"), csv_out.read_text(encoding="utf-8")
    for contact in CONTACTS:
        assert contact not in page and contact not in sheet
    assert "ext0" not in page and "ext0" not in sheet  # nor any part of one
    assert '<meta name="viewport" content="width=device-width' in page
    for external in ("http://", "https://", "<script", "<link", "src="):
        assert external not in page
    assert "Player 01" in page and "tie: the head judge rules" in page
    assert sheet.splitlines()[0] == ("\ufeffposition,name,id,table,score,place_at_table,bankrupt,"
                                     "wins,status")
    assert len(sheet.splitlines()) == 21
    pdf = data / "standings.pdf"
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen", DATA_DIR_ENV: str(data / "data")}
    done = subprocess.run(
        [sys.executable, "-c", "from ui.entry import main; main()", "tournament", "publish",
         "sg-open", "Qualifying", "--pdf", str(pdf)],
        cwd=REPO, env=env, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(pdf).pages).split())
    assert "SG Open" in text and "Player 01" in text and "Qualifying standings" in text
    for contact in CONTACTS:
        assert contact not in text


def test_publish_needs_something_to_write(data: Path) -> None:
    drawn(data)
    assert invoke("publish", "sg-open", "Qualifying").exit_code == 2


def test_the_published_data_are_stamped_and_say_whether_they_are_final(data: Path) -> None:
    from app.tournament.publishing import published  # noqa: PLC0415

    scored(data)
    found = published(tournaments.load("sg-open"), "Qualifying",
                      datetime(2026, 11, 30, 12, 0, tzinfo=UTC))
    assert found["published_at"] == "2026-11-30T12:00+00:00"
    assert found["state"] == "provisional: a tie waits for the head judge's ruling"
    assert "contact" not in json.dumps(found)


def test_a_damaged_tournament_file_is_said_plainly_and_a_failed_save_keeps_the_old_one(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn(data)
    path = tournaments.tournament_path("sg-open")
    good = path.read_bytes()

    # A save that fails before the rename (a full disk at fsync) leaves the old file whole.
    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched, pytest.raises(OSError):
        patched.setattr(os, "fsync", full_disk)
        tournaments.withdraw("sg-open", "SG01", "no-show", (JUDGE, JUDGE_PIN))
    assert path.read_bytes() == good and not list(path.parent.glob(".*.tmp"))
    # A copy cut short (not something save() ever leaves): a plain refusal, nothing changed,
    # and none of the file's contents (the players' contacts) echoed back.
    path.write_bytes(good[: len(good) // 2])
    out = invoke("withdraw", "sg-open", "SG01", "--reason", "no-show", "--judge", JUDGE)
    assert out.exit_code == 3
    assert "damaged, not a tournament file (Invalid JSON: EOF while parsing" in out.output
    assert "put back your last good copy" in out.output
    assert "Traceback" not in out.output and "errors.pydantic.dev" not in out.output
    assert not any(contact in out.output for contact in CONTACTS)
    assert path.read_bytes() == good[: len(good) // 2]
    path.write_text('{"id": "sg-open"}', encoding="utf-8")
    out = invoke("standings", "sg-open", "1")
    assert out.exit_code == 3 and "(name: Field required, and 2 more)" in out.output


def test_counts_of_one_are_said_in_the_singular(data: Path) -> None:
    # One player entered, then three more: "1 player", "4 players"; four players draw one table
    # ("4 players at 1 table"), never "1 tables".
    assert invoke("create", "Small Cup", "--profile", "sg-championship", "--stage",
                  "Final:4:3:table").exit_code == 0
    one = invoke("add-players", "small-cup", "--player", "A1=Ann")
    assert "small-cup: 1 player entered" in one.output
    more = invoke("add-players", "small-cup", "--player", "B2=Bo", "--player", "C3=Cy",
                  "--player", "D4=Di")
    assert "small-cup: 4 players entered" in more.output
    made = invoke("draw", "small-cup", "Final", "--seed", "1")
    assert "4 players at 1 table" in made.output and "1 tables" not in made.output
