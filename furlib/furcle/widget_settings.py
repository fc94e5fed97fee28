"""The settings panel of the Oh Furcle! app: players (a person or which bot), target, dice, sides, bonus, Beekin, seed.

A configuration of the shared :class:`furlib.core.app.settings.GameSettings`
(blank fields mean the game's defaults; every bad field is reported at
once). Used by :class:`furlib.furcle.widget.FurcleApp`; imports ipywidgets,
so ``import furlib`` never imports it. The panel speaks English or French
(``FurcleSettings(game, bots, language="fr")``, the French app's): the
fields' French words are :data:`FurcleSettings.FIELD_WORDS`, the bonus box
refuses in French by its own French check (:func:`_bonus` with
``language="fr"``), and every other box is checked by the panel itself, so
no English refusal of the game is ever shown in French.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import cast

from ..core.app.settings import HUMAN, MAX_DIGITS, Field, GameSettings, SeatKind, bot_seat, random_seat
from ..core.errors import excerpt
from .bots import MAX_BOT_POINTS, BeekinSmart, SatisfiedAt
from .game import Furcle
from .rules import MAX_DICE, MAX_SIDES, MAX_TARGET
from .scoring import DEFAULT_BONUS, MAX_BONUS

__all__ = ["FurcleSettings", "SEAT_KINDS", "MAX_APP_TARGET"]

#: The largest target the app offers: the game's own limit, ``MAX_TARGET`` (a game to 1000 between bots still ends in
#: a few seconds).
MAX_APP_TARGET = MAX_TARGET

_KINDS = (
    HUMAN,
    bot_seat(BeekinSmart),
    # the settings give this kind its k always (its at is 20, so a blank k is 20)
    SeatKind("SatisfiedAt", lambda i, at: SatisfiedAt(cast(int, at)), policy=SatisfiedAt, at=20,
             at_of=lambda bot: bot.points, at_low=1, at_high=MAX_BOT_POINTS,
             at_tooltip="SatisfiedAt(k) banks once the turn score reaches k"),
    random_seat(),
)

#: What a seat of the settings panel can be: a person at the screen, or a bot.
SEAT_KINDS = tuple(k.name for k in _KINDS)


def _show_bonus(bonus: Mapping[int, int]) -> str:
    return ", ".join(str(bonus[k]) for k in sorted(bonus, key=int))


def _bonus(text: str, language: str = "en") -> dict[int, int]:
    """The bonus table from "0, 10, 15, 20": the bonus for a pair, three, four, five of a kind, ...

    At most ``MAX_DICE - 1`` bonuses (for 2 to ``MAX_DICE`` of a kind), each 0 to ``MAX_BONUS``, as
    ``Furcle(bonus=...)`` takes them; the text is split no further than that. A refusal is in ``language``
    (``"en"`` or ``"fr"``).

    >>> _bonus("0, 10, 15, 20"), _bonus("0;5")
    ({2: 0, 3: 10, 4: 15, 5: 20}, {2: 0, 3: 5})
    >>> _bonus("0, ten")
    Traceback (most recent call last):
    ...
    ValueError: must be blank (0, 10, 15, 20) or whole numbers >= 0 separated by commas, got '0, ten'
    >>> _bonus("0, 5000")
    Traceback (most recent call last):
    ...
    ValueError: each bonus must be at most 1000, got 5000 (for 3 of a kind)
    >>> _bonus(",".join(["0"] * 10))
    Traceback (most recent call last):
    ...
    ValueError: must be at most 9 bonuses (for 2 to 10 of a kind: a roll has at most 10 dice), got '0,0,0,0,0,0,0,0,0,0'
    >>> _bonus("0, 5000", "fr")
    Traceback (most recent call last):
    ...
    ValueError: chaque bonus doit valoir au plus 1000, et non 5000 (pour 3 dés identiques)
    """
    fr = language == "fr"
    parts = [p.strip() for p in text.replace(";", ",").split(",", MAX_DICE - 1)]
    if len(parts) > MAX_DICE - 1:
        raise ValueError(f"doit compter au plus {MAX_DICE - 1} bonus (pour 2 à {MAX_DICE} dés identiques\u00a0: un "
                         f"lancer a au plus {MAX_DICE} dés), et non {excerpt(text)}" if fr else
                         f"must be at most {MAX_DICE - 1} bonuses (for 2 to {MAX_DICE} of a kind: a roll has at most "
                         f"{MAX_DICE} dice), got {excerpt(text)}")
    if not all(p.isdecimal() and len(p) <= MAX_DIGITS for p in parts):
        raise ValueError(f"doit être vide ({_show_bonus(DEFAULT_BONUS)}) ou des nombres entiers de 0 ou plus séparés "
                         f"par des virgules, et non {excerpt(text)}" if fr else
                         f"must be blank ({_show_bonus(DEFAULT_BONUS)}) or whole numbers >= 0 separated by commas, "
                         f"got {excerpt(text)}")
    table = {k + 2: int(p) for k, p in enumerate(parts)}
    for k, v in table.items():
        if v > MAX_BONUS:
            raise ValueError(f"chaque bonus doit valoir au plus {MAX_BONUS}, et non {excerpt(v)} (pour {k} dés "
                             "identiques)" if fr else
                             f"each bonus must be at most {MAX_BONUS}, got {excerpt(v)} (for {k} of a kind)")
    return table


class FurcleSettings(GameSettings):
    """The settings panel: players (names, a person or which bot), target, dice, sides, bonus, Beekin, seed.

    Widgets: ``n_players``, ``seats`` (each with ``.name``, ``.kind`` and
    ``.at``, the k of ``SatisfiedAt(k)``, shown only for that kind),
    ``target``, ``n_dice`` and ``sides`` (text: blank means 50, 5 and 6),
    ``bonus`` (the bonus for a pair, three, four, five ... of a kind,
    separated by commas; blank: 0, 10, 15, 20), ``beekin``,
    ``seed`` (blank: random), ``new_game_button`` and ``error``; ``box``
    holds them. Values are never clamped: :meth:`read` reports every bad
    one at once. ``language="fr"``: the French panel (see the module
    docstring).
    """

    GAME = Furcle
    SEAT_KINDS = _KINDS
    DEFAULT_KIND = "BeekinSmart"
    FIELDS = (
        Field("target", "Target", default="50", low=1, high=MAX_APP_TARGET, width="230px",
              tooltip=f"Track score that makes a player the Leader (1 to {MAX_APP_TARGET})"),
        Field("n_dice", "Number of dice", default="5", low=2, high=MAX_DICE, width="230px",
              tooltip=f"Dice rolled at the start of each turn (2 to {MAX_DICE})"),
        Field("sides", "Sides of a die", default="6", low=2, high=MAX_SIDES, width="230px",
              tooltip=f"Faces of each die, numbered 1 to this (2 to {MAX_SIDES})"),
        Field("bonus", "Bonus for 2, 3, 4, 5 ... of a kind", kind="text", parse=_bonus, show=_show_bonus,
              width="380px", placeholder=f"blank: {_show_bonus(DEFAULT_BONUS)}",
              tooltip=f"Points added to the face for a pair, three, four, five ... of a kind (0 to {MAX_BONUS} "
                      "each); a bigger group gets the last bonus plus 5 per extra die"),
        Field("beekin", "Beekin allowed (+1 to one die, once a turn)", kind="bool"),
    )
    FIELD_WORDS = {"fr": {
        "target": {"label": "Objectif",
                   "tooltip": f"Total à atteindre pour prendre la tête (1 à {MAX_APP_TARGET})"},
        "n_dice": {"label": "Nombre de dés", "tooltip": f"Dés lancés au début de chaque tour (2 à {MAX_DICE})"},
        "sides": {"label": "Faces d'un dé", "tooltip": f"Faces de chaque dé, numérotées de 1 à ce nombre (2 à "
                                                        f"{MAX_SIDES})"},
        "bonus": {"label": "Bonus pour 2, 3, 4, 5 ... dés identiques", "parse": partial(_bonus, language="fr"),
                  "width": "420px", "placeholder": f"vide\u00a0: {_show_bonus(DEFAULT_BONUS)}",
                  "tooltip": f"Points ajoutés à la face pour une paire, un brelan, un carré, cinq ... dés identiques "
                             f"(0 à {MAX_BONUS} chacun)\u00a0; un groupe plus grand reçoit le dernier bonus plus 5 "
                             "par dé en plus"},
        "beekin": {"label": "Beekin autorisé (+1 à un dé, une fois par tour)"},
    }}
    KIND_WORDS = {"fr": {"SatisfiedAt": {"at_tooltip": "SatisfiedAt(k) encaisse dès que le score du tour atteint k"}}}
