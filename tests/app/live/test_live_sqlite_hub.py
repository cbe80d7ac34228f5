"""A hall on a SQLite hub (one laptop's file, no logins) is served as it is: the same snapshot as
on PostgreSQL (each table as its own file folds it, the DIVERGED table showing nothing of its
game, no contact, nothing of the hub's path) and the same pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.live.snapshot import LiveReader
from app.live.web import LivePage, Options
from app.table.service import TableGame
from app.table.view_build import table_view
from tests.app.hub_tables import fresh_hub
from tests.app.live.hall import CONTACTS, NAMES, build


def test_a_sqlite_hub_is_read_and_served_as_a_postgresql_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))  # build sets both; restored after
    monkeypatch.setenv(HUB_URL_ENV, "")
    url = fresh_hub("sqlite", tmp_path)
    hall = build(url, tmp_path)
    page = LivePage(LiveReader(hall.reader), Options(poll_s=3600))
    try:
        data = page.reader.refresh().data
        text = json.dumps(data, ensure_ascii=False)
        assert not [c for c in CONTACTS.values() if c in text]
        assert str(tmp_path) not in text  # the hub's file is its address: never shown
        [t] = data["tournaments"]
        [stage] = [s for s in t["stages"] if s["drawn"]]
        tables = {x["number"]: x for x in stage["tables"]}
        assert sorted(s["name"] for x in tables.values() for s in x["seats"]) == sorted(NAMES)
        game = TableGame.open(str(hall.files[1]), create=False, readonly=True)
        try:
            view = table_view(game)
        finally:
            game.close()
        shown = tables[1]["game"]
        assert tables[1]["status"] == "live"
        assert shown["entries"] == view.head_seq
        assert [(p["name"], p["cash"]) for p in shown["players"]] == [
            (p.name, p.cash) for p in view.players]
        assert tables[3]["status"] == "diverged" and tables[3]["game"] is None
        with TestClient(page.app, raise_server_exceptions=False) as client:
            answer = client.get("/")
            assert answer.status_code == 200
            assert "Hall Live Open" in answer.text and str(tmp_path) not in answer.text
            assert client.post("/").status_code == 405
    finally:
        page.reader.close()
