"""The hub's truth comes from the hub (issue 28): an entry that does not link to its game's last is
refused by the database itself, `hub status` reads each copy's head from its own entries and says
"complete" only for a chain it checked, and `hub verify` checks every chain whole. SQLite hub
always; PostgreSQL when its server can start."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import text

from app.cli.main import main
from app.hub import Hub, HubRefused, chains, push_file, read_batch, receiving
from app.hub.audit import audit
from app.ledger import LedgerError, open_ledger
from app.ledger.writing import EVENT_COLUMNS
from tests.app.hub_tables import HUBS, fresh_hub, new_table, play

FORGED = "f" * 64


@pytest.fixture(params=HUBS)
def hub_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_hub(request.param, tmp_path)


@pytest.fixture
def table_file(tmp_path: Path) -> Path:
    """Table 1's file after 40 random commands."""
    game = new_table(tmp_path, 1)
    play(game, 40, Random(8))
    game.close()
    return tmp_path / "table-1.db"


def pushed(hub_url: str, path: Path) -> tuple[str, int, str]:
    """The file copied whole to the hub: its game, and the hub's head (seq, hash)."""
    with Hub.open(hub_url) as hub:
        [copied] = push_file(hub, path)
        return copied.game_id, *hub.head(copied.game_id)


def head_row(hub_url: str, game_id: str) -> dict[str, Any]:
    with Hub.open(hub_url) as hub, hub.database.read() as connection:
        row = connection.execute(text(
            f"SELECT {', '.join(EVENT_COLUMNS)} FROM events WHERE game_id = :game "
            "ORDER BY seq DESC LIMIT 1"), {"game": game_id}).one()
    return dict(zip(EVENT_COLUMNS, row, strict=True))


def insert_event(hub_url: str, row: dict[str, Any]) -> None:
    """One events row typed as plain SQL on the hub (the owner's connection on PostgreSQL)."""
    names, values = ", ".join(row), ", ".join(f":{name}" for name in row)
    with Hub.open(hub_url) as hub, hub.database.write() as connection:
        connection.execute(text(f"INSERT INTO events ({names}) VALUES ({values})"), row)


@pytest.mark.parametrize("forged", ["prev_hash", "gap"])
def test_an_entry_typed_in_sql_that_does_not_link_to_the_last_is_refused(
        hub_url: str, table_file: Path, forged: str) -> None:
    game_id, seq, digest = pushed(hub_url, table_file)
    row = head_row(hub_url, game_id)
    row.update(seq=seq + (2 if forged == "gap" else 1), hash=FORGED,
               prev_hash=digest if forged == "gap" else FORGED)
    with pytest.raises(LedgerError, match="does not link to"):
        insert_event(hub_url, row)
    with Hub.open(hub_url) as hub:
        assert hub.head(game_id) == (seq, digest)


def test_a_sender_that_skips_the_arrival_checks_is_refused_as_broken_and_recorded(
        hub_url: str, table_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A modified app sends a batch whose first entry does not follow the hub's last: its own
    # checks skipped, the hub's database refuses the rows and the refusal is recorded.
    with open_ledger(table_file, create=False, readonly=True) as ledger:
        game_id = ledger.game_ids()[0]
        first = read_batch(ledger.database, game_id, 0, 10)
        rest = read_batch(ledger.database, game_id, first.last, 10)
    monkeypatch.setattr(receiving, "chain_break", lambda _batch, _prev: None)
    monkeypatch.setattr(receiving, "_compare", lambda _batch, _held: None)
    events = list(rest.events)
    events[0] = (*events[0][:9], FORGED, events[0][10])
    with Hub.open(hub_url) as hub:
        hub.receive(first, "table 1")
        with pytest.raises(HubRefused, match=f"entry {rest.first} .* does not link to the hub's "
                                             f"entry {rest.first - 1}") as refused:
            hub.receive(replace(rest, events=tuple(events)), "table 1")
        assert refused.value.kind == "broken"
        assert [r.kind for r in hub.refusals(game_id)] == ["broken"]
        assert hub.head(game_id)[0] == first.last


def forge_linked_entry(hub_url: str, game_id: str) -> int:
    """A row that links to the hub's last (the trigger lets it in) with a hash that does not
    match its content: what only a recomputed hash shows. Returns its seq."""
    row = head_row(hub_url, game_id)
    seq = int(row["seq"]) + 1
    row.update(seq=seq, prev_hash=row["hash"], hash=FORGED)
    insert_event(hub_url, row)
    return seq


def test_status_names_a_copy_broken_by_a_linked_row_whose_hash_is_forged(
        hub_url: str, table_file: Path) -> None:
    game_id, held, _ = pushed(hub_url, table_file)
    runner = CliRunner()
    before = runner.invoke(main, ["hub", "status", "--hub", hub_url])
    assert f"complete (its file holds {held})" in before.output
    seq = forge_linked_entry(hub_url, game_id)
    shown = runner.invoke(main, ["hub", "status", "--hub", hub_url])
    assert shown.exit_code == 0, shown.output
    assert "complete" not in shown.output
    assert f"the hub's copy is broken at entry {seq}: entry {seq} (" in shown.output
    assert "its hash does not match its contents" in shown.output
    rows = json.loads(runner.invoke(main, ["hub", "status", "--hub", hub_url, "--json"]).output)
    assert [(r["standing"], r["entries"], r["checked"]) for r in rows] == [("broken", seq, held)]


def test_verify_names_each_broken_entry_and_exits_1(hub_url: str, table_file: Path) -> None:
    game_id, _, _ = pushed(hub_url, table_file)
    runner = CliRunner()
    sound = runner.invoke(main, ["hub", "verify", "--hub", hub_url])
    assert sound.exit_code == 0, sound.output
    assert sound.output == "1 game checked: every chain and signature sound\n"
    seq = forge_linked_entry(hub_url, game_id)
    found = runner.invoke(main, ["hub", "verify", "--hub", hub_url])
    assert found.exit_code == 1, found.output
    assert (f"chain: game {game_id} (table 1), event {seq} (" in found.output
            and "): stored hash does not match its contents" in found.output)
    assert "1 game checked: NOT SOUND (" in found.output
    listed = json.loads(runner.invoke(main, ["hub", "verify", "--hub", hub_url, "--json"]).output)
    assert listed["sound"] is False and listed["games"] == 1
    assert {(f["what"], f["game"]) for f in listed["findings"]} == {("chain", game_id)}
    with Hub.open(hub_url) as hub:
        assert next(f.where for f in audit(hub)).startswith(f"game {game_id} (table 1), event {seq}")


def test_verify_of_a_hub_that_is_not_there_exits_4(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["hub", "verify", "--hub", str(tmp_path / "none.db")])
    assert result.exit_code == 4 and "no hub at" in result.output
    assert not (tmp_path / "none.db").exists()


def test_status_checks_only_the_entries_it_has_not_checked_before(
        hub_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[int] = []
    real = chains.chain_break

    def counting(batch: Any, prev: tuple[int, str]) -> Any:
        checked.append(len(batch.events))
        return real(batch, prev)

    monkeypatch.setattr(chains, "chain_break", counting)
    game = new_table(tmp_path, 2)
    play(game, 20, Random(2))
    with Hub.open(hub_url) as hub:
        push_file(hub, tmp_path / "table-2.db")
        first = hub.head(game.game_id)[0]
        assert [t.checked for t in hub.tables()] == [first]
        assert [t.checked for t in hub.tables()] == [first]  # nothing new: nothing read again
        play(game, 10, Random(3))
        push_file(hub, tmp_path / "table-2.db")
        head = hub.head(game.game_id)[0]
        assert head > first
        assert [t.checked for t in hub.tables()] == [head]
    game.close()
    assert checked == [first, head - first]
