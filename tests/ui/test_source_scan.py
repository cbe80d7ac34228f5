"""PySide6's import hook no longer reads the source of every module imported after it
(ui/source_scan.py): the app's `application()` answers its question from the module's package."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ui import source_scan
from ui.app import application


def test_the_application_answers_pysides_question_without_reading_a_source(
        qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    application()
    feature = sys.modules[source_scan.HOOK]  # this PySide6 has the hook: the skip is not a no-op
    assert feature._mod_uses_pyside is source_scan.uses_qt
    read: list[object] = []
    real = inspect.getsource
    monkeypatch.setattr(inspect, "getsource", lambda obj: read.append(obj) or real(obj))
    # A module imported now, whose source names PySide6 (the hook's own test would say it uses
    # PySide): nothing of it is read, and it is outside the app's windows, so "ignore it".
    (tmp_path / "scan_probe_module.py").write_text('"""Mentions PySide6."""\nVALUE = 6\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    probe = __import__("scan_probe_module")  # an import statement's way: through the hook
    assert probe.VALUE == 6
    assert read == []
    assert feature.pyside_feature_dict["scan_probe_module"] == -1
    sys.modules.pop("scan_probe_module", None)


@pytest.mark.parametrize(("name", "uses"), [
    ("ui", True), ("ui.table.window", True), ("PySide6.QtCore", True), ("shiboken6", True),
    ("app.table.service", False), ("models.state", False), ("sqlalchemy.orm", False),
    ("uix", False), ("pydantic", False)])
def test_a_module_uses_qt_when_it_is_one_of_the_apps_windows_or_qts_own(
        name: str, uses: bool) -> None:
    assert source_scan.uses_qt(ModuleType(name)) is uses
