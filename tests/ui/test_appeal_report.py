"""The appeal report: the whole ledger in words with the disputes, rulings and corrections, and
the verdict and head on every page; `banker appeal-report` writes it all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from app.review import service as review
from app.table.service import TableGame
from tests.app.recorded_games import JUDGE, SetClock, line_of, play, record
from ui.entry import commands
from ui.judge.appeal import write_appeal_pdf

SG = "sg-final-position.jsonl"
ACTOR = {"role": "judge", "name": JUDGE}


def disputed(db: Path) -> TableGame:
    """The SG example up to its judge's end position (65 entries), a roll the banker undid,
    then a dispute on Dev's rent (entry 60), its ruling and its correction."""
    clock = SetClock()
    game = record(db, SG, line_of(SG, "adjust_deed"), clock)
    play(game, clock, type="roll", player="Ben", dice=[1, 1], at="2026-11-21T10:10:00Z")
    play(game, clock, type="undo", at="2026-11-21T10:10:10Z")
    play(game, clock, type="raise_dispute", raised_by="Dev", about="paid the rent twice",
         entries=[60], at="2026-11-21T10:11:00Z")
    play(game, clock, type="rule_dispute", dispute=1, ruling="paid twice; Aisha refunds M12",
         actor=ACTOR, at="2026-11-21T10:12:00Z")
    play(game, clock, type="adjust_cash", from_account="Aisha", to_account="Dev", amount=12,
         reason="refund (ruling on dispute 1)", dispute=1, actor=ACTOR,
         at="2026-11-21T10:13:00Z")
    return game


def words(page) -> str:
    return " ".join(page.extract_text().split())


def test_the_report_holds_every_entry_the_ruling_and_the_head_on_every_page(qapp, tmp_path
                                                                             ) -> None:
    game = disputed(tmp_path / "t.db")
    out = tmp_path / "appeal.pdf"
    pages = write_appeal_pdf(game, out)
    pdf = PdfReader(out)
    assert len(pdf.pages) == pages >= 2
    text = [words(p) for p in pdf.pages]
    verdict = review.verdict(game)
    assert verdict.sound
    for number, page in enumerate(text, start=1):
        assert f"Ledger head {verdict.head}" in page
        assert f"Page {number} of {pages}" in page
    whole = " ".join(text)
    assert "Appeal report" in text[0] and verdict.text in text[0]
    assert "Dispute 1" in whole and "paid twice; Aisha refunds M12" in whole
    assert "entry 60: Dev pays Aisha 12 rent (claim 1)" in whole  # what the dispute is about
    entries = review.entries(game)
    (correction,) = review.disputes(game)[0].corrections
    assert f"entry {correction}: " in whole
    for e in entries:  # every entry, in its own words (a long one may wrap across a line)
        assert e.text.split()[0] in whole
    (voided,) = [e for e in entries if e.voided and e.type == "dice_rolled"]
    assert f"VOID by entry {voided.voided_by}" in whole
    assert f"The ledger: {len(entries)} entries" in whole
    assert not list(tmp_path.glob(".*.part"))


def test_banker_appeal_report_writes_the_pdf(qapp, tmp_path) -> None:
    disputed(tmp_path / "t.db").close()
    out = tmp_path / "appeal.pdf"
    result = CliRunner().invoke(commands(), ["appeal-report", "--db", str(tmp_path / "t.db"),
                                             "--pdf", str(out)])
    assert result.exit_code == 0, result.output
    assert "appeal report written to" in result.output
    assert PdfReader(out).pages


@pytest.mark.parametrize(("args", "code"), [
    (["--pdf", "no/such/folder/a.pdf"], 2),
    ([], 2),
])
def test_banker_appeal_report_usage_errors_write_nothing(tmp_path, monkeypatch, args,
                                                         code) -> None:
    monkeypatch.chdir(tmp_path)
    record(tmp_path / "t.db", SG, 20).close()
    result = CliRunner().invoke(commands(), ["appeal-report", "--db", "t.db", *args])
    assert result.exit_code == code
    assert not list(tmp_path.rglob("*.pdf"))


def test_banker_appeal_report_of_a_missing_ledger_is_exit_4(tmp_path) -> None:
    result = CliRunner().invoke(commands(), ["appeal-report", "--db", str(tmp_path / "no.db"),
                                             "--pdf", str(tmp_path / "a.pdf")])
    assert result.exit_code == 4
    assert not (tmp_path / "no.db").exists() and not (tmp_path / "a.pdf").exists()
