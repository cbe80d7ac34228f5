"""The menu's build orders (PX several houses on landing, evenly on a group; CL/SG a set brought
up evenly), the SG hotel sold outright, and the correction's accounts; amounts worked by hand."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.table import actions, forms
from app.table.command_text import parse_command
from app.table.judges import judges_field
from app.table.service import TableGame

PIN = "246813"
# PX, four players, 6 deeds each (PX 3.4); retained 14, 31, 32, 34 stay with the Bank when
# nobody bids (PX 9.2). Ann holds Street 1 and Street 2 (pink, OCR: ABSD 100 / 120 / 130).
PX_GAME: list[dict[str, Any]] = [
    {"type": "new_game", "profile": "propnex-championship", "players": ["Ann", "Bob", "Cy", "Dee"],
     "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Cy": [2, 3], "Dee": [4, 4]}]},
    {"type": "deal_deeds", "hands": {"Ann": [1, 3, 5, 6, 11, 13], "Bob": [8, 9, 12, 15, 16, 18],
                                     "Cy": [19, 21, 23, 24, 25, 26],
                                     "Dee": [27, 28, 29, 35, 37, 39]}},
    *[{"type": "close_auction"}] * 4,
    {"type": "start_play"},
    # Ann 5+6 = 11 from GO: her own Street 1 (pink): she may build (PX 6.2.2).
    {"type": "roll", "player": "Ann", "dice": [5, 6]},
]


def open_game(tmp_path: Path, commands: list[dict[str, Any]]) -> TableGame:
    moments = iter(datetime(2026, 3, 1, 10, tzinfo=UTC) + timedelta(seconds=n)
                   for n in range(10_000))
    game = TableGame.open(str(tmp_path / "t.db"), now=lambda: next(moments))
    first = commands[0] | {"judges": judges_field([("Lee", PIN)])}
    for command in [first, *commands[1:]]:
        game.submit(parse_command(command))
    return game


@pytest.fixture
def px(tmp_path: Path) -> Iterator[TableGame]:
    game = open_game(tmp_path, PX_GAME)
    yield game
    game.close()


def builds(game: TableGame) -> dict[str, actions.Action]:
    return {a.id: a for a in actions.menu(game) if a.id.startswith("build:") and a.enabled}


def test_px_offers_one_to_four_houses_on_the_landed_plot_and_on_each_plot_of_its_group(
        px: TableGame) -> None:
    offered = builds(px)
    assert sorted(offered) == sorted(
        [f"build:Ann:11+{n}" for n in range(1, 5)]
        + [f"build:Ann:11+{n},13+{n}" for n in range(1, 5)])
    # PX 6.2.9, OCR: 1st house 100, 2nd 100 + 20% = 120, 3rd 100 + 30% = 130: 350.
    three = offered["build:Ann:11+3"]
    assert three.label == ("Ann builds 3 houses — Street 1 (pink): 1st house M100, 2nd house "
                           "M120, 3rd house M130 (total M350)")
    assert three.command == {"type": "build", "player": "Ann", "add": {"11": 3}}
    # Evenly on both pink plots (PX 6.2.3): 2 houses each, (100 + 120) x 2 = 440.
    even = offered["build:Ann:11+2,13+2"]
    assert even.label.startswith("Ann builds 2 houses on each of 2 streets — ")
    assert even.label.endswith("(total M440)")


def test_px_three_houses_at_one_go_are_one_command_and_one_payment(px: TableGame) -> None:
    before = px.state.player("Ann").cash if px.state else 0
    assert before == 1500
    px.submit(parse_command(builds(px)["build:Ann:11+3"].command))
    assert px.state is not None
    # 1,500 - (100 + 120 + 130) = 1,150; the Bank's 32 houses less 3 = 29.
    assert px.state.player("Ann").cash == 1150
    assert px.state.deeds[11].houses == 3
    assert px.state.bank_houses == 29
    last = px.ledger.commands(px.game_id)[-1]
    assert last.payload["add"] == {"11": 3}
    # One order per landing (PX 6.2.4): no further build is offered.
    assert not builds(px)


# SG: Ann holds the brown set (Street 1 and 2, house 50, hotel 50) by the judge's corrections.
SG_GAME: list[dict[str, Any]] = [
    {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
     "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Cy": [2, 3]}]},
]


def sg_with_browns(tmp_path: Path, *, hotels: bool) -> TableGame:
    game = open_game(tmp_path, SG_GAME)
    game.sign_in_judge("Lee", PIN)
    for space in (1, 3):
        game.submit(parse_command({"type": "adjust_deed", "space": space, "owner": "Ann",
                                   "mortgaged": False, "reason": "set up the test"}))
        if hotels:
            game.submit(parse_command({"type": "adjust_buildings", "space": space, "houses": 0,
                                       "hotel": True, "reason": "set up the test"}))
    return game


def test_sg_brings_a_set_up_evenly_to_each_level_in_one_command(tmp_path: Path) -> None:
    game = sg_with_browns(tmp_path, hotels=False)
    offered = builds(game)
    # One step: on either street or on both; then both streets up to 2, 3, 4 houses and the
    # hotels at once (SG Building Houses: evenly; a hotel once the set has 4 houses each).
    assert sorted(offered) == sorted(["build:Ann:1+1", "build:Ann:3+1", "build:Ann:1+1,3+1",
                                      "build:Ann:1+2,3+2", "build:Ann:1+3,3+3",
                                      "build:Ann:1+4,3+4", "build:Ann:1+5,3+5"])
    # 3 houses each at 50: 6 x 50 = 300.
    assert offered["build:Ann:1+3,3+3"].label.startswith("Ann builds 3 houses on each of 2 streets")
    assert offered["build:Ann:1+3,3+3"].label.endswith("(total M300)")
    # 4 houses and a hotel on each: 8 x 50 + 2 x 50 = 500.
    assert offered["build:Ann:1+5,3+5"].label.startswith(
        "Ann builds 4 houses and a hotel on each of 2 streets")
    assert offered["build:Ann:1+5,3+5"].label.endswith("(total M500)")
    game.submit(parse_command(offered["build:Ann:1+3,3+3"].command))
    assert game.state is not None
    assert (game.state.deeds[1].houses, game.state.deeds[3].houses) == (3, 3)
    assert game.state.player("Ann").cash == 1500 - 300
    game.close()


def test_sg_offers_the_hotels_of_a_set_sold_outright(tmp_path: Path) -> None:
    game = sg_with_browns(tmp_path, hotels=True)
    menu = {a.id: a for a in actions.menu(game)}
    # Selling evenly (SG Selling Houses): one hotel alone cannot go outright (0 beside a
    # hotel), so the set's hotels go together. SG: a hotel sold outright pays half the hotel
    # price and half the 4 houses' price: 50 / 2 + 4 x 50 / 2 = 125; two hotels: 250.
    assert "sell_hotel:Ann:1" not in menu
    sale = menu["sell_hotels:Ann:brown"]
    assert sale.enabled
    assert sale.command == {"type": "sell_buildings", "player": "Ann",
                            "remove": {"1": 5, "3": 5}}
    assert sale.label.endswith("for M250")
    game.submit(parse_command(sale.command))
    assert game.state is not None
    assert (game.state.deeds[1].steps, game.state.deeds[3].steps) == (0, 0)
    assert game.state.player("Ann").cash == 1500 + 250
    game.close()


def test_a_bankrupt_player_is_no_account_for_a_correction(tmp_path: Path) -> None:
    game = open_game(tmp_path, SG_GAME)
    game.sign_in_judge("Lee", PIN)
    # Cy owes the Bank more than he holds and declares bankruptcy.
    game.submit(parse_command({"type": "fine", "player": "Cy", "amount": 1600,
                               "reason": "set up the test"}))
    game.submit(parse_command({"type": "declare_bankruptcy", "player": "Cy"}))
    assert game.state is not None and game.state.player("Cy").bankrupt
    assert forms.accounts(game) == ["Ann", "Bob"]
    move = {a.id: a for a in actions.menu(game)}["adjust_cash"]
    accounts = {words for param in move.params for words, _ in param.choices}
    assert "Cy" not in accounts and {"Ann", "Bob", "the Bank"} <= accounts
    game.close()
