"""The table window's colours: colour-blind-safe set and player hues, and readable text on them."""

from __future__ import annotations

import unicodedata
from functools import cache

# The colour sets in board order. Okabe and Ito's palette (distinct under the common colour-vision
# deficiencies), with a brown for its black so each hue still recalls the printed board's;
# every band also carries the set's name, so no one has to tell two colours apart.
SET_COLOURS = (
    "#8C5A2B",  # brown
    "#56B4E9",  # light blue -> sky blue
    "#CC79A7",  # pink -> reddish purple
    "#E69F00",  # orange
    "#D55E00",  # red -> vermilion
    "#F0E442",  # yellow
    "#009E73",  # green -> bluish green
    "#0072B2",  # dark blue
)
RAILWAY_COLOUR = "#4D4D4D"
UTILITY_COLOUR = "#A6A6A6"

# Tokens and owner marks: Paul Tol's "muted" scheme, distinct from each other under colour-vision
# deficiencies; the player's seat number is always written on it as well (`marker`), so three
# players whose names start with S are told apart without their colours.
PLAYER_COLOURS = (
    "#332288",  # indigo
    "#117733",  # green
    "#882255",  # wine
    "#44AA99",  # teal
    "#AA4499",  # purple
    "#999933",  # olive
    "#DDCC77",  # sand
    "#88CCEE",  # cyan
)

BOARD_FELT = "#DCEBD9"
SPACE_FACE = "#FBFAF5"
SPACE_EDGE = "#3A3A3A"
TEXT = "#1A1A1A"
MUTED_TEXT = "#5C5C5C"
LANDED = "#FFB000"  # the outline of the space just landed on
HOUSE = "#2E7D32"
HOTEL = "#B71C1C"
MORTGAGED = "#6E6E6E"
DEBT = "#B00020"

CLOCK_LEVELS = {
    # level: (background, text)
    "idle": ("#EEEEEE", "#333333"),
    "normal": ("#FFFFFF", TEXT),
    "warning": ("#E69F00", "#000000"),  # 5 minutes or less
    "critical": ("#D55E00", "#FFFFFF"),  # 1 minute or less
    "over": ("#000000", "#FFFFFF"),  # time is called
}


def set_colour(set_id: str | None, order: int | None) -> str | None:
    """The band colour of a colour set (by its place on the board), the railways or the utilities."""
    if order is not None:
        return SET_COLOURS[order % len(SET_COLOURS)]
    if set_id == "railway":
        return RAILWAY_COLOUR
    if set_id == "utility":
        return UTILITY_COLOUR
    return None


def player_colour(seat: int) -> str:
    """The colour of the player in `seat` (1-based turn order)."""
    return PLAYER_COLOURS[(seat - 1) % len(PLAYER_COLOURS)]


def initials(name: str) -> str:
    """Two letters for a name: the first of its first two words ("Siti Aminah" -> "SA"), or the
    first two of a one-word name ("陈伟明" -> "陈伟"); a Tamil letter keeps its vowel sign."""
    words = name.split()
    if len(words) > 1:
        return "".join(_clusters(w)[0] for w in words[:2]).upper()
    letters = _clusters(name)[:2]
    return letters[0].upper() + "".join(letters[1:])


def marker(seat: int, name: str, short: bool = False) -> str:
    """What a token or an owner's mark says besides its colour: the seat number, which the
    players' panels show beside the name too, and (unless `short`) the name's initials."""
    return str(seat) if short else f"{seat} {initials(name)}"


def _clusters(text: str) -> list[str]:
    # A letter with the combining marks that follow it (a Tamil vowel sign, an accent).
    found: list[str] = []
    for char in text.strip():
        if found and unicodedata.category(char) in ("Mn", "Mc", "Me"):
            found[-1] += char
        else:
            found.append(char)
    return found or ["?"]


@cache  # a few dozen colours, asked for each chip of each panel shown
def text_on(background: str) -> str:
    """Black or white, whichever reads better on `background` (WCAG relative luminance)."""
    channels = [int(background[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    # Contrast against white is 1.05 / (L + 0.05), against black (L + 0.05) / 0.05.
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#FFFFFF"
