"""Issue 28's forgeries, tried as each of the hub's logins would (SQL typed with psql's rights:
`banker hub init`'s roles on a real PostgreSQL): a tie ruling by a name nobody registered, a
DIVERGED ruling and a hall round row inserted by the desk's login, a stray round row that once
wedged the hall, a forged version of the tournament. Every reader names them and follows only
what a registered judge signed; the real judges' decisions still take effect."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub, push_file
from app.hub.roles import DESK_LOGIN, READER_LOGIN, init_roles, table_login
from app.hub.rounds import read_round
from app.ledger import Ledger
from app.table.judges import failures
from app.tournament import rounds
from app.tournament import service as tournaments
from tests.app.hub.test_hub_roles import refused, sql
from tests.app.hub_tables import as_role, fresh_hub
from tests.app.tournament.test_round_clock import HEAD, HEAD_PIN, hall_of_twelve, no_wait
from tests.app.tournament.test_tournament_games import QUALIFYING, START, start_and_play
from tests.app.tournament.test_tournament_hub import rewrite_after_push_of
from ui.entry import main

NOW = "2026-11-27T14:00:00.000000+00:00"


def cli(*args: str, pin: str = HEAD_PIN) -> Result:
    return CliRunner(env={"BANKER_JUDGE_PIN": pin, "BANKER_NEW_JUDGE_PIN": pin}).invoke(
        main, list(args), catch_exceptions=False)


@pytest.fixture
def admin(tmp_path: Path) -> str:
    """A PostgreSQL hub with the roles of `banker hub init` (the owner's URL)."""
    url = fresh_hub("postgresql", tmp_path)
    init_roles(url, ["1", "2", "3"], password=lambda: "not-used-here")
    return url


def test_a_hall_round_row_inserted_by_any_login_pauses_no_table_and_never_wedges_the_round(
        admin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = as_role(admin, DESK_LOGIN)
    tid = hall_of_twelve(desk, tmp_path, monkeypatch)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    # The desk's login types a pause, as the head judge, into the next slot (entry 2) and one
    # far ahead; a table's login and the reader's may not insert at all.
    for entry in (2, 7):
        sql(admin, DESK_LOGIN, "INSERT INTO hub_rounds (tournament_id, stage, entry, kind, at, "
            "text, by) VALUES (%(t)s, 'Qualifying', %(e)s, 'pause', %(at)s, 'forged', %(by)s)",
            {"t": tid, "e": entry, "at": NOW, "by": HEAD})
    for role in (table_login("1"), READER_LOGIN):
        assert "permission denied" in refused(
            admin, role, "INSERT INTO hub_rounds (tournament_id, stage, entry, kind, at, text, "
            "by) VALUES ('x', 'y', 9, 'pause', 'now', 'w', 'z')")
    with Hub.open(desk) as hub:
        hall = read_round(hub, tid, "Qualifying")
    assert hall.paused is None and [e.kind for e in hall.entries] == ["start"]
    assert len(hall.problems) == 2 and all("no judge signed it; not followed" in p
                                           for p in hall.problems)
    assert "hub_rounds row" in hall.problems[0]
    status = cli("tournament", "round-status", tid, "Qualifying", "--hub", desk)
    assert "running" in status.output and "NOT FOLLOWED: hub_rounds row" in status.output
    audit = cli("hub", "verify", "--hub", as_role(admin, READER_LOGIN))
    assert audit.exit_code == 1
    assert audit.output.count(f"signature: round {tid}/Qualifying: hub_rounds row") == 2
    assert f"judge {HEAD}: registered " in audit.output and "key added" in audit.output
    # The head judge's next entries take effect: the stray rows never wedge the hall.
    paused = rounds.record(tid, "Qualifying", "pause", "fire alarm", HEAD, HEAD_PIN,
                           sleep=no_wait)
    assert paused.paused is not None and paused.paused.text == "fire alarm"
    assert [e.number for e in paused.entries] == [1, 2]
    resumed = rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    assert resumed.paused is None and [e.kind for e in resumed.entries] == [
        "start", "pause", "resume"]
    # A signed row altered by its owner (the triggers dropped) no longer verifies.
    sql(admin, _owner(admin), "ALTER TABLE hub_rounds DISABLE TRIGGER "
        "hub_rounds_append_only")
    sql(admin, _owner(admin), "UPDATE hub_rounds SET text = 'evacuation' WHERE text = "
        "'fire alarm'")
    with Hub.open(desk) as hub:
        hall = read_round(hub, tid, "Qualifying")
    assert [e.kind for e in hall.entries] == ["start"]  # the resume no longer links either
    assert any("signature does not match what it says" in p for p in hall.problems)


def _owner(url: str) -> str:
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    return str(make_url(url).username)


def test_a_diverged_ruling_typed_by_the_desks_login_lets_no_result_count(
        admin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    from models.tournament.records import Player, Stage  # noqa: PLC0415

    t = tournaments.create("Test Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}")
                                   for n in range(1, 13)])
    tournaments.draw(t.id, "Qualifying", seed=42)
    folder = tmp_path / "tables"
    folder.mkdir()
    paths = {table: start_and_play(t.id, "Qualifying", table, totals,
                                   START + timedelta(hours=table), folder)
             for table, totals in QUALIFYING.items()}
    with Hub.open(admin) as hub:
        hub.register_judge(HEAD, HEAD_PIN)
        for path in paths.values():
            push_file(hub, path)
    reason = rewrite_after_push_of(admin, paths[2])
    game = next(g.game_id for g in tournaments.load(t.id).games if g.table == 2)
    sql(admin, DESK_LOGIN, "INSERT INTO hub_marks (game_id, at, kind, seq, text, by) VALUES "
        "(%(g)s, %(at)s, 'ruling', NULL, 'the hub''s copy stands', %(by)s)",
        {"g": game, "at": NOW, "by": HEAD})
    desk = as_role(admin, DESK_LOGIN)
    found, notes = tournaments.collect_results(t.id, "Qualifying", hub=desk)
    assert sorted(r.table for r in found.results) == [1, 3]  # table 2 still waits
    assert any(n.startswith("not followed: the ruling of") and "no judge signed it" in n
               for n in notes)
    assert any(f"table 2: DIVERGED on the hub: {reason}; its result waits" in n for n in notes)
    marks = cli("hub", "marks", "--hub", desk)
    assert "NOT FOLLOWED: the ruling of" in marks.output
    # The head judge's own ruling, signed, is followed: the game then counts.
    ruled = cli("hub", "rule", game, "--judge", HEAD, "--reason", "the hub's copy stands",
                "--hub", desk)
    assert ruled.exit_code == 0, ruled.output
    found, notes = tournaments.collect_results(t.id, "Qualifying", hub=desk)
    assert sorted(r.table for r in found.results) == [1, 2, 3]
    # A wrong PIN is refused, counted, and records nothing.
    with Hub.open(desk) as hub:
        before = len(hub.judged().marks)
    wrong = cli("hub", "annotate", game, "--judge", HEAD, "--note", "x", "--hub", desk,
                pin="000000")
    assert wrong.exit_code == 3 and "wrong PIN" in wrong.output
    with Hub.open(desk) as hub:
        assert len(hub.judged().marks) == before
        assert failures(Ledger(hub.database), HEAD) == 1


def test_a_tie_ruled_by_nobody_registered_is_refused_and_a_forged_version_is_not_followed(
        admin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    _scored_on_hub(tmp_path, admin)
    desk = as_role(admin, DESK_LOGIN)
    monkeypatch.setenv(HUB_URL_ENV, desk)
    tie = tournaments.standings("sg-open", "Qualifying").ties[0]
    nobody = cli("tournament", "rule", "sg-open", "Qualifying", *tie.players, "--judge",
                 "Nobody Registered", "--reason", "lot")
    assert nobody.exit_code == 3
    assert "no judge 'Nobody Registered' is registered" in nobody.output
    assert tournaments.load("sg-open").rulings == ()
    # The desk's login writes a version of the tournament with that ruling in it, by SQL.
    with Hub.open(admin) as hub, hub.database.read() as connection:
        from sqlalchemy import text  # noqa: PLC0415

        from app.tournament.hub_versions import stored  # noqa: PLC0415

        version = connection.execute(text(
            "SELECT max(version) FROM hub_tournaments WHERE tournament_id = 'sg-open'")).scalar()
        forged = stored(connection, "sg-open", version).data()  # whole, or rebuilt from deltas
    forged["rulings"] = [{"stage": "Qualifying", "table": None, "order": list(tie.players),
                          "tied": [], "judge": "Nobody Registered", "reason": "lot",
                          "at": "2026-11-27T13:00:00Z"}]
    sql(admin, DESK_LOGIN, "INSERT INTO hub_tournaments (tournament_id, version, document, "
        "changed_at, change) VALUES ('sg-open', %(v)s, %(d)s, %(at)s, 'ruled')",
        {"v": version + 1, "d": json.dumps(forged), "at": NOW})
    checked = tournaments.load_checked("sg-open")
    assert checked.tournament.rulings == ()
    assert checked.words == [
        "the tie ruling of 2026-11-27 13:00:00 by Nobody Registered in the Qualifying "
        f"({', '.join(tie.players)}): no judge signed it; not followed"]
    shown = cli("tournament", "standings", "sg-open", "Qualifying")
    assert "TIE:" in shown.output and "NOT FOLLOWED: the tie ruling" in shown.output
    page = tmp_path / "standings.html"
    out = cli("tournament", "publish", "sg-open", "Qualifying", "--html", str(page))
    assert "Nobody Registered" not in page.read_text(encoding="utf-8")
    assert "NOT FOLLOWED" in out.output  # said to the desk, not on the page
    # The real head judge's ruling, signed, is followed; a later one supersedes it.
    ruled = cli("tournament", "rule", "sg-open", "Qualifying", *tie.players, "--judge", HEAD,
                "--reason", "drawn by lot")
    assert ruled.exit_code == 0, ruled.output
    first = tournaments.load("sg-open").rulings[-1]
    assert first.seal is not None and first.seal.judge == HEAD and first.seal.number == 1
    again = cli("tournament", "rule", "sg-open", "Qualifying", *reversed(tie.players),
                "--judge", HEAD, "--reason", "lot drawn again")
    assert again.exit_code == 3 and "supersede that ruling with a reason" in again.output
    again = cli("tournament", "rule", "sg-open", "Qualifying", *reversed(tie.players),
                "--judge", HEAD, "--reason", "the first lot was drawn unseen", "--supersede")
    assert again.exit_code == 0 and "it supersedes the ruling of" in again.output
    t = tournaments.load("sg-open")
    assert [r.order for r in t.rulings] == [tuple(tie.players), tuple(reversed(tie.players))]
    assert t.rulings[-1].supersedes == first.at and t.rulings[-1].seal is not None
    text_out = cli("tournament", "standings", "sg-open", "Qualifying").output
    assert "superseded by a later ruling" in text_out and "(supersedes the ruling of" in text_out
    assert "NOT FOLLOWED" not in text_out  # the forged one was left out of the next version


def _scored_on_hub(tmp_path: Path, admin: str) -> None:
    """The CLI tests' SG Open (20 players, 5 tables; five 2000s tie across the line of 8),
    pushed to the hub; the head judge registered on the hub."""
    from tests.app.cli.test_tournament_cli import scored  # noqa: PLC0415

    (tmp_path).mkdir(exist_ok=True)
    scored(tmp_path)
    assert cli("tournament", "push", "sg-open", "--hub", admin).exit_code == 0
    with Hub.open(admin) as hub:
        hub.register_judge(HEAD, HEAD_PIN)


def test_a_judge_without_a_key_gets_one_at_the_desk_and_a_damaged_key_is_said(
        admin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = as_role(admin, DESK_LOGIN)
    tid = hall_of_twelve(desk, tmp_path, monkeypatch)
    from app.table.judges import hash_pin  # noqa: PLC0415

    # Registered before signatures: a name and a PIN hash, no key.
    sql(admin, _owner(admin), "INSERT INTO hub_judges (name, pin_hash, created_at) VALUES "
        "('Old Judge', %(h)s, %(at)s)", {"h": hash_pin("555555"), "at": NOW})
    from app.signing.keys import SigningError  # noqa: PLC0415

    monkeypatch.setenv(HUB_URL_ENV, as_role(admin, table_login("1")))
    with Hub.open(as_role(admin, table_login("1"))) as hub, pytest.raises(
            SigningError, match="has no key on the hub yet and this login may not record one"):
        hub.signer("Old Judge", "555555", no_wait)
    monkeypatch.setenv(HUB_URL_ENV, desk)
    hall = rounds.record(tid, "Qualifying", "start", "", "Old Judge", "555555", sleep=no_wait)
    assert hall.started is not None and hall.started.by == "Old Judge"
    with Hub.open(desk) as hub:
        assert "Old Judge" in hub.public_keys()
    # A damaged key (typed in by the owner for a new judge) is said, nothing recorded.
    sql(admin, _owner(admin), "INSERT INTO hub_judges (name, pin_hash, created_at) VALUES "
        "('Broken Key', %(h)s, %(at)s)", {"h": hash_pin("777777"), "at": NOW})
    with Hub.open(desk) as hub:
        good = next(j for j in hub.judges() if j.name == HEAD)  # another judge's sealed key
    sql(admin, _owner(admin), "INSERT INTO hub_judge_keys (name, public_key, sealed_key, "
        "added_at) VALUES ('Broken Key', %(p)s, %(s)s, %(at)s)",
        {"p": good.public_key, "s": good.sealed_key, "at": NOW})
    out = cli("tournament", "round", tid, "Qualifying", "announce", "15 minutes", "--judge",
              "Broken Key", pin="777777")
    assert out.exit_code == 3 and "does not open with their PIN" in out.output
    with Hub.open(desk) as hub:
        assert read_round(hub, tid, "Qualifying").announcement is None


def test_an_unknown_tournament_or_stage_is_refused_before_anything_is_signed(
        admin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = as_role(admin, DESK_LOGIN)
    tid = hall_of_twelve(desk, tmp_path, monkeypatch)
    for args in (("no-such-open", "Qualifying"), (tid, "Semi-final")):
        out = cli("tournament", "round", *args, "start", "--judge", HEAD)
        assert out.exit_code == 3, out.output
    with Hub.open(desk) as hub, hub.database.read() as connection:
        from sqlalchemy import text  # noqa: PLC0415

        assert connection.execute(text("SELECT count(*) FROM hub_rounds")).scalar() == 0


def test_an_older_hubs_decisions_are_followed_as_recorded_before_signatures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A SQLite hub of the last version (its tables at 0011) whose head judge started and
    # paused the round, with a tie ruled in the tournament: once migrated (opening it does),
    # those stay in force, shown as recorded before signatures, and the next entry is signed.
    from alembic import command  # noqa: PLC0415
    from sqlalchemy import create_engine, insert  # noqa: PLC0415

    from app.hub.schema import hub_rounds  # noqa: PLC0415
    from app.ledger.migration import alembic_config  # noqa: PLC0415

    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    engine = create_engine(f"sqlite:///{url}")
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0011")
        for entry, kind, text in ((1, "start", ""), (2, "pause", "fire alarm")):
            connection.execute(insert(hub_rounds).values(
                tournament_id=tid, stage="Qualifying", entry=entry, kind=kind,
                at=f"2026-11-27T09:0{entry}:00.000000+00:00", text=text, by=HEAD))
    engine.dispose()
    with Hub.open(url) as hub:  # brought up to date as it opens
        hall = read_round(hub, tid, "Qualifying")
        assert hall.problems == () and hall.paused is not None
        assert [(e.kind, e.before_signatures) for e in hall.entries] == [
            ("start", True), ("pause", True)]
    resumed = rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    assert [(e.kind, e.before_signatures) for e in resumed.entries][-1] == ("resume", False)
    assert resumed.paused is None and resumed.problems == ()


def test_a_files_signed_ruling_still_verifies_once_the_tournament_is_pushed_to_a_hub(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.app.cli.test_tournament_cli import JUDGE, JUDGE_PIN, scored  # noqa: PLC0415

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    scored(tmp_path)  # judge Tan registered in the tournament's file
    tie = tournaments.standings("sg-open", "Qualifying").ties[0]
    tournaments.rule_tie("sg-open", "Qualifying", tie.players, (JUDGE, JUDGE_PIN), "lot")
    url = fresh_hub("sqlite", tmp_path)
    assert cli("tournament", "push", "sg-open", "--hub", url).exit_code == 0
    monkeypatch.setenv(HUB_URL_ENV, url)
    checked = tournaments.load_checked("sg-open")
    assert checked.words == [] and [r.judge for r in checked.tournament.rulings] == [JUDGE]
    with Hub.open(url) as hub:
        assert JUDGE in hub.public_keys()
