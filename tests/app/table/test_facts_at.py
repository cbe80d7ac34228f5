"""The facts at any entry, and the view at any entry, worked out from the keeper's index (the
latest of each kind) are the ones walking every event up to that entry finds: checked at every
entry of a game with pauses, undos, rewinds and a disqualification, and after every void."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from random import Random

from app.ledger import StoredEvent
from app.table.facts import Facts
from app.table.service import TableGame
from app.table.view_build import view_at, view_of
from app.table.voids import voided
from models.choices import random_command
from models.commands import Command, Disqualify, PauseClock, ResumeClock, Rewind, Undo
from models.engine import first_accepted
from models.errors import BankerError
from tests.app.recorded_games import SetClock, line_of, record

SG = "sg-final-position.jsonl"


def _walked(game: TableGame, seq: int, events: list[StoredEvent] | None = None) -> Facts:
    """The facts as walking every event up to entry `seq` finds them (voids up to it applied);
    `events`, the game's events read once, spares a loop over every entry a read of the file
    at each entry."""
    stored = (game.events() if events is None else events)[:seq]
    return Facts.of(stored, voided(stored))


def _random(game: TableGame, rng: Random) -> Command | None:
    assert game.table is not None and game.state is not None
    return first_accepted(game.table, game.state, random_command(game.table, game.state, rng),
                          skip=("declare_bankruptcy", "end_game"))


def _try(game: TableGame, command: Command) -> bool:
    try:
        game.submit(command)
    except BankerError:
        return False
    return True


def _played(tmp_path: Path, seed: int, steps: int) -> TableGame:
    """The SG example up to Ben's first roll, then `steps` random moves: commands, undos, the
    judge's pauses and rewinds, and once a disqualification, a void checked after each."""
    clock = SetClock(step=timedelta(seconds=1))
    game = record(tmp_path / f"g{seed}.db", SG, clock=clock,
                  before_line=line_of(SG, '"roll", "player": "Ben"'))
    rng = Random(seed)
    disqualified = False
    for step in range(steps):
        assert game.state is not None
        if game.state.phase == "over":
            break
        pick = rng.random()
        if pick < 0.12:
            _try(game, Undo(type="undo"))
        elif pick < 0.16 and game.state.clock is not None:
            paused = game.state.clock.paused_at is not None
            _try(game, ResumeClock(type="resume_clock") if paused else
                 PauseClock(type="pause_clock", reason=f"a pause at step {step}"))
        elif pick < 0.18:
            back = rng.randint(max(1, game.head_seq - 30), game.head_seq)
            _try(game, Rewind(type="rewind", to_seq=back, reason=f"rewound at step {step}"))
        elif step >= steps // 2 and not disqualified:
            standing = [p.name for p in game.state.players if not p.bankrupt]
            disqualified = _try(game, Disqualify(type="disqualify", player=standing[-1],
                                                 reason="marked dice"))
        elif (command := _random(game, rng)) is not None:
            _try(game, command)
        game.idle()  # the snapshots a table stores as it goes
        if pick < 0.18 or step == steps // 2:
            assert game.facts.facts == _walked(game, game.head_seq)
    return game


def test_the_facts_at_every_entry_equal_every_event_walked_up_to_it(tmp_path: Path) -> None:
    for seed in (3, 17):
        game = _played(tmp_path, seed, 700)
        voids = [s.seq for s in game.events() if s.type == "commands_voided"]
        kinds = {s.type for s in game.events()}
        assert len(voids) >= 5 and {"clock_paused", "player_disqualified"} <= kinds
        events = game.events()
        for seq in range(1, game.head_seq + 1):
            assert game.facts.at(seq, game.timeline.voided_upto(seq)) == _walked(
                game, seq, events), seq
        assert game.facts.facts == _walked(game, game.head_seq)
        game.close()


def test_the_judges_view_at_random_entries_equals_the_view_from_every_event(
        tmp_path: Path) -> None:
    game = _played(tmp_path, 29, 500)
    assert game.table is not None
    events = game.events()
    rng = Random(29)
    for seq in [*rng.sample(range(1, game.head_seq + 1), 40), 1, game.head_seq]:
        state = game.state_at(seq)
        assert state is not None
        at = events[seq - 1].recorded_at
        assert view_at(game, state, seq, at) == view_of(game.table, state, at, events[:seq],
                                                        game_id=game.game_id)
    game.close()


def test_a_reopened_game_keeps_the_same_facts_at_every_entry(tmp_path: Path) -> None:
    game = _played(tmp_path, 41, 300)
    seqs = range(1, game.head_seq + 1)
    before = [game.facts.at(seq, game.timeline.voided_upto(seq)) for seq in seqs]
    game_id = game.game_id
    game.close()
    reopened = TableGame.open(str(tmp_path / "g41.db"), game_id, now=SetClock())
    assert [reopened.facts.at(seq, reopened.timeline.voided_upto(seq)) for seq in seqs] == before
    reopened.close()
