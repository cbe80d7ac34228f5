"""The tables' app versions as the hub sees them (each from its game's entries copied: chains.py
reads them as it checks the chain), and the tables on a version other than the hall's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

NOT_RECORDED = "not recorded"
"""A game whose entries name no version: started before versions were recorded (issue 32)."""


def version_words(version: str | None) -> str:
    """A table's version as shown: the version, or that its entries name none."""
    return version or NOT_RECORDED


def odd_versions(versions: Mapping[str, str | None]) -> dict[str, str]:
    """For each game (by id) on a version other than the hall's, why it is flagged, in words.

    The hall's version is the one most of these games record (a game whose entries name none
    counts as one more version); between as many games each, a recorded version before none,
    and of two recorded ones the later in text order. With one version in all, no game is."""
    counts = Counter(versions.values())
    if len(counts) < 2:
        return {}
    hall = max(counts, key=lambda v: (counts[v], v is not None, v or ""))
    return {game: f"OTHER VERSION: {version_words(version)}, most tables on "
                  f"{version_words(hall)}"
            for game, version in versions.items() if version != hall}
