"""A game of Oh Furcle!: the match played by :class:`~furlib.furcle.rules.FurcleRules`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.engine.game import Game
from ..core.errors import IllegalAction
from .actions import Dice
from .rules import ROLL, FurcleRules
from .scoring import DEFAULT_BONUS, check_bonus
from .texts import FurcleTexts
from .views import FurcleFacts, FurcleView

__all__ = ["Furcle"]


class Furcle(FurcleFacts, Game):
    """Oh Furcle!: push-your-luck with five dice.

    Roll the dice; every group of equal faces scores (pair: the face; three
    of a kind: face + 10; four: + 15; five: + 20). Then be Satisfied (bank
    the turn score) or roll the dice that scored again. A roll with all
    faces different is a Furcle: the turn score is lost. Once a turn you may
    say Beekin and add 1 to one die. The first to reach the target becomes
    the Leader; a Leader still leading at the start of their next turn wins.

    Parameters
    ----------
    players : int or list of str, default 2
        How many players (1 or more), or their names.
    target : int or None, default 50
        Track score that makes a player the Leader (1 to ``MAX_TARGET``,
        1000: a game to it ends well within ``MAX_STEPS``). ``None`` is
        practice: there is no target, nobody becomes the Leader and the game
        never ends by itself, so it is played turn by turn with :meth:`step`
        (``play()`` refuses it), e.g. to watch one player's turns for a
        lesson; it still holds at most ``MAX_STEPS`` actions.
    n_dice : int, default 5
        Dice rolled at the start of each turn (2 to ``MAX_DICE``, 10).
    sides : int, default 6
        Faces per die (2 to ``MAX_SIDES``, 20), numbered 1 to ``sides``.
    bonus : dict, optional
        Bonus per group size, default ``{2: 0, 3: 10, 4: 15, 5: 20}``; a larger
        group gets the largest bonus plus 5 per extra die. The sizes are 2, 3,
        ... with no gap, up to at most ``MAX_DICE`` (no roll has a bigger
        group); each bonus is 0 to ``MAX_BONUS`` (1000).
    beekin : bool, default True
        Whether the once-a-turn Beekin may be used.
    seed : int, optional
        Seed of the game's own random generator: same seed and same
        decisions, same game.

    Notes
    -----
    Rulings (``RULES.md``): scoring dice are all dice in scoring groups; a
    Beekin is used after seeing a roll and before it is scored, on a die not
    showing the top face; a player becomes Leader after banking when their
    total reaches the target and there is no Leader or they pass the Leader's
    total strictly; a Leader wins at the start of their next turn.

    Examples
    --------
    >>> g = Furcle(players=["Ann", "Bob"], seed=3)
    >>> g.apply(Dice((3, 3, 5, 6, 1)))   # a rigged first roll
    <Furcle ...>
    >>> g.roll_points
    3
    >>> [str(a) for a in g.legal_actions()][:3]
    ['roll again', 'be Satisfied', 'Beekin die 0']
    """

    RULES = FurcleRules
    VIEW = FurcleView
    MIN_PLAYERS = 1
    MAX_PLAYERS = None
    TEXTS = FurcleTexts

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        *,
        target: int | None = 50,
        n_dice: int = 5,
        sides: int = 6,
        bonus: Mapping[int, int] | None = None,
        beekin: bool = True,
        seed: int | None = None,
    ):
        super().__init__(players, seed=seed)
        table = None if bonus is None else check_bonus(bonus)   # one rule set for the printed table however given
        self._begin(FurcleRules.of(len(self.players), target=target, n_dice=n_dice, sides=sides,
                                   bonus=None if table == DEFAULT_BONUS else table, beekin=beekin))

    def play(self, *policies: Any, max_steps: int | None = None) -> Furcle:
        """Play to the end and return the game (see :meth:`furlib.core.engine.game.Game.play`).

        A practice game (``target=None``) never ends, so it is refused unless
        ``max_steps`` says how many actions to play: step it turn by turn instead.
        """
        if self.target is None and max_steps is None:
            raise ValueError("this game has no target (target=None, practice), so nobody ever wins and play() would "
                             "never end: play it turn by turn with step(), e.g. while g.turn <= 100: g.step(bot)")
        super().play(*policies, max_steps=max_steps)
        return self

    # --------------------------------------------------- friendly verbs
    def roll(self, *faces: int) -> Furcle:
        """Roll now: with the game's dice, or with the given faces (a rigged roll).

        After a scoring roll this also means "not Satisfied: roll again".

        >>> Furcle(seed=1).roll(2, 2, 4, 5, 6).roll_points
        2
        """
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); nobody rolls any more.")
        start = self.n_steps
        try:
            if not self.is_chance and ROLL in self.legal_actions():
                self.apply(ROLL)
            if not self.is_chance:
                raise IllegalAction(f"{self.current_player} cannot roll now: this roll is a Furcle "
                                    "(say Beekin to rescue it, or accept it).", self.legal_actions())
            if faces:   # Dice reads a list given whole (roll([3, 3, 5])) lazily, as far as a roll goes
                self.apply(Dice(faces[0] if len(faces) == 1 and isinstance(faces[0], (tuple, list)) else faces))
            else:
                self.step()
        except BaseException:
            if self.n_steps > start:      # a refused roll changes nothing: take back "roll again" too
                self.undo(self.n_steps - start)
            raise
        return self

