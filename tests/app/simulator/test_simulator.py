"""The simulator: thousands of random legal games, every invariant checked after every event."""

import os

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.simulator import simulate

# CI plays this many games per profile; SIM_GAMES raises or lowers it for a local run.
GAMES = int(os.environ.get("SIM_GAMES", "700"))


@pytest.mark.parametrize("profile", ["classic", "sg-championship", "propnex-championship"])
def test_random_legal_games_break_no_invariant(profile: str) -> None:
    # After every event: money conserved (each player's cash equals their transfers, all
    # transfers sum to zero with the Bank), each deed one owner still in the game, 32 houses and
    # 12 hotels between board and Bank, no mortgaged deed built on, CL/SG sets built evenly, a
    # player in debt only raising money; at each game's end replay gives the live state.
    reports = list(simulate.run(profile, GAMES, seed=1, workers=2, max_commands=1000))
    problems = [p for r in reports for p in r.problems]
    assert problems == []
    assert len(reports) == GAMES
    # Most games reach their end (a bankruptcy-decided finish); a stuck engine would not.
    assert sum(r.ended is not None for r in reports) > GAMES // 2


def test_a_broken_invariant_is_reported_with_the_seed_and_the_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake invariant that fails once any player has bought a deed: the report must name the
    # seed (so the game replays alone) and the command that broke it.
    def broken(table, state, balances):  # type: ignore[no-untyped-def]
        owned = [d for d in state.deeds.values() if d.owner is not None]
        return ["a deed has an owner"] if owned else []

    monkeypatch.setattr(simulate, "broken", broken)
    report = simulate.play("classic", seed=5)
    assert len(report.problems) == 1
    assert report.problems[0].startswith("seed 5: after ")
    assert "'type': " in report.problems[0]
    assert report.problems[0].endswith("a deed has an owner")


def test_the_same_seed_plays_the_same_game() -> None:
    first = simulate.play("sg-championship", seed=11, max_commands=300)
    second = simulate.play("sg-championship", seed=11, max_commands=300)
    assert (first.commands, first.events, first.ended) == (second.commands, second.events, second.ended)


def test_banker_simulate_prints_rates_and_exits_zero_when_all_holds() -> None:
    result = CliRunner().invoke(main, ["simulate", "--profile", "classic", "--games", "3",
                                       "--seed", "2", "--max-commands", "200"])
    assert result.exit_code == 0, result.output
    assert "3 classic games" in result.output
    assert "games/s" in result.output and "commands/s" in result.output
    assert "every invariant held after every event" in result.output


def test_banker_simulate_exits_one_naming_the_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(table, state, balances):  # type: ignore[no-untyped-def]
        return ["cash went missing"] if state.turn_no > 3 else []

    monkeypatch.setattr(simulate, "broken", broken)
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--seed", "9"])
    assert result.exit_code == 1
    assert "seed 9: after" in result.output and "cash went missing" in result.output
