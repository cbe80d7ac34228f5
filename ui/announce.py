"""Status changes said to assistive technology (a screen reader): a refusal, the time left, a
recorded entry. One helper, so every window says them the same way."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

POLITE = QAccessible.AnnouncementPoliteness.Polite
ASSERTIVE = QAccessible.AnnouncementPoliteness.Assertive


def announce(widget: QWidget, text: str, *, urgent: bool = False) -> None:
    """Have a screen reader say `text`, as coming from `widget`: after what it is reading
    (polite), or at once when `urgent` (a refusal, a stopped ledger, the time). Nothing is
    built while no assistive technology listens (Qt activates it when one connects)."""
    if not text or not QAccessible.isActive():
        return
    event = QAccessibleAnnouncementEvent(widget, text)
    event.setPoliteness(ASSERTIVE if urgent else POLITE)
    QAccessible.updateAccessibility(event)
