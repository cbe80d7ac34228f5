"""Names in the order people read them (models/tournament/reading.py)."""

from __future__ import annotations

from models.tournament.reading import reading_key


def ordered(*names: tuple[str, str | None]) -> list[str]:
    return [name for name, _ in sorted(names, key=lambda n: reading_key(*n))]


def test_an_accented_name_sorts_with_its_plain_letter_not_after_z() -> None:
    assert ordered(("Zoe Tan", None), ("Émile Roux", None), ("Eve Lim", None),
                   ("Anna Ng", None)) == ["Anna Ng", "Émile Roux", "Eve Lim", "Zoe Tan"]


def test_case_is_ignored_and_letters_that_do_not_come_apart_read_as_spelled() -> None:
    assert ordered(("Mark", None), ("Łukasz", None), ("lee", None), ("Øyvind", None),
                   ("Kim", None)) == ["Kim", "lee", "Łukasz", "Mark", "Øyvind"]


def test_a_name_in_another_script_sorts_by_its_latin_form() -> None:
    assert ordered(("Daniel Ong", None), ("陈伟明", "Chen Weiming"), ("Bala", None),
                   ("Ольга Иванова", "Olga Ivanova")) == [
        "Bala", "陈伟明", "Daniel Ong", "Ольга Иванова"]


def test_a_name_in_another_script_without_a_latin_form_follows_the_latin_names() -> None:
    assert ordered(("李娜", None), ("Zara", None), ("Ahmad", None)) == ["Ahmad", "Zara", "李娜"]


def test_the_same_name_read_twice_is_ordered_by_the_id() -> None:
    ids = sorted(["SG2", "SG1"], key=lambda pid: reading_key("Tan Wei", None, pid))
    assert ids == ["SG1", "SG2"]
