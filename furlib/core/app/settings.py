"""The settings panel every game app shares: seats, the game's parameters, a seed and "New game".

A game's panel is a :class:`GameSettings` configured with its seat kinds
(:class:`SeatKind`: a person, or which bot) and its parameter fields
(:class:`Field`); a game without its own panel gets the seats and the seed,
and keeps the parameters of the game it was opened with. The rules every
panel follows:

* a blank field means the game's default (the keyword is not passed);
* :meth:`GameSettings.read` reports every bad field at once, in one
  message that names each bad value and what would be accepted;
* a refusal speaks the page's words, not Python's: each sentence starts
  with the label the page shows ("Dice per player: must be a whole number
  from 1 to 10, got 0"; "Seat 2: ..."; "Seed: ..."), never a keyword;
* the game's own checks judge its parameters, each tried on its own, then
  all together; the panel checks only what its boxes can tell (a whole
  number in the range shown, taken from the game's constants) and puts the
  game's sentence in its words: the field's label for the keyword, what was
  typed for the value (:func:`in_words`); settings refused only together
  name the fields whose change would let the game start;
* the "at" box of a seat shows only for the bot kind that uses it;
* labels are never cut off: each widget's label takes the width it needs,
  and rows wrap on a narrow page.

This module imports ipywidgets; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import ipywidgets as widgets

from ..engine.players import HISTORY_COLUMNS, MAX_NAME_CHARS
from ..engine.policy import RandomBot
from ..errors import excerpt
from ..words import join_words
from .buttons import ActionButton

__all__ = ["SeatKind", "Field", "GameSettings", "SettingsError", "HUMAN", "random_seat", "read_whole",
           "whole_number", "in_words", "MAX_DIGITS"]

LABEL = {"description_width": "initial"}  # a label as wide as its words: never cut off
WRAP = {"flex_flow": "row wrap", "align_items": "center"}
#: The most digits of a whole number typed in the panel (Python reads no more than 4300 digits from text).
MAX_DIGITS = 1000


def read_whole(text: str) -> int | None:
    """The whole number ``text`` spells (decimal digits, a sign first or not), or None.

    >>> read_whole("12"), read_whole("-3"), read_whole("+0"), read_whole("2.5"), read_whole("\u00b2")
    (12, -3, 0, None, None)
    """
    text = text.strip()
    digits = _digits(text)
    if not digits.isdecimal() or len(digits) > MAX_DIGITS:
        return None
    return int(text)


def _digits(text: str) -> str:
    return text[1:] if text[:1] in "+-" else text


def _accepted(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number >= {low}"
    return "a whole number"


def whole_number(label: str, text: str, low: int | None = None, high: int | None = None, blank: str = "") -> int:
    """The whole number typed in a box labelled ``label``; ValueError in the page's words if it is not one in range.

    ``blank`` says what an empty box means (it is then not read: the caller
    handles it), for the message.

    >>> whole_number("Target", " 30 ", 1, 100)
    30
    >>> whole_number("Target", "0", 1, 100)
    Traceback (most recent call last):
    ...
    ValueError: Target: must be a whole number from 1 to 100, got 0
    >>> whole_number("Seed", "1.5", 0, blank="random")
    Traceback (most recent call last):
    ...
    ValueError: Seed: must be blank (random) or a whole number >= 0, got '1.5'
    >>> whole_number("Seed", "+-5", 0)
    Traceback (most recent call last):
    ...
    ValueError: Seed: must be a whole number >= 0, got '+-5'
    """
    text = text.strip()
    value = read_whole(text)
    accepted = _accepted(low, high)
    if value is None:
        digits = _digits(text)
        if digits.isdecimal():       # too many digits to read
            most = "" if high is not None else f" of at most {MAX_DIGITS} digits"
            raise ValueError(f"{label}: must be {accepted}{most}, got a number of {len(digits)} digits")
        either = f"blank ({blank}) or " if blank else ""
        raise ValueError(f"{label}: must be {either}{accepted}, got {excerpt(text)}")
    if low is not None and value < low or high is not None and value > high:
        raise ValueError(f"{label}: must be {accepted}, got {excerpt(value)}")
    return value


def in_words(message: str, key: str, label: str, value: Any, shown: str) -> str:
    """A game's refusal of its keyword ``key`` in the page's words: ``label`` for the keyword, ``shown`` for the value.

    The game's sentence (say ``"faces must include a 'furgle', ...; got
    faces=['hand', 'x']"``) starts with the field's label instead of the
    keyword, and echoes what was typed instead of ``key=<value>``; a
    sentence naming no value gets ``"; got <shown>"``.

    >>> in_words("target must be >= 1, got 0", "target", "Target", 0, "0")
    'Target: must be >= 1, got 0'
    >>> in_words("faces must include a 'furgle'; got faces=['hand', 'x']", "faces", "Faces of a die",
    ...          ["hand", "x"], "'hand, x'")
    "Faces of a die: must include a 'furgle'; got 'hand, x'"
    >>> in_words("no number of Furgles pays any points", "chart", "points per Furgle", None, "0")
    'points per Furgle: no number of Furgles pays any points; got 0'
    """
    echoes = [excerpt(value)]
    if isinstance(value, (list, tuple)):
        echoes += [excerpt(list(value)), excerpt(tuple(value))]
    text = message
    for echo in echoes:
        text = text.replace(f"{key}={echo}", shown)
    if text.startswith(f"{key} "):
        text = text[len(key) + 1:]
    if "got " not in text:
        text = f"{text}; got {shown}"
    return f"{label}: {text}"


class SettingsError(ValueError):
    """Settings that cannot start a game; ``problems`` lists one sentence per bad field."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        if len(self.problems) == 1:
            text = self.problems[0]
        else:
            text = f"{len(self.problems)} settings need a change:\n" + "\n".join(f"- {p}" for p in self.problems)
        super().__init__(text)


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


def random_seat() -> SeatKind:
    """The seat kind of :class:`~furlib.core.engine.policy.RandomBot` (seeded by the seat number)."""
    return SeatKind("RandomBot", lambda i, at: RandomBot(seed=i), policy=RandomBot)


@dataclass(frozen=True)
class Field:
    """One parameter of the game in the panel.

    Parameters
    ----------
    key : str
        The game's keyword (and the attribute the panel's widget is stored
        under, e.g. ``settings.target``).
    label : str
        The words before the box.
    kind : {"int", "text", "bool", "choice"}
        A whole number, free text (``parse`` turns it into the value), a
        checkbox, or one of ``options``.
    default : str
        How the game's default reads, for the placeholder ``"blank: ..."``;
        or a callable ``default(n_players) -> value`` when the default
        follows the number of players (a field still showing the default
        then follows a change of the player count).
    low, high : int, optional
        The range of an "int" field: take them from the game's constants
        (``MAX_DICE``), or the app's own limit (``MAX_APP_TARGET``), so
        that they cannot drift from the rules.
    parse : callable, optional
        For a "text" field: ``parse(text) -> value``; raise ValueError
        saying what is accepted and what was typed, without the field's
        name (the panel puts the label first: ``"must be ..., got 'x'"``
        reads ``"Faces of a die: must be ..., got 'x'"``).
    show : callable, optional
        ``show(value) -> str``: a game's value as the field shows it
        (default ``str``).
    options : tuple of str
        The choices of a "choice" field.
    tooltip, placeholder : str
        Help on hover, and the text of an empty box (default from ``default``).
    width : str
        The widget's width.
    blank : str
        What a blank box means, for a refusal's "must be blank (...) or ...";
        default: the placeholder's words after "blank: ", else "the default, 50".
    """

    key: str
    label: str
    kind: str = "int"
    default: Any = ""
    low: int | None = None
    high: int | None = None
    parse: Callable[[str], Any] | None = None
    show: Callable[[Any], str] | None = None
    options: tuple[str, ...] = ()
    tooltip: str = ""
    placeholder: str = ""
    width: str = "300px"
    blank: str = ""

    def accepted(self) -> str:
        """What an "int" field accepts, in words."""
        return _accepted(self.low, self.high)

    def blank_words(self) -> str:
        """What a blank box means, in words: "the default, 50", "no limit", ..."""
        if self.blank:
            return self.blank
        if self.placeholder.startswith("blank: "):
            return self.placeholder[len("blank: "):]
        if callable(self.default):
            return "the default for the number of players"
        return f"the default, {self.default}"

    def shown(self, text: str) -> str:
        """What was typed, as a refusal echoes it: a whole number as it is, other text quoted (cut at 60 characters)."""
        value = read_whole(text) if self.kind == "int" else None
        return str(value) if value is not None else excerpt(text.strip())

    def blank_means(self, n_players: int) -> str:
        d = self.default(n_players) if callable(self.default) else self.default
        return str(d)

    def make_widget(self) -> widgets.Widget:
        layout = (widgets.Layout(width="auto", max_width="100%") if self.kind == "bool"
                  else widgets.Layout(width="100%", max_width=self.width))
        common = dict(description=self.label, style=LABEL, layout=layout, tooltip=self.tooltip or None)
        if self.kind == "bool":
            return widgets.Checkbox(indent=False, **common)
        if self.kind == "choice":
            return widgets.Dropdown(options=self.options, **common)
        placeholder = self.placeholder or (f"blank: {self.default}" if not callable(self.default) else "blank: default")
        return widgets.Text(placeholder=placeholder, **common)

    def read(self, text: Any) -> tuple[bool, Any]:
        """``(given, value)`` from the widget's value; ValueError, starting with the label, names the bad value
        and what is accepted."""
        if self.kind in ("bool", "choice"):
            return True, text
        text = str(text).strip()
        if not text:
            return False, None
        if self.kind == "int":
            return True, whole_number(self.label, text, self.low, self.high, self.blank_words())
        if self.parse is None:
            return True, text
        try:
            return True, self.parse(text)
        except ValueError as e:
            raise ValueError(f"{self.label}: {e}") from None

    def text_of(self, value: Any) -> Any:
        if self.kind in ("bool", "choice"):
            return value
        return self.show(value) if self.show else str(value)


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


class GameSettings:
    """A settings panel: players and seats, the game's parameter fields, the seed, "New game".

    Subclasses may set the class attributes ``GAME``, ``SEAT_KINDS``,
    ``FIELDS``, ``DEFAULT_KIND`` (the kind of a new seat and of an unknown
    policy) and ``MAX_SEATS`` instead, and override
    :meth:`_field_rows`, :meth:`_fill_extra`, :meth:`_combine` and :meth:`_spec_of` for fields that work
    together.

    Parameters
    ----------
    game : Game
        The game shown first (see :meth:`fill`).
    bots : dict
        ``{player name: policy}`` for its bot seats.
    game_class : type, optional
        The game class (default ``type(game)``).
    seat_kinds : sequence of SeatKind, optional
        What a seat may be, the person first (default: Human, the game's
        default bot, RandomBot).
    default_bot : callable, optional
        The app's default bot (a new one per call), for the default seat kinds.
    fields : sequence of Field, optional
        The parameter fields (default none: the parameters of the game shown
        are kept).

    Attributes
    ----------
    n_players : ipywidgets.IntSlider
    seats : list of Seat
        Each with ``.name``, ``.kind`` and ``.at``.
    seed : ipywidgets.Text
        Blank: a random game.
    new_game_button : ActionButton
        A click made on an earlier view of the app is ignored (see :mod:`furlib.core.app.buttons`).
    error : ipywidgets.HTML
        The app shows a refused setting here.
    box : ipywidgets.VBox
        The panel.
    fields : dict
        ``{key: widget}``; each field's widget is also an attribute (``settings.target``).
    """

    GAME: ClassVar[type | None] = None
    SEAT_KINDS: ClassVar[tuple[SeatKind, ...]] = ()
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    DEFAULT_KIND: ClassVar[str | None] = None
    MAX_SEATS: ClassVar[int] = 8

    def __init__(self, game: Any, bots: Mapping[str, Callable[..., Any]], *, game_class: type | None = None,
                 seat_kinds: Sequence[SeatKind] | None = None,
                 default_bot: Callable[[], Callable[..., Any]] | None = None, fields: Sequence[Field] | None = None):
        self.game_class = game_class or self.GAME or type(game)
        if seat_kinds is None:
            seat_kinds = self.SEAT_KINDS or self._default_kinds(game, default_bot)
        self.kinds: dict[str, SeatKind] = {k.name: k for k in seat_kinds}
        self.default_kind = self.DEFAULT_KIND or next(k.name for k in seat_kinds if not k.is_human)
        self.field_specs: tuple[Field, ...] = tuple(self.FIELDS if fields is None else fields)
        self._kept: dict[str, Any] = {}
        low = getattr(self.game_class, "MIN_PLAYERS", 1) or 1
        high = getattr(self.game_class, "MAX_PLAYERS", None) or self.MAX_SEATS
        self.n_players = widgets.IntSlider(min=low, max=max(low, min(high, self.MAX_SEATS)), description="Players",
                                           style=LABEL, tooltip="How many players sit at the table")
        self.seats: list[Seat] = []
        self._removed: list[tuple[int, Seat]] = []
        self.seat_box = widgets.VBox()
        self.fields: dict[str, widgets.Widget] = {}
        for spec in self.field_specs:
            w = spec.make_widget()
            w.add_class(f"furlib-setting-{spec.key.replace('_', '-')}")
            self.fields[spec.key] = w
            setattr(self, spec.key, w)
        self.seed = widgets.Text(description="Seed", placeholder="blank: random", style=LABEL,
                                 layout=widgets.Layout(width="100%", max_width="220px"),
                                 tooltip="Same seed and same moves: same game")
        self.new_game_button = ActionButton(description="New game", button_style="primary", icon="refresh",
                                            tooltip="Start a new game with these settings")
        self.new_game_button.add_class("furlib-new-game")
        self.error = widgets.HTML()
        self.error.add_class("furlib-settings-error")
        self._shown_n = 0
        self.n_players.observe(lambda _: self._resize(), "value")
        self.box = widgets.VBox([self.n_players, self.seat_box, *self._field_rows(), self.seed,
                                 self.new_game_button, self.error], layout=widgets.Layout(max_width="100%"))
        self.box.add_class("furlib-settings")
        self.fill(game, bots)

    # ------------------------------------------------------------------ hooks
    def _field_rows(self) -> list[widgets.Widget]:
        """The rows of the parameter fields, in order (a subclass may group some)."""
        return list(self.fields.values())

    def _fill_extra(self, game: Any) -> None:
        """Show what the plain fields cannot (e.g. a chart given two ways)."""

    def _combine(self, values: dict[str, Any], problems: list[str]) -> dict[str, Any]:
        """Turn the read field values into the game's keywords (default: as they are).

        Append a sentence to ``problems`` for each bad combination.
        """
        return values

    def _read_field(self, spec: Field) -> tuple[bool, Any]:
        """``(given, value)`` of one field (a subclass may read a field another way)."""
        return spec.read(self.fields[spec.key].value)

    def _spec_of(self, key: str) -> Field | None:
        """The field a keyword of the game comes from, whose label a refusal of it names (a subclass maps the
        keywords :meth:`_combine` makes)."""
        return next((spec for spec in self.field_specs if spec.key == key), None)

    def _refusal(self, key: str, value: Any, message: str) -> str:
        """The game's refusal of ``key=value`` in the page's words (see :func:`in_words`)."""
        spec = self._spec_of(key)
        if spec is None:
            return message
        return in_words(message, key, spec.label, value, spec.shown(str(self.fields[spec.key].value)))

    # ---------------------------------------------------------------- seats
    @staticmethod
    def _default_kinds(game: Any, default_bot: Callable[[], Callable[..., Any]] | None) -> tuple[SeatKind, ...]:
        if default_bot is None:
            default_bot = game._default_policy
        sample = default_bot()
        name = type(sample).__name__
        return (HUMAN, SeatKind(name, lambda i, at: default_bot(), policy=type(sample)), random_seat())

    def _new_seat(self, i: int) -> Seat:
        name = widgets.Text(value=f"Player {i + 1}", description=f"Seat {i + 1}", style=LABEL,
                            layout=widgets.Layout(width="200px"))
        kind = widgets.Dropdown(options=list(self.kinds), value=self.default_kind,
                                layout=widgets.Layout(width="140px"))
        kind.add_class("furlib-seat-kind")
        at = widgets.Text(description="at", style=LABEL, layout=widgets.Layout(width="90px"))
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
            seat.at.placeholder = f"blank: {kind.at}"

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
            seat.name.description = f"Seat {i + 1}"
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

    # ------------------------------------------------------------- show, read
    def fill(self, game: Any, bots: Mapping[str, Callable[..., Any]]) -> None:
        """Show the settings of a game in the panel.

        Parameters
        ----------
        game : Game
            Its players and parameters are shown (the seed stays as it is).
        bots : dict
            ``{player name: policy}`` for the bot seats; the other seats show
            the person. A policy of no listed kind shows as ``DEFAULT_KIND``.
        """
        self._shown_n = 0
        self._removed = []      # the seats taken away by an earlier player count are forgotten
        n = len(game.players)
        self.n_players.max = max(self.n_players.max, n)
        self.n_players.value = n
        self._resize()
        for seat, name in zip(self.seats, game.players):
            seat.name.value = name
            kind, at = self._kind_of(bots.get(name))
            seat.kind.value = kind
            seat.at.value = "" if at is None else str(at)
        params = self._params_of(game)
        keys = {spec.key for spec in self.field_specs}
        for spec in self.field_specs:
            if spec.key in params or hasattr(game, spec.key):
                value = getattr(game, spec.key, params.get(spec.key))
                self.fields[spec.key].value = spec.text_of(value)
        self._fill_extra(game)
        self._kept = {k: v for k, v in params.items() if k not in keys and k not in self._combined_keys()}
        self._shown_n = n
        self.error.value = ""

    def _combined_keys(self) -> set[str]:
        """Keywords that :meth:`_combine` makes (they are not kept from the game shown)."""
        return set()

    @staticmethod
    def _params_of(game: Any) -> dict[str, Any]:
        try:
            params = dict(game._params())
        except (AttributeError, NotImplementedError):
            return {}
        params.pop("players", None)
        return params

    def read(self) -> tuple[Any, dict[str, Callable[..., Any]]]:
        """A new game and its bots, as the panel says.

        Returns
        -------
        (Game, dict)
            The new game and ``{player name: policy}`` for its bot seats.

        Raises
        ------
        SettingsError
            A ValueError whose message names every bad setting by the label
            the page shows, its value and what would be accepted
            (``problems`` lists them, the seats first and the seed last).
        """
        problems: list[str] = []
        names = [seat.name.value.strip() for seat in self.seats]
        name_problems, players = self._check_names(names)
        problems += name_problems
        bots: dict[str, Callable[..., Any]] = {}
        for i, (seat, name) in enumerate(zip(self.seats, names)):
            kind = self.kinds[seat.kind.value]
            if kind.is_human:
                continue
            at = None
            if kind.at is not None:
                at = self._read_at(i, seat, kind, problems)
            if at is not None or kind.at is None:
                bots[name] = kind.make(i, at)  # type: ignore[misc]  # make is a field holding a function, not a method
        values: dict[str, Any] = {}
        for spec in self.field_specs:
            try:
                given, value = self._read_field(spec)
            except ValueError as e:
                problems.append(str(e))
                continue
            if given:
                values[spec.key] = value
        kwargs = self._combine(values, problems)
        problems += self._check_alone(players, {k: v for k, v in kwargs.items() if k not in self._combined_keys()})
        text = self.seed.value.strip()
        seed = None
        if text:
            try:
                seed = whole_number("Seed", text, low=0, blank="random")
            except ValueError as e:
                problems.append(str(e))
        if problems:
            raise SettingsError(list(dict.fromkeys(problems)))
        try:
            game = self.game_class(players=names, seed=seed, **self._kept, **kwargs)
        except ValueError as e:
            raise SettingsError([self._together(names, kwargs, str(e))]) from None
        return game, bots

    def _read_at(self, i: int, seat: Seat, kind: SeatKind, problems: list[str]) -> int | None:
        text = seat.at.value.strip()
        if not text:
            return kind.at
        try:
            return whole_number(f"Seat {i + 1}, {kind.name} at", text, kind.at_low, kind.at_high, str(kind.at))
        except ValueError as e:
            problems.append(str(e))
            return None

    def _make(self, players: Any, **kwargs: Any) -> Any:
        """A game of the panel's class with the parameters kept from the game shown (for the game's checks)."""
        return self.game_class(players=players, seed=0, **self._kept, **kwargs)

    def _check_names(self, names: list[str]) -> tuple[list[str], Any]:
        """The game's check of the seats' names, each refusal naming its seat ("Seat 2: ...").

        Returns the problems and the players to check the fields with (the
        names, or their number when the names are refused). Each name is
        tried on its own among the game's default names, then the names are
        told apart.
        """
        try:
            self._make(names)
            return [], names
        except ValueError as e:
            message = str(e)
        problems = []
        reserved = set(HISTORY_COLUMNS) | set(getattr(self.game_class, "EVENT_FIELDS", ()))
        n = len(names)
        for i, name in enumerate(names):
            seat = f"Seat {i + 1}"
            if not name:
                problems.append(f"{seat}: must be a name (1 to {MAX_NAME_CHARS} characters), got a blank box")
                continue
            others = [p for p in (f"Player {k + 1}" for k in range(n + 1)) if p != name][:n - 1]
            try:
                self._make([*others[:i], name, *others[i:]])
            except ValueError as e:
                if name in reserved:
                    problems.append(f"{seat}: {excerpt(name)} names a column of the game's history; "
                                    "choose another name")
                else:
                    problems.append(f"{seat}: {str(e).removeprefix('player name ')}")
        if not problems:
            seats: dict[str, list[str]] = {}
            for i, name in enumerate(names):
                seats.setdefault(name, []).append(f"Seat {i + 1}")
            for name, same in seats.items():
                if len(same) > 1:
                    problems.append(f"{join_words(same)}: the names must be different, "
                                    f"{'both' if len(same) == 2 else 'all'} are {excerpt(name)}")
        return problems or [f"Seats: {message}"], n

    def _check_alone(self, players: Any, kwargs: dict[str, Any]) -> list[str]:
        """The game's own check of each parameter on its own (every bad one is reported, in the page's words)."""
        problems = []
        for key, value in kwargs.items():
            try:
                self._make(players, **{key: value})
            except ValueError as e:
                problems.append(self._refusal(key, value, str(e)))
            except TypeError:  # a keyword that only makes sense with another: checked all together
                pass
        return problems

    def _together(self, names: list[str], kwargs: dict[str, Any], message: str) -> str:
        """The game's refusal of settings that are each fine alone, naming the fields whose change makes it go."""
        culprits = []
        for key in kwargs:
            try:
                self._make(names, **{k: v for k, v in kwargs.items() if k != key})
            except (ValueError, TypeError):
                continue
            culprits.append(key)
        if len(culprits) == 1:
            return self._refusal(culprits[0], kwargs[culprits[0]], message)
        if not culprits:
            return f"These settings do not work together: {message}"
        labels = [spec.label if (spec := self._spec_of(k)) else k for k in culprits]
        return f"{join_words(labels)} do not work together: {message}"
