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


@pytest.fixture
def styled(qapp):
    """The application as the app starts it (its style sheet: ui.app.application), put back
    as the other tests have it afterwards."""
    from ui.app import application  # noqa: PLC0415

    sheet = qapp.styleSheet()
    yield application()
    qapp.setStyleSheet(sheet)


@pytest.fixture
def form(qtbot):
    """The new-game form, shown, recording its game into the data folder by a test clock
    (the tests of the form and of its names' warnings)."""
    from app.games import folder as games  # noqa: PLC0415
    from tests.clocks import Clock  # noqa: PLC0415
    from ui.start.new_game import NewGameForm  # noqa: PLC0415

    clock = Clock()
    dialog = NewGameForm(lambda command, banker, judge, minutes: games.create_game(
        command, banker, judge, minutes, now=clock))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


@pytest.fixture(scope="session")
def judge_sample(tmp_path_factory: pytest.TempPathFactory):
    """The classic sample game (91 entries) recorded once, for the judge's windows' tests."""
    from tests.app.recorded_games import record  # noqa: PLC0415

    db = tmp_path_factory.mktemp("judge-sample") / "sample.db"
    record(db, "classic-sample.jsonl").close()
    return db


@pytest.fixture
def judge_db(judge_sample, tmp_path):
    """A copy of the sample game's file, this test's own to write to."""
    import shutil  # noqa: PLC0415

    copy = tmp_path / "game.db"
    shutil.copy(judge_sample, copy)
    return copy
