"""What must hold after every event, whatever the commands: checked by the simulator and tests."""

from __future__ import annotations

from models.state import GameState
from models.table import Table


def broken(table: Table, state: GameState, balances: dict[str, int]) -> list[str]:
    """Every invariant the state breaks; `balances` is each account's sum of transfers so far."""
    problems: list[str] = []
    if sum(balances.values()) != 0:
        problems.append(f"transfers sum to {sum(balances.values())}, not 0")
    active = set()
    for player in state.players:
        if player.cash != balances.get(player.name, 0):
            problems.append(f"{player.name} has {player.cash} but transfers give "
                            f"{balances.get(player.name, 0)}")
        if player.cash < 0:
            problems.append(f"{player.name} has negative cash {player.cash}")
        if not player.bankrupt:
            active.add(player.name)
    houses = hotels = 0
    built: set[int] = set()  # the colour sets with a building on them
    set_of = table.colour_set_of
    for deed in state.deeds.values():
        if deed.owner is not None and deed.owner not in active:
            problems.append(f"space {deed.space} is owned by {deed.owner}, who is not in the game")
        if deed.hotel or deed.houses:
            if deed.hotel:
                hotels += 1
            houses += deed.houses
            built.add(set_of[deed.space])
            if deed.mortgaged:
                problems.append(f"space {deed.space} is mortgaged and carries buildings")
    if houses + state.bank_houses != table.profile.bank_houses or state.bank_houses < 0:
        problems.append(f"{houses} houses on the board and {state.bank_houses} in the Bank")
    if hotels + state.bank_hotels != table.profile.bank_hotels or state.bank_hotels < 0:
        problems.append(f"{hotels} hotels on the board and {state.bank_hotels} in the Bank")
    if built and table.profile.building == "full_set_any_time":
        problems += _uneven(table, state, built)
    return problems


def _uneven(table: Table, state: GameState, built: set[int]) -> list[str]:
    """Sets built unevenly or not one player's (a set without buildings is neither)."""
    problems = []
    deeds = state.deeds
    for number in sorted(built):
        group, spaces = table.colour_sets[number]
        steps = [deeds[space].steps for space in spaces]
        if max(steps) - min(steps) > 1:
            problems.append(f"the {group} set is built unevenly: {steps}")
        if len({deeds[space].owner for space in spaces}) != 1:
            problems.append(f"the {group} set carries buildings but is not one player's")
    return problems
