"""`hub marks` and the refusal's reason name the same entry (issue 29's slip)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.hub import Hub, HubRefused, push_file
from tests.app.hub_tables import HUBS, fresh_hub, new_table, play
from tests.app.tamper_tools import drop_triggers, rechain


@pytest.fixture(params=HUBS)
def hub_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_hub(request.param, tmp_path)


def shorten_and_rewrite(path: Path, game_id: str, keep_commands: int) -> int:
    """A forger cuts the file back to its first `keep_commands` commands and rewrites the
    last one kept (every hash rebuilt: the file's own chain is sound). Returns the file's
    last entry, the one rewritten."""
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        (last,) = db.execute("SELECT max(seq) FROM events WHERE command_no <= ?",
                             (keep_commands,)).fetchone()
        db.execute("DELETE FROM transfers WHERE seq > ?", (last,))
        db.execute("DELETE FROM events WHERE seq > ?", (last,))
        db.execute("DELETE FROM commands WHERE command_no > ?", (keep_commands,))
        for table in ("events", "commands"):
            db.execute(f"UPDATE {table} SET actor_name = 'someone else' WHERE command_no = ?",
                       (keep_commands,))
        rechain(db, game_id, 1)
        db.commit()
    return int(last)


def test_a_shortened_and_rewritten_file_is_marked_at_the_entry_its_reason_names(
        hub_url: str, tmp_path: Path) -> None:
    game = new_table(tmp_path, 1)
    play(game, 60, Random(7))
    game_id = game.game_id
    game.close()
    path = tmp_path / "table-1.db"
    assert game_id is not None
    with Hub.open(hub_url) as hub:
        push_file(hub, path)
        held = hub.head(game_id)[0]
    last = shorten_and_rewrite(path, game_id, 30)
    assert last < held
    with Hub.open(hub_url) as hub, pytest.raises(HubRefused) as refused:
        push_file(hub, path)
    # The file holds `last` entries and its entry `last` differs from the hub's: that entry is
    # the one the mark points at and the one its reason names.
    assert refused.value.seq == last
    assert f"its entry {last} differs" in refused.value.reason
    listed = CliRunner().invoke(main, ["hub", "marks", "--hub", hub_url])
    assert listed.exit_code == 0, listed.output
    assert f"diverged at entry {last} " in listed.output
    assert f"its entry {last} differs" in listed.output
