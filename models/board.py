"""The board: 40 spaces with names and figures, validated when loaded."""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from models.edition_ids import EditionId

BOARD_SIZE = 40


class _Space(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(ge=0, lt=BOARD_SIZE)
    name: str = Field(min_length=1)
    name_confirmed: bool = True

    def label(self) -> str:
        """Space number and name, the way error messages name a space."""
        return f"space {self.index} '{self.name}'"


class Go(_Space):
    kind: Literal["go"]
    salary: int = Field(gt=0)


class Street(_Space):
    kind: Literal["street"]
    group: str
    price: int = Field(gt=0)
    rents: tuple[int, int, int, int, int, int]
    house_cost: int = Field(gt=0)
    hotel_cost: int = Field(gt=0)
    mortgage: int = Field(gt=0)

    @model_validator(mode="after")
    def _figures_agree(self) -> Street:
        for before, after in zip(self.rents, self.rents[1:], strict=False):
            if after < before:
                raise ValueError(
                    f"{self.label()}: rents must not decrease ({after} after {before})"
                )
        _check_mortgage(self.label(), self.price, self.mortgage)
        return self


class Railway(_Space):
    kind: Literal["railway"]
    price: int = Field(gt=0)
    mortgage: int = Field(gt=0)

    @model_validator(mode="after")
    def _figures_agree(self) -> Railway:
        _check_mortgage(self.label(), self.price, self.mortgage)
        return self


class Utility(_Space):
    kind: Literal["utility"]
    price: int = Field(gt=0)
    mortgage: int = Field(gt=0)

    @model_validator(mode="after")
    def _figures_agree(self) -> Utility:
        _check_mortgage(self.label(), self.price, self.mortgage)
        return self


class Tax(_Space):
    kind: Literal["tax"]
    amount: int = Field(gt=0)


class Chance(_Space):
    kind: Literal["chance"]


class Chest(_Space):
    kind: Literal["chest"]


class Jail(_Space):
    kind: Literal["jail"]


class FreeParking(_Space):
    kind: Literal["free_parking"]


class GoToJail(_Space):
    kind: Literal["go_to_jail"]


Space = Annotated[
    Go | Street | Railway | Utility | Tax | Chance | Chest | Jail | FreeParking | GoToJail,
    Field(discriminator="kind"),
]
Deed = Street | Railway | Utility


def mortgage_of(price: int) -> int:
    """A deed's mortgage value: half its price, so a price must be even (ValueError if not)."""
    if price % 2:
        raise ValueError(f"the price must be an even number: the mortgage value is half of it "
                         f"({price:,} is odd)")
    return price // 2


def _check_mortgage(label: str, price: int, mortgage: int) -> None:
    if mortgage * 2 != price:
        raise ValueError(f"{label}: mortgage value must be half the price ({mortgage} for {price})")


class ColourGroup(BaseModel):
    """A colour set; `zone` is the PropNex house-cost tier (Industrial, OCR, RCR, CCR)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    zone: str | None = None


class Board(BaseModel):
    """An edition's 40 spaces; validation enforces the shape every rule relies on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: EditionId
    name: str
    currency: str = "M"
    notes: list[str] = []
    railway_rents: tuple[int, int, int, int] = (25, 50, 100, 200)
    utility_multipliers: tuple[int, int] = (4, 10)
    groups: list[ColourGroup]
    spaces: list[Space]

    @model_validator(mode="after")
    def _board_is_whole(self) -> Board:
        problems: list[str] = []
        if len(self.spaces) != BOARD_SIZE:
            problems.append(f"a board has {BOARD_SIZE} spaces, this one has {len(self.spaces)}")
        for position, space in enumerate(self.spaces):
            if space.index != position:
                problems.append(f"{space.label()} stands at position {position}")
        kinds: Counter[str] = Counter(space.kind for space in self.spaces)
        for kind, wanted in (("go", 1), ("jail", 1), ("go_to_jail", 1), ("railway", 4),
                             ("utility", 2), ("street", 22)):
            if kinds[kind] != wanted:
                problems.append(f"a board has {wanted} {kind} space(s), this one has {kinds[kind]}")
        if self.spaces and self.spaces[0].kind != "go":
            problems.append("space 0 must be GO")
        names = Counter(s.name for s in self.spaces if s.kind in ("street", "railway", "utility"))
        problems += [f"deed '{name}' appears {n} times" for name, n in names.items() if n > 1]
        group_ids = {g.id for g in self.groups}
        members = Counter(s.group for s in self.spaces if isinstance(s, Street))
        for space in self.spaces:
            if isinstance(space, Street) and space.group not in group_ids:
                problems.append(f"{space.label()}: unknown colour group '{space.group}'")
        for group in self.groups:
            if members[group.id] not in (2, 3):
                problems.append(
                    f"colour group '{group.id}' has {members[group.id]} streets (2 or 3 needed)"
                )
        for a, b in zip(self.railway_rents, self.railway_rents[1:], strict=False):
            if b < a:
                problems.append(f"railway rents must not decrease ({b} after {a})")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # Queries the rules use -------------------------------------------------------------

    def space(self, index: int) -> Space:
        """The space at `index` (0 = GO)."""
        return self.spaces[index]

    def deed(self, index: int) -> Deed:
        """The deed at `index`; raises KeyError when that space is not a deed."""
        try:
            return self._deeds_by_space[index]
        except KeyError:
            raise KeyError(f"{self.spaces[index].label()} is not a deed") from None

    @cached_property
    def _deeds_by_space(self) -> dict[int, Deed]:
        # The engine asks for a deed's figures many times a turn; a look-up beats a type test.
        return {s.index: s for s in self.spaces if isinstance(s, Street | Railway | Utility)}

    def deeds(self) -> list[Deed]:
        """Every deed in board order."""
        return [s for s in self.spaces if isinstance(s, Street | Railway | Utility)]

    def streets_of(self, group: str) -> list[Street]:
        """The streets of one colour group, in board order."""
        return self._streets_by_group[group]

    @cached_property
    def _streets_by_group(self) -> dict[str, list[Street]]:
        groups: dict[str, list[Street]] = {g.id: [] for g in self.groups}
        for space in self.spaces:
            if isinstance(space, Street):
                groups[space.group].append(space)
        return groups

    def group(self, group_id: str) -> ColourGroup:
        """The colour group named `group_id`."""
        return next(g for g in self.groups if g.id == group_id)

    def index_of(self, kind: str) -> list[int]:
        """Indices of every space of one kind, in board order."""
        return [s.index for s in self.spaces if s.kind == kind]

    @property
    def jail_index(self) -> int:
        """Where the Jail space is."""
        return self.index_of("jail")[0]

    @property
    def salary(self) -> int:
        """Salary for passing or landing on GO."""
        go = self.spaces[0]
        assert isinstance(go, Go)
        return go.salary
