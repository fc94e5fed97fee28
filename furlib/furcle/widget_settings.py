"""The settings panel of the Oh Furcle! app: players (a person or which bot), target, dice, Beekin, seed.

A configuration of the shared :class:`furlib.core.settings.GameSettings`
(blank fields mean the game's defaults; every bad field is reported at
once). Used by :class:`furlib.furcle.widget.FurcleApp`; imports ipywidgets,
so ``import furlib`` never imports it.
"""

from __future__ import annotations

from ..core.settings import HUMAN, Field, GameSettings, SeatKind, random_seat
from .bots import BeekinSmart, SatisfiedAt
from .rules import MAX_DICE, Furcle

__all__ = ["FurcleSettings", "SEAT_KINDS", "MAX_APP_TARGET"]

#: The largest target the app offers: a game to 1000 between bots still ends in a few seconds.
MAX_APP_TARGET = 1000

_KINDS = (
    HUMAN,
    SeatKind("BeekinSmart", lambda i, at: BeekinSmart(), policy=BeekinSmart),
    SeatKind("SatisfiedAt", lambda i, at: SatisfiedAt(at), policy=SatisfiedAt, at=20,
             at_of=lambda bot: bot.points, at_low=1, at_high=MAX_APP_TARGET,
             at_tooltip="SatisfiedAt(k) banks once the turn score reaches k"),
    random_seat(),
)

#: What a seat of the settings panel can be: a person at the screen, or a bot.
SEAT_KINDS = tuple(k.name for k in _KINDS)


class FurcleSettings(GameSettings):
    """The settings panel: players (names, a person or which bot), target, dice, Beekin, seed.

    Widgets: ``n_players``, ``seats`` (each with ``.name``, ``.kind`` and
    ``.at``, the k of ``SatisfiedAt(k)``, shown only for that kind),
    ``target`` and ``n_dice`` (text: blank means 50 and 5), ``beekin``,
    ``seed`` (blank: random), ``new_game_button`` and ``error``; ``box``
    holds them. Values are never clamped: :meth:`read` reports every bad
    one at once.
    """

    GAME = Furcle
    SEAT_KINDS = _KINDS
    DEFAULT_KIND = "BeekinSmart"
    FIELDS = (
        Field("target", "Target", default="50", low=1, high=MAX_APP_TARGET, width="230px",
              tooltip=f"Track score that makes a player the Leader (1 to {MAX_APP_TARGET})"),
        Field("n_dice", "Number of dice", default="5", low=2, high=MAX_DICE, width="230px",
              tooltip=f"Dice rolled at the start of each turn (2 to {MAX_DICE})"),
        Field("beekin", "Beekin allowed (+1 to one die, once a turn)", kind="bool"),
    )
