"""What a game shows, and to whom: a player's view, the events each player may see, the log, the history and
the repr.

A game with hidden information (``HIDDEN_INFO = True``) shows each player only what they may see:
:meth:`Game.view <furlib.core.engine.game.Game.view>` makes the game's :class:`~furlib.core.engine.view.View`
(a read-only value, the others' secrets left out of the new state the rules' ``redact`` makes), and the events
say who may see them (:func:`furlib.core.engine.events.visible`). In a game without hidden information a view
is the whole state.

These functions read a game and a view through their public API (``players``, ``is_view``, ``viewer``,
``reveal``, ``scores``, ``params`` ...), but for :func:`perspective`, which makes the teacher's view of the
game's own state and events; the game's methods of the same names call them. pandas is imported only by the
history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import check_bool, check_int, excerpt
from .events import Event, visible

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["seat_of", "reveals", "events_for", "log_text", "history_for", "describe", "perspective"]


def perspective(game: Any, viewer: str | None, reveal: bool | None) -> Any:
    """What ``game.html(viewer, reveal=...)`` draws: the game itself if it shows everything to everyone, the
    teacher's "show everything" (a view that shares the state and the events, and cannot change the game),
    or ``viewer``'s view."""
    if reveals(game, viewer, reveal):
        if game.reveal:
            return game
        return game.VIEW(game.rules, game._players, None, game._state, game._events(), game.n_steps,
                         game._texts, revealed=True)
    return game.view(viewer)


def seat_of(players: Sequence[str], player: str | None) -> int | None:
    """The seat of ``player`` (None: a spectator); a ValueError naming the players for anyone else."""
    if player is None:
        return None
    try:
        return players.index(player)
    except ValueError:
        raise ValueError(f"unknown player {excerpt(player)}; players are {list(players)} "
                         "(or None for a spectator)") from None


def reveals(game: Any, viewer: str | None, reveal: bool | None) -> bool:
    """Whether to show everything: ``reveal`` if given (True only for a spectator of a whole game), else the switch."""
    if reveal is None:
        return viewer is None and game.reveal and not game.is_view
    reveal = check_bool("reveal", reveal)
    if reveal and viewer is not None:
        raise ValueError(f"reveal=True shows everything, to nobody in particular: pass viewer=None, "
                         f"not {excerpt(viewer)} (a player's view never shows another player's secrets)")
    if reveal and game.is_view and not game.reveal:
        raise ValueError("a view cannot reveal what it does not hold: ask the game itself, "
                         "e.g. game.html(reveal=True)")
    return reveal


def events_for(game: Any, events: Sequence[Event], viewer: str | None, reveal: bool | None) -> list[Event]:
    """The ones of ``events`` (all of ``game``'s) that ``viewer`` may see: see ``Game.events_for``."""
    if reveal is not None:
        if reveals(game, viewer, reveal):
            return list(events)
        if viewer is None and not game.is_view:
            return [e for e in events if visible(e, None)]
    if game.is_view:
        if viewer is not None and viewer != game.viewer:
            raise ValueError(f"this view shows what {game.viewer or 'a spectator'} sees; "
                             f"ask the game itself for {viewer}'s events")
        return list(events)
    if viewer is None and game.reveal:
        return list(events)
    seat = seat_of(game.players, viewer)
    return [e for e in events if visible(e, seat)]


def log_text(events: list[Event], last: int | None, texts: Any = None, language: str | None = None) -> str:
    """The events as text, one line each (the last ``last`` only if given), in ``language`` (a code of the
    game's texts, :meth:`furlib.core.engine.texts.Texts.languages`; None: as the events tell themselves)."""
    if last is not None:
        last = check_int("last", last, low=0)
        events = events[len(events) - last:] if last else []
    teller = _teller(texts, language)
    if teller is None:
        return "\n".join(str(e) for e in events)
    return "\n".join(f"{e.step:>4}  {teller.tell(e)}" for e in events)


def _teller(texts: Any, language: str | None) -> Any:
    """The game's ``texts`` in ``language`` (None: none, the events tell themselves); a ValueError names a
    language the game is not written in."""
    if language is None:
        return None
    if texts is None:
        raise ValueError(f"this game's texts are written in English only, not {excerpt(language)}")
    return texts.in_language(language)


def history_for(game: Any, events: list[Event], texts: Any = None, language: str | None = None) -> pd.DataFrame:
    """The history table of ``events`` (those a viewer may see), its text in ``language`` (a code of the game's
    ``texts``; None: as the events tell themselves): see ``Game.history``."""
    from .history import history_frame

    fields = game.EVENT_FIELDS if game.HISTORY_FIELDS is None else game.HISTORY_FIELDS
    return history_frame(events, game.players, bool(game.scores), fields, _teller(texts, language))


def describe(game: Any, over_text: str) -> str:
    """The repr of a game: class, players, parameters, where it is, scores."""
    params = ", ".join(f"{k}={v!r}" for k, v in game.params.items() if k != "players")
    scores = ", ".join(f"{p}: {s}" for p, s in game.scores.items())
    if game.is_over:
        where = f"over, {over_text}"
    else:
        where = f"turn {game.turn}, {game.current_player} to {game.CHANCE_VERB if game.is_chance else 'play'}"
    whose = "" if not game.is_view else f" as {game.viewer} sees it" if game.viewer else " as a spectator sees it"
    tail = f"; scores {scores}" if scores else ""
    name = getattr(game, "GAME", None) or type(game).__name__   # a view names its game
    return f"<{name}{whose} {list(game.players)!r} {params}; {where}{tail}>"
