"""Saving and loading games as JSON (never pickle).

A save holds the parameters, the seed, every action (with whether the
game's own RNG rolled it) and the resulting state. Loading replays every
action through the rules, so a tampered or corrupt save is refused with a
ValueError rather than producing an impossible game. :class:`_Saving` gives
:class:`furlib.core.game.Game` its ``to_json`` and ``from_json``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .actions import action_from_json, action_to_json
from .errors import IllegalAction

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FORMAT = "furlib-game"
FORMAT_VERSION = 1


@lru_cache(maxsize=4096)
def _action_json(action: object) -> dict[str, Any]:
    """:func:`action_to_json`, remembered (actions are frozen); callers copy it, never change it."""
    return action_to_json(action)


class _Saving:
    """``to_json`` and ``from_json`` of a :class:`~furlib.core.game.Game` (a mixin)."""

    def _saved_actions(self) -> list[dict[str, Any]]:
        return [{"rng": sampled, **_action_json(a)} for a, sampled in self._actions]

    def to_json(self) -> str:
        """The game as a JSON string: parameters, seed, every action, and the state.

        ``type(g).from_json(g.to_json())`` rebuilds the same game (history and undo too).

        Raises
        ------
        ValueError
            For a clone or a view, which keep no history to replay.
        """
        self._playable("be saved")
        if self._base:
            raise ValueError("a clone keeps no history, so it cannot be saved; save the game itself "
                             "(or a copy(), which keeps the history)")
        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Rebuild a game from :meth:`to_json`, replaying and checking every action.

        Raises
        ------
        ValueError
            If the text is not a saved furlib game of this class, or an action
            is not legal, or the saved state does not match its actions.
        """
        return game_from_json(cls, text)


def game_to_json(game: Game) -> str:
    """The JSON text of ``game`` (see :meth:`furlib.core.Game.to_json`)."""
    doc = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": type(game).__name__,
        "params": game._params(),
        "seed": game.seed,
        "actions": game._saved_actions(),
        "state": game._state,
    }
    return json.dumps(doc, separators=(",", ":"))


def game_from_json(cls: type[Game], text: str | bytes) -> Game:
    """Rebuild a ``cls`` game from its JSON text (see :meth:`furlib.core.Game.from_json`)."""
    try:
        doc = json.loads(text)
    except (TypeError, json.JSONDecodeError) as e:
        raise ValueError(f"not a saved furlib game (invalid JSON: {e})") from None
    except RecursionError:
        raise ValueError("not a saved furlib game: the JSON is nested too deeply") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a saved furlib game: expected a JSON object with format {FORMAT!r}")
    if doc.get("version") != FORMAT_VERSION:
        raise ValueError(f"unsupported save version {doc.get('version')!r}; this furlib reads {FORMAT_VERSION}")
    if doc.get("game") != cls.__name__:
        raise ValueError(f"this is a saved {doc.get('game')!r} game, not {cls.__name__!r}")
    for key, kind in (("params", dict), ("actions", list), ("state", dict)):
        if not isinstance(doc.get(key), kind):
            raise ValueError(f"saved game field {key!r} must be a {kind.__name__}")
    try:
        game = cls(**doc["params"], seed=doc.get("seed"))
    except TypeError as e:
        raise ValueError(f"bad parameters in saved game: {e}") from None
    registry = {c.__name__: c for c in cls.ACTIONS}
    for i, entry in enumerate(doc["actions"]):
        if not isinstance(entry, dict):
            raise ValueError(f"action {i} must be an object, got {entry!r}")
        entry = dict(entry)
        sampled = entry.pop("rng", False)
        if not isinstance(sampled, bool):
            raise ValueError(f"saved action {i}: 'rng' must be true or false, got {sampled!r}")
        try:
            action = action_from_json(entry, registry)
        except ValueError as e:
            raise ValueError(f"saved action {i}: {e}") from None
        try:
            if sampled:
                if not game.is_chance:
                    raise IllegalAction(f"action {i} says it was rolled, but it is not a chance point.")
                got = game.step()
                if got != action:
                    raise ValueError(f"action {i}: the seed rolls {got}, the save says {action}")
            else:
                game.apply(action)
        except IllegalAction as e:
            raise ValueError(f"saved action {i} ({action}) is not legal: {e}") from None
    if json.loads(json.dumps(game._state)) != doc["state"]:
        raise ValueError("the saved state does not match the state its actions lead to")
    return game
