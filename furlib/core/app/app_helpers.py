"""The helpers of the game apps that need no widgets: the status box, the error line, seats and words.

``STATUS_BOX`` frames the status lines, ``APP_CSS`` is the frame's stylesheet, :func:`alert` writes the error
line, :func:`winner_words` says who won, :func:`bot_label` names a bot,
:func:`seat_bots` works out which seats are bots, and :func:`by_turn` groups
events into turns. :class:`furlib.core.app.widgets.GameApp` uses them all, and
``furlib.core.app.widgets`` exports them. This module imports neither ipywidgets
nor plotly.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

from ..engine.events import Event
from ..engine.game import Game
from ..errors import excerpt
from ..words import act, subjects

STATUS_BOX = ('<div class="furlib-status-text" role="status" style="padding: 4px 10px; margin: 2px 0 6px; '
              'border-left: 4px solid var(--jp-brand-color1, #1976d2); line-height: 1.5; '
              'color: var(--jp-ui-font-color1, inherit)">{}</div>')


#: The app frame's stylesheet (a ``<style>`` in the app, so it holds in Voila, JupyterLab and the classic notebook).
#:
#: * The message box (status lines, advice, error, Play again) has a fixed height, so the buttons under it never
#:   move when its text changes; the newest line sits at its bottom, next to the buttons (a reversed column: the
#:   browser keeps a box that overflows scrolled to its end), the older lines scroll away at its top, where they
#:   fade out instead of being cut through. On a narrow screen the lines wrap more, so the box is taller.
#: * ``touch-action: manipulation``: a phone does not wait for, or zoom on, a double tap.
#: * The switches' labels wrap instead of ending in an ellipsis.
#: * While a click's answer takes more than half a second (``furlib.core.app.buttons.WORKING_MS``), the message box
#:   says "Working…" at its bottom.
APP_CSS = """<style>
.furlib-app { touch-action: manipulation; }
.furlib-app .furlib-messages { height: 10.5em; min-height: 10.5em; overflow-y: auto; overflow-x: hidden;
  flex: 0 0 auto; margin-bottom: 4px;
  -webkit-mask-image: linear-gradient(to bottom, transparent 0, #000 1.5em);
  mask-image: linear-gradient(to bottom, transparent 0, #000 1.5em); }
@media (max-width: 640px) { .furlib-app .furlib-messages { height: 14em; min-height: 14em; } }
.furlib-app .furlib-messages > .widget-html, .furlib-app .furlib-messages > .widget-hbox { flex: 0 0 auto; }
.furlib-app .furlib-messages .widget-html-content { line-height: 1.5; }
.furlib-app.furlib-working .furlib-messages::before { content: "Working\\2026"; order: -1; flex: 0 0 auto;
  padding: 0 10px; font-style: italic; color: var(--jp-ui-font-color2, #616161); }
.furlib-app.furlib-working { cursor: progress; }
.furlib-app .furlib-switches { flex-flow: row wrap; gap: 0 16px; }
.furlib-app .furlib-switches .widget-checkbox { width: auto; max-width: 100%; height: auto; }
.furlib-app .furlib-switches .widget-checkbox label, .furlib-app .furlib-switches .widget-checkbox span {
  white-space: normal; overflow: visible; text-overflow: clip; height: auto; line-height: 1.4; }
</style>"""


def alert(title: str, text: str) -> str:
    r"""An error line for the app: ``title`` in bold, then ``text`` (both escaped; a new line stays one).

    >>> alert("Not started:", "a\nb")
    '<div role="alert" style="color: var(--jp-error-color1, #c62828)"><b>Not started:</b> a<br>b</div>'
    """
    body = "<br>".join(html.escape(line) for line in text.split("\n"))
    return (f'<div role="alert" style="color: var(--jp-error-color1, #c62828)"><b>{html.escape(title)}</b> '
            f"{body}</div>")


def winner_words(game: Game) -> str:
    """Who won, as a sentence's subject and verb: "Ann wins", "You win", "Ann and you share the win".

    >>> from furlib import Furcle
    >>> from furlib.furcle import Dice, Satisfied
    >>> g = Furcle(players=["You"], target=10, seed=1).apply(Dice((6, 6, 6, 6, 6))).apply(Satisfied())
    >>> winner_words(g)
    'You win'
    """
    w = game.winner
    if w is None:
        return "nobody wins"
    if isinstance(w, tuple):
        return f"{subjects(list(w))} share the win"
    return act(w, "wins")


def bot_label(policy: object) -> str:
    """A short name for a bot: its repr if at most 16 characters long, else (or for ``Bot()``) its class name.

    >>> from furlib.core.engine.policy import RandomBot
    >>> bot_label(RandomBot(seed=1))          # "RandomBot(seed=1)" has 17 characters
    'RandomBot'
    >>> class Careful:
    ...     def __repr__(self):
    ...         return "Careful()"
    >>> bot_label(Careful())
    'Careful'
    """
    text = repr(policy)
    return text if len(text) <= 16 and not text.endswith("()") else type(policy).__name__


def seat_bots(players: tuple[str, ...], bots: object, human: object,
              default: Callable[[], Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Which seats are bots: ``{player name: policy}``; the other seats are played by people.

    ``bots=None`` makes every seat but ``human`` (default: the first player)
    a ``default()`` bot; a single policy plays every seat but ``human``; a
    dict ``{name: policy}`` names the bot seats (the rest are humans).

    Raises
    ------
    ValueError
        For an unknown name, a policy that is not callable, or a human seat
        that is also a bot.
    """
    if human is not None and human not in players:
        raise ValueError(f"human must be one of the player names {list(players)}, got {excerpt(human)}")
    if bots is None or callable(bots) and not isinstance(bots, Mapping):
        me = players[0] if human is None else human
        return {p: (default() if bots is None else bots) for p in players if p != me}
    if not isinstance(bots, Mapping):
        raise ValueError(f"bots must be None, one policy (game -> action) or a dict {{name: policy}}, got "
                         f"{excerpt(bots)}")
    unknown = [name for name in bots if name not in players]
    if unknown:
        raise ValueError(f"bots names unknown players {unknown}; players are {list(players)}")
    for name, policy in bots.items():
        if not callable(policy):
            raise ValueError(f"the bot for {name} must be callable (game -> action), got {excerpt(policy)}")
    if human is not None and human in bots:
        raise ValueError(f"{excerpt(human)} cannot be both the human seat and a bot")
    return {p: bots[p] for p in players if p in bots}


def by_turn(events: list[Event]) -> list[list[Event]]:
    """Split events into runs of the same player and turn (events without a player are dropped)."""
    runs: list[list[Event]] = []
    for e in events:
        if runs and (runs[-1][0].turn, runs[-1][0].player) == (e.turn, e.player):
            runs[-1].append(e)
        else:
            runs.append([e])
    return [r for r in runs if r[0].player is not None]

