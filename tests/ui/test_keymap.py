"""The banker's key map: one table (ui/table/keymap.py) that docs/keys.md and F1 are made from,
with one meaning per key in each state."""

from __future__ import annotations

from pathlib import Path

from ui.table import keymap
from ui.table.help_overlay import help_html

DOC = Path(__file__).resolve().parents[2] / "docs" / "keys.md"


def test_docs_keys_md_is_what_the_key_map_writes() -> None:
    assert DOC.read_text(encoding="utf-8") == keymap.markdown(), (
        "docs/keys.md is stale: python -m ui.table.keymap > docs/keys.md")


def test_no_command_letter_has_two_meanings() -> None:
    letters = list(keymap.COMMAND_LETTERS)
    assert len(letters) == len(set(letters)), letters
    assert all(len(k) == 1 and k.isalpha() and k.isupper() for k in letters)


def test_no_player_is_picked_by_a_letter_and_phases_end_on_a_key_no_name_can_type() -> None:
    # Players by seat digit: a name's initial can never be a command. Closing an auction and
    # ending the setting up are a chord, never a letter.
    assert keymap.END_PHASE == "Ctrl+Enter"
    for state in keymap.STATES:
        for key in state.keys:
            assert "letter" not in key.keys or state.id in ("setup", "card"), key


def test_f1_shows_only_the_states_on_screen() -> None:
    before_the_deal = help_html(["setup", "anywhere"])
    assert "the deal form" in before_the_deal
    assert "a deal (CL), a sale (SG)" not in before_the_deal  # Ctrl+D's between-rolls meaning
    assert "close the auction" not in before_the_deal
    auction = help_html(["auction", "anywhere"])
    assert "close the auction" in auction and "buy it" not in auction
