"""Bots for The Furglars: callable policies ``bot(game) -> action`` with readable reprs.

The only decisions in The Furglars are what to do with the Hands you roll,
so every bot here answers one question: break a Lock, steal a Furgle (from
whom?), or stop (:class:`~furlib.furglars.rules.Done`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, overload

import numpy as np

from ..core.engine.policy import RandomBot
from ..core.errors import excerpt
from .actions import BreakLock, Done, StealFurgle
from .game import Furglars

__all__ = ["RandomBot", "GreedyThief", "Mastermind", "default_bot"]


_DONE = Done()
#: The largest ``sharpness`` of :class:`Mastermind` (at 1000 it already weighs only the leader).
MAX_SHARPNESS = 1000.0
#: The largest ``win_bonus`` of :class:`Mastermind`, in Bullion Points.
MAX_WIN_BONUS = 1_000_000.0


def _check_game(bot: object, game: object) -> Furglars:
    """``game`` if it is a game of The Furglars (what a Furglars bot is called with); else a ValueError."""
    if not isinstance(game, Furglars):
        raise ValueError(f"{type(bot).__name__} plays The Furglars: call it with a Furglars game, e.g. "
                         f"{type(bot).__name__}()(Furglars(3)), or give it to play(); got {excerpt(game)}")
    return game


def _others(game: Furglars) -> list[str]:
    """The other players in the order they play after the current one (left first)."""
    n, i = len(game.players), game.players.index(game.current_player)
    return [game.players[(i + d) % n] for d in range(1, n)]


class GreedyThief:
    """Steals from the leader; breaks Locks only when that opens a steal.

    * If some Furgle can be stolen, steal from the player with the most
      Bullion Points (ties: more Furgles on the card, then whoever plays
      sooner).
    * Otherwise break a Lock of a player whose Locks this turn's Hands can
      all break with a Hand to spare for a steal (again the leader first;
      ties: fewer Locks).
    * Otherwise stop: the remaining Hands pass unused.

    >>> GreedyThief()
    GreedyThief()
    """

    def __repr__(self) -> str:
        return "GreedyThief()"

    def __call__(self, game: Furglars) -> object:
        if type(game) is not Furglars:
            return self._from_actions(_check_game(self, game))
        # The legal actions of The Furglars are, for each other player, a BreakLock if they have a Lock, else a
        # StealFurgle if they have a Furgle, and Done: so the choice is read from the position in one pass over
        # the other players (no list of actions, no dicts by name; test_bots checks it against _from_actions).
        position = game.hands_position
        if position is None:
            raise ValueError("GreedyThief was asked to move where there is no decision to take")
        _, others, hands, scores, furgles, locks, aims = position
        steal = open_ = -1   # the seats chosen so far (their keys are compared only when a second one comes)
        for j in others:     # in the order they play next: of two alike, the first stays
            f = furgles[j]
            if not f:
                continue
            lk = locks[j]
            if not lk:   # a steal: the leader, then the fuller card, then whoever plays sooner
                if steal < 0 or (scores[j], f) > (scores[steal], furgles[steal]):
                    steal = j
            elif steal < 0 and lk < hands:   # all its Locks broken with a Hand to spare: leader, fewer Locks, ...
                if open_ < 0 or (scores[j], -lk, f) > (scores[open_], -locks[open_], furgles[open_]):
                    open_ = j
        if steal >= 0:
            return aims[steal][1]
        if open_ >= 0:
            return aims[open_][0]
        return _DONE

    @staticmethod
    def _from_actions(game: Furglars) -> object:
        """The choice made from ``legal_actions()`` and the dicts by name (for a game of a subclass, whose rules
        may list other actions)."""
        legal = game.legal_actions()
        if not legal:
            raise ValueError("GreedyThief was asked to move where there is no decision to take")
        steals = [a for a in legal if type(a) is StealFurgle]
        breaks = [a for a in legal if type(a) is BreakLock]
        if not steals and not breaks:
            return _DONE
        order = {p: k for k, p in enumerate(_others(game))}
        scores, furgles, locks = game.scores, game.furgles, game.locks
        if steals:
            return max(steals, key=lambda a: (scores[a.player], furgles[a.player], -order[a.player]))
        spare = game.hands_left - 1
        opens = [a for a in breaks if furgles[a.player] > 0 and locks[a.player] <= spare]
        if opens:
            return max(opens, key=lambda a: (scores[a.player], -locks[a.player], furgles[a.player],
                                             -order[a.player]))
        return _DONE


class _Number:
    """A bot's number setting, checked by :func:`_number` whenever it is set (a bad one is a ValueError naming
    it) and read as a float."""

    def __init__(self, low: float, high: float, doc: str, *, above: bool = False) -> None:
        self.low, self.high, self.above, self.__doc__ = low, high, above, doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.stored = name, "_" + name

    @overload
    def __get__(self, bot: None, owner: type) -> _Number: ...
    @overload
    def __get__(self, bot: object, owner: type | None = None) -> float: ...
    def __get__(self, bot: object, owner: type | None = None) -> _Number | float:
        if bot is None:
            return self
        value: float = getattr(bot, self.stored)   # an attribute, not bot.__dict__: see core.engine.fixed
        return value

    def __set__(self, bot: object, value: float) -> None:
        object.__setattr__(bot, self.stored, _number(self.name, value, self.low, self.high, self.above))


class Mastermind:
    """Plans all of its Hands at once against the player most likely to win.

    Design. Every way to spend this turn's Hands is a *plan*: for each other
    player, either leave them alone, or break all their Locks and then steal
    none, some or as many of their Furgles as the Hands allow (breaking only
    some Locks opens nothing: the broken dice just go to the next player).
    Each plan is scored by the position it leaves:

    * each player's *prospect* is their Bullion Points plus the chart value
      of their Furgles, discounted by ``keep`` for every opponent turn
      before they cash in (``keep_locked`` when a Lock protects the card):
      the next player cashes in for sure, while the Furgles of the player
      who plays just before you must survive several thieves (so breaking
      a far player's last Lock exposes them to those thieves);
    * a prospect that reaches the target counts as a win for that player
      (``win_bonus`` extra points), so a player about to win is stopped
      first, and a steal that takes you to the target is taken;
    * the score of a plan is your share ``exp(b*mine) / sum(exp(b*theirs))``
      with ``b = sharpness / target``: cutting down the leader counts more
      than cutting down a trailing player.

    It plays the first step of the best plan (breaks before steals; of two
    plans worth the same it takes the one using fewer Hands), and plans again
    after every step. Plans look at most ``PLAN_HANDS`` (10) Hands ahead, so a
    huge roll of Hands is still decided quickly.

    Parameters
    ----------
    keep, keep_locked : float
        Chance that an unprotected / Lock-protected Furgle survives one
        opponent's turn (0 to 1).
    sharpness : float
        How much more it cares about the leader than about the others (> 0,
        at most ``MAX_SHARPNESS``, 1000; near 0 it weighs everybody alike,
        large values only the leader).
    win_bonus : float
        Extra prospect points for a player sure to reach the target (0 to
        ``MAX_WIN_BONUS``, 1,000,000).

    Each is a number (an int or a float, numpy ones too; not a bool), stored
    as a float; setting one later is checked the same way.

    >>> Mastermind()
    Mastermind(keep=0.7, keep_locked=0.9, sharpness=6.0, win_bonus=10.0)
    """

    PLAN_HANDS = 10

    def __init__(self, keep: float = 0.7, keep_locked: float = 0.9, sharpness: float = 6.0,
                 win_bonus: float = 10.0):
        self.keep = keep
        self.keep_locked = keep_locked
        self.sharpness = sharpness
        self.win_bonus = win_bonus

    keep = _Number(0.0, 1.0, "Chance that an unprotected Furgle survives one opponent's turn (0 to 1).")
    keep_locked = _Number(0.0, 1.0, "Chance that a Lock-protected Furgle survives one opponent's turn (0 to 1).")
    sharpness = _Number(0.0, MAX_SHARPNESS, "How much more it cares about the leader (> 0, at most ``MAX_SHARPNESS``).",
                        above=True)
    win_bonus = _Number(0.0, MAX_WIN_BONUS,
                        "Extra prospect points for a player sure to reach the target (0 to ``MAX_WIN_BONUS``).")

    def __repr__(self) -> str:
        return (f"Mastermind(keep={self.keep}, keep_locked={self.keep_locked}, "
                f"sharpness={self.sharpness}, win_bonus={self.win_bonus})")

    def __call__(self, game: Furglars) -> object:
        legal = _check_game(self, game).legal_actions()
        if not legal:
            raise ValueError("Mastermind was asked to move where there is no decision to take")
        others = _others(game)
        me: str = game.current_player  # type: ignore[assignment]  # a bot is asked only while someone plays
        seats = [*others, me]  # in the order they cash in next
        furgles, locks, scores = game.furgles, game.locks, game.scores
        base = [(scores[p], furgles[p], locks[p]) for p in seats]
        best_key, best_plan = None, None
        for plan in _plans(base[:-1], min(game.hands_left, self.PLAN_HANDS)):
            key = (self._value(game, base, plan), -sum(b + s for b, s in plan))
            if best_key is None or key > best_key:
                best_key, best_plan = key, plan
        for p, (b, s) in zip(others, best_plan):  # type: ignore[arg-type]  # not None: _plans yields 1 plan or more
            if b:
                return BreakLock(p)
            if s:
                return StealFurgle(p)
        return Done()

    def _value(self, game: Furglars, base: list[tuple[int, int, int]], plan: list[tuple[int, int]]) -> float:
        """My share of the prospects after ``plan`` (see the class docstring)."""
        chart, target = game.chart, game.target
        b = self.sharpness / target
        keep, keep_locked, win_bonus = self.keep, self.keep_locked, self.win_bonus
        stolen = sum(s for _, s in plan)
        weights = []
        for d, (score, f, lk) in enumerate(base):
            if d < len(plan):
                f, lk = f - plan[d][1], lk - plan[d][0]
            else:
                f += stolen
            survive = (keep_locked if lk else keep) ** d
            prospect = score + chart[f] * survive
            if score + chart[f] >= target:
                prospect += win_bonus * survive
            weights.append(b * prospect)
        top = max(weights)
        return math.exp(weights[-1] - top) / sum(math.exp(w - top) for w in weights)


def _plans(others: list[tuple[int, int, int]], hands: int) -> Iterator[list[tuple[int, int]]]:
    """Every plan: per other player (breaks, steals), all Locks broken before any steal."""
    if not others:
        yield []
        return
    _, f, lk = others[0]
    options = [(0, 0)]
    if 0 < lk <= hands:
        options.append((lk, 0))
    if lk < hands:
        options += [(lk, s) for s in range(1, min(f, hands - lk) + 1)]
    for b, s in options:
        for rest in _plans(others[1:], hands - b - s):
            yield [(b, s), *rest]


def _number(name: str, value: Any, low: float, high: float, above: bool = False) -> float:
    """``value`` as a float if it is a number (int or float, numpy ones too; not a bool) from ``low`` (or above
    it) to ``high``; else a ValueError naming it."""
    ok = not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, float, np.integer, np.floating))
    if ok and (value > low if above else value >= low) and value <= high:
        return float(value)
    span = f"above {low:g} and at most {high:,.0f}" if above else f"from {low:g} to {high:,.0f}"
    raise ValueError(f"{name} must be a number {span}, got {excerpt(value)}")


def default_bot() -> GreedyThief:
    """The bot used when no policy is given: ``GreedyThief()``."""
    return GreedyThief()
