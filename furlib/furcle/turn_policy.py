"""The turn of Oh Furcle! that maximises the expected banked points.

:func:`optimal_turn_policy` works it out by exact dynamic programming on the
turn scores below ``S*`` (the bound of :mod:`furlib.furcle.turn`, from
:func:`~furlib.furcle.turn_bounds.bounds`), and hands back an
:class:`OptimalTurnPolicy`: its value, its tables and a bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core.errors import check_bool, check_int, excerpt
from .actions import AcceptFurcle, Beekin, Roll, Satisfied
from .exact import TransitionModel, transition_model
from .game import Furcle
from .scoring import check_faces
from .turn_bounds import TurnBounds, _read_only, _tail_choice, _tail_dec, bounds

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["optimal_turn_policy", "OptimalTurnPolicy", "MAX_TURN_SCORE", "MAX_DP_CELLS"]

#: The largest turn score asked about (:meth:`OptimalTurnPolicy.banks`): more than a turn can bank within
#: ``Game.MAX_STEPS`` (100,000) rolls of at most ``MAX_DICE // 2 * (MAX_SIDES + MAX_BONUS)`` points each.
MAX_TURN_SCORE = 10**9

#: The most values :func:`optimal_turn_policy` works out (turn scores below ``S*`` times the choices of every
#: roll), checked before it starts: about 15 s and 200 MB. The printed rules need 268,212; 10 dice 50 million.
MAX_DP_CELLS = 200_000_000


# ------------------------------------------------------------ optimal turn
class OptimalTurnPolicy:
    """The turn that maximises the expected banked points (built by :func:`optimal_turn_policy`).

    Attributes
    ----------
    value : float
        Expected banked points of a turn played this way, from its start.
    table : pandas.DataFrame
        One row per decision state after a scoring roll: ``turn_score``
        (including the roll), ``dice`` (to roll next), ``beekin`` (still
        available), ``action`` (``"bank"`` or ``"roll"``), ``bank_value`` and
        ``roll_value``. Turn scores from ``s_star`` on follow the proved rule
        "roll only when no Furcle is possible" and are not listed.
    beekin_table : pandas.DataFrame
        Rolls seen with the Beekin still available where the best play uses
        it: ``turn_score`` (before the roll), ``dice``, ``faces`` (sorted),
        ``raise_face`` (the face to raise by 1), ``points``.
    s_star : int
        The turn-score bound (see :mod:`furlib.furcle.turn`).

    The object is a bot: ``policy(game)`` returns the best action in a real
    :class:`~furlib.furcle.Furcle` game (it ignores the track scores).
    """

    def __init__(self, model: TransitionModel, bnd: TurnBounds, dec: npt.NDArray[np.float64],
                 roll: npt.NDArray[np.float64], choice: list[npt.NDArray[np.int8]]):
        self.model, self.bounds, self.s_star = model, bnd, bnd.s_star
        self._dec, self._roll = dec, roll
        self._choice = choice            # choice[i][t, class] for t < S*
        self._tail_choice = [_tail_choice(model, bnd, i) for i in range(len(model.states))]
        self.value = float(roll[0, model.start])
        self._class_index = [{o.faces: c for c, o in enumerate(outs)} for outs in model.outcomes]
        self._table: pd.DataFrame | None = None
        self._beekin: pd.DataFrame | None = None

    def __repr__(self) -> str:
        m = self.model
        return (f"<OptimalTurnPolicy n_dice={m.n_dice} sides={m.sides} beekin={m.beekin}: "
                f"{self.value:.4f} points a turn>")

    @property
    def roll_values(self) -> npt.NDArray[np.float64]:
        """Expected banked points of rolling on, ``[turn_score, state]`` for turn scores below ``s_star``
        (read-only)."""
        return _read_only(self._roll)

    @property
    def choices(self) -> tuple[npt.NDArray[np.int8], ...]:
        """For each state, the best choice ``[turn_score, roll class]`` for turn scores below ``s_star`` (read-only)."""
        return tuple(_read_only(c) for c in self._choice)

    # ---------------------------------------------------------- decisions
    def _state(self, turn_score: object, dice: object, beekin: object) -> tuple[int, int]:
        """(turn score, state index) of a decision state asked about, checked."""
        t = check_int("turn_score", turn_score, low=0, high=MAX_TURN_SCORE)
        k = check_int("dice", dice, low=2, high=self.model.n_dice)
        b = check_bool("beekin", beekin)
        return t, self.model.state_index[(k, b and self.model.beekin)]

    def banks(self, turn_score: int, dice: int, beekin: bool) -> bool:
        """True if the best play banks at this decision state (turn score includes the roll): ``turn_score`` 0 to
        ``MAX_TURN_SCORE``, ``dice`` (to roll next) 2 to the rules' ``n_dice``."""
        t, i = self._state(turn_score, dice, beekin)
        return self._banks(t, i)

    def _banks(self, turn_score: int, i: int) -> bool:
        if turn_score >= self.s_star:
            return not self.model.sure[i]
        return bool(turn_score >= self._roll[turn_score, i])

    def choice(self, turn_score: int, dice: int, beekin: bool, faces: tuple[int, ...]) -> int:
        """Index into ``roll_outcomes(...).choices`` of the best choice for a roll seen: ``turn_score`` (before
        the roll) and ``dice`` as in :meth:`banks`, ``faces`` the ``dice`` faces rolled (1 to the rules' sides)."""
        t, i = self._state(turn_score, dice, beekin)
        rolled = check_faces(faces)
        sides = self.model.sides
        if len(rolled) != dice or max(rolled) > sides:
            raise ValueError(f"faces must be {dice} faces from 1 to {sides} (a roll of the dice asked about), "
                             f"got {excerpt(rolled)}")
        return self._choice_of(t, i, tuple(rolled))

    def _choice_of(self, turn_score: int, i: int, faces: tuple[int, ...]) -> int:
        c = self._class_index[i][tuple(sorted(faces))]
        src = self._tail_choice[i] if turn_score >= self.s_star else self._choice[i][turn_score]
        return int(src[c])

    def __call__(self, game: Any) -> object:
        m = self.model
        if not isinstance(game, Furcle):
            raise ValueError(f"{excerpt(self)} plays a game of Oh Furcle! (a Furcle), got {excerpt(game)}")
        if (game.n_dice, game.sides, game.bonus, game.beekin) != (m.n_dice, m.sides, m.bonus, m.beekin):
            raise ValueError(f"{excerpt(self)} was built for n_dice={m.n_dice}, sides={m.sides}, bonus={m.bonus}, "
                             f"beekin={m.beekin}; this game has n_dice={game.n_dice}, sides={game.sides}, "
                             f"bonus={game.bonus}, beekin={game.beekin}")
        legal = game.legal_actions()
        if not legal:
            raise ValueError("OptimalTurnPolicy was asked to move where there is no decision to take")
        dice = tuple(game.dice)
        if any(isinstance(a, Beekin) for a in legal):
            before = game.turn_score - game.roll_points
            i = m.state_index[(len(dice), True)]
            j = self._choice_of(before, i, dice)
            face = int(m.opt_beekin[i][self._class_index[i][tuple(sorted(dice))], j])
            if face:
                return Beekin(dice.index(face))
        if AcceptFurcle() in legal:
            return AcceptFurcle()
        bank = self._banks(game.turn_score, m.state_index[(game.dice_to_roll, game.beekin_available and m.beekin)])
        return Satisfied() if bank else Roll()

    # ------------------------------------------------------------- tables
    @property
    def table(self) -> pd.DataFrame:
        """Bank or roll at every decision state with turn score below ``s_star`` (a DataFrame, a new copy each
        time: changing it changes nothing else)."""
        if self._table is None:
            import pandas as pd

            rows = []
            for i, (k, b) in enumerate(self.model.states):
                for t in range(1, self.s_star):
                    r = float(self._roll[t, i])
                    rows.append((t, k, b, "bank" if t >= r else "roll", float(t), r))
            self._table = pd.DataFrame(rows, columns=["turn_score", "dice", "beekin", "action",
                                                      "bank_value", "roll_value"])
        return self._table.copy()

    @property
    def beekin_table(self) -> pd.DataFrame:
        """Every roll seen (Beekin available, turn score below ``s_star``) where the Beekin is used (a DataFrame, a
        new copy each time)."""
        if self._beekin is None:
            import pandas as pd

            rows = []
            for i, (k, b) in enumerate(self.model.states):
                if not b:
                    continue
                outs, face = self.model.outcomes[i], self.model.opt_beekin[i]
                ch = self._choice[i]
                for t, c in zip(*np.nonzero(face[np.arange(len(outs))[None, :], ch] > 0)):
                    j = int(ch[t, c])
                    rows.append((int(t), k, outs[c].faces, int(face[c, j]), outs[c].choices[j].points))
            self._beekin = pd.DataFrame(rows, columns=["turn_score", "dice", "faces", "raise_face", "points"])
        return self._beekin.copy()


def optimal_turn_policy(*, n_dice: int = 5, sides: int = 6, bonus: Mapping[int, int] | None = None,
                        beekin: bool = True) -> OptimalTurnPolicy:
    """The turn policy that maximises the expected banked points, by exact dynamic programming.

    Parameters
    ----------
    n_dice, sides, bonus, beekin
        The game's rules (as in :class:`~furlib.furcle.Furcle`; ``n_dice`` up
        to ``MAX_EXACT_DICE``). Rules whose turns can run long (large
        bonuses with many dice) are refused when they need more than
        ``MAX_DP_CELLS`` values.

    Returns
    -------
    OptimalTurnPolicy
        ``.value`` (expected points of a turn), ``.table`` and
        ``.beekin_table`` (the decisions), usable as a bot.

    Examples
    --------
    >>> opt = optimal_turn_policy(n_dice=2, beekin=False)    # bank any pair: 21/36 points
    >>> round(opt.value, 12) == round(7 / 12, 12)
    True
    >>> opt = optimal_turn_policy()
    >>> opt.banks(12, 2, False), opt.banks(12, 5, True)
    (True, False)
    """
    model = transition_model(n_dice, sides=sides, bonus=bonus, beekin=beekin)
    bnd = bounds(model)
    s_star, n = bnd.s_star, len(model.states)
    work = s_star * sum(p.size for p in model.opt_points)
    if work > MAX_DP_CELLS:
        raise ValueError(f"the optimal turn for these rules plays turn scores up to {s_star:,} over "
                         f"{sum(p.size for p in model.opt_points):,} choices: {work:,} values to work out, more than "
                         f"{MAX_DP_CELLS:,} (MAX_DP_CELLS); use smaller bonuses or fewer dice")
    top = s_star + model.max_points + 1
    dec = np.zeros((top, n + 1))                    # last column: a Furcle, worth 0
    roll = np.zeros((s_star, n))
    t_tail = np.arange(s_star, top, dtype=float)
    dec[s_star:, :n] = _tail_dec(model, bnd, t_tail)
    choice = [np.zeros((s_star, len(model.prob[i])), np.int8) for i in range(n)]
    for t in range(s_star - 1, -1, -1):
        for i in range(n):
            vals = dec[t + model.opt_points[i], model.opt_state[i]]
            choice[i][t] = vals.argmax(axis=1)
            roll[t, i] = model.prob[i] @ vals.max(axis=1)
        dec[t, :n] = np.maximum(t, roll[t])
    return OptimalTurnPolicy(model, bnd, dec, roll, choice)
