"""The tournament window's stage actions: the draw, the tables' games, collecting results,
ruling a tie and publishing; each one call to app.tournament.service (see window.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QInputDialog

from app.hub import hub_url
from app.tournament import service as tournaments
from app.tournament.from_hub import take_in_results
from app.tournament.hall import hall_print
from models.errors import BadInput
from models.plural import counted
from models.tournament.publications import publication_words
from ui import printing
from ui.tournament import hall_pdf
from ui.tournament.draw_dialog import DrawDialog
from ui.tournament.publish import file_stem, publish
from ui.tournament.rule_tie import RuleTieDialog


class StageActions:
    """Mixed into TournamentWindow, whose state and helpers (`t`, `stage()`, `_run`, `_open`,
    `say`, the views) these use; `self: Any` because a mixin cannot name its host's type."""

    # The draw and the tables ---------------------------------------------------------------

    def draw(self: Any, seed: int | None = None) -> bool:
        """Ctrl+D: draw the stage from a fresh random seed (or `seed`), which is recorded."""
        tid, stage = self._need(), self.stage()
        if tid is None or stage is None:
            return False

        def drawn() -> str:
            made = tournaments.draw(tid, stage, seed, self.now).draw(stage)
            assert made is not None  # just drawn
            return f"{made.stage} drawn with seed {made.seed}: {counted(len(made.tables), 'table')}"

        done: bool = self._run(drawn)
        if done:
            self._tab(1)
        return done

    def draw_with_seed(self: Any) -> None:
        """Ctrl+Shift+D: a seed to repeat a draw (shown: the current one), or empty: a fresh one."""
        if self._need() is None or self.stage() is None:
            return
        ask = QInputDialog(self)
        ask.setWindowTitle("Draw again with seed")
        ask.setLabelText("The seed (a whole number; the same seed draws the same tables).\n"
                         "Left empty: a fresh random seed. The draw shown now is set aside.")
        made = self.t.draw(self.stage())
        ask.setTextValue(str(made.seed) if made else "")
        ask.textValueSelected.connect(self._draw_typed)
        self.dialog: QDialog | None = ask
        ask.open()

    def _draw_typed(self: Any, text: str) -> None:
        text = text.strip().replace(",", "").replace(" ", "")
        if text and not (text.isdigit() and int(text) < 2**63):
            self.say(f"{text!r} is not a seed: a whole number from 0 to 2^63-1.", "refused")
            return
        self.draw(int(text) if text else None)

    def draw_with_options(self: Any) -> None:
        """Ctrl+Alt+D: the draw's options (random or snake, rematches avoided, groups kept
        apart) and seed, filled with the current draw's so the same choice repeats it."""
        tid, stage = self._need(), self.stage()
        if tid is None or stage is None:
            return
        made = self.t.draw(stage)
        dialog = DrawDialog(tid, stage, made.options if made else None,
                            made.seed if made else None, self.now, self)
        self._open(dialog, lambda _: (self.reload(), self._tab(1)))

    def selected_table(self: Any) -> int | None:
        rows_ = self.cards_view.selectionModel().selectedRows()
        if not rows_:
            self.say("Select a table in the list of tables first (Ctrl+2).", "refused")
            return None
        return int(self.cards.key(rows_[0].row()))

    def start_table(self: Any) -> None:
        """The new-game form filled from the table's card: the banker gives the roll-off and
        confirms (`banker tournament start-table`)."""
        from ui.start.new_game import NewGameForm  # noqa: PLC0415 (loads the table's forms)

        tid, stage, table = self._need(), self.stage(), self.selected_table()
        if tid is None or stage is None or table is None:
            return
        started_game = next((e["game"] for e in tournaments.table_cards(tid, stage)
                             if int(e["card"]["table"]) == table), None)
        if started_game is not None:
            self.say(f"Table {table}'s game is started already: {started_game}", "refused")
            return
        form = NewGameForm(lambda *_: self._refuse_by_hand(), self,
                           from_draw=self._start_drawn)
        form.draw.choose(tid, table)
        if form.drawn is None:
            self.say(f"Table {table} of the {stage} cannot be started here: it is not the "
                     "stage being played (the last one drawn).", "refused")
            form.deleteLater()
            return

        def started(_: QDialog) -> None:
            self.reload()
            self.say(f"Table {table}'s game started: {form.path}"
                     + ("" if self.open_game is None else " (opened in the banker's window)"))
            if form.path is not None and self.open_game is not None:
                self.open_game(form.path)

        self._open(form, started)

    def _start_drawn(self: Any, tid: str, stage: str, table: int,
                     roll_off: list[dict[str, list[int]]], banker: str,
                     judge: tuple[str, str] | None) -> Path:
        return tournaments.start_table(tid, stage, table, roll_off, banker, judge, self.now)

    @staticmethod
    def _refuse_by_hand() -> Path:
        raise BadInput("a tournament table is started from its draw: choose the table again")

    def attach_file(self: Any) -> None:
        """A table's game played on a file of its own, handed in; its opening must match."""
        tid, stage, table = self._need(), self.stage(), self.selected_table()
        if tid is None or stage is None or table is None:
            return
        path = self.choose_file(f"The game file of table {table}",
                                "Ledger files (*.db *.sqlite);;All files (*)")
        if path is not None:
            self._run(lambda: (tournaments.attach(tid, stage, table, path),
                               f"Table {table}'s game is {path}")[1])

    # Results, rulings, publishing ----------------------------------------------------------

    def collect(self: Any) -> bool:
        """Ctrl+R: read every table's game of the stage, from the files or, when
        BANKER_HUB_URL is set, from the hub; what was left out is listed with why."""
        tid, stage = self._need(), self.stage()
        if tid is None or stage is None:
            return False
        hub = hub_url()

        def collected() -> str:
            t, notes = tournaments.collect_results(tid, stage, hub)
            name = t.stage(stage).name
            count = sum(1 for r in t.results if r.stage == name)
            where = "the hub" if hub else "the tables' files"
            self.results_text.setText(
                f"Read from {where}: {count} table result{'s' * (count != 1)} in."
                + "".join(f"\n• {n}" for n in notes))
            return f"{name}: {counted(count, 'table result')} in" + (
                f"; {len(notes)} left out (listed above the standings)" if notes else "")

        done: bool = self._run(collected)
        if done:
            self._tab(2)
        return done

    def take_in(self: Any) -> bool:
        """Ctrl+Shift+T: the tables' games and their collected results from the hub, in one
        change (`banker tournament take-in`, then `results --hub`); what waits (a DIVERGED game
        until the head judge's ruling, a sheet not collected) is listed above the standings."""
        tid, stage = self._need(), self.stage()
        if tid is None or stage is None:
            return False

        def taken() -> str:
            done = take_in_results(tid, stage)
            name = done.tournament.stage(stage).name
            count = counted(len(done.games), "table's game", "tables' games")
            games = (f"{count} taken in (tables {', '.join(map(str, done.games))})" if done.games
                     else "no new table's game")
            results = f"{counted(len(done.results), 'table result')} in" + (
                f" (tables {', '.join(map(str, done.results))})" if done.results else "")
            self.results_text.setText(f"Taken in from the hub: {games}; {results}."
                                      + "".join(f"\n• {n}" for n in done.notes))
            notes = ("" if not done.notes else f"; {done.notes[0]}" if len(done.notes) == 1
                     else f"; {len(done.notes)} notes (listed above the standings)")
            return f"{name} from the hub: {games}; {results}{notes}"

        done: bool = self._run(taken)
        if done:
            self._tab(2)
        return done

    def rule_tie(self: Any) -> None:
        """Ctrl+Shift+R: the tie of the selected row (else the first open one) ruled by the
        head judge, signed with their PIN; a tie already ruled may be ruled again."""
        tid, found = self._need(), self.found
        if tid is None or found is None:
            return
        if not found.ties and not self.ruled:
            self.say(f"No tie to rule in the {found.stage}.", "refused")
            return
        ties = [*found.ties, *(tie for _, tie in self.ruled)]
        chosen = 0
        selected = self.standings_view.selectionModel().selectedRows()
        if selected:
            player = self.standings.key(selected[0].row())
            chosen = next((n for n, tie in enumerate(ties) if player in tie.players), 0)
        self._open(RuleTieDialog(tid, found, chosen, self, ruled=self.ruled,
                                 sleep=self.pin_wait))

    def print_hall(self: Any) -> list[Path]:
        """The hall's PDFs of the stage's draw (table cards, the draw sheet, pre-filled
        scoresheets) into a chosen folder."""
        tid, stage = self._need(), self.stage()
        if tid is None or stage is None:
            return []
        folder = self.choose_folder("Print the table cards, draw sheet and scoresheets into")
        if folder is None:
            return []
        written: list[Path] = []

        def wrote() -> str:
            data = hall_print(tournaments.load(tid), stage)
            written.extend(hall_pdf.print_hall(data, folder, file_stem(tid, data.stage)))
            return "Printed for the hall: " + ", ".join(str(p) for p in written)

        printing.boxes_drawn()  # only what these PDFs hold is said
        if self._run(wrote):
            self.say_boxes()
        return written

    def publish(self: Any) -> list[Path]:
        """Ctrl+P: the standings as CSV, HTML page and PDF, into a chosen folder."""
        tid, stage = self._need(), self.stage()
        if tid is None or stage is None:
            return []
        folder = self.choose_folder("Publish the standings into the folder")
        if folder is None:
            return []
        written: list[Path] = []

        def wrote() -> str:
            t = publish(tid, stage, folder, self.now(), written)
            return "Published (no contact detail in any): " + ", ".join(
                str(p) for p in written) + f"; recorded: {publication_words(t.publications[-1])}"

        printing.boxes_drawn()
        if self._run(wrote):
            self.say_boxes()
        return written

    def say_boxes(self: Any) -> None:
        """After the PDFs are written, say which names in them hold a character no font could
        draw (printed as a box), under what was said of the files."""
        boxes = printing.boxes_drawn()
        if boxes:
            self.say(f"{self.messages.text()}\n{boxes}", "warning")
