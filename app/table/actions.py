"""What the banker may do now: each action in plain words, its command, and the rule that refuses it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, get_args

from app.ledger import StoredEvent
from app.table import voids
from app.table.candidate_types import Candidate, Choices, Form, Group, ParamKind
from app.table.candidates import candidates
from app.table.command_text import parse_command
from app.table.judges import hash_pin, registration
from app.table.service import TableGame
from app.table.words import say
from models.clock import remaining_ms
from models.commands import JUDGE_ONLY, Rewind, Undo
from models.engine import decide
from models.errors import BadInput, BankerError, RuleViolation
from models.events import BANK, Event
from models.money import raisable

ESTATE = ("build", "sell", "mortgage", "deal", "sale")
JUDGE_TYPES = frozenset(get_args(kind.model_fields["type"].annotation)[0] for kind in JUDGE_ONLY)


@dataclass(frozen=True)
class Param:
    """A value the banker types before the command can go: a bid, a price, a reason."""

    path: str  # where it goes in the command: "amount", "second_gives.cash"
    prompt: str
    kind: ParamKind = "amount"
    default: str = ""
    choices: Choices = ()  # for a "choice": each choice's words and its value in the command


@dataclass(frozen=True)
class Action:
    """One thing the banker may do now (or could, but the rules refuse: `refused` says why)."""

    id: str
    label: str
    command: dict[str, Any]
    group: Group
    judge: bool = False
    params: tuple[Param, ...] = ()
    refused: str | None = None
    preview: tuple[str, ...] = ()  # what it would record, in words (fixed commands only)
    form: Form | None = None  # the window gathers the command in this form

    @property
    def enabled(self) -> bool:
        return self.refused is None


def money(amount: int) -> str:
    """An amount as the table says it: M1,500."""
    return f"M{amount:,}"


def refusal_text(error: BankerError) -> str:
    """A refusal in plain words, with the rule's clause where there is one."""
    if isinstance(error, RuleViolation):
        return f"{error.message} ({error.clause})"
    return str(error)


def trial(game: TableGame, command: dict[str, Any]) -> tuple[list[Event], str | None]:
    """The events `command` would record now, or the refusal; records nothing."""
    if game.state is None or game.table is None:
        return [], "no game has been started"
    try:
        parsed = parse_command(command)
        if isinstance(parsed, Undo):
            undo_plan(game)
            return [], None
        if isinstance(parsed, Rewind):
            game.timeline.plan_rewind(game.table, parsed.to_seq)
            return [], None
        if parsed.at is None:
            parsed = parsed.model_copy(update={"at": game.now()})
        return decide(game.table, game.state, parsed), None
    except BankerError as e:
        return [], refusal_text(e)


def why_refused(game: TableGame, command: dict[str, Any]) -> str | None:
    """The engine's own refusal of `command` on the current state (reason and clause), or None
    when it would be accepted. Nothing is recorded."""
    return trial(game, command)[1]


def menu(game: TableGame, stored: list[StoredEvent] | None = None, *,
         undo: bool = True) -> list[Action]:
    """Every action worth showing now: the allowed ones, and the refused ones a banker would
    look for (shown disabled with the rule's reason). `stored`: the game's events, if the
    caller holds them already; `undo=False` leaves out Undo (working out what it would take
    back reads every command of the game: see undo_action)."""
    if game.state is None or game.table is None:
        return []
    found: list[Action] = []
    for c in candidates(game.table, game.state):
        events, refused = trial(game, c.trial or c.command) if c.tried else ([], None)
        if refused is not None and not c.keep_refused:
            continue
        found.append(_action(game, c, events, refused))
    # A refusal many estate actions of several players share is the position's (setting up,
    # time up): one line says it better than a list of disabled buttons. One player's own (SG
    # "as is": every mortgage of a player who must go bankrupt) stays, each line with its
    # clause, so the palette and the keys can say why.
    reasons = Counter(a.refused for a in found if a.group in ESTATE and a.refused)
    players: dict[str, set[Any]] = {}
    for a in found:
        if a.group in ESTATE and a.refused:
            players.setdefault(a.refused, set()).add(a.command.get("player"))
    found = [a for a in found if not (a.group in ESTATE and reasons[a.refused or ""] > 2
                                      and len(players.get(a.refused or "", ())) > 1)]
    found += _forms(game, found)
    taken = undo_action(game, stored) if undo else None
    if taken is not None:
        found.append(taken)
    return found


def allowed_actions(game: TableGame) -> list[Action]:
    """What the banker may do now, with every amount worked out by the engine."""
    return [a for a in menu(game) if a.enabled]


def _action(game: TableGame, c: Candidate, events: list[Event], refused: str | None) -> Action:
    assert game.table is not None
    label = c.label(events) if callable(c.label) else c.label
    preview = () if c.params else tuple(say(game.table, e) for e in events)
    judge = c.command.get("type") in JUDGE_TYPES
    return Action(id=c.id, label=label, command=c.command, group=c.group, judge=judge,
                  params=tuple(Param(*p) for p in c.params), refused=refused, preview=preview,
                  form=c.form)


def _forms(game: TableGame, found: list[Action]) -> list[Action]:
    """The deal form when some deal is allowed now (CL any mix, SG sales), the PX sale form
    when some offer to sell or buy is."""
    assert game.table is not None and game.state is not None
    trading = game.table.profile.trading
    if trading == "bank_auction":
        if any(a.enabled and a.id.startswith("offer_") for a in found):
            return [Action(id="sale_form", label="Sale by Bank auction: offer to sell or to buy "
                           "(PX 7.1)", command={}, group="sale", form="sale")]
        return []
    if _deal_allowed(game):
        words = "Deal between two players: cash, deeds, cards" if trading == "any_mix" else \
            "Sale between two players: a deed or a Get Out of Jail Free card for cash"
        return [Action(id="deal_form", label=words, command={}, group="deal", form="deal")]
    return []


def _deal_allowed(game: TableGame) -> bool:
    """Whether some deal would be allowed now: cash alone (CL, any mix), or a deed for cash
    (SG sales): a trial of the first that could be, not of every deed and buyer."""
    assert game.state is not None and game.table is not None
    state = game.state
    players = state.active_players()
    if len(players) < 2:
        return False
    if game.table.profile.trading == "any_mix":
        rich = max(players, key=lambda p: p.cash)
        other = next(p for p in players if p.name != rich.name)
        if rich.cash:
            return _allowed(game, rich.name, other.name, {"cash": 1}, {})
    for deed in state.deeds.values():
        if deed.owner is not None and not deed.steps and not state.player(deed.owner).bankrupt:
            buyer = max((p for p in players if p.name != deed.owner), key=lambda p: p.cash)
            if buyer.cash:
                return _allowed(game, deed.owner, buyer.name, {"deeds": [deed.space]},
                                {"cash": 1})
    return False


def _allowed(game: TableGame, first: str, second: str, gives: dict[str, Any],
             takes: dict[str, Any]) -> bool:
    deal = {"type": "trade", "first": first, "second": second, "first_gives": gives,
            "second_gives": takes}
    return trial(game, deal)[1] is None


def fill(action: Action, values: dict[str, Any]) -> dict[str, Any]:
    """The action's command with the typed values put in; raises BadInput for a value missing
    or not a whole number where one is needed."""
    command: dict[str, Any] = _copy(action.command)
    for param in action.params:
        raw = values.get(param.path, param.default)
        if param.kind == "pin" and command.get("type") == "add_judge":
            continue  # hashed with the key made from it (_registered), once
        value = _convert(param, raw)
        target = command
        *parents, leaf = param.path.split(".")
        for key in parents:
            target = target.setdefault(key, {})
        target[leaf] = value
    return _registered(action, values, command)


def _registered(action: Action, values: dict[str, Any], command: dict[str, Any]
                ) -> dict[str, Any]:
    """add_judge with the new judge's key made from the PIN typed (beside its hash)."""
    pins = [param for param in action.params if param.kind == "pin"]
    if command.get("type") != "add_judge" or not pins:
        return command
    pin = str(values.get(pins[0].path, pins[0].default)).strip()
    if not pin:
        raise BadInput(f"{pins[0].prompt}: nothing typed")
    name = command.get("name")
    if not isinstance(name, str):
        return {**command, "pin_hash": hash_pin(pin)}
    return {**command, **registration(name, pin).model_dump()}


def _convert(param: Param, raw: Any) -> Any:
    text = str(raw).strip()
    if not text:
        raise BadInput(f"{param.prompt}: nothing typed")
    if param.kind == "text":
        return text
    if param.kind == "choice":
        return _choose(param, text)
    if param.kind == "pin":
        return hash_pin(text)
    if param.kind == "dice":
        if len(text) != 2 or not text.isdigit():
            raise BadInput(f"type the two dice as two digits (35 = 3 and 5), not {text!r}")
        return [int(text[0]), int(text[1])]
    digits = text.removeprefix("M").replace(",", "")
    if not digits.isdigit():
        raise BadInput(f"{param.prompt}: {text!r} is not a whole number")
    return int(digits)


def _choose(param: Param, text: str) -> Any:
    """The value of the choice named by `text`: its whole words, or the start of only one."""
    lowered = text.lower()
    exact = [v for words, v in param.choices if words.lower() == lowered]
    if exact:
        return exact[0]
    starts = [(w, v) for w, v in param.choices if w.lower().startswith(lowered)]
    if len(starts) == 1:
        return starts[0][1]
    known = ", ".join(w for w, _ in param.choices[:8])
    raise BadInput(f"{param.prompt}: {text!r} is not one of {known}"
                   + (", …" if len(param.choices) > 8 else ""))


def _copy(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _copy(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v
            for k, v in data.items()}


def with_refusal(action: Action, refused: str | None) -> Action:
    """The same action, refused (or allowed) after its values were typed."""
    return replace(action, refused=refused)


# Undo ------------------------------------------------------------------------------------

def undo_plan(game: TableGame, stored: list[StoredEvent] | None = None) -> list[str]:
    """What the banker's undo would take back, in words; raises RuleViolation when it may not."""
    assert game.table is not None and game.game_id is not None
    # The service's in-memory timeline plans the void; no re-reading of the ledger's commands.
    numbers = game.timeline.plan_undo(game.table)
    if stored is None:  # only the entries of the commands undone are read
        spans = [s for s in (game.timeline.entries(n) for n in numbers) if s]
        stored = game.ledger.events(game.game_id, upto_seq=max(s[-1] for s in spans),
                                    from_seq=min(s[0] for s in spans)) if spans else []
    return [say(game.table, voids.stored_to_event(s))
            for s in stored if s.command_no in numbers]


_UNDO_SEEN: dict[tuple[int, str | None, int], list[str] | RuleViolation] = {}


def _undo_once(game: TableGame, stored: list[StoredEvent] | None) -> list[str]:
    """undo_plan, worked out once per ledger head: it reads the whole ledger."""
    key = (id(game.ledger), game.game_id, game.head_seq)
    if key not in _UNDO_SEEN:
        _UNDO_SEEN.clear()
        try:
            _UNDO_SEEN[key] = undo_plan(game, stored)
        except RuleViolation as e:
            _UNDO_SEEN[key] = e
    seen = _UNDO_SEEN[key]
    if isinstance(seen, RuleViolation):
        raise seen
    return seen


def undo_action(game: TableGame, stored: list[StoredEvent] | None = None) -> Action | None:
    """Undo as an action: what it takes back, or the rule that refuses it; None when there is
    nothing to undo."""
    try:
        taken = _undo_once(game, stored)
    except RuleViolation as e:
        if "nothing to undo" in e.message:
            return None
        return Action(id="undo", label="Undo the last entry", command={"type": "undo"},
                      group="officials", refused=refusal_text(e))
    first = taken[0] if taken else "the last entry"
    return Action(id="undo", label=f"Undo: take back “{first}”"
                  + (f" and {len(taken) - 1} more" if len(taken) > 1 else ""),
                  command={"type": "undo"}, group="officials", preview=tuple(taken))


# Debts ------------------------------------------------------------------------------------

def debt_lines(game: TableGame) -> list[str]:
    """Each open debt in words: who owes what to whom, and what selling and mortgaging could
    still raise (the engine's own figure)."""
    if game.state is None or game.table is None:
        return []
    state, table = game.state, game.table
    lines = []
    for d in state.debts:
        cash = state.player(d.debtor).cash
        most = raisable(table.board, state, d.debtor, table.profile.hotel_outright_sale)
        creditor = "the Bank" if d.creditor == BANK else d.creditor
        short = d.amount - most
        lines.append(f"{d.debtor} owes {money(d.amount)} to {creditor} ({d.reason}). Cash "
                     f"{money(cash)}; selling every building and mortgaging every deed could "
                     f"raise {money(most - cash)} more"
                     + (f" — still {money(short)} short" if short > 0 else "."))
    return lines


def time_left_ms(game: TableGame) -> int | None:
    """The clock's time left now (None before it starts or in an untimed game)."""
    clock = game.state.clock if game.state is not None else None
    if clock is None or clock.started_at is None:
        return None
    return remaining_ms(clock, game.now())
