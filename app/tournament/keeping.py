"""Where a tournament is read and changed: kept on the hub when a hub is set and holds it
(app/tournament/hub_store.py), else as one JSON file per tournament in the data folder
(files.py); each change the same pure change (models.tournament.changes) in one transaction,
its judges' decisions sealed and followed (decisions.py)."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from app.games.folder import utc_now
from app.tournament.decisions import Checked, seal_new
from app.tournament.files import load_file, save, tournament_files, tournament_path
from app.tournament.judging import Judge, Sleep, checked_file, file_signer
from app.tournament.judging import add_judge as add_judge_to
from app.tournament.store import on_hub
from models.tournament.records import Tournament, TournamentError
from models.tournament.undoing import undone

Now = Callable[[], datetime]


def load(tid: str, hub: str | None = None) -> Tournament:
    """The tournament `tid` as its readers follow it (only its judges' decisions that verify:
    app/tournament/decisions.py): the hub's (`hub`, else BANKER_HUB_URL) when a hub is set and
    holds it, else its file; TournamentError names the ones there are when it is not found."""
    return load_checked(tid, hub).tournament


def load_checked(tid: str, hub: str | None = None) -> Checked:
    """`load`, with the decisions not followed (each named with why)."""
    with on_hub(hub) as held:
        found = held.checked(tid) if held is not None else None
    return found if found is not None else checked_file(load_file(tid))


def list_tournaments(hub: str | None = None) -> list[Tournament]:
    """Every tournament the hub holds (when a hub is set), then every other one in the data
    folder's files (unreadable files left out)."""
    found: list[Tournament] = []
    with on_hub(hub) as held:
        if held is not None:
            found = [t for t in map(held.get, held.ids()) if t is not None]
    on_the_hub = {t.id for t in found}
    for path in tournament_files():
        if path.stem in on_the_hub:
            continue
        try:
            found.append(load_file(path.stem))
        except TournamentError:
            continue
    return found


def update(tid: str, change: Callable[[Tournament], Tournament], what: str,
            judge: Judge | None = None, sleep: Sleep = time.sleep) -> Tournament:
    """Read, change and write the tournament as followed (a judge's decision the change adds
    sealed by `judge`, signed in with the PIN first): on the hub (when it holds it) in one
    transaction that fails with TournamentChangedMeanwhile if another desk changed it first;
    else its file under a lock on its own lock file, so two programs changing it at once (the
    head judge's CLI and a banker's window starting a table) take turns instead of one losing
    the other's change."""
    with on_hub() as held:
        if held is not None and held.version(tid) > 0:
            if judge is not None:
                held.may_change(tid)
            signer = None if judge is None else held.hub.signer(*judge, sleep=sleep)
            return held.update(tid, change, what, signer)
    lock = tournament_path(tid).with_name(f".{tid}.lock")
    with open(lock, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            raw = load_file(tid)
            followed = checked_file(raw)
            signer = None if judge is None else file_signer(raw, judge, sleep)
            changed = seal_new(followed, change(followed.tournament), signer)
            if changed.signed_since is None:  # signed from now on: older ones are legacy
                changed = changed.model_copy(update={"signed_since": utc_now()})
            keep_previous(tid)
            save(changed)
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
    return changed


def add_judge(tid: str, name: str, pin: str, now: Now = utc_now) -> str:
    """Register a judge who signs the tournament's decisions: on the hub when it holds the
    tournament (every table's game takes the hub's judges), else in its file. Returns where.
    Raises JudgeAuthError (a PIN not 6+ digits), TournamentError or HubError (name taken)."""
    with on_hub() as held:
        if held is not None and held.version(tid) > 0:
            held.hub.register_judge(name, pin)
            return f"on the hub at {held.hub.location}"
    update(tid, lambda t: add_judge_to(t, name, pin, now()), f"judge {name} registered")
    return "in the tournament's file"


def change(tid: str, changed: Callable[[Tournament], Tournament], what: str) -> Tournament:
    """A change of the tournament decided elsewhere in the app (a pure function of it), made as
    every change here is: one transaction on the hub, or under the file's lock."""
    return update(tid, changed, what)


def previous_path(tid: str) -> Path:
    """Where a tournament's file keeps itself as it was before its last change (`undo`)."""
    return tournament_path(tid).with_name(f".{tid}.previous.json")


def keep_previous(tid: str) -> None:
    """The file as it is, kept as the one before the change about to be saved (put in place
    whole, as the file is)."""
    path = tournament_path(tid)
    if path.is_file():
        kept = previous_path(tid)
        temporary = kept.with_name(kept.name + ".new")
        temporary.write_bytes(path.read_bytes())
        os.replace(temporary, kept)


def undo(tid: str, reason: str, now: Now = utc_now) -> tuple[Tournament, str]:
    """Restore the tournament as it was before its last change, as a new version with
    `reason` (models.tournament.undoing): on the hub the version before the last; in a file the
    `.ID.previous.json` its last change kept. Returns it and what was undone, in words."""
    with on_hub() as held:
        if held is not None and held.version(tid) > 0:
            return held.undo(tid, reason, now())
    kept = previous_path(tid)
    if not kept.is_file():
        raise TournamentError(f"nothing to undo in tournament {tid!r}'s file: it keeps the "
                              "version before its last change only from issue 29's version on")
    what = "the file's last change"

    def restored(current: Tournament) -> Tournament:
        try:
            earlier = Tournament.model_validate_json(kept.read_bytes())
        except (OSError, ValidationError) as e:
            raise TournamentError(f"{kept}: the version kept before cannot be read: {e}") from e
        return undone(current, earlier, what, reason, now())
    return update(tid, restored, f"undo: {reason}"), what
