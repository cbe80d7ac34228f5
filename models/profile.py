"""A profile: the rule set of one championship; every difference between them is a switch here."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from models.edition_ids import EditionId

# Every rule the engine can cite. A profile maps each to the clause its rule book gives it, so an
# error reads "SG Paying Rent: ..." at an SG table and "CL Collect rent: ..." at a classic one.
CLAUSE_KEYS: tuple[str, ...] = (
    "players",
    "roll_off",
    "turn",
    "dice",
    "doubles",
    "salary",
    "buy",
    "auction",
    "auction_opening_bid",
    "auction_winner_cannot_pay",
    "rent",
    "rent_window",
    "rent_mortgaged",
    "rent_in_jail",
    "tax",
    "cards",
    "jail",
    "jail_fine",
    "jail_card",
    "debt",
    "adjustment",
    "game_over",
    "build",
    "build_evenly",
    "hotel",
    "building_shortage",
    "sell_buildings",
    "mortgage",
    "lift",
    "trade",
    "jail_card_price",
    "bankruptcy",
    "setup_deal",
    "setup_auction",
    "prebuild",
    "build_limit",
    "sale_offer",
    "mortgagee_sale",
    "time",
    "toilet_break",
    "hall_pause",
    "absent",
    "dispute",
    "fine",
    "disqualify",
    "cash_count",
    "locked",
    "undo",
    "judge",
    "auction_raise",
    "jail_no_part",
    "build_mortgaged",
    "sale_mortgaged",
    "keep_mortgaged",
    "jail_double",
    "as_is",
)
# Clauses added after profiles were written: a profile file without one cites the older,
# broader clause it was split from (a user's own profile stays valid; so does a profile an
# older game's file stores, dumped as stored: its rules digest). A hall pause cites "time".
CLAUSE_FALLBACKS: dict[str, str] = {"jail_double": "jail", "as_is": "debt", "hall_pause": "time"}


class Profile(BaseModel):
    """The switches of one championship's rules; see RULES.md for the table they come from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: EditionId
    code: str = Field(pattern=r"^[A-Z]{2,3}$")
    name: str
    board: EditionId
    deck: EditionId
    players_min: int = Field(ge=2)
    players_max: int = Field(le=8)
    starting_cash: int = Field(gt=0)
    starting_notes: dict[int, int]
    bank_houses: int = Field(ge=0)
    bank_hotels: int = Field(ge=0)
    jail_fine: int = Field(gt=0)
    jail_max_turns: int = Field(ge=1)
    jail_double_rolls_again: bool
    jail_collects_rent: bool
    auction_opening: Literal["fixed", "board_price"]
    auction_opening_bid: int = Field(ge=1)
    auction_min_raise: int = Field(ge=1)
    rent_claim_window_turns: int = Field(ge=1)
    full_set_doubles_with_mortgaged: bool
    mortgage_interest_percent: int = Field(ge=0)
    building: Literal["full_set_any_time", "on_landing"]
    # A hotel sold outright (no 4 houses from the Bank): SG always, PX when the Bank is short.
    hotel_outright_sale: Literal["always", "when_bank_short", "never"]
    building_shortage: Literal["auction", "direct_hotel"]
    trading: Literal["any_mix", "sale", "bank_auction"]
    jail_card_price_cap: int | None = Field(default=None, ge=0)  # absent: no cap
    jail_takes_part: bool
    bankrupt_as_is: bool
    bankruptcy_to_player: Literal["hand_over", "mortgagee_sale"]
    game_ends_at_bankruptcies: int | None = Field(default=None, ge=1)  # absent: last one standing
    setup: Literal["none", "deal_and_prebuild"]
    prebuild_houses: int = Field(ge=0)
    building_surcharge_percent: tuple[int, int, int, int, int]  # by step on the plot: 1st house..hotel
    max_houses_per_landing: int | None = Field(default=None, ge=1)  # absent: no limit
    received_mortgage_interest: bool
    sale_commission_percent: int = Field(ge=0)
    game_minutes: int | None = Field(default=None, gt=0)  # absent: no clock
    scoring: Literal["sg_scoresheet", "px_net_worth"]
    # Applied in order when totals tie: cash, unmortgaged, hotels, houses, utilities, mortgaged, cards.
    tie_breakers: list[Literal["cash", "unmortgaged", "hotels", "houses", "utilities", "mortgaged",
                               "cards"]] = []
    time_up: Literal["stop", "equal_turns"] = "stop"  # equal_turns: the World Championship ending
    break_minutes: int = Field(default=5, ge=0)
    announcement_minutes: list[int] = []
    clauses: dict[str, str]

    @model_validator(mode="after")
    def _consistent(self) -> Profile:
        problems: list[str] = []
        if self.players_min > self.players_max:
            problems.append(f"players_min {self.players_min} exceeds players_max {self.players_max}")
        notes_total = sum(value * count for value, count in self.starting_notes.items())
        if notes_total != self.starting_cash:
            problems.append(
                f"starting_notes add up to {notes_total}, not the starting cash {self.starting_cash}"
            )
        missing = [key for key in CLAUSE_KEYS
                   if key not in self.clauses and key not in CLAUSE_FALLBACKS]
        if missing:
            problems.append("clauses missing for: " + ", ".join(missing))
        unknown = sorted(set(self.clauses) - set(CLAUSE_KEYS))
        if unknown:
            problems.append("clauses for unknown rules: " + ", ".join(unknown))
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def clause(self, key: str) -> str:
        """The rule-book citation for the rule `key` under this profile."""
        found = self.clauses.get(key)
        return found if found is not None else self.clauses[CLAUSE_FALLBACKS[key]]
