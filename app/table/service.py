"""The table service: one game's commands in, its ledger and state out (the GUI and CLI call this).

The road of a command is `TableGame.submit`: its time checked (times), its actor (signin), the
clock's due entries first (clock), then `_advance` decides it on the live state (models.engine)
and appends its events to the ledger in one transaction; after it, the housekeeping (a pinned
snapshot, the -wal checkpoint)."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from app.editions import rulebook
from app.ledger import GENESIS, Actor, Ledger, LedgerError, StoredEvent, open_ledger
from app.ledger.history import History
from app.signing.decisions import Chain, Decision
from app.signing.keys import Signer
from app.table import (
    clock,
    following,
    judges,
    loading,
    positions,
    signin,
    snapshot_pins,
    times,
    versions,
)
from app.table.command_text import command_json, event_record
from app.table.facts import FactKeeper
from app.table.positions import Snapshots
from app.table.seals import Signatures
from app.table.voids import Timeline
from app.version import recorded_version
from models.clock import elapsed_ms, remaining_ms
from models.commands import (
    AddJudge,
    ClockTick,
    Command,
    NewGame,
    PauseClock,
    RaiseDispute,
    ResumeClock,
    Rewind,
    StartClock,
    Undo,
)
from models.engine import Table, advance, decide
from models.errors import BadInput, BankerError, RuleViolation
from models.events import CommandsVoided, Event, GameStarted
from models.fold import apply, start
from models.money import raisable
from models.state import GameState

DEFAULT_ACTOR = Actor(role="banker", name="banker")
ZERO, MILLISECOND = timedelta(0), timedelta(milliseconds=1)


@dataclass(frozen=True)
class Followed:
    """What `TableGame.follow` read: the rows recorded after the head it held (`tail`), or
    None when it read the whole game again (every entry may differ from those shown)."""

    tail: History | None


def utc_now() -> datetime:
    """The wall clock, in UTC (tests and scripts pass their own)."""
    return datetime.now(UTC)


@dataclass
class TableGame:
    """One game in a ledger, with its rules and its current state (a fold of its events).

    `now` is the clock the table runs on; `judge`, `judge_hash` and `signer` (the judge's opened
    key) are set when a judge signs in at this table (every judge's command is checked against
    the game's registrations, and sealed with the key); `wall` and `sleep` time the wrong-PIN
    delays; `signatures` is the chain of the judges' entries as followed."""

    ledger: Ledger
    game_id: str | None
    table: Table | None
    state: GameState | None
    head_seq: int = 0
    now: Callable[[], datetime] = utc_now
    judge: str | None = None
    judge_hash: str | None = field(default=None, repr=False)
    signer: Signer | None = field(default=None, repr=False)
    banker: str = "banker"  # whose name the banker's entries carry: who started the game
    sleep: Callable[[float], None] = time.sleep
    wall: Callable[[], datetime] = utc_now
    last_at: datetime | None = None  # when the ledger's last entry was recorded
    problems: list[str] = field(default_factory=list)  # why the ledger does not verify, if not
    timeline: Timeline = field(default_factory=Timeline, repr=False)
    head_hash: str = GENESIS
    folds_from: Snapshots = field(default_factory=Snapshots, repr=False)  # stored snapshots
    marks: positions.Marks = field(default_factory=positions.Marks, repr=False)  # in memory
    facts: FactKeeper = field(default_factory=FactKeeper, repr=False)  # what the state does not keep
    signatures: Signatures = field(default_factory=lambda: Signatures(Chain("")), repr=False)
    version: str | None = None  # the app's version last on the record (app/table/versions.py)
    # The next mark's moment as `next_tick_ms` found it, with the head and state it was found
    # on: before it, a tick records nothing (app.table.clock.next_tick).
    _quiet: tuple[int, GameState | None, datetime] | None = field(default=None, repr=False)

    @classmethod
    def open(cls, db: str, game_id: str | None = None,
             now: Callable[[], datetime] = utc_now, *, create: bool = True,
             readonly: bool = False) -> TableGame:
        """Open a ledger file (or URL) and its game (the latest one unless `game_id` is given);
        `create` and `readonly` as for open_ledger (reading creates and writes nothing).

        Raises LedgerCorrupt if the chain's head does not match its hash or the state cannot be
        folded; other damage is listed in `problems` (a cheap chain check, no replay)."""
        ledger = open_ledger(db, create=create, readonly=readonly)
        game = cls(ledger=ledger, game_id=None, table=None, state=None, now=now)
        try:
            game_id = game_id or ledger.latest_game_id()
            if game_id is not None:
                game.game_id = game_id
                game.reload()
        except BaseException:
            ledger.close()  # a game that cannot be opened keeps no file open
            raise
        return game

    @property
    def snapshots(self) -> list[int]:
        """The seqs of the snapshots a fold of this game may start from (pinned, or this table's
        own latest)."""
        return self.folds_from.seqs

    def reload(self) -> None:
        """Read the game again (to pick up another writer's entries): every row once, the
        chain checked, the state folded from the nearest snapshot."""
        assert self.game_id is not None
        loaded = loading.load(self.ledger, self.game_id)
        self.table, self.state, self.timeline = loaded.table, loaded.state, loaded.timeline
        # The name the game was started under by its banker (the banker's entries carry it).
        self.banker = loaded.banker or DEFAULT_ACTOR.name
        self.head_seq, self.head_hash, self.last_at = (loaded.head_seq, loaded.head_hash,
                                                       loaded.last_at)
        self.folds_from, self.problems = Snapshots(loaded.snapshots, loaded.pins), loaded.problems
        self.marks.clear()  # read again: the positions folded before are folded again
        self.facts, self.signatures = loaded.facts, loaded.signatures
        self.version = loaded.version

    def follow(self) -> Followed | None:
        """Read what another program recorded in this game since it was last read: None when
        nothing was; else what was read: the new rows alone when they carry this head on
        (following.follow_tail folds them on), or the whole game again (`reload`) when they
        do not or something in them is to be named. Raises as `reload`."""
        assert self.game_id is not None
        if self.ledger.head(self.game_id) == (self.head_seq, self.head_hash):
            return None
        with loading.collector_paused():
            tail = following.follow_tail(self, self._position)
        if tail is not None:
            return Followed(tail)
        self.reload()
        return Followed(None)

    def state_at(self, seq: int) -> GameState | None:
        """The state right after entry `seq` was recorded (voids recorded after it not yet
        applied), folded from the nearest snapshot; None at 0. Raises BadInput for an entry the
        ledger does not hold, LedgerCorrupt if the stored events cannot be folded."""
        if not 0 <= seq <= self.head_seq:
            raise BadInput(f"the ledger has entries 1 to {self.head_seq}")
        if seq == self.head_seq:
            return self.state.clone() if self.state is not None else None
        return self._position(seq)

    def mark_ahead(self) -> bool:
        """Fold the next stretch of the game (SNAPSHOT_EVERY entries past the last folded
        ahead) and keep its positions in the marks, so that a later `state_at` there folds
        from at most MARK_EVERY entries; for a window with time to spare (the judge's, when
        idle). False when the marks reach the head (nothing more to fold). Raises as
        state_at."""
        last = self.marks.ahead
        target = min(last + positions.SNAPSHOT_EVERY, self.head_seq - 1)
        if target <= last or self.head_seq - last <= positions.MARK_EVERY:
            return False
        self.state_at(target)
        self.marks.ahead = target
        return True

    def _position(self, seq: int) -> GameState | None:
        assert self.game_id is not None
        game_id = self.game_id
        with loading.collector_paused():  # a fold's new objects hold no cycles (as on reopen)
            return loading.guarded(lambda: positions.position(
                self.timeline, seq, self.folds_from.seqs,
                positions.loader(self.ledger, game_id, self.folds_from.pins),
                lambda ranges: self.ledger.event_rows(game_id, ranges), self.marks))

    def idle(self) -> None:
        """What an idle moment is for (the window's idle timer, the CLI when it is done): a
        snapshot if one is due, and the -wal file checkpointed into the ledger."""
        self._snapshot_if_due()
        self._checkpoint()

    def _checkpoint(self) -> None:
        if not self.ledger.database.readonly:
            with suppress(LedgerError):  # housekeeping: closing the file checkpoints too
                self.ledger.checkpoint()

    def _housekeeping(self) -> None:
        """After a command: a due snapshot and, with it, the -wal file's checkpoint. A command
        that pays for one piece of housekeeping pays for both at once, so a run of commands
        with no idle moment between them (a script, a banker who never pauses) has one slow
        command every SNAPSHOT_EVERY events, not two kinds at two paces."""
        if self._snapshot_if_due():
            self._checkpoint()

    def _snapshot_if_due(self) -> bool:
        """Store the state as a snapshot once SNAPSHOT_EVERY events have passed the latest one a
        fold of the head may start from (derived data: the command is already recorded); True
        if one was stored."""
        if self.state is None or self.game_id is None or self.ledger.database.readonly:
            return False
        if not self.folds_from.due(self.timeline, self.head_seq):
            return False
        snapshot = positions.snapshot_of(self.game_id, self.head_seq, self.head_hash, self.state)
        try:
            ours = self.ledger.save_snapshot(snapshot)
        except LedgerError:  # a snapshot only saves time; the next command will try again
            return False
        if not ours:  # another row holds this seq (another version's, or forged): not pinned
            return False
        self.folds_from.kept(self.head_seq, snapshot.hash)
        return True

    def close(self) -> None:
        """Release the database."""
        self.ledger.close()

    def sign_in_judge(self, name: str, pin: str) -> list[StoredEvent]:
        """A judge registered in this game signs in at this table (signin.sign_in); the entries
        recorded (a judge registered before signatures: their key), if any."""
        return signin.sign_in(self, name, pin)

    def sign_out_judge(self) -> None:
        """The judge leaves the table: their key is closed; the next judge's action signs in."""
        self.judge = self.judge_hash = self.signer = None

    def add_judge(self, name: str, pin: str) -> list[StoredEvent]:
        """The signed-in judge registers another judge (a ledger entry with the PIN's hash and
        the new judge's key, sealed under the PIN); raises JudgeAuthError without a signed-in
        judge or for a PIN that is not 6+ digits."""
        signin.signed_in_judge(self, "add_judge", None)
        entry = judges.registration(name, pin)
        return self.submit(AddJudge(type="add_judge", **entry.model_dump()))

    def submit(self, command: Command, actor: Actor | None = None,
               clock_ms: int | None = None) -> list[StoredEvent]:
        """Decide `command` and record its events in one transaction; raises and records nothing
        if the rules refuse it, the sender's view is stale, or the ledger cannot be written.
        A clock announcement or time call that is due is recorded first, as its own entry."""
        now = self.now()
        if command.at is None:
            command = command.model_copy(update={"at": now})
        assert command.at is not None
        recorded_at, marks_at = times.checked(command.at, self.last_at, now)
        actor = signin.actor_for(self, command, actor or Actor(role="banker", name=self.banker))
        if isinstance(command, NewGame):
            return self._start(command, actor, recorded_at)
        if self.table is None or self.game_id is None:
            raise BadInput("no game has been started: the first command is new_game")
        if self.state is None:
            raise LedgerError(f"{self.ledger.location}: a command could not be recorded and the "
                              "game could not be read back; nothing recorded (reopen the game)")
        if not isinstance(command, ClockTick):
            clock.record_due(self, marks_at)
        if isinstance(command, Undo | Rewind):
            return self._void(command, actor, recorded_at)
        if isinstance(command, RaiseDispute) and any(e > self.head_seq for e in command.entries):
            raise BadInput(f"the ledger has entries 1 to {self.head_seq}")
        return self._advance(command, actor, recorded_at, clock_ms)

    def follow_hall(self, command: StartClock | PauseClock | ResumeClock, by: str
                    ) -> list[StoredEvent]:
        """Record an entry of the hall's round (the head judge started, paused or resumed it for
        every table, on the hub) as the hall's, recorded by the head judge named `by`, with no
        judge signed in here: the head judge's PIN was checked when the entry was made. The
        command names its round and hall entry, so each is followed once; now, as seen here."""
        if command.round is None or command.hall_entry is None:
            raise BadInput("the hall's entry names its round and its number")
        if self.table is None or self.game_id is None or self.state is None:
            raise BadInput("no game has been started: the hall's round starts a game's clock")
        now = self.now()
        recorded_at, marks_at = times.checked(now, self.last_at, now)
        clock.record_due(self, marks_at)
        return self._advance(command.model_copy(update={"at": recorded_at}),
                             Actor(role="hall", name=by), recorded_at, None)

    def next_tick_ms(self) -> int | None:
        """How long the window may wait before its next tick (app.table.clock.next_tick); the
        moment before which no tick can record anything is kept for `tick`, with the entry
        and the state it was worked out on."""
        plan = clock.next_tick(self, self.now())
        self._quiet = (None if plan is None or plan.quiet_until is None
                       else (self.head_seq, self.state, plan.quiet_until))
        return None if plan is None else plan.wait_ms

    def quiet_tick(self) -> tuple[int, int] | None:
        """A tick that can record nothing, answered without the rules: the clock running, no
        entry since `next_tick_ms` worked out the next mark's moment, and now before it (what
        `tick` would find, then return nothing for). Returns the time left now and how long
        until the next tick (the shown second's change or the mark, whichever is first), as
        `next_tick_ms` would; None when the tick must be made by `tick`, then
        `next_tick_ms`."""
        quiet, state = self._quiet, self.state
        if quiet is None or quiet[0] != self.head_seq or quiet[1] is not state or state is None:
            return None
        running = state.clock
        if (running is None or running.started_at is None or running.paused_at is not None
                or running.called_at is not None):
            return None
        now = self.now()
        before = quiet[2] - times.genuine(now, self.last_at, now)
        if before <= ZERO:
            return None
        left = remaining_ms(running, now)
        return left, min(clock.until_shown_change_ms(left), -(-before // MILLISECOND))

    def tick(self) -> list[StoredEvent]:
        """Record what the clock says now, if anything (the window calls this every second)."""
        if self.state is None:
            return []
        now = self.now()
        at = times.genuine(now, self.last_at, now)
        quiet = self._quiet
        if (quiet is not None and at < quiet[2] and quiet[0] == self.head_seq
                and quiet[1] is self.state):
            return []  # before the next mark, nothing recorded since: nothing due (next_tick)
        return clock.record_due(self, at)

    def record_events(self, command: Command, events: list[Event], actor: Actor,
                      recorded_at: datetime, clock_ms: int | None) -> list[StoredEvent]:
        """Record events already decided on a copy of the state, then fold them in."""
        assert self.game_id is not None
        if clock_ms is None and self.state is not None and self.state.clock is not None:
            clock_ms = elapsed_ms(self.state.clock, recorded_at)
        row, decision = self._row(command, actor, recorded_at)
        stored = self.ledger.append(
            self.game_id, expected_seq=self._expected(command), command=row,
            events=[event_record(e) for e in events], actor=actor, clock_ms=clock_ms,
            recorded_at=recorded_at, plain=True,
        )
        try:
            self._fold(events, stored)
        except BaseException:  # recorded, but not folded in whole: the game is read back
            self._read_back()
            raise
        self._mark(command, stored, decision)
        return stored

    def _row(self, command: Command, actor: Actor, recorded_at: datetime
             ) -> tuple[dict[str, Any], Decision | None]:
        """The command's stored payload: with the pin of this table's latest snapshot until a
        command carrying it is recorded (so the chain covers the snapshot's hash), and a
        judge's entry with the signed-in judge's seal (the decision it is, to follow)."""
        row = snapshot_pins.pinned(command_json(command), self.folds_from.unpinned)
        # The first entry a version other than the last on the record writes names it (sealed
        # with the rest of a judge's row).
        row = versions.stamped(row, recorded_version(), self.version)
        return signin.sealed_row(self, row, command.type, actor, recorded_at)

    def _advance(self, command: Command, actor: Actor, recorded_at: datetime,
                 clock_ms: int | None) -> list[StoredEvent]:
        """Decide `command` on the state itself, its events left applied (no undo and fold
        again), and record them; if they cannot be recorded, the state is folded back to the
        ledger's head and the error raised."""
        assert self.game_id is not None and self.table is not None and self.state is not None
        if clock_ms is None and self.state.clock is not None:
            clock_ms = elapsed_ms(self.state.clock, recorded_at)  # the clock before the command
        events = advance(self.table, self.state, command)  # refused: raises, nothing changed
        try:
            row, decision = self._row(command, actor, recorded_at)
            stored = self.ledger.append(
                self.game_id, expected_seq=self._expected(command), command=row,
                events=[event_record(e) for e in events], actor=actor, clock_ms=clock_ms,
                recorded_at=recorded_at, plain=True)
        except BaseException:
            self._fold_back()
            raise
        if stored:
            self.head_seq, self.last_at = stored[-1].seq, stored[-1].recorded_at
        self._mark(command, stored, decision)
        return stored

    def _fold_back(self) -> None:
        """The state as the ledger's head (this table's last entry) holds it, after a command
        worked out on the state was not recorded. If even that cannot be read, the table
        holds no state (and refuses commands) until it is reopened: it never shows an entry
        the ledger lacks."""
        try:
            self.state = self._position(self.head_seq)
        except BankerError:  # the write's own error is the one to report
            self.state = None

    def _read_back(self) -> None:
        """The whole game read again after a recorded entry could not be folded in; if even
        that fails, no state (commands refused until the game is reopened), as in _fold_back."""
        try:
            self.reload()
        except BankerError:
            self.state = None

    def _mark(self, command: Command, stored: list[StoredEvent],
              decision: Decision | None = None) -> None:
        """Put the recorded command on the timeline (and on the judges' chain, if it is a
        judge's), and do the housekeeping that is due."""
        if stored:
            self.timeline.add(stored[0].command_no, command.type,
                              [(s.seq, s.type, s.payload) for s in stored])
            self.head_hash, self.folds_from.unpinned = stored[-1].hash, None  # its row held any pin
            self.version = recorded_version()  # its row named it, if it had to
            self.facts.recorded(stored)
            self._signed(stored, decision)
        self._housekeeping()

    def _signed(self, stored: list[StoredEvent], decision: Decision | None) -> None:
        """A recorded judge's entry followed on the judges' chain; the keys it registers kept."""
        if decision is not None:
            self.signatures.recorded(decision, stored[0].command_no)
        for s in stored:
            if s.type == "judge_added":
                self.signatures.added(str(s.payload["name"]))
            if s.type in ("judge_added", "judge_key_set") and "public_key" in s.payload:
                self.signatures.key_set(str(s.payload["name"]), str(s.payload["public_key"]))

    def _void(self, command: Undo | Rewind, actor: Actor, recorded_at: datetime
              ) -> list[StoredEvent]:
        assert self.game_id is not None and self.table is not None
        if isinstance(command, Undo):
            numbers = self.timeline.plan_undo(self.table)
            event = CommandsVoided(commands=numbers, how="undo", reason="banker's undo")
        else:
            raised = self.state.disputes if self.state is not None else []
            if command.dispute is not None and all(d.dispute != command.dispute for d in raised):
                raise RuleViolation(self.table.profile.clause("dispute"),
                                    f"there is no dispute {command.dispute}")
            numbers = self.timeline.plan_rewind(self.table, command.to_seq)
            event = CommandsVoided(commands=numbers, how="rewind", reason=command.reason)
        row, decision = self._row(command, actor, recorded_at)
        written = self.ledger.append(
            self.game_id, expected_seq=self._expected(command), command=row,
            events=[event_record(event)], actor=actor, clock_ms=None, recorded_at=recorded_at,
            plain=True)
        self.head_seq, self.last_at = written[-1].seq, written[-1].recorded_at
        self.timeline.add(written[0].command_no, command.type,
                          [(s.seq, s.type, s.payload) for s in written])
        self.head_hash, self.folds_from.unpinned = written[-1].hash, None  # its row held any pin
        self.version = recorded_version()
        self._signed(written, decision)
        self.facts.voided(self.timeline.voided)
        # The voided commands' events are skipped from the latest snapshot before them on.
        try:
            self.state = self._position(self.head_seq)
        except BaseException:  # recorded, but not folded: never show the voided as standing
            self._read_back()
            raise
        self._housekeeping()
        return written

    def _start(self, command: NewGame, actor: Actor, recorded_at: datetime) -> list[StoredEvent]:
        if self.game_id is not None:
            raise BadInput("this ledger already holds a game; use a new file for a new game")
        table = rulebook.table(command.profile, command.board)
        version = recorded_version()
        events = decide(table, None, command)
        assert isinstance(events[0], GameStarted)
        events[0] = events[0].model_copy(update={"app_version": version})
        game_id, stored = self.ledger.start_game(
            profile_id=table.profile.id, board_id=table.board.id,
            profile_json=table.profile.model_dump_json(), board_json=table.board.model_dump_json(),
            decks_json=table.decks.model_dump_json(), players=list(command.players),
            label=command.label, command=command_json(command),
            events=[event_record(e) for e in events], actor=actor, clock_ms=None,
            recorded_at=recorded_at, plain=True,
        )
        self.game_id, self.table, self.version = game_id, table, version
        self.signatures = Signatures(Chain(game_id))
        if actor.role == "banker":
            self.banker = actor.name
        self._fold(events, stored)
        self._mark(command, stored)
        return stored

    def _expected(self, command: Command) -> int:
        # A command that says which event it follows is checked against the ledger itself;
        # one that does not is taken as following what this session last saw.
        return self.head_seq if command.expect_seq is None else command.expect_seq

    def _fold(self, events: list[Event], stored: list[StoredEvent]) -> None:
        for event in events:
            if self.state is None:
                assert isinstance(event, GameStarted)
                self.state = start(event)
            else:
                apply(self.state, event)
        if stored:
            self.head_seq = stored[-1].seq
            self.last_at = stored[-1].recorded_at

    def events(self) -> list[StoredEvent]:
        """Every event of the game, in order."""
        return self.ledger.events(self.game_id) if self.game_id else []

    def state_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data, with the names the table uses."""
        if self.state is None or self.table is None:
            return {"game": None}
        board = self.table.board
        data = self.state.model_dump(mode="json")
        for deed in data["deeds"].values():
            deed["name"] = board.space(deed["space"]).name
        for player in data["players"]:
            player["space_name"] = board.space(player["position"]).name
        for debt in data["debts"]:
            debt["raisable"] = raisable(board, self.state, debt["debtor"],
                                         self.table.profile.hotel_outright_sale)
        clock = self.state.clock
        data["time_left_ms"] = (remaining_ms(clock, self.now()) if clock and clock.started_at
                                else None)
        data["game"] = self.game_id
        data["head_seq"] = self.head_seq
        data["judges"] = sorted(self.state.judges)  # names only: PIN hashes are never shown
        data["edition"] = rulebook.edition_of(self.table)
        return data
