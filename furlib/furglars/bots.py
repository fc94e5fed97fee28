"""Bots for The Furglars: callable policies ``bot(game) -> action`` with readable reprs.

The only decisions in The Furglars are what to do with the Hands you roll,
so every bot here answers one question: break a Lock, steal a Furgle (from
whom?), or stop (:class:`~furlib.furglars.rules.Done`).
"""

from __future__ import annotations

import math
from typing import Iterator

from ..core.errors import check_int
from ..core.policy import RandomBot
from .rules import BreakLock, Done, Furglars, StealFurgle

__all__ = ["RandomBot", "GreedyThief", "Mastermind", "default_bot"]


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
        legal = game.legal_actions()
        if not legal:
            raise ValueError("GreedyThief was asked to move where there is no decision to take")
        order = {p: k for k, p in enumerate(_others(game))}
        scores, furgles, locks = game.scores, game.furgles, game.locks
        steals = [a for a in legal if isinstance(a, StealFurgle)]
        if steals:
            return max(steals, key=lambda a: (scores[a.player], furgles[a.player], -order[a.player]))
        spare = game.hands_left - 1
        opens = [a for a in legal if isinstance(a, BreakLock)
                 and furgles[a.player] > 0 and locks[a.player] <= spare]
        if opens:
            return max(opens, key=lambda a: (scores[a.player], -locks[a.player], furgles[a.player],
                                             -order[a.player]))
        return Done()


class Mastermind:
    """Plans all of its Hands at once against the player most likely to win.

    Design. Every way to spend this turn's Hands is a *plan*: for each other
    player, either leave them alone, or break all their Locks and steal some
    of their Furgles (breaking only some Locks never opens a steal, and the
    broken die just goes to the next player). Each plan is scored by the
    position it leaves:

    * each player's *prospect* is their Bullion Points plus the chart value
      of their Furgles, discounted by ``keep`` for every opponent turn
      before they cash in (``keep_locked`` when a Lock protects the card):
      the next player cashes in for sure, while the Furgles of the player
      who plays just before you must survive several thieves;
    * a prospect that reaches the target counts as a win for that player
      (``win_bonus`` extra points), so a player about to win is stopped
      first, and a steal that takes you to the target is taken;
    * the score of a plan is your share ``exp(b*mine) / sum(exp(b*theirs))``
      with ``b = sharpness / target``: cutting down the leader counts more
      than cutting down a trailing player.

    It plays the first step of the best plan (breaks before steals; ties:
    fewer Hands used, then the first in seat order), and plans again after
    every step.

    Parameters
    ----------
    keep, keep_locked : float
        Chance that an unprotected / Lock-protected Furgle survives one
        opponent's turn (0 to 1).
    sharpness : float
        How much more it cares about the leader (0: only its own prospect
        against the average).
    win_bonus : float
        Extra prospect points for a player sure to reach the target.

    >>> Mastermind()
    Mastermind(keep=0.7, keep_locked=0.9, sharpness=6.0, win_bonus=10.0)
    """

    def __init__(self, keep: float = 0.7, keep_locked: float = 0.9, sharpness: float = 6.0,
                 win_bonus: float = 10.0):
        self.keep = _fraction("keep", keep)
        self.keep_locked = _fraction("keep_locked", keep_locked)
        self.sharpness = _positive("sharpness", sharpness)
        self.win_bonus = _positive("win_bonus", win_bonus)

    def __repr__(self) -> str:
        return (f"Mastermind(keep={self.keep}, keep_locked={self.keep_locked}, "
                f"sharpness={self.sharpness}, win_bonus={self.win_bonus})")

    def __call__(self, game: Furglars) -> object:
        legal = game.legal_actions()
        if not legal:
            raise ValueError("Mastermind was asked to move where there is no decision to take")
        others = _others(game)
        best = max(self._plans(game, others), key=lambda plan: (self._value(game, others, plan),
                                                                -sum(b + s for b, s in plan.values())))
        for p in others:
            b, s = best[p]
            if b:
                return BreakLock(p)
            if s:
                return StealFurgle(p)
        return Done()

    def _plans(self, game: Furglars, others: list[str]) -> Iterator[dict[str, tuple[int, int]]]:
        furgles, locks = game.furgles, game.locks

        def rec(k: int, hands: int) -> Iterator[dict[str, tuple[int, int]]]:
            if k == len(others):
                yield {}
                return
            p = others[k]
            options = [(0, 0)]
            if locks[p] < hands:
                options += [(locks[p], s) for s in range(1, min(furgles[p], hands - locks[p]) + 1)]
            for b, s in options:
                for rest in rec(k + 1, hands - b - s):
                    yield {p: (b, s), **rest}

        return rec(0, game.hands_left)

    def _value(self, game: Furglars, others: list[str], plan: dict[str, tuple[int, int]]) -> float:
        me = game.current_player
        n = len(game.players)
        chart, target = game.chart, game.target
        furgles, locks, scores = game.furgles, game.locks, game.scores
        furgles[me] += sum(s for _, s in plan.values())
        b = self.sharpness / target
        weights = []
        for d, p in enumerate([*others, me], start=1):
            if p != me:
                bp, sp = plan[p]
                locks[p] -= bp
                furgles[p] -= sp
            survive = (self.keep_locked if locks[p] else self.keep) ** (d - 1)
            sure = scores[p] + chart[furgles[p]]
            prospect = scores[p] + chart[furgles[p]] * survive
            if sure >= target:
                prospect += self.win_bonus * survive
            weights.append(b * prospect)
        top = max(weights)
        mine = weights[-1]
        return math.exp(mine - top) / sum(math.exp(w - top) for w in weights) * (n if n else 1)


def _fraction(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a number from 0 to 1, got {value!r}")
    return float(value)


def _positive(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise ValueError(f"{name} must be a number >= 0, got {value!r}")
    return float(value)


def default_bot() -> GreedyThief:
    """The bot used when no policy is given: ``GreedyThief()``."""
    return GreedyThief()
