"""A game's events as a pandas DataFrame (``game.history``); pandas is imported only here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .events import Event

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def history_frame(events: Sequence[Event], players: Sequence[str], with_scores: bool = True,
                  fields: Sequence[str] | None = None, tell: Any = None) -> pd.DataFrame:
    """One row per event: step, turn, player, event, text, each player's score (if any), then the details.

    ``fields`` are the keys of the events' data shown as columns, in that
    order (None: every key); a column no event fills is left out, so the
    frame stays narrow enough to read. ``tell`` (a game's texts in a
    language) writes the text column; None: each event's own text.
    """
    import numpy as np
    import pandas as pd

    score_cols = list(players) if with_scores else []
    cols = ["step", "turn", "player", "event", "text", *score_cols]
    if not events:
        return pd.DataFrame(columns=cols)
    # Built column by column (one list each, then one frame): a frame made from a dict per row costs
    # ten times as much, and a leak check reads the history of every view at every step.
    columns: dict[str, list[Any]] = {
        "step": [e.step for e in events], "turn": [e.turn for e in events],
        "player": [e.player for e in events], "event": [e.kind for e in events],
        "text": [e.text for e in events] if tell is None else [tell.tell(e) for e in events]}
    for i, name in enumerate(score_cols):
        columns[name] = [e.scores[i] for e in events]
    extra: dict[str, list[Any]] = {}       # the details, in the order they first appear
    n = len(events)
    for row, e in enumerate(events):
        for k, v in e.data.items():
            if fields is not None and k not in fields:
                continue
            column = extra.get(k)
            if column is None:
                column = extra[k] = [np.nan] * n
            column[row] = list(v) if isinstance(v, tuple) else v
    rest = list(extra)
    if fields is not None:
        rest = [f for f in fields if f in extra]
    frame: dict[str, Any] = dict(columns)
    for c in rest:
        values = extra[c]
        present = [v for v in values if not _missing(v)]
        if present and all(isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()
                           for v in present):   # whole numbers stay whole where some events leave it empty
            frame[c] = pd.array([None if _missing(v) else int(v) for v in values], dtype="Int64")
        else:
            frame[c] = values
    return pd.DataFrame(frame, columns=cols + rest)


def _missing(value: Any) -> bool:
    """True for what pandas counts as missing in a column of details (None or a float NaN)."""
    return value is None or (type(value) is float and value != value)
