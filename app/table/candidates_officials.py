"""The candidates for the officials: the clock, breaks, fines, counts, disputes and the judge's orders."""

from __future__ import annotations

from app.table.candidate_types import Choices, Finder, ParamSpec, m
from models.board import Street


def official_candidates(f: Finder) -> None:
    s = f.s
    if s.clock is not None and s.clock.started_at is None:
        f.add("start_clock", "officials", f"Start the clock ({s.clock.minutes} minutes)",
              {"type": "start_clock"})
    for p in s.active_players():
        who = p.name
        if who in s.breaks:
            f.add(f"returned:{who}", "officials", f"{who} is back at the table",
                  {"type": "player_returned", "player": who})
        else:
            f.add(f"break:{who}", "officials", f"{who} leaves for a toilet break",
                  {"type": "toilet_break", "player": who}, keep=False)
        f.add(f"absent:{who}", "officials", f"{who} is absent at the start (out of the game)",
              {"type": "declare_absent", "player": who}, keep=False)
        fine = {"type": "fine", "player": who}
        f.add(f"fine:{who}", "fine", f"Fine {who} (to the Bank)", fine,
              params=(("amount", "Amount", "amount", ""), ("reason", "Reason", "text", "")),
              trial={**fine, "amount": 1, "reason": "reason"})
        count = {"type": "count_cash", "player": who}
        f.add(f"count:{who}", "officials", f"Count {who}'s cash (ledger says {m(p.cash)})",
              count, params=(("counted", "Counted", "amount", ""),),
              trial={**count, "counted": p.cash})
    dispute = {"type": "raise_dispute"}
    f.add("dispute", "officials", "Raise a dispute", dispute,
          params=(("raised_by", "Raised by", "text", "banker"), ("about", "About", "text", "")),
          trial={**dispute, "raised_by": "banker", "about": "about"})
    if s.ended is not None:
        f.add("scoresheet", "officials", f"The game is over ({s.ended}): the scoresheet — "
              "preview, print, PDF, collect", {}, form="scoresheet", tried=False)
    if s.phase == "over":
        f.add("collect_scoresheet", "officials", "Collect the signed scoresheet (locks the game)",
              {"type": "collect_scoresheet"}, keep=False)


def judge_candidates(f: Finder) -> None:
    s = f.s
    if s.clock is not None and s.clock.started_at is not None:
        if s.clock.paused_at is None:
            pause = {"type": "pause_clock"}
            f.add("pause_clock", "judge", "Judge: pause the clock", pause,
                  params=(("reason", "Reason", "text", ""),), trial={**pause, "reason": "reason"})
        else:
            f.add("resume_clock", "judge", "Judge: resume the clock", {"type": "resume_clock"})
    length = {"type": "set_game_length"}
    f.add("set_game_length", "judge", "Judge: set the game length", length,
          params=(("minutes", "Minutes", "number", ""), ("reason", "Reason", "text", "")),
          trial={**length, "minutes": 60, "reason": "reason"}, keep=False)
    for d in s.disputes:
        if d.ruling is None:
            rule = {"type": "rule_dispute", "dispute": d.dispute}
            f.add(f"rule:{d.dispute}", "judge", f"Judge: rule on dispute {d.dispute} ({d.about})",
                  rule, params=(("ruling", "Ruling", "text", ""),),
                  trial={**rule, "ruling": "ruling"})
    for c in s.checks:
        if c.finding is None and c.difference:
            for finding, words in (("ledger_corrected", "the ledger was corrected"),
                                   ("count_wrong", "the count was wrong")):
                settle = {"type": "settle_count", "check": c.check, "finding": finding}
                f.add(f"settle:{c.check}:{finding}", "judge",
                      f"Judge: settle cash count {c.check}: {words}", settle,
                      params=(("reason", "Reason", "text", ""),),
                      trial={**settle, "reason": "reason"})
    for p in s.active_players():
        dq = {"type": "disqualify", "player": p.name}
        f.add(f"disqualify:{p.name}", "judge", f"Judge: disqualify {p.name}", dq,
              params=(("reason", "Reason", "text", ""),), tried=False)
    if s.locked:
        f.add("unlock", "judge", "Judge: unlock the game", {"type": "unlock"},
              params=(("reason", "Reason", "text", ""),),
              trial={"type": "unlock", "reason": "reason"})
    rewind = {"type": "rewind"}
    f.add("rewind", "judge", "Judge: rewind to a ledger entry", rewind,
          params=(("to_seq", "After entry number", "number", ""), ("reason", "Reason", "text", "")),
          tried=False)  # trying it would read the whole ledger; the service checks it when sent
    _adjustments(f)
    if s.clock is not None and s.clock.called_at is not None:
        withdraw = {"type": "withdraw_time_call"}
        f.add("withdraw_time_call", "judge", "Judge: withdraw the time call", withdraw,
              params=(("reason", "Reason", "text", ""),), tried=False)
        f.add("withdraw_time_call:length", "judge",
              "Judge: withdraw the time call and set a new game length", withdraw,
              params=(("minutes", "New length in minutes", "number", ""),
                      ("reason", "Reason", "text", "")), tried=False)
    f.add("add_judge", "judge", "Judge: register another judge for this game",
          {"type": "add_judge"}, params=(("name", "New judge's name", "text", ""),
                                         ("pin_hash", "New judge's PIN (6+ digits)", "pin", "")),
          tried=False)


YES_NO: Choices = (("no", False), ("yes", True))


def _adjustments(f: Finder) -> None:
    """The judge's corrections (RULES: not bound by the game rules; the totals still balance).
    Each is checked by the engine when it is sent, not tried here."""
    s, board = f.s, f.table.board
    # Only players still in the game: a bankrupt player is no account to correct.
    players: Choices = tuple((p.name, p.name) for p in s.active_players())
    accounts: Choices = (("the Bank", "bank"), *players)
    owners: Choices = (("the Bank", None), *players)
    deeds: Choices = tuple((d.name, d.index) for d in board.deeds())
    streets: Choices = tuple((d.name, d.index) for d in board.deeds() if isinstance(d, Street))
    spaces: Choices = tuple((f"{x.index} {x.name}", x.index) for x in board.spaces)
    cards: Choices = tuple((c.label + f" ({c.id})", c.id) for c in f.table.decks.chance
                           + f.table.decks.chest if c.effect.kind == "get_out_of_jail_free")
    reason: ParamSpec = ("reason", "Reason", "text", "")
    first = s.current
    for id, label, extra in (
            ("adjust_cash", "move cash between two accounts",
             (("from_account", "From", "choice", "the Bank", accounts),
              ("to_account", "To", "choice", first, accounts),
              ("amount", "Amount", "amount", ""))),
            ("adjust_deed", "set a deed's owner and mortgage",
             (("space", "Deed", "choice", deeds[0][0], deeds),
              ("owner", "Owner", "choice", "the Bank", owners),
              ("mortgaged", "Mortgaged", "choice", "no", YES_NO))),
            ("adjust_buildings", "set the buildings on a street",
             (("space", "Street", "choice", streets[0][0], streets),
              ("houses", "Houses (0 to 4)", "number", "0"),
              ("hotel", "Hotel", "choice", "no", YES_NO))),
            ("adjust_token", "put a token on a space",
             (("player", "Player", "choice", first, players),
              ("space", "Space", "choice", spaces[0][0], spaces))),
            ("adjust_jail", "send to or free from Jail",
             (("player", "Player", "choice", first, players),
              ("in_jail", "In Jail", "choice", "yes", YES_NO),
              ("turns_served", "Turns served there (0 to 2)", "number", "0"))),
            ("adjust_card", "hand a Get Out of Jail Free card over",
             (("card", "Card", "choice", cards[0][0] if cards else "", cards),
              ("holder", "Holder", "choice", first, (("back to its deck", None), *players)))),
            ("adjust_turn", "make it a player's turn",
             (("player", "Player", "choice", first, players),))):
        f.add(id, "judge", f"Judge: {label}", {"type": id},
              params=(*extra, reason), tried=False)

