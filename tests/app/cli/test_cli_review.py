"""`banker state --at N`, `banker diff` and `banker ledger`'s filters on the recorded sample."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.app.conftest import Banker, ledger_json, state_json

# The sample's entries (tests/app/cli/test_cli.py works the game out by hand):
RENT = 81  # "Cy pays Ann 25 rent (claim 1)": Cy 1170 -> 1145, Ann 590 -> 615
HEAD = 90


def at(banker: Banker, db: Path, seq: int) -> dict[str, Any]:
    result = banker("state", "--db", db, "--at", str(seq), "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def cash(data: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in data["players"]}


def test_the_state_at_the_rent_and_just_before_differ_by_the_rent(banker: Banker,
                                                                  sample_db: Path) -> None:
    assert ledger_json(banker, sample_db)[RENT - 1]["type"] == "rent_paid"
    before, after = at(banker, sample_db, RENT - 1), at(banker, sample_db, RENT)
    assert cash(before) == {"Bob": 1070, "Cy": 1170, "Ann": 590}
    assert cash(after) == {"Bob": 1070, "Cy": 1170 - 25, "Ann": 590 + 25}
    assert (before["head_seq"], after["head_seq"]) == (RENT - 1, RENT)
    assert [c["claim"] for c in before["claims"]] == [1] and after["claims"] == []


def test_the_state_at_the_last_entry_is_the_state(banker: Banker, sample_db: Path) -> None:
    assert at(banker, sample_db, HEAD) == state_json(banker, sample_db)


def test_the_state_at_an_entry_in_words_says_which_entry(banker: Banker, sample_db: Path) -> None:
    result = banker("state", "--db", sample_db, "--at", str(RENT))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"Right after entry {RENT} of {HEAD}:"
    assert any(line.split()[:3] == ["Cy", "cash", "1145"] for line in lines)
    result = banker("state", "--db", sample_db, "--at", "0")
    assert result.stdout == f"Before entry 1 of {HEAD}: no game started yet.\n"


def test_an_entry_the_ledger_does_not_hold_is_a_usage_error(banker: Banker,
                                                            sample_db: Path) -> None:
    before = sample_db.read_bytes()
    for bad in ("91", "-1"):
        result = banker("state", "--db", sample_db, "--at", bad)
        assert result.exit_code == 2
        assert f"there is no entry {bad}: the ledger has entries 0 (before the first) to 90" \
            in result.stderr
    result = banker("diff", "--db", sample_db, "--from", "3", "--to", "500")
    assert result.exit_code == 2 and "'--to'" in result.stderr
    assert sample_db.read_bytes() == before


def test_the_diff_of_the_rent_is_the_rent(banker: Banker, sample_db: Path) -> None:
    result = banker("diff", "--db", sample_db, "--from", str(RENT - 1), "--to", str(RENT))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"From entry {RENT - 1} to entry {RENT}:",
        "  Cy's cash: 1170 → 1145 (-25)",
        "  Ann's cash: 590 → 615 (+25)",
        "  claim 1 (Cy owes Ann 25): collected"]
    same = banker("diff", "--db", sample_db, "--from", "5", "--to", "5")
    assert same.stdout == "From entry 5 to entry 5:\n  nothing changed\n"
    result = banker("diff", "--db", sample_db, "--from", str(RENT - 1), "--to", str(RENT),
                    "--json")
    data = json.loads(result.stdout)
    assert data["cash"] == {"Cy": {"before": 1170, "after": 1145, "change": -25},
                            "Ann": {"before": 590, "after": 615, "change": 25}}
    assert (data["deeds"], data["buildings"], data["debts"]) == ([], [], [])


def test_the_diff_of_a_purchase_names_the_deed_and_the_move(banker: Banker,
                                                            sample_db: Path) -> None:
    # Entries 86-89: Bob rolls 6+5 from Pennsylvania Railroad to Atlantic Avenue and buys it
    # for 260: 1070 - 260 = 810.
    result = banker("diff", "--db", sample_db, "--from", "85", "--to", "89")
    assert result.stdout.splitlines()[1:4] == [
        "  Bob's cash: 1070 → 810 (-260)",
        "  Atlantic Avenue: the Bank → Bob",
        "  Bob's token: Pennsylvania Railroad → Atlantic Avenue"]


def test_the_ledger_filtered_by_player_kind_and_text(banker: Banker, sample_db: Path) -> None:
    result = banker("ledger", "--db", sample_db, "--player", "Ann", "--kind", "money")
    assert result.exit_code == 0
    assert [line.split("banker:banker", 1)[1].strip() for line in result.stdout.splitlines()] == [
        "Ann pays Bob 10 (the Community Chest card “It is your birthday”)",
        "Claim 1: Cy owes Ann 25 rent for Short Line",
        "Cy pays Ann 25 rent (claim 1)", "Ann pays 100 Luxury Tax"]
    result = banker("ledger", "--db", sample_db, "--search", "luxury tax", "--json")
    assert [e["seq"] for e in json.loads(result.stdout)] == [83, 84]
    kinds = banker("ledger", "--db", sample_db, "--kind", "deeds", "--kind", "building",
                   "--json")
    assert {e["type"] for e in json.loads(kinds.stdout)} == {
        "purchase_offered", "deed_bought", "purchase_declined", "auction_opened", "bid_placed",
        "auction_won", "auction_unsold"}


def test_the_unfiltered_ledger_is_unchanged(banker: Banker, sample_db: Path) -> None:
    lines = banker("ledger", "--db", sample_db).stdout.splitlines()
    assert len(lines) == HEAD and len(ledger_json(banker, sample_db)) == HEAD
    assert lines[RENT - 1].endswith("banker:banker      Cy pays Ann 25 rent (claim 1)")
    assert banker("ledger", "--db", sample_db, "--search", "  ").stdout.splitlines() == lines


def test_a_filter_naming_no_player_or_kind_is_a_usage_error(banker: Banker,
                                                            sample_db: Path) -> None:
    result = banker("ledger", "--db", sample_db, "--player", "Anne")
    assert result.exit_code == 2 and "no player 'Anne' in this game; did you mean 'Ann'?" \
        in result.stderr
    result = banker("ledger", "--db", sample_db, "--kind", "rent")
    assert result.exit_code == 2 and "'rent' is not one of" in result.stderr


def test_a_backwards_diff_says_so_and_its_json_keeps_the_order_asked(banker: Banker,
                                                                     sample_db: Path) -> None:
    result = banker("diff", "--db", sample_db, "--from", str(RENT), "--to", str(RENT - 1))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:3] == [
        f"From entry {RENT} to entry {RENT - 1} (backwards: entry {RENT - 1} is the earlier):",
        "  Cy's cash: 1145 → 1170 (+25)",
        "  Ann's cash: 615 → 590 (-25)"]
    data = json.loads(banker("diff", "--db", sample_db, "--from", str(RENT), "--to",
                             str(RENT - 1), "--json").stdout)
    assert (data["from_seq"], data["to_seq"]) == (RENT, RENT - 1)
    assert data["cash"]["Cy"] == {"before": 1145, "after": 1170, "change": 25}
