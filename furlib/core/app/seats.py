"""The seats of a settings panel: what a seat can be (a person or which bot), its widgets, and the checks of names.

:class:`SeatKind` is what a seat can be (:data:`HUMAN`, a kind of bot, :func:`bot_seat`, :func:`random_seat`),
:class:`Seat` the widgets of one seat, and :class:`SeatRows` the part of
:class:`furlib.core.app.settings.GameSettings` that adds, removes and reads the seats (a mixin: it reads the
panel's ``kinds``, ``seats``, ``n_players`` ...). :mod:`furlib.core.app.settings` exports them all.

This module imports ipywidgets; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from ..engine.players import HISTORY_COLUMNS
from ..engine.policy import RandomBot
from .settings_fields import LABEL, WRAP, Field, whole_number
from .settings_words import SettingsWords

__all__ = ["SeatKind", "HUMAN", "bot_seat", "random_seat", "Seat", "SeatRows"]

@dataclass(frozen=True)
class SeatKind:
    """What a seat can be: a person at the screen (``make=None``) or a kind of bot.

    Parameters
    ----------
    name : str
        Shown in the seat's dropdown, e.g. ``"Human"`` or ``"SatisfiedAt"``.
    make : callable or None
        ``make(seat, at) -> policy``: the bot for seat number ``seat`` (from
        0), with the seat's "at" value (None for a kind without one).
    policy : type, optional
        Policies of this class show as this kind when a game is shown.
    at : int, optional
        The default of the seat's "at" box; None: this kind has no box.
    at_of : callable, optional
        ``at_of(policy) -> int``: the "at" value of an existing policy.
    at_low, at_high : int
        The accepted range of "at".
    at_tooltip : str
        What "at" means, e.g. "SatisfiedAt(k) banks once the turn score reaches k".
    """

    name: str
    make: Callable[[int, int | None], Callable[..., Any]] | None = None
    policy: type | None = None
    at: int | None = None
    at_of: Callable[[Any], int] | None = None
    at_low: int = 1
    at_high: int | None = None
    at_tooltip: str = ""

    @property
    def is_human(self) -> bool:
        return self.make is None


#: The seat of a person at the screen.
HUMAN = SeatKind("Human")


def bot_seat(bot: type) -> SeatKind:
    """The seat kind of a bot made without arguments, named as its class: ``bot_seat(Greedy)`` shows as "Greedy",
    plays ``Greedy()``, and a ``Greedy`` of a game shown shows as it.

    >>> from furlib.core.engine.policy import RandomBot
    >>> kind = bot_seat(RandomBot)
    >>> kind.name, kind.policy is RandomBot, type(kind.make(0, None)).__name__, kind.is_human
    ('RandomBot', True, 'RandomBot', False)
    """
    return SeatKind(bot.__name__, lambda i, at: bot(), policy=bot)


def random_seat() -> SeatKind:
    """The seat kind of :class:`~furlib.core.engine.policy.RandomBot` (seeded by the seat number)."""
    return SeatKind("RandomBot", lambda i, at: RandomBot(seed=i), policy=RandomBot)


@dataclass
class Seat:
    """The widgets of one seat: its name, its kind (person or bot) and its "at" box."""

    name: widgets.Text
    kind: widgets.Dropdown
    at: widgets.Text
    box: widgets.Box = field(repr=False)

    @property
    def points(self) -> widgets.Text:
        """The "at" box (the k of ``SatisfiedAt(k)`` in Oh Furcle!)."""
        return self.at


class SeatRows:
    """The seats of a :class:`~furlib.core.app.settings.GameSettings` (a mixin: see the module docstring)."""

    # what the seats read of the panel (set by GameSettings)
    words: SettingsWords
    kinds: dict[str, SeatKind]
    default_kind: str
    seats: list[Seat]
    seat_box: widgets.VBox
    n_players: widgets.IntSlider
    field_specs: tuple[Field, ...]
    fields: dict[str, widgets.Widget]
    game_class: Any
    _removed: list[tuple[int, Seat]]
    _shown_n: int

    def _make(self, players: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    @staticmethod
    def _default_kinds(game: Any, default_bot: Callable[[], Callable[..., Any]] | None) -> tuple[SeatKind, ...]:
        if default_bot is None:
            default_bot = game._default_policy
        sample = default_bot()
        name = type(sample).__name__
        return (HUMAN, SeatKind(name, lambda i, at: default_bot(), policy=type(sample)), random_seat())

    def _new_seat(self, i: int) -> Seat:
        w = self.words
        name = widgets.Text(value=w.player(i + 1), description=w.seat(i + 1), style=LABEL,
                            layout=widgets.Layout(width="200px"))
        labels = [(w.kind(k), k) for k in self.kinds]   # the dropdown's value is the kind's name in any language
        kind = widgets.Dropdown(options=list(self.kinds) if all(a == b for a, b in labels) else labels,
                                value=self.default_kind, layout=widgets.Layout(width="140px"))
        kind.add_class("furlib-seat-kind")
        at = widgets.Text(description=w.at, style=LABEL, layout=widgets.Layout(width="90px"))
        at.add_class("furlib-seat-at")
        box = widgets.HBox([name, kind, at], layout=widgets.Layout(**WRAP))
        box.add_class("furlib-seat")
        seat = Seat(name, kind, at, box)
        kind.observe(lambda _: self._show_at(seat), "value")
        self._show_at(seat)
        return seat

    def _show_at(self, seat: Seat) -> None:
        kind = self.kinds[seat.kind.value]
        seat.at.layout.display = None if kind.at is not None else "none"
        seat.at.tooltip = kind.at_tooltip or None
        if kind.at is not None:
            seat.at.placeholder = self.words.blank(kind.at)

    def _resize(self) -> None:
        """Change the number of seats, keeping the people's seats and every other seat's choices.

        Fewer players: the last bot seat goes first (a person's seat only
        when every seat is a person's), so a person sitting after the bots
        keeps playing. More players: the seats taken away come back where
        they were, with their names and kinds, before new seats are added
        at the end. The seats are then numbered again.
        """
        n = self.n_players.value
        removed = self._removed   # (position, seat), the last one taken away last
        while len(self.seats) > n:
            bots = [i for i, s in enumerate(self.seats) if not self.kinds[s.kind.value].is_human]
            i = bots[-1] if bots else len(self.seats) - 1
            removed.append((i, self.seats.pop(i)))
        while len(self.seats) < n and removed:
            i, seat = removed.pop()
            self.seats.insert(min(i, len(self.seats)), seat)
        while len(self.seats) < n:
            self.seats.append(self._new_seat(len(self.seats)))
        for i, seat in enumerate(self.seats):
            seat.name.description = self.words.seat(i + 1)
        self.seat_box.children = [s.box for s in self.seats]
        old = self._shown_n
        if old and old != n:  # a field still showing the default for the old count follows the new count
            for spec in self.field_specs:
                w = self.fields[spec.key]
                if callable(spec.default) and spec.kind in ("int", "text") \
                        and str(w.value).strip() == spec.text_of(spec.default(old)):
                    w.value = spec.text_of(spec.default(n))
        self._shown_n = n

    def _kind_of(self, policy: Any) -> tuple[str, int | None]:
        if policy is None:
            return next(k.name for k in self.kinds.values() if k.is_human), None
        for k in self.kinds.values():
            if k.policy is not None and isinstance(policy, k.policy):
                return k.name, (k.at_of(policy) if k.at_of else None)
        return self.default_kind, None

    def _read_at(self, i: int, seat: Seat, kind: SeatKind, problems: list[str]) -> int | None:
        text = seat.at.value.strip()
        if not text:
            return kind.at
        try:
            return whole_number(self.words.at_label(self.words.seat(i + 1), kind.name), text, kind.at_low,
                                kind.at_high, str(kind.at), self.words)
        except ValueError as e:
            problems.append(str(e))
            return None

    def _check_names(self, names: list[str]) -> tuple[list[str], Any]:
        """The game's check of the seats' names, each refusal naming its seat ("Seat 2: ...").

        Returns the problems and the players to check the fields with (the
        names, or their number when the names are refused). Each name is
        tried on its own among the game's default names, then the names are
        told apart. The panel's words say each refusal (in English the game's
        own sentence for a name it refuses; in French the panel's check of it).
        """
        try:
            self._make(names)
            return [], names
        except ValueError as e:
            message = str(e)
        problems = []
        w = self.words
        reserved = set(HISTORY_COLUMNS) | set(getattr(self.game_class, "EVENT_FIELDS", ()))
        n = len(names)
        for i, name in enumerate(names):
            seat = w.seat(i + 1)
            if not name:
                problems.append(w.blank_name(seat))
                continue
            others = [p for p in (f"Player {k + 1}" for k in range(n + 1)) if p != name][:n - 1]
            try:
                self._make([*others[:i], name, *others[i:]])
            except ValueError as e:
                problems.append(w.reserved_name(seat, name) if name in reserved else w.bad_name(seat, name, str(e)))
        if not problems:
            seats: dict[str, list[str]] = {}
            for i, name in enumerate(names):
                seats.setdefault(name, []).append(w.seat(i + 1))
            problems = [w.same_names(same, name) for name, same in seats.items() if len(same) > 1]
        return problems or [w.names_refused(message)], n
