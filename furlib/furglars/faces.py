"""The Furglars: die faces, the Bullion chart and words for rolls (pure helpers).

Shared by the rules engine, the bots and :mod:`furlib.furglars.analysis`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set, Sized
from fractions import Fraction
from itertools import islice
from typing import Any

import numpy as np

from ..core.engine.chance import dice_outcomes
from ..core.engine.fixed import FixedDict, whole_number_table
from ..core.errors import check_int, excerpt
from ..core.words import join_words, plural

#: The four meanings a die face can have, in the order furlib lists them.
KINDS: tuple[str, ...] = ("furgle", "lock", "hand", "x")
#: Default die (ruling): two Furgles, one Lock, two Hands, one X.
DEFAULT_FACES: tuple[str, ...] = ("furgle", "furgle", "lock", "hand", "hand", "x")
#: The most faces a die may have (``faces``, read lazily: no more than this many are ever read).
MAX_FACES = 24
#: The most dice a game has in play (6 players with 10 dice each: ``Furglars.MAX_PLAYERS`` times
#: ``MAX_DICE_PER_PLAYER``), so the most Furgles a card can hold and the most dice a roll can have.
MAX_DICE_IN_PLAY = 60
#: The most Bullion Points a chart may pay for one cash-in (the target is at most 200, so more than that only
#: makes the winner's total bigger); scores stay exact in 64-bit counts and short to show.
MAX_CHART_POINTS = 1_000_000_000
#: The most entries a chart given as a table may have: its keys are numbers of Furgles from 0 to
#: ``MAX_DICE_IN_PLAY`` (no card ever holds more), each given once.
MAX_CHART_ENTRIES = MAX_DICE_IN_PLAY + 1
#: A chart key given as text (as a save writes keys) has at most this many characters ("60").
_MAX_KEY_CHARS = 2
#: The kinds by their exact text (a face is one of these strings, as written).
_KIND_OF = {k: k for k in KINDS}
_KIND_LIST = "'furgle', 'lock', 'hand' or 'x'"
#: Each face kind's name in a sentence (plural with :func:`furlib.core.words.plural`).
_FACE_WORD = {"furgle": "Furgle", "lock": "Lock", "hand": "Hand", "x": "X"}

Chart = Mapping[int, int] | Callable[[int], int]


def check_faces(faces: object) -> tuple[str, ...]:
    """Validate the faces of a die: 1 to :data:`MAX_FACES` face kinds (see :data:`KINDS`), exactly so.

    Any ordered collection (a list, a tuple, an iterator) is read lazily, at
    most ``MAX_FACES + 1`` items; a set or a dict is refused (it has no order,
    and the order of the faces is the die's). Each face is one of
    :data:`KINDS` as written there: no case or space folding.

    >>> check_faces(["furgle", "lock", "hand", "x"])
    ('furgle', 'lock', 'hand', 'x')
    >>> check_faces(["furgle", "Lock"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: each face must be one of 'furgle', 'lock', 'hand' or 'x', written exactly so (lower case, ...
    """
    if isinstance(faces, (str, bytes, Mapping, Set)) or not isinstance(faces, Iterable):
        raise ValueError(f"faces must be a list of face kinds such as {list(DEFAULT_FACES)}, got {excerpt(faces)}")
    if isinstance(faces, Sized) and len(faces) > MAX_FACES:
        raise ValueError(f"faces must list at most {MAX_FACES} faces, got {len(faces)}")
    given = list(islice(faces, MAX_FACES + 1))   # read lazily: a die has at most MAX_FACES faces
    if len(given) > MAX_FACES:
        raise ValueError(f"faces must list at most {MAX_FACES} faces, got more: {excerpt(given)}")
    if not given:
        raise ValueError(f"faces must be a list of face kinds such as {list(DEFAULT_FACES)}, got {excerpt(faces)}")
    out = []
    for f in given:
        kind = _KIND_OF.get(f if type(f) is str else str.__str__(f)) if isinstance(f, str) else None
        if kind is None:
            folded = isinstance(f, str) and len(f) <= 20 and f.strip().lower() in _KIND_OF
            written = ", written exactly so (lower case, no spaces)" if folded else ""
            raise ValueError(f"each face must be one of {_KIND_LIST}{written}, got {excerpt(f)} in "
                             f"faces={excerpt(given)}")
        out.append(kind)
    return tuple(out)


def _points(value: object, said: str) -> int:
    """Points a chart pays, checked: a whole number (an int or a numpy integer, not a bool or a float) from 0 to
    :data:`MAX_CHART_POINTS`, as a plain int. ``said`` names the value ("2 Furgles pay", "chart(2) returned")."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        shown = excerpt(value)
    elif 0 <= value <= MAX_CHART_POINTS:
        return int(value)
    else:
        shown = excerpt(int(value))
    raise ValueError(f"chart points must be whole numbers from 0 to {MAX_CHART_POINTS:,} (MAX_CHART_POINTS; ints, "
                     f"no floats or bools); {said} {shown}")


def _pays(n: int) -> str:
    return f"{plural(n, 'Furgle')} {'pays' if n == 1 else 'pay'}"


def _bad_key(key: object, keys: list[object]) -> str:
    return (f"chart keys must be numbers of Furgles from 0 to {MAX_DICE_IN_PLAY} (MAX_DICE_IN_PLAY), as whole "
            f"numbers or strings of digits such as '3' (a save's keys); got {excerpt(key)} in {excerpt(keys, 40)}")


def _chart_table(chart: Mapping[Any, Any]) -> dict[int, int]:
    """A chart given as a mapping, checked before it is tabulated: at most :data:`MAX_CHART_ENTRIES` entries
    (read lazily), each key a number of Furgles from 0 to :data:`MAX_DICE_IN_PLAY` and each value points
    (:func:`_points`)."""
    items = list(islice(chart.items(), MAX_CHART_ENTRIES + 1))
    if len(items) > MAX_CHART_ENTRIES:
        raise ValueError(f"a chart lists at most {MAX_CHART_ENTRIES} numbers of Furgles (MAX_CHART_ENTRIES: 0 to "
                         f"{MAX_DICE_IN_PLAY}, no card holds more), got more: {excerpt(dict(items))}")
    keys = [k for k, _ in items]
    for k in keys:   # a long string of digits is no number of Furgles (and int() would refuse it past 4300 digits)
        if isinstance(k, str) and len(k) > _MAX_KEY_CHARS:
            raise ValueError(_bad_key(k, keys))
    table = whole_number_table(
        dict(items), lambda k: _bad_key(k, keys),
        lambda first, k, n: f"chart keys {excerpt(first)} and {excerpt(k)} are both {plural(n, 'Furgle')}: "
                            f"give each number of Furgles once")
    for n, v in table.items():
        if n > MAX_DICE_IN_PLAY:
            raise ValueError(_bad_key(n, keys))
        table[n] = _points(v, _pays(n))
    return table


def _called(chart: Callable[[int], object], n: int) -> int:
    """``chart(n)``, checked as points (:func:`_points`); a failure of the function is passed on as a ValueError
    with its type and an excerpt of its message."""
    try:
        value = chart(n)
    except Exception as e:  # noqa: BLE001 - report any failure of a user's function
        try:
            message = str(e)
        except Exception:  # noqa: BLE001 - a message that cannot be shown: its type says enough
            message = "(its message cannot be shown)"
        kind = type(e).__name__
        kind = kind if len(kind) <= 40 else kind[:36] + " ..."
        raise ValueError(f"chart({n}) failed: {kind}: {excerpt(message)}") from None
    return _points(value, f"chart({n}) returned")


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
    left out, and counts past ``total_dice`` are checked but not used), or a
    function of the count, tabulated for 0..total_dice. None is the default
    of 1 point per Furgle. Points are whole numbers (ints or numpy integers;
    no floats, no bools) from 0 to :data:`MAX_CHART_POINTS`, 0 Furgles pay 0,
    and some count must pay. A mapping has at most :data:`MAX_CHART_ENTRIES`
    entries, its keys numbers of Furgles 0 to :data:`MAX_DICE_IN_PLAY`, all
    checked before the table is made; a function's result is checked as soon
    as it is returned, and its error is passed on in short.

    >>> check_chart(lambda n: n * n, 3)
    {0: 0, 1: 1, 2: 4, 3: 9}
    >>> check_chart({1: 1, 2: 3}, 2)
    {0: 0, 1: 1, 2: 3}
    >>> check_chart({0: 0, 1: 2.0, 2: 4.0}, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: chart points must be whole numbers from 0 to 1,000,000,000 (MAX_CHART_POINTS; ints, no floats ...
    """
    total_dice = check_int("total_dice", total_dice, low=0, high=MAX_DICE_IN_PLAY)
    counts = range(total_dice + 1)
    if chart is None:
        return {n: n for n in counts}
    if isinstance(chart, Mapping):
        table = _chart_table(chart)
        missing = [n for n in counts if n > 0 and n not in table]
        if missing:
            raise ValueError(
                f"chart must give the points for every number of Furgles from 1 to {total_dice} "
                f"(the dice in play); missing {excerpt(missing)}. Give a function instead, e.g. chart=lambda n: 2 * n"
            )
        table.setdefault(0, 0)
        out = {n: table[n] for n in counts}
    elif callable(chart):
        out = {n: _called(chart, n) for n in counts}
    else:
        raise ValueError(f"chart must be a dict {{furgles: points}} or a function of the number of Furgles, "
                         f"got {excerpt(chart)}")
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

    ``counts`` maps kinds (of :data:`KINDS`; a kind left out counts 0) to
    whole numbers from 0 to :data:`MAX_DICE_IN_PLAY`.

    >>> describe_counts({"furgle": 2, "lock": 1, "hand": 3, "x": 2})
    '2 Furgles, 1 Lock, 3 Hands and 2 Xs'
    >>> describe_counts({"x": 0})
    'nothing'
    """
    if not isinstance(counts, Mapping):
        raise ValueError(f"counts must be a dict {{kind: number of dice}} such as {{'furgle': 2, 'hand': 1}}, "
                         f"got {excerpt(counts)}")
    if len(counts) > len(KINDS) or any(type(k) is not str or k not in _KIND_OF for k in counts):
        raise ValueError(f"counts' keys must be face kinds, {_KIND_LIST}, got {excerpt(list(islice(counts, 8)))}")
    parts = []
    for k in KINDS:
        n = check_int(f"counts[{k!r}]", counts.get(k, 0), low=0, high=MAX_DICE_IN_PLAY)
        if n:
            parts.append(plural(n, _FACE_WORD[k]))
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
    Kinds missing from the die never show. Probabilities sum to 1. ``k`` is
    0 to :data:`MAX_DICE_IN_PLAY` (no roll has more dice).

    >>> [(o["furgle"], str(p)) for o, p in roll_outcomes(1)]
    [(1, '1/3'), (0, '1/6'), (0, '1/3'), (0, '1/6')]
    """
    k = check_int("k", k, low=0, high=MAX_DICE_IN_PLAY)
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
