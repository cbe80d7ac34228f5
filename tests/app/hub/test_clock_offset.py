"""A laptop whose clock is off: the hub keeps each batch's time by the laptop's clock beside its
own time of the batch's arrival, and flags a table more than a minute off (either way); the
table's copier hears the hub's time with each batch and says the same on the table's window.

Times by hand: a laptop 2 h 00 min 30.5 s ahead sends a batch that arrives a few ms later by the
hub's clock: 7,230.5 s less those ms, shown in whole minutes as "2 h 00 min"; one 3 min 30.5 s
behind shows "3 min 30 s"; one 45 s ahead is within the minute and not flagged."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.hub import Hub, Replicator, push_file
from tests.app.hub_tables import fresh_hub, new_table


def skewed(by: timedelta) -> Callable[[], datetime]:
    """A laptop's clock `by` off the machine's (the SQLite hub's own clock)."""
    return lambda: datetime.now(UTC) + by


@pytest.mark.parametrize(("by", "words"), [
    (timedelta(hours=2, seconds=30.5), "CLOCK OFF: its laptop's clock is 2 h 00 min ahead of "
                                       "the hub's"),
    (-timedelta(minutes=3, seconds=30.5), "CLOCK OFF: its laptop's clock is 3 min 30 s behind "
                                          "the hub's"),
    (timedelta(seconds=45), None),
])
def test_the_hub_flags_a_table_whose_laptop_clock_is_more_than_a_minute_off(
        tmp_path: Path, by: timedelta, words: str | None) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table = new_table(tmp_path, 1)
    location = table.ledger.location
    table.close()
    with Hub.open(url, now=skewed(by)) as laptop:  # the table's own connection, its clock
        push_file(laptop, location)
    with Hub.open(url) as hub:
        [found] = hub.tables()
    offset = found.clock_offset_s()
    assert offset is not None and abs(offset - by.total_seconds()) < 5
    assert found.clock_off() == words


def test_the_tables_copier_says_its_laptop_clock_is_off(tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table = new_table(tmp_path, 1)
    copier = Replicator(table.ledger.location, url, game_id=table.game_id,
                        now=skewed(timedelta(hours=3, seconds=30.5))).start()
    try:
        assert copier.wait_copied(table.head_seq, timeout=20)
    finally:
        status = copier.stop()
    assert status.clock_off() == ("this laptop's clock is 3 h 00 min ahead of the hub's: set "
                                  "its date and time")
    table.close()
    on_time = Replicator(table.ledger.location, url, game_id=table.game_id).start()
    assert on_time.stop().clock_off() is None


def test_an_hours_fast_laptops_last_entry_is_aged_by_the_hubs_clock(tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table = new_table(tmp_path, 1)
    location = table.ledger.location
    table.close()
    with Hub.open(url, now=skewed(timedelta(hours=4))) as laptop:
        push_file(laptop, location)
    with Hub.open(url) as hub:
        [found] = hub.tables()
    offset = found.clock_offset_s()
    assert offset is not None and found.last_recorded_at is not None
    # Its last entry (by its own clock) less the 4 h it is ahead is the hub's time of it: ten
    # minutes after that, the head judge reads 600 s, not 0 s.
    at_hub = found.last_recorded_at - timedelta(seconds=offset)
    assert found.age_seconds(at_hub + timedelta(minutes=10)) == pytest.approx(600.0)
