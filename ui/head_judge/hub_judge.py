"""A table's game opened from the hub in the judge's window: read-only, since the table's own
ledger is the source of truth and a judge's entry is recorded there, never on the hub."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow

READ_ONLY = ("READ-ONLY: the hub's copy of {label}. It follows the table as its entries "
             "arrive; a judge's action is recorded at the table, in the table's own window.")


class HubJudgeSession(JudgeSession):
    """The judge's session on one game of the hub; every judge's action is refused here."""

    def __init__(self, hub_url: str, game_id: str, table_label: str, **kwargs: Any) -> None:
        super().__init__(hub_url, game_id, **kwargs)
        self.table_label = table_label

    @property
    def label(self) -> str:
        return f"{self.table_label} (the hub's copy) · game {self.game.game_id}"

    def send_as_judge(self, command: dict[str, Any], what: str) -> bool:
        """Refused without asking for a PIN: nothing is ever recorded on the hub from here."""
        self.refused.emit(f"{what}: not recorded — this is the hub's copy, read-only; "
                          f"record it at {self.table_label}'s own window")
        return False


def open_on_hub(hub_url: str, game_id: str, table_label: str,
                parent: QWidget | None = None) -> JudgeWindow:
    """The judge's window on the hub's copy of the game (raises the ledger's errors)."""
    window = JudgeWindow(HubJudgeSession(hub_url, game_id, table_label), parent)
    window.mode.setText(READ_ONLY.format(label=table_label))
    return window
