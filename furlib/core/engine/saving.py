"""Saving and loading games as JSON (never pickle).

A save holds the parameters, the seed, every action (with whether the
game's own RNG rolled it) and the resulting state. Loading replays every
action through the rules, so a tampered or corrupt save is refused with a
ValueError rather than producing an impossible game. The functions here
serve :meth:`furlib.core.engine.game.Game.to_json` and ``from_json``; they never
import the game.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from typing import Any

from ..errors import IllegalAction, cut_message, excerpt
from .actions import action_to_json

FORMAT = "furlib-game"
FORMAT_VERSION = 1
#: The longest save ``Game.from_json`` reads, in characters (bytes for bytes): 10 MB.
MAX_SAVE_CHARS = 10_000_000
#: The most actions any save may hold: the largest ``Game.MAX_STEPS``. Each game's own ``MAX_STEPS`` (the
#: most actions one of its games holds; lower for shorter games, e.g. Pig's and High Card's) is its limit.
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


def game_to_json(name: str, params: dict[str, Any], seed: int, actions: list[tuple[object, bool]],
                 state: dict[str, Any]) -> str:
    """The JSON text of a save (see :meth:`furlib.core.Game.to_json`): the game's class ``name``, its
    parameters and seed, its ``(action, rolled)`` pairs and its state."""
    doc = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": name,
        "params": params,
        "seed": seed,
        "actions": [{"rng": sampled, **_action_json(a)} for a, sampled in actions],
        "state": state,
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


def _difference(saved: Any, expected: Any, where: str) -> str | None:
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
    return cut_message(message, limit)


class _DuplicateKey(ValueError):
    """A JSON object of a save gives one key twice (raised while the JSON is read)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The dict of a JSON object's ``pairs``; a :class:`_DuplicateKey` if a key comes twice (``json`` would
    keep the last value silently, so that a save could say one thing to one reader and another to us)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


def _field(value: object) -> object:
    """A saved action's field value as the action takes it (a list becomes a tuple); None if it is malformed."""
    if type(value) is int or type(value) is str and len(value) <= MAX_FIELD_CHARS:
        return value
    if type(value) is list and len(value) <= MAX_FIELD_ITEMS and all(
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


def game_from_json(cls: Any, text: str | bytes) -> tuple[Any, dict[str, Any]]:
    """Rebuild a ``cls`` game from its JSON text (see :meth:`furlib.core.Game.to_json`): the game and the saved state.

    The caller checks that the saved state is the one the actions lead to (:func:`state_difference`).

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
        doc = json.loads(text, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise ValueError("not a saved furlib game: the JSON is nested too deeply") from None
    except _DuplicateKey as e:
        raise ValueError(f"this save gives the key {excerpt(e.args[0])} twice in one object; a save gives each "
                         "key once (which value was meant cannot be known)") from None
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
    if type(seed) is not int or not 0 <= seed <= cls.MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**128 - 1 (MAX_SEED), got {excerpt(seed)}")
    actions, params = doc["actions"], doc["params"]
    if len(actions) > MAX_SAVE_ACTIONS:
        raise ValueError(f"this save has {len(actions):,} actions; furlib loads saves of at most "
                         f"{MAX_SAVE_ACTIONS:,} actions (MAX_SAVE_ACTIONS)")
    most = min(cls.MAX_STEPS, MAX_SAVE_ACTIONS)
    if len(actions) > most:
        raise ValueError(f"this save has {len(actions):,} actions; a {cls.__name__} game holds at most "
                         f"{most:,} ({cls.__name__}.MAX_STEPS), so no save of one has more")
    params = cls._saved_params(params)
    players = params.get("players")
    if type(players) is not list:
        raise ValueError(f"bad parameters in saved game: params.players must be the list of the players' names, "
                         f"got {excerpt(players)}")
    try:
        game = cls(**params, seed=seed)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        raise ValueError(f"bad parameters in saved game: {_cut(e)}") from None
    why = _difference(params, json.loads(json.dumps(game.params)), "params")
    if why:
        raise ValueError(f"bad parameters in saved game: {why}")
    registry = {c.__name__: c for c in cls.ACTIONS}
    # every action is read and checked (its type, flag and fields) before the first is replayed: a save
    # malformed anywhere is refused without replaying the actions before the fault
    read = [_action(i, entry, registry) for i, entry in enumerate(actions)]
    for i, (action, sampled) in enumerate(read):
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
    return game, doc["state"]


def state_difference(saved: object, state: dict[str, Any]) -> None:
    """Raise a ValueError saying where ``saved`` (a save's state) differs from ``state`` (its actions' result)."""
    why = _difference(saved, json.loads(json.dumps(state)), "state")
    if why:
        raise ValueError(f"the saved state does not match the state its actions lead to: {why}")
