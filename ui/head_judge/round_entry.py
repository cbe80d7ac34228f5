"""The head judge's entries in the hall's round: start it for every table, pause the hall (why),
resume it, announce (the words); each asks the head judge's name and PIN, and the tournament
service (app.tournament.rounds) checks and records it on the hub, or refuses with why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QWidget

from app.tournament import rounds
from models.errors import BankerError
from models.tournament.hall_clock import MAX_TEXT, HallRound, Kind
from ui.forms import KeyboardForm


@dataclass(frozen=True)
class RoundAction:
    """One of the head judge's round actions: its menu words, keys, and what it asks."""

    kind: Kind
    label: str
    keys: str
    words: str | None  # the field's label when it asks for words (a pause's reason)


ROUND_ACTIONS = (
    RoundAction("start", "&Start the round for every table", "Ctrl+Shift+S", None),
    RoundAction("pause", "&Pause the hall…", "Ctrl+Shift+P", "Why the hall pauses"),
    RoundAction("resume", "&Resume the hall", "Ctrl+Shift+R", None),
    RoundAction("announce", "&Announce to every table…", "Ctrl+Shift+A", "The announcement"),
)
TITLES = {"start": "Start the round", "pause": "Pause the hall", "resume": "Resume the hall",
          "announce": "Announce to every table"}


class RoundEntryDialog(KeyboardForm):
    """The words (a pause's reason, an announcement) when the entry has them, the head
    judge's name and PIN; nothing is checked here (the service does)."""

    def __init__(self, action: RoundAction, where: str, parent: QWidget | None = None) -> None:
        title = TITLES[action.kind]
        super().__init__(title, parent, what=title)
        form = QFormLayout(self)
        explain = QLabel(f"{title}: {where}.\nThe head judge signs it with their PIN; every "
                         "table follows within seconds.")
        explain.setWordWrap(True)
        form.addRow(explain)
        self.words = QLineEdit()
        self.words.setObjectName("round_words")
        self.words.setMaxLength(MAX_TEXT)
        if action.words is not None:
            form.addRow(action.words, self.words)
        self.name = QLineEdit()
        self.name.setObjectName("judge_name")
        self.pin = QLineEdit()
        self.pin.setObjectName("judge_pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Head judge's name", self.name)
        form.addRow("PIN", self.pin)
        self.add_buttons(form, "Sign and record  [Enter]")
        self.setMinimumWidth(520)

    def take(self) -> tuple[str, str, str]:
        """The words, the name and the PIN typed; the PIN field emptied (the window keeps no
        PIN)."""
        words, name, pin = self.words.text().strip(), self.name.text().strip(), self.pin.text()
        self.pin.clear()
        return words, name, pin


def record_entry(tid: str, stage: str, kind: Kind, words: str, judge: str, pin: str,
                 sleep: Callable[[float], None]) -> tuple[str, bool]:
    """Record one entry of the round through the tournament service; the words for the
    message line and whether it was recorded (a refusal says why: a wrong PIN, an entry out
    of order, another head judge's entry meanwhile, a login that may not write, the hub
    down; nothing of it is recorded). `sleep` is the wrong-PIN delay (ui.waiting paints)."""
    try:
        hall = rounds.record(tid, stage, kind, words, judge, pin, sleep=sleep)
    except BankerError as e:
        return f"{TITLES[kind]}: {e}", False
    return recorded_words(hall, kind), True


def recorded_words(hall: HallRound, kind: Kind) -> str:
    """What the message line says once an entry is recorded."""
    entry = hall.entries[-1]
    at = f"{entry.at.astimezone():%H:%M:%S}"
    said = {"start": f"Round {hall.round} started at {at} by {entry.by}: every table's clock "
                     "starts from it",
            "pause": f"The hall is PAUSED ({entry.text}) at {at} by {entry.by}: every table "
                     "records the pause",
            "resume": f"The hall resumed at {at} by {entry.by}",
            "announce": f"Announced at {at} by {entry.by}: “{entry.text}”"}
    return f"Recorded: {said[kind]}"


def resumed_words(hall: HallRound) -> str | None:
    """The message line's words once the hall runs again after a pause (resumed here, from
    the CLI or from another laptop), or None while the pause holds."""
    resumed = hall.resumed
    if resumed is None:
        return None
    return (f"The hall resumed at {resumed.at.astimezone():%H:%M:%S} by {resumed.by}: the "
            "pause is over")
