"""A game's events as a pandas DataFrame (``game.history``); pandas is imported only here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .events import Event

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def history_frame(events: Sequence[Event], players: Sequence[str], with_scores: bool = True) -> "pd.DataFrame":
    """One row per event: step, turn, player, event, text, each player's score (if any), then the details.

    Detail columns no event of the game fills are left out, so the frame
    holds only what happened.
    """
    import pandas as pd

    score_cols = list(players) if with_scores else []
    rows = []
    for e in events:
        row: dict[str, Any] = {"step": e.step, "turn": e.turn, "player": e.player, "event": e.kind, "text": e.text}
        row.update(zip(score_cols, e.scores))
        for k, v in e.data.items():
            row[k] = list(v) if isinstance(v, tuple) else v
        rows.append(row)
    cols = ["step", "turn", "player", "event", "text", *score_cols]
    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame(columns=cols)
    rest = [c for c in df.columns if c not in cols]
    return df.reindex(columns=cols + rest)
