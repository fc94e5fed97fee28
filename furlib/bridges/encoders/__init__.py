"""One encoder per game: how its decisions, chance outcomes and views become numbers.

:func:`make_encoder` finds a game by class or registered name, checks the
rules, the players and the move cap (each against its documented limit,
before any game is made), and returns the game's encoder;
:func:`encoder_from_key` rebuilds one from its :attr:`~base.Encoder.key`
(what a pickled OpenSpiel state keeps). Each game's module documents its
numbering and its tensors.

>>> enc = make_encoder("Furcle", target=30)
>>> enc.short_name, enc.players, enc.max_moves, enc.num_actions
('furcle', ('Player 1', 'Player 2'), 1000, 8)
>>> make_encoder("Furcle", colour="red")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: Furcle has no rule 'colour'; its rules are beekin, bonus, n_dice, sides, target ...
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Iterable
from functools import lru_cache
from itertools import islice
from typing import Any

from ...core import Game, registry
from ...core.errors import check_int, excerpt
from .base import DEFAULT_MAX_MOVES, MAX_MOVES, Encoder, Layout

__all__ = ["make_encoder", "encoder_from_key", "resolve", "ENCODERS", "Encoder", "Layout", "MAX_MOVES",
           "DEFAULT_MAX_MOVES"]

#: The registered games that have a bridge, by name: ``"module:class"`` of the encoder in this package.
ENCODERS = {
    "Furcle": "furcle:FurcleEncoder", "Furglars": "furglars:FurglarsEncoder", "FurryPoker": "poker:PokerEncoder",
    "Thieves": "thieves:ThievesEncoder", "Pig": "pig:PigEncoder", "HighCard": "highcard:HighCardEncoder",
}


def resolve(game: object) -> tuple[type[Game], type[Encoder]]:
    """The game class and its encoder class, from a game class or a registered name (``"Furcle"``).

    Raises ValueError naming the value and the games that have a bridge.
    """
    names = ", ".join(ENCODERS)
    if isinstance(game, str) or isinstance(game, type) and issubclass(game, Game):
        try:
            info = registry.get(game)
        except KeyError:
            info = None
        if info is not None and info.name in ENCODERS:
            module, _, name = ENCODERS[info.name].partition(":")
            encoder: type[Encoder] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
            return info.cls, encoder
        raise ValueError(f"there is no bridge for the game {excerpt(game)}; the games with one are {names}")
    raise ValueError(f"game must be a furlib game class (e.g. furlib.Furcle) or a registered game's name, one of "
                     f"{names}; got {excerpt(game)}")


def _rules_of(cls: type[Game]) -> dict[str, inspect.Parameter]:
    """The keywords of the game's constructor that are rules (all but ``players`` and ``seed``)."""
    params = inspect.signature(cls.__init__).parameters
    return {k: p for k, p in params.items() if k not in ("self", "players", "seed")}


def _check_players(players: object, low: int, high: int, title: str) -> object:
    """A number of players from ``low`` to ``high``, or a list of that many names (read no further than
    ``high + 1`` names; the game checks the names themselves)."""
    if isinstance(players, int) and not isinstance(players, bool):
        if low == high and players != low:
            raise ValueError(f"the bridge plays {title} with {low} players, no more and no fewer; got "
                             f"{excerpt(players)}")
        return check_int("players", players, low=low, high=high)
    if isinstance(players, Iterable) and not isinstance(players, (str, bytes, dict)):
        names = list(islice(players, high + 1))
        if not low <= len(names) <= high:
            raise ValueError(f"the bridge plays {title} with {low} to {high} players; got "
                             f"{'more than ' + str(high) if len(names) > high else len(names)}: {excerpt(names)}")
        return names
    raise ValueError(f"players must be a number of players ({low} to {high}) or a list of their names; "
                     f"got {excerpt(players)}")


def make_encoder(game: object, *, players: object = None, max_moves: int | None = None, **rules: Any) -> Encoder:
    """The encoder of ``game`` (a class or a registered name) with these players, move cap and rules.

    Parameters
    ----------
    game : type or str
        ``furlib.Furcle`` or ``"Furcle"`` (and the other games of :data:`ENCODERS`).
    players : int or list of str, optional
        How many players, or their names (default: the game's own default); within the bridge's limits,
        the encoder's ``MIN_PLAYERS`` and ``MAX_PLAYERS`` (2 to 6; 2 to 4 for High Card, 2 for Thieves).
    max_moves : int, optional
        The move cap: 1 to ``MAX_MOVES`` (10,000) decisions, default ``DEFAULT_MAX_MOVES`` (1,000).
    **rules
        The game's own keywords (``target=30``), each checked by the game.

    Raises
    ------
    ValueError
        For an unknown game or rule, a ``seed`` among the rules, players or a cap out of their range, or a rule
        the game refuses; every check is made before any game is.
    """
    cls, encoder = resolve(game)
    max_moves = DEFAULT_MAX_MOVES if max_moves is None else check_int("max_moves", max_moves, low=1, high=MAX_MOVES)
    if "seed" in rules:
        raise ValueError("seed is not a rule: an environment seeds each episode (PettingZoo: reset(seed=...)), and "
                         "an OpenSpiel game's chance outcomes are chosen by OpenSpiel")
    accepted = _rules_of(cls)
    for name in rules:
        if name not in accepted:
            raise ValueError(f"{cls.__name__} has no rule {excerpt(name)}; its rules are {', '.join(sorted(accepted))} "
                             "(and players)")
    if players is None:
        players = inspect.signature(cls.__init__).parameters["players"].default
    players = _check_players(players, encoder.MIN_PLAYERS, encoder.MAX_PLAYERS, cls.__name__)
    template = cls(players, **rules, seed=0)    # each game's own keywords and checks
    return encoder(template, max_moves)


@lru_cache(maxsize=64)
def encoder_from_key(name: str, params: str, max_moves: int) -> Encoder:
    """The encoder whose :attr:`~base.Encoder.key` is ``(name, params, max_moves)`` (made once, then shared)."""
    cls, encoder = resolve(name)
    return encoder(cls(**json.loads(params), seed=0), max_moves)   # a save's parameters
