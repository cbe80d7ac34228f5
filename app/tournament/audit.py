"""Every judge's decision on the hub checked at once, for `banker hub verify`: the tournaments'
rulings, withdrawals and standbys, each stage's round entries, the notes and rulings on DIVERGED
games; and the judges with the time their key was added (a judge added during the day stands
out)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.hub.errors import HubUnreachable
from app.hub.hub import Hub
from app.hub.rounds import read_round
from app.hub.schema import hub_judge_keys, hub_judges, hub_rounds
from app.ledger.errors import LedgerError
from app.tournament.hub_store import HubTournaments


@dataclass(frozen=True)
class DecisionFinding:
    """A decision not followed: where (the tournament, a stage's round, the DIVERGED marks),
    which one and why, in words."""

    where: str
    words: str


@dataclass(frozen=True)
class JudgeOnRecord:
    """A judge on the hub: registered when, key added when (None: none yet, before
    signatures)."""

    name: str
    registered_at: str
    key_added_at: str | None


def decision_findings(hub: Hub) -> list[DecisionFinding]:
    """Every decision on the hub that no reader follows, named with why."""
    found: list[DecisionFinding] = []
    store = HubTournaments(hub)
    for tid in store.ids():
        checked = store.checked(tid)
        if checked is not None:
            found += [DecisionFinding(f"tournament {tid}", p.words) for p in checked.problems]
    for tid, stage in _rounds(hub):
        found += [DecisionFinding(f"round {tid}/{stage}", words)
                  for words in read_round(hub, tid, stage).problems]
    found += [DecisionFinding("DIVERGED marks", p.words) for p in hub.judged().problems]
    return found


def judges_on_record(hub: Hub) -> list[JudgeOnRecord]:
    """The hub's judges, by name, with when each was registered and given a key."""
    try:
        with hub.database.read() as connection:
            rows = connection.execute(
                select(hub_judges.c.name, hub_judges.c.created_at, hub_judge_keys.c.added_at)
                .select_from(hub_judges.outerjoin(
                    hub_judge_keys, hub_judge_keys.c.name == hub_judges.c.name))
                .order_by(hub_judges.c.name)).all()
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    return [JudgeOnRecord(str(n), str(r), None if k is None else str(k)) for n, r, k in rows]


def _rounds(hub: Hub) -> list[tuple[str, str]]:
    try:
        with hub.database.read() as connection:
            return [(str(t), str(s)) for t, s in connection.execute(
                select(hub_rounds.c.tournament_id, hub_rounds.c.stage).distinct()
                .order_by(hub_rounds.c.tournament_id, hub_rounds.c.stage)).all()]
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
