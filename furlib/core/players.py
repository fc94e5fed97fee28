"""Players and their seats: names from a count or a list, and one policy per seat."""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

import numpy as np

from .errors import check_int

__all__ = ["HISTORY_COLUMNS", "normalize_players", "seat_policies"]

HISTORY_COLUMNS = ("step", "turn", "player", "event", "text")


def normalize_players(players: object, low: int, high: int | None,
                      reserved: Sequence[str] = HISTORY_COLUMNS) -> tuple[str, ...]:
    """Turn a player count or a list of names into a tuple of unique names.

    Names in ``reserved`` (the columns of ``game.history``) are refused, since
    each player's score is a history column named after them.

    >>> normalize_players(2, 1, None)
    ('Player 1', 'Player 2')
    """
    limit = f"between {low} and {high}" if high is not None else f"at least {low}"
    if isinstance(players, (int, np.integer)) and not isinstance(players, bool):
        n = check_int("players", players, low=low, high=high)
        return tuple(f"Player {i + 1}" for i in range(n))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(
            f"players must be a number of players ({limit}) or a list of names, got {players!r}"
        )
    names = tuple(players)
    if not (low <= len(names) <= (high if high is not None else len(names))):
        raise ValueError(f"players must name {limit} players, got {len(names)}: {list(names)!r}")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise ValueError(f"each player name must be a non-empty string, got {n!r}")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must be different, got {list(names)!r}")
    clash = [n for n in names if n in reserved]
    if clash:
        raise ValueError(f"player names {clash!r} are taken by columns of the game history; "
                         f"choose names other than {sorted(reserved)}")
    return names


def seat_policies(players: tuple[str, ...], policies: tuple,
                  default: Callable[[], Callable]) -> dict[str, Callable]:
    """The policy of each player for ``game.play(*policies)``: none, one for all, one per seat, or by name.

    Raises
    ------
    ValueError
        For an unknown name, the wrong number of policies, or a policy that is not callable.
    """
    if len(policies) == 1 and isinstance(policies[0], Mapping):
        by_name = dict(policies[0])
        unknown = set(by_name) - set(players)
        if unknown:
            raise ValueError(f"unknown player names {sorted(unknown)}; players are {list(players)}")
        fallback = default() if len(by_name) < len(players) else None
        chosen = {p: by_name.get(p, fallback) for p in players}
    elif len(policies) == 0:
        bot = default()
        chosen = {p: bot for p in players}
    elif len(policies) == 1:
        chosen = {p: policies[0] for p in players}
    elif len(policies) == len(players):
        chosen = dict(zip(players, policies))
    else:
        raise ValueError(
            f"play() takes no policy, one for everybody, or one per player ({len(players)}); "
            f"got {len(policies)}"
        )
    for name, pol in chosen.items():
        if not callable(pol):
            raise ValueError(f"the policy for {name} must be callable (game -> action), got {pol!r}")
    return chosen
