"""What must hold after every event, whatever the commands: checked by the simulator and tests."""

from __future__ import annotations

from models.state import GameState
from models.table import Table


def broken(table: Table, state: GameState, balances: dict[str, int]) -> list[str]:
    """Every invariant the state breaks; `balances` is each account's sum of transfers so far."""
    problems: list[str] = []
    if sum(balances.values()) != 0:
        problems.append(f"transfers sum to {sum(balances.values())}, not 0")
    for player in state.players:
        if player.cash != balances.get(player.name, 0):
            problems.append(f"{player.name} has {player.cash} but transfers give "
                            f"{balances.get(player.name, 0)}")
        if player.cash < 0:
            problems.append(f"{player.name} has negative cash {player.cash}")
    active = {p.name for p in state.active_players()}
    houses = hotels = 0
    for deed in state.deeds.values():
        if deed.owner is not None and deed.owner not in active:
            problems.append(f"space {deed.space} is owned by {deed.owner}, who is not in the game")
        if deed.mortgaged and deed.steps:
            problems.append(f"space {deed.space} is mortgaged and carries buildings")
        houses += deed.houses
        hotels += int(deed.hotel)
    if houses + state.bank_houses != table.profile.bank_houses or state.bank_houses < 0:
        problems.append(f"{houses} houses on the board and {state.bank_houses} in the Bank")
    if hotels + state.bank_hotels != table.profile.bank_hotels or state.bank_hotels < 0:
        problems.append(f"{hotels} hotels on the board and {state.bank_hotels} in the Bank")
    if table.profile.building == "full_set_any_time":
        problems += _uneven(table, state)
    return problems


def _uneven(table: Table, state: GameState) -> list[str]:
    problems = []
    for group in table.board.groups:
        deeds = [state.deeds[s.index] for s in table.board.streets_of(group.id)]
        steps = [d.steps for d in deeds]
        if max(steps) - min(steps) > 1:
            problems.append(f"the {group.id} set is built unevenly: {steps}")
        if max(steps) and len({d.owner for d in deeds}) != 1:
            problems.append(f"the {group.id} set carries buildings but is not one player's")
    return problems
