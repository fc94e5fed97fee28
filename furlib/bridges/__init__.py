"""furlib's games in OpenSpiel and PettingZoo (needs the `ai` extra: ``pip install 'furlib[ai]'``).

Two entry points:

* :func:`pettingzoo_env` makes a PettingZoo AEC environment of a game
  (``furlib.bridges.pettingzoo.FurlibEnv``): one agent per seat, an action
  mask, an observation per seat read from that seat's view only, seeded
  resets and a move cap.
* :func:`register_openspiel` registers every game with OpenSpiel, as
  ``furlib_furcle``, ``furlib_furglars``, ``furlib_poker``,
  ``furlib_thieves``, ``furlib_pig`` and ``furlib_highcard``, so that
  ``pyspiel.load_game("furlib_furcle", {"target": 30})`` works, with chance
  nodes carrying furlib's exact probabilities.

Each game's numbering of decisions and chance outcomes, and the layout of
its observation and information-state vectors, are in its encoder
(:mod:`furlib.bridges.encoders`); ``docs/bridges.md`` has them all.
Importing this package imports neither pettingzoo, gymnasium nor pyspiel:
each function imports what it needs, and says how to install it if missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .encoders import DEFAULT_MAX_MOVES, ENCODERS, MAX_MOVES, make_encoder

if TYPE_CHECKING:  # pragma: no cover
    from .pettingzoo import FurlibEnv

__all__ = ["pettingzoo_env", "register_openspiel", "OPENSPIEL_NAMES", "MAX_MOVES", "DEFAULT_MAX_MOVES", "ENCODERS",
           "make_encoder"]

#: The OpenSpiel name of each game with a bridge (:func:`register_openspiel` registers them all).
OPENSPIEL_NAMES = {name: "furlib_" + short for name, short in (
    ("Furcle", "furcle"), ("Furglars", "furglars"), ("FurryPoker", "poker"), ("Thieves", "thieves"), ("Pig", "pig"),
    ("HighCard", "highcard"))}


def pettingzoo_env(game: object, *, players: object = None, max_moves: int | None = None,
                   render_mode: str | None = None, **rules: Any) -> FurlibEnv:
    """A PettingZoo AEC environment playing ``game`` (a class, ``furlib.Furcle``, or a registered name, ``"Furcle"``).

    Parameters
    ----------
    game : type or str
        One of the games of :data:`ENCODERS`: Furcle, Furglars, FurryPoker, Thieves, Pig, HighCard.
    players : int or list of str, optional
        How many players, or their names (default: the game's default); 2 to 6 (2 to 4 for High Card, 2 for
        Thieves).
    max_moves : int, optional
        The move cap: the episode is truncated (every reward 0) after this many decisions, 1 to
        ``MAX_MOVES`` (10,000); default ``DEFAULT_MAX_MOVES`` (1,000).
    render_mode : {None, "human", "ansi"}
        What :meth:`~furlib.bridges.pettingzoo.FurlibEnv.render` does.
    **rules
        The game's own keywords, as its constructor takes them (``target=30``, ``advanced=True``).

    Raises
    ------
    ValueError
        For an unknown game or rule, or a value out of its limits (checked before any game is made).
    ImportError
        Without pettingzoo and gymnasium: the message says to install the `ai` extra.

    Examples
    --------
    >>> from furlib.bridges import pettingzoo_env
    >>> env = pettingzoo_env("Furcle", target=20)
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.game.seed, env.observe("player_0").shape
    ('player_0', 1, (54,))
    >>> int(env.infos["player_0"]["action_mask"].sum()) >= 1
    True
    """
    from .pettingzoo import FurlibEnv

    return FurlibEnv(make_encoder(game, players=players, max_moves=max_moves, **rules), render_mode=render_mode)


def register_openspiel() -> list[str]:
    """Register every game with OpenSpiel (once per process; again is harmless) and return their names.

    Raises ImportError without open_spiel: the message says to install the `ai` extra.

    >>> import pyspiel
    >>> from furlib.bridges import register_openspiel
    >>> register_openspiel()
    ['furlib_furcle', 'furlib_furglars', 'furlib_poker', 'furlib_thieves', 'furlib_pig', 'furlib_highcard']
    >>> game = pyspiel.load_game("furlib_furcle", {"target": 30})
    >>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
    (2, 8, 461, 1000)
    """
    from .openspiel import register

    return register()
