"""The settings panel of The Furglars app: players and bots, target, dice, faces, chart, X factor, seed.

Used by :class:`furlib.furglars.widget.FurglarsApp`; imports ipywidgets, so
``import furlib`` never imports it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import ipywidgets as widgets

from ..core.policy import RandomBot
from .bots import GreedyThief, Mastermind
from .rules import DEFAULT_DICE, Furglars

__all__ = ["FurglarsSettings", "SEAT_KINDS", "CHART_KINDS"]

#: What a seat can be: a person at the screen, or a bot (Mastermind plays best).
SEAT_KINDS = ("Human", "Mastermind", "GreedyThief", "RandomBot")
#: How the Bullion chart is given: the same points for every Furgle, or a table.
CHART_KINDS = ("points per Furgle", "table")
_BOTS: dict[str, Callable[[int], Callable]] = {  # seat kind -> bot for seat i
    "Mastermind": lambda i: Mastermind(),
    "GreedyThief": lambda i: GreedyThief(),
    "RandomBot": lambda i: RandomBot(seed=i),
}


def _default_target(n: int) -> int:
    return 21 if n == 2 else 15


def _whole_or_blank(name: str, text: str, blank: str) -> int | None:
    """``None`` for a blank field, else the whole number it holds (a ValueError names the field)."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(f"{name} must be blank ({blank}) or a whole number, got {text!r}")
    return int(text)


def _table(text: str) -> list[int]:
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(f"the chart table must be whole numbers separated by commas (points for 1, 2, 3, ... "
                         f"Furgles), e.g. '1, 3, 6, 10', got {text!r}")
    return [int(p) for p in parts]


@dataclass
class _Seat:
    name: widgets.Text
    kind: widgets.Dropdown
    box: widgets.HBox


class FurglarsSettings:
    """The settings panel of the app; "New game" reads it with :meth:`read`.

    Widgets: ``n_players``, ``seats`` (each with ``.name`` and ``.kind``, one
    of :data:`SEAT_KINDS`), ``target`` and ``dice_per_player`` (text; blank
    means the rulebook's value for the number of players), ``faces`` (the
    faces of a die, separated by commas), ``chart_kind`` (one of
    :data:`CHART_KINDS`), ``per_furgle`` (points per Furgle),
    ``chart_table`` (points for 1, 2, 3, ... Furgles), ``x_factor``,
    ``seed`` (blank: random), ``new_game_button`` and ``error``; ``box``
    holds them. Values are never clamped: a bad one is reported by
    :meth:`read`.
    """

    def __init__(self, game: Furglars, bots: Mapping[str, Callable]):
        style = {"description_width": "120px"}
        self.n_players = widgets.IntSlider(min=Furglars.MIN_PLAYERS, max=Furglars.MAX_PLAYERS,
                                           description="Players", style=style,
                                           tooltip="How many players sit at the table (2 to 6)")
        self.seats: list[_Seat] = []
        self.seat_box = widgets.VBox()
        self.target = widgets.Text(description="Target", style=style, placeholder="blank: 15 (21 with 2 players)",
                                   tooltip="Bullion Points that win, checked when a player cashes in")
        self.dice_per_player = widgets.Text(description="Dice per player", style=style,
                                            placeholder="blank: 5 with 2 players, 4 with 3-5, 3 with 6",
                                            tooltip="Dice each player starts with (1 to 10)")
        self.faces = widgets.Text(description="Faces of a die", style=style,
                                  layout=widgets.Layout(width="420px"), tooltip="The faces of every die, separated by commas: furgle, lock, hand or x")
        self.chart_kind = widgets.Dropdown(options=CHART_KINDS, description="Bullion chart", style=style,
                                           tooltip="Points for cashing in the Furgles on a card")
        self.per_furgle = widgets.IntText(description="points per Furgle", style={"description_width": "110px"},
                                          layout=widgets.Layout(width="190px"))
        self.chart_table = widgets.Text(description="points for 1, 2, ... Furgles", placeholder="e.g. 1, 3, 6, 10",
                                        style={"description_width": "170px"}, layout=widgets.Layout(width="420px"),
                                        tooltip="One number per count of Furgles, from 1 up to the dice in play")
        self.chart_kind.observe(lambda _: self._show_chart_input(), "value")
        self.x_factor = widgets.Checkbox(description="X factor: roll only Xs, take every Lock and roll it",
                                         indent=False, layout=widgets.Layout(width="460px"),
                                         style={"description_width": "initial"})
        self.seed = widgets.Text(description="Seed", placeholder="blank: random", style=style,
                                 tooltip="Same seed and same moves: same game")
        self.new_game_button = widgets.Button(description="New game", button_style="primary", icon="refresh",
                                              tooltip="Start a new game with these settings")
        self.new_game_button.add_class("furlib-new-game")
        self.error = widgets.HTML()
        self.error.add_class("furlib-settings-error")
        self._shown_n = 0
        self.n_players.observe(lambda _: self._resize(), "value")
        self.box = widgets.VBox([self.n_players, self.seat_box, self.target, self.dice_per_player, self.faces,
                                 widgets.HBox([self.chart_kind, self.per_furgle]), self.chart_table,
                                 self.x_factor, self.seed, self.new_game_button, self.error])
        self.box.add_class("furlib-settings")
        self.fill(game, bots)

    def _show_chart_input(self) -> None:
        table = self.chart_kind.value == "table"
        self.per_furgle.layout.display = "none" if table else None
        self.chart_table.layout.display = None if table else "none"

    def _resize(self) -> None:
        n = self.n_players.value
        while len(self.seats) < n:
            i = len(self.seats)
            name = widgets.Text(value=f"Player {i + 1}", description=f"Seat {i + 1}",
                                layout=widgets.Layout(width="220px"), style={"description_width": "50px"})
            kind = widgets.Dropdown(options=SEAT_KINDS, value="Mastermind", layout=widgets.Layout(width="140px"))
            self.seats.append(_Seat(name, kind, widgets.HBox([name, kind])))
        del self.seats[n:]
        self.seat_box.children = [s.box for s in self.seats]
        old = self._shown_n
        if old and old != n:  # a field still showing the rulebook value follows the number of players
            if self.target.value.strip() == str(_default_target(old)):
                self.target.value = str(_default_target(n))
            if self.dice_per_player.value.strip() == str(DEFAULT_DICE[old]):
                self.dice_per_player.value = str(DEFAULT_DICE[n])
        self._shown_n = n

    def fill(self, game: Furglars, bots: Mapping[str, Callable]) -> None:
        """Show the settings of a game in the panel.

        Parameters
        ----------
        game : Furglars
            Its players, target, dice, faces, chart and X factor are shown.
        bots : dict
            ``{player name: policy}`` for the bot seats; the other seats show
            "Human". A policy that is not one of :data:`SEAT_KINDS` shows as
            Mastermind.
        """
        self._shown_n = 0
        self.n_players.value = len(game.players)
        self._resize()
        for seat, name in zip(self.seats, game.players):
            seat.name.value = name
            bot = bots.get(name)
            kind = "Human" if bot is None else type(bot).__name__
            seat.kind.value = kind if kind in SEAT_KINDS else "Mastermind"
        self.target.value, self.dice_per_player.value = str(game.target), str(game.dice_per_player)
        self.faces.value = ", ".join(game.faces)
        per = game.chart[1]
        if all(v == per * n for n, v in game.chart.items()):
            self.chart_kind.value, self.per_furgle.value = "points per Furgle", per
            self.chart_table.value = ""
        else:
            self.chart_kind.value = "table"
            self.chart_table.value = ", ".join(str(game.chart[n]) for n in range(1, game.total_dice + 1))
        self._show_chart_input()
        self.x_factor.value = game.x_factor
        self.error.value = ""

    def read(self) -> tuple[Furglars, dict[str, Callable]]:
        """A new game and its bots, as the panel says.

        Returns
        -------
        (Furglars, dict)
            The new game and ``{player name: policy}`` for its bot seats.

        Raises
        ------
        ValueError
            Naming the bad setting and what is accepted (from ``Furglars``
            for names, dice, faces and chart values; here for the text fields).
        """
        seed = _whole_or_blank("seed", self.seed.value, "random")
        target = _whole_or_blank("target", self.target.value, "15, or 21 with 2 players")
        dice = _whole_or_blank("dice per player", self.dice_per_player.value, "the rulebook's number")
        faces = [f.strip() for f in self.faces.value.split(",")]
        names = [s.name.value.strip() for s in self.seats]
        kw = dict(players=names, target=target, dice_per_player=dice, faces=faces, x_factor=self.x_factor.value)
        total = Furglars(**kw, seed=0).total_dice  # checks everything but the chart
        if self.chart_kind.value == "table":
            points = _table(self.chart_table.value)
            if len(points) < total:
                raise ValueError(f"the chart table gives points for 1 to {len(points)} Furgles, but {total} dice "
                                 f"are in play: list {total} numbers (points for 1, 2, ..., {total} Furgles)")
            chart: object = {n + 1: p for n, p in enumerate(points)}
        else:
            k = self.per_furgle.value
            chart = {n: k * n for n in range(total + 1)}
        game = Furglars(**kw, chart=chart, seed=seed)
        bots = {name: _BOTS[seat.kind.value](i) for i, (seat, name) in enumerate(zip(self.seats, names))
                if seat.kind.value != "Human"}
        return game, bots
