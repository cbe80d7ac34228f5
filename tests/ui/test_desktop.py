"""The app's icon and desktop entry: the window, packaging/'s entry and the shipped icons agree."""

from __future__ import annotations

import configparser
import tomllib
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication

from ui import desktop

ROOT = Path(__file__).resolve().parents[2]


def test_the_icon_comes_in_every_shipped_size_beside_its_svg() -> None:
    sizes = desktop.icon().availableSizes()
    assert {QSize(size, size) for size in desktop.SIZES} <= set(sizes)
    assert (desktop.ICONS / f"{desktop.NAME}.svg").is_file()


def test_the_app_names_its_desktop_entry_and_carries_the_icon(qapp: QApplication) -> None:
    desktop.identify(qapp)
    assert qapp.desktopFileName() == desktop.NAME
    assert not qapp.windowIcon().isNull()


def test_the_desktop_entry_starts_the_console_script_with_the_shipped_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    entry.read(ROOT / "packaging" / f"{desktop.NAME}.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    program, *files = section["Exec"].split()
    assert program in scripts
    assert files == ["%f"]  # a double-clicked game file opens in the window (`banker FILE`)
    assert section["Icon"] == desktop.NAME
    assert section["Categories"].split(";")[0] == "Game"
