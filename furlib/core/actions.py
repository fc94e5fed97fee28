"""Actions: small frozen dataclasses with a readable ``str`` and a JSON form."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping


def action_to_json(action: object) -> dict[str, Any]:
    """The JSON-able dict of an action dataclass: its type name and fields."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        v = getattr(action, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_json(data: object, registry: Mapping[str, type]) -> object:
    """Rebuild an action from :func:`action_to_json` output, validating its shape."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action must be a dict with a 'type', got {data!r}")
    name = data["type"]
    if name not in registry:
        raise ValueError(f"unknown action type {name!r}; expected one of {sorted(registry)}")
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
    except TypeError as e:
        raise ValueError(f"bad fields for action {name}: {e}") from None
