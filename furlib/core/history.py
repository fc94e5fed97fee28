"""A game's events as a pandas DataFrame (``game.history``); pandas is imported only here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .events import Event

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def history_frame(events: Sequence[Event], players: Sequence[str], with_scores: bool = True,
                  fields: Sequence[str] | None = None) -> pd.DataFrame:
    """One row per event: step, turn, player, event, text, each player's score (if any), then the details.

    ``fields`` are the keys of the events' data shown as columns, in that
    order (None: every key); a column no event fills is left out, so the
    frame stays narrow enough to read.
    """
    import pandas as pd

    score_cols = list(players) if with_scores else []
    rows = []
    for e in events:
        row: dict[str, Any] = {"step": e.step, "turn": e.turn, "player": e.player, "event": e.kind, "text": e.text}
        row.update(zip(score_cols, e.scores))
        for k, v in e.data.items():
            if fields is None or k in fields:
                row[k] = list(v) if isinstance(v, tuple) else v
        rows.append(row)
    cols = ["step", "turn", "player", "event", "text", *score_cols]
    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame(columns=cols)
    rest = [c for c in df.columns if c not in cols]
    if fields is not None:
        rest = [f for f in fields if f in rest]
    df = df.reindex(columns=cols + rest)
    for c in rest:   # whole numbers stay whole where some events leave the column empty
        values = df[c].dropna()
        if len(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()
                               for v in values):
            df[c] = df[c].astype("Int64")
    return df
