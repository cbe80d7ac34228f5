"""The judge's services (app/review/service.py) on recorded games: entries, time travel, differences,
disputes with their rulings and corrections, rewind plans, net worth over the game."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

from app.review import service as review
from app.table.service import TableGame
from models.errors import BadInput, RuleViolation
from models.scoring import score
from tests.app.recorded_games import SetClock, line_of, play, record

SAMPLE = "classic-sample.jsonl"


@pytest.fixture
def sample(tmp_path: Path) -> tuple[TableGame, SetClock]:
    """The classic sample played to its end (Bob buys Atlantic Avenue), judge Lee signed in."""
    clock = SetClock()
    return record(tmp_path / "sample.db", SAMPLE, clock=clock), clock


def seq_of(game: TableGame, kind: str, index: int = 0) -> int:
    """The seq of the entry of type `kind` at `index` among them (-1: the last)."""
    return [e.seq for e in review.entries(game) if e.type == kind][index]


def cash(data: dict[str, object], name: str) -> int:
    players = data["players"]
    assert isinstance(players, list)
    return int(next(p["cash"] for p in players if p["name"] == name))


def test_every_entry_is_listed_in_words_with_its_kind_players_and_actor(sample) -> None:
    game, _ = sample
    found = review.entries(game)
    assert [e.seq for e in found] == list(range(1, game.head_seq + 1))
    rent = next(e for e in found if e.type == "rent_paid")
    assert rent.text == "Cy pays Ann 25 rent (claim 1)"
    assert rent.category == "money"
    assert set(rent.players) == {"Cy", "Ann"}
    assert rent.actor == "banker: banker"
    assert (rent.voided, rent.voided_by, rent.dispute, rent.clock_ms) == (False, None, None, None)
    assert found[0].type == "game_started" and set(found[0].players) == {"Ann", "Bob", "Cy"}
    assert {e.category for e in found} <= set(review.CATEGORIES)
    assert next(e for e in found if e.type == "deed_bought").category == "deeds"
    assert next(e for e in found if e.type == "judge_added").category == "officials"


def test_matching_filters_by_player_kind_time_and_text(sample) -> None:
    game, _ = sample
    found = review.entries(game)
    # Ann's money entries in the sample: she pays Bob 10 (birthday card), collects Cy's 25 rent
    # (the claim, then the payment), and pays the 100 Luxury Tax.
    texts = [e.text for e in review.matching(found, players=["Ann"], categories=["money"])]
    birthday = "(the Community Chest card “It is your birthday”)"
    assert texts == [f"Ann pays Bob 10 {birthday}",
                     "Claim 1: Cy owes Ann 25 rent for Short Line",
                     "Cy pays Ann 25 rent (claim 1)", "Ann pays 100 Luxury Tax"]
    assert [e.text for e in review.matching(found, text="LUXURY")] == [
        "Ann moves from Short Line to Luxury Tax", "Ann pays 100 Luxury Tax"]
    assert review.matching(found, text="judge: lee") == []  # the banker recorded every entry
    # A command's entries share its time: the card drawn at entry 41 and what it did.
    middle = found[40].recorded_at
    same = [e for e in found if e.recorded_at == middle]
    assert [e.text for e in review.matching(found, since=middle, until=middle)] == [
        "Bob drew “It is your birthday. Collect M10 from every player.”",
        f"Cy pays Bob 10 {birthday}", f"Ann pays Bob 10 {birthday}", "Bob rolls again"]
    assert len(review.matching(found, until=middle)) + len(
        review.matching(found, since=middle)) == len(found) + len(same)
    assert review.matching(found) == found


def test_the_position_after_the_rent_differs_from_the_one_before_by_the_rent(sample) -> None:
    game, _ = sample
    k = seq_of(game, "rent_paid")
    before, after = review.state_at_json(game, k - 1), review.state_at_json(game, k)
    # Claim 1: Cy owes Ann 25 for Short Line (one railway owned: 25). Before the payment Cy has
    # 1170 and Ann 590 (tests/app/cli/test_cli.py works the sample out by hand).
    assert (cash(before, "Cy"), cash(before, "Ann")) == (1170, 590)
    assert (cash(after, "Cy"), cash(after, "Ann")) == (1170 - 25, 590 + 25)
    assert after["head_seq"] == k and after["game"] == game.game_id
    assert review.state_at_json(game, game.head_seq) == game.state_json()
    assert review.state_at_json(game, 0) == {"game": None, "head_seq": 0}
    with pytest.raises(BadInput, match="no entry"):
        review.state_at_json(game, game.head_seq + 1)

    changes = review.diff(game, k - 1, k)
    assert changes.cash == {"Cy": (1170, 1145), "Ann": (590, 615)}
    assert (changes.deeds, changes.buildings, changes.debts) == ([], [], [])
    assert changes.other == ["claim 1 (Cy owes Ann 25): collected"]
    assert changes.lines() == ["Cy's cash: 1170 → 1145 (-25)", "Ann's cash: 590 → 615 (+25)",
                               "claim 1 (Cy owes Ann 25): collected"]
    assert review.diff(game, k, k).lines() == []
    assert changes.to_json()["cash"] == {"Cy": {"before": 1170, "after": 1145, "change": -25},
                                         "Ann": {"before": 590, "after": 615, "change": 25}}


def test_a_diff_names_deeds_buildings_debts_and_the_turn(sample) -> None:
    game, clock = sample
    bought = seq_of(game, "deed_bought", -1)  # Bob buys Atlantic Avenue for 260
    changes = review.diff(game, bought - 1, bought)
    assert changes.cash == {"Bob": (1070, 1070 - 260)}
    assert changes.deeds == [review.DeedChange(26, "Atlantic Avenue", None, "Bob", False, False)]
    start = game.head_seq
    # A fine of 1000 on Ann, who has 515: short of cash, she owes it to the Bank as a debt.
    play(game, clock, type="fine", player="Ann", amount=1000, reason="moved Cy's token")
    play(game, clock, type="adjust_buildings", space=26, houses=0, hotel=False,
         reason="no change")  # a street without buildings stays so: no building change
    changes = review.diff(game, start, game.head_seq)
    assert changes.debts == [review.DebtChange("added", "Ann", "bank", 1000,
                                               "fine: moved Cy's token")]
    assert changes.cash == {} and changes.buildings == []
    assert changes.lines()[0] == "new debt: Ann owes the Bank 1000 (fine: moved Cy's token)"
    back = review.diff(game, game.head_seq, start)
    assert back.debts[0].change == "removed"
    assert review.diff(game, 0, 1).other == ["the game starts"]


@dataclass
class Ruled:
    """The sample with two disputes ruled: a wrong throw rewound, a rent refunded."""

    game: TableGame
    throw: int  # Bob's 6+5, disputed
    rent: int  # Cy pays Ann 25, disputed
    void: int  # the rewind
    adjustment: int  # the refund


@pytest.fixture
def ruled(sample) -> Ruled:
    game, clock = sample
    throw, rent = seq_of(game, "dice_rolled", -1), seq_of(game, "rent_paid")
    assert [e.text for e in review.entries(game) if e.seq == throw] == ["Bob rolls 6+5"]
    play(game, clock, type="raise_dispute", raised_by="Bob", about="I threw 5+5, not 6+5",
         entries=[throw])
    play(game, clock, type="raise_dispute", raised_by="Cy", about="the claim was not made in time",
         entries=[rent])
    play(game, clock, type="rule_dispute", dispute=1, ruling="the throw was 5+5: play it again")
    play(game, clock, type="rewind", to_seq=throw - 1, reason="wrong throw entered", dispute=1)
    void = game.head_seq
    play(game, clock, type="rule_dispute", dispute=2, ruling="the claim lapsed: refund the rent")
    play(game, clock, type="adjust_cash", from_account="Ann", to_account="Cy", amount=25,
         reason="refund of the lapsed rent", dispute=2)
    return Ruled(game, throw, rent, void, game.head_seq)


def test_a_rewind_plan_lists_the_entries_it_would_void_in_words(sample) -> None:
    game, _ = sample
    throw = seq_of(game, "dice_rolled", -1)
    # Back to just after "Turn 13: Bob to play": Bob's roll and his purchase are voided.
    assert review.rewind_plan(game, throw - 1) == [
        f"{throw}: Bob rolls 6+5",
        f"{throw + 1}: Bob moves from Pennsylvania Railroad to Atlantic Avenue",
        f"{throw + 2}: Bob may buy Atlantic Avenue for 260",
        f"{throw + 3}: Bob buys Atlantic Avenue for 260",
        f"{throw + 4}: Turn 14: Cy to play"]
    with pytest.raises(RuleViolation, match="nothing to rewind"):
        review.rewind_plan(game, game.head_seq)
    with pytest.raises(BadInput):
        review.rewind_plan(game, game.head_seq + 1)
    with pytest.raises(BadInput):
        review.rewind_plan(game, 0)


def test_disputes_list_their_rulings_and_the_corrections_naming_them(ruled: Ruled) -> None:
    game = ruled.game
    first, second = review.disputes(game)
    assert (first.number, first.raised_by, first.about, first.entries) == (
        1, "Bob", "I threw 5+5, not 6+5", (ruled.throw,))
    assert (first.ruling, first.ruled_by) == ("the throw was 5+5: play it again", "Lee")
    assert first.corrections == (ruled.void,)
    assert (second.entries, second.ruling, second.corrections) == (
        (ruled.rent,), "the claim lapsed: refund the rent", (ruled.adjustment,))
    assert second.ruling_seq is not None and first.seq < second.seq < second.ruling_seq
    # The refund: Ann 515 - 25 = 490, Cy 1145 + 25 = 1170; the rewind gave Bob back his 260.
    state = game.state_json()
    assert (cash(state, "Ann"), cash(state, "Cy"), cash(state, "Bob")) == (490, 1170, 1070)
    found = {e.seq: e for e in review.entries(game)}
    assert found[ruled.adjustment].dispute == 2 and found[ruled.void].dispute == 1
    assert found[ruled.void].actor == "judge: Lee"
    assert [s for s, e in found.items() if e.voided] == list(range(ruled.throw, ruled.throw + 5))
    assert {e.voided_by for e in found.values() if e.voided} == {ruled.void}


def test_a_correction_naming_no_dispute_is_refused_and_records_nothing(ruled: Ruled) -> None:
    game, head = ruled.game, ruled.game.head_seq
    clock = game.now
    assert isinstance(clock, SetClock)
    with pytest.raises(RuleViolation, match="no dispute 7"):
        play(game, clock, type="fine", player="Ann", amount=100, reason="x", dispute=7)
    with pytest.raises(RuleViolation, match="no dispute 7"):
        play(game, clock, type="rewind", to_seq=head - 3, reason="x", dispute=7)
    assert game.head_seq == head
    play(game, clock, type="fine", player="Ann", amount=100, reason="token moved", dispute=2)
    assert review.disputes(game)[1].corrections == (ruled.adjustment, game.head_seq)


def test_net_worth_follows_every_entry_as_the_scoresheet_counts_it(ruled: Ruled) -> None:
    game = ruled.game
    points, markers = review.worth_series(game)
    assert [p.seq for p in points] == list(range(1, game.head_seq + 1))
    assert game.table is not None
    for point in points:  # the same figure as the scoresheet's, at every entry
        state = game.state_at(point.seq)
        assert state is not None
        assert point.worth == {s.name: s.total for s in score(game.table, state)}, point.seq
    # Right after the rent: Ann has 615 cash and Vermont Avenue 100, Electric Company 150,
    # New York Avenue 200, Marvin Gardens 280 and Short Line 200 at their prices (classic):
    # 615 + 930 = 1545.
    assert points[ruled.rent - 1].worth["Ann"] == 1545
    # Bob bought Atlantic Avenue for 260: his worth does not change (cash to a deed at price);
    # after the rewind it is the same again, with the deed back at the Bank and the 260 back.
    assert points[ruled.throw + 2].worth["Bob"] == points[ruled.void - 1].worth["Bob"]
    assert [(m.seq, m.kind) for m in markers] == [
        (ruled.void - 3, "dispute"), (ruled.void - 2, "dispute"), (ruled.void - 1, "ruling"),
        (ruled.void, "void"), (ruled.adjustment - 1, "ruling")]
    assert markers[0].text == "Dispute 1 raised by Bob: I threw 5+5, not 6+5"


def test_the_clock_reading_of_each_entry_and_the_points_per_minute(tmp_path: Path) -> None:
    clock = SetClock()
    example = "sg-final-position.jsonl"
    game = record(tmp_path / "sg.db", example, line_of(example, "start_clock"), clock)
    assert game.last_at is not None
    start = game.last_at + timedelta(minutes=1)
    play(game, clock, type="start_clock", at=start.isoformat())
    started = game.head_seq
    play(game, clock, type="raise_dispute", raised_by="banker", about="a note",
         at=(start + timedelta(seconds=90)).isoformat())
    found = review.entries(game)
    assert {e.clock_ms for e in found[:started - 1]} == {None}  # before the clock starts
    assert found[started - 1].clock_ms == 0
    assert found[-1].clock_ms == 90_000  # 1 min 30 s of play
    points, _ = review.worth_series(game)
    assert [p.clock_ms for p in review.by_minute(points)] == [None, 0, 90_000]
    assert review.by_minute(points)[0].seq == started - 1


def test_by_minute_keeps_the_last_point_of_each_minute() -> None:
    def point(seq: int, ms: int | None) -> review.WorthPoint:
        return review.WorthPoint(seq, ms, {"Ann": seq})

    points = [point(1, None), point(2, None), point(3, 0), point(4, 59_999), point(5, 60_000),
              point(6, 125_000), point(7, 130_000)]
    # minutes: before the clock (1, 2), 0 (3, 4), 1 (5), 2 (6, 7)
    assert [p.seq for p in review.by_minute(points)] == [2, 4, 5, 7]
    assert review.by_minute([]) == []
