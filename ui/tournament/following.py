"""The tournament window follows the hub: every few seconds the tournament's latest version is
read on a thread of its own (ui/polling.py), and a change made elsewhere (another desk's draw or
take-in, the head judge's ruling) is shown; never under an open dialog, and a hub that does not
answer is said once, with what is shown kept as last read, until it answers again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QTimer
from PySide6.QtWidgets import QApplication, QTableView

from app.tournament.store import FollowedOnHub, HubReading
from ui.polling import Polling

POLL_MS = 3000
"""How often the hub is asked: another desk's change shows within a few seconds."""
DOWN_STYLE = "color: #4A3000; background: #FFF3D6; border: 1px solid #C98A00; padding: 2px 6px;"


class HubFollowing:
    """Mixed into TournamentWindow (`t`, `dialog`, `picker`, `show_tournament`,
    `list_tournaments`, `say`, `hub_text`, the views); `self: Any` because a mixin cannot name
    its host's type. `read_hub()` asks now (the timer asks every `poll_ms`)."""

    def follow_hub(self: Any, hub: str | None, poll_ms: int | None, threaded: bool) -> None:
        """Follow the tournament shown on `hub` (None: no hub is set, nothing is followed)."""
        self.polling, self.hub_down, self.reading = None, None, False
        self.asked = -1  # the window's own reading count when the hub was asked
        self.hub_text.setVisible(hub is not None)
        self.hub_text.setWordWrap(False)  # one line at the top right
        if hub is None:
            return
        self.follow = FollowedOnHub(hub)
        self.polling = Polling(self.follow, self, threaded=threaded)
        self.polling.poller.found.connect(self._hub_read)
        self.polling.poller.failed.connect(self._hub_failed)
        self.poll_timer = QTimer(self)
        self.poll_timer.timeout.connect(self.read_hub)
        if poll_ms:
            self.poll_timer.start(poll_ms)
            QTimer.singleShot(0, self.read_hub)

    def read_hub(self: Any) -> None:
        """Ask the hub for the tournament shown (unless a reading is still under way)."""
        if self.polling is None or self.reading:
            return
        self.reading = True
        self.asked = self.own_reads
        self.follow.tid = self.t.id if self.t is not None else self.wanted
        self.polling.ask()

    def stop_following(self: Any) -> None:
        """Stop asking and release the hub's connections (the window closes)."""
        if self.polling is not None:
            self.poll_timer.stop()
            self.polling.release()

    def editing(self: Any) -> bool:
        """A dialog is open: what it was opened on is not changed under it."""
        shown = self.dialog is not None and self.dialog.isVisible()
        return shown or QApplication.activeModalWidget() is not None

    def _hub_read(self: Any, reading: HubReading) -> None:
        self.reading = False
        if self.asked != self.own_reads:  # the window read the tournament itself meanwhile
            self.read_hub()  # this reading may be older than what is shown: ask again
            return
        back, self.hub_down = self.hub_down is not None, None
        held = reading.tournament is not None
        self.hub_text.setStyleSheet("")
        self.hub_text.setToolTip("")
        self.hub_text.setText(f"Hub: {'live' if held else 'answering'}, read at "
                              f"{datetime.now():%H:%M:%S}" + (
                                  "" if held or reading.tid is None
                                  else " (this tournament is in this laptop's file)"))
        if back:
            self.say("The hub answers again: the tournament shown is the hub's as of now.")
        if self.editing():
            self.hub_text.setText(self.hub_text.text() + " — a change waits for the dialog")
            return
        if self.t is None and self.unlisted:
            self.list_tournaments(self.wanted)  # the hub was down when the window opened
            return
        found = reading.tournament
        if found is None or self.t is None or found.id != self.t.id or (
                found == self.t and reading.not_followed == self.not_followed):
            return
        same = found == self.t  # only what is not followed changed: nothing a reader follows
        with self._selection_kept():
            self.show_tournament(found, reading.not_followed)
        if same and reading.not_followed:
            self.say(f"{found.name} on the hub: a judge's decision is not followed (listed "
                     "under the standings).", "warning")
            return
        self.say(f"{found.name} changed on the hub (another desk or the head judge): shown as "
                 f"it is now (version {reading.version}).")

    def _hub_failed(self: Any, reason: str) -> None:
        self.reading = False
        first = self.hub_down is None
        self.hub_down = self.hub_down or datetime.now()
        self.hub_text.setStyleSheet(DOWN_STYLE)
        self.hub_text.setText(f"Hub not answering since {self.hub_down:%H:%M:%S}: shown as last "
                              "read")
        self.hub_text.setToolTip(reason)
        if first:
            self.say(f"The hub does not answer ({reason}). What is shown is as last read; the "
                     "window asks again by itself and catches up when the hub is back.",
                     "warning")

    @contextmanager
    def _selection_kept(self: Any) -> Iterator[None]:
        """The rows selected stay selected (by their key) across a change shown."""
        views: list[QTableView] = [self.players_view, self.cards_view, self.standings_view,
                                   self.roll_view]
        kept = [(v, [v.model().key(i.row()) for i in v.selectionModel().selectedRows()])
                for v in views]
        yield
        for view, keys in kept:
            model = view.model()
            for row in range(model.rowCount()):
                if keys and model.key(row) in keys:
                    view.selectionModel().select(
                        model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                        | QItemSelectionModel.SelectionFlag.Rows)
