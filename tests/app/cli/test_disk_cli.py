"""Every CLI path ends in a clear message and a documented exit code, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli.main import main
from tests.app.conftest import SAMPLE, Banker, state_json


def test_run_dash_reads_the_script_from_standard_input(tmp_path: Path) -> None:
    db = tmp_path / "stdin.db"
    result = CliRunner().invoke(main, ["run", "-", "--db", str(db)], input=SAMPLE.read_bytes())
    assert result.exit_code == 0, result.output
    assert "37 commands recorded; the ledger is at event 90" in result.stdout


def test_an_empty_script_records_nothing_creates_nothing_and_says_so(
    banker: Banker, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("# only a comment\n\n")
    result = banker("run", empty, "--db", tmp_path / "new" / "table.db")
    assert result.exit_code == 0
    assert result.stdout.strip() == "empty.jsonl: no command lines; nothing recorded"
    assert not (tmp_path / "new").exists()


def test_a_script_that_is_not_utf8_is_a_usage_error_naming_the_line_and_creates_nothing(
    banker: Banker, tmp_path: Path
) -> None:
    latin1 = tmp_path / "latin1.jsonl"
    latin1.write_bytes(SAMPLE.read_bytes().split(b"\n")[0] + b'\n{"label": "caf\xe9"}\n')
    db = tmp_path / "table.db"
    result = banker("run", latin1, "--db", db)
    assert result.exit_code == 2
    assert "line 2 is not UTF-8 text (byte 0xe9); nothing was recorded" in result.stderr
    assert not db.exists()


def test_a_script_path_that_is_a_folder_is_a_usage_error(banker: Banker, tmp_path: Path) -> None:
    result = banker("run", tmp_path, "--db", tmp_path / "t.db")
    assert result.exit_code == 2
    assert "is a directory" in result.stderr


@pytest.mark.parametrize("command", ["run", "state", "verify"])
def test_a_ledger_path_that_is_a_folder_exits_4_saying_so(
    banker: Banker, tmp_path: Path, command: str
) -> None:
    args = ["run", SAMPLE] if command == "run" else [command]
    result = banker(*args, "--db", tmp_path)
    assert result.exit_code == 4
    assert f"{tmp_path} is a folder, not a ledger file" in result.stderr


def test_a_scoresheet_pdf_into_a_missing_folder_is_an_error_and_collects_nothing(
    sample_db: Path, banker: Banker, tmp_path: Path
) -> None:
    import ui.scoresheet.command  # noqa: F401, PLC0415 (registers `scoresheet`)

    pdf = tmp_path / "no-such-folder" / "sheet.pdf"
    result = CliRunner().invoke(main, ["scoresheet", "--db", str(sample_db), "--pdf", str(pdf),
                                       "--collect"])
    assert result.exit_code == 2
    assert f"folder {pdf.parent} does not exist; nothing was written" in result.stderr
    assert "written to" not in result.stdout
    assert not pdf.parent.exists()
    assert state_json(banker, sample_db)["locked"] is False  # the sheet was not collected


def test_a_pdf_that_qt_failed_to_write_is_an_error_and_replaces_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    # Qt's writer only warns when it cannot write; the check after it catches an empty file.
    from ui.scoresheet import document as scoresheet_document  # noqa: PLC0415

    monkeypatch.setattr(scoresheet_document, "_render", lambda *_: None)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(b"%PDF- the sheet printed before")
    with pytest.raises(OSError, match="the PDF could not be written"):
        scoresheet_document.write_pdf({}, pdf)
    assert pdf.read_bytes() == b"%PDF- the sheet printed before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]


@pytest.mark.parametrize("url", ["postgresql+psycopg://u@127.0.0.1:notaport/d", "sqlite+pysqlite://:x/"])
def test_a_database_url_that_does_not_parse_is_exit_4_in_words(url: str) -> None:
    # A mistyped --db URL (a port that is not a number) is said plainly, no traceback.
    result = CliRunner().invoke(main, ["state", "--db", url])
    assert result.exit_code == 4, result.output
    assert "is neither a file path nor a database URL" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
