"""A stage's publishing recorded: the change that adds a `Publication`, and the reading of a
stage's last one in words (the standings' line, the tournament window's)."""

from __future__ import annotations

from models.tournament.changes import _changed
from models.tournament.records import Publication, Tournament, TournamentError


def record_publication(t: Tournament, publication: Publication) -> Tournament:
    """The tournament with `publication` added (after the ones before: the record is only ever
    added to), its stage named as the tournament names it. Raises TournamentError for a stage
    the tournament does not have, or a publication at an earlier time than the stage's last."""
    name = t.stage(publication.stage).name
    last = last_publication(t, name)
    if last is not None and publication.at < last.at:
        raise TournamentError(f"the {name} was last published at {last.at.isoformat()}; a "
                              f"publication at {publication.at.isoformat()} would come before it")
    return _changed(t, publications=(*t.publications,
                                      publication.model_copy(update={"stage": name})))


def last_publication(t: Tournament, stage: str) -> Publication | None:
    """The stage's latest publication (`stage` as `Tournament.stage` reads it), None before any."""
    name = t.stage(stage).name
    return next((p for p in reversed(t.publications) if p.stage == name), None)


def publication_words(p: Publication | None) -> str:
    """The publication in one line: `published 30 Nov 2026, 14:05 UTC by the desk:
    provisional: table 3 still to report (csv, html, pdf; SHA-256 1a2b3c4d5e6f)`."""
    if p is None:
        return "not published yet"
    offset = p.at.utcoffset()
    zone = "UTC" if not offset else f"UTC{p.at:%z}"
    by = f" by {p.by}" if p.by else ""
    return (f"published {p.at.day} {p.at:%b %Y, %H:%M} {zone}{by}: {p.state} "
            f"({', '.join(p.formats)}; SHA-256 {p.digest[:12]})")
