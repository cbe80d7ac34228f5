"""The hub's own tables (migrations 0006 to 0012) beside the ledger's, as SQLAlchemy Core metadata."""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKeyConstraint,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from app.ledger.schema import TIMESTAMP_LENGTH, metadata

# One row per game the hub holds: its head as last received, where it came from, and the head
# the table last reported with a batch (so a copy behind its file shows even when the file is
# out of reach). Its flags are rows of hub_marks, never columns changed in place.
hub_games = Table(
    "hub_games",
    metadata,
    Column("game_id", String(36), primary_key=True),
    Column("label", Text, nullable=True),
    Column("source", Text, nullable=False),
    Column("entries", Integer, nullable=False),
    Column("head_hash", String(64), nullable=False),
    Column("last_recorded_at", String(TIMESTAMP_LENGTH), nullable=True),
    Column("last_arrival_at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("reported_entries", Integer, nullable=True),
    Column("reported_hash", String(64), nullable=True),
    Column("reported_at", String(TIMESTAMP_LENGTH), nullable=True),
    Column("file", Text, nullable=True),
)

# Every refused batch: "broken" (its own chain does not check out) or "diverged" (it differs
# from what the hub already holds). Nothing of a refused batch is stored but this row.
hub_refusals = Table(
    "hub_refusals",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(36), nullable=False),
    Column("at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("seq", Integer, nullable=True),
    Column("reason", Text, nullable=False),
    Column("source", Text, nullable=False),
    CheckConstraint("kind IN ('broken', 'diverged')", name="kind"),
    Index("ix_hub_refusals_game_id", "game_id"),
)

# A game's marks, append-only: "diverged" (a copy contradicted the hub's: `by` is where it came
# from), a judge's "note" on it, and the head judge's "ruling" that lets its result count.
hub_marks = Table(
    "hub_marks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(36), nullable=False),
    Column("at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("seq", Integer, nullable=True),
    Column("text", Text, nullable=False),
    Column("by", Text, nullable=False),
    Column("seal", Text, nullable=True),  # a judge's note or ruling: its signed proof (0012)
    CheckConstraint("kind IN ('diverged', 'note', 'ruling')", name="kind"),
    Index("ix_hub_marks_game_id", "game_id"),
)

# The tournament's judges: a table takes these registrations into a new game's new_game.
hub_judges = Table(
    "hub_judges",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("pin_hash", Text, nullable=False),
    Column("created_at", String(TIMESTAMP_LENGTH), nullable=False),
)

# Each judge's key (migration 0012), append-only: the Ed25519 public key and the private key
# sealed under the judge's PIN (app/signing/keys.py). A key is never replaced.
hub_judge_keys = Table(
    "hub_judge_keys",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("public_key", Text, nullable=False),
    Column("sealed_key", Text, nullable=False),
    Column("added_at", String(TIMESTAMP_LENGTH), nullable=False),
)

# Where signatures begin (one row, written by migration 0012 only): the round entries, marks and
# tournament versions held before, which readers show as "recorded before signatures".
hub_signatures = Table(
    "hub_signatures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("since", String(TIMESTAMP_LENGTH), nullable=False),
    Column("rounds_held", Text, nullable=False),  # JSON: the ids of hub_rounds then held
    Column("marks_held", Text, nullable=False),  # JSON: the ids of judges' hub_marks then held
    Column("versions_upto", Text, nullable=False),
    CheckConstraint("id = 1", name="one"),
)

# Each version of a tournament, append-only: the document its JSON file holds, and what changed.
# The latest version is the tournament; two desks writing the same next version collide.
hub_tournaments = Table(
    "hub_tournaments",
    metadata,
    Column("tournament_id", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("document", Text, nullable=False),
    Column("changed_at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("change", Text, nullable=False),
    # NULL: `document` is the version whole; N: its delta from version N, the one before (0014)
    Column("base", Integer, nullable=True),
    PrimaryKeyConstraint("tournament_id", "version"),
    CheckConstraint("version >= 1", name="version"),
)

# The players' contacts of each version of a tournament, append-only, JSON {player id: contact}:
# kept out of its document, which a table's and the reader's role read; only the desk reads these.
hub_tournament_contacts = Table(
    "hub_tournament_contacts",
    metadata,
    Column("tournament_id", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("contacts", Text, nullable=False),
    PrimaryKeyConstraint("tournament_id", "version"),
    ForeignKeyConstraint(["tournament_id", "version"],
                         ["hub_tournaments.tournament_id", "hub_tournaments.version"]),
)

# The hall's round clock, append-only: each entry of a stage's round (start, pause, resume,
# announce) numbered within the round, timed by the hub's clock; the tables follow them.
hub_rounds = Table(
    "hub_rounds",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tournament_id", String(64), nullable=False),
    Column("stage", Text, nullable=False),
    Column("entry", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("text", Text, nullable=False),
    Column("by", Text, nullable=False),
    Column("seal", Text, nullable=True),  # the head judge's signed proof (0012)
    UniqueConstraint("tournament_id", "stage", "entry"),
    CheckConstraint("kind IN ('start', 'pause', 'resume', 'announce')", name="kind"),
    CheckConstraint("entry >= 1", name="entry"),
)

# The user's own editions a tournament plays with, shared by the desk (migration 0011),
# append-only: one text per kind and id, with its SHA-256; a table's laptop keeps a copy.
hub_editions = Table(
    "hub_editions",
    metadata,
    Column("kind", String(16), nullable=False),
    Column("edition_id", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("added_at", String(TIMESTAMP_LENGTH), nullable=False),
    PrimaryKeyConstraint("kind", "edition_id"),
    CheckConstraint("kind IN ('board', 'profile', 'decks')", name="kind"),
)
