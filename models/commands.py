"""Commands: the banker's and judge's orders, one JSON object per line with a `type`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    field_validator,
    model_serializer,
)

from models.edition_ids import EditionId
from models.left_out import JUDGE_KEY_FIELDS, left_out
from models.names import plain_name

Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$"),
               AfterValidator(plain_name)]
Reason = Annotated[str, Field(min_length=1, pattern=r"\S")]
SpaceIndex = Annotated[int, Field(ge=0, lt=40)]
Dice = tuple[int, int]


class Actor(BaseModel):
    """Who gave the command: the table's banker or a judge, by name."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Literal["banker", "judge"]
    name: Name


class _Command(BaseModel):
    """Fields every command line may carry besides its own."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    expect_seq: int | None = Field(
        default=None, ge=0, description="The ledger's last event number the sender saw; "
        "a stale or repeated command is refused."
    )
    actor: Actor | None = Field(default=None, description="Defaults to the session's banker.")
    at: datetime | None = Field(
        default=None, description="Wall time of the command, with its zone; defaults to now."
    )

    @field_validator("at")
    @classmethod
    def _at_is_zoned(cls, at: datetime | None) -> datetime | None:
        return None if at is None else zoned(at)


ZONE_EXAMPLE = "2026-11-23T14:05:00+08:00"


def zoned(at: datetime) -> datetime:
    """`at` itself if it carries a zone and lies within UTC's calendar; ValueError otherwise."""
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"the time must carry a zone, e.g. {ZONE_EXAMPLE}")
    try:
        at.astimezone(UTC)
    except OverflowError:
        raise ValueError(f"{at.isoformat()} is outside the calendar once converted to UTC") from None
    return at


def _check_dice(dice: Dice) -> Dice:
    for die in dice:
        if not 1 <= die <= 6:
            raise ValueError(f"a die shows 1 to 6, not {die}")
    return dice


def _argon2_hash(pin_hash: str) -> str:
    if not pin_hash.startswith(("$argon2id$", "$argon2i$", "$argon2d$")):
        raise ValueError("pin_hash is an argon2 hash made by the app (banker add-judge, "
                         "banker run --judge), never a PIN")
    return pin_hash


PinHash = Annotated[str, AfterValidator(_argon2_hash),
                    Field(description="An argon2 hash the app made from the judge's PIN.")]


class JudgeEntry(BaseModel):
    """A judge's registration: the name and an argon2 hash of the PIN, never the PIN; since
    signatures, the judge's Ed25519 public key and the private key sealed under the PIN
    (app/signing/keys.py). A registration without a key (made before signatures) gets one at
    the judge's next sign-in."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    pin_hash: PinHash
    public_key: str | None = Field(default=None, max_length=200)
    sealed_key: str | None = Field(default=None, max_length=2000)

    @model_serializer(mode="wrap")
    def _keyless(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A registration without a key is written as before signatures: the same bytes.
        return left_out(handler(self), JUDGE_KEY_FIELDS)


class NewGame(_Command):
    """Open a game: the players in clockwise seating order and the recorded roll-off."""

    type: Literal["new_game"]
    profile: EditionId = Field(description="Profile id, shipped or the user's own edition.")
    board: EditionId | None = Field(default=None, description="Board id; the profile's board if absent.")
    players: list[Name]
    roll_off: list[dict[str, Dice]] = Field(
        description="Rounds of the roll-off: the first has every player, each later round only "
        "those tied for the highest total in the round before."
    )
    label: str | None = None
    tournament: str | None = Field(default=None, description="For the scoresheet's header.")
    round: str | None = Field(default=None, description="E.g. 'Qualifying 2'.")
    table: str | None = Field(default=None, description="The table's number or name.")
    judges: list[JudgeEntry] | None = Field(
        default=None, description="The game's first judges, registered with it (PIN hashes).")

    @field_validator("roll_off")
    @classmethod
    def _dice_are_dice(cls, rounds: list[dict[str, Dice]]) -> list[dict[str, Dice]]:
        for throws in rounds:
            for dice in throws.values():
                _check_dice(dice)
        return rounds


class Roll(_Command):
    """The dice the current player threw (also the new throw a nearest-utility card asks for)."""

    type: Literal["roll"]
    player: Name
    dice: Dice

    @field_validator("dice")
    @classmethod
    def _dice_are_dice(cls, dice: Dice) -> Dice:
        return _check_dice(dice)


class Buy(_Command):
    """Buy the unowned deed the player stands on, at the board price."""

    type: Literal["buy"]
    player: Name


class Decline(_Command):
    """Decline to buy at the board price: the banker auctions the deed."""

    type: Literal["decline"]
    player: Name


class Bid(_Command):
    """A bid in the open auction."""

    type: Literal["bid"]
    player: Name
    amount: int  # the least bid is a rule of the profile, checked by the engine


class CloseAuction(_Command):
    """The banker closes the auction: the highest bid wins, or nobody bid."""

    type: Literal["close_auction"]


class CollectRent(_Command):
    """The owner claims the rent of an open claim (by its number)."""

    type: Literal["collect_rent"]
    claim: int = Field(ge=1)


class DrawCard(_Command):
    """The card the current player drew, by its id in the deck file."""

    type: Literal["draw_card"]
    card: str


class PayJailFine(_Command):
    """Pay the Jail fine before rolling."""

    type: Literal["pay_jail_fine"]
    player: Name


class UseJailCard(_Command):
    """Use a Get Out of Jail Free card before rolling."""

    type: Literal["use_jail_card"]
    player: Name


class PayDebt(_Command):
    """Pay an open debt in full once the debtor has the cash."""

    type: Literal["pay_debt"]
    player: Name


# A street takes at most 5 steps (4 houses, then a hotel): a rule, checked by the engine.
Steps = dict[SpaceIndex, Annotated[int, Field(ge=1)]]


class Build(_Command):
    """Buy buildings: `add` maps each street to the steps added (a step past 4 houses is the hotel).
    Evenness is judged on the counts after the whole command."""

    type: Literal["build"]
    player: Name
    add: Steps = Field(min_length=1)


class SellBuildings(_Command):
    """Sell buildings back to the Bank: `remove` maps each street to the steps taken off."""

    type: Literal["sell_buildings"]
    player: Name
    remove: Steps = Field(min_length=1)


class AuctionBuilding(_Command):
    """The banker auctions one house or hotel when fewer are left than players want."""

    type: Literal["auction_building"]
    kind: Literal["house", "hotel"]


class Mortgage(_Command):
    """Mortgage an unimproved deed for its mortgage value."""

    type: Literal["mortgage"]
    player: Name
    space: SpaceIndex


class Lift(_Command):
    """Pay off a mortgage: the mortgage value plus 10%, rounded up."""

    type: Literal["lift"]
    player: Name
    space: SpaceIndex


class KeepMortgaged(_Command):
    """A deed received mortgaged (from a bankrupt player): pay the 10% now and keep it mortgaged."""

    type: Literal["keep_mortgaged"]
    player: Name
    space: SpaceIndex


class Bundle(BaseModel):
    """What one side of a deal gives."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cash: int = Field(default=0, ge=0)
    deeds: list[SpaceIndex] = []
    cards: list[str] = []

    def is_empty(self) -> bool:
        return not (self.cash or self.deeds or self.cards)


class Trade(_Command):
    """A deal between two players, both agreeing. A mortgaged deed received is lifted at once if
    listed in `lift`; otherwise its receiver pays the 10% now and it stays mortgaged."""

    type: Literal["trade"]
    first: Name
    second: Name
    first_gives: Bundle = Bundle()
    second_gives: Bundle = Bundle()
    lift: list[SpaceIndex] = []


class DeclareBankruptcy(_Command):
    """A player in debt who cannot raise enough goes out of the game."""

    type: Literal["declare_bankruptcy"]
    player: Name


class DealDeeds(_Command):
    """PX 3.4: the deal of the deeds, as the banker made it (`hands`) or by the app (`seed`)."""

    type: Literal["deal_deeds"]
    hands: dict[Name, list[SpaceIndex]] | None = None
    seed: int | None = None


class Prebuild(_Command):
    """PX 3.6-3.9: a player's pre-built houses, at most three, one per plot while they have plots."""

    type: Literal["prebuild"]
    player: Name
    houses: dict[SpaceIndex, Annotated[int, Field(ge=1)]] = Field(min_length=1)  # at most 3: engine


class StartPlay(_Command):
    """PX 5.1: setting up is over; every token is on GO and the first player throws."""

    type: Literal["start_play"]


class OfferSale(_Command):
    """PX 7.1: before throwing, offer one's unmortgaged deed for sale by Bank auction, with a
    minimum price; a player in debt may do so at any time to raise money (PX 7.3.1c)."""

    type: Literal["offer_sale"]
    player: Name
    space: SpaceIndex
    minimum: int = Field(default=0, ge=0)


class OfferPurchase(_Command):
    """PX 7.1.1: before throwing, offer to buy another player's plot; the offer is the opening bid."""

    type: Literal["offer_purchase"]
    player: Name
    space: SpaceIndex
    price: int = Field(gt=0)


class AnswerProposal(_Command):
    """The owner puts the plot up for auction (with a minimum) or refuses."""

    type: Literal["answer_proposal"]
    player: Name
    accept: bool
    minimum: int = Field(default=0, ge=0)


class DecideSale(_Command):
    """The highest bid fell short of the minimum: the seller sells anyway or aborts."""

    type: Literal["decide_sale"]
    player: Name
    sell: bool


class MortgageeSale(_Command):
    """PX 8: a debtor with no cash and every deed mortgaged; `order` is the order of auction."""

    type: Literal["mortgagee_sale"]
    player: Name
    order: list[SpaceIndex]  # every deed of the debtor once: checked by the engine


RoundId = Annotated[str, Field(min_length=1, max_length=160, pattern=r"^\S(.*\S)?$")]


class StartClock(_Command):
    """Start the game clock (the profile's length, or the length the judge set). With `round`,
    the start follows the hall's round, which the head judge started for every table; `since`
    is when the round started, in this table's time: the clock counts from then (a table that
    starts late has lost the time it was late)."""

    type: Literal["start_clock"]
    round: RoundId | None = Field(default=None, description="The hall's round followed.")
    hall_entry: int | None = Field(default=None, ge=1, description="With `round`: the number "
                                   "of the hall's entry followed (each is followed once).")
    since: datetime | None = Field(
        default=None, description="With `round`: when the hall's round started (with its zone); "
        "the clock counts from then.")

    @field_validator("since")
    @classmethod
    def _since_is_zoned(cls, since: datetime | None) -> datetime | None:
        return None if since is None else zoned(since)


class PauseClock(_Command):
    """Judge: stop the clock (a pause the rules allow, e.g. an evacuation); time does not run.
    With `round`, the pause is the hall's (the head judge paused every table of the round)."""

    type: Literal["pause_clock"]
    reason: Reason
    round: RoundId | None = Field(default=None, description="The hall's round paused.")
    hall_entry: int | None = Field(default=None, ge=1, description="With `round`: the number "
                                   "of the hall's entry followed (each is followed once).")
    since: datetime | None = Field(
        default=None, description="With `round`: when the hall paused, in this table's time (a "
        "table that missed the pause and its resume records both at the hall's times).")

    @field_validator("since")
    @classmethod
    def _since_is_zoned(cls, since: datetime | None) -> datetime | None:
        return None if since is None else zoned(since)


class ResumeClock(_Command):
    """Judge: the clock runs again. With `round`, the hall's pause of that round ends (a pause
    this table's judge made is theirs to end)."""

    type: Literal["resume_clock"]
    round: RoundId | None = Field(default=None, description="The hall's round resumed.")
    hall_entry: int | None = Field(default=None, ge=1, description="With `round`: the number "
                                   "of the hall's entry followed (each is followed once).")
    since: datetime | None = Field(
        default=None, description="With `round`: when the hall resumed, in this table's time "
        "(a table that missed the pause and its resume: the hall's paused time is given back).")

    @field_validator("since")
    @classmethod
    def _since_is_zoned(cls, since: datetime | None) -> datetime | None:
        return None if since is None else zoned(since)


class SetGameLength(_Command):
    """Judge: change this game's length."""

    type: Literal["set_game_length"]
    minutes: int = Field(gt=0, le=600)
    reason: Reason


class WithdrawTimeCall(_Command):
    """Judge: take back a time call recorded wrongly (a mistyped time, a clock set wrong). Refused
    while time has genuinely run out at `at`, unless `minutes` gives the game a new length."""

    type: Literal["withdraw_time_call"]
    reason: Reason
    minutes: int | None = Field(default=None, gt=0, le=600,
                                description="A new game length, set with the withdrawal.")


class ClockTick(_Command):
    """Record what the clock says now: announcements crossed, time called, skipped turns.
    The app sends it every second; a script may send it with an `at`."""

    type: Literal["clock_tick"]
    marks: bool = Field(default=True, description="Record announcements and the time call.")
    skips: bool = Field(default=True, description="Skip the turn of a player away too long.")


class ToiletBreak(_Command):
    """A player leaves the table: play pauses for at most the profile's minutes."""

    type: Literal["toilet_break"]
    player: Name


class PlayerReturned(_Command):
    """The player is back at the table."""

    type: Literal["player_returned"]
    player: Name


class DeclareAbsent(_Command):
    """A player absent at the start is declared bankrupt; their token stays inactive."""

    type: Literal["declare_absent"]
    player: Name


class RaiseDispute(_Command):
    """Anyone raises a dispute: who, about what, and optionally which ledger entries."""

    type: Literal["raise_dispute"]
    raised_by: Name
    about: Reason
    entries: list[int] = []


class RuleDispute(_Command):
    """Judge: the ruling on a dispute (corrections are adjustments naming the dispute)."""

    type: Literal["rule_dispute"]
    dispute: int = Field(ge=1)
    ruling: Reason


class Fine(_Command):
    """A fine to the Bank with its reason (PX 5.7: 100 for moving another player's token)."""

    type: Literal["fine"]
    player: Name
    amount: int  # at least M1: checked by the engine, citing the fine's clause
    reason: Reason
    dispute: int | None = Field(default=None, ge=1,
                                description="The dispute this fine corrects, if any.")


class Disqualify(_Command):
    """Judge: a cheating player is disqualified; their assets go to the Bank."""

    type: Literal["disqualify"]
    player: Name
    reason: Reason


class CountCash(_Command):
    """The banker or judge counts a player's notes; the ledger compares with the balance."""

    type: Literal["count_cash"]
    player: Name
    counted: int = Field(ge=0)


class SettleCount(_Command):
    """Judge: close a cash count that differed: the ledger was corrected, or the count was wrong."""

    type: Literal["settle_count"]
    check: int = Field(ge=1)
    finding: Literal["ledger_corrected", "count_wrong"]
    reason: Reason


class CollectScoresheet(_Command):
    """The signed scoresheet is collected: the game is locked."""

    type: Literal["collect_scoresheet"]


class AddJudge(_Command):
    """Judge: register another judge for this game (a signed-in judge adds them), with the new
    judge's key pair made from their PIN (app/signing/keys.py; left out before signatures)."""

    type: Literal["add_judge"]
    name: Name
    pin_hash: PinHash
    public_key: str | None = Field(default=None, max_length=200)
    sealed_key: str | None = Field(default=None, max_length=2000)


class SetJudgeKey(_Command):
    """A judge registered without a key gets one, made at their next sign-in from their PIN
    (the app records it, sealed with the new key)."""

    type: Literal["set_judge_key"]
    name: Name
    public_key: str = Field(min_length=1, max_length=200)
    sealed_key: str = Field(min_length=1, max_length=2000)


class Unlock(_Command):
    """Judge: reopen a locked game (after the scoresheet), with a reason."""

    type: Literal["unlock"]
    reason: Reason


class Undo(_Command):
    """Banker: void the last command, until the next roll (the voided entries stay, marked)."""

    type: Literal["undo"]


class Rewind(_Command):
    """Judge: void every command after the ledger entry `to_seq`, with a reason."""

    type: Literal["rewind"]
    to_seq: int = Field(ge=1)
    reason: Reason
    dispute: int | None = Field(default=None, ge=1,
                                description="The dispute this rewind corrects, if any.")


class _Adjustment(_Command):
    reason: Reason
    dispute: int | None = Field(default=None, ge=1, description="The dispute this corrects.")


Account = Annotated[str, Field(min_length=1, description="A player's name, or `bank`.")]


class AdjustCash(_Adjustment):
    """Judge: move cash between two accounts (a player or the Bank)."""

    type: Literal["adjust_cash"]
    from_account: Account
    to_account: Account
    amount: int = Field(gt=0)


class AdjustDeed(_Adjustment):
    """Judge: set a deed's owner (`null` = the Bank) and mortgage flag."""

    type: Literal["adjust_deed"]
    space: SpaceIndex
    owner: Name | None
    mortgaged: bool = False


class AdjustBuildings(_Adjustment):
    """Judge: set the buildings on a street; the difference comes from or goes to the Bank."""

    type: Literal["adjust_buildings"]
    space: SpaceIndex
    houses: int = Field(ge=0, le=4)
    hotel: bool = False


class AdjustToken(_Adjustment):
    """Judge: put a player's token on a space (no salary, no landing)."""

    type: Literal["adjust_token"]
    player: Name
    space: SpaceIndex


class AdjustJail(_Adjustment):
    """Judge: send to or free from Jail, with the turns already served there."""

    type: Literal["adjust_jail"]
    player: Name
    in_jail: bool
    turns_served: int = Field(default=0, ge=0, le=2)


class AdjustCard(_Adjustment):
    """Judge: hand a Get Out of Jail Free card to a player, or back to its deck (`null`)."""

    type: Literal["adjust_card"]
    card: str
    holder: Name | None


class AdjustTurn(_Adjustment):
    """Judge: make it a player's turn, before their roll, with no doubles thrown."""

    type: Literal["adjust_turn"]
    player: Name


Command = Annotated[
    NewGame | Roll | Buy | Decline | Bid | CloseAuction | CollectRent | DrawCard | PayJailFine
    | UseJailCard | PayDebt | Build | SellBuildings | AuctionBuilding | Mortgage | Lift
    | KeepMortgaged | Trade | DeclareBankruptcy | DealDeeds | Prebuild | StartPlay | OfferSale
    | OfferPurchase | AnswerProposal | DecideSale | MortgageeSale | AdjustCash | AdjustDeed
    | AdjustBuildings | AdjustToken | AdjustJail | AdjustCard | AdjustTurn | StartClock | PauseClock
    | ResumeClock | SetGameLength | WithdrawTimeCall | ClockTick | ToiletBreak | PlayerReturned
    | DeclareAbsent
    | RaiseDispute | RuleDispute | Fine | Disqualify | CountCash | SettleCount | CollectScoresheet
    | Unlock | Undo | Rewind | AddJudge | SetJudgeKey,
    Field(discriminator="type"),
]

COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)
ADJUSTMENTS = (AdjustCash, AdjustDeed, AdjustBuildings, AdjustToken, AdjustJail, AdjustCard,
               AdjustTurn)
# Only a judge may give these (the app asks for the judge's PIN).
JUDGE_ONLY = (*ADJUSTMENTS, PauseClock, ResumeClock, SetGameLength, WithdrawTimeCall,
              RuleDispute, Disqualify,
              SettleCount, Unlock, Rewind, AddJudge, SetJudgeKey)
# The table's officials' commands: accepted whatever the state of play (time up, a break),
# but not once the game is locked.
OFFICIAL = (StartClock, PauseClock, ResumeClock, SetGameLength, WithdrawTimeCall, ClockTick,
            ToiletBreak,
            PlayerReturned, RaiseDispute, RuleDispute, Fine, Disqualify, CountCash, SettleCount,
            CollectScoresheet, Unlock, AddJudge, SetJudgeKey)
