"""The Furglars: die faces, the Bullion chart and words for rolls (pure helpers).

Shared by the rules engine, the bots and :mod:`furlib.furglars.analysis`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

import numpy as np

from ..core.chance import dice_outcomes
from ..core.errors import excerpt
from ..core.fixed import FixedDict, whole_number_table
from ..core.words import join_words, plural

#: The four meanings a die face can have, in the order furlib lists them.
KINDS: tuple[str, ...] = ("furgle", "lock", "hand", "x")
#: Default die (ruling): two Furgles, one Lock, two Hands, one X.
DEFAULT_FACES: tuple[str, ...] = ("furgle", "furgle", "lock", "hand", "hand", "x")
MAX_FACES = 24
#: Each face kind's name in a sentence (plural with :func:`furlib.core.words.plural`).
_FACE_WORD = {"furgle": "Furgle", "lock": "Lock", "hand": "Hand", "x": "X"}

Chart = Mapping[int, int] | Callable[[int], int]


def check_faces(faces: object) -> tuple[str, ...]:
    """Validate the faces of a die: a sequence of face kinds (see :data:`KINDS`).

    >>> check_faces(["furgle", "lock", "hand", "x"])
    ('furgle', 'lock', 'hand', 'x')
    """
    if isinstance(faces, str) or not isinstance(faces, Sequence) or not faces:
        raise ValueError(f"faces must be a list of face kinds such as {list(DEFAULT_FACES)}, got {excerpt(faces)}")
    if len(faces) > MAX_FACES:
        raise ValueError(f"faces must list at most {MAX_FACES} faces, got {len(faces)}")
    for f in faces:
        if f not in KINDS:
            raise ValueError(f"each face must be one of {list(KINDS)}, "
                             f"got {excerpt(f)} in faces={excerpt(list(faces))}")
    return tuple(faces)


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, Fraction)) and float(value).is_integer():
        return int(value)
    return None


class ChartTable(FixedDict):
    """A game's Bullion chart ``{number of Furgles: points}``: a dict that cannot change.

    The game's past cash-ins, its saved JSON and its undo all follow the chart
    it was made with, so the chart is fixed with the game.

    >>> t = ChartTable({0: 0, 1: 1, 2: 2})
    >>> t[2] = 5  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    TypeError: a game's Bullion chart is fixed when the game is made, so chart[2] = 5 was not set:
    make a new game with the table you want, e.g. Furglars(chart={0: 0, 1: 1, 2: 5})
    """

    __slots__ = ()
    WHAT, NAME, GAME = "Bullion chart", "chart", "Furglars"


def check_chart(chart: Chart | None, total_dice: int) -> dict[int, int]:
    """Validate a Bullion chart; return it as a table ``{count: points}`` for counts 0..total_dice.

    ``chart`` is a mapping ``{number of Furgles: Bullion Points}`` covering every
    count from 1 to ``total_dice`` (the most Furgles a card can hold; 0 may be
    left out, and larger counts are ignored), or a function of the count,
    tabulated for 0..total_dice. None is the default of 1 point per Furgle.
    Points are whole numbers >= 0, 0 Furgles pay 0, and some count must pay.

    >>> check_chart(lambda n: n * n, 3)
    {0: 0, 1: 1, 2: 4, 3: 9}
    >>> check_chart({1: 1, 2: 3}, 2)
    {0: 0, 1: 1, 2: 3}
    """
    counts = range(total_dice + 1)
    if chart is None:
        return {n: n for n in counts}
    if isinstance(chart, Mapping):
        table = whole_number_table(
            chart, lambda k: f"chart keys must be numbers of Furgles 0, 1, 2, ... as whole numbers (an int, "
                             f"or a string of digits such as '3' from a save), got {excerpt(k)} in "
                             f"{excerpt(list(chart))}",
            lambda first, k, n: f"chart keys {excerpt(first)} and {excerpt(k)} are both {plural(n, 'Furgle')}: "
                                f"give each number of Furgles once")
        missing = [n for n in counts if n > 0 and n not in table]
        if missing:
            raise ValueError(
                f"chart must give the points for every number of Furgles from 1 to {total_dice} "
                f"(the dice in play); missing {missing}. Give a function instead, e.g. chart=lambda n: 2 * n"
            )
        table.setdefault(0, 0)
        values = {n: table[n] for n in counts}
    elif callable(chart):
        values = {}
        for n in counts:
            try:
                values[n] = chart(n)
            except Exception as e:  # noqa: BLE001 - report any failure of a user's function
                raise ValueError(f"chart({n}) failed: {type(e).__name__}: {e}") from None
    else:
        raise ValueError(f"chart must be a dict {{furgles: points}} or a function of the number of Furgles, "
                         f"got {excerpt(chart)}")
    out: dict[int, int] = {}
    for n, v in values.items():
        w = _whole(v)
        if w is None or w < 0:
            raise ValueError(f"chart points must be whole numbers >= 0; {plural(n, 'Furgle')} "
                             f"{'pays' if n == 1 else 'pay'} {excerpt(v)}")
        out[n] = w
    if out[0] != 0:
        raise ValueError(f"cashing in 0 Furgles must pay 0 points, but the chart pays {excerpt(out[0])}")
    if not any(out.values()):
        raise ValueError("no number of Furgles pays any points in this chart, so nobody could ever win")
    return out


def count_faces(faces: Iterable[str]) -> dict[str, int]:
    """How many dice show each kind, in :data:`KINDS` order (zeros included).

    >>> count_faces(["hand", "x", "hand"])
    {'furgle': 0, 'lock': 0, 'hand': 2, 'x': 1}
    """
    c = Counter(faces)
    return {k: c.get(k, 0) for k in KINDS}


def sort_faces(faces: Iterable[str]) -> tuple[str, ...]:
    """Faces sorted in :data:`KINDS` order: the canonical form of a roll."""
    return tuple(sorted(faces, key=KINDS.index))


def describe_counts(counts: Mapping[str, int]) -> str:
    """Words for a roll given as counts per kind, e.g. ``'2 Furgles, 1 Lock and 3 Hands'``.

    >>> describe_counts({"furgle": 2, "lock": 1, "hand": 3, "x": 2})
    '2 Furgles, 1 Lock, 3 Hands and 2 Xs'
    >>> describe_counts({"x": 0})
    'nothing'
    """
    parts = [plural(counts[k], _FACE_WORD[k]) for k in KINDS if counts.get(k, 0)]
    if not parts:
        return "nothing"
    return join_words(parts)


def describe_pile(pile: Mapping[str, int], unused: int = 0) -> str:
    """Words for a pass pile ``{"hand": n, "x": n, "lock": n}`` (the Locks are broken ones).

    >>> describe_pile({"hand": 3, "x": 2, "lock": 1}, unused=1)
    '3 Hands (1 unused), 2 Xs and 1 broken Lock'
    >>> describe_pile({"hand": 2, "x": 0, "lock": 0}, unused=2)
    '2 unused Hands'
    """
    parts = []
    if pile.get("hand"):
        hands = plural(pile["hand"], "Hand")
        if unused == pile["hand"]:
            hands = hands.replace(" ", " unused ", 1)
        elif unused:
            hands += f" ({unused} unused)"
        parts.append(hands)
    if pile.get("x"):
        parts.append(plural(pile["x"], "X"))
    if pile.get("lock"):
        parts.append(plural(pile["lock"], "Lock").replace(" ", " broken ", 1))
    if not parts:
        return "nothing"
    return join_words(parts)


def face_probabilities(faces: Sequence[str] = DEFAULT_FACES) -> dict[str, Fraction]:
    """Probability that one die shows each kind (kinds not on the die get 0).

    >>> {k: str(p) for k, p in face_probabilities().items()}
    {'furgle': '1/3', 'lock': '1/6', 'hand': '1/3', 'x': '1/6'}
    """
    faces = check_faces(faces)
    c = Counter(faces)
    return {k: Fraction(c.get(k, 0), len(faces)) for k in KINDS}


def roll_outcomes(k: int, faces: Sequence[str] = DEFAULT_FACES) -> list[tuple[dict[str, int], Fraction]]:
    """Every outcome of rolling ``k`` dice as counts per kind, with its exact probability.

    The multinomial distribution: ``k! / (n_f! n_l! n_h! n_x!) * p_f^n_f ...``.
    Kinds missing from the die never show. Probabilities sum to 1.

    >>> [(o["furgle"], str(p)) for o, p in roll_outcomes(1)]
    [(1, '1/3'), (0, '1/6'), (0, '1/3'), (0, '1/6')]
    """
    out = []
    for roll, p in dice_outcomes(k, sort_faces(check_faces(faces))):
        counts = {kk: 0 for kk in KINDS}
        counts.update(Counter(roll))
        out.append((counts, p))
    out.sort(key=lambda cp: tuple(-cp[0][kk] for kk in KINDS))
    return out


def faces_of(counts: Mapping[str, int]) -> tuple[str, ...]:
    """The canonical tuple of faces for counts per kind.

    >>> faces_of({"furgle": 1, "hand": 2})
    ('furgle', 'hand', 'hand')
    """
    return tuple(kk for kk in KINDS for _ in range(counts.get(kk, 0)))
