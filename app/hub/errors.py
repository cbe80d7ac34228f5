"""The hub's errors: unreachable (try again later), a gap (send from the hub's head), refused."""

from __future__ import annotations

from models.errors import BankerError


class HubError(BankerError):
    """Something about the hub: its URL, its connection, or what it was sent."""


class HubUnreachable(HubError):
    """The hub cannot be reached or written just now; the table keeps recording and retries."""


class HubForbidden(HubUnreachable):
    """PostgreSQL refused this connection's role a read or write (`banker hub init`'s grants
    and row-level security): a table's role touching another table's game. Nothing was
    stored; a copier keeps retrying, as the hub's owner may yet give the game to its role."""


class HubNeedsTls(HubError):
    """A hub URL to another machine without sslmode=require (or verify-ca, verify-full),
    refused before anything is sent: the URL must change, so no retry will help. The CLI
    gives it the exit of a hub that cannot be reached (4), as the ledger's own refusal."""


class HubGap(HubError):
    """A batch that does not start where the hub's copy of the game ends; nothing was stored.
    The sender reads the hub's head again and sends from there (nothing is wrong with it)."""


class HubRefused(HubError):
    """A batch the hub refused and recorded as refused: `kind` is "broken" (its own chain does
    not check out) or "diverged" (it differs from what the hub already holds); nothing of it
    was stored."""

    def __init__(self, kind: str, game_id: str, seq: int | None, reason: str) -> None:
        self.kind, self.game_id, self.seq, self.reason = kind, game_id, seq, reason
        what = "its chain is broken" if kind == "broken" else "it differs from the hub's copy"
        super().__init__(f"the hub refused game {game_id}: {what}: {reason}")
