"""`legal_commands` is a view of `decide`: every command it lists is accepted, and among the turn's
own commands it lists exactly those `decide` accepts."""

from __future__ import annotations

from itertools import product
from typing import Any

from models.commands import COMMAND_ADAPTER, Command
from models.engine import decide
from models.errors import BankerError
from models.fold import apply
from tests.models.conftest import Game, new_game
from tests.models.support import give, roll

# The commands that carry a turn forward; building, mortgages and deals are checked only for
# being accepted, since legal_commands lists them in one natural form each.
TURN_TYPES = {"roll", "pay_jail_fine", "use_jail_card", "buy", "decline", "bid", "close_auction",
              "draw_card", "collect_rent", "pay_debt"}


def _key(command: Command) -> str:
    return command.model_dump_json()


def _universe(game: Game) -> list[Command]:
    """Every turn command worth asking about: any player, any dice, any card, bids at and below
    the floor, every claim number so far."""
    state = game.state
    assert state is not None
    names = [p.name for p in state.players]
    raw: list[dict[str, Any]] = []
    for name in names:
        raw += [{"type": "roll", "player": name, "dice": [a, b]} for a, b in product(range(1, 7), repeat=2)]
        raw += [{"type": kind, "player": name}
                for kind in ("pay_jail_fine", "use_jail_card", "buy", "decline", "pay_debt")]
        if state.auction is not None:
            floor = (state.auction.opening_bid if state.auction.high_bid is None
                     else state.auction.high_bid + game.table.profile.auction_min_raise)
            raw += [{"type": "bid", "player": name, "amount": amount}
                    for amount in (floor - 1, floor) if amount >= 1]
    raw.append({"type": "close_auction"})
    cards = game.table.decks.chance + game.table.decks.chest
    raw += [{"type": "draw_card", "card": card.id} for card in cards]
    raw += [{"type": "collect_rent", "claim": n} for n in range(1, state.next_claim + 1)]
    return [COMMAND_ADAPTER.validate_python(command) for command in raw]


def _accepted(game: Game, commands: list[Command]) -> set[str]:
    found = set()
    for command in commands:
        try:
            decide(game.table, game.state, command)
        except BankerError:
            continue
        found.add(_key(command))
    return found


def _check(game: Game) -> set[str]:
    """Assert the two promises and return the turn commands listed, as JSON."""
    state = game.state
    assert state is not None
    listed = game.legal()
    for command in listed:  # every command listed is accepted, and its events fold cleanly
        scratch = state.model_copy(deep=True)
        for event in decide(game.table, state, command):
            apply(scratch, event)
    turn = {_key(c) for c in listed if c.type in TURN_TYPES}
    assert turn == _accepted(game, _universe(game))
    return turn


def _rolls(name: str) -> set[str]:
    return {_key(COMMAND_ADAPTER.validate_python({"type": "roll", "player": name, "dice": [a, b]}))
            for a, b in product(range(1, 7), repeat=2)}


def _one(**command: Any) -> str:
    return _key(COMMAND_ADAPTER.validate_python(command))


# The roll phase -------------------------------------------------------------------------------


def test_at_the_start_the_current_player_may_throw_any_of_the_36_rolls(classic: Game) -> None:
    # CL On your turn: Ann plays first; 6 × 6 = 36 ordered throws, nobody else may throw.
    assert _check(classic) == _rolls("Ann")


def test_in_jail_with_a_card_and_the_fine_the_player_may_roll_pay_or_use_the_card(classic: Game) -> None:
    # CL How do I get out of Jail?: 36 throws + the fine (1500 ≥ 50) + the card = 38.
    classic.judge(type="adjust_card", card="ch_goojf", holder="Ann")
    classic.judge(type="adjust_jail", player="Ann", in_jail=True)
    turn = _check(classic)
    assert len(turn) == 38
    assert turn == _rolls("Ann") | {_one(type="pay_jail_fine", player="Ann"),
                                    _one(type="use_jail_card", player="Ann")}


def test_in_jail_without_a_card_or_the_fine_only_the_rolls_are_legal(classic: Game) -> None:
    # CL How do I get out of Jail?: Ann has 30 (1500 − 1470) < 50 and no card: the 36 throws only.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1470)
    classic.judge(type="adjust_jail", player="Ann", in_jail=True)
    assert _check(classic) == _rolls("Ann")


def test_an_open_claim_can_be_collected_alongside_the_next_players_rolls(classic: Game) -> None:
    # CL Collect rent: Ann 2 + 4 on Bob's Oriental (claim 1, 6); Bob to play: 36 throws + claim 1.
    give(classic, "Bob", 6)
    roll(classic, "Ann", 2, 4)
    assert _check(classic) == _rolls("Bob") | {_one(type="collect_rent", claim=1)}


def test_the_utility_throw_is_any_of_the_36_rolls_of_the_current_player(classic: Game) -> None:
    # RULES.md Decisions: the nearest-utility card takes a new throw; Ann on Chance 7 (3 + 4),
    # Bob holds Electric Company; only her 36 throws are legal (no fine, no card: not before a roll).
    give(classic, "Bob", 12)
    roll(classic, "Ann", 3, 4)
    classic.do(type="draw_card", card="ch_nearest_util")
    assert classic.state is not None
    assert classic.state.phase == "utility_throw"
    assert _check(classic) == _rolls("Ann")


# Buying and auctions --------------------------------------------------------------------------


def test_on_an_offer_the_lander_may_buy_or_decline(classic: Game) -> None:
    # CL An unowned property: Ann 1 + 2 on Baltic (60), 1500 ≥ 60: buy or decline, nothing else.
    roll(classic, "Ann", 1, 2)
    assert _check(classic) == {_one(type="buy", player="Ann"), _one(type="decline", player="Ann")}


def test_a_lander_short_of_the_price_may_only_decline(classic: Game) -> None:
    # CL An unowned property: Ann has 59 (1500 − 1441) < 60: decline only.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1441)
    roll(classic, "Ann", 1, 2)
    assert _check(classic) == {_one(type="decline", player="Ann")}


def test_in_an_auction_everyone_may_bid_the_floor_and_the_banker_may_close(classic: Game) -> None:
    # CL Auction: opening bid 1, so each of Ann, Bob, Cy may bid 1, and the auction may close;
    # after Bob's 10 the floor is 10 + 1 = 11.
    roll(classic, "Ann", 1, 2)
    classic.do(type="decline", player="Ann")
    bids = {_one(type="bid", player=n, amount=1) for n in ("Ann", "Bob", "Cy")}
    assert _check(classic) == bids | {_one(type="close_auction")}
    classic.do(type="bid", player="Bob", amount=10)
    bids = {_one(type="bid", player=n, amount=11) for n in ("Ann", "Bob", "Cy")}
    assert _check(classic) == bids | {_one(type="close_auction")}


def test_a_propnex_player_in_jail_is_not_offered_a_bid() -> None:
    # PX 6.6.3: Bob is in Jail; the auction of Street 2 (brown) opens at its price 60 (PX 3.5):
    # Ann, Cy and Dee may bid 60, Bob may not.
    game = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))
    game.judge(type="adjust_jail", player="Bob", in_jail=True)
    roll(game, "Ann", 1, 2)
    game.do(type="decline", player="Ann")
    bids = {_one(type="bid", player=n, amount=60) for n in ("Ann", "Cy", "Dee")}
    assert _check(game) == bids | {_one(type="close_auction")}


# Cards and debts ------------------------------------------------------------------------------


def test_a_card_draw_lists_the_cards_still_in_that_deck(classic: Game) -> None:
    # CL Chance or Community Chest: 16 Chance cards, Bob holds ch_goojf: 16 − 1 = 15 may be drawn.
    classic.judge(type="adjust_card", card="ch_goojf", holder="Bob")
    roll(classic, "Ann", 3, 4)
    turn = _check(classic)
    assert len(turn) == 15
    assert _one(type="draw_card", card="ch_goojf") not in turn


def test_while_a_debt_is_open_only_its_payment_is_a_legal_turn_command(classic: Game) -> None:
    # CL Help! I'm in debt!: Ann (3) owes Bob 6 for Oriental; nothing of the turn is legal until
    # she has the cash; with 10 more from the judge (13 ≥ 6) pay_debt is the one turn command.
    give(classic, "Bob", 6)
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1497)
    roll(classic, "Ann", 2, 4)
    classic.do(type="collect_rent", claim=1)
    assert _check(classic) == set()
    classic.judge(type="adjust_cash", from_account="bank", to_account="Ann", amount=10)
    assert _check(classic) == {_one(type="pay_debt", player="Ann")}
