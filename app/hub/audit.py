"""`banker hub verify`: everything the hub holds checked whole, each failure named as a Finding."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.hub.errors import HubUnreachable
from app.hub.hub import Hub
from app.ledger import Ledger, reading, schema
from app.ledger.errors import GameNotFound, LedgerCorrupt, LedgerError
from app.table import seals


@dataclass(frozen=True)
class Finding:
    """One thing on the hub that does not check out: `what` was checked ("chain", ...),
    `where` it fails (the game, its label, the entry), and `why`."""

    what: str
    where: str
    why: str
    game_id: str | None = None

    def words(self) -> str:
        """The finding as `banker hub verify` prints it."""
        return f"{self.what}: {self.where}: {self.why}"


def audit(hub: Hub) -> list[Finding]:
    """Every finding on the hub, [] when all is sound: each game's whole chain (chain_findings).
    Raises HubUnreachable when the hub cannot be read."""
    return chain_findings(hub)


def chain_findings(hub: Hub) -> list[Finding]:
    """Each game's chain checked from its first entry with the ledger's own check (each row's
    hash recomputed from its content, each link, each command and transfer: `banker verify`'s
    chain check), and rows that belong to no game the hub holds.

    Raises HubUnreachable when the hub cannot be read."""
    try:
        ledger = Ledger(hub.database)
        with hub.database.read() as connection:
            games = connection.execute(select(schema.games.c.id, schema.games.c.label)
                                       .order_by(schema.games.c.created_at, schema.games.c.id)
                                       ).all()
            strays = reading.stray_rows(connection)
        found = [Finding("chain", "rows of no game", why) for why in strays]
        for game_id, label in games:
            found += _game_findings(ledger, str(game_id), label)
    except LedgerCorrupt as e:  # the hub's tables themselves do not read
        return [Finding("chain", "the hub's database", str(e))]
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    return found


def _game_findings(ledger: Ledger, game_id: str, label: object) -> list[Finding]:
    named = f"game {game_id} ({label})" if isinstance(label, str) else f"game {game_id}"
    try:
        history = ledger.history(game_id)
        problems = ledger.chain_problems_of(history)
        # Each judge's entry at the table checked by its seal too (app/table/seals.py).
        unsigned = [Finding("signature", named, p.words, game_id)
                    for p in seals.follow_table(game_id, history).problems]
    except (LedgerCorrupt, GameNotFound) as e:  # a row the history cannot read
        problems, unsigned = [str(e)], []
    return [_finding(named, game_id, problem) for problem in problems] + unsigned


def _finding(named: str, game_id: str, problem: str) -> Finding:
    """The ledger's problem ("event 12 (rent_paid): stored hash does not match ...") split
    into where (the game and the entry) and why."""
    entry, colon, why = problem.partition(": ")
    if colon and entry.startswith(("event ", "command ", "transfer", "player ", "the game's")):
        return Finding("chain", f"{named}, {entry}", why, game_id)
    return Finding("chain", named, problem, game_id)
