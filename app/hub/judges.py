"""The tournament's judges on the hub, taken into a table's new game when the hub is set."""

from __future__ import annotations

from typing import Any

from app.hub.errors import HubError
from app.hub.hub import Hub, hub_url


def with_hub_judges(new_game: dict[str, Any], url: str | None = None,
                    opener: Any = Hub.open) -> tuple[dict[str, Any], str | None]:
    """`new_game` (as JSON) with the hub's judges added to its `judges`, and a note when the
    hub is set but could not be read (the game then starts with the judges it names: a table
    never waits for the network). Nothing changes when no hub is set (`url`, BANKER_HUB_URL).

    A judge the command already names keeps that registration; the hub's one of the same name
    is left out."""
    found = hub_url(url)
    if found is None:
        return new_game, None
    try:
        with opener(found) as hub:
            registered = hub.judges()
    except HubError as e:
        return new_game, f"the tournament's judges were not taken from the hub: {e}"
    given = list(new_game.get("judges") or [])
    names = {entry.get("name") for entry in given if isinstance(entry, dict)}
    added = [entry.model_dump() for entry in registered if entry.name not in names]
    if not added:
        return new_game, None
    return new_game | {"judges": given + added}, None
