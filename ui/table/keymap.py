"""The banker's keys, state by state: the one table the panels, F1 and docs/keys.md are read from.

Data only (no Qt): the panels take their keys from the constants below, F1 shows the rows of the
states on screen, and `markdown()` writes docs/keys.md (a test checks the file is what it
writes). The design, in four rules (docs/decisions.md, "The banker's keys"):

1. A player picked by key is picked by seat number, 1 to 6, never by a letter: letters are
   commands only, so no player's name can collide with one.
2. What ends a phase (closing an auction, setting up is over) is Ctrl+Enter, a key no name or
   amount can type; a close with bids is taken back at once by Ctrl+Z.
3. Enter only confirms the one thing on screen (the bid typed, the one card left, the one
   palette line), never the first of a list.
4. A command letter that needs a player or a row waits for its seat or row digit, said on the
   message line and shown in the panel; a digit that is no seat or row is refused whole (the
   letter still waits), Esc forgets it, and any other key forgets it (said) and means what it
   means.
"""

from __future__ import annotations

from dataclasses import dataclass

# The keys the panels read (one meaning in each state) --------------------------------------

PURCHASE = {"buy": "B", "decline": "D"}
JAIL = {"pay_jail_fine": "F", "use_jail_card": "G"}
RENT = "R"  # with one claim open: collects it; with several: then the claim's row digit
PREBUILD = "P"  # then the player's seat: that player's pre-build form (PX setting up)
# A letter, then the player's seat: the palette opens on that player's actions of the kind
# (letter: the actions' id prefix, the words the palette opens on after the player's name).
ESTATE = {"H": ("build", "builds"), "S": ("sell", "sells"), "M": ("mortgage", "mortgages"),
          "L": ("lift", "lifts")}
END_PHASE = "Ctrl+Enter"
# The key of each step the window's prompt asks for (app/table/phases.py names the step by id).
STEP_KEYS = {"deal_hands": "Ctrl+D", "start_play": END_PHASE,
             "start_clock": "Ctrl+K, then “start the clock”"}
# Every letter that is a command in some state: no two panels shown together share one.
COMMAND_LETTERS = (*PURCHASE.values(), *JAIL.values(), RENT, PREBUILD, *ESTATE)


@dataclass(frozen=True)
class Key:
    """One row of the table: what the banker presses and what it does."""

    keys: str
    does: str


@dataclass(frozen=True)
class State:
    """A state of the table (a panel on screen) and its keys."""

    id: str
    title: str
    keys: tuple[Key, ...]


STATES: tuple[State, ...] = (
    State("setup", "Setting up (PX): the deal, then the pre-build", (
        Key("Ctrl+D", "the deal form: each deed's player by seat number or first letter, 0 "
            "retained (PX 3.4)"),
        Key(f"{PREBUILD} then seat 1–6", "that player's pre-build form (PX 3.6–3.9)"),
        Key(END_PHASE, "setting up is over: start play (Ctrl+Z takes it back); with nobody "
            "pre-built it asks first (Y starts play, Esc goes on setting up)"),
    )),
    State("roll", "Before a roll", (
        Key("two digits 1–6", "record the roll: 3 5 is 3 and 5 (Backspace or Esc corrects)"),
        Key(f"{JAIL['pay_jail_fine']} / {JAIL['use_jail_card']}",
            "in Jail: pay the fine / use a Get Out of Jail Free card"),
    )),
    State("purchase", "A deed on offer", (
        Key(f"{PURCHASE['buy']} / {PURCHASE['decline']}",
            "buy it / decline it (it goes to auction)"),
    )),
    State("auction", "An auction is open", (
        Key("seat 1–6, amount, Enter", "that player's bid: 2 1 2 0 Enter is seat 2 bids 120"),
        Key("Backspace / Esc", "correct the bid being typed / forget it"),
        Key(END_PHASE, "close the auction (a bid still being typed is not thrown away; "
            "Ctrl+Z takes a close back)"),
    )),
    State("card", "A card drawn", (
        Key("letters, digits", "type words of the card as printed; the list narrows (here "
            "letters are the card's words, not commands), whole words of the card's title "
            "first, then whole words, then parts of words"),
        Key("Up / Down", "choose among the cards still listed"),
        Key("Enter", "record the card: the one left, or the one chosen with Up/Down"),
    )),
    State("rent", "Rent claims open", (
        Key(RENT, "collect the claim (with several: R then the claim's row number)"),
        Key(f"{RENT} with several", "asks “R: which claim? 1 … or 2 …”; a digit that is no claim "
            "is refused, R waits on (nothing lapses)"),
    )),
    State("estate", "Between rolls", (
        Key("Ctrl+D", "a deal (CL), a sale (SG), an offer by Bank auction (PX)"),
        Key("H then seat 1–6", "build: the palette on that player's builds"),
        Key("S then seat 1–6", "sell buildings: the palette on that player's sales"),
        Key("M then seat 1–6", "mortgage: the palette on that player's mortgages"),
        Key("L then seat 1–6", "lift a mortgage: the palette on that player's lifts"),
    )),
    State("anywhere", "Anywhere", (
        Key("Ctrl+K", "every action allowed now, filtered as you type; Enter runs the one line "
            "left or the one chosen with Up/Down; none allowed: the refused, greyed, with why"),
        Key("Ctrl+Z", "undo the last entry (shows what it takes back, asks first); the palette's "
            "Undo asks the same"),
        Key("Enter", "confirms only the one thing typed or chosen; alone it records nothing"),
        Key("any other key", "one that does nothing now says why (the rule and clause when a "
            "rule refuses it)"),
        Key("Ctrl+S", "the scoresheet"),
        Key("Ctrl+J", "the judge's window on this game (read-only until a judge signs in)"),
        Key("F11", "the table display for the players; F11 again closes it"),
        Key("Ctrl++ / Ctrl+-", "larger / smaller text (remembered)"),
        Key("F1", "the keys for what is on screen now; any key closes it"),
    )),
    State("form", "In a form", (
        Key("Tab / Shift+Tab", "next / previous field, in reading order"),
        Key("Space", "tick a deed or card"),
        Key("Enter", "record the form, from any field"),
        Key("Esc", "cancel (a filled form says it recorded nothing)"),
    )),
)

BY_ID = {s.id: s for s in STATES}


def rows(states: tuple[str, ...] | list[str]) -> list[tuple[str, Key]]:
    """The rows of these states, in the table's order, each with its state's title."""
    wanted = set(states)
    return [(s.title, k) for s in STATES if s.id in wanted for k in s.keys]


def markdown() -> str:
    """docs/keys.md: every state's keys as one table."""
    lines = ["# The banker's keys", "",
             "Generated from `ui/table/keymap.py` (`python -m ui.table.keymap > docs/keys.md`); "
             "F1 in the table window shows the rows of the states on screen. One meaning per key "
             "in each state: players by seat number, letters for commands, Ctrl+Enter ends a "
             "phase, Enter confirms only the one thing on screen.", "",
             "| state | keys | does |", "|---|---|---|"]
    for state in STATES:
        for index, key in enumerate(state.keys):
            lines.append(f"| {state.title if index == 0 else ''} | `{key.keys}` | {key.does} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
