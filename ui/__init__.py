"""The PySide6 window: widgets that send commands and show state; no rule is decided here."""
