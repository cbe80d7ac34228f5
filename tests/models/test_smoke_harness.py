"""The test harness itself: a started game is where the rules put it."""

from tests.models.conftest import Game


def test_a_new_classic_game_starts_everyone_on_go_with_1500(classic: Game) -> None:
    # CL Set it up: each player receives 1500; the roll-off winner (Ann) plays first.
    assert classic.state is not None
    assert [(p.name, p.cash, p.position) for p in classic.state.players] == [
        ("Ann", 1500, 0), ("Bob", 1500, 0), ("Cy", 1500, 0)]
    assert classic.state.current == "Ann"
