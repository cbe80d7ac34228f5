"""The scoresheet of the shipped SG example: every figure by hand, the PDF, and the lock on collection."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from app.version import app_version
from tests.app.conftest import REPO, ledger_json, state_json
from tests.conftest import TEST_VERSION
from ui.entry import main

EXAMPLE = REPO / "resources" / "examples" / "sg-final-position.jsonl"
JUDGE, PIN = "Lee", "246813"
LOCKED = "SG Raising a Dispute"  # "Once the score sheet is collected, no further disputes will be accepted."

# The end position of the example (singapore.toml carries the classic US figures; SG Scoring:
# cash + property, deeds at price, buildings at cost, a hotel = hotel cost + 4 houses, mortgaged
# deeds at half; RULES.md Score):
# Aisha: cash 1500 - 200 (MRT Station 1) - 160 (Street 3 pink) + 12 (rent, claim 1) - 18 (rent,
#   claim 2) + 300 (Dev's cash in his bankruptcy) = 1434. Deeds MRT Station 1 200, Street 1
#   (pink) 140 (Dev's), Street 3 (pink) 160, Street 1 (dark blue) 350, Street 2 (dark blue) 400
#   with a hotel 200 + 4 × 200 = 1000 -> property 2250; total 1434 + 2250 = 3684. The Chance Get
#   Out of Jail Free card is not in the SG total (tie-breaker only, 50).
# Ben: cash 1500 - 100 - 120 (light blue 6, 9) - 110 (auction for 8) - 150 (a house on each)
#   - 150 (Utility 1) - 300 (2 more houses on each) + 480 (judge) = 1050. Deeds 100 + 100 + 120
#   with 3 houses each 3 × 50 = 150, Utility 1 150, MRT Station 2 mortgaged 200/2 = 100
#   -> property 320 + 450 + 150 + 100 = 1020; total 2070.
# Chloe: cash 1500 - 200 (Street 3 orange) - 220 (Street 2 red) + 18 (rent) - 450 (a house on
#   each red street, 3 × 150) + 92 (judge) = 740. Deeds 200 + 220 + 220 + 240, a house on each
#   red street 3 × 150 = 450 -> property 1330; total 2070.
# Dev: bankrupt (the first and only one) to Aisha: total 0, last (SG Using the score sheet).
# Ben and Chloe are level on 2070; SG Tie-Breaker Sequence 1, cash: 1050 > 740, Ben 2nd.
TOTALS = {"Aisha": (1434, 2250, 3684), "Ben": (1050, 1020, 2070), "Chloe": (740, 1330, 2070),
          "Dev": (0, 0, 0)}
LABELS = {"Aisha": "1st", "Ben": "2nd", "Chloe": "3rd", "Dev": "4th"}


def invoke(*args: str | Path) -> Result:
    """`banker ARGS...` in-process, with the scoresheet command (ui/entry.py) registered."""
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def copy_ledger(source: Path, target: Path) -> Path:
    """A consistent copy of a SQLite ledger (WAL included), so a test can change its own."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return target


def sheet_json(db: Path, *extra: str) -> dict[str, Any]:
    result = invoke("scoresheet", "--db", db, "--json", *extra)
    assert result.exit_code == 0, result.output
    sheet: dict[str, Any] = json.loads(result.stdout)
    return sheet


def pdf_text(path: Path) -> str:
    """The PDF's text with its whitespace (Qt writes tabs between words) made single spaces."""
    reader = PdfReader(path)
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def write_pdf(db: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """`banker scoresheet --pdf` in a child process: its QGuiApplication stays out of this one
    (the ui tests need a QApplication of their own)."""
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-c", "from ui.entry import main; main()", "scoresheet", "--db", str(db),
         "--pdf", str(out), *extra],
        cwd=REPO, env=env, capture_output=True, text=True, check=False, timeout=120)


@pytest.fixture(scope="module")
def example_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ledger holding the SG example, recorded with the judge Lee signed in."""
    db = tmp_path_factory.mktemp("sg") / "sg.db"
    # The example opens the game, so judge Lee is registered with it (PIN from the environment).
    ran = CliRunner(env={"BANKER_JUDGE_PIN": PIN}).invoke(
        main, ["run", str(EXAMPLE), "--db", str(db), "--banker", "Siti", "--judge", JUDGE],
        catch_exceptions=False)
    assert ran.exit_code == 0, ran.output
    return db


@pytest.fixture
def db(example_db: Path, tmp_path: Path) -> Path:
    """This test's own copy of the example's ledger."""
    return copy_ledger(example_db, tmp_path / "copy.db")


@pytest.fixture(scope="module")
def sheet(example_db: Path) -> dict[str, Any]:
    return sheet_json(example_db)


@pytest.fixture(scope="module")
def a4_pdf(example_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pdf") / "sheet.pdf"
    done = write_pdf(example_db, out)
    assert done.returncode == 0, done.stderr
    return out


# The example and the JSON --------------------------------------------------------------------------


def test_the_example_game_ends_by_time_with_the_hand_computed_cash(example_db: Path) -> None:
    # The clock: 45 minutes (the judge's set_game_length) from 10:00; the tick at 10:45:05 calls
    # time (SG Judge Responsibilities) and the game is over.
    state = state_json(invoke, example_db)
    assert state["phase"] == "over"
    assert {p["name"]: p["cash"] for p in state["players"]} == {n: t[0] for n, t in TOTALS.items()}


def test_the_sheet_header_names_the_event_the_table_the_rules_and_the_officials(
        sheet: dict[str, Any]) -> None:
    # From new_game (tournament, round, table), the profile, the judge's 45 minutes, the time
    # call, the banker recorded on the first command (--banker Siti) and the judge on the
    # adjustments (Lee).
    assert sheet["header"] == {
        "tournament": "Monopoly Singapore Championship 2026", "round": "Qualifying 2", "table": "7",
        "date": "2026-11-21", "profile": "Monopoly Singapore Championship",
        "profile_id": "sg-championship", "board": "Monopoly Singapore Edition (provisional)",
        "game_minutes": 45, "ended": "time called", "banker": "Siti", "judges": ["Lee"],
        "judge": "Lee",  # the first judge registered (judge_added)
        "scoring": "sg_scoresheet",
        "tie_breakers": ["cash", "unmortgaged", "hotels", "houses", "utilities", "mortgaged", "cards"],
    }


def test_every_total_and_position_is_the_one_worked_out_by_hand(sheet: dict[str, Any]) -> None:
    # See TOTALS above: Aisha 3684 1st; Ben 2070 2nd and Chloe 2070 3rd (cash); Dev 0, 4th.
    players = sheet["players"]
    assert [p["name"] for p in players] == ["Aisha", "Ben", "Chloe", "Dev"]
    assert {p["name"]: (p["cash"], p["property_value"], p["total"]) for p in players} == TOTALS
    assert {p["name"]: p["position_label"] for p in players} == LABELS
    assert [(p["position"], p["tied"]) for p in players] == [(1, False), (2, False), (3, False),
                                                             (4, False)]


def test_each_deed_line_carries_its_value_and_its_buildings(sheet: dict[str, Any]) -> None:
    # Aisha: the hotel on Street 2 (dark blue) 200 + 4 × 200 = 1000; Ben: 3 houses × 50 = 150 on
    # each light blue street, MRT Station 2 mortgaged at 200/2 = 100; Chloe: 1 house × 150 on
    # each red street.
    lines = {p["name"]: [(d["space"], d["buildings"], d["mortgaged"], d["deed_value"],
                          d["building_value"]) for d in p["deeds"]] for p in sheet["players"]}
    assert lines == {
        "Aisha": [(5, "", False, 200, 0), (11, "", False, 140, 0), (14, "", False, 160, 0),
                  (37, "", False, 350, 0), (39, "hotel", False, 400, 1000)],
        "Ben": [(6, "3 houses", False, 100, 150), (8, "3 houses", False, 100, 150),
                (9, "3 houses", False, 120, 150), (12, "", False, 150, 0), (15, "", True, 100, 0)],
        "Chloe": [(19, "", False, 200, 0), (21, "1 house", False, 220, 150),
                  (23, "1 house", False, 220, 150), (24, "1 house", False, 240, 150)],
        "Dev": [],
    }
    aisha = sheet["players"][0]
    assert (aisha["cards"], aisha["card_value"]) == (["ch_goojf"], 50)


def test_the_tie_break_figures_are_on_the_sheet_and_cash_separates_ben_from_chloe(
        sheet: dict[str, Any]) -> None:
    # SG Tie-Breaker Sequence, each at value:
    # Aisha: cash 1434; unmortgaged 200 + 140 + 160 + 350 + 400 = 1250; hotels 1000; houses 0;
    #   utilities 0; mortgaged 0; cards 50.
    # Ben: cash 1050; unmortgaged 100 + 100 + 120 + 150 = 470; hotels 0; houses 9 × 50 = 450;
    #   utilities 150; mortgaged (purchase price) 200; cards 0.
    # Chloe: cash 740; unmortgaged 200 + 220 + 220 + 240 = 880; hotels 0; houses 3 × 150 = 450;
    #   utilities 0; mortgaged 0; cards 0.
    # Ben and Chloe: 2070 each; cash 1050 > 740 decides (the shorter line in "Using the score
    # sheet" would have taken unmortgaged property, 880 > 470, and put Chloe ahead: RULES.md says
    # the Tie-Breaker Sequence stands).
    breaks = {p["name"]: p["tie_breaks"] for p in sheet["players"]}
    assert breaks == {
        "Aisha": {"cash": 1434, "unmortgaged": 1250, "hotels": 1000, "houses": 0, "utilities": 0,
                  "mortgaged": 0, "cards": 50},
        "Ben": {"cash": 1050, "unmortgaged": 470, "hotels": 0, "houses": 450, "utilities": 150,
                "mortgaged": 200, "cards": 0},
        "Chloe": {"cash": 740, "unmortgaged": 880, "hotels": 0, "houses": 450, "utilities": 0,
                  "mortgaged": 0, "cards": 0},
        "Dev": {},
    }


def test_the_bankrupt_player_scores_nothing_and_finishes_last(sheet: dict[str, Any]) -> None:
    # SG Using the score sheet: "If you go bankrupt, you will have zero property and cash totals".
    dev = sheet["players"][3]
    assert (dev["name"], dev["bankrupt"], dev["bankrupt_rank"], dev["total"]) == ("Dev", True, 1, 0)


def test_the_footer_matches_the_ledger(example_db: Path, sheet: dict[str, Any]) -> None:
    # The paper is tied to the ledger: its head, the event count and the first 16 characters of
    # the last hash, as `banker ledger --json` shows them; not collected yet.
    events = ledger_json(invoke, example_db)
    # It names the app's version printing it and the one that recorded the game (the test
    # harness's, tests/conftest.py).
    assert sheet["footer"] == {"events": len(events), "last_hash": events[-1]["hash"][:16],
                               "head": f"{len(events)}:{events[-1]['hash'][:16]}",
                               "collected": False, "printed_by": app_version(),
                               "recorded_by": TEST_VERSION}
    assert events[-1]["seq"] == len(events)


def test_the_plain_sheet_is_words_and_a_table_and_json_only_with_json(example_db: Path) -> None:
    result = invoke("scoresheet", "--db", example_db)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert not text.lstrip().startswith("{") and '"players"' not in text
    lines = text.splitlines()
    assert lines[0] == "Monopoly Singapore Championship 2026 — scoresheet (time called)"
    assert lines[1].startswith("round Qualifying 2, table 7, ")
    # One row a player, in place order, with the totals worked out by hand above.
    rows = [line.split() for line in lines if line[:3] in ("1st", "2nd", "3rd", "4th")]
    assert rows == [["1st", "Aisha", "M1,434", "M2,250", "M3,684"],
                    ["2nd", "Ben", "M1,050", "M1,020", "M2,070"],
                    ["3rd", "Chloe", "M740", "M1,330", "M2,070"],
                    ["4th", "Dev", "bankrupt", "M0", "(1st", "to", "go", "bankrupt)"]]
    assert "  Ben (2nd): equal total, placed by cash" in lines
    assert any(line.startswith("ledger head ") for line in lines)
    assert lines[-1] == (f"Printed by Championship Banker {app_version()}; its game last "
                         f"recorded by {TEST_VERSION}")
    assert json.loads(invoke("scoresheet", "--db", example_db, "--json").stdout)["players"]


# The PDF -------------------------------------------------------------------------------------------


def test_the_pdf_is_a4_and_carries_every_name_total_position_and_the_hash(
        a4_pdf: Path, sheet: dict[str, Any]) -> None:
    # A4 is 595 × 842 points (210 × 297 mm at 72 points to the inch).
    pages = PdfReader(a4_pdf).pages
    assert [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pages] == [
        (595, 842)] * len(pages)
    text = pdf_text(a4_pdf)
    for name in TOTALS:
        assert name in text
    for money in ("M3,684", "M2,070", "M0"):
        assert money in text
    assert "1st Aisha — total M3,684" in text
    assert "2nd Ben — total M2,070" in text
    assert "3rd Chloe — total M2,070" in text
    assert "4th Dev — out of the game (1st to go bankrupt): total M0" in text
    assert sheet["footer"]["head"] in text
    # Each page's foot names the version that printed it (the extractor spaces the monospace
    # letters: compared without spaces).
    assert f"PrintedbyChampionshipBanker{app_version()}" in text.replace(" ", "")
    assert "Monopoly Singapore Championship 2026" in text
    assert "Qualifying 2" in text


def test_letter_paper_gives_a_us_letter_page(example_db: Path, tmp_path: Path) -> None:
    # US Letter is 612 × 792 points (8.5 × 11 in).
    out = tmp_path / "letter.pdf"
    done = write_pdf(example_db, out, "--paper", "letter")
    assert done.returncode == 0, done.stderr
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
             for p in PdfReader(out).pages}
    assert sizes == {(612, 792)}


# Collecting the sheet --------------------------------------------------------------------------------


def test_collecting_the_sheet_locks_the_game_against_a_later_dispute(db: Path, tmp_path: Path) -> None:
    # SG Raising a Dispute: "Once the score sheet is collected, no further disputes will be
    # accepted." Collecting adds one entry (scoresheet_collected): 93, and the footer says so.
    before = ledger_json(invoke, db)
    collected = sheet_json(db, "--collect")
    after = ledger_json(invoke, db)
    assert len(after) == len(before) + 1
    assert after[-1]["type"] == "scoresheet_collected"
    assert collected["footer"] == {"events": len(after), "last_hash": after[-1]["hash"][:16],
                                   "head": f"{len(after)}:{after[-1]['hash'][:16]}",
                                   "collected": True, "printed_by": app_version(),
                                   "recorded_by": TEST_VERSION}
    # The figures do not change.
    assert [(p["name"], p["total"], p["position_label"]) for p in collected["players"]] == [
        (n, TOTALS[n][2], LABELS[n]) for n in TOTALS]
    dispute = tmp_path / "dispute.jsonl"
    # No `at`: the sheet was collected now, and a command may not be dated before it.
    dispute.write_text('{"type": "raise_dispute", "raised_by": "Chloe", "about": "Ben\'s cash was '
                       'miscounted"}\n', encoding="utf-8")
    refused = invoke("run", dispute, "--db", db)
    assert refused.exit_code == 3
    assert f"refused by {LOCKED}" in refused.stderr
    assert len(ledger_json(invoke, db)) == len(after)


def test_before_the_collection_the_same_dispute_is_accepted(db: Path, tmp_path: Path) -> None:
    # RULES.md Table officials: disputes may be raised at any time until the sheet is collected,
    # after the time call too.
    dispute = tmp_path / "dispute.jsonl"
    dispute.write_text('{"type": "raise_dispute", "raised_by": "Chloe", "about": "Ben\'s cash was '
                       'miscounted", "at": "2026-11-21T10:50:00Z"}\n', encoding="utf-8")
    accepted = invoke("run", dispute, "--db", db)
    assert accepted.exit_code == 0, accepted.output
    assert ledger_json(invoke, db)[-1]["type"] == "dispute_raised"


def test_a_bankrupt_players_line_carries_the_game_time_he_lasted(sheet: dict[str, Any]) -> None:
    # The clock starts at 10:00:00 (no pause); Dev is declared bankrupt at 10:32:30, so he lasted
    # 32 min 30 s = 1,950,000 ms of game time (the clock of his bankruptcy entry). The players
    # still in at the end lasted the whole game and carry none (RULES.md Tournament).
    lasted = {p["name"]: p["lasted_ms"] for p in sheet["players"]}
    assert lasted == {"Aisha": None, "Ben": None, "Chloe": None, "Dev": 1_950_000}


def test_the_sheet_reads_only_the_events_it_names_and_they_are_those_of_the_whole_ledger(
        example_db: Path) -> None:
    # events_of (what the sheet reads instead of every event) gives exactly the events a full
    # read would pick: here Lee's judge entries (two rulings paying Ben 480 and Chloe 92), the
    # judge's registration and Dev's bankruptcy, in seq order with their transfers.
    from app.ledger import open_ledger  # noqa: PLC0415

    with open_ledger(example_db, create=False, readonly=True) as ledger:
        game_id = ledger.game_ids()[0]
        every = ledger.events(game_id)
        picked = ledger.events_of(game_id, ("judge_added", "player_bankrupt"), ("judge",))
        assert picked == [e for e in every if e.type in ("judge_added", "player_bankrupt")
                          or e.actor_role == "judge"]
        assert [e.type for e in picked if e.type != "judge_added" and e.actor_role != "judge"
                ] == ["player_bankrupt"]
        assert {e.actor_name for e in picked if e.actor_role == "judge"} == {JUDGE}
        assert sum(amount for e in picked if e.actor_role == "judge"
                   for _, to, amount in e.transfers if to != "bank") == 480 + 92
        assert ledger.events_of(game_id, ()) == []
