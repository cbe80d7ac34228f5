"""The window's forms as the service gives them: choices by name, pre-build prices, when a deal
or sale form is offered, and the judge's corrections untried until sent."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.signing.keys import JudgeKey, open_key
from app.table import actions, forms
from app.table.command_text import parse_command, read_script
from app.table.judges import JudgeAuthError
from app.table.service import TableGame
from models.errors import BadInput

REPO = Path(__file__).resolve().parents[3]
PX = REPO / "resources" / "examples" / "propnex-game.jsonl"
CLASSIC = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Eve"],
           "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Eve": [2, 2]}]}


def game_of(tmp_path: Path, commands: list[dict]) -> TableGame:
    game = TableGame.open(str(tmp_path / "t.db"))
    for command in commands:
        game.submit(parse_command(command))
    return game


def px_lines(lines: int) -> list[dict]:
    return [parse_command(line).model_dump(mode="json", exclude_none=True)
            for _, line in list(read_script(PX.read_text(encoding="utf-8")))[:lines]]


def by_id(game: TableGame) -> dict[str, actions.Action]:
    return {a.id: a for a in actions.menu(game)}


def test_a_choice_is_named_in_whole_or_by_the_start_of_one_name(tmp_path: Path) -> None:
    adjust = by_id(game_of(tmp_path, [CLASSIC]))["adjust_deed"]
    values = {"space": "boardw", "owner": "the bank", "mortgaged": "yes", "reason": "ruling"}
    assert actions.fill(adjust, values) == {
        "type": "adjust_deed", "space": 39, "owner": None, "mortgaged": True, "reason": "ruling"}
    # "St" starts St. Charles Place, States Avenue and St. James Place: which one is not said.
    with pytest.raises(BadInput, match="'St' is not one of"):
        actions.fill(adjust, values | {"space": "St"})


def test_the_judges_corrections_are_offered_untried_and_marked_as_a_judges(
        tmp_path: Path) -> None:
    menu = by_id(game_of(tmp_path, [CLASSIC]))
    for name in ("adjust_cash", "adjust_deed", "adjust_buildings", "adjust_token", "adjust_jail",
                 "adjust_card", "adjust_turn", "rewind", "add_judge", "set_game_length"):
        assert menu[name].judge and menu[name].enabled, name
    assert [p.kind for p in menu["add_judge"].params] == ["text", "pin"]


def test_the_add_judge_form_sends_the_pins_hash_and_a_key_sealed_under_it(
        tmp_path: Path) -> None:
    add = by_id(game_of(tmp_path, [CLASSIC]))["add_judge"]
    filled = actions.fill(add, {"name": "Kim", "pin_hash": "551177"})
    assert filled["pin_hash"].startswith("$argon2id$")
    key = JudgeKey(filled["public_key"], filled["sealed_key"])
    assert open_key("Kim", key, "551177").public_key == filled["public_key"]
    assert "551177" not in str(filled)
    with pytest.raises(JudgeAuthError, match="at least 6 digits"):
        actions.fill(add, {"name": "Kim", "pin_hash": "1234"})


def test_a_px_pre_build_form_lists_each_streets_house_prices(tmp_path: Path) -> None:
    # After the deal and its auctions (the example's first 10 commands): Ann holds Bidadari
    # (RCR, house cost 150): 1st 150, 2nd +20% = 180, 3rd +30% = 195 (RULES: ABSD).
    game = game_of(tmp_path, px_lines(10))
    assert game.state is not None and game.state.phase == "prebuild"
    plots = {p.name: p.prices for p in forms.plots(game, "Ann")}
    assert plots["Bidadari"] == (150, 180, 195)
    menu = by_id(game)
    assert menu["prebuild:Ann"].form == "prebuild"
    assert menu["start_play"].enabled


def test_the_deal_form_is_offered_for_cash_in_classic_and_never_in_px(tmp_path: Path) -> None:
    classic = by_id(game_of(tmp_path, [CLASSIC]))
    assert classic["deal_form"].form == "deal"
    (tmp_path / "px").mkdir()
    px = by_id(game_of(tmp_path / "px", px_lines(25)))
    assert "deal_form" not in px
    # Round 2, before Ann throws: offers to sell or buy are allowed (PX 7.1), on one form.
    assert px["sale_form"].form == "sale"
    assert any(a.id.startswith("offer_purchase:") and a.enabled for a in px.values())


def test_the_outcome_of_a_deal_is_the_engines_words_or_its_refusal(tmp_path: Path) -> None:
    game = game_of(tmp_path, [CLASSIC])
    deal = forms.trade_command("Ann", "Bob", {"cash": 100}, {}, [])
    assert forms.outcome(game, deal) == (["Deal: Ann gives 100; Bob gives nothing"], None)
    lines, refused = forms.outcome(game, forms.trade_command("Ann", "Bob", {"cash": 5000}, {}, []))
    assert lines == [] and refused is not None and "Ann offers M5000 and has M1500" in refused
