"""One player's panel: cash, deeds by colour set, Jail, cards, debts, and whether they are to act."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.views import PlayerView, SetHolding, TableView
from ui.table import palette


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
    """One colour set's deeds in a line: the set's name, full or not, each deed and its buildings."""
    colour = palette.set_colour(holding.set_id, holding.set_order) or "#FFFFFF"
    chip = (f"<span style='background:{colour}; color:{palette.text_on(colour)}'>"
            f"&nbsp;{_escape(holding.name)}&nbsp;</span>")
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


class PlayerPanel(QFrame):
    """A player's panel; `show(view)` updates it from the TableView."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.setObjectName("playerPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.heading = QLabel(name)
        self.heading.setObjectName("playerName")
        self.status = QLabel()
        self.status.setObjectName("playerStatus")
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.cash = QLabel()
        self.cash.setObjectName("playerCash")
        self.where = QLabel()
        self.where.setWordWrap(True)  # "on Community Chest" wraps: the panel may be narrow
        self.where.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.deeds = QLabel()
        self.deeds.setWordWrap(True)
        self.deeds.setTextFormat(Qt.TextFormat.RichText)
        self.cards = QLabel()
        self.cards.setWordWrap(True)
        self.debts = QLabel()
        self.debts.setWordWrap(True)
        self.debts.setObjectName("playerDebts")
        top = QHBoxLayout()
        top.addWidget(self.heading)
        top.addStretch(1)
        top.addWidget(self.status)
        money_row = QHBoxLayout()
        money_row.addWidget(self.cash)
        money_row.addStretch(1)
        money_row.addWidget(self.where)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(money_row)
        layout.addWidget(self.deeds)
        layout.addWidget(self.cards)
        layout.addWidget(self.debts)
        self.to_act = False

    def show(self, view: TableView | None = None) -> None:  # type: ignore[override]
        """Show this panel's player as `view` has them (without a view: QWidget.show)."""
        if view is None:
            super().show()
            return
        player = view.player(self.name)
        colour = palette.player_colour(player.seat)
        self.heading.setText(
            f"<span style='background:{colour}; color:{palette.text_on(colour)}'>"
            f"&nbsp;{player.name[:1].upper()}&nbsp;</span> {player.seat}. {_escape(player.name)}")
        self.status.setText(" · ".join(status_words(player)))
        self.cash.setText(money(view.currency, player.cash))
        self.where.setText("" if player.bankrupt else f"on {player.space_name}")
        self.deeds.setText("<br>".join(holding_html(h) for h in player.holdings)
                           or f"<span style='color:{palette.MUTED_TEXT}'>no deeds</span>")
        self.cards.setText(", ".join(player.jail_cards))
        self.cards.setVisible(bool(player.jail_cards))
        self.debts.setText("<br>".join(
            f"Owes {_escape(d.creditor)} {money(view.currency, d.amount)} ({_escape(d.reason)})"
            for d in player.debts))
        self.debts.setVisible(bool(player.debts))
        self.to_act = player.to_act
        self._style(player)

    def _style(self, player: PlayerView) -> None:
        # The player to act stands out: a thick border in the landed-space amber, a tinted face.
        if player.to_act:
            frame = f"border: 4px solid {palette.LANDED}; background: #FFF6DD;"
        elif player.bankrupt:
            frame = "border: 1px solid #BBBBBB; background: #EDEDED;"
        else:
            frame = "border: 1px solid #999999; background: #FFFFFF;"
        faded = palette.MUTED_TEXT if player.bankrupt else palette.TEXT
        if (frame, faded) == getattr(self, "_styled", None):
            return  # a style sheet set again restyles every label: only when it changes
        self._styled = (frame, faded)
        self.setStyleSheet(
            f"QFrame#playerPanel {{ {frame} border-radius: 6px; }}"
            f"QLabel {{ border: none; background: transparent; color: {faded}; }}"
            "QLabel#playerName { font-size: 15pt; font-weight: bold; }"
            "QLabel#playerStatus { font-size: 13pt; font-weight: bold; }"
            "QLabel#playerCash { font-size: 24pt; font-weight: bold; }"
            f"QLabel#playerDebts {{ color: {palette.DEBT}; font-weight: bold; }}")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
