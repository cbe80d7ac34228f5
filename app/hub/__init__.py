"""The hub: every table's game copied into one database, checked on arrival. Imports table, ledger.

Each entry is checked on arrival; the hub is the tables' outside anchor, and holds the
tournament's judges.

The head judge's window reads it through `Hub` (`tables()`, `refusals()`, `head()`,
`game_ids()`, `database` for the ledger's readers); a table copies to it with `Replicator`."""

from app.hub.batch import Batch, read_batch
from app.hub.errors import HubError, HubGap, HubRefused, HubUnreachable
from app.hub.hub import HUB_URL_ENV, Hub, hub_url
from app.hub.judges import with_hub_judges
from app.hub.push import Pushed, push_file, push_game
from app.hub.records import Receipt, Refusal, TableOnHub
from app.hub.replicator import Backoff, ReplicaStatus, Replicator, last_copy, replicator_for

__all__ = [
    "HUB_URL_ENV",
    "Backoff",
    "Batch",
    "Hub",
    "HubError",
    "HubGap",
    "HubRefused",
    "HubUnreachable",
    "Pushed",
    "Receipt",
    "Refusal",
    "ReplicaStatus",
    "Replicator",
    "TableOnHub",
    "hub_url",
    "last_copy",
    "push_file",
    "push_game",
    "read_batch",
    "replicator_for",
    "with_hub_judges",
]
