"""Players and their seats: names from a count or a list, and one policy per seat."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ..errors import excerpt

__all__ = ["HISTORY_COLUMNS", "MAX_GAME_PLAYERS", "MAX_NAME_CHARS", "check_name", "normalize_players",
           "numbered_players", "seat_policies"]

HISTORY_COLUMNS = ("step", "turn", "player", "event", "text")


#: Players per game when a game sets no ``MAX_PLAYERS`` of its own (Oh Furcle! takes any number up to this).
MAX_GAME_PLAYERS = 1000
#: The longest player name, in characters.
MAX_NAME_CHARS = 24


def check_name(name: object) -> str:
    """Return ``name`` if it can name a player; else raise ValueError naming it and what is accepted.

    A name is printable text (no newlines, tabs, control or bidi-override
    characters), 1 to ``MAX_NAME_CHARS`` characters, with no space at
    either end, so that a name can never fake a line of a log or reorder
    the text around it.

    >>> check_name("Ann")
    'Ann'
    >>> check_name("A\\nwins!")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: player name 'A\\nwins!' has a character that is not printable ('\\n'); a name is printable text: ...
    """
    accepted = f"a name is printable text: letters, digits, spaces and punctuation, 1 to {MAX_NAME_CHARS} characters"
    if not isinstance(name, str):
        raise ValueError(f"each player name must be a string, got {excerpt(name)}; {accepted}")
    if not name.strip():
        raise ValueError(f"each player name must be a non-empty string, got {excerpt(name)}; {accepted}")
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(f"player name {excerpt(name)} has {len(name)} characters; {accepted}")
    if not name.isprintable():
        bad = next(c for c in name if not c.isprintable())
        raise ValueError(f"player name {excerpt(name)} has a character that is not printable ({excerpt(bad)}); "
                         f"{accepted}")
    if name != name.strip():
        raise ValueError(f"player name {excerpt(name)} starts or ends with a space; {accepted}")
    return name


def normalize_players(players: object, low: int, high: int | None,
                      reserved: Sequence[str] = HISTORY_COLUMNS) -> tuple[str, ...]:
    """Turn a player count or a list of names into a tuple of unique names.

    At most ``high`` players, or ``MAX_GAME_PLAYERS`` (1000) when ``high`` is
    None, checked before any name is made. Each name must pass
    :func:`check_name`. Names in ``reserved`` (the columns of
    ``game.history``) are refused, since each player's score is a history
    column named after them.

    >>> normalize_players(2, 1, None)
    ('Player 1', 'Player 2')
    """
    limit = f"between {low} and {high}" if high is not None and high <= MAX_GAME_PLAYERS else (
        f"between {low} and {MAX_GAME_PLAYERS}, furlib's limit on players per game (MAX_GAME_PLAYERS)")
    high = MAX_GAME_PLAYERS if high is None else min(high, MAX_GAME_PLAYERS)
    if isinstance(players, (int, np.integer)) and not isinstance(players, bool):
        if players < low and limit.endswith("(MAX_GAME_PLAYERS)"):
            raise ValueError(f"players must be >= {low}, got {int(players)} (and at most {MAX_GAME_PLAYERS}, "
                             "furlib's limit on players per game)")
        if not low <= players <= high:
            raise ValueError(f"players must be {limit}, got {excerpt(int(players))}")
        return tuple(f"Player {i + 1}" for i in range(int(players)))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(
            f"players must be a number of players ({limit}) or a list of names, got {excerpt(players)}"
        )
    if not low <= len(players) <= high:
        raise ValueError(f"players must name {limit} players, got {len(players)}: {excerpt(list(players))}")
    names = tuple(players)
    for n in names:
        check_name(n)
    if len(set(names)) != len(names):
        raise ValueError(f"player names must be different, got {excerpt(list(names))}")
    clash = [n for n in names if n in reserved]
    if clash:
        raise ValueError(f"player names {excerpt(clash)} are taken by columns of the game history; "
                         f"choose names other than {sorted(reserved)}")
    return names


def seat_policies(players: tuple[str, ...], policies: tuple[Any, ...],
                  default: Callable[[], Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """The policy of each player for ``game.play(*policies)``: none, one for all, one per seat, or by name.

    Raises
    ------
    ValueError
        For an unknown name, the wrong number of policies, or a policy that is not callable.
    """
    chosen: dict[str, Any]      # every value is checked callable below
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
            raise ValueError(f"the policy for {name} must be callable (game -> action), got {excerpt(pol)}")
    return chosen


@lru_cache(maxsize=64)
def numbered_players(n: int, low: int, high: int | None) -> tuple[str, ...]:
    """:func:`normalize_players` of a player count (a plain ``int``: "Player 1", "Player 2", ...), remembered,
    so that every game of ``n`` numbered players shares one tuple."""
    return normalize_players(n, low, high)
