"""Saving and loading games as JSON (never pickle).

A save holds the parameters, the seed, every action (with whether the
game's own RNG rolled it) and the resulting state. Loading replays every
action through the rules, so a tampered or corrupt save is refused with a
ValueError rather than producing an impossible game. :class:`_Saving` gives
:class:`furlib.core.game.Game` its ``to_json`` and ``from_json``.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .actions import action_to_json
from .errors import IllegalAction, excerpt

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FORMAT = "furlib-game"
FORMAT_VERSION = 1
#: The longest save :meth:`~_Saving.from_json` reads, in characters (bytes for bytes): 10 MB.
MAX_SAVE_CHARS = 10_000_000
#: The most actions a save may hold (the longest real games have a few thousand; play() stops at 100,000).
MAX_SAVE_ACTIONS = 100_000
#: The longest string a saved action's field may hold (names, cards, colours are short).
MAX_FIELD_CHARS = 100
#: The most items of a list in a saved action's field (the dice of a roll).
MAX_FIELD_ITEMS = 1000
#: The most characters of a message from the rules repeated in a refused save's error.
MAX_MESSAGE_CHARS = 600
#: The keys of a save, every one required.
_KEYS = ("format", "version", "game", "params", "seed", "actions", "state")
#: The field names of each action class.
_FIELDS: dict[type, tuple[str, ...]] = {}


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

        **A save holds every secret.** To rebuild the game it keeps the seed
        and every action, so in a game with hidden information (Furry Poker)
        it tells every hand, every face-down card and the order of the deck
        to whoever reads it, whatever ``reveal`` says. Share a save only
        with someone who may see everything (a teacher). To share what one
        player may see, share their view instead: ``g.html("Ann")`` (a page),
        ``g.log(viewer="Ann")`` (the story as text) or ``g.history_for("Ann")``
        (a table): none of them holds anything Ann may not see, and none can
        be loaded as a game.

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

        A save must hold every key that ``to_json`` writes, each of the same
        kind (booleans are not numbers, and nothing missing is filled in
        with a default), and is checked against these limits before any
        work: at most ``MAX_SAVE_CHARS`` (10,000,000) characters, at most
        ``MAX_SAVE_ACTIONS`` (100,000) actions, and the players' limits of
        the game (see :func:`furlib.core.players.normalize_players`).

        Raises
        ------
        ValueError
            If the text is not a saved furlib game of this class, a key is
            missing, unknown or of the wrong kind, a limit is passed, an
            action is not legal, or the saved state does not match its
            actions. The message says where (``params.target``, ``action 12``)
            and echoes at most a short excerpt of the bad value.
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


def _kind(value: object) -> str:
    """The JSON kind of a value, booleans apart from numbers (for strict comparisons)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a point"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _difference(saved: object, expected: object, where: str) -> str | None:
    """Where ``saved`` differs from ``expected`` (JSON values, kinds compared too), or None if they are equal."""
    if _kind(saved) != _kind(expected):
        return f"{where} must be {_kind(expected)} ({excerpt(expected)}), got {excerpt(saved)}"
    if isinstance(expected, dict):
        missing = [k for k in expected if k not in saved]
        if missing:
            return f"{where} has no {missing[0]!r}; a save holds every key: {excerpt(list(expected))}"
        extra = [k for k in saved if k not in expected]
        if extra:
            return f"{where} has an unknown key {excerpt(extra[0])}; expected the keys {excerpt(list(expected))}"
        for k, v in expected.items():
            why = _difference(saved[k], v, f"{where}.{k}" if where else str(k))
            if why:
                return why
        return None
    if isinstance(expected, list):
        if len(saved) != len(expected):
            return f"{where} must have {len(expected)} items ({excerpt(expected)}), got {len(saved)}: {excerpt(saved)}"
        for k, (a, b) in enumerate(zip(saved, expected)):
            why = _difference(a, b, f"{where}[{k}]")
            if why:
                return why
        return None
    if saved != expected:
        return f"{where} must be {excerpt(expected)}, got {excerpt(saved)}"
    return None


def _cut(message: object, limit: int = MAX_MESSAGE_CHARS) -> str:
    """An error message from the rules, cut to ``limit`` characters (a save's values could make it long)."""
    text = str(message)
    return text if len(text) <= limit else text[:limit - 4] + " ..."


def _field(value: object) -> object:
    """A saved action's field value as the action takes it (a list becomes a tuple); None if it is malformed."""
    kind = type(value)
    if kind is int or kind is str and len(value) <= MAX_FIELD_CHARS:
        return value
    if kind is list and len(value) <= MAX_FIELD_ITEMS and all(
            type(v) is int or type(v) is str and len(v) <= MAX_FIELD_CHARS for v in value):
        return tuple(value)
    return None


def _action(i: int, entry: object, registry: dict[str, type]) -> tuple[object, bool]:
    """The action and its ``rng`` flag from a save's ``actions[i]``; ValueError naming what is wrong."""
    if type(entry) is not dict:
        raise ValueError(f"saved action {i}: must be an object such as {{\"rng\": false, \"type\": \"Roll\"}}, "
                         f"got {excerpt(entry)}")
    name = entry.get("type")
    if type(name) is not str:
        raise ValueError(f"saved action {i}: type must be a string naming an action, got {excerpt(name)}; "
                         f"the actions are {', '.join(sorted(registry))}")
    if name not in registry:
        raise ValueError(f"saved action {i}: unknown action type {excerpt(name)}; "
                         f"the actions are {', '.join(sorted(registry))}")
    if "rng" not in entry:
        raise ValueError(f"saved action {i}: has no 'rng' (true if the game's own generator chose it, "
                         "else false)")
    sampled = entry["rng"]
    if type(sampled) is not bool:
        raise ValueError(f"saved action {i}: 'rng' must be true or false, got {excerpt(sampled)}")
    cls = registry[name]
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    if len(entry) != len(names) + 2 or any(n not in entry for n in names):
        missing = [n for n in names if n not in entry]
        extra = sorted(set(entry) - set(names) - {"rng", "type"})
        what = f"has no {missing[0]!r}" if missing else f"has an unknown key {excerpt(extra[0])}"
        raise ValueError(f"saved action {i}: {name} {what}; a saved {name} has the keys "
                         f"{['rng', 'type', *names]}")
    kwargs = {}
    for n in names:
        value = _field(entry[n])
        if value is None:
            raise ValueError(f"saved action {i}: bad fields for action {name}: {n} must be a whole number, "
                             f"a string of at most {MAX_FIELD_CHARS} characters or a list of at most "
                             f"{MAX_FIELD_ITEMS} of them, got {excerpt(entry[n])}")
        kwargs[n] = value
    try:
        return cls(**kwargs), sampled
    except (TypeError, ValueError) as e:
        raise ValueError(f"saved action {i}: bad fields for action {name}: {_cut(e)}") from None


def game_from_json(cls: type[Game], text: str | bytes) -> Game:
    """Rebuild a ``cls`` game from its JSON text (see :meth:`furlib.core.Game.to_json`).

    Every key of a save is required with the kind :meth:`to_json` writes
    (booleans are not numbers, nothing is filled in), and the limits
    ``MAX_SAVE_CHARS`` and ``MAX_SAVE_ACTIONS`` are checked before any work.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"a save is the text of to_json() (a str or bytes), got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise ValueError(f"this save has {len(text):,} characters; furlib loads saves of at most "
                         f"{MAX_SAVE_CHARS:,} characters (MAX_SAVE_CHARS)")
    try:
        doc = json.loads(text)
    except RecursionError:
        raise ValueError("not a saved furlib game: the JSON is nested too deeply") from None
    except ValueError as e:   # JSONDecodeError, bad UTF-8, a number too long to read
        raise ValueError(f"not a saved furlib game (invalid JSON: {_cut(e, 200)})") from None
    if type(doc) is not dict or doc.get("format") != FORMAT:
        raise ValueError(f"not a saved furlib game: expected a JSON object with format {excerpt(FORMAT)}")
    missing = [k for k in _KEYS if k not in doc]
    if missing:
        raise ValueError(f"this save has no {excerpt(missing[0])}; a save holds the keys {list(_KEYS)}")
    extra = [k for k in doc if k not in _KEYS]
    if extra:
        raise ValueError(f"this save has an unknown key {excerpt(extra[0])}; a save holds the keys {list(_KEYS)}")
    version = doc["version"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise ValueError(f"unsupported save version {excerpt(version)}; this furlib reads version {FORMAT_VERSION}")
    if doc["game"] != cls.__name__:
        raise ValueError(f"this is a saved {excerpt(doc['game'])} game, not {excerpt(cls.__name__)}")
    for key, kind in (("params", dict), ("actions", list), ("state", dict)):
        if type(doc[key]) is not kind:
            raise ValueError(f"{key} must be {_kind(kind())}, got {excerpt(doc[key])}")
    seed = doc["seed"]
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {excerpt(seed)}")
    actions, params = doc["actions"], doc["params"]
    if len(actions) > MAX_SAVE_ACTIONS:
        raise ValueError(f"this save has {len(actions):,} actions; furlib loads saves of at most "
                         f"{MAX_SAVE_ACTIONS:,} actions (MAX_SAVE_ACTIONS)")
    players = params.get("players")
    if type(players) is not list:
        raise ValueError(f"bad parameters in saved game: params.players must be the list of the players' names, "
                         f"got {excerpt(players)}")
    try:
        game = cls(**params, seed=seed)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        raise ValueError(f"bad parameters in saved game: {_cut(e)}") from None
    why = _difference(params, json.loads(json.dumps(game._params())), "params")
    if why:
        raise ValueError(f"bad parameters in saved game: {why}")
    registry = {c.__name__: c for c in cls.ACTIONS}
    for i, entry in enumerate(actions):
        action, sampled = _action(i, entry, registry)
        try:
            if sampled:
                if not game.is_chance:
                    raise IllegalAction("it says the game's own generator chose it (rng), but this is "
                                        "not a chance point.")
                got = game.step()
                if got != action:
                    raise ValueError(f"saved action {i}: the seed {game.CHANCE_VERB}s {excerpt(str(got))}, "
                                     f"the save says {excerpt(str(action))}")
            else:
                game.apply(action)
        except IllegalAction as e:
            raise ValueError(f"saved action {i} ({excerpt(str(action))}) is not legal: {_cut(e)}") from None
        except (TypeError, KeyError, IndexError, AttributeError, OverflowError) as e:
            raise ValueError(f"saved action {i} ({excerpt(str(action))}) is not legal: {_cut(e)}") from None
    why = _difference(doc["state"], json.loads(json.dumps(game._state)), "state")
    if why:
        raise ValueError(f"the saved state does not match the state its actions lead to: {why}")
    return game
