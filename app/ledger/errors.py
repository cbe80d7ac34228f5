"""The ledger's own errors; driver exceptions are translated into these at the adapter."""

from __future__ import annotations

from models.errors import BankerError


class LedgerError(BankerError):
    """Base of every error the ledger storage raises."""


class LedgerWriteError(LedgerError):
    """The ledger could not be written: disk full, read-only file, I/O failure."""


class LedgerNotFound(LedgerError):
    """No ledger file at the path, and the caller only reads: nothing is created."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path}: no such ledger file (reading never creates one; nothing was created)")
        self.path = path


class LedgerBusy(LedgerError):
    """Another program holds the ledger's lock longer than the busy timeout."""


class LedgerRejected(LedgerError):
    """A write broke one of the ledger's own constraints (a non-positive amount, append-only)."""


class StaleSequence(LedgerError):
    """The caller's view of the game is out of date: the last event is not the one it expected."""

    def __init__(self, game_id: str, expected: int, actual: int) -> None:
        super().__init__(
            f"game {game_id}: expected the last event to be seq {expected}, but it is seq "
            f"{actual}; the game changed since it was read (a repeated command?), nothing recorded"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class ConcurrentWrite(LedgerError):
    """Another writer recorded the same command or event number first; nothing was recorded."""


class LedgerCorrupt(LedgerError):
    """The ledger file is damaged or is not a ledger at all."""


class SchemaTooOld(LedgerError):
    """The database's tables are of an older version, and this login may not upgrade them."""


class SchemaTooNew(LedgerError):
    """The file was migrated by a newer version of the program than this one."""

    def __init__(self, found: str, known: str) -> None:
        super().__init__(
            f"this file was written by a newer Championship Banker (schema {found}); "
            f"this version knows up to {known}"
        )
        self.found = found
        self.known = known


class GameNotFound(LedgerError):
    """No game with this id is in the ledger."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r} in this ledger")
        self.game_id = game_id
