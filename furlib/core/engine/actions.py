"""Actions: small frozen dataclasses with a readable ``str`` and a JSON form."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import IllegalAction, cut_message, excerpt


def action_to_json(action: object) -> dict[str, Any]:
    """The JSON-able dict of an action dataclass: its type name and fields."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]  # every action is a dataclass instance
        v = getattr(action, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_json(data: object, registry: Mapping[str, type]) -> object:
    """Rebuild an action from :func:`action_to_json` output, validating its shape."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action must be a dict with a 'type', got {excerpt(data)}")
    name = data["type"]
    if name not in registry:
        raise ValueError(f"unknown action type {excerpt(name)}; expected one of {sorted(registry)}")
    cls = registry[name]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise ValueError(f"action {name} has unknown fields {sorted(extra)}; expected {sorted(names)}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            v = data[f.name]
            kwargs[f.name] = tuple(v) if isinstance(v, list) else v
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise ValueError(f"bad fields for action {name}: {cut_message(e)}") from None


def _is_whole(value: object) -> bool:
    return type(value) is int or (isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)))


def set_whole_number(action: object, name: str, example: str) -> None:
    """Validate the field ``name`` of a frozen action as a whole number, stored as a plain ``int``.

    numpy integers are accepted and stored as ``int`` (so a save is plain
    JSON); bools, floats, strings and the rest are refused.

    Raises
    ------
    IllegalAction
        Naming the action, the bad value and an example of a good one.
    """
    value = getattr(action, name)
    if type(value) is int:
        return
    if not _is_whole(value):
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a whole number, e.g. {example}; "
                            f"got {excerpt(value)}")
    object.__setattr__(action, name, int(value))


def set_tuple(action: object, name: str, item: str, example: str) -> None:
    """Validate the field ``name`` as a sequence of whole numbers (``item="int"``) or of words (``"str"``).

    Stores a tuple of plain ``int`` or lower-case ``str``.

    Raises
    ------
    IllegalAction
        Naming the action, the bad value and an example of a good one.
    """
    value = getattr(action, name)
    if type(value) is tuple:   # the engine's own rolls: already plain
        if item == "int" and all(type(v) is int for v in value):
            return
        if item == "str" and all(type(v) is str and v.islower() for v in value):
            return
    bad = f"{type(action).__name__}'s {name} must be a list of "
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__") or isinstance(value, dict):
        raise IllegalAction(f"{bad}{'whole numbers' if item == 'int' else 'words'}, e.g. {example}; got "
                            f"{excerpt(value)}")
    items = list(value)
    if item == "int":
        if not all(_is_whole(v) for v in items):
            raise IllegalAction(f"{bad}whole numbers, e.g. {example}; got {excerpt(value)}")
        out = tuple(int(v) for v in items)
    else:
        if not all(isinstance(v, str) for v in items):
            raise IllegalAction(f"{bad}words, e.g. {example}; got {excerpt(value)}")
        out = tuple(v.lower() for v in items)
    object.__setattr__(action, name, out)


def check_text(action: object, name: str, example: str) -> None:
    """Validate the field ``name`` as a string (a player's or a card's name).

    Raises
    ------
    IllegalAction
        Naming the action, the bad value and an example of a good one.
    """
    value = getattr(action, name)
    if not isinstance(value, str):
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a name, e.g. {example}; got {excerpt(value)}")
