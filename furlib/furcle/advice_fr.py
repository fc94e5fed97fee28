"""The advice's sentences in French: why there is no advice, and the advised move in words.

The French of :func:`furlib.furcle.advice.advice_refused` and :func:`furlib.furcle.advice.describe_move`,
which call these for ``language="fr"`` (the Oh Furcle! app in French shows them in its advice line), made
with :mod:`furlib.core.words_fr`.

>>> from furlib import Furcle
>>> from furlib.furcle.actions import Beekin
>>> g = Furcle(players=2, seed=1).roll(2, 2, 2, 4, 6)
>>> describe_move_fr(Beekin(3), g)
'dire Beekin sur le dé 4 (le 4 devient un 5)'

This module imports no widget or plotting library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.words_fr import french_spacing, plural
from .actions import AcceptFurcle, Beekin, Satisfied
from .advice_checks import _check_move

if TYPE_CHECKING:  # pragma: no cover
    from .game import Furcle

__all__ = ["advice_refused_fr", "describe_move_fr"]


def advice_refused_fr(game: Furcle, limits: dict[str, int]) -> str:
    """Why there is no advice for this game now, in French ("" when there is); ``limits``: ``ADVICE_LIMITS``.

    >>> from furlib import Furcle
    >>> from furlib.furcle.advice import ADVICE_LIMITS
    >>> advice_refused_fr(Furcle(players=3, seed=1), ADVICE_LIMITS)
    'Les conseils sont calculés pour les parties à 2 joueurs seulement.'
    """
    if len(game.players) != limits["players"]:
        return f"Les conseils sont calculés pour les parties à {limits['players']} joueurs seulement."
    if game.target is None:
        return french_spacing("Les conseils sont calculés pour les parties avec un objectif (celle-ci est un "
                              "entraînement : pas d'objectif).")
    if game.target > limits["max_target"] or game.n_dice > limits["max_dice"]:
        return (f"Les conseils sont calculés pour des objectifs jusqu'à {plural(limits['max_target'], 'point')} "
                f"et jusqu'à {plural(limits['max_dice'], 'dé')} (les parties plus grandes sont trop longues à "
                "résoudre).")
    if game.is_over:
        return "La partie est finie."
    return ""


def describe_move_fr(action: object, game: Furcle) -> str:
    """An advised ``action`` in French words, for the moment of ``game`` it is advised at.

    ``action`` is a move legal at that moment, as for :func:`furlib.furcle.advice.describe_move`, which refuses
    the same ones (with the same ValueError, in English as every error).

    >>> from furlib import Furcle
    >>> from furlib.furcle.actions import Roll, Satisfied
    >>> g = Furcle(players=2, seed=1)
    >>> describe_move_fr(Roll(), g), describe_move_fr(Satisfied(), g.roll(2, 2, 2, 4, 6))
    ('lancer 5 dés', 'dire Satisfait et encaisser 12 points')
    >>> describe_move_fr(Satisfied(), Furcle(players=2, seed=1))
    Traceback (most recent call last):
    ...
    furlib.core.errors.IllegalAction: describe_move_fr(): Satisfied() is not a legal action now: Player 1 is about
    to roll 5 dice, so the move is Roll() (or the roll itself, Dice(faces) with 5 faces from 1 to 6).
    """
    _check_move("describe_move_fr()", action, game)
    if isinstance(action, Beekin):
        f = game.dice[action.die]
        return f"dire Beekin sur le dé {action.die + 1} (le {f} devient un {f + 1})"
    if isinstance(action, Satisfied):
        return f"dire Satisfait et encaisser {plural(game.turn_score, 'point')}"
    if isinstance(action, AcceptFurcle):
        if any(points for points, _ in game.beekin_options):
            return "accepter le Furcle (un Beekin pourrait sauver ce lancer)"
        return "accepter le Furcle (rien ne peut sauver ce lancer)"
    if game.is_chance:
        return f"lancer {plural(game.dice_to_roll, 'dé')}"
    return f"relancer ({plural(game.dice_to_roll, 'dé')})"
