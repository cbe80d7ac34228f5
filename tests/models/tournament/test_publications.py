"""A publication is recorded in the tournament: added after the ones before, its stage named as
the tournament names it, read back as the stage's last; files and hub versions made before it
load with none; a tournament id that is not one is said plainly, as an edition's id is."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from models.tournament.changes import new_tournament
from models.tournament.publications import (
    last_publication,
    publication_words,
    record_publication,
)
from models.tournament.records import Publication, Stage, Tournament, TournamentError

AT = datetime(2026, 11, 30, 14, 5, tzinfo=UTC)
DIGEST = "ab" * 32  # 64 hex digits, as hashlib.sha256(...).hexdigest() gives
STAGES = (Stage(name="Qualifying", table_size=4, advance=4, advance_by="score"),
          Stage(name="Final", table_size=4, advance=3, advance_by="table"))


def cup() -> Tournament:
    return new_tournament("Pub Cup", "sg-championship", (4,), stages=STAGES)


def provisional(at: datetime = AT, stage: str = "Qualifying") -> Publication:
    return Publication(stage=stage, at=at, state="provisional: table 3 still to report",
                       provisional=True, awaiting=(3,), formats=("csv", "html"),
                       digest=DIGEST, by="Desk Lee")


def test_a_publication_is_added_and_read_back_as_the_stage_s_last() -> None:
    t = record_publication(cup(), provisional(stage="qualifying"))  # any case, as stage() reads
    decided = Publication(stage="1", at=AT + timedelta(minutes=40),
                          state="decided: every result is in, no tie to rule", provisional=False,
                          formats=("csv", "html", "pdf"), digest="cd" * 32)
    t = record_publication(t, decided)
    assert [p.stage for p in t.publications] == ["Qualifying", "Qualifying"]
    assert last_publication(t, "Qualifying") == decided.model_copy(update={"stage": "Qualifying"})
    assert last_publication(t, "Final") is None
    assert t.publications[0].awaiting == (3,) and t.publications[0].by == "Desk Lee"


def test_the_words_say_when_by_whom_provisional_or_decided_and_the_digest() -> None:
    t = record_publication(cup(), provisional())
    # By hand: 30 Nov 2026 at 14:05 UTC, the first 12 hex digits of the digest.
    assert publication_words(last_publication(t, "Qualifying")) == (
        "published 30 Nov 2026, 14:05 UTC by Desk Lee: provisional: table 3 still to report "
        "(csv, html; SHA-256 abababababab)")
    assert publication_words(None) == "not published yet"


def test_a_publication_for_a_stage_the_tournament_lacks_or_earlier_than_the_last_is_refused(
        ) -> None:
    with pytest.raises(TournamentError, match="no stage 'Semi-final'"):
        record_publication(cup(), provisional(stage="Semi-final"))
    t = record_publication(cup(), provisional())
    with pytest.raises(TournamentError, match="would come before it"):
        record_publication(t, provisional(at=AT - timedelta(minutes=1)))
    assert record_publication(t, provisional()).publications[-1].at == AT  # the same minute


@pytest.mark.parametrize("bad", [
    {"awaiting": (3,), "provisional": False},  # tables out, yet called decided
    {"formats": ()},
    {"formats": ("csv", "csv")},
    {"formats": ("docx",)},
    {"digest": "AB" * 32},  # hex is lower case, as hexdigest() writes it
    {"digest": "ab" * 31},
])
def test_a_publication_that_contradicts_itself_is_refused(bad: dict[str, object]) -> None:
    fields = provisional().model_dump() | bad
    with pytest.raises(ValidationError):
        Publication.model_validate(fields)


def test_a_file_or_hub_version_made_before_publications_loads_with_none() -> None:
    old = json.loads(cup().model_dump_json())
    del old["publications"]
    loaded = Tournament.model_validate_json(json.dumps(old))
    assert loaded.publications == ()
    recorded = record_publication(loaded, provisional())
    again = Tournament.model_validate_json(recorded.model_dump_json())
    assert again.publications == recorded.publications


def test_a_tournament_id_that_is_not_one_is_said_plainly_with_the_numbers_of_every_id() -> None:
    with pytest.raises(TournamentError) as refused:
        new_tournament("Ro Cup", "sg-championship", (4,), stages=STAGES, tid="RO")
    said = str(refused.value)
    assert said == ("id: 'RO' is not an id: an id is 1 to 64 lowercase letters, digits and "
                    "hyphens, beginning with a letter or digit (a name, never a path) "
                    "(try 'ro')")
    assert "^[" not in said
    assert new_tournament("x", "sg-championship", (4,), stages=STAGES, tid="a" * 64).id == "a" * 64
    with pytest.raises(TournamentError, match="1 to 64"):
        new_tournament("x", "sg-championship", (4,), stages=STAGES, tid="a" * 65)
