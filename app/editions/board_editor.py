"""The board editor's service: a board's spaces and colour sets as cells, each edit checked with the
board's own rules (the model `banker check-board` uses), saved as one of the user's own editions."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.datafolder.paths import editions_dir
from app.editions import rulebook
from app.editions.board_toml import board_toml
from app.editions.own import write_whole
from models.board import Board, mortgage_of
from models.edition_ids import id_problem
from models.errors import BadInput, DataFileError
from models.loading import load_board, parse
from models.suggest import did_you_mean, shown

# The columns of the spaces table, in order; `index` and `kind` are shown, never edited (a board's
# layout of kinds is what every rule relies on: the editor changes names, colours and figures).
SPACE_FIELDS = ("index", "kind", "name", "name_confirmed", "group", "price", "rents", "house_cost",
                "hotel_cost", "mortgage", "amount")
GROUP_FIELDS = ("id", "name", "colour", "zone")
HEADERS = {"index": "#", "kind": "kind", "name": "name", "name_confirmed": "confirmed",
           "group": "colour set", "price": "price", "rents": "rents: site,\n1–4 houses, hotel",
           "house_cost": "house\ncost", "hotel_cost": "hotel\ncost", "mortgage": "mortgage",
           "amount": "tax or\nsalary", "id": "id", "colour": "colour", "zone": "zone (PX)"}
NOUNS = {"name": "the name", "name_confirmed": "the confirmation", "group": "the colour set",
         "price": "the price", "rents": "the rents", "house_cost": "the house cost",
         "hotel_cost": "the hotel cost", "mortgage": "the mortgage value", "amount": "the tax",
         "salary": "the salary", "colour": "the colour", "zone": "the zone", "id": "the id"}
KINDS = {"go": "GO", "street": "street", "railway": "railway", "utility": "utility", "tax": "tax",
         "chance": "Chance", "chest": "Chest", "jail": "Jail", "free_parking": "Parking",
         "go_to_jail": "To Jail"}
DEEDS = ("street", "railway", "utility")
RENTS = 6
_APPLIES = {"group": ("street",), "rents": ("street",), "house_cost": ("street",),
            "hotel_cost": ("street",), "price": DEEDS, "mortgage": DEEDS, "amount": ("tax", "go")}
_NUMBER = re.compile(r"[+-]?[0-9][0-9_,]*")
_LABEL = re.compile(r"^space \d+ '.*?': ")
EDITOR_NOTE = "Saved with the board editor from the board"


def applies(kind: str, field: str) -> bool:
    """Whether a space of `kind` has the figure `field` (a Chance space has no price)."""
    return field in ("name", "name_confirmed") or kind in _APPLIES.get(field, ())


def _key(kind: str, field: str) -> str:
    """The model's own name for a column: GO's figure is its salary, a tax's its amount."""
    return "salary" if field == "amount" and kind == "go" else field


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a candidate board: where (a space and field, or a colour set) and why."""

    space: int | None
    field: str | None
    text: str


def _plain(item: Any) -> Problem:
    """One pydantic error in plain words, with the space and field it belongs to."""
    loc = tuple(item["loc"])
    space = loc[1] if loc[:1] == ("spaces",) and len(loc) > 1 and isinstance(loc[1], int) else None
    if loc[:1] == ("spaces",):
        field = str(loc[3]) if len(loc) > 3 else None  # ("spaces", 3, "street", "price", ...)
    elif loc[:1] == ("groups",):
        field = str(loc[2]) if len(loc) > 2 else None  # ("groups", 0, "colour")
    else:
        field = str(loc[0]) if loc else None
    noun = NOUNS.get(field or "", field or "the board")
    ctx = item.get("ctx") or {}
    kind = item["type"]
    if kind == "greater_than":
        text = f"{noun} must be more than {ctx['gt']}"
    elif kind == "string_too_short":
        text = f"{noun} cannot be empty"
    elif kind == "string_pattern_mismatch" and field == "colour":
        text = "a colour is # and six hexadecimal digits, like #955436"
    elif kind == "value_error":
        text = _LABEL.sub("", str(item["msg"]).removeprefix("Value error, "))
    else:
        text = f"{noun}: {item['msg']}"
    return Problem(space, field, text)


def problems_of(data: dict[str, Any]) -> list[Problem]:
    """What the board's rules (the Board model, as `banker check-board` applies it) find wrong
    with `data`, one problem per rule broken; none when it is a valid board."""
    try:
        Board.model_validate(data)
    except ValidationError as e:
        found: list[Problem] = []
        for item in e.errors():
            problem = _plain(item)
            if problem.field is None and problem.space is None and "; " in problem.text:
                found += [Problem(None, None, part) for part in problem.text.split("; ")]
            else:
                found.append(problem)
        return found
    return []


def typed_text(raw: object) -> str:
    """What was typed into a cell, quoted (and shortened) for a message."""
    return shown(str(raw))


def parse_number(noun: str, raw: object) -> int:
    """A whole number of M typed into a cell ("1,200" and "1200" alike); BadInput otherwise."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    text = str(raw).strip().removeprefix("M").strip()
    if not _NUMBER.fullmatch(text) or len(text) > 12:
        raise BadInput(f"{noun} must be a whole number, not {shown(str(raw))}")
    return int(text.replace(",", "").replace("_", ""))


def parse_rents(raw: object) -> list[int]:
    """Six rents typed as "2, 10, 30, 90, 160, 250" (commas or spaces between them)."""
    if isinstance(raw, list | tuple):
        parts = [str(p) for p in raw]
    else:
        parts = [p for p in re.split(r"[\s,;]+", str(raw).strip()) if p]
    if len(parts) != RENTS:
        raise BadInput(f"the rents are {RENTS} numbers (the site alone, 1, 2, 3 and 4 houses, a "
                       f"hotel), not {len(parts)}")
    return [parse_number("each rent", part) for part in parts]


def parse_name(noun: str, raw: object) -> str:
    """A name typed into a cell: one line, spaces at either end dropped."""
    text = str(raw).strip()
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        raise BadInput(f"{noun} must be one line of text")
    if len(text) > 80:
        raise BadInput(f"{noun} is {len(text)} characters long; 80 at most fit a space")
    return text


class BoardDraft:
    """A board being edited: always a valid board (an edit that breaks a rule is refused and
    changes nothing), with where it came from and whether it was changed."""

    def __init__(self, board: Board, source: str) -> None:
        self.board = board
        self.original = board
        self.source = source  # the board's id, or the file it was read from

    @property
    def changed(self) -> bool:
        return self.board != self.original

    def space_kind(self, row: int) -> str:
        return self.board.spaces[row].kind

    def unconfirmed(self) -> int:
        """How many space names are not confirmed."""
        return sum(not s.name_confirmed for s in self.board.spaces)

    # Reading cells -------------------------------------------------------------------------

    def value(self, row: int, field: str) -> Any:
        """The space's figure for a column (None where it does not apply)."""
        space = self.board.spaces[row]
        if not applies(space.kind, field) and field not in ("index", "kind"):
            return None
        return getattr(space, _key(space.kind, field))

    def text(self, row: int, field: str) -> str:
        """A cell as shown: rents "2, 10, 30, 90, 160, 250", a colour set by its name."""
        value = self.value(row, field)
        if value is None:
            return ""
        if field == "kind":
            return KINDS.get(str(value), str(value))
        if field == "group":
            return self.board.group(str(value)).name
        if field == "rents":
            return ", ".join(str(r) for r in value)
        if field == "name_confirmed":
            return "yes" if value else "NO"
        return f"{value:,}" if isinstance(value, int) else str(value)

    def group_text(self, row: int, field: str) -> str:
        value = getattr(self.board.groups[row], field)
        return "" if value is None else str(value)

    # Editing cells -------------------------------------------------------------------------

    def edit(self, row: int, field: str, raw: object) -> str:
        """Set one cell of space `row`; returns what changed in words. Raises BadInput in plain
        words (and changes nothing) when the value is not one the board's rules allow."""
        space = self.board.spaces[row]
        noun = NOUNS.get(_key(space.kind, field), field)
        if field in ("index", "kind") or not applies(space.kind, field):
            raise BadInput(f"{space.label()} has no {noun.removeprefix('the ')} to edit")
        value: object
        if field == "name":
            value = parse_name(noun, raw)
        elif field == "name_confirmed":
            value = bool(raw)
        elif field == "group":
            value = self._group_id(str(raw))
        elif field == "rents":
            value = parse_rents(raw)
        else:
            value = parse_number(noun, raw)
        data = self.board.model_dump()
        target = data["spaces"][row]
        target[_key(space.kind, field)] = value
        if field == "price" and isinstance(value, int) and value > 0:
            # The mortgage value follows the price, as on a printed deed (the board's own rule).
            try:
                target["mortgage"] = mortgage_of(value)
            except ValueError as e:
                raise BadInput(str(e)) from None
        self.board = self._validated(data, row, field)
        return self._said(row, field)

    def edit_group(self, row: int, field: str, raw: object) -> str:
        """Set the name, colour or zone of colour set `row`; raises BadInput as `edit` does."""
        if field not in ("name", "colour", "zone"):
            raise BadInput("a colour set's id names it in the file and is not edited")
        text = parse_name(NOUNS[field], raw)
        if field != "zone" and not text:
            raise BadInput(f"a colour set's {field} cannot be empty")
        data = self.board.model_dump()
        data["groups"][row][field] = (text or None) if field == "zone" else text
        self.board = self._validated(data, None, field)
        group = self.board.groups[row]
        return f"colour set {group.id}: {NOUNS[field].removeprefix('the ')} is now {shown(text)}"

    def _group_id(self, text: str) -> str:
        wanted = text.strip().lower()
        for group in self.board.groups:
            if wanted in (group.id.lower(), group.name.lower()):
                return group.id
        known = ", ".join(g.name for g in self.board.groups)
        raise BadInput(f"no colour set called {shown(text)}; the colour sets are {known}")

    def _validated(self, data: dict[str, Any], row: int | None, field: str) -> Board:
        found = problems_of(data)
        if not found:
            return Board.model_validate(data)
        # The problems in the cell typed into come first; the rest say what the edit broke.
        here = [p for p in found if p.space == row and p.field in (field, _key_of(data, row, field))]
        chosen = here or found
        raise BadInput("; ".join(dict.fromkeys(p.text for p in chosen)))

    def _said(self, row: int, field: str) -> str:
        space = self.board.spaces[row]
        noun = NOUNS.get(_key(space.kind, field), field).removeprefix("the ")
        if field == "name_confirmed":
            state = "confirmed" if space.name_confirmed else "not confirmed"
            return f"space {row} '{space.name}': name {state}"
        extra = f" (mortgage value {self.text(row, 'mortgage')})" if field == "price" else ""
        return f"space {row} '{space.name}': {noun} is now {self.text(row, field)}{extra}"


def _key_of(data: dict[str, Any], row: int | None, field: str) -> str:
    if row is None:
        return field
    return _key(str(data["spaces"][row]["kind"]), field)


# Opening and saving ---------------------------------------------------------------------------

def open_board(reference: str) -> BoardDraft:
    """A draft of the board `reference` names: a board id (shipped or the user's own) or a board
    file's path. Raises BadInput for an unknown id, DataFileError for a file that is not a board."""
    written_as_path = "/" in reference or os.sep in reference or reference.endswith(".toml")
    if written_as_path or id_problem(reference) is not None:
        path = Path(reference).expanduser()
        # "Singapore" or "classic us" with no such file beside: a mistyped id, not a file.
        if not written_as_path and (not reference.strip() or not path.exists()):
            known = sorted(e.id for e in rulebook.editions("board"))
            raise BadInput(f"no board called {shown(reference)}"
                           f"{did_you_mean(reference.strip(), known) or ';'} "
                           f"known: {', '.join(known)}")
        return BoardDraft(load_board(path), str(path))
    return BoardDraft(rulebook.board(reference), reference)


def shipped_ids() -> set[str]:
    """The ids of the boards this app ships (a user's edition may not take one)."""
    return {e.id for e in rulebook.editions("board") if e.shipped}


def edition_path(edition_id: str) -> Path:
    """Where the user's own board `edition_id` is kept."""
    return editions_dir() / rulebook.FOLDERS["board"] / f"{edition_id}.toml"


def id_refusal(edition_id: str) -> str | None:
    """Why `edition_id` cannot name a new edition, or None when it can."""
    problem = id_problem(edition_id)
    if problem is not None:
        return problem
    if edition_id in shipped_ids():
        return (f"{shown(edition_id)} is the id of a board this app ships, and a shipped id always "
                "means the shipped board: choose another id")
    return None


def suggested_id(draft: BoardDraft) -> str:
    """An id to offer when saving: the user's own edition's id again, else the board's id with
    "-checked" (names checked against the physical set is what an organiser saves)."""
    board_id = draft.board.id
    if board_id not in shipped_ids():
        return board_id
    return f"{board_id}-checked"[:64]


def save_edition(draft: BoardDraft, edition_id: str, title: str, *, replace: bool = False) -> Path:
    """Write the draft as the user's own board `edition_id` called `title`, in the shipped files'
    format, under the data folder's editions (where the new-game form finds it). Raises BadInput
    for a bad or shipped id, an empty title, or an edition that exists (unless `replace`), and
    DataFileError when the file cannot be written; a failed save leaves any earlier file as it was."""
    refusal = id_refusal(edition_id)
    if refusal is not None:
        raise BadInput(refusal)
    title = parse_name("the title", title)
    if not title:
        raise BadInput("the title cannot be empty: it is what the new-game form lists")
    path = edition_path(edition_id)
    if path.exists() and not replace:
        raise BadInput(f"you already have a board called {shown(edition_id)} ({path}); choose "
                       "another id or replace it")
    notes = [note for note in draft.board.notes if not note.startswith(EDITOR_NOTE)]
    unconfirmed = draft.unconfirmed()
    notes.insert(0, f"{EDITOR_NOTE} '{draft.board.id}'; {unconfirmed} space names unconfirmed "
                    "when saved.")
    board = Board.model_validate(draft.board.model_dump() | {"id": edition_id, "name": title,
                                                             "notes": notes})
    text = board_toml(board, [f"{title}: the organiser's own board, saved with the board editor.",
                              "Check it with `banker check-board` after editing it by hand."])
    if parse(Board, text, path.name) != board:  # what check-board will read back
        raise DataFileError(path.name, ["the written board would not read back the same"])
    write_whole(path, text)
    return path
