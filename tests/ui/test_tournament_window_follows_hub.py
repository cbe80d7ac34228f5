"""The tournament window follows the hub: another desk's change (a `banker` process of its own, or
the service on a connection of its own) shows within a few seconds without a restart, read on the
window's polling thread; not under an open dialog, but as soon as it closes; a hub that stops is
said as the hub's, what is shown stays, and the window catches up when the hub is back.
PostgreSQL, its server stopped and started again."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.app.hub_tables import fresh_hub
from tests.app.tournament.test_tournament_hub_processes import banker
from tests.ui.test_head_judge_outage import outage
from ui.tournament.player_dialogs import AddPlayerDialog
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

POLL_MS = 100  # the window asks this often here (3 s in the hall); waits are on what it shows
SEEN_MS = 10_000  # "within a few seconds"


def test_another_desks_changes_show_by_themselves_after_a_dialog_and_an_outage(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("postgresql", tmp_path)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, url)
    t = tournaments.create("Hall Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"H{n}", name=f"Player {n}") for n in range(1, 9)])
    window = TournamentWindow(t.id, poll_ms=POLL_MS)
    qtbot.addWidget(window)
    assert window.polling is not None and window.polling.thread is not None  # off the GUI thread
    qtbot.waitUntil(lambda: window.hub_text.text().startswith("Hub: live"), timeout=SEEN_MS)
    assert window.cards.rowCount() == 0

    # The desk is entering a player when another desk (its own process) draws: the dialog's
    # window is not changed under it; the draw shows as soon as the dialog is closed.
    window.add_player()
    assert isinstance(window.dialog, AddPlayerDialog)
    banker(tmp_path / "other-desk", url, "tournament", "draw", t.id, "Qualifying", "--seed", "7")
    qtbot.waitUntil(lambda: "a change waits for the dialog" in window.hub_text.text(),
                    timeout=SEEN_MS)
    assert window.cards.rowCount() == 0 and window.t.draw("Qualifying") is None
    window.dialog.reject()
    qtbot.waitUntil(lambda: window.cards.rowCount() == 2, timeout=SEEN_MS)
    assert window.t.draw("Qualifying").seed == 7
    assert window.messages.text().startswith("Hall Open 2026 changed on the hub (another desk "
                                             "or the head judge): shown as it is now")
    window.tabs.setCurrentIndex(1)
    window.cards_view.selectRow(1)  # the desk is looking at table 2

    # The hub stops: said once as the hub's, what is shown stays; F5 keeps it too.
    with outage("postgresql", url):
        qtbot.waitUntil(lambda: window.hub_text.text().startswith("Hub not answering since"),
                        timeout=SEEN_MS)
        assert window.messages.level == "warning"
        assert window.messages.text().startswith("The hub does not answer (the hub ")
        assert f"postgresql+psycopg://banker@127.0.0.1:{url.split(':')[-1].split('/')[0]}" in (
            window.messages.text())
        assert "catches up when the hub is back" in window.messages.text()
        window.reload()
        assert window.messages.text().startswith("The hub cannot be read just now")
        assert window.t.draw("Qualifying").seed == 7 and window.cards.rowCount() == 2
        window.grab().save(str(tmp_path / "outage.png"))
    qtbot.waitUntil(lambda: window.hub_text.text().startswith("Hub: live"), timeout=SEEN_MS)
    assert window.messages.text().startswith("The hub answers again")

    # Back: the other desk (the service, on a connection of its own) draws again with another
    # seed; the window shows it, table 2 still selected.
    tournaments.draw(t.id, "Qualifying", seed=8)
    qtbot.waitUntil(lambda: window.t.draw("Qualifying").seed == 8, timeout=SEEN_MS)
    assert "seed 8" in window.draw_text.text()
    selected = window.cards_view.selectionModel().selectedRows()
    assert [window.cards.key(i.row()) for i in selected] == [2]
    window.grab().save(str(tmp_path / "follows.png"))
