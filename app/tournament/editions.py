"""The tournament's own editions across laptops: the desk shares the organiser's board (and a
profile or decks of their own) on the hub with the tournament, and a table's laptop that lacks
one keeps the hub's copy before it lists or starts its table, so every table plays the same
board without a file carried from laptop to laptop. Shipped editions are on every laptop and
are never shared."""

from __future__ import annotations

from app.editions import rulebook
from app.editions.own import keep, own_text
from app.editions.rulebook import Kind
from app.hub.editions import digest, share, shared
from app.hub.hub import Hub
from app.tournament.store import on_hub
from models.errors import BadInput
from models.tournament.records import Tournament, TournamentError


def share_editions(hub: Hub, t: Tournament) -> list[str]:
    """Put the user's own editions `t` plays with on `hub` (those not there yet); returns a line
    for each put there. Raises EditionDiffers when the hub holds another text under one's id,
    BadInput or DataFileError for an edition this laptop cannot read."""
    said = []
    profile = rulebook.profile(t.profile)
    parts: tuple[tuple[Kind, str], ...] = (
        ("profile", t.profile), ("board", t.board or profile.board), ("decks", profile.deck))
    for kind, edition_id in parts:
        text = own_text(kind, edition_id)
        if text is not None and share(hub, kind, edition_id, text):
            said.append(f"the {rulebook.NOUNS[kind]} {edition_id!r} is on the hub for the tables")
    return said


def fetch_editions(hub: Hub, t: Tournament) -> list[str]:
    """Keep the hub's copy of each of `t`'s own editions this laptop lacks (the profile first:
    it names the board and decks when the tournament does not); returns a line for each kept.

    Raises TournamentError when one is neither here nor on the hub, or when this laptop's file
    differs from the hub's (the tables must all play the hub's), HubUnreachable when the hub
    cannot be read, DataFileError when the copy cannot be kept."""
    said = _fetched(hub, t, "profile", t.profile)
    profile = rulebook.profile(t.profile)  # here now, if it is anywhere
    said += _fetched(hub, t, "board", t.board or profile.board)
    return said + _fetched(hub, t, "decks", profile.deck)


def _fetched(hub: Hub, t: Tournament, kind: Kind, edition_id: str) -> list[str]:
    """One edition of fetch_editions: kept from the hub when this laptop lacks it (a line
    saying so), checked against the hub's when it has its own, nothing when shipped."""
    noun = rulebook.NOUNS[kind]
    try:
        here = own_text(kind, edition_id)
    except BadInput:  # not on this laptop
        here, missing = None, True
    else:
        if here is None:  # shipped: on every laptop
            return []
        missing = False
    held = shared(hub, kind, edition_id)
    if held is None:
        if missing:
            raise TournamentError(
                f"the tournament plays on the {noun} {edition_id!r}, which is neither on this "
                f"laptop nor on the hub: the desk shares it with `banker tournament push "
                f"{t.id}`")
        return []  # the desk has not shared it: this laptop's file is what there is
    if missing:
        keep(kind, edition_id, held)
        return [f"the {noun} {edition_id!r} taken from the hub"]
    if here != held:
        raise TournamentError(
            f"this laptop's {noun} {edition_id!r} differs from the hub's (SHA-256 "
            f"{digest(here or '')[:12]} here, {digest(held)[:12]} on the hub): every table plays "
            "the hub's; remove or rename this laptop's file and try again")
    return []

def editions_here(t: Tournament) -> list[str]:
    """The hub's copies of `t`'s own editions this laptop lacks, kept (see fetch_editions);
    nothing without a hub or for a tournament only in a file. Returns a line for each kept."""
    with on_hub() as held:
        if held is not None and held.version(t.id) > 0:
            return fetch_editions(held.hub, t)
    return []
