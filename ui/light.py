"""One light palette in every window, whatever the system's colour scheme (docs/decisions.md,
"One light palette under a dark system theme")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

# Fusion's own light colours, with the window a shade lighter: the style sheet (app.qss), the
# message line, the clock's levels and the board were all chosen against these.
COLOURS = {
    QPalette.ColorRole.Window: "#F0F0F0",
    QPalette.ColorRole.WindowText: "#1A1A1A",
    QPalette.ColorRole.Base: "#FFFFFF",
    QPalette.ColorRole.AlternateBase: "#F3F6F9",
    QPalette.ColorRole.ToolTipBase: "#FFFFDC",
    QPalette.ColorRole.ToolTipText: "#1A1A1A",
    QPalette.ColorRole.PlaceholderText: "#6B6B6B",
    QPalette.ColorRole.Text: "#1A1A1A",
    QPalette.ColorRole.Button: "#E8E8E8",
    QPalette.ColorRole.ButtonText: "#1A1A1A",
    QPalette.ColorRole.BrightText: "#FFFFFF",
    QPalette.ColorRole.Light: "#FFFFFF",
    QPalette.ColorRole.Midlight: "#E3E3E3",
    QPalette.ColorRole.Mid: "#A0A0A0",
    QPalette.ColorRole.Dark: "#A0A0A0",
    QPalette.ColorRole.Shadow: "#696969",
    QPalette.ColorRole.Highlight: "#0B5394",
    QPalette.ColorRole.HighlightedText: "#FFFFFF",
    QPalette.ColorRole.Link: "#0B5394",
    QPalette.ColorRole.LinkVisited: "#5B2C83",
}
DISABLED = {
    QPalette.ColorRole.WindowText: "#6E6E6E",
    QPalette.ColorRole.Text: "#6E6E6E",
    QPalette.ColorRole.ButtonText: "#6E6E6E",
    QPalette.ColorRole.Base: "#F0F0F0",
}


def light_palette() -> QPalette:
    """The app's palette: dark text on light ground in every group (disabled text still
    readable at 4.5:1 on the window's ground)."""
    palette = QPalette()
    for role, colour in COLOURS.items():
        palette.setColor(role, QColor(colour))
    for role, colour in DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


def keep_light(app: QGuiApplication) -> None:
    """Ask the platform for its light scheme, and set the light palette whatever it answers:
    a dark system theme then reaches no panel (before, it darkened the lists' ground under
    the ledger's dark text, and left the rest light)."""
    app.styleHints().setColorScheme(Qt.ColorScheme.Light)
    app.setPalette(light_palette())
