"""Publishing leaves a record every laptop reads: the desk's `banker tournament publish` adds
the publication to the tournament (a new version on the hub; its file without one) after the
files are written, and another laptop's standings say it; a hub out of reach at that moment is
said, exit 4, the files staying; another desk's change first is said, exit 3. On a SQLite hub
always; on PostgreSQL when its server can start (else skipped, saying so)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import publishing
from app.tournament import service as tournaments
from models.tournament.records import Player, Tournament
from tests.app.hub_tables import HUBS, fresh_hub
from tests.app.tournament.test_tournament_on_hub import Laptop, twelve_on, versions
from ui.entry import main
from ui.tournament import publish_command

DEAD_HUB = "postgresql://banker@127.0.0.1:1/hub"  # nothing listens on port 1


def banker(*args: str | Path) -> Result:
    return CliRunner().invoke(main, ["tournament", *map(str, args)], catch_exceptions=False)


@pytest.mark.parametrize("kind", HUBS)
def test_a_publish_at_the_desk_is_a_new_version_another_laptop_reads(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    judge = Laptop(tmp_path / "head-judge", url, monkeypatch)
    tid = twelve_on(desk)
    csv_out, page = tmp_path / "q.csv", tmp_path / "q.html"
    with desk:
        tournaments.draw(tid, "Qualifying", seed=42)
        before = versions(url, tid)
        out = banker("publish", tid, "Qualifying", "--csv", csv_out, "--html", page,
                     "--by", "Desk Lee")
        assert out.exit_code == 0, out.output
    assert versions(url, tid) == [*before, (len(before) + 1, "Qualifying: published (csv, html)")]
    with judge:
        seen = tournaments.load(tid).publications
        text = banker("standings", tid, "Qualifying").output
        as_json = json.loads(banker("standings", tid, "Qualifying", "--json").output)
    assert len(seen) == 1
    p = seen[0]
    # 12 entrants at tables of 4: tables 1, 2 and 3, none reported yet.
    assert (p.stage, p.provisional, p.awaiting, p.formats, p.by) == (
        "Qualifying", True, (1, 2, 3), ("csv", "html"), "Desk Lee")
    assert p.state == "provisional: tables 1, 2, 3 still to report"
    assert p.state.capitalize() in page.read_text(encoding="utf-8")  # as the page says it
    # The posted CSV is matched to the record by its SHA-256 (as sha256sum gives it).
    assert p.digest == hashlib.sha256(csv_out.read_bytes()).hexdigest()
    assert f"published {p.at.day} {p.at:%b %Y, %H:%M} UTC by Desk Lee: provisional: tables " \
           f"1, 2, 3 still to report (csv, html; SHA-256 {p.digest[:12]})" in text
    assert as_json["published"] == p.model_dump(mode="json")
    assert as_json["decided"] is False and "rows" in as_json  # what scripts read before, kept


def test_without_a_hub_the_publication_is_in_the_tournament_s_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    t = tournaments.create("File Open", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"F{n}", name=f"Entrant {n}") for n in range(8)])
    tournaments.draw(t.id, "Qualifying", seed=1)
    out = banker("publish", t.id, "Qualifying", "--csv", tmp_path / "q.csv")
    assert out.exit_code == 0, out.output
    assert "recorded: Qualifying published " in out.output
    saved = json.loads((tmp_path / "data" / "tournaments" / f"{t.id}.json").read_text("utf-8"))
    assert [(p["stage"], p["formats"], p["by"]) for p in saved["publications"]] == [
        ("Qualifying", ["csv"], "the desk")]
    assert banker("standings", t.id, "Final").output.endswith("not published yet\n")


def test_a_hub_out_of_reach_after_the_files_are_written_is_said_exit_4_files_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    tid = twelve_on(desk)
    real = publish_command.published

    def read_then_hub_goes(*args: Any) -> dict[str, Any]:
        data = real(*args)  # the hub answered the read ...
        monkeypatch.setenv(HUB_URL_ENV, DEAD_HUB)  # ... and is gone by the record
        return data

    with desk:
        tournaments.draw(tid, "Qualifying", seed=42)
        before = versions(url, tid)
        monkeypatch.setattr(publish_command, "published", read_then_hub_goes)
        out = banker("publish", tid, "Qualifying", "--csv", tmp_path / "q.csv")
    assert out.exit_code == 4, out.output
    assert "written: " in out.output and (tmp_path / "q.csv").exists()
    assert "not recorded: the files are written, but their publishing is not recorded: the " \
           "hub cannot be opened" in out.output and "publish again to record it" in out.output
    assert versions(url, tid) == before


def test_another_desk_s_change_first_is_said_exit_3_and_publishing_again_records(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real collision on PostgreSQL: this desk has read version N inside its transaction when
    the other desk's draw commits N+1 on a connection of its own."""
    url = fresh_hub("postgresql", tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    tid = twelve_on(desk)
    real = publishing.record_publication

    def other_desk_meanwhile(t: Tournament, *args: Any) -> Tournament:
        monkeypatch.setattr(publishing, "record_publication", real)
        tournaments.draw(tid, "Qualifying", seed=99)  # the other desk, its own connection
        return real(t, *args)

    with desk:
        tournaments.draw(tid, "Qualifying", seed=42)
        monkeypatch.setattr(publishing, "record_publication", other_desk_meanwhile)
        out = banker("publish", tid, "Qualifying", "--csv", tmp_path / "q.csv")
        assert out.exit_code == 3, out.output
        assert "changed meanwhile at another desk" in out.output
        assert tournaments.load(tid).publications == ()
        assert banker("publish", tid, "Qualifying", "--csv", tmp_path / "q.csv").exit_code == 0
        assert len(tournaments.load(tid).publications) == 1
