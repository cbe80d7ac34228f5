"""The shipped PropNex example game, run through `banker run` and checked event by event."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli.main import main
from tests.app.conftest import REPO, Banker, ledger_json, state_json

EXAMPLE = REPO / "resources" / "examples" / "propnex-game.jsonl"

Expected = tuple[str, dict[str, Any]]


def ev(event_type: str, /, **fields: Any) -> Expected:
    """An expected event: its type and the payload fields that must match."""
    return event_type, fields


def _opened(space: int, bid: int, **fields: Any) -> Expected:
    return ev("auction_opened", space=space, opening_bid=bid, **fields)


# Board (classic figures, propnex.toml): 9 Street 3 (light blue) rents 8/40/...; 11 Street 1
# (pink) 10/50/...; 23 Balestier/Toa Payoh 18/90/...; Orchard (39) 50/200/600/1400/1700/2000;
# railways 25/50/100/200 by the number held; utilities 4x / 10x the dice.
# ABSD (PX 6.2.9): Industrial 50/60/65, OCR 100/120/130, RCR 150/180/195, CCR 200/240/260.
STEPS: list[tuple[str, list[Expected]]] = [
    # 1. Roll-off Ann 6+5 = 11, Dee 8, Bob 7, Cy 5: Ann starts (PX 3.3); 1500 each (PX 3.2).
    ("new_game", [ev("game_started", players=["Ann", "Bob", "Cy", "Dee"], starting_cash=1500,
                     setup=True, bank_houses=32)]),
    # 2. The recorded deal, 6 each (PX 3.4); left: River Valley 31 (300), Outram 32 (300),
    #    Holland/Bukit Timah 34 (320), Marina Bay Financial Centre 37 (350): cheapest first,
    #    board order between the two at 300; the first opens at its price 300 (PX 3.5).
    ("deal_deeds", [ev("deeds_dealt", retained=[31, 32, 34, 37]),
                    _opened(31, 300, queue=[32, 34, 37], resume="prebuild")]),
    # 3-6. 31: Ann 300, Cy 310 (+10), Ann 320 (+10): Ann pays 320: 1500 - 320 = 1180.
    ("bid", [ev("bid_placed", player="Ann", amount=300)]),
    ("bid", [ev("bid_placed", player="Cy", amount=310)]),
    ("bid", [ev("bid_placed", player="Ann", amount=320)]),
    ("close_auction", [ev("auction_won", payer="Ann", payee="bank", amount=320, space=31),
                       _opened(32, 300, queue=[34, 37])]),
    # 7-8. 32 and 34: nobody bids, they stay with the Bank (PX 9.2); 34 opened at 320, 37 at 350.
    ("close_auction", [ev("auction_unsold", space=32), _opened(34, 320, queue=[37])]),
    ("close_auction", [ev("auction_unsold", space=34), _opened(37, 350, queue=[])]),
    # 9-10. 37: Ann 350: 1180 - 350 = 830. The pre-build opens.
    ("bid", [ev("bid_placed", player="Ann", amount=350)]),
    ("close_auction", [ev("auction_won", payer="Ann", payee="bank", amount=350, space=37)]),
    # 11. Ann (8 streets): one house each on three plots (PX 3.7): 23 RCR 150 + 26 RCR 150 +
    #     29 RCR 150 = 450: 830 - 450 = 380.
    ("prebuild", [ev("houses_prebuilt", player="Ann", amount=450)]),
    # 12. Bob: 6, 8, 9 (Industrial B2) 3 x 50 = 150: 1500 - 150 = 1350.
    ("prebuild", [ev("houses_prebuilt", player="Bob", amount=150)]),
    # 13. Cy: 11, 16, 19 (OCR) 3 x 100 = 300: 1500 - 300 = 1200.
    ("prebuild", [ev("houses_prebuilt", player="Cy", amount=300)]),
    # 14. Dee's only street, Orchard (CCR): all 3 on it (PX 3.7): 200 + 240 + 260 = 700:
    #     1500 - 700 = 800.
    ("prebuild", [ev("houses_prebuilt", player="Dee", amount=700,
                     changes=[{"space": 39, "before": 0, "after": 3}])]),
    # 15. Play starts (PX 5.1).
    ("start_play", [ev("play_started")]),
    # 16. Ann 4+5: GO -> 9, Bob's, 1 house: rent 40 (claim 1); Bob's turn.
    ("roll", [ev("dice_rolled", player="Ann", dice=[4, 5]), ev("token_moved", to_space=9),
              ev("rent_claim_opened", claim=1, payer="Ann", owner="Bob", amount=40),
              ev("turn_passed", player="Bob", turn_no=2)]),
    # 17. Bob collects before he throws: Ann 380 - 40 = 340, Bob 1350 + 40 = 1390.
    ("collect_rent", [ev("rent_paid", payer="Ann", payee="Bob", amount=40, claim=1)]),
    # 18. Bob 2+2: GO -> 4, Income Tax 200: 1390 - 200 = 1190; a double: again.
    ("roll", [ev("dice_rolled", player="Bob", dice=[2, 2]), ev("token_moved", to_space=4),
              ev("tax_paid", payer="Bob", payee="bank", amount=200, space=4),
              ev("roll_again", player="Bob")]),
    # 19. Bob 3+4: 4 -> 11, Cy's, 1 house: rent 50 (claim 2); Cy's turn.
    ("roll", [ev("dice_rolled", player="Bob", dice=[3, 4]), ev("token_moved", to_space=11),
              ev("rent_claim_opened", claim=2, payer="Bob", owner="Cy", amount=50),
              ev("turn_passed", player="Cy", turn_no=3)]),
    # 20. Cy collects: Bob 1190 - 50 = 1140, Cy 1200 + 50 = 1250.
    ("collect_rent", [ev("rent_paid", payer="Bob", payee="Cy", amount=50, claim=2)]),
    # 21-22. Cy 3+4: GO -> 7, Chance: Go back 3 -> 4, Income Tax 200: 1250 - 200 = 1050.
    ("roll", [ev("dice_rolled", player="Cy", dice=[3, 4]), ev("token_moved", to_space=7),
              ev("card_draw_required", player="Cy", deck="chance")]),
    ("draw_card", [ev("card_drawn", player="Cy", card="ch_back3"),
                   ev("token_moved", from_space=7, to_space=4, how="card"),
                   ev("tax_paid", payer="Cy", payee="bank", amount=200, space=4),
                   ev("turn_passed", player="Dee", turn_no=4)]),
    # 23-24. Dee 3+4: GO -> 7, Chance: advance to Orchard (39), her own plot with 3 houses:
    #        the right to build opens (PX 6.2.2); no salary (GO not passed).
    ("roll", [ev("dice_rolled", player="Dee", dice=[3, 4]), ev("token_moved", to_space=7),
              ev("card_draw_required", player="Dee", deck="chance")]),
    ("draw_card", [ev("card_drawn", player="Dee", card="ch_advance_top"),
                   ev("token_moved", from_space=7, to_space=39, how="card"),
                   ev("own_plot_landed", player="Dee", space=39, at_landing={"39": 3}),
                   ev("turn_passed", player="Ann", turn_no=5)]),
    # 25. Before the next throw Dee builds the 4th house: 200 x 1.3 = 260 (PX 6.2.8c):
    #     800 - 260 = 540. Orchard now rents 1700.
    ("build", [ev("buildings_bought", player="Dee", amount=260,
                  changes=[{"space": 39, "before": 3, "after": 4}])]),
    # 26-28. Ann, before throwing, offers 150 for Cy's Street 2 (pink, 13) (PX 7.1.1); Cy puts it
    #        up with a minimum of 150, Ann's offer the first bid; nobody bids higher: sold at
    #        150 >= 150. Commission 10% of 150 = 15 from Cy (PX 7.1.3). Ann 340 - 150 = 190;
    #        Cy 1050 + 150 - 15 = 1185.
    ("offer_purchase", [ev("purchase_proposed", buyer="Ann", space=13, price=150)]),
    ("answer_proposal", [ev("proposal_answered", owner="Cy", accepted=True),
                         ev("sale_offered", seller="Cy", space=13, minimum=150),
                         _opened(13, 10, kind="sale", excluded=["Cy"], seller="Cy", minimum=150),
                         ev("bid_placed", player="Ann", amount=150)]),
    ("close_auction", [ev("deed_sold", buyer="Ann", seller="Cy", space=13, amount=150,
                          commission=15)]),
    # 29. Ann 5+6: 9 -> 20, Free Parking.
    ("roll", [ev("dice_rolled", player="Ann", dice=[5, 6]), ev("token_moved", to_space=20),
              ev("turn_passed", player="Bob", turn_no=6)]),
    # 30-31. Bob 6+6: 11 -> 23, Ann's, 1 house: 90 (claim 3); Ann collects at once:
    #        Bob 1140 - 90 = 1050, Ann 190 + 90 = 280.
    ("roll", [ev("dice_rolled", player="Bob", dice=[6, 6]), ev("token_moved", to_space=23),
              ev("rent_claim_opened", claim=3, payer="Bob", owner="Ann", amount=90),
              ev("roll_again", player="Bob")]),
    ("collect_rent", [ev("rent_paid", payer="Bob", payee="Ann", amount=90, claim=3)]),
    # 32-33. Bob 6+6: 23 -> 35, PropNex Group of Services 4; Dee holds all four: 200 (claim 4):
    #        Bob 1050 - 200 = 850, Dee 540 + 200 = 740.
    ("roll", [ev("dice_rolled", player="Bob", dice=[6, 6]), ev("token_moved", to_space=35),
              ev("rent_claim_opened", claim=4, payer="Bob", owner="Dee", amount=200),
              ev("roll_again", player="Bob")]),
    ("collect_rent", [ev("rent_paid", payer="Bob", payee="Dee", amount=200, claim=4)]),
    # 34-35. Bob 1+3: 35 -> 39, Orchard with 4 houses: 1700 (claim 5); Cy's turn. Dee collects;
    #        Bob has 850 < 1700: a debt (PX 7.3.1).
    ("roll", [ev("dice_rolled", player="Bob", dice=[1, 3]), ev("token_moved", to_space=39),
              ev("rent_claim_opened", claim=5, payer="Bob", owner="Dee", amount=1700),
              ev("turn_passed", player="Cy", turn_no=7)]),
    ("collect_rent", [ev("debt_incurred", debtor="Bob", creditor="Dee", amount=1700, claim=5)]),
    # 36. Bob sells his 3 houses at half the Industrial base: 3 x 25 = 75 (PX 7.3.1a): 925.
    ("sell_buildings", [ev("buildings_sold", payer="bank", payee="Bob", amount=75)]),
    # 37-42. He mortgages everything (PX 7.3.1b): 1: 30, 3: 30, 6: 50, 8: 50, 9: 60, Utility 1
    #        (12): 75; 925 + 295 = 1220, still short of 1700.
    ("mortgage", [ev("deed_mortgaged", payee="Bob", amount=30, space=1)]),
    ("mortgage", [ev("deed_mortgaged", payee="Bob", amount=30, space=3)]),
    ("mortgage", [ev("deed_mortgaged", payee="Bob", amount=50, space=6)]),
    ("mortgage", [ev("deed_mortgaged", payee="Bob", amount=50, space=8)]),
    ("mortgage", [ev("deed_mortgaged", payee="Bob", amount=60, space=9)]),
    ("mortgage", [ev("deed_mortgaged", payee="Bob", amount=75, space=12)]),
    # 43. The mortgagee sale (PX 8): his 1220 goes to Dee first (Dee 740 + 1220 = 1960), 480
    #     still owed; Bob's order 12, 9, 8, 6, 3, 1, each opening at its mortgage value.
    ("mortgagee_sale", [ev("debt_partly_paid", payer="Bob", payee="Dee", amount=1220),
                        ev("mortgagee_sale_opened", debtor="Bob", creditor="Dee",
                           order=[12, 9, 8, 6, 3, 1]),
                        _opened(12, 75, kind="mortgagee", excluded=["Bob"], creditor="Dee")]),
    # 44-49. Nobody bids: each passes to Dee at its mortgage value (PX 8.3):
    #        480 - 75 - 60 - 50 - 50 - 30 - 30 = 185 still owed when the deeds run out:
    #        Bob is bankrupt, the first (rank 1), to Dee. Play stays with Cy.
    ("close_auction", [ev("deed_passed_to_creditor", space=12, value=75), _opened(9, 60)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=9, value=60), _opened(8, 50)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=8, value=50), _opened(6, 50)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=6, value=50), _opened(3, 30)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=3, value=30), _opened(1, 30)]),
    ("close_auction", [ev("deed_passed_to_creditor", debtor="Bob", creditor="Dee", space=1, value=30),
                       ev("player_bankrupt", player="Bob", creditor="Dee", rank=1)]),
    # 50. Cy 6+6: 4 -> 16, her own Street 1 (orange): the right to build, with the group's
    #     steps at landing 16: 1, 18: 0, 19: 1; a double: she throws again after building.
    ("roll", [ev("dice_rolled", player="Cy", dice=[6, 6]), ev("token_moved", to_space=16),
              ev("own_plot_landed", player="Cy", space=16, at_landing={"16": 1, "18": 0, "19": 1}),
              ev("roll_again", player="Cy")]),
    # 51. Two houses on each plot of the group she owns (PX 6.2.3), by ordinal (PX 6.2.9):
    #     16: 2nd 120 + 3rd 130 = 250; 18: 1st 100 + 2nd 120 = 220; 19: 250. 720: 1185 - 720 = 465.
    ("build", [ev("buildings_bought", player="Cy", amount=720)]),
    # 52-53. Cy 6+6: 16 -> 28, Utility 2; Dee now holds both (12 came from Bob, mortgaged):
    #        10 x 12 = 120 (claim 6): Cy 465 - 120 = 345, Dee 1960 + 120 = 2080.
    ("roll", [ev("dice_rolled", player="Cy", dice=[6, 6]), ev("token_moved", to_space=28),
              ev("rent_claim_opened", claim=6, payer="Cy", owner="Dee", amount=120),
              ev("roll_again", player="Cy")]),
    ("collect_rent", [ev("rent_paid", payer="Cy", payee="Dee", amount=120, claim=6)]),
    # 54-55. Cy 5+6: 28 -> 39, Orchard: 1700 (claim 7); Dee's turn. Dee collects; Cy has
    #        345 < 1700: a debt.
    ("roll", [ev("dice_rolled", player="Cy", dice=[5, 6]), ev("token_moved", to_space=39),
              ev("rent_claim_opened", claim=7, payer="Cy", owner="Dee", amount=1700),
              ev("turn_passed", player="Dee", turn_no=8)]),
    ("collect_rent", [ev("debt_incurred", debtor="Cy", creditor="Dee", amount=1700, claim=7)]),
    # 56. Her 9 houses back at half the OCR base 100 (the ABSD is not refunded, PX 6.2.10):
    #     (1 + 3 + 2 + 3) x 50 = 450: 345 + 450 = 795.
    ("sell_buildings", [ev("buildings_sold", payer="bank", payee="Cy", amount=450)]),
    # 57-61. Mortgages: 11: 70, 14: 80, 16: 90, 18: 90, 19: 100; 795 + 430 = 1225 < 1700.
    ("mortgage", [ev("deed_mortgaged", payee="Cy", amount=70, space=11)]),
    ("mortgage", [ev("deed_mortgaged", payee="Cy", amount=80, space=14)]),
    ("mortgage", [ev("deed_mortgaged", payee="Cy", amount=90, space=16)]),
    ("mortgage", [ev("deed_mortgaged", payee="Cy", amount=90, space=18)]),
    ("mortgage", [ev("deed_mortgaged", payee="Cy", amount=100, space=19)]),
    # 62. The mortgagee sale: 1225 to Dee (2080 + 1225 = 3305), 475 still owed.
    ("mortgagee_sale", [ev("debt_partly_paid", payer="Cy", payee="Dee", amount=1225),
                        ev("mortgagee_sale_opened", debtor="Cy", creditor="Dee",
                           order=[19, 18, 16, 14, 11]),
                        _opened(19, 100, kind="mortgagee", excluded=["Cy"], creditor="Dee")]),
    # 63-67. Nobody bids: 475 - 100 - 90 - 90 - 80 - 70 = 45 still owed when the deeds run out:
    #        Cy is bankrupt, the second (rank 2): the game ends at once (PX 10a).
    ("close_auction", [ev("deed_passed_to_creditor", space=19, value=100), _opened(18, 90)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=18, value=90), _opened(16, 90)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=16, value=90), _opened(14, 80)]),
    ("close_auction", [ev("deed_passed_to_creditor", space=14, value=80), _opened(11, 70)]),
    ("close_auction", [ev("deed_passed_to_creditor", debtor="Cy", creditor="Dee", space=11, value=70),
                       ev("player_bankrupt", player="Cy", creditor="Dee", rank=2),
                       ev("game_ended", reason="bankruptcy number 2", winner=None)]),
]

# Final cash, worked out line by line above:
#   Ann 1500 - 320 - 350 - 450 - 40 - 150 + 90 = 280
#   Bob 1500 - 150 + 40 - 200 - 50 - 90 - 200 + 75 + 295 - 1220 = 0
#   Cy  1500 - 300 + 50 - 200 + 150 - 15 - 720 - 120 + 450 + 430 - 1225 = 0
#   Dee 1500 - 700 - 260 + 200 + 1220 + 120 + 1225 = 3305
FINAL_CASH = {"Ann": 280, "Bob": 0, "Cy": 0, "Dee": 3305}


def _command_lines() -> list[dict[str, Any]]:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """The example recorded by `banker run` into a fresh SQLite file, with its ledger."""
    db = tmp_path_factory.mktemp("px") / "propnex.db"
    runner = CliRunner()
    result = runner.invoke(main, ["run", str(EXAMPLE), "--db", str(db)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{len(STEPS)} commands recorded")
    events = json.loads(runner.invoke(main, ["ledger", "--db", str(db), "--json"]).stdout)
    return db, events


def test_the_example_has_a_header_and_a_short_whole_game() -> None:
    # The brief: a complete game of 40-90 commands with a header comment saying what it shows.
    assert EXAMPLE.read_text(encoding="utf-8").startswith("# A short PropNex Championship")
    commands = _command_lines()
    assert 40 <= len(commands) <= 90
    assert len(commands) == len(STEPS)
    assert commands[0]["profile"] == "propnex-championship"
    assert [c["type"] for c in commands] == [kind for kind, _ in STEPS]


def test_the_recorded_example_verifies(banker: Banker, recorded: tuple[Path, list[dict[str, Any]]]) -> None:
    # `banker verify`: the hash chain and the replay of every command agree.
    db, _ = recorded
    result = banker("verify", "--db", db)
    assert result.exit_code == 0, result.output
    assert "sound" in result.stdout


def test_every_command_produced_the_events_and_amounts_worked_out_by_hand(
        recorded: tuple[Path, list[dict[str, Any]]]) -> None:
    _, events = recorded
    by_command: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in events:
        by_command[event["command_no"]].append(event)
    assert sorted(by_command) == list(range(1, len(STEPS) + 1))
    for number, (kind, expected) in enumerate(STEPS, start=1):
        got = by_command[number]
        where = f"command {number} ({kind})"
        assert [e["type"] for e in got] == [t for t, _ in expected], where
        for event, (_, fields) in zip(got, expected, strict=True):
            payload = event["payload"]
            for key, value in fields.items():
                assert payload.get(key) == value, f"{where}: {event['type']}.{key} = {payload.get(key)!r}"


def test_the_transfers_balance_and_leave_the_cash_worked_out_by_hand(
        recorded: tuple[Path, list[dict[str, Any]]]) -> None:
    # Every money movement is a transfer; summed per account they give the final cash, and the
    # game's transfers sum to zero across the Bank and the players.
    _, events = recorded
    balance: dict[str, int] = defaultdict(int)
    for event in events:
        for source, target, amount in event["transfers"]:
            balance[source] -= amount
            balance[target] += amount
    assert {name: balance[name] for name in FINAL_CASH} == FINAL_CASH
    assert sum(balance.values()) == 0
    # The Bank: 4 x 1500 out; in 320 + 350 (auctions) + 1600 (pre-build 450 + 150 + 300 + 700)
    # + 400 (taxes) + 260 + 720 (building) + 15 (commission); out 75 + 450 (houses bought back)
    # + 295 + 430 (mortgages): -6000 + 3665 - 1250 = -3585 = -(280 + 3305).
    assert balance["bank"] == -3585


def test_the_game_ends_with_bob_and_cy_bankrupt_and_dee_holding_their_deeds(
        banker: Banker, recorded: tuple[Path, list[dict[str, Any]]]) -> None:
    db, _ = recorded
    state = state_json(banker, db)
    players = {p["name"]: p for p in state["players"]}
    assert {name: p["cash"] for name, p in players.items()} == FINAL_CASH
    assert {name: (p["bankrupt"], p["bankrupt_rank"]) for name, p in players.items()} == {
        "Ann": (False, None), "Bob": (True, 1), "Cy": (True, 2), "Dee": (False, None)}
    assert (state["phase"], state["ended"], state["winner"]) == ("over", "bankruptcy number 2", None)
    assert state["bankruptcies"] == 2
    assert state["debts"] == [] and state["claims"] == []
    deeds = {int(space): d for space, d in state["deeds"].items()}
    # Bob's six deeds and Cy's five passed to Dee mortgaged (PX 7.3.2: she may keep them so).
    for space in (1, 3, 6, 8, 9, 12, 11, 14, 16, 18, 19):
        assert (deeds[space]["owner"], deeds[space]["mortgaged"]) == ("Dee", True), space
    # Dee's own: the four railways, Utility 2 and Orchard with its 4 houses.
    for space in (5, 15, 25, 28, 35):
        assert (deeds[space]["owner"], deeds[space]["mortgaged"]) == ("Dee", False), space
    assert (deeds[39]["owner"], deeds[39]["houses"], deeds[39]["hotel"]) == ("Dee", 4, False)
    # Ann: her dealt six, 31 and 37 from the auctions, 13 bought from Cy; 32 and 34 the Bank's.
    assert sorted(s for s, d in deeds.items() if d["owner"] == "Ann") == [
        13, 21, 23, 24, 26, 27, 29, 31, 37]
    assert (deeds[32]["owner"], deeds[34]["owner"]) == (None, None)
    # Houses standing: Ann's 3 pre-built and Orchard's 4: the Bank 32 - 7 = 25.
    assert state["bank_houses"] == 25


def test_after_the_end_the_ledger_refuses_another_throw(banker: Banker, tmp_path: Path) -> None:
    # PX 10a: nothing more is accepted once the game has ended; the refusal exits 3.
    db = tmp_path / "after.db"
    assert banker("run", EXAMPLE, "--db", db).exit_code == 0
    more = tmp_path / "more.jsonl"
    more.write_text('{"type": "roll", "player": "Dee", "dice": [1, 2]}\n', encoding="utf-8")
    result = banker("run", more, "--db", db)
    assert result.exit_code == 3
    assert "refused by PX 10a" in result.stderr
    assert len(ledger_json(banker, db)) == 129
