"""The write path is pinned: speeding up submit must not change one stored byte or one hash.

Two seeded games are recorded to files (the clocked SG example, with its announcements and time
call; a random classic game past a snapshot, with an undo and a judge's rewind) and every row of
commands, events and transfers, and each snapshot's place in the chain, is hashed. The digests
were recorded before the speed work of issue 12's write-path round (the tree of 2026-11-25)."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import uuid
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random

import pytest

from app.signing.keys import JudgeKey
from app.simulator.simulate import roll_off
from app.table import judges
from app.table.service import TableGame
from models.choices import random_command
from models.commands import Command, NewGame, Rewind, Undo
from models.engine import first_accepted
from tests.app.recorded_games import JUDGE, PIN, record

QUERIES = (
    "SELECT * FROM commands ORDER BY game_id, command_no",
    "SELECT * FROM events ORDER BY game_id, seq",
    "SELECT * FROM transfers ORDER BY game_id, seq, idx",
    "SELECT game_id, seq, event_hash FROM snapshots ORDER BY game_id, seq",
)

PINNED_SG = "bf4672dc6fa0a23bf448d782a6076907"  # was 2c0973c5579cfac489a4a7d74f24c93f (issue 32)
PINNED_SG_CONTENT = "613228131ac9bef57d94ed9daee97851"  # was 267dfa91e5b49d04075e29ebbdf1015e (issue 32)
# Issue 21 changed PINNED_SG (from 3a79554cac8d3c45ebc7df3b7de12267) through the game's header
# alone: the decks' cards carry their printed words (commit 06fe515), the stored decks_json is
# hashed into the chain's start, so every hash differs; every command, event and transfer is
# the same byte for byte (PINNED_SG_CONTENT, the same on the tree before that commit).

# Issue 19 changed this pin on purpose, and only this: the command recorded right after the
# snapshot now carries the snapshot's hash in its row ("snapshot_pin"), so that row and every
# event hash from there on differ. With the pin left out of that row the game still stores the
# earlier digest, 8b82e6c5aec291dc85a5811c9e2e7256 (checked when the pin was changed); a game with
# no snapshot (PINNED_SG) is unchanged.
# Issue 21 changed it again, on purpose, through the game's header and the snapshot's hash alone:
# the decks' printed words (as PINNED_SG), and the state's format twice (the latest closed claims
# only, models/state.py CLOSED_CLAIMS_KEPT; the clock's passed marks), which changes the
# snapshot's text and so the pin the next command's row carries. The rows with the pin's hash left
# out (PINNED_CLASSIC_CONTENT) are the same through all three, and the same on the tree that
# stored bcb89452a8ce65702dade70cb92a5093 (commit 562e11d).
# Issue 22's round clock changed the state's format once more (the clock's hall round, kept out
# of the snapshot's text when there is none): the text is the same, its format digest is not.
# The rows with the pin's hash left out are unchanged (PINNED_CLASSIC_CONTENT).
PINNED_CLASSIC = "e2923f5cc488caaf57b91c8455e0d688"  # was 1bd2bc4b700fd4204539a289c40525ee
# (issue 32, below)
PINNED_CLASSIC_CONTENT = "c279a171c10d4114a32eb85b9150d2c7"  # was fdcd8a65af659f07a10d852d8654dc22 (issue 32)
# Issue 28 (every judge's decision signed) changed PINNED_SG and PINNED_CLASSIC on purpose, and
# only through the judge's key and seals: judge Lee is registered with a key pair (new_game's
# `judges` and its judge_added event carry `public_key` and `sealed_key`, pinned below as the PIN
# hash is), and every judge's entry carries its seal in its command row; the snapshot's text
# holds the key too, so the pin's hash differs. With those fields left out of the rows
# (_keyless), every command, event and transfer is the same byte for byte: PINNED_*_CONTENT are
# unchanged. A registration without a key is stored as before (JudgeEntry, JudgeAdded and
# AddJudge leave the fields out); its judge's next sign-in records the key (set_judge_key).
# Issue 29 added clauses to the three profiles (`hall_pause`: the hall's pause holds the table;
# `jail_double`, `as_is`): the profile a new game stores, and so its rules digest in
# game_started, differ. With `hall_pause` left out of the profiles (before the other two came)
# every pin here was unchanged (checked when they were changed). An older game's stored profile
# without the clauses still opens and verifies: it cites the clause each was split from (a hall
# pause: `time`; models/profile.py CLAUSE_FALLBACKS).
# Issue 32 changed all four on purpose, and only through game_started: it names the app's version
# that started the game (`app_version`), pinned for every test by tests/conftest.py
# (BANKER_TEST_APP_VERSION), so the pins do not move with each commit. With the field left out
# (the table service recording no version) every pin here was unchanged (checked when they were
# changed). No version entry is written in between: the same version records the whole game.


# Judge Lee's PIN hash, made once (argon2 salts each hash afresh).
PIN_HASH = "$argon2id$v=19$m=65536,t=3,p=4$8oB0cpuXjuzV5AkgNBTSSA$eywjUTx/gicvdlpvJiZeH9iyIij/z7x/CAkJZ0fvGv0"
# Lee's key pair, made once by make_key("Lee", "246802") (a new pair is random each time; its
# signatures are not: Ed25519 signs deterministically).
KEY = JudgeKey(
    "2z2+AuzXCT18YxNX1SenDJYLaXyRuFWMN/O0C1avypE=",
    '{"box":"mldbnmSh611OlTqo5NyQukd94llf0xdzxwjfe+yHQ92fak+a25SZvDs/ycuWK89h","kdf":"argon2id",'
    '"m":65536,"nonce":"nxCacyomn0Ro+MnH","p":4,"salt":"OGYxM/Awcx15ty5BbmXzCQ==","t":3,"v":1}')


@pytest.fixture(autouse=True)
def _fixed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game's id is a random UUID and a PIN's hash is salted, and both are recorded: pin them.
    monkeypatch.setattr(uuid, "uuid4", lambda: uuid.UUID(int=0x1234))
    monkeypatch.setattr(judges, "hash_pin", lambda pin: PIN_HASH)
    monkeypatch.setattr(judges, "make_key", lambda name, pin: KEY)


CONTENT_QUERIES = (
    "SELECT game_id, command_no, payload, actor_role, actor_name, recorded_at FROM commands "
    "ORDER BY game_id, command_no",
    "SELECT game_id, seq, command_no, type, payload, actor_role, actor_name, recorded_at, clock_ms "
    "FROM events ORDER BY game_id, seq",
    "SELECT * FROM transfers ORDER BY game_id, seq, idx",
    "SELECT game_id, seq FROM snapshots ORDER BY game_id, seq",
)
PIN_HASH_TEXT = re.compile(r'("snapshot_pin":\{"hash":")[0-9a-f]{64}')
KEY_TEXT = re.compile(r',"public_key":"[^"]*","sealed_key":"(?:[^"\\]|\\.)*"|,"seal":\{[^}]*\}')


def _keyless(row: tuple[object, ...]) -> tuple[object, ...]:
    """A stored row with the judge's key and seals taken out of its JSON texts."""
    return tuple(KEY_TEXT.sub("", value) if isinstance(value, str) else value for value in row)


def _content_digest(db: Path) -> str:
    """The same rows with what a snapshot's format decides left out: the hash a command row
    pins a snapshot with (it covers the snapshot's text, so the state's format), and the chain's
    hashes that follow from it. Every command, event and transfer is still pinned byte for byte."""
    digest = hashlib.sha256()
    with closing(sqlite3.connect(db)) as connection:
        for query in CONTENT_QUERIES:
            for row in connection.execute(query):
                text = PIN_HASH_TEXT.sub(r"\1-", repr(_keyless(row)))
                digest.update(text.encode() + b"\n")
            digest.update(b"--\n")
    return digest.hexdigest()[:32]


def _digest(db: Path) -> str:
    """SHA-256 (first 32 hex digits) of every row of the ledger's append-only tables and of its
    snapshots' places, in key order."""
    digest = hashlib.sha256()
    with closing(sqlite3.connect(db)) as connection:
        for query in QUERIES:
            for row in connection.execute(query):
                digest.update(repr(row).encode() + b"\n")
            digest.update(b"--\n")
    return digest.hexdigest()[:32]


class _Stepping:
    """A wall clock that moves on 10 ms at each reading."""

    def __init__(self) -> None:
        self.at = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(milliseconds=10)
        return self.at


def _next(game: TableGame, rng: Random) -> Command:
    assert game.table is not None and game.state is not None
    command = first_accepted(game.table, game.state,
                             random_command(game.table, game.state, rng),
                             skip=("build", "declare_bankruptcy"))
    assert command is not None, f"no command accepted at event {game.head_seq}"
    return command


def test_the_clocked_example_is_stored_byte_for_byte_as_pinned(tmp_path: Path) -> None:
    db = tmp_path / "sg.db"
    record(db, "sg-final-position.jsonl").close()
    assert _content_digest(db) == PINNED_SG_CONTENT  # every command, event and transfer
    assert _digest(db) == PINNED_SG  # and the chain


def test_a_random_game_with_an_undo_a_rewind_and_a_snapshot_is_stored_as_pinned(
    tmp_path: Path,
) -> None:
    db = tmp_path / "classic.db"
    game = TableGame.open(str(db), now=_Stepping())
    names = ["P1", "P2", "P3", "P4"]
    game.submit(NewGame(type="new_game", profile="classic", players=names,
                        roll_off=roll_off(names, Random(3)),
                        judges=[judges.registration(JUDGE, PIN)]))
    game.sign_in_judge(JUDGE, PIN)
    rng = Random(11)
    undone = rewound = False
    while game.head_seq < 620:
        command = _next(game, rng)
        game.submit(command)
        if not undone and game.head_seq > 150 and command.type != "roll":
            game.submit(Undo(type="undo"))
            undone = True
        if not rewound and game.head_seq > 300:
            game.submit(Rewind(type="rewind", to_seq=game.head_seq - 20, reason="pin"))
            rewound = True
    assert undone and rewound and game.snapshots  # what the pin is meant to cover
    game.close()
    assert _content_digest(db) == PINNED_CLASSIC_CONTENT  # every command, event and transfer
    assert _digest(db) == PINNED_CLASSIC  # and the chain, with the snapshot's pin
