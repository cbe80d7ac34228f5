"""Every event the ledger can hold reads as a sentence (the printed ledger never fails)."""

from typing import get_args

from app import rulebook
from models import events as ev
from models.describe import describe


def test_every_event_type_has_a_description() -> None:
    members = get_args(get_args(ev.Event)[0])
    board = rulebook.board("classic-us")
    source = (rulebook.RESOURCES.parent / "models" / "describe.py").read_text(encoding="utf-8")
    missing = [m.__name__ for m in members if f"ev.{m.__name__}:" not in source]
    assert missing == []
    # And a few read as a person would say them.
    assert describe(ev.RentPaid(payer="Bob", payee="Ann", amount=26, claim=3), board) == \
        "Bob pays Ann 26 rent (claim 3)"
    assert describe(ev.DeedSold(buyer="Cy", seller="Ann", space=39, amount=455, commission=46),
                    board) == "Ann sells Boardwalk to Cy for 455 (commission 46)"
    assert describe(ev.CommandsVoided(commands=[12], how="undo", reason="banker's undo"),
                    board) == "Undo: command(s) 12 voided (banker's undo)"
