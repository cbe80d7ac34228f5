"""Chance and Community Chest decks: each card is an id, a label, its printed words, one effect."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from models.edition_ids import EditionId


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AdvanceTo(_Effect):
    kind: Literal["advance_to"]
    space: int = Field(ge=0, lt=40)


class AdvanceToNearest(_Effect):
    """Nearest railway (rent multiplied) or utility (a new throw times `dice_multiplier`)."""

    kind: Literal["advance_to_nearest"]
    target: Literal["railway", "utility"]
    rent_multiplier: int = Field(default=1, ge=1)
    dice_multiplier: int | None = Field(default=None, ge=1)


class Back(_Effect):
    kind: Literal["back"]
    spaces: int = Field(gt=0, lt=40)


class Collect(_Effect):
    kind: Literal["collect"]
    amount: int = Field(gt=0)


class Pay(_Effect):
    kind: Literal["pay"]
    amount: int = Field(gt=0)


class Repairs(_Effect):
    kind: Literal["repairs"]
    per_house: int = Field(ge=0)
    per_hotel: int = Field(ge=0)


class GoToJailCard(_Effect):
    kind: Literal["go_to_jail"]


class GetOutOfJailFree(_Effect):
    kind: Literal["get_out_of_jail_free"]


class PayEachPlayer(_Effect):
    kind: Literal["pay_each_player"]
    amount: int = Field(gt=0)


class CollectFromEachPlayer(_Effect):
    kind: Literal["collect_from_each_player"]
    amount: int = Field(gt=0)


Effect = Annotated[
    AdvanceTo | AdvanceToNearest | Back | Collect | Pay | Repairs | GoToJailCard
    | GetOutOfJailFree | PayEachPlayer | CollectFromEachPlayer,
    Field(discriminator="kind"),
]


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    label: str = Field(min_length=1)
    # The words printed on the card, "{space}" standing for the name of the space it sends the
    # token to on the game's board; a deck without them is shown by its labels.
    text: str | None = Field(default=None, min_length=1)
    effect: Effect


DeckName = Literal["chance", "chest"]


class Decks(BaseModel):
    """The Chance and the Community Chest deck of one edition."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: EditionId
    name: str
    chance: list[Card]
    chest: list[Card]

    @model_validator(mode="after")
    def _ids_unique(self) -> Decks:
        ids = [card.id for card in self.chance + self.chest]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError("card ids appear more than once: " + ", ".join(repeated))
        return self

    def card(self, card_id: str) -> tuple[DeckName, Card]:
        """The deck a card belongs to and the card; raises KeyError for an unknown id."""
        return self._cards_by_id[card_id]

    @cached_property
    def _cards_by_id(self) -> dict[str, tuple[DeckName, Card]]:
        # Every card drawn is looked up: a dictionary beats a scan of both decks.
        by_id: dict[str, tuple[DeckName, Card]] = {card.id: ("chance", card) for card in self.chance}
        by_id.update((card.id, ("chest", card)) for card in self.chest)
        return by_id

    def words_free(self) -> str:
        """The decks as JSON without the printed words: the rule data a game's digest covers
        (words shown to the table are not rules, and games started before decks had words
        keep their digest)."""
        return self.model_dump_json(exclude={"chance": {"__all__": {"text"}},
                                             "chest": {"__all__": {"text"}}})

    def cards(self, deck: DeckName) -> list[Card]:
        """The cards of one deck."""
        return self.chance if deck == "chance" else self.chest
