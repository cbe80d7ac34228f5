"""The judge's window for docs/screenshots: the sample game with a dispute raised on its rent
(judge-window.png), and a longer SG game (1,500 entries of seeded random play, the clock running)
with a dispute on a rent, its ruling, the linked correction and a banker's undo: the Disputes tab
(judge-dispute.png) and the net-worth chart (judge-chart-window.png), time travel at the rent.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.judge_screenshot docs/screenshots
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.review import service as review
from app.table.command_text import parse_command
from app.table.errors import Actor
from app.table.judges import judges_field
from app.table.service import TableGame
from models.errors import BankerError

RENT = "Cy pays Ann 25 rent (claim 1)"
SIZE = (1366, 768)  # a judge's laptop
JUDGE, PIN = "Lee", "246802"
SEED, ENTRIES = 3, 1500  # the longer game: seed and length of its random play
PAID = re.compile(r"(\w+) pays (\w+) (\d+) rent \(claim (\d+)\)")


def _grab(window: Any, app: Any, target: Path) -> None:
    for _ in range(3):  # laid out, the chart's series placed, painted
        app.processEvents()
    target.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(target))
    print(f"saved {target}")


def sample_dispute(app: Any, target: Path) -> None:
    """The sample game with a dispute raised on its rent; the judge's window shows the moment
    before the rent, the ledger filtered to Cy."""
    from ui.judge.session import JudgeSession  # noqa: PLC0415 (Qt: loaded when drawing)
    from ui.judge.window import JudgeWindow  # noqa: PLC0415

    path = games.open_sample()
    session = JudgeSession(str(path), poll_ms=None)
    rent = next(e.seq for e in session.entries if e.text == RENT)
    claim = next(e.seq for e in session.entries if e.text.startswith("Claim 1:"))
    session.close()
    game = TableGame.open(str(path), create=False)
    game.submit(parse_command({"type": "raise_dispute", "raised_by": "Cy",
                               "about": "Cy says the rent for Short Line was 25 too much",
                               "entries": [rent]}))
    game.close()
    window = JudgeWindow(JudgeSession(str(path), poll_ms=None))
    window.resize(*SIZE)
    window.show()
    window.entries.player.setCurrentText("Cy")
    window.entries.select(claim)  # the claim is open: the rent is not paid yet
    _grab(window, app, target)
    window.close()


def disputed_game(db: Path) -> tuple[int, str]:
    """Record the longer SG game into `db`: seeded random play, then, about three quarters in, a
    large rent the payer says he handed over twice; the dispute on it, the judge's ruling and
    the correction naming it, and a roll the banker undoes. Returns the rent's entry and who
    paid it."""
    from ui.tools.table_moments import SG4_START, Clock, play_until  # noqa: PLC0415

    clock = Clock()
    start: list[dict[str, Any]] = [SG4_START | {"judges": judges_field([(JUDGE, PIN)])},
                                   {"type": "start_clock"}]
    game = play_until(db, start, SEED, clock, lambda _state: True, least=ENTRIES)
    entries = review.entries(game)
    paid = [(e, m) for e in entries[: len(entries) * 3 // 4]
            if (m := PAID.fullmatch(e.text)) and int(m[3]) >= 300]
    rent, words = paid[-1]
    payer, owner, amount, claim_no = words[1], words[2], int(words[3]), words[4]
    claim = next(e.seq for e in entries if e.text.startswith(f"Claim {claim_no}:"))
    judge = Actor(role="judge", name=JUDGE)

    def send(command: dict[str, Any], actor: Actor | None = None) -> None:
        if actor is not None:
            game.sign_in_judge(JUDGE, PIN)
        game.submit(parse_command(command), *(() if actor is None else (actor,)))
        game.sign_out_judge()

    send({"type": "raise_dispute", "raised_by": payer, "entries": [claim, rent.seq],
          "about": f"{payer} says the {amount} rent was handed to {owner} twice in notes"})
    send({"type": "rule_dispute", "dispute": 1,
          "ruling": f"a cash count confirms it: {owner} returns {amount} to {payer}"}, judge)
    send({"type": "adjust_cash", "from_account": owner, "to_account": payer, "amount": amount,
          "reason": f"rent of entry {rent.seq} paid twice in notes", "dispute": 1}, judge)
    _banker_slip(game)
    game.close()
    return rent.seq, payer


def _banker_slip(game: TableGame) -> None:
    """A roll typed wrong and taken back at once (Undo): a void on the chart."""
    assert game.state is not None
    mover = game.state.current
    try:
        game.submit(parse_command({"type": "roll", "player": mover, "dice": [6, 5]}))
    except BankerError as e:  # the seeded game stands where a roll is due; say if not
        raise RuntimeError(f"seed {SEED}: no roll is due at the end of the game ({e})") from e
    game.submit(parse_command({"type": "undo"}))


def longer_dispute(app: Any, folder: Path) -> None:
    """The Disputes tab and the net-worth chart of the longer game, time travel at the rent."""
    from ui.judge.session import JudgeSession  # noqa: PLC0415 (Qt: loaded when drawing)
    from ui.judge.window import JudgeWindow  # noqa: PLC0415

    db = Path(os.environ[DATA_DIR_ENV]) / "disputed.db"
    rent, payer = disputed_game(db)
    window = JudgeWindow(JudgeSession(str(db), poll_ms=None))
    window.resize(*SIZE)
    window.show()
    window.entries.player.setCurrentText(payer)
    window.entries.select(rent)
    window.tabs.setCurrentWidget(window.disputes)
    window.disputes.select(1)
    _grab(window, app, folder / "judge-dispute.png")
    window.tabs.setCurrentWidget(window.chart)
    _grab(window, app, folder / "judge-chart-window.png")
    window.close()


def main(folder: Path) -> None:
    """Draw the three pictures into `folder`, each game in a temporary data folder."""
    with tempfile.TemporaryDirectory() as data:
        os.environ[DATA_DIR_ENV] = data
        from ui.app import application  # noqa: PLC0415

        app = application(sys.argv[:1])
        sample_dispute(app, folder / "judge-window.png")
        longer_dispute(app, folder)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
