"""The settings panel of The Furglars app: players and bots, target, dice, faces, chart, X factor, seed.

A configuration of the shared :class:`furlib.core.app.settings.GameSettings`
(blank fields mean the game's defaults, faces too; every bad field is
reported at once). Used by :class:`furlib.furglars.widget.FurglarsApp`;
imports ipywidgets, so ``import furlib`` never imports it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.app.settings import HUMAN, MAX_DIGITS, WRAP, Field, GameSettings, bot_seat, random_seat
from ..core.errors import excerpt
from ..core.words import join_words, plural
from .bots import GreedyThief, Mastermind
from .checks import DEFAULT_DICE, MAX_DICE_PER_PLAYER, MAX_TARGET
from .faces import DEFAULT_FACES, KINDS, check_chart
from .game import Furglars

__all__ = ["FurglarsSettings", "SEAT_KINDS", "CHART_KINDS", "MAX_APP_TARGET"]

#: The largest target the app offers: the game's own limit, ``MAX_TARGET`` (a game between bots to it ends in
#: seconds).
MAX_APP_TARGET = MAX_TARGET
#: How the Bullion chart is given: the same points for every Furgle, or a table.
CHART_KINDS = ("points per Furgle", "table")

_KINDS = (HUMAN, bot_seat(Mastermind), bot_seat(GreedyThief), random_seat())

#: What a seat can be: a person at the screen, or a bot (Mastermind plays best).
SEAT_KINDS = tuple(k.name for k in _KINDS)


def _default_target(n: int) -> int:
    return 21 if n == 2 else 15


#: The face kinds in words: "furgle, lock, hand or x".
_KIND_WORDS = join_words(list(KINDS), "or")


def _faces(text: str) -> list[str]:
    """The faces of a die from "Furgle, lock, HAND, x": any letter case, spaces around commas.

    The game checks the rest (how many faces, a Furgle among them).

    >>> _faces(" FURGLE, Furgle,lock , Hand, x ")
    ['furgle', 'furgle', 'lock', 'hand', 'x']
    >>> _faces("furgle, Banana, kiwi")
    Traceback (most recent call last):
    ...
    ValueError: 'Banana' and 'kiwi' are not faces (furgle, lock, hand or x), got 'furgle, Banana, kiwi'
    """
    typed = [f.strip() for f in text.split(",")]
    if any(not f for f in typed):
        raise ValueError(f"must be blank ({', '.join(DEFAULT_FACES)}) or face names separated by commas "
                         f"({_KIND_WORDS}), got {excerpt(text)}")
    bad = list(dict.fromkeys(f for f in typed if f.lower() not in KINDS))
    if bad:
        shown = [excerpt(f, 20) for f in bad[:3]] + ([f"{len(bad) - 3} more"] if len(bad) > 3 else [])
        are = "is not a face" if len(bad) == 1 else "are not faces"
        raise ValueError(f"{join_words(shown)} {are} ({_KIND_WORDS}), got {excerpt(text)}")
    return [f.lower() for f in typed]


def _table(text: str) -> list[int]:
    """Points for 1, 2, 3, ... Furgles from "1, 3, 6, 10".

    >>> _table("1, 3; 6,10")
    [1, 3, 6, 10]
    """
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts or not all(p.isdecimal() and len(p) <= MAX_DIGITS for p in parts):
        raise ValueError(f"must be blank (1 per Furgle) or whole numbers >= 0 separated by commas, "
                         f"e.g. 1, 3, 6, 10; got {excerpt(text)}")
    return [int(p) for p in parts]


class FurglarsSettings(GameSettings):
    """The settings panel of the app; "New game" reads it with :meth:`read`.

    Widgets: ``n_players``, ``seats`` (each with ``.name`` and ``.kind``, one
    of :data:`SEAT_KINDS`), ``target`` and ``dice_per_player`` (blank: the
    rulebook's value for the number of players; a field showing it follows
    a change of the number of players), ``faces`` (the faces of a die,
    separated by commas, any letter case; blank: the printed die),
    ``chart_kind`` (one of :data:`CHART_KINDS`), ``per_furgle`` (points per
    Furgle; blank: 1), ``chart_table`` (points for 1, 2, 3, ... Furgles;
    blank: 1 per Furgle), ``x_factor``, ``seed`` (blank: random),
    ``new_game_button`` and ``error``; ``box`` holds them. Values are never
    clamped: :meth:`read` reports every bad one at once.
    """

    GAME = Furglars
    SEAT_KINDS = _KINDS
    DEFAULT_KIND = "Mastermind"
    FIELDS = (
        Field("target", "Target", default=_default_target, low=1, high=MAX_APP_TARGET, width="300px",
              placeholder=f"blank: {_default_target(3)} ({_default_target(2)} with 2 players)",
              blank=f"{_default_target(3)}, or {_default_target(2)} with 2 players",
              tooltip="Bullion Points that win, checked when a player cashes in"),
        Field("dice_per_player", "Dice per player", default=lambda n: DEFAULT_DICE[n], low=1,
              high=MAX_DICE_PER_PLAYER, width="300px", placeholder="blank: 5, 4 or 3 by players",
              blank="5, 4 or 3 by the number of players",
              tooltip=f"Dice each player starts with (1 to {MAX_DICE_PER_PLAYER}); blank: 5 with 2 players, "
                      "4 with 3-5, 3 with 6"),
        Field("faces", "Faces of a die", kind="text", parse=_faces, show=", ".join, width="400px",
              placeholder="blank: furgle, furgle, lock, hand, hand, x",
              tooltip="The faces of every die, separated by commas: furgle, lock, hand or x"),
        Field("chart_kind", "Bullion chart", kind="choice", options=CHART_KINDS, width="250px",
              tooltip="Points for cashing in the Furgles on a card"),
        Field("per_furgle", "points per Furgle", default="1", low=0, width="190px"),
        Field("chart_table", "points for 1, 2, ... Furgles", kind="text", parse=_table, width="400px",
              placeholder="e.g. 1, 3, 6, 10 (blank: 1 per Furgle)",
              tooltip="One number per count of Furgles, from 1 up to the dice in play"),
        Field("x_factor", "X factor: only Xs rolled? Take every Lock and roll it", kind="bool"),
    )
    # the widgets of the fields this panel reads itself (GameSettings sets one attribute per field)
    chart_kind: widgets.Dropdown
    per_furgle: widgets.Text
    chart_table: widgets.Text
    dice_per_player: widgets.Text

    def __init__(self, game: Furglars, bots: Any):
        super().__init__(game, bots)
        self.chart_kind.observe(lambda _: self._show_chart_input(), "value")
        self._show_chart_input()

    # ------------------------------------------------------------------ hooks
    def _field_rows(self) -> list[widgets.Widget]:
        f = self.fields
        return [f["target"], f["dice_per_player"], f["faces"],
                widgets.HBox([f["chart_kind"], f["per_furgle"]], layout=widgets.Layout(**WRAP)),
                f["chart_table"], f["x_factor"]]

    def _show_chart_input(self) -> None:
        table = self.chart_kind.value == "table"
        self.per_furgle.layout.display = "none" if table else None
        self.chart_table.layout.display = None if table else "none"

    def _fill_extra(self, game: Furglars) -> None:
        per = game.chart[1]
        if all(v == per * n for n, v in game.chart.items()):
            self.chart_kind.value, self.per_furgle.value = "points per Furgle", str(per)
            self.chart_table.value = ""
        else:
            self.chart_kind.value = "table"
            self.chart_table.value = ", ".join(str(game.chart[n]) for n in range(1, game.total_dice + 1))
        self._show_chart_input()

    def _combined_keys(self) -> set[str]:
        return {"chart"}

    def _chart_input(self) -> str:
        """The key of the chart's box shown: points per Furgle, or the table."""
        return "chart_table" if self.chart_kind.value == "table" else "per_furgle"

    def _read_field(self, spec: Field) -> tuple[bool, Any]:
        if spec.key in ("per_furgle", "chart_table") and spec.key != self._chart_input():
            return False, None                 # the hidden box of the chart is not read
        return super()._read_field(spec)

    def _spec_of(self, key: str) -> Field | None:
        return super()._spec_of(self._chart_input() if key == "chart" else key)

    def _combine(self, values: dict[str, Any], problems: list[str]) -> dict[str, Any]:
        kind = values.pop("chart_kind", CHART_KINDS[0])
        per = values.pop("per_furgle", None)
        table = values.pop("chart_table", None)
        n = len(self.seats)
        if self.dice_per_player.value.strip() and "dice_per_player" not in values:
            return values                      # refused: the dice in play are not known
        total = n * (values.get("dice_per_player") or DEFAULT_DICE.get(n, 0))
        chart: Any = None
        if kind == "table" and table is not None:
            if len(table) < total:
                problems.append(f"{self.chart_table.description}: {total} dice are in play, so list {total} "
                                f"numbers (points for 1, 2, ..., {total} Furgles), got {plural(len(table), 'number')}: "
                                f"{excerpt(self.chart_table.value.strip())}")
            else:
                chart = {k + 1: p for k, p in enumerate(table)}
        elif kind != "table" and per is not None:
            chart = lambda furgles, per=per: per * furgles  # noqa: E731 - the chart is a function, made in one branch
        if chart is not None:
            try:
                check_chart(chart, total)      # the game's check of a chart, with the dice in play
                values["chart"] = chart
            except ValueError as e:
                problems.append(self._refusal("chart", chart, str(e)))
        return values
