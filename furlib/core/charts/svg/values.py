"""A trace's values as plotly's JSON gives them: numbers, typed arrays, per-point attributes, nested keys."""

from __future__ import annotations

import math
from typing import Any


def _num(v: Any) -> float | None:
    """A number, or None for a missing value (None, NaN, text that is not a number)."""
    if v is None or isinstance(v, bool):
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) else f


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _decode(v: dict[str, Any]) -> list[Any]:
    """plotly's typed array (``{"dtype": "f8", "bdata": base64, "shape": "2, 3"}``) as (nested) lists."""
    import base64

    import numpy as np

    arr = np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"]))
    shape = v.get("shape")
    if shape:
        arr = arr.reshape([int(s) for s in str(shape).split(",")])
    values: list[Any] = arr.tolist()
    return values


def _seq(v: Any) -> list[Any]:
    """A data array of a trace as a flat Python list ([] when absent)."""
    if v is None:
        return []
    if isinstance(v, dict) and "bdata" in v:
        v = _decode(v)
    if isinstance(v, (str, int, float)):
        return [v]
    return list(v)


def _grid(v: Any) -> list[list[Any]]:
    """A 2-D array (a heatmap's ``z``) as a list of rows."""
    if isinstance(v, dict) and "bdata" in v:
        v = _decode(v)
    rows = list(v or [])
    if rows and not isinstance(rows[0], (list, tuple)):
        rows = [rows]
    return [list(r) for r in rows]


def _each(v: Any, n: int, default: Any = None) -> list[Any]:
    """A per-point attribute (a scalar, or an array) as a list of ``n`` values."""
    if isinstance(v, dict) and "bdata" in v:
        v = _decode(v)
    if isinstance(v, (list, tuple)):
        vals = list(v)
        return [vals[i] if i < len(vals) else default for i in range(n)]
    return [default if v is None else v] * n


def _get(d: Any, *path: str, default: Any = None) -> Any:
    for key in path:
        if not isinstance(d, dict) or key not in d:
            return default
        d = d[key]
    return default if d is None else d
