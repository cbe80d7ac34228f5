"""Every refusal names the rule that forbids, with a reason a banker can tell the player."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from app.editions import rulebook
from models.events import RentNotDue
from models.profile import CLAUSE_KEYS
from tests.models.conftest import Game, new_game
from tests.models.support import give, put, refused, replays, roll

MODELS = Path(__file__).resolve().parents[2] / "models"
PROFILES = rulebook.RESOURCES / "profiles"
PX = "propnex-championship"
FOUR = ("Ann", "Bob", "Cy", "Dee")
# A recorded PX deal at four (as in test_px_setup): the cheapest deed left over is
# Balestier/Toa Payoh (23, board price 220), auctioned first.
HANDS = {
    "Ann": [1, 5, 11, 12, 21, 31],
    "Bob": [3, 13, 15, 25, 28, 35],
    "Cy": [6, 8, 9, 14, 16, 18],
    "Dee": [19, 24, 26, 27, 29, 32],
}


def _px() -> Game:
    """A PX game in play with every deed back with the Bank: Ann, Bob, Cy, Dee; Ann to throw."""
    return new_game(PX, FOUR)


def _px_dealt() -> Game:
    """A PX table just dealt (HANDS): the auction of the retained deeds is open on 23."""
    game = Game(table=rulebook.table(PX))
    game.do(type="new_game", profile=PX, players=list(FOUR),
            roll_off=[{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2], "Dee": [1, 2]}])
    game.do(type="deal_deeds", hands=HANDS)
    return game


def _ann_lands_on_21(game: Game) -> list[object]:
    """Ann, put on space 18, throws 1 + 2 = 3 to space 21 (no GO passed, no double)."""
    put(game, "Ann", 18)
    return roll(game, "Ann", 1, 2)


# Rent that is not due ----------------------------------------------------------------------------


def test_collecting_rent_on_a_mortgaged_deed_says_the_deed_is_mortgaged() -> None:
    # PX 6.3.2 "If the Title Deed Card is mortgaged, no rent can be collected": Bob's Bidadari
    # (21) is mortgaged; Ann lands there. No claim opens, the landing says why, and the banker's
    # claim is refused naming the deed. Nobody pays: both keep 1500.
    game = _px()
    give(game, "Bob", 21, mortgaged=True)
    events = _ann_lands_on_21(game)
    assert RentNotDue(player="Ann", space=21, owner="Bob", reason="mortgaged", turn_no=1) in events
    error = refused(game, "PX 6.3.2", type="collect_rent", claim=1)
    assert error.message == "no rent: Bidadari is mortgaged"
    assert (game.cash("Ann"), game.cash("Bob")) == (1500, 1500)
    replays(game)


def test_collecting_rent_for_a_classic_mortgaged_deed_names_the_edition_street(classic: Game) -> None:
    # CL A property owned by another player: "You do not pay rent if the property is mortgaged".
    # Bob's Kentucky Avenue (21) is mortgaged; Ann lands on it from 18 with 1 + 2.
    give(classic, "Bob", 21, mortgaged=True)
    _ann_lands_on_21(classic)
    error = refused(classic, "CL Mortgage properties", type="collect_rent", claim=1)
    assert error.message == "no rent: Kentucky Avenue is mortgaged"


def test_collecting_rent_for_an_owner_in_jail_says_the_owner_is_in_jail() -> None:
    # PX 6.6.3: players sent to Jail may not collect rent. Bob (in Jail) owns Bidadari (21);
    # Ann lands there: no claim, and the claim is refused naming Bob and the deed.
    game = _px()
    give(game, "Bob", 21)
    game.judge(type="adjust_jail", player="Bob", in_jail=True)
    events = _ann_lands_on_21(game)
    assert RentNotDue(player="Ann", space=21, owner="Bob", reason="owner_in_jail",
                      turn_no=1) in events
    error = refused(game, "PX 6.6.3", type="collect_rent", claim=1)
    assert error.message == "no rent: Bob is in Jail and collects no rent for Bidadari"


def test_once_the_window_has_passed_a_missed_rent_is_no_longer_named(classic: Game) -> None:
    # CL: the owner asks before the next player rolls. After Bob (next) throws 4 + 6 (GO to
    # Jail, just visiting), the landing on mortgaged Kentucky Avenue is old news: the refusal
    # says only that no claim is open.
    give(classic, "Bob", 21, mortgaged=True)
    _ann_lands_on_21(classic)
    roll(classic, "Bob", 4, 6)
    error = refused(classic, "CL A property owned by another player", type="collect_rent", claim=1)
    assert error.message == "no rent claim 1 is open; no rent is owed now"


def test_a_lapsed_claim_is_refused_saying_it_lapsed(classic: Game) -> None:
    # CL: "the owner must ask you for the rent before the player to your left rolls the dice".
    # Ann owes 6 on Bob's Oriental Avenue (claim 1); Bob throws 4 + 6 first: claim 1 lapses.
    give(classic, "Bob", 6)
    roll(classic, "Ann", 2, 4)
    roll(classic, "Bob", 4, 6)
    error = refused(classic, "CL Collect rent", type="collect_rent", claim=1)
    assert error.message == ("no rent: claim 1 for Oriental Avenue has lapsed; Bob did not ask Ann "
                             "for it in time")
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1500, 1500)


def test_a_claim_owed_as_a_debt_is_refused_saying_it_was_collected(classic: Game) -> None:
    # Ann has 1500 - 1497 = 3 and owes 6 on Oriental Avenue: collecting turns it into a debt
    # of 6; a second collect is refused saying it was collected, owed as a debt.
    give(classic, "Bob", 6)
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1497)
    roll(classic, "Ann", 2, 4)
    classic.do(type="collect_rent", claim=1)
    error = refused(classic, "CL A property owned by another player", type="collect_rent", claim=1)
    assert error.message == ("no rent: claim 1 for Oriental Avenue was already collected from Ann "
                             "(M6, owed as a debt)")


def test_an_unknown_claim_number_lists_the_claims_that_are_open(classic: Game) -> None:
    # Claim 1 is Ann's 6 on Oriental Avenue; the banker asks for claim 7, which never existed.
    give(classic, "Bob", 6)
    roll(classic, "Ann", 2, 4)
    error = refused(classic, "CL A property owned by another player", type="collect_rent", claim=7)
    assert error.message == ("no rent claim 7 is open; open: claim 1 (Ann owes Bob M6 for "
                             "Oriental Avenue)")


# Auctions --------------------------------------------------------------------------------------


def test_a_negative_bid_is_refused_by_the_auction_rule_not_by_the_format(sg: Game) -> None:
    # SG Auctions: "the banker starts the auction at M1". Ann declines Street 2 (brown) (3):
    # the auction opens at 1; a bid of -5 is under it. Bob bids 10; Cy's 10 does not beat it
    # (least raise 1: 11).
    roll(sg, "Ann", 1, 2)
    sg.do(type="decline", player="Ann")
    error = refused(sg, "SG Auctions", type="bid", player="Bob", amount=-5)
    assert error.message == "bids start at M1, not M-5"
    sg.do(type="bid", player="Bob", amount=10)
    error = refused(sg, "SG Auctions", type="bid", player="Cy", amount=10)
    assert error.message == ("a bid must be at least M11, not M10: the highest is M10 by Bob and "
                             "bids rise by M1 or more")


def test_a_retained_deed_bid_under_the_board_price_cites_px_3_5() -> None:
    # PX 3.5: "Bid starts from the value of the Title Deed on the board ... each bid at $10 or
    # more". Balestier/Toa Payoh (23) opens at 220: 210 is refused; Bob 220; Cy 225 (+5) is
    # refused; the least is 220 + 10 = 230.
    game = _px_dealt()
    error = refused(game, "PX 3.5", type="bid", player="Bob", amount=210)
    assert error.message == "bids start at M220, not M210: the board price of Balestier/Toa Payoh"
    game.do(type="bid", player="Bob", amount=220)
    error = refused(game, "PX 3.5", type="bid", player="Cy", amount=225)
    assert "at least M230" in error.message and "M10 or more" in error.message


def test_a_player_in_jail_may_not_bid_at_a_px_sale() -> None:
    # PX 6.6.3: a player in Jail may not participate in buying property via auction. Ann offers
    # her Bidadari (21) for sale; Bob, in Jail, bids 300: refused.
    game = _px()
    give(game, "Ann", 21)
    game.judge(type="adjust_jail", player="Bob", in_jail=True)
    game.do(type="offer_sale", player="Ann", space=21, minimum=0)
    error = refused(game, "PX 6.6.3", type="bid", player="Bob", amount=300)
    assert error.message == "Bob is in Jail and takes no part in auctions"


def test_a_mortgaged_deed_cannot_be_offered_for_sale_citing_px_7_2_3() -> None:
    # PX 7.2.3: "The owner of the mortgaged Title Deed cannot put up the mortgaged Title Deed
    # for sale".
    game = _px()
    give(game, "Ann", 21, mortgaged=True)
    error = refused(game, "PX 7.2.3", type="offer_sale", player="Ann", space=21, minimum=100)
    assert error.message == "Bidadari is mortgaged and cannot be offered for sale"


# Limits that are rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [0, -100])
def test_a_fine_of_nothing_or_less_is_refused_citing_the_fine_rule(amount: int) -> None:
    # PX 5.7: a fine is paid to the Bank (100 for moving another's token): at least M1.
    game = _px()
    error = refused(game, "PX 5.7", type="fine", player="Ann", amount=amount, reason="token moved")
    assert error.message == f"a fine is at least M1, not M{amount}"


def test_building_past_the_hotel_is_refused_citing_the_hotel_rule(classic: Game) -> None:
    # CL Build iii-iv: at most 4 houses, then one hotel: 5 steps. Ann holds the brown set
    # (1, 3) bare; 6 steps on Mediterranean Avenue would pass the hotel.
    give(classic, "Ann", 1, 3)
    error = refused(classic, "CL Build iv", type="build", player="Ann", add={1: 6})
    assert error.message == ("Mediterranean Avenue has no buildings: 6 more would pass its hotel; "
                             "a street takes at most 4 houses, then one hotel")


def test_building_on_a_set_with_a_mortgaged_street_cites_the_building_rule(classic: Game) -> None:
    # CL Build: "you cannot build on a site if any site in its color group is mortgaged".
    give(classic, "Ann", 1)
    give(classic, "Ann", 3, mortgaged=True)
    error = refused(classic, "CL Build", type="build", player="Ann", add={1: 1})
    assert error.message == "no building on the brown set while a street of it is mortgaged"


def test_prebuilding_four_houses_is_refused_citing_px_3_7() -> None:
    # PX 3.6-3.7: every player pre-builds (up to) 3 houses. Ann asks for 2 + 2 = 4.
    game = _px_dealt()
    while game.state is not None and game.state.phase == "auction":
        game.do(type="close_auction")
    error = refused(game, "PX 3.7", type="prebuild", player="Ann", houses={1: 2, 11: 2})
    assert error.message == "at most 3 houses are pre-built, not 4"


def test_a_jail_fine_short_of_cash_names_both_amounts(classic: Game) -> None:
    # CL How do I get out of Jail?: pay $50. Ann has 1500 - 1490 = 10.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1490)
    classic.judge(type="adjust_jail", player="Ann", in_jail=True)
    error = refused(classic, "CL How do I get out of Jail?", type="pay_jail_fine", player="Ann")
    assert error.message == "Ann has M10; the fine is M50"


# Every rule the engine cites has a clause in every profile ------------------------------------------


def _cited_keys() -> set[str]:
    """Every constant rule key passed to `refuse(...)` or `clause(...)` in models/ (both arms
    of `"a" if ... else "b"` count)."""
    keys: set[str] = set()
    for path in MODELS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called not in ("refuse", "clause"):
                continue
            keys |= _keys_of(node.args[0])
    return keys


def _keys_of(expr: ast.expr) -> set[str]:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return _keys_of(expr.body) | _keys_of(expr.orelse)
    return set()


def test_the_source_cites_rules_through_refuse() -> None:
    # The scan below must see the engine's refusals, or the next test proves nothing.
    assert {"rent_mortgaged", "rent_in_jail", "auction_raise", "fine", "build_mortgaged"} \
        <= _cited_keys()


@pytest.mark.parametrize("profile", ["classic", "sg-championship", PX])
def test_every_rule_key_the_engine_cites_has_a_clause_in_every_profile(profile: str) -> None:
    clauses = tomllib.loads((PROFILES / f"{profile}.toml").read_text(encoding="utf-8"))["clauses"]
    cited = _cited_keys()
    assert sorted(cited - set(clauses)) == []
    assert sorted(cited - set(CLAUSE_KEYS)) == []
    assert all(clauses[key].startswith(("CL ", "SG ", "PX ")) for key in cited)
