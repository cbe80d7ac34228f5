"""`banker simulate`: random legal games through the engine, every invariant checked."""

from __future__ import annotations

import sys

import click
from tqdm import tqdm

from app.cli.main import (
    main,
)
from app.editions import rulebook
from app.simulator.simulate import run as simulate_games
from app.simulator.simulate import summarise
from models.errors import BankerError


@main.command()
@click.option("--profile", default="classic", show_default=True)
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=1, show_default=True, type=int, help="Game i uses seed+i.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--max-commands", default=3000, show_default=True, type=click.IntRange(min=1),
              help="A game still running after this many commands is stopped.")
@click.option("--invariants/--no-invariants", default=True, show_default=True,
              help="Check every invariant after every event (off: the engine's own pace).")
def simulate(profile: str, games: int, seed: int, workers: int, max_commands: int,
             invariants: bool) -> None:
    """Play random legal games through the engine and check every invariant after every event."""
    try:
        rulebook.profile(profile)  # an unknown profile fails here, before any worker starts
    except BankerError as e:
        raise click.BadParameter(str(e), param_hint="'--profile'") from None
    reports = tqdm(simulate_games(profile, games, seed, workers, max_commands, invariants),
                   total=games, unit="game", disable=None, file=sys.stderr)
    total = summarise(iter(reports))
    seconds = max(total.seconds, 1e-9)
    click.echo(f"{total.games} {profile} games ({total.ended} played to the end) in "
               f"{total.seconds:.1f} s: {total.games / seconds:.1f} games/s, "
               f"{total.turns / seconds:,.0f} turns/s, {total.commands / seconds:,.0f} commands/s, "
               f"{total.events / seconds:,.0f} events/s")
    if total.problems:
        click.echo(f"{len(total.problems)} invariant(s) broken:")
        for problem in total.problems[:20]:
            click.echo(f"  {problem}")
        sys.exit(1)
    if not invariants:
        click.echo("invariants not checked (--no-invariants)")
        return
    click.echo("every invariant held after every event")
