"""The checks Oh Furcle!'s advice makes of what it is given, in English and in French (:mod:`.advice`,
:mod:`.advice_fr`): a game of Oh Furcle! (or a view of one), and a move legal in it now."""

from __future__ import annotations

from typing import cast

from ..core.errors import IllegalAction, check_type, excerpt
from ..core.words import act, plural, possessive
from .actions import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from .game import Furcle
from .texts import faces_text
from .views import FurcleFacts


def _check_game(where: str, game: object) -> None:
    """Raise ValueError, naming ``game``, unless it is a game of Oh Furcle! (a Furcle, or a view of one)."""
    check_type(game, FurcleFacts, f"{where} takes a game of Oh Furcle! (a Furcle, or a view of one)")


def _check_move(where: str, action: object, game: object) -> None:
    """Raise ValueError, naming it, unless ``game`` is a game of Oh Furcle! (or a view of one) and ``action`` a
    move legal in it now (an :class:`~furlib.core.errors.IllegalAction`, listing the legal ones, if it is an
    Oh Furcle! action that is not)."""
    _check_game(where, game)
    if not isinstance(action, (Roll, Satisfied, Beekin, AcceptFurcle, Dice)):
        raise ValueError(f"{where} takes an action of Oh Furcle! (Roll(), Satisfied(), Beekin(die), "
                         f"AcceptFurcle() or Dice(faces)), got {excerpt(action)}")
    g = cast(Furcle, game)
    me = g.current_player
    if me is None:
        raise IllegalAction(f"{where}: {excerpt(action)} is not a legal action now: the game is over, nobody is "
                            "about to move.")
    if g.is_chance:
        k, sides = g.dice_to_roll, g.sides
        if isinstance(action, Roll) or isinstance(action, Dice) and len(action.faces) == k and all(
                1 <= f <= sides for f in action.faces):
            return
        raise IllegalAction(f"{where}: {excerpt(action)} is not a legal action now: "
                            + act(me, f"is about to roll {plural(k, 'die')}") + ", so the move is Roll() (or "
                            f"the roll itself, Dice(faces) with {plural(k, 'face')} from 1 to {sides}).")
    if isinstance(action, Beekin) and not 0 <= action.die < len(g.dice):     # a roll is on the table
        raise ValueError(f"{where}: {excerpt(action)} names no die of the roll on the table (dice "
                         f"{excerpt(g.dice)}, counted from 0)")
    legal = _legal_now(g)
    if action not in legal:
        raise IllegalAction(f"{where}: {excerpt(action)} is not a legal action now ({possessive(me)} move, with the "
                            f"roll {faces_text(g.dice)} on the table).", legal)


def _legal_now(game: Furcle) -> list[object]:
    """The decisions open to the player to move at a decision point, as the game lists them
    (``legal_actions()``). A view lists only its own player's, so one for anyone else (a spectator) reads them
    from what it shows, as the rules list them: a scoring roll is rolled again or banked, a Furcle accepted,
    and each Beekin the game offers (``beekin_options``) may be said."""
    if not game.is_view or game.viewer == game.current_player:
        return game.legal_actions()
    keep: list[object] = [Roll(), Satisfied()] if game.roll_points else [AcceptFurcle()]
    return keep + [beekin for _, beekin in game.beekin_options]
