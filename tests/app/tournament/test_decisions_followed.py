"""A tournament's decisions as every reader follows them (app/tournament/decisions.py): sealed
by a registered judge as the next of the tournament's chain, or recorded before signatures."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.signing.keys import open_key
from app.table.judges import JudgeAuthError
from app.tournament.decisions import check, legacy_before, legacy_of, seal_new
from app.tournament.judging import add_judge, checked_file, file_signer
from models.tournament.changes import new_tournament
from models.tournament.records import Ruling, Tournament, TournamentError, Withdrawal

AT = datetime(2026, 11, 27, 10, tzinfo=UTC)
PIN = "135791"


@pytest.fixture(scope="module")
def judged() -> Tournament:
    t = new_tournament("Keys Open", "sg-championship", (4,))
    return add_judge(t, "Head", PIN, AT)


def ruling(judge: str, minute: int, order: tuple[str, ...] = ("A", "B")) -> Ruling:
    return Ruling(stage="Qualifying", table=None, order=order, judge=judge, reason="lot",
                  at=AT.replace(minute=minute))


def test_a_file_from_before_signatures_keeps_its_rulings_and_a_signed_file_refuses_unsigned(
        judged: Tournament) -> None:
    old = judged.model_copy(update={"rulings": (ruling("Tan", 1),), "signed_since": None})
    found = checked_file(old)
    assert found.tournament.rulings == old.rulings and found.legacy == 1 and not found.problems
    # Signed since 10:05: an unsealed ruling dated after it is no judge's.
    later = old.model_copy(update={"rulings": (ruling("Tan", 1), ruling("Tan", 9)),
                                   "signed_since": AT.replace(minute=5)})
    found = checked_file(later)
    assert found.tournament.rulings == (ruling("Tan", 1),)
    assert found.words == ["the tie ruling of 2026-11-27 10:09:00 by Tan in the Qualifying "
                           "(A, B): no judge signed it; not followed"]


def test_a_decision_is_sealed_by_the_judge_signed_in_and_only_theirs(judged: Tournament) -> None:
    signer = file_signer(judged, ("Head", PIN), lambda _: None)
    before = checked_file(judged)
    with pytest.raises(TournamentError, match="names Tan as deciding it, but Head signed in"):
        seal_new(before, judged.model_copy(update={"rulings": (ruling("Tan", 2),)}), signer)
    with pytest.raises(TournamentError, match="is a judge's decision"):
        seal_new(before, judged.model_copy(update={"rulings": (ruling("Head", 2),)}), None)
    sealed = seal_new(before, judged.model_copy(update={"rulings": (ruling("Head", 2),)}),
                      signer)
    out = Withdrawal(player="P1", stage="Qualifying", reason="ill", at=AT.replace(minute=3))
    both = seal_new(checked_file(sealed), sealed.model_copy(update={"withdrawals": (out,)}),
                    signer)
    found = checked_file(both)
    assert not found.problems and [r.seal.number for r in found.tournament.rulings
                                   if r.seal] == [1]
    assert found.tournament.withdrawals[0].seal is not None
    assert found.tournament.withdrawals[0].seal.number == 2
    # The same ruling moved to another tournament's chain does not verify there.
    moved = both.model_copy(update={"id": "other-open"})
    assert len(checked_file(moved).problems) == 2
    with pytest.raises(JudgeAuthError, match="wrong PIN"):
        file_signer(judged, ("Head", "000000"), lambda _: None)
    with pytest.raises(JudgeAuthError, match="no judge 'Nobody'"):
        file_signer(judged, ("Nobody", PIN), lambda _: None)
    assert open_key("Head", signer_key(judged), PIN).public_key == signer.public_key


def signer_key(t: Tournament):  # type: ignore[no-untyped-def]
    from app.signing.keys import JudgeKey  # noqa: PLC0415

    return JudgeKey(t.judges[0].public_key, t.judges[0].sealed_key)


def test_a_hubs_decisions_from_before_signatures_are_those_its_last_old_version_held(
        judged: Tournament) -> None:
    kept = judged.model_copy(update={"rulings": (ruling("Tan", 1),)})
    now = kept.model_copy(update={"rulings": (ruling("Tan", 1), ruling("Tan", 2))})
    found = check(now, {}, legacy_of(kept))
    assert found.tournament.rulings == (ruling("Tan", 1),) and len(found.problems) == 1
    assert check(now, {}, legacy_before(None)).problems == ()
