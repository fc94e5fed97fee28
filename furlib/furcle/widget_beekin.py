"""Which dice of an Oh Furcle! roll the app offers for a Beekin, and what the +1 would do to each.

:func:`beekin_choices` is what :class:`furlib.furcle.widget.FurcleApp`
highlights in the picture of the game and says in its Beekin lines (in the
app's language, :mod:`furlib.furcle.widget_words`); the app re-exports it.
This module imports no widget library.
"""

from __future__ import annotations

from .actions import Beekin
from .game import Furcle
from .scoring import score_checked
from .widget_words import app_words

__all__ = ["beekin_choices"]


def beekin_choices(game: Furcle, language: str = "en") -> dict[int, tuple[bool, str]]:
    """What each legal Beekin of ``game`` would do: ``{die: (offered, words)}``.

    The rules allow a Beekin on any die below the top face; the app offers
    (highlights, makes clickable, mentions) only the dice where it changes
    the roll as a player would want: a Furcle becomes a scoring roll, or a
    scoring roll scores more points. The words say what the +1 would do,
    for the offered dice and the others (no pair made, a group broken, the
    same or fewer points).

    Parameters
    ----------
    game : Furcle
        A game at a decision after a roll (no Beekin legal: ``{}``).
    language : {"en", "fr"}
        The words' language (:func:`furlib.furcle.widget_words.app_words`).

    Returns
    -------
    dict
        ``{die (from 0): (offered, words)}`` for every legal Beekin, e.g.
        ``{0: (True, "die 1 (the 3 becomes a 4) makes a pair of 4s: 4 points")}``.

    Examples
    --------
    >>> g = Furcle(players=["You", "Bot"], seed=1).roll(3, 4, 5, 6, 1)   # all different
    >>> for die, (offered, words) in beekin_choices(g).items():
    ...     print(offered, words)
    True die 1 (the 3 becomes a 4) makes a pair of 4s: 4 points
    True die 2 (the 4 becomes a 5) makes a pair of 5s: 5 points
    True die 3 (the 5 becomes a 6) makes a pair of 6s: 6 points
    False die 5 (the 1 becomes a 2) matches no other die: still all different
    """
    w = app_words(language)
    if game.is_chance or game.is_over:
        return {}
    dice = list(game.dice)
    pts, scoring = score_checked(dice, game.bonus)
    out: dict[int, tuple[bool, str]] = {}
    for a in game.legal_actions():
        if not isinstance(a, Beekin):
            continue
        i, f = a.die, dice[a.die]
        after = list(dice)
        after[i] = f + 1
        pts2, scoring2 = score_checked(after, game.bonus)
        head = w.die_change(i, f)
        groups = w.groups(after)
        if pts == 0:
            out[i] = (True, w.rescues(head, groups, pts2)) if pts2 else (False, w.no_pair(head))
        elif pts2 == 0:
            out[i] = (False, w.breaks(head, w.groups(dice)))
        elif pts2 > pts and len(scoring2) >= len(scoring):
            out[i] = (True, w.more(head, groups, pts2, pts))
        elif pts2 > pts:
            out[i] = (True, w.more_but(head, groups, pts2, pts, len(scoring2), len(scoring)))
        elif pts2 == pts and len(scoring2) == len(scoring):
            out[i] = (False, w.same(head, pts))
        else:
            out[i] = (False, w.less(head, groups, pts2, pts, len(scoring2), len(scoring)))
    return out
