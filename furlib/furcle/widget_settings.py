"""The settings panel of the Oh Furcle! app: players (human or which bot), target, dice, Beekin, seed.

Used by :class:`furlib.furcle.widget.FurcleApp`; imports ipywidgets, so
``import furlib`` never imports it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import ipywidgets as widgets

from ..core.policy import RandomBot
from .bots import BeekinSmart, SatisfiedAt
from .rules import Furcle

__all__ = ["FurcleSettings", "SEAT_KINDS"]

#: What a seat of the settings panel can be: a person at the screen, or a bot.
SEAT_KINDS = ("Human", "BeekinSmart", "SatisfiedAt", "RandomBot")


@dataclass
class _Seat:
    name: widgets.Text
    kind: widgets.Dropdown
    points: widgets.IntText
    box: widgets.HBox


class FurcleSettings:
    """The settings panel: players (names, human or which bot), target, dice, Beekin, seed.

    Attributes ``n_players``, ``seats`` (each with ``.name``, ``.kind`` and
    ``.points``, the k of ``SatisfiedAt(k)``), ``target``, ``n_dice``,
    ``beekin``, ``seed`` (blank: random), ``new_game_button`` and ``error``
    are the widgets; ``box`` holds them. Values are never clamped: a bad one
    is reported by :meth:`read`.
    """

    def __init__(self, game: Furcle, bots: Mapping[str, Callable]):
        style = {"description_width": "110px"}
        self.n_players = widgets.IntSlider(min=1, max=8, description="Players", style=style,
                                           tooltip="How many players sit at the table")
        self.seats: list[_Seat] = []
        self.seat_box = widgets.VBox()
        self.target = widgets.IntText(description="Target", style=style,
                                      tooltip="Track score that makes a player the Leader")
        self.n_dice = widgets.IntText(description="Number of dice", style=style,
                                      tooltip="Dice rolled at the start of each turn (2 to 10)")
        self.beekin = widgets.Checkbox(description="Beekin allowed (+1 to one die, once a turn)",
                                       indent=False)
        self.seed = widgets.Text(description="Seed", placeholder="blank: random", style=style,
                                 tooltip="Same seed and same moves: same game")
        self.new_game_button = widgets.Button(description="New game", button_style="primary", icon="refresh",
                                              tooltip="Start a new game with these settings")
        self.new_game_button.add_class("furlib-new-game")
        self.error = widgets.HTML()
        self.error.add_class("furlib-settings-error")
        self.n_players.observe(lambda _: self._resize(), "value")
        self.box = widgets.VBox([self.n_players, self.seat_box, self.target, self.n_dice, self.beekin,
                                 self.seed, self.new_game_button, self.error])
        self.box.add_class("furlib-settings")
        self.fill(game, bots)

    def _resize(self) -> None:
        while len(self.seats) < self.n_players.value:
            i = len(self.seats)
            name = widgets.Text(value=f"Player {i + 1}", description=f"Seat {i + 1}",
                                layout=widgets.Layout(width="220px"), style={"description_width": "50px"})
            kind = widgets.Dropdown(options=SEAT_KINDS, value="BeekinSmart", layout=widgets.Layout(width="130px"))
            points = widgets.IntText(value=20, description="at", layout=widgets.Layout(width="100px"),
                                     style={"description_width": "20px"},
                                     tooltip="SatisfiedAt(k) banks once the turn score reaches k")
            kind.observe(lambda _, k=kind, p=points: setattr(p, "disabled", k.value != "SatisfiedAt"), "value")
            points.disabled = True
            self.seats.append(_Seat(name, kind, points, widgets.HBox([name, kind, points])))
        del self.seats[self.n_players.value:]
        self.seat_box.children = [s.box for s in self.seats]

    def fill(self, game: Furcle, bots: Mapping[str, Callable]) -> None:
        """Show the settings of a game in the panel.

        Parameters
        ----------
        game : Furcle
            Its players, target, number of dice and Beekin rule are shown.
        bots : dict
            ``{player name: policy}`` for the bot seats; the other seats show
            "Human". A policy that is not one of :data:`SEAT_KINDS` shows as
            BeekinSmart.
        """
        self.n_players.max = max(8, len(game.players))
        self.n_players.value = len(game.players)
        self._resize()
        for seat, name in zip(self.seats, game.players):
            seat.name.value = name
            bot = bots.get(name)
            kind = "Human" if bot is None else type(bot).__name__
            seat.kind.value = kind if kind in SEAT_KINDS else "BeekinSmart"
            if isinstance(bot, SatisfiedAt):
                seat.points.value = bot.points
        self.target.value, self.n_dice.value, self.beekin.value = game.target, game.n_dice, game.beekin
        self.error.value = ""

    def read(self) -> tuple[Furcle, dict[str, Callable]]:
        """A new game and its bots, as the panel says.

        Returns
        -------
        (Furcle, dict)
            The new game and ``{player name: policy}`` for its bot seats.

        Raises
        ------
        ValueError
            Naming the bad setting and what is accepted (from ``Furcle`` for
            names, target and dice; here for the seed and ``SatisfiedAt(k)``).
        """
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise ValueError(f"seed must be blank (random) or a whole number >= 0, got {self.seed.value!r}")
        names = [s.name.value.strip() for s in self.seats]
        game = Furcle(players=names, target=self.target.value, n_dice=self.n_dice.value,
                      beekin=self.beekin.value, seed=int(text) if text else None)
        bots: dict[str, Callable] = {}
        for i, (seat, name) in enumerate(zip(self.seats, names)):
            kind = seat.kind.value
            if kind == "SatisfiedAt":
                if seat.points.value < 1:
                    raise ValueError(f"SatisfiedAt(k) for {name} needs k >= 1, got {seat.points.value}")
                bots[name] = SatisfiedAt(seat.points.value)
            elif kind == "BeekinSmart":
                bots[name] = BeekinSmart()
            elif kind == "RandomBot":
                bots[name] = RandomBot(seed=i)
        return game, bots
