"""The settings panel of the Thieves app: the two gangs (a person or which bot), doubling, time and turn limits, seed.

A configuration of the shared :class:`furlib.core.app.settings.GameSettings`
(blank fields mean the game's defaults; every bad field is reported at
once, naming the value and what is accepted; nothing is clamped). The
fields are the variants of :class:`furlib.thieves.Thieves`: ``doubling``
(the doubling-stakes rule), ``time_limit`` (the printed variant's seconds
per move; blank: no clock) and ``max_turns`` (a turn limit; blank: none).
The labyrinth and the dice of the game shown are kept. Used by
:class:`furlib.thieves.widget.ThievesApp`; imports ipywidgets, so
``import furlib`` never imports it.
"""

from __future__ import annotations

import math

from ..core.app.settings import HUMAN, Field, GameSettings, bot_seat, random_seat
from ..core.errors import excerpt
from .bots import Foresight, Greedy
from .game import Thieves
from .rules import MAX_TIME_LIMIT, MAX_TURNS

__all__ = ["ThievesSettings", "SEAT_KINDS", "MAX_APP_TURNS", "MAX_TIME_LIMIT"]

#: The largest turn limit the app offers: the game's own, :data:`furlib.thieves.rules.MAX_TURNS` (a game
#: between bots rarely needs 300 turns). ``MAX_TIME_LIMIT`` is the game's too (:mod:`furlib.thieves.rules`).
MAX_APP_TURNS = MAX_TURNS

#: The bots a seat can be: Greedy (the default), Foresight (the strongest: it thinks one roll ahead, about 0.04 s
#: a move) and a random player.
_KINDS = (HUMAN, bot_seat(Greedy), bot_seat(Foresight), random_seat())

#: What a seat of the settings panel can be: a person at the screen, or a bot.
SEAT_KINDS = tuple(k.name for k in _KINDS)


def parse_seconds(text: str) -> float:
    """A time limit typed in the panel: seconds above 0 and at most an hour, e.g. ``"10"`` or ``"7.5"``.

    The refusal names no field: the panel puts the label "Seconds per move" first.

    >>> parse_seconds("10"), parse_seconds(" 7.5 ")
    (10.0, 7.5)
    >>> parse_seconds("ten")
    Traceback (most recent call last):
    ...
    ValueError: must be blank (no time limit) or a number of seconds above 0 and at most 3600, such as 10; got 'ten'
    """
    words = ("must be blank (no time limit) or a number of seconds above 0 and at most "
             f"{MAX_TIME_LIMIT}, such as 10; got {excerpt(text.strip())}")
    try:
        value = float(text)
    except ValueError:
        raise ValueError(words) from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIME_LIMIT:
        raise ValueError(words)
    return value


def _blank_if_none(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class ThievesSettings(GameSettings):
    """The settings panel: the gangs (names, a person or which bot), doubling, time limit, turn limit, seed.

    Widgets: ``n_players`` (always 2), ``seats`` (each with ``.name`` and
    ``.kind``), ``doubling`` (a checkbox), ``time_limit`` and ``max_turns``
    (text: blank means none), ``seed`` (blank: random),
    ``new_game_button`` and ``error``; ``box`` holds them. Values are never
    clamped: :meth:`read` reports every bad one at once.
    """

    GAME = Thieves
    SEAT_KINDS = _KINDS
    DEFAULT_KIND = "Greedy"
    FIELDS = (
        Field("doubling", "Doubling stakes (offer to double before rolling)", kind="bool"),
        Field("time_limit", "Seconds per move", kind="text", default="none", parse=parse_seconds,
              show=_blank_if_none, placeholder="blank: no time limit", width="260px",
              tooltip=f"The printed variant: seconds to decide each key use (above 0, at most {MAX_TIME_LIMIT}); "
                      "when the time runs out, the keys left are lost"),
        Field("max_turns", "Turn limit", default="none", low=1, high=MAX_APP_TURNS, show=_blank_if_none,
              placeholder="blank: no limit", width="230px",
              tooltip=f"End the game undecided after this many turns (1 to {MAX_APP_TURNS}); blank: play to the end"),
    )
