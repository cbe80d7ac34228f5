"""GUI tests run offscreen (no display needed), every window set in the app's shipped fonts."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def _the_apps_fonts(qapp) -> None:
    # As `banker` sets them where it makes the QApplication (ui/app.py): without this, the
    # first test to print a PDF would load them and change the default font under the rest.
    from ui.fonts import use_everywhere  # noqa: PLC0415 (after the platform is chosen)

    use_everywhere(qapp)
