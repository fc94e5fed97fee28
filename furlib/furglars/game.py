"""A game of The Furglars: the match played by :class:`~furlib.furglars.rules.FurglarsRules`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.engine.game import Game
from ..core.errors import IllegalAction
from .actions import Roll
from .faces import DEFAULT_FACES, Chart
from .rules import FurglarsRules
from .texts import FurglarsTexts
from .views import FurglarsFacts, FurglarsView

__all__ = ["Furglars"]


class Furglars(FurglarsFacts, Game):
    """The Furglars: capture, steal and protect Furgles, cash them in for Bullion.

    A turn: (1) cash in every Furgle on your card by the Bullion chart (reach
    the target and you win at once); those dice and every Lock on your card
    join the dice in front of you; (2) roll all the dice in front of you
    (none: the turn passes); (3) Furgles and Locks you roll go on your card;
    (4) each Hand may break one Lock of another player or steal one Furgle
    from a player with no Lock left; (5) everything not on your card (Hands,
    Xs, broken Locks) passes to the next player.

    Parameters
    ----------
    players : int or list of str, default 3
        How many players (2 to 6), or their names; the next player is the
        one after you in this list (your left).
    dice_per_player : int, optional
        Dice each player starts with (1 to ``MAX_DICE_PER_PLAYER``, 10);
        default 5 with 2 players, 4 with 3-5, 3 with 6. The dice in play
        stay the same all game.
    faces : sequence of str, default ``("furgle", "furgle", "lock", "hand", "hand", "x")``
        The faces of every die, 1 to ``MAX_FACES`` (24), each one of
        ``"furgle"``, ``"lock"``, ``"hand"``, ``"x"`` written exactly so; all
        faces are equally likely, and at least 1 face in 6 is a Furgle
        (``MIN_SCORING_CHANCE``). Read lazily: no more than ``MAX_FACES + 1``
        items are read.
    chart : dict or callable, optional
        Bullion chart: points for cashing in n Furgles at once, as a dict
        ``{n: points}`` covering every n from 1 to the dice in play (at most
        ``MAX_CHART_ENTRIES``, 61, entries, keys 0 to 60), or a function of
        n (tabulated when the game starts). Points are whole numbers (ints,
        no floats) from 0 to ``MAX_CHART_POINTS`` (10**9). Default: 1 point
        per Furgle. See the Notes for how little a chart may pay.
    target : int, optional
        Points that win, checked right after cashing in: 1 to ``MAX_TARGET``
        (200); default 15, or 21 with 2 players.
    x_factor : bool, default False
        The optional "X" Factor: roll only Xs and every other player gives
        you the Locks on their card, which you roll at once as a bonus roll.
    seed : int, optional
        Seed of the game's own random generator: same seed and same
        decisions, same game.

    Notes
    -----
    Rulings (``RULES.md``): the die faces and the chart are parameters (the
    printed ones are not in the text); Hands may be left unused and may
    target several players in any order; a broken Lock joins your pass pile;
    you never break your own Locks or steal from yourself; the X factor
    needs at least one die rolled and at least one Lock on another card.
    When no Hand can be used the turn ends by itself.

    Limits that keep every game short enough to finish (within
    ``Game.MAX_STEPS``), each checked before the game is made: the target
    is at most ``MAX_TARGET``; at least 1 face in 6 is a Furgle; from the
    smallest number of Furgles the chart pays for, up to the most a card can
    cash in, every number ``c`` of Furgles pays at least ``c / 4`` points
    (``MIN_POINTS_PER_FURGLE``); and a player's own dice show a number of
    Furgles that pays with a chance of at least 1 in 6
    (``MIN_SCORING_CHANCE``).

    Examples
    --------
    >>> g = Furglars(["Kenzie", "Sofia", "Quinn"], seed=1)
    >>> g.apply(Roll(("furgle", "furgle", "hand", "x"))).current_player   # a rigged roll
    'Sofia'
    >>> g.furgles["Kenzie"], g.dice_in_front["Sofia"]
    (2, 6)
    >>> print(g.log())
       1  Kenzie rolls 4 dice: 2 Furgles, 1 Hand and 1 X
       1  Kenzie keeps 2 Furgles on the card and passes 2 dice to Sofia: 1 unused Hand and 1 X
    """

    RULES = FurglarsRules
    VIEW = FurglarsView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    TEXTS = FurglarsTexts

    def __init__(
        self,
        players: int | Sequence[str] = 3,
        *,
        dice_per_player: int | None = None,
        faces: Sequence[str] = DEFAULT_FACES,
        chart: Chart | None = None,
        target: int | None = None,
        x_factor: bool = False,
        seed: int | None = None,
    ):
        super().__init__(players, seed=seed)
        self._begin(FurglarsRules.of(len(self.players), names=self.players, dice_per_player=dice_per_player,
                                     faces=faces, chart=chart,
                                     target=target, x_factor=x_factor))

    # --------------------------------------------------- friendly verbs
    def roll(self, *faces: str) -> Furglars:
        """Roll now: with the game's dice, or with the given faces (a rigged roll).

        >>> Furglars(2, seed=1).roll("hand", "x", "x", "lock", "furgle").locks["Player 1"]
        1
        """
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); nobody rolls any more.")
        if not self.is_chance:
            raise IllegalAction(f"{self.current_player} cannot roll now.", self.legal_actions())
        if faces:
            if len(faces) == 1 and isinstance(faces[0], (tuple, list)):
                faces = tuple(faces[0])
            self.apply(Roll(tuple(faces)))
        else:
            self.step()
        return self
