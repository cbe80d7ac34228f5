"""The state keeps only the latest closed claims: its size does not grow with the game's length."""

from __future__ import annotations

from models.state import CLOSED_CLAIMS_KEPT
from tests.models.conftest import Game
from tests.models.support import give, put, refused, replays, roll


def _rounds(game: Game, count: int) -> None:
    """`count` rounds in which Ann and Cy each land on Bob's Oriental Avenue from GO (2 + 4)
    and Bob collects at once; Bob lands on his own Baltic Avenue (1 + 2)."""
    for _ in range(count):
        for player, dice in (("Ann", (2, 4)), ("Bob", (1, 2)), ("Cy", (2, 4))):
            put(game, player, 0)
            roll(game, player, *dice)
            assert game.state is not None
            for claim in list(game.state.claims):
                game.do(type="collect_rent", claim=claim.claim)


def test_after_many_collected_rents_the_state_holds_only_the_latest_closed_claims(
        classic: Game) -> None:
    give(classic, "Bob", 1, 3, 6)
    _rounds(classic, 30)
    state = classic.state
    assert state is not None and state.next_claim == 61
    assert list(state.closed_claims) == list(range(61 - CLOSED_CLAIMS_KEPT, 61))
    assert all(c.how == "collected" for c in state.closed_claims.values())
    replays(classic)


def test_the_state_json_is_the_same_size_after_20_rents_and_after_60(classic: Game) -> None:
    give(classic, "Bob", 1, 3, 6)
    _rounds(classic, 10)
    assert classic.state is not None
    early = len(classic.state.model_dump_json())
    _rounds(classic, 20)
    late = len(classic.state.model_dump_json())
    # Only the numbers grow a digit or so (claims 13-20 against 53-60, cash, turn): no entry
    # is added per claim (one closed claim is about 90 characters).
    assert abs(late - early) < 40, (early, late)


def test_a_recent_closed_claim_still_says_how_it_closed_and_an_old_one_says_earlier(
        classic: Game) -> None:
    give(classic, "Bob", 1, 3, 6)
    _rounds(classic, 10)
    recent = refused(classic, "CL A property owned by another player", type="collect_rent",
                     claim=20)
    assert recent.message == ("no rent: claim 20 for Oriental Avenue was already collected from "
                              "Cy (M6)")
    old = refused(classic, "CL A property owned by another player", type="collect_rent", claim=1)
    assert old.message == ("no rent: claim 1 was closed earlier in the game (collected or lapsed; "
                           "the ledger says which); no rent is owed now")
