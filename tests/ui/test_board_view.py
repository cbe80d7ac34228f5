"""The board shows each space, owner, building and token of a recorded game, and follows it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from app.table.view_build import table_view, view_at
from tests.app.recorded_games import SetClock, line_of, play, record
from ui.table.board_view import BoardView

SG = "sg-final-position.jsonl"


def board(qtbot) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(800, 800)
    return view


def test_the_sg_end_position_is_drawn_space_by_space(qtbot, tmp_path: Path) -> None:
    # Aisha's hotel on Street 2 (dark blue, 39); Ben's 3 houses on each light blue (6, 8, 9) and
    # his mortgaged MRT Station 2 (15); Chloe's house on each red (21, 23, 24).
    shown = board(qtbot)
    shown.show(table_view(record(tmp_path / "t.db", SG)))
    assert len(shown.items_of("space")) == 40
    assert len(shown.items_of("name")) == 40
    assert [item.data(1) for item in shown.items_of("hotel")] == [39]
    assert sorted(item.data(1) for item in shown.items_of("house")) == [6] * 3 + [8] * 3 + [9] * 3 \
        + [21, 23, 24]
    assert [item.data(1) for item in shown.items_of("mortgaged")] == [15]
    # Aisha 5, 11, 14, 37, 39; Ben 6, 8, 9, 12, 15; Chloe 19, 21, 23, 24.
    assert sorted(item.data(1) for item in shown.items_of("owner")) == [
        5, 6, 8, 9, 11, 12, 14, 15, 19, 21, 23, 24, 37, 39]
    assert shown.items_of("owner", 39)[0].toolTip() == "owned by Aisha"
    # A colour band on each of the 22 streets, none on the railways, utilities or corners.
    assert len(shown.items_of("band")) == 22 and not shown.items_of("band", 5)


def test_tokens_stand_on_their_spaces_and_a_bankrupt_players_is_gone(qtbot, tmp_path: Path) -> None:
    # Aisha and Chloe both stand on Street 2 (red, 23), Ben on Utility 1 (12); Dev is bankrupt.
    # Dev's throw onto 39 was the last move: that space is the one highlighted.
    shown = board(qtbot)
    shown.show(table_view(record(tmp_path / "t.db", SG)))
    assert {name: shown.token_space(name) for name in ("Aisha", "Ben", "Chloe", "Dev")} == {
        "Aisha": 23, "Ben": 12, "Chloe": 23, "Dev": None}
    aisha, chloe = shown.tokens["Aisha"], shown.tokens["Chloe"]
    assert aisha.pos() != chloe.pos()  # side by side, never one on the other
    assert [item.data(1) for item in shown.items_of("landed")] == [39]


def test_the_centre_names_the_edition_and_says_its_names_are_unconfirmed(qtbot, tmp_path: Path) -> None:
    shown = board(qtbot)
    shown.show(table_view(record(tmp_path / "t.db", SG)))
    centre = shown.items_of("centre")[0].toPlainText()
    assert "Monopoly Singapore Edition (provisional)" in centre
    assert "not confirmed" in centre
    assert "Bank: 20 houses, 11 hotels" in centre


def test_a_new_view_moves_the_tokens_and_redraws_only_what_changed(qtbot, tmp_path: Path) -> None:
    # Ben throws 3+3 from GO to Street 1 (light blue, 6) and buys it for 100.
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock, before_line=line_of(SG, '"roll", "player": "Ben"'))
    shown = board(qtbot)
    shown.show(table_view(game))
    spaces, token = list(shown.spaces), shown.tokens["Ben"]
    assert shown.token_space("Ben") == 0 and not shown.items_of("owner", 6)
    play(game, clock, type="roll", player="Ben", dice=[3, 3], at="2026-11-21T10:01:10Z")
    play(game, clock, type="buy", player="Ben", at="2026-11-21T10:01:25Z")
    shown.show(table_view(game))
    assert shown.spaces == spaces and shown.tokens["Ben"] is token  # updated, not rebuilt
    assert shown.token_space("Ben") == 6
    assert shown.items_of("owner", 6)[0].toolTip() == "owned by Ben"
    assert [item.data(1) for item in shown.items_of("landed")] == [6]


def test_a_board_that_jumped_about_looks_as_one_drawn_afresh(qtbot, tmp_path: Path) -> None:
    # The judge's jumps take a space's owner, mortgage and buildings off and put the same
    # marks back: the picture is the one a new board draws of the same view, pixel for pixel.
    game = record(tmp_path / "t.db", SG)
    head = game.head_seq
    jumping = board(qtbot)
    for seq in (head, 5, head, head // 2, head - 1, 5, head - 3, head):
        state = game.state_at(seq)
        assert state is not None
        view = view_at(game, state, seq, game.now())
        jumping.show(view)
        fresh = board(qtbot)
        fresh.show(view)
        assert jumping.grab().toImage() == fresh.grab().toImage(), f"entry {seq}"
        assert sorted((i.data(0), i.data(1)) for i in jumping.items_of("owner")) == sorted(
            (i.data(0), i.data(1)) for i in fresh.items_of("owner"))


def test_the_names_drawn_from_their_cache_look_as_drawn_directly(qtbot, tmp_path: Path) -> None:
    # The names are copied from a pixmap drawn once: against the same board drawing every name
    # afresh, no pixel is more than one level of a colour off, and not one in 1,000 is off at all.
    view = table_view(record(tmp_path / "t.db", SG))
    cached, direct = board(qtbot), board(qtbot)
    cached.show(view)
    direct.show(view)
    names = cached.items_of("name")
    assert len(names) == 40
    assert all(n.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache for n in names)
    for name in direct.items_of("name"):
        name.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    for size in (800, 500):  # and again once the board is scaled
        cached.resize(size, size)
        direct.resize(size, size)
        one, other = cached.grab().toImage(), direct.grab().toImage()
        assert (one.width(), one.height()) == (other.width(), other.height())
        off = 0
        for y in range(one.height()):
            for x in range(one.width()):
                a, b = one.pixel(x, y), other.pixel(x, y)
                if a != b:
                    off += 1
                    assert max(abs((a >> s & 255) - (b >> s & 255)) for s in (0, 8, 16)) <= 1
        assert off <= one.width() * one.height() // 1_000, f"{off} pixels differ at {size}"


def test_a_new_throw_written_into_the_centre_reads_and_looks_as_written_afresh(
        qtbot, tmp_path: Path) -> None:
    # A roll changes only the centre's last line: its words are replaced in place; the centre
    # then holds the same document, at the same place, drawn the same, as a board that wrote
    # it whole. The bank's stock changing as well writes the centre whole again.
    view = table_view(record(tmp_path / "t.db", SG))
    edited, fresh = board(qtbot), board(qtbot)
    edited.show(view)
    for dice, houses in [((1, 2), view.bank_houses), ((6, 5), view.bank_houses),
                         ((6, 6), view.bank_houses - 1), ((3, 4), view.bank_houses - 1)]:
        now = replace(view, last_dice=dice, bank_houses=houses)
        edited.show(now)
        fresh._centre_shown = None  # written whole
        fresh.show(now)
        mine, theirs = edited.items_of("centre")[0], fresh.items_of("centre")[0]
        assert mine.toPlainText().splitlines()[-1] == f"Last throw {dice[0]} + {dice[1]} = {sum(dice)}"
        assert f"Bank: {houses} houses" in mine.toPlainText()
        assert mine.document().toHtml() == theirs.document().toHtml()
        assert (mine.pos(), mine.boundingRect()) == (theirs.pos(), theirs.boundingRect())
        assert edited.grab().toImage() == fresh.grab().toImage()


def test_the_squares_edges_stand_on_whole_pixels_and_the_tokens_are_round(
        qtbot, tmp_path: Path) -> None:
    # The squares, strips and buildings are drawn without smoothing (smoothed, every fill
    # went through the rasteriser's spans and the GUI's threads: half the board's paint at a
    # judge's jump); the words and the tokens' circles are smoothed.
    shown = board(qtbot)
    shown.show(table_view(record(tmp_path / "t.db", SG)))
    shown.show()
    qtbot.waitExposed(shown)
    hints = shown.renderHints()
    assert not hints & QPainter.RenderHint.Antialiasing
    assert hints & QPainter.RenderHint.TextAntialiasing
    picture = shown.viewport().grab().toImage()
    # Across the inner edge of a square of the left column (its colour band meets the felt):
    # the band's colour, the edge's and the felt's, nothing blended between them.
    edge = shown.mapFromScene(shown.spaces[13].sceneBoundingRect()).boundingRect()
    across = {picture.pixelColor(x, edge.center().y()).name()
              for x in range(edge.right() - 4, edge.right() + 5)}
    assert len(across) <= 3, across
    # Across a token's black ring: the ring's edge blended into the square around it.
    token = next(iter(shown.tokens.values()))
    box = shown.mapFromScene(token.sceneBoundingRect()).boundingRect()
    ring = [picture.pixelColor(x, box.center().y()).name()
            for x in range(box.left() - 2, box.left() + 6)]
    assert len(set(ring)) > 3, ring
