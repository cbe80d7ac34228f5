"""The tournament's judges on the hub: registered once there, taken into each table's new game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli.hub import hub_group
from app.cli.main import main
from app.games.folder import create_game
from app.hub import Hub, HubError, with_hub_judges
from app.table import judges
from app.table.judges import JudgeAuthError
from app.table.service import TableGame
from tests.app.hub_tables import HUBS, fresh_hub

assert main.get_command(None, "hub") is hub_group  # type: ignore[arg-type]  # registered
NEW_GAME = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"], "label": "t1",
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]}


@pytest.fixture(params=HUBS)
def hub_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_hub(request.param, tmp_path)


def test_a_judge_registered_on_the_hub_can_sign_in_at_a_new_table(
        hub_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BANKER_NEW_JUDGE_PIN", "135790")
    result = CliRunner().invoke(main, ["hub", "add-judge", "--hub", hub_url, "--name", "Kim"])
    assert result.exit_code == 0, result.output
    assert "135790" not in result.output
    taken = CliRunner().invoke(main, ["hub", "add-judge", "--hub", hub_url, "--name", "Kim"])
    assert taken.exit_code == 3 and "already registered" in taken.output

    monkeypatch.setenv("BANKER_HUB_URL", hub_url)
    path = create_game(dict(NEW_GAME), "banker", judge=("Lee", "246802"), folder=tmp_path)
    game = TableGame.open(str(path))
    assert game.state is not None
    assert sorted(game.state.judges) == ["Kim", "Lee"]  # the banker's own judge, and the hub's
    game.sign_in_judge("Kim", "135790")
    waits: list[float] = []
    game.sleep = waits.append  # the wrong-PIN delay, noted instead of waited
    with pytest.raises(JudgeAuthError):
        game.sign_in_judge("Kim", "000000")
    assert waits == [1]
    game.close()


def test_a_judge_named_at_the_table_keeps_that_registration(hub_url: str) -> None:
    with Hub.open(hub_url) as hub:
        hub.register_judge("Lee", "111111")
        with pytest.raises(HubError, match="longer than 40"):
            hub.register_judge("L" * 41, "111111")
        with pytest.raises(JudgeAuthError, match="6 digits"):
            hub.register_judge("Max", "12")
        assert [j.name for j in hub.judges()] == ["Lee"]
    own = judges.judges_field([("Lee", "222222")])
    filled, unread = with_hub_judges(NEW_GAME | {"judges": own}, hub_url)
    assert unread is None
    assert filled["judges"] == own  # the hub's Lee is left out; the table's stands


def test_without_a_hub_nothing_changes_and_an_unreachable_hub_never_stops_a_new_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BANKER_HUB_URL", raising=False)
    assert with_hub_judges(dict(NEW_GAME)) == (NEW_GAME, None)
    filled, unread = with_hub_judges(dict(NEW_GAME), "postgresql+psycopg://b@127.0.0.1:9/none")
    assert filled == NEW_GAME
    assert unread is not None and "were not taken from the hub" in unread
