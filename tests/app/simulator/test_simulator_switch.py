"""`banker simulate --no-invariants`: the same games at the engine's own pace, nothing checked."""

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.simulator import simulate


@pytest.mark.parametrize("profile", ["classic", "sg-championship", "propnex-championship"])
def test_the_switch_changes_what_is_checked_not_the_game_that_is_played(profile: str) -> None:
    # Seeds 1-4: with and without the checks the engine accepts the same commands, so each game
    # has the same commands, events, turns and ending; a game has at least its first turn.
    for seed in range(1, 5):
        on = simulate.play(profile, seed, max_commands=400, invariants=True)
        off = simulate.play(profile, seed, max_commands=400, invariants=False)
        assert on.problems == [] and off.problems == []
        assert (on.commands, on.events, on.turns, on.ended) == (
            off.commands, off.events, off.turns, off.ended)
        assert on.turns >= 1


def test_without_invariants_a_broken_invariant_goes_unnoticed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake invariant broken from the first event: with the checks on, the first command's first
    # event reports it; with them off, it is never asked.
    def broken(table, state, balances):  # type: ignore[no-untyped-def]
        return ["always broken"]

    monkeypatch.setattr(simulate, "broken", broken)
    assert simulate.play("classic", seed=4, max_commands=50, invariants=True).problems[0].endswith(
        "always broken")
    assert simulate.play("classic", seed=4, max_commands=50, invariants=False).problems == []


def test_banker_simulate_prints_turns_and_says_when_nothing_was_checked() -> None:
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--seed", "3",
                                       "--max-commands", "150", "--no-invariants"])
    assert result.exit_code == 0, result.output
    assert "turns/s" in result.output and "commands/s" in result.output
    assert "invariants not checked (--no-invariants)" in result.output
    assert "every invariant held" not in result.output
