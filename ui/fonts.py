"""The app's fonts: the Noto families and DejaVu shipped in `resources/fonts/`, added to Qt's font
database once and set as one family list on every window and printed sheet (the laptop's own fonts
behind them); the check that names the characters of a name no font can draw; and a right-to-left
name isolated in a line of text so it keeps its neighbours in place."""

from __future__ import annotations

import html
import re
import unicodedata
from functools import cache
from pathlib import Path

from PySide6.QtCore import QLoggingCategory, Qt
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QGuiApplication, QTextDocument

import resources

FOLDER = Path(resources.__file__).resolve().parent / "fonts"
# Qt sets a run of one script in the first family here that writes it, and a character that face
# lacks in the next one that has it; then it asks the laptop. Noto Sans writes Latin, Greek and
# Cyrillic; Arabic and Hebrew come before DejaVu Sans, which writes them too (less well); DejaVu
# Sans then gives the symbols Noto Sans lacks (the minus sign, the arrows) as the sheets had them,
# before the Tamil and Chinese faces (which would draw their own).
SANS = ("Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans",
        "Noto Sans Tamil Names", "Noto Sans CJK SC Names")
MONO = ("DejaVu Sans Mono", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Tamil Names",
        "Noto Sans CJK SC Names")
FAMILIES = ("DejaVu Sans", "DejaVu Sans Mono", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew",
            "Noto Sans Tamil Names", "Noto Sans CJK SC Names")

FSI, PDI = "\u2068", "\u2069"  # FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE
# LEFT-TO-RIGHT MARK: Qt's rich text takes a paragraph's direction from its first strong letter,
# looking inside isolates, so a line opening with an Arabic name would be set right to left.
LRM = "\u200e"


def _rtl_class() -> str:
    """A regex class of the right-to-left letters and the marks and digits written among them
    (the Hebrew, Arabic, Syriac, Thaana, N'Ko blocks and their presentation forms)."""
    blocks = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10800, 0x10FFF),
              (0x1E800, 0x1EFFF))
    codes = [c for low, high in blocks for c in range(low, high + 1)
             if unicodedata.bidirectional(chr(c)) in {"R", "AL", "AN", "NSM"}]
    # As ranges of neighbours (123 of them), not 3,312 letters one by one: the regex engine
    # tried the letters above U+FFFF one at a time at every place of every line it searched.
    runs: list[list[int]] = []
    for code in codes:
        if runs and runs[-1][1] == code - 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return "".join(re.escape(chr(low)) if low == high
                   else f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high in runs)


_RTL_CHARS = _rtl_class()
# A run of right-to-left words: from a right-to-left letter to the last one, the spaces between.
_RTL_RUN = re.compile(f"[{_RTL_CHARS}](?:[{_RTL_CHARS} ]*[{_RTL_CHARS}])?")

_loaded: list[str] = []

__all__ = ["FAMILIES", "FOLDER", "MONO", "SANS", "app_font", "css_families", "escaped", "isolated",
           "left_to_right", "load_fonts", "undrawable", "undrawable_message", "use_everywhere"]


def load_fonts() -> list[str]:
    """Add the shipped fonts to Qt's font database (once; needs a QGuiApplication) and return
    the families they gave; a file Qt cannot read is left out (the system's fonts stand in)."""
    if not _loaded:
        # Qt says at info level, on stderr, each time a family on the list lacks a script's
        # shaping tables ("OpenType support missing for "DejaVu Sans", script 16"), as it tries
        # the next: nothing is wrong, and a banker's terminal is not the place for it
        # (QT_LOGGING_RULES still brings it back).
        QLoggingCategory.setFilterRules("qt.text.font.db.info=false")
        for path in sorted(FOLDER.glob("*.ttf")):
            font_id = QFontDatabase.addApplicationFont(str(path))
            if font_id >= 0:
                _loaded.extend(QFontDatabase.applicationFontFamilies(font_id))
    return sorted(set(_loaded))


def app_font(*, mono: bool = False) -> QFont:
    """A font on the shipped family list (the monospaced one when `mono`), the fonts loaded."""
    load_fonts()
    font = QFont()
    font.setFamilies(list(MONO if mono else SANS))
    return font


def css_families(*, mono: bool = False) -> str:
    """The family list as a CSS `font-family` value, for the printed sheets' documents."""
    names = ", ".join(f"'{family}'" for family in (MONO if mono else SANS))
    return f"{names}, {'monospace' if mono else 'sans-serif'}"


def use_everywhere(app: QGuiApplication) -> None:
    """Make the shipped family list the application's font, keeping its size: every window,
    and every widget the style sheet names no family for, is set in it."""
    font = app_font()
    size = app.font().pointSizeF()
    if size > 0:
        font.setPointSizeF(size)
    app.setFont(font)


def isolated(text: str) -> str:
    """`text` (a name, or a line holding names) with each run of right-to-left words (an Arabic
    or Hebrew name) between FSI and PDI, after an LRM: in the left-to-right line it is drawn
    right to left without moving the words and numbers around it, and a line it opens stays
    left to right. Text without a right-to-left letter is returned unchanged (the lines of Latin,
    Chinese and Tamil names keep their bytes); isolating twice is isolating once."""
    if text.isascii() or not _RTL_RUN.search(text):
        return text
    # Names refuse these marks (models/names.py): any here were put by an earlier isolation.
    bare = text.replace(f"{LRM}{FSI}", "").replace(PDI, "")
    return _RTL_RUN.sub(lambda run: f"{LRM}{FSI}{run.group(0)}{PDI}", bare)


def escaped(text: object) -> str:
    """`text` for a printed sheet's HTML: escaped, a right-to-left name isolated (`isolated`),
    so a cell holding it keeps the sheet's left alignment and its neighbours stay in place."""
    return html.escape(isolated(str(text)))


def left_to_right(doc: QTextDocument) -> QTextDocument:
    """`doc` with every paragraph read left to right: Qt takes a paragraph's direction from its
    first strong letter, isolates or not, so a table cell holding only an Arabic name would
    otherwise be aligned to the right of the sheet."""
    option = doc.defaultTextOption()
    option.setTextDirection(Qt.LayoutDirection.LeftToRight)
    doc.setDefaultTextOption(option)
    return doc


@cache
def _drawable(code: int) -> bool:
    # QFontMetrics over a family list answers for the whole fallback chain: the shipped
    # faces, then every font the laptop has that Qt would fall back to.
    return QFontMetrics(app_font()).inFontUcs4(code)


def undrawable(text: str) -> list[str]:
    """The characters of `text` (each once, in order) that neither a shipped font nor any font of
    this laptop can draw: they would show and print as a box. Needs a QGuiApplication."""
    if QGuiApplication.instance() is None:
        raise RuntimeError("a QGuiApplication must exist to ask the fonts")
    found: list[str] = []
    for char in text:
        if char in found or char.isspace() or unicodedata.category(char) in {"Cc", "Cf"}:
            continue  # a space or a control has no glyph to miss (names refuse the controls)
        # A private-use character is drawn by a font's own choice (the shipped Tamil font
        # keeps codes of its own there): never a letter of a name.
        if unicodedata.category(char) == "Co" or not _drawable(ord(char)):
            found.append(char)
    return found


def undrawable_message(names: list[str] | tuple[str, ...]) -> str:
    """One sentence per name with a character no font here can draw, naming each character;
    empty when every name can be drawn."""
    lines = []
    for name in names:
        chars = undrawable(name)
        if chars:
            listed = ", ".join(f"U+{ord(c):04X} '{c}'" for c in chars)
            lines.append(f"{listed} in '{name}' cannot be drawn by any font on this laptop: "
                         "it would show and print as a box.")
    return "\n".join(lines)
