"""Events: what happened, in the past tense; the ledger stores them and state is their fold."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    model_serializer,
)

from models.left_out import APP_VERSION_FIELDS, JUDGE_KEY_FIELDS, left_out

BANK = "bank"
AuctionKind = Literal["deed", "house", "hotel", "sale", "mortgagee"]
Resume = Literal["resolving", "roll", "buy", "prebuild"]  # where play stands after an auction


class Transfer(NamedTuple):
    """One money movement between two accounts (a player's name or `bank`)."""

    source: str
    target: str
    amount: int


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def transfers(self) -> list[Transfer]:
        """The money this event moves; most events move none."""
        return []


def moves_money(kind: type[_Event]) -> bool:
    """Whether events of `kind` may move money (they say which in `transfers`)."""
    return kind.transfers is not _Event.transfers


class _Payment(_Event):
    """An event whose whole meaning is one payment from `payer` to `payee`."""

    payer: str
    payee: str
    amount: int = Field(gt=0)

    def transfers(self) -> list[Transfer]:
        return [Transfer(self.payer, self.payee, self.amount)]


class GameStarted(_Event):
    type: Literal["game_started"] = "game_started"
    setup: bool = False  # PX: deeds are dealt, auctioned and pre-built before the first roll
    minutes: int | None = None  # the game clock's length; None for an untimed game
    profile: str
    board: str
    decks: str
    players: list[str]  # in turn order, the first to play first
    deeds: list[int]  # the spaces that are deeds, all with the Bank at the start
    jail_space: int
    starting_cash: int
    bank_houses: int
    bank_hotels: int
    rules_digest: str  # SHA-256 of the board, profile and decks the game is played with
    # The app's version that started the game (app/version.py), put in by the table service:
    # the rules do not decide it. Left out when not given (the engine's own, older ledgers).
    app_version: str | None = None

    def transfers(self) -> list[Transfer]:
        return [Transfer(BANK, name, self.starting_cash) for name in self.players]

    @model_serializer(mode="wrap")
    def _versionless(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return left_out(handler(self), APP_VERSION_FIELDS)


class DiceRolled(_Event):
    type: Literal["dice_rolled"] = "dice_rolled"
    player: str
    dice: tuple[int, int]
    purpose: Literal["move", "jail", "utility"]


class TokenMoved(_Event):
    type: Literal["token_moved"] = "token_moved"
    player: str
    from_space: int
    to_space: int
    how: Literal["dice", "card", "jail", "adjustment"]


class SalaryPaid(_Payment):
    type: Literal["salary_paid"] = "salary_paid"


class SentToJail(_Event):
    type: Literal["sent_to_jail"] = "sent_to_jail"
    player: str
    cause: Literal["space", "card", "third_double", "adjustment"]


class JailTurnServed(_Event):
    type: Literal["jail_turn_served"] = "jail_turn_served"
    player: str
    turns_served: int


class LeftJail(_Event):
    type: Literal["left_jail"] = "left_jail"
    player: str
    how: Literal["fine", "card", "double", "third_roll", "adjustment"]
    rolls_again: bool = False  # PX 6.6.5c: a double out of Jail moves and throws again


class JailFinePaid(_Payment):
    type: Literal["jail_fine_paid"] = "jail_fine_paid"


class RollAgain(_Event):
    """The same player throws again (a double)."""

    type: Literal["roll_again"] = "roll_again"
    player: str


class TurnPassed(_Event):
    type: Literal["turn_passed"] = "turn_passed"
    player: str  # whose turn it now is
    turn_no: int


class PurchaseOffered(_Event):
    type: Literal["purchase_offered"] = "purchase_offered"
    player: str
    space: int
    price: int


class DeedBought(_Payment):
    type: Literal["deed_bought"] = "deed_bought"
    space: int


class PurchaseDeclined(_Event):
    type: Literal["purchase_declined"] = "purchase_declined"
    player: str
    space: int


class AuctionOpened(_Event):
    """A deed auction (`space`), or a building auction (`kind` house or hotel, no space)."""

    type: Literal["auction_opened"] = "auction_opened"
    space: int | None
    opening_bid: int
    excluded: list[str]
    kind: AuctionKind = "deed"
    queue: list[int] = []  # deeds still to be auctioned after this one
    resume: Resume = "resolving"
    seller: str | None = None  # a sale (PX 7.1): the player selling; the Bank facilitates
    minimum: int | None = None  # the seller's minimum price
    creditor: str | None = None  # a mortgagee sale (PX 8): who the proceeds go to


class BidPlaced(_Event):
    type: Literal["bid_placed"] = "bid_placed"
    player: str
    amount: int


class AuctionWon(_Payment):
    type: Literal["auction_won"] = "auction_won"
    space: int


class AuctionWinnerStruckOut(_Event):
    """The winner could not pay: the auction is cancelled and held again without them."""

    type: Literal["auction_winner_struck_out"] = "auction_winner_struck_out"
    player: str
    space: int | None
    amount: int


class AuctionUnsold(_Event):
    type: Literal["auction_unsold"] = "auction_unsold"
    space: int | None


class RentClaimOpened(_Event):
    type: Literal["rent_claim_opened"] = "rent_claim_opened"
    claim: int
    space: int
    payer: str
    owner: str
    amount: int
    turn_no: int


class RentPaid(_Payment):
    type: Literal["rent_paid"] = "rent_paid"
    claim: int


class RentClaimLapsed(_Event):
    type: Literal["rent_claim_lapsed"] = "rent_claim_lapsed"
    claim: int


class RentNotDue(_Event):
    """A landing on another player's deed that owes no rent, and why (so a claim is refused
    with the reason a player can be told)."""

    type: Literal["rent_not_due"] = "rent_not_due"
    player: str
    space: int
    owner: str
    reason: Literal["mortgaged", "owner_in_jail"]
    turn_no: int


class TaxPaid(_Payment):
    type: Literal["tax_paid"] = "tax_paid"
    space: int


class CardDrawRequired(_Event):
    type: Literal["card_draw_required"] = "card_draw_required"
    player: str
    deck: Literal["chance", "chest"]


class CardDrawn(_Event):
    type: Literal["card_drawn"] = "card_drawn"
    player: str
    deck: Literal["chance", "chest"]
    card: str


class CardPayment(_Payment):
    type: Literal["card_payment"] = "card_payment"
    card: str


class UtilityThrowRequired(_Event):
    """A nearest-utility card: the player throws again and pays a multiple of that throw."""

    type: Literal["utility_throw_required"] = "utility_throw_required"
    player: str
    space: int
    multiplier: int


class JailCardKept(_Event):
    type: Literal["jail_card_kept"] = "jail_card_kept"
    player: str
    card: str


class JailCardReturned(_Event):
    """A Get Out of Jail Free card goes back to the bottom of its deck."""

    type: Literal["jail_card_returned"] = "jail_card_returned"
    player: str
    card: str


class DebtIncurred(_Event):
    """A payment the debtor cannot make from cash; `claim` when it was a rent claim."""

    type: Literal["debt_incurred"] = "debt_incurred"
    debtor: str
    creditor: str
    amount: int
    reason: str
    claim: int | None = None  # the rent claim it replaces
    interest_on: int | None = None  # the received mortgaged deed whose 10% it is


class DebtPaid(_Payment):
    type: Literal["debt_paid"] = "debt_paid"


class CashAdjusted(_Payment):
    type: Literal["cash_adjusted"] = "cash_adjusted"
    reason: str
    dispute: int | None = None  # the dispute this corrects


class DeedAdjusted(_Event):
    type: Literal["deed_adjusted"] = "deed_adjusted"
    space: int
    owner: str | None
    mortgaged: bool
    reason: str
    dispute: int | None = None  # the dispute this corrects


class BuildingsAdjusted(_Event):
    type: Literal["buildings_adjusted"] = "buildings_adjusted"
    space: int
    houses: int
    hotel: bool
    reason: str
    dispute: int | None = None  # the dispute this corrects


class TokenAdjusted(_Event):
    type: Literal["token_adjusted"] = "token_adjusted"
    player: str
    space: int
    reason: str
    dispute: int | None = None  # the dispute this corrects


class JailAdjusted(_Event):
    type: Literal["jail_adjusted"] = "jail_adjusted"
    player: str
    in_jail: bool
    turns_served: int
    reason: str
    dispute: int | None = None  # the dispute this corrects


class CardAdjusted(_Event):
    type: Literal["card_adjusted"] = "card_adjusted"
    card: str
    holder: str | None
    reason: str
    dispute: int | None = None  # the dispute this corrects


class TurnAdjusted(_Event):
    type: Literal["turn_adjusted"] = "turn_adjusted"
    player: str
    reason: str
    dispute: int | None = None  # the dispute this corrects


class StepChange(BaseModel):
    """A street's building steps before and after (0–4 houses, 5 = hotel)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    space: int
    before: int = Field(ge=0, le=5)
    after: int = Field(ge=0, le=5)


class BuildingsBought(_Event):
    type: Literal["buildings_bought"] = "buildings_bought"
    player: str
    changes: list[StepChange]
    amount: int = Field(ge=0)  # 0 when a building auction already paid for it

    def transfers(self) -> list[Transfer]:
        return [Transfer(self.player, BANK, self.amount)] if self.amount else []


class BuildingsSold(_Payment):
    """Buildings back to the Bank at half price (the Bank pays `amount` to `payee`)."""

    type: Literal["buildings_sold"] = "buildings_sold"
    changes: list[StepChange]


class BuildingAuctionWon(_Payment):
    """The winner of a building auction has paid and now places it."""

    type: Literal["building_auction_won"] = "building_auction_won"
    kind: Literal["house", "hotel"]


class DeedMortgaged(_Payment):
    type: Literal["deed_mortgaged"] = "deed_mortgaged"
    space: int


class MortgageLifted(_Payment):
    type: Literal["mortgage_lifted"] = "mortgage_lifted"
    space: int


class MortgageInterestPaid(_Payment):
    """10% paid on a mortgaged deed received from another player; it stays mortgaged."""

    type: Literal["mortgage_interest_paid"] = "mortgage_interest_paid"
    space: int


class TradeMade(_Event):
    type: Literal["trade_made"] = "trade_made"
    first: str
    second: str
    first_cash: int = Field(ge=0)
    second_cash: int = Field(ge=0)
    first_deeds: list[int]
    second_deeds: list[int]
    first_cards: list[str]
    second_cards: list[str]

    def transfers(self) -> list[Transfer]:
        moves = []
        if self.first_cash:
            moves.append(Transfer(self.first, self.second, self.first_cash))
        if self.second_cash:
            moves.append(Transfer(self.second, self.first, self.second_cash))
        return moves


class PlayerBankrupt(_Event):
    type: Literal["player_bankrupt"] = "player_bankrupt"
    player: str
    creditor: str
    rank: int  # 1 for the first player to go bankrupt


class CashSurrendered(_Payment):
    type: Literal["cash_surrendered"] = "cash_surrendered"


class DeedSurrendered(_Event):
    """A bankrupt player's deed goes to the creditor (as it is) or to the Bank (unmortgaged)."""

    type: Literal["deed_surrendered"] = "deed_surrendered"
    player: str
    to: str
    space: int
    mortgaged: bool
    interest_due: bool = False  # CL/SG: the creditor must lift it or pay the 10% now


class JailCardSurrendered(_Event):
    type: Literal["jail_card_surrendered"] = "jail_card_surrendered"
    player: str
    to: str
    card: str


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    reason: str
    winner: str | None


class DeedsDealt(_Event):
    """PX 3.4: every player's hand; the deeds retained are auctioned, cheapest first."""

    type: Literal["deeds_dealt"] = "deeds_dealt"
    hands: dict[str, list[int]]
    retained: list[int]
    seed: int | None = None


class HousesPrebuilt(_Event):
    type: Literal["houses_prebuilt"] = "houses_prebuilt"
    player: str
    changes: list[StepChange]
    amount: int = Field(ge=0)

    def transfers(self) -> list[Transfer]:
        return [Transfer(self.player, BANK, self.amount)] if self.amount else []


class PlayStarted(_Event):
    type: Literal["play_started"] = "play_started"


class OwnPlotLanded(_Event):
    """PX 6.2.2: the player may build on this plot, or evenly on the group, until the next roll."""

    type: Literal["own_plot_landed"] = "own_plot_landed"
    player: str
    space: int
    at_landing: dict[int, int]


class SaleOffered(_Event):
    type: Literal["sale_offered"] = "sale_offered"
    seller: str
    space: int
    minimum: int
    to_raise_money: bool = False  # PX 7.3.1c: a debtor's sale, outside the one offer a turn


class PurchaseProposed(_Event):
    type: Literal["purchase_proposed"] = "purchase_proposed"
    buyer: str
    space: int
    price: int


class ProposalAnswered(_Event):
    type: Literal["proposal_answered"] = "proposal_answered"
    owner: str
    accepted: bool


class SaleDecisionRequired(_Event):
    type: Literal["sale_decision_required"] = "sale_decision_required"
    seller: str
    space: int
    buyer: str
    amount: int


class DeedSold(_Event):
    """A sale by Bank auction: the buyer pays the seller, who pays the Bank its commission."""

    type: Literal["deed_sold"] = "deed_sold"
    buyer: str
    seller: str
    space: int
    amount: int = Field(gt=0)
    commission: int = Field(ge=0)

    def transfers(self) -> list[Transfer]:
        moves = [Transfer(self.buyer, self.seller, self.amount)]
        if self.commission:
            moves.append(Transfer(self.seller, BANK, self.commission))
        return moves


class SaleAborted(_Event):
    type: Literal["sale_aborted"] = "sale_aborted"
    seller: str
    space: int


class DebtPartlyPaid(_Payment):
    type: Literal["debt_partly_paid"] = "debt_partly_paid"


class MortgageeSaleOpened(_Event):
    type: Literal["mortgagee_sale_opened"] = "mortgagee_sale_opened"
    debtor: str
    creditor: str
    order: list[int]


class MortgagedDeedSold(_Event):
    """PX 8.2: a mortgaged deed sold at the mortgagee sale; the creditor is paid first."""

    type: Literal["mortgaged_deed_sold"] = "mortgaged_deed_sold"
    buyer: str
    debtor: str
    creditor: str
    space: int
    to_creditor: int = Field(ge=0)
    to_debtor: int = Field(ge=0)

    def transfers(self) -> list[Transfer]:
        moves = []
        if self.to_creditor:
            moves.append(Transfer(self.buyer, self.creditor, self.to_creditor))
        if self.to_debtor:
            moves.append(Transfer(self.buyer, self.debtor, self.to_debtor))
        return moves


class DeedPassedToCreditor(_Event):
    """PX 8.3: nobody bid; the mortgaged deed goes to the creditor at its mortgage value."""

    type: Literal["deed_passed_to_creditor"] = "deed_passed_to_creditor"
    debtor: str
    creditor: str
    space: int
    value: int


# The hall's round fields are stored only when there is a round: a clock entry of a table not
# following one is stored as before they existed, byte for byte.
_UNLESS_HALL: Any = Field(default=None, exclude_if=lambda value: value is None)


class ClockStarted(_Event):
    """The clock runs from `at`; `round`: the hall's round it follows (then `at` is the round's
    start, which may lie before the entry's own time)."""

    type: Literal["clock_started"] = "clock_started"
    minutes: int
    at: datetime
    round: str | None = _UNLESS_HALL
    hall_entry: int | None = _UNLESS_HALL


class ClockPaused(_Event):
    """`round`: the hall's pause of that round (None: this table's judge paused it)."""

    type: Literal["clock_paused"] = "clock_paused"
    at: datetime
    reason: str
    round: str | None = _UNLESS_HALL
    hall_entry: int | None = _UNLESS_HALL


class ClockResumed(_Event):
    type: Literal["clock_resumed"] = "clock_resumed"
    at: datetime
    round: str | None = _UNLESS_HALL
    hall_entry: int | None = _UNLESS_HALL


class GameLengthSet(_Event):
    type: Literal["game_length_set"] = "game_length_set"
    minutes: int
    reason: str


class AnnouncementMade(_Event):
    """A time mark crossed: `minutes_left` minutes of play remain."""

    type: Literal["announcement_made"] = "announcement_made"
    minutes_left: int
    at: datetime


class AnnouncementsPassed(_Event):
    """A length change left less time than these marks: they are passed without being called
    (a call of "10 minutes left" with 6 left would be false); the clock calls the next one."""

    type: Literal["announcements_passed"] = "announcements_passed"
    marks: list[int]
    at: datetime


class TimeCalled(_Event):
    type: Literal["time_called"] = "time_called"
    at: datetime
    play_out_round: bool = False  # the World Championship ending: equal turns for everyone


class TimeCallWithdrawn(_Event):
    """A judge took back a wrongly recorded time call: the clock runs on as if it was never
    called (it kept running meanwhile), a game ended by that call is reopened where play stood,
    and the `announcements` not yet due at `at` are withdrawn too, to be made again when due."""

    type: Literal["time_call_withdrawn"] = "time_call_withdrawn"
    at: datetime
    reason: str
    reopened: bool = False
    announcements: list[int] = []


class BreakStarted(_Event):
    type: Literal["break_started"] = "break_started"
    player: str
    at: datetime


class BreakEnded(_Event):
    type: Literal["break_ended"] = "break_ended"
    player: str
    at: datetime


class TurnSkipped(_Event):
    """The player is away past the break's limit: their turn is skipped."""

    type: Literal["turn_skipped"] = "turn_skipped"
    player: str


class PlayerAbsent(_Event):
    type: Literal["player_absent"] = "player_absent"
    player: str


class DisputeRaised(_Event):
    type: Literal["dispute_raised"] = "dispute_raised"
    dispute: int
    raised_by: str
    about: str
    entries: list[int]


class DisputeRuled(_Event):
    type: Literal["dispute_ruled"] = "dispute_ruled"
    dispute: int
    ruling: str


class FineImposed(_Payment):
    type: Literal["fine_imposed"] = "fine_imposed"
    reason: str


class PlayerDisqualified(_Event):
    type: Literal["player_disqualified"] = "player_disqualified"
    player: str
    reason: str


class CashCounted(_Event):
    """A count of a player's notes against the ledger's balance, like a balance assertion."""

    type: Literal["cash_counted"] = "cash_counted"
    check: int
    player: str
    counted: int
    balance: int


class CountSettled(_Event):
    type: Literal["count_settled"] = "count_settled"
    check: int
    finding: Literal["ledger_corrected", "count_wrong"]
    reason: str


class ScoresheetCollected(_Event):
    type: Literal["scoresheet_collected"] = "scoresheet_collected"
    at: datetime


class GameUnlocked(_Event):
    type: Literal["game_unlocked"] = "game_unlocked"
    reason: str


class CommandsVoided(_Event):
    """An undo or a rewind: these commands' events stay in the ledger but no longer count."""

    type: Literal["commands_voided"] = "commands_voided"
    commands: list[int]
    how: Literal["undo", "rewind"]
    reason: str


class JudgeAdded(_Event):
    """A judge registered for the game: with the new game, or by a signed-in judge."""

    type: Literal["judge_added"] = "judge_added"
    name: str
    pin_hash: str  # argon2, made by the app; the PIN itself is never recorded
    public_key: str | None = None  # since signatures: the judge's key (left out before them)
    sealed_key: str | None = None

    @model_serializer(mode="wrap")
    def _keyless(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A registration without a key is stored as before signatures: the same bytes.
        return left_out(handler(self), JUDGE_KEY_FIELDS)


class JudgeKeySet(_Event):
    """A judge registered before signatures got their key (at their next sign-in)."""

    type: Literal["judge_key_set"] = "judge_key_set"
    name: str
    public_key: str
    sealed_key: str


Event = Annotated[
    GameStarted | DiceRolled | TokenMoved | SalaryPaid | SentToJail | JailTurnServed | LeftJail
    | JailFinePaid | RollAgain | TurnPassed | PurchaseOffered | DeedBought | PurchaseDeclined
    | AuctionOpened | BidPlaced | AuctionWon | AuctionWinnerStruckOut | AuctionUnsold
    | RentClaimOpened | RentPaid | RentClaimLapsed | RentNotDue | TaxPaid | CardDrawRequired
    | CardDrawn
    | CardPayment | UtilityThrowRequired | JailCardKept | JailCardReturned | DebtIncurred
    | DebtPaid | CashAdjusted | DeedAdjusted | BuildingsAdjusted | TokenAdjusted | JailAdjusted
    | CardAdjusted | TurnAdjusted | BuildingsBought | BuildingsSold | BuildingAuctionWon
    | DeedMortgaged | MortgageLifted | MortgageInterestPaid | TradeMade | PlayerBankrupt
    | CashSurrendered | DeedSurrendered | JailCardSurrendered | GameEnded | DeedsDealt
    | HousesPrebuilt | PlayStarted | OwnPlotLanded | SaleOffered | PurchaseProposed
    | ProposalAnswered | SaleDecisionRequired | DeedSold | SaleAborted | DebtPartlyPaid
    | MortgageeSaleOpened | MortgagedDeedSold | DeedPassedToCreditor | ClockStarted | ClockPaused
    | ClockResumed | GameLengthSet | AnnouncementMade | AnnouncementsPassed | TimeCalled
    | TimeCallWithdrawn
    | BreakStarted | BreakEnded
    | TurnSkipped | PlayerAbsent | DisputeRaised | DisputeRuled | FineImposed | PlayerDisqualified
    | CashCounted | CountSettled | ScoresheetCollected | GameUnlocked | CommandsVoided
    | JudgeAdded | JudgeKeySet,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
