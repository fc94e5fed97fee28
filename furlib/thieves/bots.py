"""Bots for Thieves: random, greedy (shortest paths), lookahead and foresight (one roll of the opponent ahead).

A bot is a callable ``bot(game) -> action``. The greedy and lookahead bots
choose a whole plan for the turn (every maximal sequence of key uses, from
:func:`furlib.thieves.moves.plans`) and play it one key use at a time.

>>> from furlib import Thieves
>>> g = Thieves(seed=3, max_turns=30).play(Greedy(), Lookahead(top=2))
>>> g.is_over
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from ..core.engine.policy import RandomBot
from ..core.errors import check_int, check_type, excerpt
from .actions import Accept, KeepStake, OfferDouble, Refuse
from .analysis import roll_table
from .board import Board
from .evaluation import (
    FORESIGHT_WIN,
    _rolls,
    evaluate,
    foresight_evaluate,
    hunt_evaluate,
    patrol_evaluate,
)
from .game import Thieves
from .moves import Plan, Pos, Use, _apply_use, _plans
from .rules import use_to_action
from .search import expectimax

__all__ = ["RandomBot", "Greedy", "Lookahead", "Patrol", "Expectimax", "Hunter", "Foresight", "evaluate",
           "foresight_evaluate", "patrol_evaluate",
           "hunt_evaluate", "default_bot", "MAX_TOP"]

WIN = 10_000.0
#: The most plans a searching bot (:class:`Lookahead`, :class:`Expectimax`, :class:`Foresight`) follows
#: through the opponent's rolls each turn (``top``). The cost of a decision grows with ``top`` (all of a
#: turn's plans, ``top=10**6``, cost Expectimax 1.6 to 2.7 s on one decision of the largest map): at 8 each
#: bot decides in under 0.1 s on average on the largest map (16 by 16 pathways, ``MAX_MAP_SIDE``;
#: ``benchmarks/bench_thieves_map_size.py``'s ``random_map(16, seed=3)``): Expectimax 54 ms a decision on
#: average (0.39 s at worst), Lookahead 16 ms, Foresight 8 ms (CPU time, 2 seeded games of 60 turns each).
MAX_TOP = 8


def _checked_top(top: object, what: str = "") -> int:
    """``top`` (how many plans a searching bot looks at), checked: a whole number from 1 to :data:`MAX_TOP`
    (a numpy integer is stored as an int)."""
    return check_int("top", top, low=1, high=MAX_TOP, accepted=f"a whole number from 1 to {MAX_TOP} (MAX_TOP){what}")


def _check_game(bot: object, game: object) -> Thieves:
    """``game`` if it is a Thieves game; else a ValueError naming it (a bot plays Thieves only)."""
    return check_type(game, Thieves, f"{excerpt(bot)} plays Thieves: call it with a furlib.thieves.Thieves game")


class _PlanBot:
    """Chooses a whole plan for the turn, then plays it one key use at a time."""

    def __init__(self) -> None:
        self._memo: dict[Pos, tuple[Use, ...]] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __call__(self, game: Thieves) -> object:
        _check_game(self, game)
        if not game.legal_actions():
            raise ValueError(f"{excerpt(self)} was asked to move where there is no decision to take "
                             f"({'a roll of the dice' if game.is_chance else 'the game is over'})")
        phase = game.phase
        seat = game.position().seat
        if phase in ("offer", "answer"):
            v = evaluate(game.board, game.position(), seat)
            if phase == "offer":
                return OfferDouble() if v >= 80 else KeepStake()
            return Accept() if v >= -80 else Refuse()
        pos = game.position()
        follow = self._follow(game, pos)
        if follow is not None:
            return follow
        options = _plans(game.board, pos)
        uses, _ = max(options, key=self._scorer(game.board, pos.seat))
        return self._start(pos, uses)

    def _follow(self, game: Thieves, pos: Pos) -> object | None:
        """The next use of the plan chosen earlier this turn, if the game is where the plan left it."""
        rest = self._memo.get(pos)
        self._memo = {}
        if rest:
            action = use_to_action(rest[0])
            if game.is_legal(action):
                return self._start(pos, rest)
        return None

    def _start(self, pos: Pos, uses: tuple[Use, ...]) -> object:
        """Play the first use of ``uses`` and remember the rest."""
        if len(uses) > 1:
            self._memo = {_apply_use(pos, uses[0]): uses[1:]}
        return use_to_action(uses[0])

    def _scorer(self, board: Board, seat: int) -> Callable[[Plan], float]:
        """A plan's worth for ``seat`` this turn: a win if it escapes, else :meth:`_evaluate` of the position it
        leaves. Different plans often leave the same position (the same moves in another order): each is
        judged once."""
        seen: dict[Pos, float] = {}

        def score(plan: Plan) -> float:
            uses, final = plan
            if uses and uses[-1][0] == "escape":
                return WIN
            value = seen.get(final)
            if value is None:
                value = seen[final] = self._evaluate(board, final, seat)
            return value

        return score

    def _evaluate(self, board: Board, pos: Pos, seat: int) -> float:
        """How good ``pos`` is for ``seat``: :func:`evaluate` (a bot with its own evaluation overrides this)."""
        return evaluate(board, pos, seat)


class Greedy(_PlanBot):
    """Plays the plan whose end position :func:`evaluate` likes best (shortest paths, steal threats).

    >>> Greedy()
    Greedy()
    """


class _SearchBot(_PlanBot):
    """Ranks the turn's plans by :meth:`_evaluate`, follows the ``top`` best through the opponent's next roll
    (:meth:`_expectation`) and plays the one with the best expected value; an escape is always taken."""

    def __init__(self, top: int, what: str = "") -> None:
        super().__init__()
        self.top = _checked_top(top, what)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(top={self.top})"

    def __call__(self, game: Thieves) -> object:
        if _check_game(self, game).phase != "keys" or not game.legal_actions():
            return super().__call__(game)
        pos = game.position()
        follow = self._follow(game, pos)
        if follow is not None:
            return follow
        score = self._scorer(game.board, pos.seat)
        ranked = sorted(((score(p), p) for p in self._candidates(game.board, pos)), key=lambda x: -x[0])[:self.top]
        if len(ranked) == 1 or ranked[0][0] >= WIN:      # one plan, or an escape (the one plan worth WIN)
            return self._start(pos, ranked[0][1][0])
        expect = self._expectation(game, pos.seat)
        best, chosen = -math.inf, ranked[0][1]
        for _, plan in ranked:
            value = expect(plan)
            if value > best:
                best, chosen = value, plan
        return self._start(pos, chosen[0])

    def _candidates(self, board: Board, pos: Pos) -> list[Plan]:
        """The plans ranked (every plan of the turn, in :func:`~furlib.thieves.moves.plans` order)."""
        return _plans(board, pos)

    def _expectation(self, game: Thieves, seat: int) -> Callable[[Plan], float]:
        """A plan's expected value for ``seat`` over the opponent's next roll (each bot's own search)."""
        raise NotImplementedError


class Lookahead(_SearchBot):
    """Looks one roll of the opponent ahead: the expected value over the 36 outcomes of their roll.

    The ``top`` plans (1 to :data:`MAX_TOP`, 8) :func:`evaluate` likes best are each played on a
    ``clone()`` of the game; for each of the 21 different rolls (weighted
    by how many of the 36 outcomes give it) the opponent answers with the
    plan worst for this bot; the plan with the best expectation is played.

    >>> Lookahead(top=3)
    Lookahead(top=3)
    """

    def __init__(self, top: int = 3) -> None:
        super().__init__(top)

    def _expectation(self, game: Thieves, seat: int) -> Callable[[Plan], float]:
        return lambda plan: self._expect(game, plan, seat)

    def _expect(self, game: Thieves, plan: Plan, seat: int) -> float:
        after = game.clone()                       # a clone is a game of the same class
        for u in plan[0]:
            after.apply(use_to_action(u))
        if after.is_over:
            return WIN if after.winner == after.players[seat] else -WIN
        if not after.is_chance:                    # a doubling offer comes first: judge the position now
            return evaluate(game.board, after.position(), seat)
        total = Fraction(0)
        seen: dict[Pos, float] = {}           # the opponent's plans often end alike: each end judged once
        for roll, p in after.chance_outcomes():
            c = after.clone()
            c.apply(roll)
            if c.is_over or c.current_player == c.players[seat]:      # no key usable: the turn came back
                value = evaluate(game.board, c.position(), seat)
            else:
                replies = _plans(game.board, c.position())
                value = min((-WIN if u and u[-1][0] == "escape" else _judged(seen, game.board, f, seat))
                            for u, f in replies)
            total += p * _near_fraction(value)
        return float(total)


def _judged(seen: dict[Pos, float], board: Board, pos: Pos, seat: int) -> float:
    """:func:`evaluate` of ``pos`` for ``seat``, kept in ``seen``."""
    value = seen.get(pos)
    if value is None:
        value = seen[pos] = evaluate(board, pos, seat)
    return value


@lru_cache(maxsize=1024)
def _near_fraction(value: float) -> Fraction:
    """``Fraction(value).limit_denominator(1000)``, kept (:func:`evaluate` gives few different values)."""
    return Fraction(value).limit_denominator(1000)


class Patrol(_PlanBot):
    """Plays the rulebook's recommended strategies: two thieves for the gold, one patrol at each exit.

    Scores every whole plan of the turn with :func:`patrol_evaluate`: before
    the gold is taken, two thieves head for it while one makes for the
    pathways round the opponent's exit (to block and steal) and one for
    those round its own exit (to receive a pass and open a quick escape);
    carrying the gold, it takes the way home the opponent does not block;
    against a carrier, it blocks the carrier's way and closes in to steal.

    >>> Patrol()
    Patrol()
    """

    def _evaluate(self, board: Board, pos: Pos, seat: int) -> float:
        return patrol_evaluate(board, pos, seat)


class Expectimax(_SearchBot):
    """Thinks one roll of the opponent ahead with :func:`patrol_evaluate`: the plan with the best expectation.

    The ``top`` plans (1 to :data:`MAX_TOP`, 8) :func:`patrol_evaluate` likes best are each followed by
    every one of the 21 different rolls of the opponent's dice, weighted by
    its chance (1 or 2 of the 36 outcomes); for each roll the opponent is
    taken to answer with its plan worst for this bot (an escape is a loss),
    and the plan whose expected value is highest is played. An escape, when
    the roll allows one, is always taken. The position is followed as
    :mod:`furlib.thieves.moves` records it (no copy of the game is made).

    >>> Expectimax(top=4)
    Expectimax(top=4)
    """

    def __init__(self, top: int = 4) -> None:
        super().__init__(top)

    def _evaluate(self, board: Board, pos: Pos, seat: int) -> float:
        return patrol_evaluate(board, pos, seat)

    def _expectation(self, game: Thieves, seat: int) -> Callable[[Plan], float]:
        board = game.board
        rolls = [(tuple(keys), float(p)) for keys, _, p in roll_table(game.dice)]
        return lambda plan: self._expect(board, plan[1], seat, rolls)

    @staticmethod
    def _expect(board: Board, final: Pos, seat: int, rolls: list[tuple[tuple[str, ...], float]]) -> float:
        """The expected value of ``final`` for ``seat`` over the opponent's rolls, each answered at its worst."""
        base = final._replace(seat=1 - seat, moved=frozenset(), passed=frozenset())
        total = 0.0
        for keys, p in rolls:
            replies = _plans(board, base._replace(keys=keys))
            total += p * min((-WIN if u and u[-1][0] == "escape" else patrol_evaluate(board, f, seat))
                             for u, f in replies)
        return total


class Hunter(_PlanBot):
    """Greedy's race for the gold, and a hunt when the opponent holds it (:func:`hunt_evaluate`).

    Like :class:`Greedy` it plays the whole plan whose end position it likes
    best; once the opponent carries the gold, its two thieves nearest the
    carrier close in to steal, and thieves between the carrier and its exit
    block the way home. On the default labyrinth it beats Greedy in 56% of
    games (450 of 800 seeded games, seats alternated; see
    ``benchmarks/README.md``), as fast as Greedy.

    >>> Hunter()
    Hunter()
    """

    def _evaluate(self, board: Board, pos: Pos, seat: int) -> float:
        return hunt_evaluate(board, pos, seat)


class Foresight(_SearchBot):
    """Thinks one roll of the opponent ahead, and weighs the chances of its own next roll.

    The ``top`` plans (1 to :data:`MAX_TOP`, 8) :func:`hunt_evaluate` likes best (plans ending with the
    thieves and the gold in the same places count once) are each followed by
    the 21 different rolls of the opponent's dice, weighted by their chances
    (1 or 2 of the 36 outcomes). For each roll the opponent answers with the
    plan worst for this bot: an escape is a lost game (``-FORESIGHT_WIN``),
    any other end is judged by :func:`foresight_evaluate`, which adds this
    bot's chance to escape or to steal in the roll that follows. The plan with
    the best expected value is played; an escape, when the roll allows one, is
    always taken. The search works on positions
    (:func:`furlib.thieves.search.expectimax`), not on copies of the game.

    On the default labyrinth it beat Greedy in 245 of 400 fresh seeded games
    (61.3%, Wilson 95% interval 56.4% to 65.9%; seeds 30000 to 30399, seats
    alternated), deciding in 36 ms on average and 0.32 s at worst (CPU time,
    ``benchmarks/bench_thieves_bots.py --bots "Foresight()"``).

    >>> Foresight()
    Foresight(top=4)
    >>> Foresight(top=0)
    Traceback (most recent call last):
    ...
    ValueError: top must be a whole number from 1 to 8 (MAX_TOP) (the plans searched each turn), got 0
    """

    def __init__(self, top: int = 4) -> None:
        super().__init__(top, " (the plans searched each turn)")

    def _evaluate(self, board: Board, pos: Pos, seat: int) -> float:
        return hunt_evaluate(board, pos, seat)

    def _candidates(self, board: Board, pos: Pos) -> list[Plan]:
        """The first plan of each end position (the thieves and the gold in the same places)."""
        first: dict[tuple[object, ...], Plan] = {}
        for plan in _plans(board, pos):
            first.setdefault((plan[1].cells, plan[1].carrier), plan)
        return list(first.values())

    def _expectation(self, game: Thieves, seat: int) -> Callable[[Plan], float]:
        board, dice = game.board, game.dice

        def leaf(b: Board, p: Pos, s: int) -> float:
            return foresight_evaluate(b, p, s, dice)

        return lambda plan: expectimax(board, plan[1], seat, _rolls(dice), leaf, -FORESIGHT_WIN)


def default_bot() -> Greedy:
    """The bot used when no policy is given: ``Greedy()``."""
    return Greedy()
