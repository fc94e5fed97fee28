"""Advice for Oh Furcle!: the optimal bot's move now and the mover's exact chance to win.

Plain functions over a :class:`~furlib.furcle.Furcle` game and a solver
:class:`~furlib.furcle.solver.Solution` (``solve(...)`` for the game's
rules). :class:`furlib.furcle.widget.FurcleApp` shows them as its advice
line; they work just as well in a script. Without a solution, the game's
rules are solved on first use (a few seconds; saved on disk by
:func:`~furlib.furcle.solver.solve`) and kept in memory for the next calls.

This module imports no widget or plotting library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..core.errors import check_type, excerpt
from ..core.words import plural
from .actions import AcceptFurcle, Beekin, Roll, Satisfied
from .advice_checks import _check_game, _check_move
from .game import Furcle

if TYPE_CHECKING:  # pragma: no cover
    from .solver import Solution

__all__ = ["ADVICE_LIMITS", "advice_refused", "is_solved", "solution_for", "position_value", "best_move",
           "describe_move"]

#: The games the advice is worked out for (a bigger game takes too long to solve here).
ADVICE_LIMITS = {"players": 2, "max_target": 60, "max_dice": 5}
_SOLUTIONS: dict[tuple[object, ...], Solution] = {}  # the last few solutions, by rules (oldest first)
_KEEP = 4


def advice_refused(game: Furcle, language: str = "en") -> str:
    """Why there is no advice for this game now ("" when there is).

    Parameters
    ----------
    game : Furcle
        Any game of Oh Furcle! (or a view of one).
    language : {"en", "fr"}
        The sentence's language (French: :func:`furlib.furcle.advice_fr.advice_refused_fr`).

    Returns
    -------
    str
        A sentence for the player: not 2 players, too big for
        :data:`ADVICE_LIMITS`, or over; ``""`` when advice can be given.

    Raises
    ------
    ValueError
        If ``game`` is not a game of Oh Furcle! (a Furcle, or a view of one).

    Examples
    --------
    >>> advice_refused(Furcle(players=3, seed=1))
    'Advice is worked out for 2-player games only.'
    >>> advice_refused(Furcle(players=2, target=20, seed=1))
    ''
    """
    _check_language(language)
    _check_game("advice_refused()", game)
    if language == "fr":
        from .advice_fr import advice_refused_fr

        return advice_refused_fr(game, ADVICE_LIMITS)
    if len(game.players) != ADVICE_LIMITS["players"]:
        return "Advice is worked out for 2-player games only."
    if game.target is None:
        return "Advice is worked out for games with a target (this one is practice: no target)."
    if game.target > ADVICE_LIMITS["max_target"] or game.n_dice > ADVICE_LIMITS["max_dice"]:
        return (f"Advice is worked out for targets up to {ADVICE_LIMITS['max_target']} and up to "
                f"{ADVICE_LIMITS['max_dice']} dice (bigger games take too long to solve).")
    if game.is_over:
        return "The game is over."
    return ""


def _check_language(language: object) -> str:
    """``language`` if the advice is written in it ("en", "fr"); else a ValueError naming those."""
    if language not in ("en", "fr"):
        raise ValueError(f"language must be one of ['en', 'fr'] (the languages of the advice), got "
                         f"{excerpt(language)}")
    return str(language)


def _check_solution(where: str, solution: object) -> Solution:
    """``solution`` if it is a solver :class:`~furlib.furcle.solver.Solution`; else a ValueError naming it."""
    from .solver import Solution

    return check_type(solution, Solution, f"{where}: solution must be a Solution (solve(...) for the game's rules) "
                      "or None (the game's own, from solution_for())")


def _rules_key(game: Furcle) -> tuple[object, ...]:
    return (game.target, game.n_dice, game.sides, tuple(sorted(game.bonus.items())), game.beekin)


def is_solved(game: Furcle) -> bool:
    """True if :func:`solution_for` has the rules of ``game`` in memory and answers at once.

    False when its first call must solve them, or read them from disk: a
    second or several (the app says so before it starts).

    >>> is_solved(Furcle(players=2, target=13, seed=1))
    False
    """
    _check_game("is_solved()", game)
    return _rules_key(game) in _SOLUTIONS


def solution_for(game: Furcle) -> Solution:
    """The solver's :class:`~furlib.furcle.solver.Solution` for the rules of ``game`` (cached).

    Solved on first use for a rule set (target, dice, sides, bonus, Beekin);
    the last four are kept in memory.

    Parameters
    ----------
    game : Furcle
        A 2-player game, or a view of one (its scores and moment do not matter).

    Returns
    -------
    Solution
        The same object for every game of these rules (its ``P``, ``W``,
        ``tables()`` and ``model`` are read-only, so no caller can change
        another's answers).

    Raises
    ------
    ValueError
        If ``game`` is not a game of Oh Furcle! (a Furcle, or a view of one).
    """
    from .solver import solve

    _check_game("solution_for()", game)
    key = _rules_key(game)
    if key not in _SOLUTIONS:
        if len(_SOLUTIONS) >= _KEEP:
            _SOLUTIONS.pop(next(iter(_SOLUTIONS)))
        _SOLUTIONS[key] = solve(game.target, n_dice=game.n_dice, sides=game.sides, bonus=dict(game.bonus),
                                beekin=game.beekin)
    return _SOLUTIONS[key]


def position_value(game: Furcle, solution: Solution | None = None) -> float:
    """Exact chance that the player to move wins from here, both playing optimally.

    Parameters
    ----------
    game : Furcle
        A 2-player game that is not over, at any moment of a turn, or a view of one (a player's or a
        spectator's: the same answer, as Oh Furcle! hides nothing).
    solution : Solution, optional
        ``solve(...)`` for the game's rules (default: :func:`solution_for`).

    Returns
    -------
    float
        Before a roll: the value of rolling from the turn score and dice in
        hand (at the start of a turn this is ``solution.win_probability``).
        After a roll: the best of the moves left (bank, roll again, a Beekin,
        or the Furcle's value).

    Raises
    ------
    ValueError
        If ``game`` is not a game of Oh Furcle! (a Furcle, or a view of one), is over or does not fit the
        solution, or ``solution`` is not a Solution.

    Examples
    --------
    >>> from furlib.furcle.solver import solve
    >>> sol = solve(target=10, cache=False)
    >>> g = Furcle(players=2, target=10, seed=1)
    >>> abs(position_value(g, sol) - sol.first_player_win) < 1e-12
    True
    """
    _check_game("position_value()", game)
    sol = solution_for(game) if solution is None else _check_solution("position_value()", solution)
    sol.bot.check(game)
    if game.is_over:
        raise ValueError("the game is over: nobody is about to move")
    model = sol.model
    me = cast(str, game.current_player)   # the game is not over: someone is to move
    opp = next(p for p in game.players if p != me)
    a, b = game.scores[me], game.scores[opp]
    led = game.leader == opp
    if game.is_chance:
        state = model.state_index[(game.dice_to_roll, game.beekin_available)]
        return sol.roll_value(a, b, led, game.turn_score, state)

    def value(t: int, state: int) -> float:
        return max(sol.bank_value(a, b, led, t), sol.roll_value(a, b, led, t, state))

    furcle = 0.0 if led else 1.0 - float(sol.P[b, a])
    if game.beekin_options:      # a Beekin may be said (a view, whoever it is for, shows them as the game does)
        i = model.state_index[(len(game.dice), True)]
        out = next(o for o in model.outcomes[i] if o.faces == tuple(sorted(game.dice)))
        before = game.turn_score - game.roll_points
        return max(furcle if ch.points == 0 else
                   value(before + ch.points, model.state_index[(ch.next_dice, ch.beekin is None)])
                   for ch in out.choices)
    if game.roll_points == 0:
        return furcle
    return value(game.turn_score, model.state_index[(game.dice_to_roll, game.beekin_available)])


def best_move(game: Furcle, solution: Solution | None = None) -> tuple[object, float]:
    """What the optimal bot would do now, and the mover's exact chance to win.

    Parameters
    ----------
    game, solution
        As in :func:`position_value`.

    Returns
    -------
    (action, float)
        ``Roll()`` before a roll (the only move), else ``solution.bot(game)``;
        and :func:`position_value`.

    Raises
    ------
    ValueError
        As :func:`position_value`.

    Examples
    --------
    >>> from furlib.furcle.solver import solve
    >>> sol = solve(target=10, cache=False)
    >>> action, chance = best_move(Furcle(players=2, target=10, seed=1), sol)
    >>> action, abs(chance - sol.first_player_win) < 1e-12
    (Roll(), True)
    """
    _check_game("best_move()", game)
    sol = solution_for(game) if solution is None else _check_solution("best_move()", solution)
    action = Roll() if game.is_chance else sol.bot(game)
    return action, position_value(game, sol)


def describe_move(action: object, game: Furcle, language: str = "en") -> str:
    """An advised ``action`` in words, for the moment of ``game`` it is advised at, in ``language`` ("en" or
    "fr": :func:`furlib.furcle.advice_fr.describe_move_fr`).

    ``action`` is a move legal at that moment: before a roll, ``Roll()`` (what :func:`best_move` advises
    there) or the roll itself, ``Dice(faces)`` with a face from 1 to ``sides`` for each die to roll; after a
    roll, one of ``game.legal_actions()``. ``game`` may be a view of the game, whoever it is for: the moves
    are those of the player to move (Oh Furcle! hides nothing).

    Examples
    --------
    >>> g = Furcle(players=2, seed=1)
    >>> describe_move(Roll(), g)
    'roll 5 dice'
    >>> g = g.roll(2, 2, 2, 4, 6)         # three 2s: 12 points
    >>> describe_move(Beekin(3), g), describe_move(Satisfied(), g)
    ('say Beekin on die 4 (the 4 becomes a 5)', 'be Satisfied and bank 12')

    A ValueError names an ``action`` that is not one of Oh Furcle!'s (``Roll()``, ``Satisfied()``,
    ``Beekin(die)``, ``AcceptFurcle()``, ``Dice(faces)``), a Beekin on a die that is not on the table, an
    action that is not legal at this moment (an :class:`~furlib.core.errors.IllegalAction`, listing the legal
    ones), and a ``game`` that is not a game of Oh Furcle! (a Furcle, or a view of one):

    >>> describe_move(Beekin(4), g)
    Traceback (most recent call last):
    ...
    furlib.core.errors.IllegalAction: describe_move(): Beekin(die=4) is not a legal action now (Player 1's
    move, with the roll 2,2,2,4,6 on the table). Legal now: roll again, be Satisfied, Beekin die 0, Beekin die 1,
    Beekin die 2, Beekin die 3.
    >>> describe_move(AcceptFurcle(), Furcle(players=2, seed=1))
    Traceback (most recent call last):
    ...
    furlib.core.errors.IllegalAction: describe_move(): AcceptFurcle() is not a legal action now: Player 1 is
    about to roll 5 dice, so the move is Roll() (or the roll itself, Dice(faces) with 5 faces from 1 to 6).
    """
    _check_language(language)
    _check_move("describe_move()", action, game)
    if language == "fr":
        from .advice_fr import describe_move_fr

        return describe_move_fr(action, game)
    if isinstance(action, Beekin):
        f = game.dice[action.die]
        return f"say Beekin on die {action.die + 1} (the {f} becomes a {f + 1})"
    if isinstance(action, Satisfied):
        return f"be Satisfied and bank {game.turn_score}"
    if isinstance(action, AcceptFurcle):
        if any(points for points, _ in game.beekin_options):
            return "accept the Furcle (a Beekin could save this roll)"
        return "accept the Furcle (nothing can save this roll)"
    if game.is_chance:
        return f"roll {plural(game.dice_to_roll, 'die')}"
    return f"roll again ({plural(game.dice_to_roll, 'die')})"
