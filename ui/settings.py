"""The window's settings kept in the data folder, never the user's config folder: `settings.ini`
(text size, window places, the new-game form's tournament, banker and judge) and Qt's own
settings redirected to `qt/` there; what an older version kept in the config folder is read once
into a data folder that has none yet."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from app.datafolder.paths import qt_settings_dir, settings_file

# Where versions before issue 30 kept them: QSettings("Championship Banker", "Table").
OLD_ORGANISATION, OLD_APPLICATION = "Championship Banker", "Table"


def kept() -> QSettings:
    """The data folder's settings file (made on the first value written); what the config
    folder held before is carried over the first time."""
    path = settings_file()
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    if not path.exists():
        _carry_over(settings)
    return settings


def keep_qt_in_data_folder() -> None:
    """Send Qt's own user settings (QFileDialog's history, written as "QtProject") to the data
    folder instead of the config folder; before any QSettings of the user's scope is made."""
    folder = str(qt_settings_dir())
    for form in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(form, QSettings.Scope.UserScope, folder)


def _old_file() -> Path | None:
    config = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    path = Path(config) / OLD_ORGANISATION / f"{OLD_APPLICATION}.conf" if config else None
    return path if path is not None and path.is_file() else None


def _carry_over(settings: QSettings) -> None:
    """Copy the values an older version kept in the config folder (read only, never changed)."""
    old = _old_file()
    if old is None:
        return
    before = QSettings(str(old), QSettings.Format.IniFormat)
    keys = before.allKeys()
    for key in keys:
        settings.setValue(key, before.value(key))
    if keys:
        settings.sync()
