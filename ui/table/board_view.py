"""The board: the 40 spaces, their owners and buildings and the tokens, drawn from a TableView alone."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QResizeEvent,
    QShowEvent,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.table.views import PlayerView, SpaceView, TableView
from ui.table import palette

# Scene units: a side space is CELL wide and DEPTH deep, a corner DEPTH square.
CELL = 120.0
DEPTH = 180.0
SIDE = 2 * DEPTH + 9 * CELL
BAND = 34.0
NAME_PT = 20
MIN_NAME_PT = 13
TOKEN = 40.0
ROLE = 0  # QGraphicsItem data key: what an item shows ("space", "house", "hotel", "token", ...)
INDEX = 1  # data key: the space an item belongs to, or the player a token stands for


def space_rect(index: int) -> QRectF:
    """Where space `index` lies in the scene: GO at the bottom right, play runs clockwise."""
    side, place = divmod(index, 10)
    if place == 0:
        x, y = [(SIDE - DEPTH, SIDE - DEPTH), (0, SIDE - DEPTH), (0, 0), (SIDE - DEPTH, 0)][side]
        return QRectF(x, y, DEPTH, DEPTH)
    offset = DEPTH + (place - 1) * CELL
    if side == 0:  # bottom row, right to left
        return QRectF(SIDE - offset - CELL, SIDE - DEPTH, CELL, DEPTH)
    if side == 1:  # left column, bottom to top
        return QRectF(0, SIDE - offset - CELL, DEPTH, CELL)
    if side == 2:  # top row, left to right
        return QRectF(offset, 0, CELL, DEPTH)
    return QRectF(SIDE - DEPTH, offset, DEPTH, CELL)  # right column, top to bottom


STRIP = 30.0  # the owner's strip along the outer edge


def _inset(r: QRectF, side: int, inner: float, outer: float) -> QRectF:
    """`r` less `inner` on the edge that faces the middle and `outer` on the board's edge."""
    if side == 0:
        return r.adjusted(0, inner, 0, -outer)
    if side == 1:
        return r.adjusted(outer, 0, -inner, 0)
    if side == 2:
        return r.adjusted(0, outer, 0, -inner)
    return r.adjusted(inner, 0, -outer, 0)


def band_rect(index: int) -> QRectF:
    """The colour band: on the edge of the space that faces the middle of the board."""
    r = space_rect(index)
    side = index // 10
    if side == 0:
        return QRectF(r.left(), r.top(), r.width(), BAND)
    if side == 1:
        return QRectF(r.right() - BAND, r.top(), BAND, r.height())
    if side == 2:
        return QRectF(r.left(), r.bottom() - BAND, r.width(), BAND)
    return QRectF(r.left(), r.top(), BAND, r.height())


def strip_rect(index: int) -> QRectF:
    """The owner's strip: along the board's outer edge of the space."""
    r = space_rect(index)
    side = index // 10
    if side == 0:
        return QRectF(r.left(), r.bottom() - STRIP, r.width(), STRIP)
    if side == 1:
        return QRectF(r.left(), r.top(), STRIP, r.height())
    if side == 2:
        return QRectF(r.left(), r.top(), r.width(), STRIP)
    return QRectF(r.right() - STRIP, r.top(), STRIP, r.height())


def name_rect(index: int) -> QRectF:
    """Where the name is written (and the tokens stand): between the band and the strip."""
    r = space_rect(index)
    if index % 10 == 0:
        return r.adjusted(4, 4, -4, -4)
    return _inset(r, index // 10, BAND, STRIP).adjusted(3, 2, -3, -2)


def _font(points: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def _tag(item: QGraphicsItem, role: str, index: int | str) -> QGraphicsItem:
    item.setData(ROLE, role)
    item.setData(INDEX, index)
    return item


def _money(currency: str, amount: int) -> str:
    return f"{currency}{amount:,}"


class SpaceItem(QGraphicsRectItem):
    """One space: its face, band and name, and what stands on it (redrawn when its view changes)."""

    def __init__(self, space: SpaceView, currency: str) -> None:
        super().__init__(space_rect(space.index))
        _tag(self, "space", space.index)
        self.index = space.index
        self.shown: tuple[SpaceView, int, bool] | None = None
        self.setPen(QPen(QColor(palette.SPACE_EDGE), 2))
        self.setBrush(QColor(palette.SPACE_FACE))
        self._static(space, currency)
        self._marks: list[QGraphicsItem] = []
        self._made: dict[tuple[object, ...], list[QGraphicsItem]] = {}  # see _kept

    def _static(self, space: SpaceView, currency: str) -> None:
        colour = palette.set_colour(space.set_id, space.set_order)
        if colour is not None and space.kind == "street":
            band = QGraphicsRectItem(band_rect(space.index), self)
            band.setBrush(QColor(colour))
            band.setPen(QPen(QColor(palette.SPACE_EDGE), 2))
            band.setToolTip(f"{space.set_name} colour set")
            _tag(band, "band", space.index)
        tip = space.name + (f" ({space.set_name})" if space.set_name else "")
        if space.price is not None:
            tip += f"\n{_money(currency, space.price)}"
        if not space.name_confirmed:
            tip += "\nname not confirmed"
        self.setToolTip(tip)
        area = name_rect(space.index)
        name = QGraphicsTextItem()
        name.setParentItem(self)  # QGraphicsTextItem(self) is taken for QGraphicsTextItem(str)
        name.setDefaultTextColor(QColor(palette.TEXT))
        name.document().setDocumentMargin(1)
        name.setTextWidth(area.width())
        label = space.name + ("" if space.name_confirmed else " *")
        price = _money(currency, space.price) if space.price is not None else ""
        # The largest size at which every word fits the width and the name leaves room for
        # a row of tokens below it: a long name is written smaller, never cut mid-word.
        room = area.height() - (0 if space.index % 10 == 0 else TOKEN * 0.6)
        for points in range(NAME_PT, MIN_NAME_PT - 1, -1):
            name.setFont(_font(points, bold=space.index % 10 == 0))
            metrics = QFontMetricsF(name.font())
            widest = max(metrics.horizontalAdvance(word) for word in label.split())
            name.setHtml(_name_html(label, price, points))
            if widest <= area.width() - 4 and name.boundingRect().height() <= room:
                break
        name.setPos(area.left(), area.top())
        # Laid out from HTML, the names cost the most of a repaint and never change: each is
        # drawn once into a pixmap at the board's scale and copied at every paint after (Qt
        # draws it again when the board is scaled). Blended once more, a few of its edge pixels
        # differ from the direct drawing by one level of a colour; tests/ui/test_board_view.py.
        name.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        _tag(name, "name", space.index)

    def show_space(self, space: SpaceView, seats: dict[str, int], landed: bool) -> None:
        """Draw the owner, buildings and mortgage of this space (only if they changed)."""
        key = (space, seats.get(space.owner or "", 0), landed)
        if self.shown == key:
            return
        self.shown = key
        marks: list[QGraphicsItem] = []
        if landed:
            marks += self._kept(("landed",), lambda: [self._landed()])
        if space.owner is not None:
            owner, seat = space.owner, seats.get(space.owner, 1)
            marks += self._kept(("owner", owner, seat, space.mortgaged),
                                lambda: [self._owner(owner, seat, space.mortgaged)])
        if space.mortgaged:
            marks += self._kept(("mortgaged",), self._mortgaged)
        if space.hotel:
            marks += self._kept(("hotel",), lambda: [self._hotel()])
        for house in range(space.houses):
            marks += self._kept(("house", house), partial(self._houses, house))
        # Only the marks that come or go are taken off or put back: a mark moved off the
        # board and back is drawn again (and costs the scene's bookkeeping) for nothing.
        staying = {id(mark) for mark in marks}
        scene = self.scene()
        for mark in self._marks:
            if id(mark) not in staying and scene is not None:
                scene.removeItem(mark)
        for mark in marks:
            if mark.parentItem() is None:
                mark.setParentItem(self)
        self._marks = marks

    def _kept(self, key: tuple[object, ...], make: Callable[[], list[QGraphicsItem]]
              ) -> list[QGraphicsItem]:
        """The marks `key` names, made the first time (on this space, in its scene) and kept:
        taken off the board when the space no longer shows them and put back as they were
        (the judge's jumps show the same few owners, mortgages and buildings again and
        again), in the order they were first made."""
        marks = self._made.get(key)
        if marks is None:
            marks = self._made[key] = make()
        return marks

    def _landed(self) -> QGraphicsItem:
        outline = QGraphicsRectItem(self.rect().adjusted(4, 4, -4, -4), self)
        outline.setPen(QPen(QColor(palette.LANDED), 8))
        outline.setBrush(Qt.BrushStyle.NoBrush)
        outline.setZValue(3)
        outline.setToolTip("just landed on")
        return _tag(outline, "landed", self.index)

    def _owner(self, owner: str, seat: int, mortgaged: bool) -> QGraphicsItem:
        colour = palette.player_colour(seat)
        strip = QGraphicsRectItem(strip_rect(self.index), self)
        strip.setBrush(QColor(colour))
        strip.setPen(QPen(QColor(palette.SPACE_EDGE), 1.5))
        strip.setToolTip(f"owned by {owner}")
        strip.setZValue(2)
        label = QGraphicsSimpleTextItem(_short(owner, seat, self.index), strip)
        label.setFont(_font(14, bold=True))
        label.setBrush(QColor(palette.text_on(colour)))
        # Written smaller where it would run under the mortgage's "M" or off the strip.
        room = QRectF(strip.rect())
        if mortgaged and self.index // 10 in (0, 2):
            room.setWidth(room.width() - STRIP)  # the "M" stands at the strip's right end
        room.adjust(3, 0, -3, 0)
        wide = label.boundingRect().width()
        if wide > room.width():
            label.setScale(room.width() / wide)
        _centre_in(label, room)
        return _tag(strip, "owner", self.index)

    def _mortgaged(self) -> list[QGraphicsItem]:
        hatch = QGraphicsRectItem(self.rect().adjusted(2, 2, -2, -2), self)
        hatch.setBrush(QBrush(QColor("#B0B0B0"), Qt.BrushStyle.BDiagPattern))
        hatch.setPen(Qt.PenStyle.NoPen)
        hatch.setZValue(-0.5)  # under the name, which stays readable
        _tag(hatch, "hatch", self.index)
        strip = strip_rect(self.index)
        size = STRIP
        # The "M" sits at the far end of the owner's strip, in grey on white.
        if self.index // 10 in (0, 2):
            box = QRectF(strip.right() - size, strip.top(), size, size)
        else:
            box = QRectF(strip.left(), strip.bottom() - size, size, size)
        badge = QGraphicsRectItem(box, self)
        badge.setBrush(QColor("#FFFFFF"))
        badge.setPen(QPen(QColor(palette.MORTGAGED), 2))
        badge.setZValue(4)
        badge.setToolTip("mortgaged")
        letter = QGraphicsSimpleTextItem("M", badge)
        letter.setFont(_font(15, bold=True))
        letter.setBrush(QColor("#000000"))
        _centre_in(letter, box)
        return [hatch, _tag(badge, "mortgaged", self.index)]

    def _building_rect(self, slot: int, length: float) -> QRectF:
        band = band_rect(self.index)
        size = BAND - 10
        if self.index // 10 in (0, 2):
            return QRectF(band.left() + 6 + slot * (size + 4), band.top() + 5, length, size)
        return QRectF(band.left() + 5, band.top() + 6 + slot * (size + 4), size, length)

    def _houses(self, slot: int) -> list[QGraphicsItem]:
        return [self._house(slot)]

    def _house(self, slot: int) -> QGraphicsItem:
        house = QGraphicsRectItem(self._building_rect(slot, BAND - 10), self)
        house.setBrush(QColor(palette.HOUSE))
        house.setPen(QPen(QColor("#FFFFFF"), 2.5))
        house.setZValue(2)
        house.setToolTip("house")
        return _tag(house, "house", self.index)

    def _hotel(self) -> QGraphicsItem:
        hotel = QGraphicsRectItem(self._building_rect(0, CELL - 12), self)
        hotel.setBrush(QColor(palette.HOTEL))
        hotel.setPen(QPen(QColor("#FFFFFF"), 2.5))
        hotel.setZValue(2)
        hotel.setToolTip("hotel")
        letter = QGraphicsSimpleTextItem("HOTEL" if self.index // 10 in (0, 2) else "H", hotel)
        letter.setFont(_font(12, bold=True))
        letter.setBrush(QColor("#FFFFFF"))
        _centre_in(letter, hotel.rect())
        return _tag(hotel, "hotel", self.index)


def _short(owner: str, seat: int, index: int) -> str:
    """The owner's mark on the strip, the one beside their name in the players' panels: seat
    number and initials along a row ("3 SA"), the seat number down a narrow column."""
    return palette.marker(seat, owner, short=index // 10 not in (0, 2))


def _centre_in(item: QGraphicsSimpleTextItem, box: QRectF) -> None:
    bounds = item.boundingRect()
    width, height = bounds.width() * item.scale(), bounds.height() * item.scale()
    item.setPos(box.center().x() - width / 2, box.center().y() - height / 2)


class TokenItem(QGraphicsEllipseItem):
    """A player's token: a circle in their colour with their seat number (the number beside
    their name in the players' panels), never told apart by colour alone."""

    def __init__(self, player: PlayerView) -> None:
        super().__init__(0, 0, TOKEN, TOKEN)
        _tag(self, "token", player.name)
        colour = palette.player_colour(player.seat)
        self.setBrush(QColor(colour))
        self.setPen(QPen(QColor("#000000"), 3))
        self.setZValue(10)
        self.who = f"{player.seat}. {player.name}"
        self.setToolTip(self.who)
        self.letter = QGraphicsSimpleTextItem(palette.marker(player.seat, player.name, short=True),
                                              self)
        self.letter.setFont(_font(18, bold=True))
        self.letter.setBrush(QColor(palette.text_on(colour)))
        box = self.letter.boundingRect()
        self.letter.setPos((TOKEN - box.width()) / 2, (TOKEN - box.height()) / 2)
        self.space: int | None = None
        self.name = player.name
        self.jailed = False

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)  # a round token, not a jagged one
        super().paint(painter, option, widget)

    def show_jail(self, jailed: bool) -> None:
        """In Jail: a thick red ring, and its own part of the Jail corner (not just visiting)."""
        self.jailed = jailed
        self.setPen(QPen(QColor(palette.HOTEL if jailed else "#000000"), 6 if jailed else 3))
        self.setToolTip(f"{self.who} (in Jail)" if jailed else self.who)


class BoardView(QGraphicsView):
    """The board, scaled to fit its widget; `show(view)` brings it up to date with a TableView."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.scene().setSceneRect(QRectF(-8, -8, SIDE + 16, SIDE + 16))
        self.scene().setBackgroundBrush(QColor(palette.BOARD_FELT))
        # Text smoothed; the squares, strips and buildings are drawn without antialiasing (their
        # edges, scaled to the widget, fall between pixels: smoothed, every fill went through
        # the rasteriser's spans and the GUI's threads, half the board's paint at a jump). The
        # tokens smooth their own circles (TokenItem.paint).
        self.setRenderHints(QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(320, 320)
        self.spaces: list[SpaceItem] = []
        self.tokens: dict[str, TokenItem] = {}
        self._board: tuple[str, str] | None = None
        self._centre: list[QGraphicsItem] = []
        self._centre_shown: tuple[object, ...] | None = None

    # Showing a view -----------------------------------------------------------------------

    def show(self, view: TableView | None = None) -> None:  # type: ignore[override]
        """Bring the board up to date with `view`, redrawing only what changed (no view: QWidget.show)."""
        if view is None:
            super().show()
            return
        if self._board != (view.board_id, view.game_id or ""):
            self._rebuild(view)
        seats = {p.name: p.seat for p in view.players}
        for item, space in zip(self.spaces, view.spaces, strict=True):
            item.show_space(space, seats, landed=space.index == view.landed)
        self._show_tokens(view)
        self._show_centre(view)

    def _rebuild(self, view: TableView) -> None:
        scene = self.scene()
        scene.clear()
        self.tokens.clear()
        self._centre = []
        self._centre_shown = None
        self.spaces = [SpaceItem(space, view.currency) for space in view.spaces]
        for item in self.spaces:
            scene.addItem(item)
        self._board = (view.board_id, view.game_id or "")

    def _show_tokens(self, view: TableView) -> None:
        present = {p.name for p in view.players if not p.bankrupt}
        for name in list(self.tokens):
            if name not in present:
                self.scene().removeItem(self.tokens.pop(name))
        groups: dict[tuple[int, bool], list[PlayerView]] = {}
        for player in view.players:
            if not player.bankrupt:
                groups.setdefault((player.position, player.in_jail), []).append(player)
        for (space, jailed), here in groups.items():
            for slot, player in enumerate(here):
                token = self.tokens.get(player.name)
                if token is None:
                    token = self.tokens[player.name] = TokenItem(player)
                    self.scene().addItem(token)
                token.space = space
                token.show_jail(jailed)
                token.setPos(_token_place(space, slot, len(here), jailed))

    def _show_centre(self, view: TableView) -> None:
        key = (view.board_name, view.names_confirmed, view.bank_houses, view.bank_hotels,
               view.last_dice, view.currency)
        shown, self._centre_shown = self._centre_shown, key
        if key == shown:
            return
        if self._centre:  # the same item, its words written again (a throw changes them)
            title = self._centre[0]
            assert isinstance(title, QGraphicsTextItem)
            if (shown is not None and shown[4] is not None and view.last_dice is not None
                    and shown[:4] + shown[5:] == key[:4] + key[5:]):
                # Only the throw changed: its line's words replaced in place, in the same
                # format, so Qt lays out that line alone instead of parsing and laying out all.
                _new_last_line(title, _throw_words(view.last_dice))
                box = title.boundingRect()
                title.setPos((SIDE - box.width()) / 2, (SIDE - box.height()) / 2)
                return
        else:
            title = QGraphicsTextItem()
            title.setFont(_font(34, bold=True))
            title.setDefaultTextColor(QColor(palette.TEXT))
            title.setTextWidth(SIDE - 2 * DEPTH - 120)
            _tag(title, "centre", "")
            self.scene().addItem(title)
            self._centre = [title]
        lines = [f"<div align='center'>{_escape(view.board_name)}</div>"]
        if not view.names_confirmed:
            lines.append(f"<div align='center' style='font-size:18pt; color:{palette.DEBT}'>"
                         "Names marked * are not confirmed for this edition</div>")
        stock = (f"Bank: {view.bank_houses} house{'s' if view.bank_houses != 1 else ''}, "
                 f"{view.bank_hotels} hotel{'s' if view.bank_hotels != 1 else ''}")
        lines.append(f"<div align='center' style='font-size:20pt; font-weight:normal'>"
                     f"{stock}</div>")
        if view.last_dice is not None:
            lines.append(f"<div align='center' style='font-size:22pt; font-weight:normal'>"
                         f"{_throw_words(view.last_dice)}</div>")
        title.setHtml("".join(lines))
        box = title.boundingRect()
        title.setPos((SIDE - box.width()) / 2, (SIDE - box.height()) / 2)

    # Scaling ------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    # Queries for tests and the judge's tools --------------------------------------------------

    def items_of(self, role: str, index: int | str | None = None) -> list[QGraphicsItem]:
        """The scene's items that show `role` (on space `index`, or for player `index`)."""
        return [item for item in self.scene().items() if item.data(ROLE) == role
                and (index is None or item.data(INDEX) == index)]

    def token_space(self, player: str) -> int | None:
        """The space the player's token stands on, or None if it is not on the board."""
        token = self.tokens.get(player)
        return token.space if token is not None else None


def _token_place(space: int, slot: int, count: int, jailed: bool = False) -> QPointF:
    """Top-left corner of a token: several on one space stand side by side, never on top; in
    the Jail corner those in Jail stand in its upper right part, visitors along its foot."""
    area = name_rect(space)
    if space % 10 == 0:
        area = area.adjusted(0, area.height() * 0.3, 0, 0)
        if jailed:
            area = QRectF(area.center().x(), area.top(), area.width() / 2, area.height() / 2 + 10)
    columns = 2 if count > 1 else 1
    rows = (count + columns - 1) // columns
    row, column = divmod(slot, columns)
    gap = 4.0
    width = columns * TOKEN + (columns - 1) * gap
    height = rows * TOKEN + (rows - 1) * gap
    # At the foot of the name's area: the first lines of the name stay readable.
    x = area.center().x() - width / 2 + column * (TOKEN + gap)
    y = area.bottom() - height + row * (TOKEN + gap)
    return QPointF(x, y)


def _name_html(label: str, price: str, points: int) -> str:
    html = f"<div align='center'>{_escape(label)}"
    if price:
        html += (f"<br><span style='font-size:{max(points - 3, MIN_NAME_PT)}pt;"
                 f" color:{palette.MUTED_TEXT}'>{price}</span>")
    return html + "</div>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _throw_words(dice: tuple[int, int]) -> str:
    a, b = dice
    return f"Last throw {a} + {b} = {a + b}"


def _new_last_line(item: QGraphicsTextItem, words: str) -> None:
    """The item's last line (one run of words in one format) says `words` instead."""
    block = item.document().lastBlock()
    cursor = QTextCursor(block)
    style = block.begin().fragment().charFormat()
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText(words, style)
