"""Pig: the classic push-your-luck dice game, furlib's smallest dice game.

On your turn you roll one die as often as you like. Each roll of 2 to 6 adds
to your turn total; a 1 ends your turn and the turn total is lost. Hold
instead to bank the turn total and pass the die. The first player whose
banked score reaches the target wins.

Pig is a demo game like High Card: the worked example, with High Card, of
how a game is added (``docs/architecture.md``, "How to add a game").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..core.engine.actions import set_whole_number
from ..core.engine.fixed import fixed
from ..core.engine.game import Game
from ..core.errors import IllegalAction, check_int, cut_message, excerpt
from ..core.words import act, plural
from . import events as ev

#: Faces of the die, numbered 1 to ``SIDES``.
SIDES = 6
#: The largest target a game accepts (a game to 1000 takes a few thousand actions).
MAX_TARGET = 1000


# --------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Die:
    """Chance outcome: the face the die shows, 1 to 6 (e.g. ``Die(4)``)."""

    face: int

    def __post_init__(self) -> None:
        set_whole_number(self, "face", "Die(4)")
        if not 1 <= self.face <= SIDES:
            raise IllegalAction(f"Die's face must be a whole number from 1 to {SIDES}, e.g. Die(4); "
                                f"got {excerpt(self.face)}")

    def __str__(self) -> str:
        return f"roll a {self.face}"


@dataclass(frozen=True)
class Roll:
    """Risk the turn total and roll the die again."""

    def __str__(self) -> str:
        return "roll again"


@dataclass(frozen=True)
class Hold:
    """Bank the turn total: it is added to your score and the turn ends."""

    def __str__(self) -> str:
        return "hold"


_DIE = tuple(Die(f) for f in range(1, SIDES + 1))
_ROLL, _HOLD = Roll(), Hold()
_DECISIONS = [_ROLL, _HOLD]


# ------------------------------------------------------------------------ game
class Pig(Game):
    """Pig: roll one die as long as you dare; a 1 loses the turn's points.

    Every turn starts with a roll. A 2 to 6 adds its face to the turn total
    and the player decides: roll again (:class:`Roll`) or hold
    (:class:`Hold`), which banks the turn total and passes the die. A 1 ends
    the turn at once and the turn total is lost. The first player whose
    banked score reaches ``target`` wins (the game ends at that hold).

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 6 players, or their names.
    target : int, default 100
        The score that wins, 1 to ``MAX_TARGET`` (1000).
    seed : int, optional
        Seed of the game's own random generator, 0 to ``MAX_SEED``
        (2**128 - 1): same seed and same decisions, same game.

    A game holds at most ``MAX_STEPS`` (100,000) actions, the core's limit:
    nothing in the rules ends a game whose players never hold (nor one of
    1s given by ``apply(Die(1))``), and games between furlib's bots take up
    to about 64,000 (six ``HoldAt(100)`` to 1000: 38,700 on average, 63,724
    at most in 200 seeded games), so Pig keeps the core's limit; a save of
    one replays in about a second.

    Examples
    --------
    >>> g = Pig(["Ann", "Bob"], seed=1)
    >>> g.is_chance, g.CHANCE_VERB
    (True, 'roll')
    >>> g.apply(Die(5)).apply(Roll()).apply(Die(3)).turn_total
    8
    >>> [str(a) for a in g.legal_actions()]
    ['roll again', 'hold']
    >>> g.apply(Hold()).scores
    {'Ann': 8, 'Bob': 0}
    >>> g.apply(Die(1)).events[-1].text
    'Bob rolls a 1: the turn scores nothing'
    """

    ACTIONS = (Die, Roll, Hold)
    EVENT_FIELDS = ("face", "turn_total", "lost", "banked")
    MIN_PLAYERS = 2
    CHANCE_PHASE = "roll"
    MAX_PLAYERS = 6
    HIDDEN_INFO = False
    CHANCE_VERB = "roll"

    _target: int   # kept by the fixed property
    target = fixed("target", "The score that wins (fixed when the game is made).")

    def __init__(self, players: int | Sequence[str] = 2, *, target: int = 100, seed: int | None = None):
        super().__init__(players, seed=seed)
        self.target = check_int("target", target, low=1, high=MAX_TARGET)
        self._start()

    # ------------------------------------------------------------- state
    def _params(self) -> dict[str, Any]:
        return {"players": list(self._players), "target": self._target}

    def _new_state(self) -> dict[str, Any]:
        return {"turn": 1, "current": 0, "phase": "roll", "winner": None,
                "scores": [0] * len(self._players), "turn_total": 0, "last": None}

    @property
    def turn_total(self) -> int:
        """The points of this turn so far: lost on a 1, added to the score by a hold."""
        total: int = self._state["turn_total"]
        return total

    @property
    def last_roll(self) -> int | None:
        """The face of the game's last roll (whoever rolled it), or None before the first roll."""
        last: int | None = self._state["last"]
        return last

    # ------------------------------------------------------------- rules
    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return [(d, Fraction(1, SIDES)) for d in _DIE]

    def _sample_chance(self, rng: np.random.Generator) -> object:
        # rng.integers(SIDES) + 1, drawn in blocks by the core (every draw of the game is this die)
        return _DIE[self._draw(SIDES, 1)[0]]

    def _check_chance(self, action: object) -> None:
        if not isinstance(action, Die):
            raise IllegalAction(f"{self.current_player} is about to roll the die: call step() to roll it, "
                                f"or give the face, e.g. apply(Die(4)); got {excerpt(action)}.")
        if not (type(action.face) is int and 1 <= action.face <= SIDES):
            raise IllegalAction(f"the die shows 1 to {SIDES}; got {excerpt(action)}.")

    def _legal_actions(self) -> list[object]:
        return list(_DECISIONS)

    def _is_legal(self, action: object) -> bool:
        kind = type(action)
        return kind is Roll or kind is Hold   # at a decision point both always are

    def _why_illegal(self, action: object) -> str:
        if isinstance(action, Die):
            return (f"{cut_message(action, 60)} is a roll of the die, but {self.current_player} must decide now: "
                    "Roll() or Hold().")
        return f"{excerpt(action)} is not a Pig action (expected Roll() or Hold())."

    def _apply(self, action: object) -> None:
        s = self._state
        cur = s["current"]
        me = self._players[cur]
        if isinstance(action, Die):
            face = s["last"] = action.face
            if face == 1:
                lost = s["turn_total"]
                text = (act(me, f"rolls a 1 and loses {plural(lost, 'point')}") if lost
                        else act(me, "rolls a 1: the turn scores nothing"))
                s["turn_total"] = 0
                self._emit(ev.ONE, text, me, face=1, lost=lost)
                self._end_turn()
            else:
                total = s["turn_total"] = s["turn_total"] + face
                s["phase"] = "decide"
                self._emit(ev.ROLL, lambda: act(me, f"rolls a {face}: {plural(total, 'point')} this turn"), me,
                           face=face, turn_total=total)
        elif isinstance(action, Roll):
            total = s["turn_total"]
            s["phase"] = "roll"
            self._emit(ev.ROLL_AGAIN, lambda: act(me, f"risks {plural(total, 'point')} and rolls again"), me,
                       turn_total=total)
        else:
            banked = s["turn_total"]
            score = s["scores"][cur] = s["scores"][cur] + banked
            s["turn_total"] = 0
            self._emit(ev.HOLD, lambda: act(me, f"holds and banks {plural(banked, 'point')}: {score} in all"), me,
                       banked=banked)
            if score >= self._target:
                s["phase"] = "over"
                s["winner"] = cur
                self._emit(ev.WIN, act(me, f"reaches the target of {self._target} and wins"), me)
            else:
                self._end_turn()

    def _end_turn(self) -> None:
        s = self._state
        s["turn"] += 1
        s["current"] = (s["current"] + 1) % len(self._players)
        s["phase"] = "roll"

    def check_invariants(self) -> None:
        s = self._state
        assert s["phase"] in ("roll", "decide", "over"), s["phase"]
        assert all(x >= 0 for x in s["scores"]) and s["turn_total"] >= 0
        assert (s["winner"] is not None) == (s["phase"] == "over")
        if s["phase"] == "over":
            assert s["scores"][s["winner"]] >= self._target and s["turn_total"] == 0
            assert sum(x >= self._target for x in s["scores"]) == 1, "only the winner reaches the target"
        else:
            assert max(s["scores"]) < self._target
        if s["phase"] == "decide":
            assert s["turn_total"] >= 2 and 2 <= s["last"] <= SIDES
