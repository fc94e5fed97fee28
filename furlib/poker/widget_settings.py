"""The settings panel of the Furry Poker app: players (a person or which bot), the Advanced Rules, seed.

A configuration of the shared :class:`furlib.core.app.settings.GameSettings`
(every bad field is reported at once, naming the value and what is
accepted; nothing is clamped). Furry Poker has one rule variant, the
printed Advanced Rules (``advanced``: each player is dealt 7 cards and
places one face down first); the players are 2 to 6 (the box says 2-4).
Used by :class:`furlib.poker.widget.PokerApp`; imports ipywidgets, so
``import furlib`` never imports it.

>>> from furlib import FurryPoker
>>> from furlib.poker.bots import Greedy
>>> s = PokerSettings(FurryPoker(["You", "Ann"], advanced=True, seed=1), {"Ann": Greedy()})
>>> s.advanced.value, [seat.kind.value for seat in s.seats], SEAT_KINDS
(True, ['Human', 'Greedy'], ('Human', 'Greedy', 'Planner', 'RandomBot'))
"""

from __future__ import annotations

from typing import Any

from ..core.app.settings import HUMAN, Field, GameSettings, bot_seat, random_seat
from .bots import Greedy, Planner
from .game import FurryPoker

__all__ = ["PokerSettings", "SEAT_KINDS"]

_KINDS = (HUMAN, bot_seat(Greedy), bot_seat(Planner), random_seat())

#: What a seat of the settings panel can be: a person at the screen, or a bot.
SEAT_KINDS = tuple(k.name for k in _KINDS)


class PokerSettings(GameSettings):
    """The settings panel: players (names, a person or which bot), the Advanced Rules, seed.

    Widgets: ``n_players`` (2 to 6), ``seats`` (each with ``.name`` and
    ``.kind``: Human, Greedy, Planner or RandomBot), ``advanced`` (a
    checkbox: the printed Advanced Rules), ``seed`` (blank: random),
    ``new_game_button`` and ``error``; ``box`` holds them.

    Fewer players never drop the person at the screen: if the only Human
    seat would go, it moves into the last seat kept (with its name).
    """

    GAME = FurryPoker
    SEAT_KINDS = _KINDS
    DEFAULT_KIND = "Greedy"
    FIELDS = (
        Field("advanced", "Advanced Rules (7 cards dealt, 1 placed face down first)", kind="bool",
              tooltip="The printed Advanced Rules: each player is dealt 7 cards and places one of them face down "
                      "in their Personal Area before the first round"),
    )

    def _kind_of(self, policy: Any) -> tuple[str, int | None]:    # as GameSettings._kind_of
        """As the shared panel's, but the exact class first: a Planner is a Greedy too, yet shows as Planner."""
        for k in self.kinds.values():
            if k.policy is not None and type(policy) is k.policy:
                return k.name, (k.at_of(policy) if k.at_of else None)
        return super()._kind_of(policy)
