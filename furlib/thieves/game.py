"""A game of Thieves: the match played by :class:`~furlib.thieves.rules.ThievesRules`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.engine.game import Game
from .board import Board
from .rules import ThievesRules
from .texts import ThievesTexts
from .views import ThievesFacts, ThievesView

__all__ = ["Thieves"]


class Thieves(ThievesFacts, Game):
    """Thieves, the two-player labyrinth race.

    Parameters
    ----------
    players : sequence of 2 str, default ("Pale", "Dark")
        The gangs' names; the first begins (the seating is the printed coin flip).
    board : Board, str or pathlib.Path, optional
        The labyrinth (:class:`~furlib.thieves.board.Board`, map text, the
        name of a map furlib ships, ``"crossroads"`` or ``"classic"``, or a
        ``pathlib.Path`` of a map file: a string is never a file's name);
        default furlib's own, ``"crossroads"`` (:mod:`furlib.thieves.default_board`).
    dice : sequence of 6 str, optional
        The faces of each die, default red, yellow, green, blue, white, black.
    doubling : bool, default False
        The doubling-stakes variant: before rolling, the player may offer to
        double; a refusal forfeits at the current stake; the right to
        redouble passes to whoever accepted. furlib's ruling: the stake stops
        at :data:`MAX_STAKE` (2**20): once it is reached no offer to double
        is legal, and the player rolls at once.
    max_turns : int, optional
        End the game undecided (no winner) after this many turns (not in the
        printed rules; for simulations): 1 to :data:`MAX_TURNS` (20,000, so
        that a game ends within ``MAX_STEPS`` actions).
    time_limit : float, optional
        The printed variant's seconds to decide each move, for interactive
        play (the rulebook suggests 10): above 0 and at most
        :data:`MAX_TIME_LIMIT` (3600). The engine never reads a clock: at
        every key use it accepts :class:`~furlib.thieves.actions.TimeUp`,
        which the app's clock applies when the time runs out (the keys left
        are lost). ``TimeUp`` is never among ``legal_actions()``: it is not
        a move, so no bot or player can choose it to dodge the rule that
        every usable key must be used.
    seed : int, optional
        Seed of the game's own dice.

    Notes
    -----
    Choices furlib made where the rulebook leaves room: a turn must use as
    many keys as can be used (both when some plan uses both, see
    :mod:`furlib.thieves.moves`), an escape completing any plan; stealing,
    passing and taking the gold do not move a thief; "more than one on the
    three pathways around the opponent's exit" counts the mover's own
    thieves; an "accomplice" is any thief of the gang not carrying the gold;
    a forbidden count that an opponent's steal pushes over its limit may
    stay, but no own use may raise it; a turn is one player's roll and key
    uses, counted from 1.

    Examples
    --------
    >>> from furlib.thieves import Roll
    >>> g = Thieves(seed=3)
    >>> g.is_chance, g.current_player
    (True, 'Pale')
    >>> g.apply(Roll(("red", "white"))).legal_actions()[0]
    Move(thief=1, row=1, col=3, key='white')
    """

    RULES = ThievesRules
    VIEW = ThievesView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    TEXTS = ThievesTexts

    def __init__(self, players: Sequence[str] | int = ("Pale", "Dark"), *, board: Any = None,
                 dice: Sequence[str] | None = None, doubling: bool = False, max_turns: int | None = None,
                 time_limit: float | None = None, seed: int | None = None):
        super().__init__(players, seed=seed)
        self._begin(ThievesRules.of(len(self.players), board=Board.default() if board is None else Board.load(board),
                                    dice=dice, doubling=doubling, max_turns=max_turns, time_limit=time_limit))

    @classmethod
    def _saved_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """A save made before the default labyrinth changed (December 2026) names no map (board None): it was
        played on the labyrinth now called "classic". Later saves always name their map or give its text."""
        if "board" in params and params["board"] is None:
            return {**params, "board": "classic"}
        return params
