"""The clock face's huge digits (the players' display and the hall's projector) drawn from each
character's kept picture: the same ink as a label drawing them, a few pictures kept however long
the clock runs, and a second's new time repainting the digits alone, not the face's frame."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QLabel

from app.table.views import ClockView
from ui.display.clock_face import ClockFace, clock_text

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def running(left_ms: int) -> ClockView:
    return ClockView(60, left_ms, True, False, None, (), False, False)


@pytest.fixture
def face(qtbot) -> Iterator[ClockFace]:
    shown = ClockFace()
    qtbot.addWidget(shown)
    shown.resize(900, 500)
    shown.show()
    qtbot.wait_exposed(shown)
    yield shown


def ink(image: QImage, ground: QColor) -> tuple[QRect, int]:
    """The rectangle of the pixels unlike `ground` (in grey, by more than 8 of 255), and how
    unlike they are in all (the sum of each pixel's difference)."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    level = grey_of(ground)
    unlike = bytes(abs(value - level) if abs(value - level) > 8 else 0 for value in range(256))
    rect, amount = QRect(), 0
    line = grey.bytesPerLine()
    data = bytes(grey.constBits())
    for y in range(grey.height()):
        row = data[y * line:y * line + grey.width()].translate(unlike)
        inked = row.lstrip(b"\0")
        if not inked:
            continue
        left = len(row) - len(inked)
        right = len(row.rstrip(b"\0")) - 1
        rect = rect.united(QRect(left, y, right - left + 1, 1))
        amount += sum(row)
    return rect, amount


def grey_of(colour: QColor) -> int:
    """`colour` in grey as Qt converts it (qGray: (11 r + 16 g + 5 b) / 32)."""
    return (colour.red() * 11 + colour.green() * 16 + colour.blue() * 5) // 32


@pytest.mark.parametrize("text", ["12:34", "0:59", "TIME", "–:––"])
@pytest.mark.parametrize("size", [(900, 500), (1700, 900), (420, 260)])
def test_the_digits_have_the_ink_a_label_gives_them(
        qtbot, text: str, size: tuple[int, int]) -> None:
    # A label in the same font and colour over the same ground draws the same text; the
    # pictures put each character at the label's pen point, to the 64th of a pixel: the ink
    # covers the same rectangle (within a pixel at each side) and as much of it (within 1%).
    face = ClockFace()
    qtbot.addWidget(face)
    face.resize(*size)
    face.show()
    qtbot.wait_exposed(face)
    digits = face.time
    font, colour = digits.look()
    ground = QColor("#202020")
    label = QLabel(text)
    qtbot.addWidget(label)
    label.setFont(font)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setStyleSheet(f"QLabel {{ color: {colour.name()}; background: {ground.name()}; }}")
    label.setFont(font)  # after the sheet's polish: the face's own font, not the window's size
    label.resize(digits.size())
    digits.setText(text)
    digits.set_ground(ground)
    theirs, ours = QPixmap(digits.size()), QPixmap(digits.size())
    label.render(theirs)
    digits.render(ours)
    assert label.font().pixelSize() == font.pixelSize() > 64  # past the glyph cache's sizes
    (their_rect, their_ink), (our_rect, our_ink) = (ink(theirs.toImage(), ground),
                                                    ink(ours.toImage(), ground))
    assert their_ink > 0
    for theirs_edge, ours_edge in zip(their_rect.getCoords(), our_rect.getCoords(), strict=True):
        assert abs(theirs_edge - ours_edge) <= 1
    assert abs(our_ink - their_ink) <= their_ink / 100


def test_an_hour_counted_down_keeps_a_few_pictures(face: ClockFace, qtbot) -> None:
    # 60:00 down to 0:01, every second shown and painted: the digits and the colon, at the
    # few fractions of a pixel their places take; a second pass adds none.
    for _ in range(2):
        for second in range(3600, 0, -1):
            face.show_clock(running(second * 1000))
            face.time.repaint()
        if _ == 0:
            kept = face.time.kept()
    assert 11 <= kept <= 60 and face.time.kept() == kept
    assert face.time.text() == clock_text(running(1000)) == "0:01"
    assert face.time.accessibleName() == "0:01"


class Paints(QObject):
    """Counts the paint events each watched widget receives."""

    def __init__(self) -> None:
        super().__init__()
        self.count: dict[QObject, int] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.count[watched] = self.count.get(watched, 0) + 1
        return False


def test_a_new_second_repaints_the_digits_alone(face: ClockFace, qtbot) -> None:
    # Three seconds of one level: the digits painted three times, the face's frame (its
    # rounded border, its colour) not once: the digits fill their rectangle themselves. The
    # face looks the same as with see-through digits over the frame.
    paints = Paints()
    for widget in (face, face.time, face.state):
        widget.installEventFilter(paints)
    face.show_clock(running(754_000))  # the level and the words change: all repainted
    qtbot.wait_until(lambda: paints.count.get(face.time, 0) > 0)
    assert face.time.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    paints.count.clear()
    for painted, second in enumerate((753, 752, 751), 1):
        face.show_clock(running(second * 1000))
        # The repaint the new second asked for (a parent's paint would come before it).
        qtbot.wait_until(lambda painted=painted: paints.count.get(face.time) == painted)
    assert paints.count.get(face, 0) == 0 and paints.count.get(face.state, 0) == 0
    opaque = face.grab().toImage()
    face.time.set_ground(None)
    assert face.grab().toImage() == opaque
