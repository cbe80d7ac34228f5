"""Properties of random legal play: money balances, deeds and buildings add up, replay agrees."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.editions import rulebook
from app.review.verify import verify_game
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.table.voids import stored_to_event
from models.board import Street
from models.commands import Command
from models.engine import Table, decide, legal_commands, replay
from models.errors import BankerError
from models.events import BANK, Event, GameStarted
from models.fold import apply, start
from models.state import GameState

PROFILES = ["classic", "sg-championship"]
NAMES = ["Ann", "Bob", "Cy", "Dee"]

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=4)


def new_game(profile: str, count: int) -> Command:
    """A game whose first seat wins the roll-off outright."""
    players = NAMES[:count]
    throws = {name: [1, 2] for name in players}
    throws[players[0]] = [6, 6]
    return parse_command({"type": "new_game", "profile": profile, "players": players,
                          "roll_off": [throws]})


def pick(rng: random.Random, legal: list[Command]) -> Command:
    """A command type first, then one command of it. Uniform over the list would be mostly the
    36 rolls and a deal per deed and partner, and hardly ever an auction, a card or a claim."""
    kinds = sorted({c.type for c in legal})
    kind = rng.choice(kinds)
    return rng.choice([c for c in legal if c.type == kind])


class Books:
    """Double-entry balances of every account, from the transfers of every event so far."""

    def __init__(self) -> None:
        self.balances: Counter[str] = Counter()

    def post(self, transfers: Iterable[tuple[str, str, int]]) -> None:
        for source, target, amount in transfers:
            assert isinstance(amount, int) and amount > 0, (source, target, amount)
            assert source != target
            self.balances[source] -= amount
            self.balances[target] += amount


def assert_invariants(table: Table, state: GameState, books: Books, by_the_rules: bool = True) -> None:
    """Money, deeds and buildings add up in `state`, given every transfer posted to `books`;
    `by_the_rules` adds what only rule-bound play keeps (a judge's rulings need not)."""
    names = {p.name for p in state.players}
    balances = books.balances
    # Money: each player holds exactly what the transfers gave them; the Bank holds the rest.
    assert set(balances) <= names | {BANK}
    assert sum(balances.values()) == 0
    assert {p.name: p.cash for p in state.players} == {name: balances[name] for name in names}
    assert sum(p.cash for p in state.players) + balances[BANK] == 0
    assert all(p.cash >= 0 for p in state.players)
    # Deeds: every deed of the board once, at most one owner each, owners seated players.
    assert set(state.deeds) == {deed.index for deed in table.board.deeds()}
    owned = [deed.space for p in state.players for deed in state.owned_by(p.name)]
    assert len(owned) == len(set(owned))
    for space, deed in state.deeds.items():
        assert deed.space == space
        assert deed.owner is None or deed.owner in names
        assert deed.owner is None or not state.player(deed.owner).bankrupt
        assert not (deed.hotel and deed.houses)
        if deed.owner is None:
            assert not deed.mortgaged and deed.steps == 0
        if deed.steps:
            assert isinstance(table.board.deed(space), Street) and not deed.mortgaged
    # Buildings: what stands on the board and what the Bank holds make the profile's stock.
    profile = table.profile
    assert 0 <= state.bank_houses <= profile.bank_houses
    assert 0 <= state.bank_hotels <= profile.bank_hotels
    assert sum(d.houses for d in state.deeds.values()) + state.bank_houses == profile.bank_houses
    assert sum(d.hotel for d in state.deeds.values()) + state.bank_hotels == profile.bank_hotels
    if by_the_rules:
        assert_built_evenly(table, state)


def assert_built_evenly(table: Table, state: GameState) -> None:
    """CL and SG: buildings stand only on a whole colour set of one owner, most minus least <= 1."""
    for group in table.board.groups:
        deeds = [state.deeds[street.index] for street in table.board.streets_of(group.id)]
        steps = [deed.steps for deed in deeds]
        if max(steps):
            assert len({deed.owner for deed in deeds}) == 1, (group.id, deeds)
            assert max(steps) - min(steps) <= 1, (group.id, steps)


class MemoryGame:
    """The engine alone: decide and apply, every event kept for replay."""

    def __init__(self, profile: str, count: int) -> None:
        self.table = rulebook.table(profile)
        self.state: GameState | None = None
        self.log: list[Event] = []
        self.books = Books()
        self.do(new_game(profile, count))

    def do(self, command: Command) -> None:
        for event in decide(self.table, self.state, command):
            if self.state is None:
                assert isinstance(event, GameStarted)
                self.state = start(event)
            else:
                apply(self.state, event)
            self.log.append(event)
            self.books.post(event.transfers())

    def check(self, by_the_rules: bool) -> None:
        assert self.state is not None
        assert_invariants(self.table, self.state, self.books, by_the_rules)
        assert replay(self.table, self.log) == self.state


def play_in_memory(profile: str, count: int, seed: int, steps: int,
                   judge: bool = False, every_listed: bool = False) -> MemoryGame:
    """Random play from `seed`, every invariant checked after each command; with `judge`, rulings
    come in between; with `every_listed`, each command `legal_commands` lists is tried."""
    rng = random.Random(seed)
    game = MemoryGame(profile, count)
    game.check(not judge)
    for _ in range(steps):
        assert game.state is not None
        legal = legal_commands(game.table, game.state)
        if every_listed:
            for command in legal:
                decide(game.table, game.state, command)  # raises if a listed command is refused
        if judge and rng.random() < 0.25:
            adjustment = random_adjustment(rng, game.table, game.state)
            try:
                game.do(adjustment)
            except BankerError:
                pass  # the adjustment is refused as a whole; nothing changed
            else:
                game.check(not judge)
                continue
        if not legal:
            break
        game.do(pick(rng, legal))
        game.check(not judge)
    return game


def random_adjustment(rng: random.Random, table: Table, state: GameState) -> Command:
    """A judge's ruling that moves buildings, cash or a deed; the engine may refuse it."""
    players = [p.name for p in state.players]
    streets = [d.index for d in table.board.deeds() if isinstance(d, Street)]
    fields: dict[str, Any] = {"reason": "ruling in a property test",
                              "actor": {"role": "judge", "name": "Jo"}}
    kind = rng.choice(["buildings", "buildings", "cash", "deed"])
    if kind == "buildings":
        owned = [s for s in streets if state.deeds[s].owner is not None] or streets
        hotel = rng.random() < 0.2
        fields |= {"type": "adjust_buildings", "space": rng.choice(owned),
                   "houses": 0 if hotel else rng.randint(0, 4), "hotel": hotel}
    elif kind == "cash":
        # Mostly fines that drain a player, so that debts and bankruptcies come up in play.
        source, target = rng.sample([BANK, *players], 2)
        if rng.random() < 0.7:
            source, target = rng.choice(players), BANK
        cash = state.player(source).cash if source != BANK else 300
        fields |= {"type": "adjust_cash", "from_account": source, "to_account": target,
                   "amount": rng.randint(1, max(1, cash))}
    else:
        fields |= {"type": "adjust_deed", "space": rng.choice(streets),
                   "owner": rng.choice([None, *players])}
    return parse_command(fields)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=25, deadline=None)
@given(count=player_counts, seed=seeds, steps=st.integers(min_value=1, max_value=200))
def test_random_legal_play_keeps_money_deeds_and_buildings_balanced_and_replayable(
    profile: str, count: int, seed: int, steps: int
) -> None:
    play_in_memory(profile, count, seed, steps)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=6, deadline=None)
@given(count=player_counts, seed=seeds, steps=st.integers(min_value=1, max_value=100))
def test_every_command_legal_commands_lists_is_accepted(
    profile: str, count: int, seed: int, steps: int
) -> None:
    play_in_memory(profile, count, seed, steps, every_listed=True)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=15, deadline=None)
@given(count=player_counts, seed=seeds, steps=st.integers(min_value=1, max_value=200))
def test_judges_rulings_amid_random_play_move_money_and_buildings_without_creating_any(
    profile: str, count: int, seed: int, steps: int
) -> None:
    play_in_memory(profile, count, seed, steps, judge=True)


@settings(max_examples=12, deadline=None)
@given(profile=st.sampled_from(PROFILES), count=player_counts, seed=seeds,
       steps=st.integers(min_value=1, max_value=100))
def test_random_legal_play_recorded_in_a_ledger_file_verifies_and_reopens_the_same(
    profile: str, count: int, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    books = Books()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "table.db")
        session = TableGame.open(db)
        try:
            for stored in session.submit(new_game(profile, count)):
                books.post(stored.transfers)
            assert session.table is not None and session.state is not None
            for _ in range(steps):
                legal = legal_commands(session.table, session.state)
                if not legal:
                    break
                for stored in session.submit(pick(rng, legal)):
                    books.post(stored.transfers)
                assert_invariants(session.table, session.state, books)
            assert session.game_id is not None
            assert verify_game(session.ledger, session.game_id) == []
            events = [stored_to_event(s) for s in session.events()]
            assert replay(session.table, events) == session.state
        finally:
            session.close()
        reopened = TableGame.open(db)
        try:
            assert reopened.state_json() == session.state_json()
        finally:
            reopened.close()
