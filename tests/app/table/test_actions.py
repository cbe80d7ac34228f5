"""The window's service: what the banker may do now, in words and amounts, and why a rule refuses."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.table import actions
from app.table.candidates_estate import build_words
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame

REPO = Path(__file__).resolve().parents[3]
CLASSIC = REPO / "resources" / "examples" / "classic-sample.jsonl"
PX = REPO / "resources" / "examples" / "propnex-game.jsonl"

Opener = Callable[[Path, int], TableGame]


@pytest.fixture
def played(tmp_path: Path) -> Opener:
    """A ledger with the first `lines` commands of an example recorded, on an injected clock."""

    def open_at(script: Path, lines: int) -> TableGame:
        moments = iter(datetime(2026, 3, 1, 10, tzinfo=UTC) + timedelta(seconds=n)
                       for n in range(10_000))
        game = TableGame.open(str(tmp_path / "t.db"), now=lambda: next(moments))
        for _, line in list(read_script(script.read_text(encoding="utf-8")))[:lines]:
            game.submit(parse_command(line))
        return game

    return open_at


def by_id(game: TableGame) -> dict[str, actions.Action]:
    return {a.id: a for a in actions.menu(game)}


def test_a_deed_on_offer_can_be_bought_at_its_price_or_declined(played: Opener) -> None:
    # Line 4: Cy rolls 4+4 from GO to space 8, Vermont Avenue, price 100 on the US board.
    game = played(CLASSIC, 4)
    menu = by_id(game)
    assert menu["buy"].label == "Cy buys Vermont Avenue for M100"
    assert menu["buy"].command == {"type": "buy", "player": "Cy"}
    assert menu["buy"].group == "purchase" and menu["buy"].enabled
    assert menu["buy"].preview == ("Cy buys Vermont Avenue for 100", "Cy rolls again")  # 4+4
    assert menu["decline"].label == "Cy declines Vermont Avenue: auction it"
    assert "roll" not in menu  # no dice while the offer waits


def test_the_auction_offers_each_bidder_at_the_least_bid_and_names_the_winner(played: Opener
                                                                              ) -> None:
    # Ann 50, Bob 60, Ann 70: the least next bid is 70 + the classic raise of 1 = 71; closing
    # now sells Vermont Avenue to Ann for 70.
    game = played(CLASSIC, 8)
    menu = by_id(game)
    assert [a.id for a in actions.allowed_actions(game) if a.group == "auction"] == [
        "bid:Bob", "bid:Cy", "bid:Ann", "close_auction"]
    assert menu["bid:Bob"].label == "Bob bids (at least M71)"
    assert menu["close_auction"].label == "Close: Ann wins Vermont Avenue for M70"
    bid = actions.fill(menu["bid:Bob"], {"amount": "M80"})
    assert bid == {"type": "bid", "player": "Bob", "amount": 80}
    assert game.table is not None
    refused = actions.why_refused(game, {"type": "bid", "player": "Bob", "amount": 70}) or ""
    assert "71" in refused and refused.endswith(f"({game.table.profile.clause('auction')})")


def test_an_open_claim_says_its_amount_payer_and_whose_roll_lapses_it(played: Opener) -> None:
    # Line 33: Cy lands on Short Line, Ann's only railway: rent 25. Classic claims lapse when
    # the next player rolls, and Ann is next.
    game = played(CLASSIC, 33)
    collect = by_id(game)["collect:1"]
    assert collect.label == "Collect M25 from Cy: Short Line — open until Ann rolls"
    assert collect.command == {"type": "collect_rent", "claim": 1}


def test_why_refused_gives_the_rule_and_clause_and_records_nothing(played: Opener) -> None:
    game = played(CLASSIC, 33)
    head = game.head_seq
    assert game.table is not None
    clause = game.table.profile.clause
    assert actions.why_refused(game, {"type": "buy", "player": "Ann"}) == (
        f"no deed is on offer ({clause('buy')})")
    assert actions.why_refused(game, {"type": "roll", "player": "Bob", "dice": [1, 2]}) == (
        f"it is Ann's turn, not Bob's ({clause('turn')})")
    # A die of 7 is bad input: no clause, just what is wrong.
    assert "a die shows 1 to 6, not 7" in (
        actions.why_refused(game, {"type": "roll", "player": "Ann", "dice": [7, 1]}) or "")
    assert actions.why_refused(game, {"type": "roll", "player": "Ann", "dice": [1, 2]}) is None
    assert game.head_seq == head and len(game.events()) == head


def test_undo_says_what_it_takes_back(played: Opener) -> None:
    # The last command was Cy's roll 4+6: its four entries are what Undo takes back.
    game = played(CLASSIC, 33)
    assert actions.undo_plan(game) == [
        "Cy rolls 4+6", "Cy moves from B. & O. Railroad to Short Line",
        "Claim 1: Cy owes Ann 25 rent for Short Line", "Turn 12: Ann to play"]
    assert by_id(game)["undo"].preview[0] == "Cy rolls 4+6"


def test_a_px_build_shows_each_absd_step_before_it_is_pressed(played: Opener) -> None:
    # RULES.md ABSD: on an RCR plot (house cost 150) the 2nd house is 150 + 20% = 180 and the
    # 3rd 150 + 30% = 195. Bidadari (space 21) is RCR on the PX board.
    game = played(PX, 40)
    assert game.table is not None and game.state is not None
    before = game.state.deeds[21].steps
    assert before == 0
    assert build_words(game.table, game.state, {21: 3}) == (
        "Bidadari: 1st house M150, 2nd house M180, 3rd house M195")


def test_a_debt_says_what_is_owed_and_what_could_still_be_raised(played: Opener) -> None:
    game = played(PX, 40)
    [line] = actions.debt_lines(game)
    assert line.startswith("Bob owes M1,700 to Dee (rent on Orchard). Cash M1,085;")
    menu = by_id(game)
    assert not menu["roll"].enabled
    assert "Bob owes" in (menu["roll"].refused or "")
    assert (menu["roll"].refused or "").endswith("(PX 7.3.1)")


def test_a_judges_action_is_marked_and_asks_for_its_values(played: Opener) -> None:
    game = played(CLASSIC, 8)
    adjust = by_id(game)["adjust_cash"]
    assert adjust.judge and adjust.group == "judge"
    assert [p.path for p in adjust.params] == ["from_account", "to_account", "amount", "reason"]
    with pytest.raises(actions.BadInput):
        actions.fill(adjust, {"to_account": "Ann", "amount": "ten", "reason": "miscount"})
