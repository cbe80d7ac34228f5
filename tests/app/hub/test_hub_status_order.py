"""`hub status` lists tables as people count them: table 2 before table 10."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from app.cli.main import main
from app.hub import Hub, push_file
from app.hub.records import label_order
from tests.app.hub_tables import fresh_hub, new_table


def test_labels_are_ordered_by_their_numbers_not_their_characters() -> None:
    labels = ["table 10", "Table 2", None, "table 1", "Final", "table 1b"]
    assert sorted(labels, key=label_order) == [
        "Final", "table 1", "table 1b", "Table 2", "table 10", None]


def test_hub_status_sorts_table_10_after_table_2(tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    with Hub.open(url) as hub:
        for number in (10, 2, 1):  # sent in no order: the listing orders them
            new_table(tmp_path, number).close()
            push_file(hub, tmp_path / f"table-{number}.db")
        assert [t.label for t in hub.tables()] == ["table 1", "table 2", "table 10"]
    listed = CliRunner().invoke(main, ["hub", "status", "--hub", url])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert [next(n for n in (1, 2, 10) if f"  table {n} " in line) for line in lines] == [1, 2, 10]
    # The labels padded to one width: the entries start in one column on every line.
    starts = {len(re.match(r"\S+  table \d+ *  ", line).group()) for line in lines}  # type: ignore[union-attr]
    assert len(starts) == 1
