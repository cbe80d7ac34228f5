"""About Championship Banker: the app, its version (and what it runs on), and the licences of the
fonts it ships (resources/fonts/), their whole texts to read. Help ▸ About in the main window's
menu and the start page's About button open it; the start page's title says the version when
pointed at."""

from __future__ import annotations

from pathlib import Path

import PySide6
from PySide6.QtCore import QEvent, QObject, Qt, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

import resources
from app.version import app_version, components

NAME = "Championship Banker"
FONTS = Path(resources.__file__).resolve().parent / "fonts"
# Each shipped family's licence, as its file in resources/fonts/ names it.
FONT_LICENCES = (
    ("DejaVu Sans and DejaVu Sans Mono 2.37", "the Bitstream Vera Fonts licence (DejaVu's "
     "changes in the public domain)", "LICENSE.txt"),
    ("Noto Sans, Noto Sans Arabic, Hebrew, Tamil Names and CJK SC Names",
     "the SIL Open Font License, Version 1.1", "OFL-Noto.txt"),
)


def qt_components() -> list[tuple[str, str]]:
    """Qt's and PySide6's versions, as this window's layer runs them."""
    return [("Qt", qVersion()), ("PySide6", PySide6.__version__)]


def titled() -> str:
    """The app's name and version, as the About says it first."""
    return f"{NAME} {app_version()}"


def runs_on() -> str:
    """What the app runs on, in one line: Python, Qt, PySide6, SQLite, SQLAlchemy, pydantic."""
    parts = components()
    ordered = [parts[0], *qt_components(), *parts[1:]]
    return ", ".join(f"{name} {version}" for name, version in ordered)


def licence_texts() -> str:
    """The shipped fonts' licence files, one after the other, as they are shipped."""
    return "\n\n".join((FONTS / file).read_text(encoding="utf-8").strip()
                       for _, _, file in FONT_LICENCES)


class AboutDialog(QDialog):
    """The app's name and version, what it runs on, the fonts' licences named and in full."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("about")
        self.setWindowTitle(f"About {NAME}")
        self.heading = QLabel(titled())
        self.heading.setObjectName("title")  # as the start page's (resources/styles/app.qss)
        self.heading.setAccessibleName(f"{NAME}, version {app_version()}")
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.purpose = QLabel("The official banker's and judge's ledger for Monopoly "
                              "championship tables.")
        self.purpose.setWordWrap(True)
        self.platform = QLabel(f"Running on {runs_on()}.")
        self.platform.setObjectName("runsOn")
        self.platform.setWordWrap(True)
        self.platform.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        named = "; ".join(f"{family}: {licence}" for family, licence, _ in FONT_LICENCES)
        self.fonts = QLabel(f"The fonts shipped with the app, and their licences. {named}. "
                            "Their whole texts:")
        self.fonts.setObjectName("fontLicences")
        self.fonts.setWordWrap(True)
        self.texts = QPlainTextEdit(licence_texts())
        self.texts.setObjectName("licenceTexts")
        self.texts.setReadOnly(True)
        self.texts.setAccessibleName("The fonts' licences in full")
        self.texts.setTabChangesFocus(True)
        # The files are wrapped as written (under 100 characters a line): kept as they are.
        self.texts.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.heading, self.purpose, self.platform, self.fonts):
            layout.addWidget(widget)
        layout.addWidget(self.texts, 1)
        layout.addWidget(buttons)
        self.resize(860, 600)


class VersionTip(QObject):
    """Gives a widget (the start page's title) the app's name and version as its tooltip, worked
    out when first pointed at: a checkout asks git for its version, which the start page's
    first paint does not wait for."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.widget and event.type() == QEvent.Type.ToolTip:
            self.widget.removeEventFilter(self)
            self.widget.setToolTip(f"{titled()} (Help ▸ About says more)")
        return False
