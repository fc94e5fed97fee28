"""Exact expected points of one turn of Oh Furcle!, and the turn that maximises them.

A turn is a Markov decision process. Before a roll the state is ``(t, k, b)``:
turn score so far ``t``, dice to roll ``k``, Beekin still available ``b``.
After seeing the roll the player makes a *choice* (no Beekin, or a Beekin on
one face; see :mod:`furlib.furcle.exact`) worth ``p`` points that leads to
``(k', b')``, or to a Furcle; then, at the *decision state* ``(t + p, k', b')``,
banks ``t + p`` or rolls again. With ``D`` the value of a decision state and
``R`` the value of rolling::

    R(t, k, b) = sum over outcomes o of P(o) * max over choices c of D(t + p_c, k_c, b_c)
    D(t, k, b) = max(t, R(t, k, b))          (a Furcle choice is worth 0)

A turn score can grow without limit, so the recursion needs a bound. Two
facts give it (``bounds`` returns the numbers):

* A state is *sure* when no roll from it can Furcle (with the printed rules:
  4 or 5 dice with the Beekin). There rolling always wins: it adds at least
  1 point and banking stays possible.
* From a *risky* state, every roll Furcles with probability at least ``q``
  whatever the player does (``q = 5/54`` for 5 dice without Beekin), and all
  the points the rest of the turn can still earn have expectation at most
  ``G`` (the value of "never bank", a finite 8-state problem). Rolling at turn
  score ``S`` is then worth at most ``(1 - q) S + G``, less than banking ``S``
  as soon as ``S > G / q``.

So beyond ``S* = max over risky states of floor(G / q) + 1`` (``S* = 93`` for
the printed rules) the best play is known: bank in risky states, roll in sure
ones, and the values there are ``S`` or ``S + c`` with ``c`` from a small linear
fixed point. The DP below runs on ``0 <= t < S*`` and uses those tail values.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from ..core.errors import check_bool, check_int, excerpt
from .actions import AcceptFurcle, Beekin, Roll, Satisfied
from .exact import MAX_EXACT_DICE, TransitionModel, transition_model
from .game import Furcle
from .rules import MAX_TARGET
from .scoring import check_faces

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["turn_value", "optimal_turn_policy", "OptimalTurnPolicy", "TurnBounds", "bounds", "MAX_TABLE_ENTRIES",
           "MAX_TURN_SCORE", "MAX_DP_CELLS"]

#: The largest turn score asked about (:meth:`OptimalTurnPolicy.banks`): more than a turn can bank within
#: ``Game.MAX_STEPS`` (100,000) rolls of at most ``MAX_DICE // 2 * (MAX_SIDES + MAX_BONUS)`` points each.
MAX_TURN_SCORE = 10**9

#: The most values :func:`optimal_turn_policy` works out (turn scores below ``S*`` times the choices of every
#: roll), checked before it starts: about 15 s and 200 MB. The printed rules need 268,212; 10 dice 50 million.
MAX_DP_CELLS = 200_000_000

#: The most decisions a policy table (dict or DataFrame) may hold, checked before it is read: a table covering
#: every turn score up to ``MAX_TARGET`` (a bot's largest turn score) for every state has about 40,000.
MAX_TABLE_ENTRIES = 100_000


@dataclass(frozen=True)
class TurnBounds:
    """The numbers behind the turn-score bound (see the module docstring).

    ``gross[i]``: most expected points still to come from state ``i`` (never
    banking); ``tail[i]``: value above the turn score of a sure state played
    "roll while sure, else bank"; ``s_star``: from this turn score on,
    banking beats rolling in every risky state. Kept per rule set and shared
    (:func:`bounds`), so both arrays are read-only.
    """

    gross: npt.NDArray[np.float64]
    tail: npt.NDArray[np.float64]
    s_star: int


_Scalar = TypeVar("_Scalar", bound=np.generic)


def _read_only(a: npt.NDArray[_Scalar]) -> npt.NDArray[_Scalar]:
    """A view of ``a`` that cannot be written to."""
    v = a.view()
    v.flags.writeable = False
    return v


def _fixed_point(model: TransitionModel, keep: npt.NDArray[np.bool_], what: str) -> npt.NDArray[np.float64]:
    """x[i] = sum_o P(o) max_c (p_c + keep[r_c] x[r_c]) by value iteration (x = 0 off ``keep``)."""
    x = np.zeros(len(model.states) + 1)           # last entry: the Furcle (0)
    mask = np.append(keep, False)
    for _ in range(100_000):
        new = np.zeros_like(x)
        for i in range(len(model.states)):
            if keep[i]:
                r = model.opt_state[i]
                vals = model.opt_points[i] + np.where(mask[r], x[r], 0.0)
                vals = np.where(r < 0, 0.0, vals)
                new[i] = model.prob[i] @ vals.max(axis=1)
        if np.max(np.abs(new - x)) < 1e-13 * max(1.0, np.max(np.abs(new))):
            return new[:-1]
        if np.max(new) > 1e12:
            break
        x = new
    raise ValueError(f"the {what} of a turn does not converge with these rules: a turn could go on forever")


#: What :class:`PerRules` keeps a table by: the rules of a roll model, ``(n_dice, sides, sorted bonus items, beekin)``.
RulesKey = tuple[int, int, tuple[tuple[int, int], ...], bool]
_Table = TypeVar("_Table")


class PerRules(Generic[_Table]):
    """A table worked out from a roll model once per rule set: ``tables = PerRules(make, kept)``, then
    ``tables(model)`` is ``make(model)``, kept for the ``kept`` rule sets last used (the least recently used is
    dropped first, so a sweep over many bonus tables does not keep them all)."""

    def __init__(self, make: Callable[[TransitionModel], _Table], kept: int) -> None:
        self._make, self.kept = make, kept
        self._tables: OrderedDict[RulesKey, _Table] = OrderedDict()

    def __call__(self, model: TransitionModel) -> _Table:
        key = (model.n_dice, model.sides, tuple(sorted(model.bonus.items())), model.beekin)
        got = self._tables.get(key)
        if got is None:
            got = self._tables[key] = self._make(model)
            while len(self._tables) > self.kept:
                self._tables.popitem(last=False)
        else:
            self._tables.move_to_end(key)
        return got

    def __len__(self) -> int:
        return len(self._tables)

    def rule_sets(self) -> list[RulesKey]:
        """The rule sets kept, the least recently used first."""
        return list(self._tables)

    def clear(self) -> None:
        """Forget every table."""
        self._tables.clear()


def bounds(model: TransitionModel) -> TurnBounds:
    """Compute ``G``, the sure-state tail values ``c`` and ``S*`` for a roll model (kept for the 16 rule sets
    last used); a ValueError names a ``model`` that is not a ``TransitionModel``."""
    if not isinstance(model, TransitionModel):
        raise ValueError(f"bounds() takes a roll model (a TransitionModel, from transition_model(...)), got "
                         f"{excerpt(model)}")
    return _kept_bounds(model)


def _bounds(model: TransitionModel) -> TurnBounds:
    n = len(model.states)
    gross = _fixed_point(model, np.ones(n, bool), "expected points (never banking)")
    tail = _fixed_point(model, model.sure, "expected points (rolling while sure)")
    tail = np.where(model.sure, tail, 0.0)
    risky = ~model.sure
    s_star = max([int(np.floor(gross[i] / model.furcle[i])) + 1 for i in np.flatnonzero(risky)], default=1)
    return TurnBounds(_read_only(gross), _read_only(tail), s_star)


_kept_bounds = PerRules(_bounds, 16)


def _tail_dec(model: TransitionModel, bnd: TurnBounds, t: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Decision values D(t, r) for t >= S*: t in risky states, t + c in sure ones."""
    return t[:, None] + bnd.tail[None, :]


def _tail_choice(model: TransitionModel, bnd: TurnBounds, i: int) -> npt.NDArray[np.intp]:
    c = np.append(bnd.tail, 0.0)
    vals = np.where(model.opt_state[i] < 0, -np.inf, model.opt_points[i] + c[model.opt_state[i]])
    best: npt.NDArray[np.intp] = vals.argmax(axis=1)
    return best


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


# ------------------------------------------------------------ evaluation
def _stop_rule(policy: Any, model: TransitionModel,
               bnd: TurnBounds) -> tuple[npt.NDArray[np.bool_], int, bool, OptimalTurnPolicy | None]:
    """(stop[t, i] for t < cap, cap, tail_rolls_sure, choice or None) for a supported policy."""
    from .bots import SatisfiedAt

    n = len(model.states)
    if isinstance(policy, OptimalTurnPolicy):
        m = policy.model
        if (m.n_dice, m.sides, m.bonus, m.beekin) != (model.n_dice, model.sides, model.bonus, model.beekin):
            raise ValueError(f"{excerpt(policy)} was built for other rules (n_dice={m.n_dice}, sides={m.sides}, "
                             f"bonus={m.bonus}, beekin={m.beekin})")
        cap = policy.s_star
        stop = np.arange(cap)[:, None] >= policy.roll_values[:cap]
        return stop, cap, True, policy
    if isinstance(policy, SatisfiedAt):
        cap = policy.points
        return np.zeros((cap, n), bool), cap, False, None
    table = _table_from(policy)
    bad = sorted({k for _, k, _ in table if not 2 <= k <= model.n_dice})
    if bad:
        raise ValueError(f"policy table dice must be between 2 and {model.n_dice} (dice to roll next), "
                         f"got {bad}")
    cap = max(t for t, _, _ in table) + 1
    stop = np.zeros((cap, n), bool)
    missing = []
    for t in range(1, cap):
        for i, (k, b) in enumerate(model.states):
            key = (t, k, b) if (t, k, b) in table else (t, k, None)
            if key not in table:
                missing.append((t, k, b))
            else:
                stop[t, i] = table[key]
    if missing:
        raise ValueError(f"the policy table has no decision for {len(missing)} states (turn_score, dice, "
                         f"beekin), e.g. {missing[:3]}; give every turn score from 1 to {cap - 1}")
    return stop, cap, False, None


def _table_from(policy: Any) -> dict[tuple[int, int, bool | None], bool]:
    """{(turn_score, dice, beekin or None): bank?} from a dict or DataFrame."""
    import pandas as pd

    accepted = ("a SatisfiedAt bot, an OptimalTurnPolicy, a dict {(turn_score, dice[, beekin]): "
                "'bank' or 'roll'} or a DataFrame with columns turn_score, dice, [beekin,] action")
    items: dict[tuple[object, object, object], object] = {}
    if isinstance(policy, pd.DataFrame):
        need = {"turn_score", "dice", "action"}
        if not need <= set(policy.columns):
            raise ValueError(f"a policy table needs columns {sorted(need)} (and optionally 'beekin'), "
                             f"got {excerpt(list(policy.columns))}")
        if len(policy) > MAX_TABLE_ENTRIES:
            raise ValueError(f"a policy table holds at most {MAX_TABLE_ENTRIES:,} decisions (MAX_TABLE_ENTRIES), "
                             f"got {len(policy):,} rows")
        cols = ["turn_score", "dice", "beekin", "action"] if "beekin" in policy.columns else \
            ["turn_score", "dice", "action"]
        for row in policy[cols].itertuples(index=False):
            key = (row[0], row[1], row[2]) if len(row) == 4 else (row[0], row[1], None)
            items[key] = row[-1]
    elif isinstance(policy, Mapping):
        entries = list(islice(policy.items(), MAX_TABLE_ENTRIES + 1))   # read no further than the limit
        if len(entries) > MAX_TABLE_ENTRIES:
            raise ValueError(f"a policy table holds at most {MAX_TABLE_ENTRIES:,} decisions (MAX_TABLE_ENTRIES), "
                             "got more")
        for key, act in entries:
            if not isinstance(key, tuple) or len(key) not in (2, 3):
                raise ValueError(f"policy table keys must be (turn_score, dice) or (turn_score, dice, beekin), "
                                 f"got {excerpt(key)}")
            items[(key[0], key[1], key[2] if len(key) == 3 else None)] = act
    else:
        raise ValueError(f"a turn policy must be {accepted}; got {excerpt(policy)} (bots that look at the scores "
                         "need the step API)")
    table: dict[tuple[int, int, bool | None], bool] = {}
    for (t0, k0, b0), act in items.items():
        t = check_int("turn_score", t0, low=0, high=MAX_TARGET)
        k = check_int("dice", k0, low=1, high=MAX_EXACT_DICE)
        if b0 is not None and not isinstance(b0, (bool, np.bool_)):
            raise ValueError(f"a policy table's beekin must be True or False, got {excerpt(b0)} for state "
                             f"{excerpt((t, k))}")
        b = None if b0 is None else bool(b0)
        if not isinstance(act, str) or act not in ("bank", "roll"):
            raise ValueError(f"policy actions must be 'bank' or 'roll', got {excerpt(act)} for state {(t, k, b)}")
        table[(t, k, b)] = act == "bank"
    if not table:
        raise ValueError("the policy table is empty")
    return table


def turn_value(policy: Any, *, n_dice: int = 5, sides: int = 6, bonus: Mapping[int, int] | None = None,
               beekin: bool = True) -> float:
    """Exact expected banked points of one turn played by ``policy``.

    Parameters
    ----------
    policy : SatisfiedAt, OptimalTurnPolicy, dict or DataFrame
        ``SatisfiedAt(k)`` plays exactly as the bot does (bank once the turn
        score reaches ``k``; Beekin only to escape a Furcle, with the rescue
        worth most points). A table maps ``(turn_score, dice, beekin)`` (or
        ``(turn_score, dice)``) decision states to ``"bank"`` or ``"roll"``;
        it must cover every turn score from 1 to its largest, scores above
        are banked, and the Beekin is used as ``SatisfiedAt`` uses it. A
        table holds at most ``MAX_TABLE_ENTRIES`` (100,000) decisions, turn
        scores 0 to ``MAX_TARGET`` (1000, a bot's largest) and dice 1 to ``MAX_EXACT_DICE``.
    n_dice, sides, bonus, beekin
        The game's rules.

    Returns
    -------
    float

    Examples
    --------
    >>> round(turn_value({(t, 2): "bank" for t in range(1, 30)}, n_dice=2, beekin=False) * 12, 9)
    7.0
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> round(turn_value(SatisfiedAt(20)), 4), round(turn_value(optimal_turn_policy()), 4)
    (3.317, 14.4964)
    """
    beekin = check_bool("beekin", beekin)
    model = transition_model(n_dice, sides=sides, bonus=bonus, beekin=beekin)
    bnd = bounds(model)
    stop, cap, tail_sure, chooser = _stop_rule(policy, model, bnd)
    n = len(model.states)
    top = cap + model.max_points + 1
    dec = np.zeros((top, n + 1))
    t_tail = np.arange(cap, top, dtype=float)
    dec[cap:, :n] = _tail_dec(model, bnd, t_tail) if tail_sure else t_tail[:, None]
    rescue = [_rescue_choice(model, i) for i in range(n)]
    rows = [np.arange(len(model.prob[i])) for i in range(n)]
    choices = None if chooser is None else chooser.choices
    for t in range(cap - 1, -1, -1):
        roll = np.zeros(n)
        for i in range(n):
            j = choices[i][t] if choices is not None else rescue[i]
            p, r = model.opt_points[i][rows[i], j], model.opt_state[i][rows[i], j]
            roll[i] = model.prob[i] @ dec[t + p, r]
        dec[t, :n] = np.where(stop[t], t, roll)
        if t == 0:
            return float(roll[model.start])
    raise AssertionError("unreachable")  # pragma: no cover


def _rescue_choice(model: TransitionModel, i: int) -> npt.NDArray[np.intp]:
    """SatisfiedAt's Beekin: none on a scoring roll, else the rescue with the most points."""
    pts = model.opt_points[i]
    plain = pts[:, 0] > 0
    best = pts.argmax(axis=1)         # first maximum; rescue points are all different anyway
    return np.where(plain, 0, best)
