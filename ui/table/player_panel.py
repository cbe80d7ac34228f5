"""One player's panel: cash, deeds as colour-set chips, Jail, cards, debts, and whether they are to act."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.table.views import PlayerView, SetHolding, TableView
from ui import scale
from ui.fonts import isolated
from ui.table import palette

WHERE_BELOW_PT = 18  # from this base size the player's space goes under the cash
MARGINS = (7, 2, 7, 3)  # the lines' margins inside the panel's frame
ACTING_BORDER = 4  # the acting panel's border (the others': 1 px)
ACTING_FACE = "#FFF6DD"  # the acting panel's tinted face
RADIUS = 6  # the panel's rounded corners


def money(currency: str, amount: int) -> str:
    """An amount as the table says it: M1,500."""
    return f"{currency}{amount:,}"


def status_words(player: PlayerView) -> list[str]:
    """What stands out about the player now, in words, most important first."""
    words = []
    if player.disqualified:
        words.append("disqualified")
    elif player.absent:
        words.append("absent")
    elif player.bankrupt:
        rank = f" (number {player.bankrupt_rank})" if player.bankrupt_rank else ""
        words.append(f"bankrupt{rank}")
    if player.to_act:
        words.append("to act")
    if player.away_since is not None:
        words.append(f"away since {player.away_since.astimezone():%H:%M}")
    if player.in_jail:
        words.append(f"in Jail (turn {player.jail_turns + 1})" if not player.bankrupt else "")
    return [w for w in words if w]


def holding_html(holding: SetHolding) -> str:
    """One colour set's deeds in a line: the set's name, full or not, each deed and its buildings
    (the panel's tooltip: the chips say the same in short)."""
    chip = _name_chip(holding)
    count = "full set ✔" if holding.full else f"{len(holding.deeds)} of {holding.size}"
    deeds = []
    for deed in holding.deeds:
        text = _escape(deed.name)
        if deed.steps == 5:
            text += " <b>hotel</b>"
        elif deed.steps:
            text += f" <b>{deed.steps} house{'s' if deed.steps > 1 else ''}</b>"
        if deed.mortgaged:
            text = f"<span style='color:{palette.MORTGAGED}'>{text} <b>(mortgaged)</b></span>"
        deeds.append(text)
    return f"{chip} <b>{count}</b>: " + ", ".join(deeds)


def holding_chip(holding: SetHolding) -> str:
    """A colour set in short, never broken across lines: "Red 3/3 ✔ · 1 hotel · 1 mortgaged"."""
    parts = [f"<b>{len(holding.deeds)}/{holding.size}{'&nbsp;✔' if holding.full else ''}</b>"]
    hotels = sum(1 for d in holding.deeds if d.steps == 5)
    houses = sum(d.steps for d in holding.deeds if d.steps < 5)
    mortgaged = sum(1 for d in holding.deeds if d.mortgaged)
    if hotels:
        parts.append(f"{hotels}&nbsp;hotel{'s' * (hotels > 1)}")
    if houses:
        parts.append(f"{houses}&nbsp;house{'s' * (houses > 1)}")
    if mortgaged:
        parts.append(f"<span style='color:{palette.MORTGAGED}'>{mortgaged}&nbsp;mortgaged</span>")
    return _name_chip(holding) + "&nbsp;" + "&nbsp;·&nbsp;".join(parts)


NBSP = "\u00a0"
# A run of words in one look: its words, bold or not, its colour (None: the label's own) and
# its background (None: none).
Run = tuple[str, bool, str | None, str | None]


def chip_runs(holding: SetHolding) -> list[Run]:
    """`holding_chip`'s words as runs, for `DeedChips` to draw."""
    colour = palette.set_colour(holding.set_id, holding.set_order) or "#FFFFFF"
    runs: list[Run] = [(NBSP + holding.name.replace(" ", NBSP) + NBSP, False,
                        palette.text_on(colour), colour),
                       (NBSP, False, None, None),
                       (f"{len(holding.deeds)}/{holding.size}{NBSP + '✔' if holding.full else ''}",
                        True, None, None)]
    hotels = sum(1 for d in holding.deeds if d.steps == 5)
    houses = sum(d.steps for d in holding.deeds if d.steps < 5)
    mortgaged = sum(1 for d in holding.deeds if d.mortgaged)
    if hotels:
        runs.append((f"{NBSP}·{NBSP}{hotels}{NBSP}hotel{'s' * (hotels > 1)}", False, None, None))
    if houses:
        runs.append((f"{NBSP}·{NBSP}{houses}{NBSP}house{'s' * (houses > 1)}", False, None, None))
    if mortgaged:
        runs.append((f"{NBSP}·{NBSP}", False, None, None))
        runs.append((f"{mortgaged}{NBSP}mortgaged", False, palette.MORTGAGED, None))
    return runs


NOTHING = object()  # DeedChips.paintEvent: no font or pen set on the painter yet


class DeedChips(QLabel):
    """The deeds' chips, drawn by the label itself: each chip's colour square and plain words
    measured once per wording and font (`QFontMetricsF`), wrapped between chips as Qt's rich
    text wraps them, its height for a width kept; Qt's rich-text layout, which ran again at
    every size question (4-5 ms a jump in the judge's window), is never asked. `text()` is the
    rich text the chips stand for; the screen reader hears it as plain words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._html = ""
        self._chips: list[list[Run]] = []  # the words between spaces, each as runs
        self._widths: list[float] | None = None  # each chip's width in the present font
        self._run_widths: list[list[float]] = []  # each chip's runs' widths, likewise
        self._space = 0.0
        self._line = (0.0, 0.0)  # a line's ascent and descent
        self._heights: dict[int, int] = {}  # height for width, as asked
        self._hint: QSize | None = None  # the size hint, as last worked out
        # Each run's width by its words and weight, in the present font: a player's chips
        # come and go as the game goes, their words ("Railways", "2/4") again and again.
        self._advances: dict[tuple[str, bool], float] = {}

    def show_chips(self, html: str, chips: list[list[Run]]) -> None:
        """Show `chips`, the words between the places a line may break, each as its runs;
        `html` is the same as Qt's rich text (`text()`)."""
        if html == self._html:
            return
        self._html = html
        self._chips = chips
        self._forget()
        self.setAccessibleName(" ".join(
            "".join(run[0] for run in runs) for runs in self._chips).replace(NBSP, " "))
        self.updateGeometry()
        self.update()

    def text(self) -> str:
        """The rich text the chips stand for (as a QLabel would hold it)."""
        return self._html

    def _forget(self) -> None:
        self._widths = None
        self._heights.clear()
        self._hint = None

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._forget()
            self._advances.clear()
        super().changeEvent(event)

    def _measure(self) -> list[float]:
        if self._widths is None:
            plain = self.font()
            bold = QFont(plain)
            bold.setBold(True)
            metrics = (QFontMetricsF(plain), QFontMetricsF(bold))
            self._space = metrics[0].horizontalAdvance(" ")
            used = metrics if any(run[1] for runs in self._chips for run in runs) else metrics[:1]
            self._line = (max(m.ascent() for m in used), max(m.descent() for m in used))
            advances = self._advances
            measured: list[list[float]] = []
            for runs in self._chips:
                row: list[float] = []
                for run in runs:
                    wide = advances.get((run[0], run[1]))
                    if wide is None:
                        wide = advances[(run[0], run[1])] = metrics[run[1]].horizontalAdvance(
                            run[0])
                    row.append(wide)
                measured.append(row)
            self._run_widths = measured
            self._widths = [sum(widths) for widths in self._run_widths]
        return self._widths

    def _lines(self, width: float) -> list[list[int]]:
        # Qt's way: a chip goes on the line if it fits after the line's words and one space
        # (the first chip of a line goes there whatever its width).
        lines: list[list[int]] = []
        used = 0.0
        for place, chip in enumerate(self._measure()):
            if lines and used + self._space + chip <= width:
                lines[-1].append(place)
                used += self._space + chip
            else:
                lines.append([place])
                used = chip
        return lines

    def _height(self, lines: int) -> int:
        ascent, descent = self._line
        return lines * math.ceil(ascent + descent) + self.contentsMargins().top() \
            + self.contentsMargins().bottom()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True  # the chips wrap, as a word-wrapped label's words

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        height = self._heights.get(width)
        if height is None:
            margins = self.contentsMargins()
            inner = width - margins.left() - margins.right()
            height = self._heights[width] = self._height(len(self._lines(inner)) or 1)
        return height

    def _tall(self, width: float) -> tuple[float, int]:
        # The widest line's width and the words' height, wrapped at `width`.
        widths = self._measure()
        lines = self._lines(width)
        wide = max((sum(widths[p] for p in line) + self._space * (len(line) - 1)
                    for line in lines), default=0.0)
        ascent, descent = self._line
        return wide, max(len(lines), 1) * math.ceil(ascent + descent)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # As QLabel sizes wrapped rich text (QTextDocument.adjustSize): 80 x's wide, then
        # narrower towards a 5:3 shape, then the widest line's width; kept until the chips,
        # the font or the style change (the layouts ask it several times a change).
        if self._hint is None:
            self._hint = self._hinted()
        return QSize(self._hint)

    def _hinted(self) -> QSize:
        most = QFontMetrics(self.font()).horizontalAdvance("x") * 80
        _, high = self._tall(most)
        width = math.isqrt(int(5 * high * most / 3))
        _, high = self._tall(min(width, most))
        if width * 3 < 5 * high:
            width = math.isqrt(int(2 * high * min(width, most)))
        ideal, _ = self._tall(min(width, most))
        wide, high = self._tall(ideal)
        margins = self.contentsMargins()
        return QSize(math.ceil(wide) + margins.left() + margins.right(),
                     high + margins.top() + margins.bottom())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # As QLabel's: the widest chip's width, one line's height (or less, as the hint).
        margins = self.contentsMargins()
        one = self._height(1)
        return QSize(math.ceil(max(self._measure(), default=0.0)) + margins.left()
                     + margins.right(), min(one, self.sizeHint().height()))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        plain = self.font()
        bold = QFont(plain)
        bold.setBold(True)
        own = self.palette().color(QPalette.ColorRole.WindowText)
        area = self.contentsRect()
        lines = self._lines(area.width())
        ascent, descent = self._line
        tall = math.ceil(ascent + descent)  # a line's height, as Qt's text layout rounds it
        top = area.top() + math.floor(max((area.height() - len(lines) * tall) / 2, 0.0))  # as Qt
        run_widths = self._run_widths  # measured with the lines (_lines: _measure)
        # The painter's font and pen set only when they change (nothing set yet: a sentinel).
        font_set: object = NOTHING
        pen_set: object = NOTHING
        for number, line in enumerate(lines):
            x = float(area.left())
            y = top + number * tall
            for place in line:
                for (words, strong, colour, background), wide in zip(
                        self._chips[place], run_widths[place], strict=True):
                    if background is not None:
                        painter.fillRect(QRectF(x, y, wide, tall).toAlignedRect(), QColor(background))
                    if strong is not font_set:
                        painter.setFont(bold if strong else plain)
                        font_set = strong
                    if colour != pen_set or pen_set is NOTHING:
                        painter.setPen(QColor(colour) if colour is not None else own)
                        pen_set = colour
                    painter.drawText(QPointF(x, y + ascent), words)
                    x += wide
                x += self._space
        painter.end()


def _name_chip(holding: SetHolding) -> str:
    colour = palette.set_colour(holding.set_id, holding.set_order) or "#FFFFFF"
    return (f"<span style='background:{colour}; color:{palette.text_on(colour)}'>"
            f"&nbsp;{_escape(holding.name).replace(' ', '&nbsp;')}&nbsp;</span>")


class PlayerPanel(QFrame):
    """A player's panel, compact so five fit a laptop's column: name and cash large, where they
    stand and what stands out, a chip per colour set (the deeds' names in its tooltip), cards
    and debts; `show(view)` updates it from the TableView."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.base_pt = scale.BASE_PT
        self.setObjectName("playerPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # The name has the panel's whole width and wraps (never cut: a 40-letter Malay name at
        # the largest text); what stands out about the player has a line of its own below it.
        self.heading = QLabel(name)
        self.heading.setObjectName("playerName")
        self.status = QLabel()
        self.status.setObjectName("playerStatus")
        self.cash = QLabel()
        self.cash.setObjectName("playerCash")
        self.cash.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.where = QLabel()
        self.where.setObjectName("playerWhere")
        for label in (self.heading, self.status, self.where):
            label.setWordWrap(True)
        for label in (self.status, self.where):  # the name asks for its width, these do not
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.deeds = DeedChips()
        self.deeds.setObjectName("playerDeeds")
        self.cards = QLabel()
        self.cards.setObjectName("playerCards")
        self.cards.setWordWrap(True)
        self.debts = QLabel()
        self.debts.setWordWrap(True)
        self.debts.setObjectName("playerDebts")
        for label in (self.deeds, self.cards, self.debts):
            # Long words wrap or are cut, never widen the column (the cash stays in sight).
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        head = QGridLayout()
        head.setHorizontalSpacing(8)
        head.setVerticalSpacing(0)
        self.about = QVBoxLayout()
        self.about.setSpacing(0)
        self.about.addWidget(self.status)
        self.about.addWidget(self.where)
        head.addWidget(self.heading, 0, 0, 1, 2)
        head.addLayout(self.about, 1, 0)
        head.addWidget(self.cash, 1, 1)
        head.setColumnStretch(0, 1)
        self.head = head
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*MARGINS)
        layout.setSpacing(0)
        layout.addLayout(head)
        layout.addWidget(self.deeds)
        layout.addWidget(self.cards)
        layout.addWidget(self.debts)
        self.to_act = False
        self._acting = False  # the acting mark painted (paintEvent)
        self._shown: tuple[PlayerView, str] | None = None  # the player and currency shown
        self._texts: dict[int, str] = {}  # each label's words as last set (by the label's id)

    def lines_at_top(self) -> None:
        """Height given beyond the lines' (a held height) goes below them, not among them."""
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.addStretch(1)

    def show(self, view: TableView | None = None) -> None:  # type: ignore[override]
        """Show this panel's player as `view` has them (without a view: QWidget.show)."""
        if view is None:
            super().show()
            return
        player = view.player(self.name)
        shown, self._shown = self._shown, (player, view.currency)
        if shown == self._shown:
            return  # nothing this panel shows has changed: no text made, nothing laid out
        before = shown[0] if shown is not None else None
        if before is None or (before.seat, before.name) != (player.seat, player.name):
            colour = palette.player_colour(player.seat)
            # The token's mark beside the name (seat number and initials, as on the board's
            # strips); an Arabic name and its mark keep the line in order (ui/fonts.isolated).
            mark = _escape(palette.marker(player.seat, player.name)).replace(" ", "&nbsp;")
            self.heading.setText(isolated(
                f"<span style='background:{colour}; color:{palette.text_on(colour)}'>"
                f"&nbsp;{mark}&nbsp;</span> {_escape(player.name)}"))
            self.heading.setToolTip(f"{player.seat}. {player.name}")
        # Each line is handed to Qt only when its words change (a roll changes one or two).
        status = " · ".join(status_words(player))
        self._text(self.status, status)
        _shown_if(self.status, bool(status))
        self._text(self.cash, money(view.currency, player.cash))
        self._text(self.where, "" if player.bankrupt else f"on {player.space_name}")
        if before is None or before.holdings != player.holdings:  # a roll seldom changes them
            chips = [chip_runs(h) for h in player.holdings]
            for runs in chips[:-1]:
                runs.append((NBSP * 2, False, None, None))  # "&nbsp;&nbsp; " between chips
            self.deeds.show_chips(
                "&nbsp;&nbsp; ".join(holding_chip(h) for h in player.holdings)
                or f"<span style='color:{palette.MUTED_TEXT}'>no deeds</span>",
                chips or [[(word, False, palette.MUTED_TEXT, None)] for word in ("no", "deeds")])
            self.deeds.setToolTip("<br>".join(holding_html(h) for h in player.holdings))
        self._text(self.cards, ", ".join(player.jail_cards))
        _shown_if(self.cards, bool(player.jail_cards))
        self._text(self.debts, "<br>".join(
            f"Owes {_escape(d.creditor)} {money(view.currency, d.amount)} ({_escape(d.reason)})"
            for d in player.debts))
        _shown_if(self.debts, bool(player.debts))
        self._say(view, player)
        self.to_act = player.to_act
        self._style(player)

    def lay_out_words(self) -> None:
        """The name's words laid out at its label's width now, after the layouts and before
        the paint: rich text (a text document) left to the paint is laid out there whenever
        the label was resized, and asks from there for a second paint of the window."""
        if self.heading.isVisible():
            self.heading.heightForWidth(self.heading.width())

    def _text(self, label: QLabel, text: str) -> None:
        if self._texts.get(id(label)) != text:
            self._texts[id(label)] = text
            label.setText(text)

    def _say(self, view: TableView, player: PlayerView) -> None:
        # The card read as one by a screen reader: the seat and name, then the rest in words.
        self.setAccessibleName(f"Seat {player.seat}: {player.name}")
        said = [*status_words(player), money(view.currency, player.cash)]
        if not player.bankrupt:
            said.append(f"on {player.space_name}")
        said.append(f"{len(player.holdings)} colour sets or groups held" if player.holdings
                    else "no deeds")
        said += [f"owes {d.creditor} {money(view.currency, d.amount)} ({d.reason})"
                 for d in player.debts]
        self.setAccessibleDescription("; ".join(said))

    def set_base_pt(self, base: int) -> None:
        """Text sizes relative to the window's base size (Ctrl+plus, Ctrl+minus)."""
        if base != self.base_pt or not self.styleSheet():
            self.base_pt = base
            self._apply()
            self._place_where(base >= WHERE_BELOW_PT)

    def _place_where(self, below: bool) -> None:
        # At large text the cash leaves too little beside it for "on Community Chest": the
        # space then has the panel's whole width, on a line of its own under the cash.
        if (self.head.indexOf(self.where) >= 0) == below:
            return
        if below:
            self.about.removeWidget(self.where)
            self.head.addWidget(self.where, 2, 0, 1, 2)
        else:
            self.head.removeWidget(self.where)
            self.about.addWidget(self.where)

    def _style(self, player: PlayerView) -> None:
        # The player to act stands out: a thick border in the landed-space amber, a tinted face,
        # painted by the panel itself (paintEvent) over its plain frame, so a turn passing
        # re-polishes nothing; its lines move in by the thicker border's extra width, as a
        # style sheet's border would move them. Out of the game (faded text) is a property of
        # the style sheet: a re-polish, once a game for each player at most.
        state = "out" if player.bankrupt and not player.to_act else "plain"
        if not self.styleSheet():
            self._apply()
        acting = bool(player.to_act)
        if acting != self._acting:
            self._acting = acting
            extra = ACTING_BORDER - 1 if acting else 0
            layout = self.layout()
            left, top, right, bottom = MARGINS
            layout.setContentsMargins(left + extra, top + extra, right + extra, bottom + extra)
            self.update()
        if self.property("state") == state:
            return
        was_out = self.property("state") == "out"
        self.setProperty("state", state)
        labels = self.findChildren(QLabel) if was_out or state == "out" else []  # faded text
        for widget in [self, *labels]:
            widget.style().unpolish(widget)
            widget.style().polish(widget)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if not self._acting:
            return
        # Over the plain frame (the style sheet's, drawn before this): the acting mark as the
        # style sheet drew it, but for some antialiased pixels at the corners.
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        outer = QPainterPath()
        outer.addRoundedRect(QRectF(self.rect()), RADIUS, RADIUS)
        inner = QPainterPath()
        border = ACTING_BORDER
        inner.addRoundedRect(QRectF(self.rect()).adjusted(border, border, -border, -border),
                             RADIUS - border, RADIUS - border)
        painter.fillPath(outer.subtracted(inner), QColor(palette.LANDED))
        painter.fillPath(inner, QColor(ACTING_FACE))
        painter.end()

    def _apply(self) -> None:
        base = self.base_pt
        self.setStyleSheet(
            "QFrame#playerPanel { border: 1px solid #999999; background: #FFFFFF;"
            f" border-radius: {RADIUS}px; }}"
            "QFrame#playerPanel[state=\"out\"] { border: 1px solid #BBBBBB; background: #EDEDED; }"
            f"QLabel {{ border: none; background: transparent; color: {palette.TEXT};"
            f" font-size: {scale.pt(base, 0.92)}pt; }}"
            f"QFrame#playerPanel[state=\"out\"] QLabel {{ color: {palette.MUTED_TEXT}; }}"
            f"QLabel#playerName {{ font-size: {scale.pt(base, 1.1)}pt; font-weight: bold; }}"
            f"QLabel#playerStatus {{ font-weight: bold; }}"
            f"QLabel#playerWhere {{ color: {palette.MUTED_TEXT}; }}"
            f"QLabel#playerCash {{ font-size: {scale.pt(base, 1.75)}pt; font-weight: bold; }}"
            f"QLabel#playerDeeds {{ font-size: {scale.pt(base, 0.95)}pt; }}"
            f"QLabel#playerDebts {{ color: {palette.DEBT}; font-weight: bold;"
            f" font-size: {scale.pt(base, 1.0)}pt; }}")


def _shown_if(label: QLabel, shown: bool) -> None:
    # Only a change is handed to Qt: setting a label visible again still costs a layout pass.
    if label.isHidden() == shown:
        label.setVisible(shown)
        if shown:
            # Qt posts the shown label's repaint for after the window's next paint, where it
            # would be a paint of its own (the label and the panel under it): marked now, it
            # is part of that next paint.
            QCoreApplication.sendPostedEvents(label, QEvent.Type.UpdateLater)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
