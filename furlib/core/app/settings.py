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
  and rows wrap on a narrow page;
* a panel speaks one language (``language="fr"``: the French app's panel):
  its own words come from :mod:`furlib.core.app.settings_words`, a game's
  fields and seat kinds say theirs in :attr:`GameSettings.FIELD_WORDS` and
  :attr:`GameSettings.KIND_WORDS`. The games' own refusals are written in
  English, so a panel in another language never echoes one: it checks its
  boxes itself first, and names a box the game still refuses without the
  game's sentence (see :mod:`~furlib.core.app.settings_words`).

The panel's parts live in three modules: the fields and the helpers that
read what was typed (:mod:`furlib.core.app.settings_fields`: :class:`Field`,
:func:`whole_number`, :func:`read_whole`, :func:`in_words`), the seats
(:mod:`furlib.core.app.seats`: :class:`SeatKind`, :data:`HUMAN`,
:func:`bot_seat`, :func:`random_seat`, the seats' rows and the checks of names), and the
panel itself here; every name is importable from this module.

This module imports ipywidgets; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import ipywidgets as widgets

from ..errors import excerpt
from .buttons import ActionButton

# The fields and the parsing helpers (settings_fields) and the seats (seats) are parts of the panel kept in their
# own modules; every name is importable from here too, as it always was.
from .seats import HUMAN, Seat, SeatKind, SeatRows, bot_seat, random_seat
from .settings_fields import LABEL, MAX_DIGITS, WRAP, Field, in_words, read_whole, whole_number
from .settings_words import SETTINGS_WORDS, SettingsWords, settings_words

__all__ = ["SeatKind", "Field", "GameSettings", "SettingsError", "HUMAN", "bot_seat", "random_seat", "read_whole",
           "whole_number", "in_words", "MAX_DIGITS", "Seat", "LABEL", "WRAP"]


class SettingsError(ValueError):
    """Settings that cannot start a game; ``problems`` lists one sentence per bad field (in ``words``' language)."""

    def __init__(self, problems: Sequence[str], words: SettingsWords = SETTINGS_WORDS["en"]):
        self.problems = list(problems)
        super().__init__(self.problems[0] if len(self.problems) == 1 else words.need_changes(self.problems))


class GameSettings(SeatRows):
    """A settings panel: players and seats, the game's parameter fields, the seed, "New game".

    Subclasses may set the class attributes ``GAME``, ``SEAT_KINDS``,
    ``FIELDS``, ``DEFAULT_KIND`` (the kind of a new seat and of an unknown
    policy), ``MAX_SEATS``, ``FIELD_WORDS`` and ``KIND_WORDS`` instead, and override
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
    language : str, default "en"
        The panel's language: ``"en"`` or ``"fr"``. Its own words come from
        :mod:`furlib.core.app.settings_words`, the fields' and the seat
        kinds' from :attr:`FIELD_WORDS` and :attr:`KIND_WORDS`; a panel whose
        fields have no words in that language refuses it (a ValueError).

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
    language, words
        The panel's language and its words (:class:`~furlib.core.app.settings_words.SettingsWords`).
    """

    GAME: ClassVar[type | None] = None
    SEAT_KINDS: ClassVar[tuple[SeatKind, ...]] = ()
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    DEFAULT_KIND: ClassVar[str | None] = None
    MAX_SEATS: ClassVar[int] = 8
    #: The fields' words in another language: ``{language: {key: {"label": ..., "tooltip": ..., ...}}}``, each
    #: a change of the English :class:`Field` (a French ``parse`` too, whose refusals are French).
    FIELD_WORDS: ClassVar[Mapping[str, Mapping[str, Mapping[str, Any]]]] = {}
    #: The seat kinds' words in another language: ``{language: {kind name: {"at_tooltip": ...}}}``.
    KIND_WORDS: ClassVar[Mapping[str, Mapping[str, Mapping[str, Any]]]] = {}

    def __init__(self, game: Any, bots: Mapping[str, Callable[..., Any]], *, game_class: type | None = None,
                 seat_kinds: Sequence[SeatKind] | None = None,
                 default_bot: Callable[[], Callable[..., Any]] | None = None, fields: Sequence[Field] | None = None,
                 language: str = "en"):
        self.words = words = settings_words(language)
        self.language = language
        self.game_class = game_class or self.GAME or type(game)
        if seat_kinds is None:
            seat_kinds = self.SEAT_KINDS or self._default_kinds(game, default_bot)
        kind_words = self.KIND_WORDS.get(language, {})
        seat_kinds = [replace(k, **kind_words.get(k.name, {})) for k in seat_kinds]
        self.kinds: dict[str, SeatKind] = {k.name: k for k in seat_kinds}
        self.default_kind = self.DEFAULT_KIND or next(k.name for k in seat_kinds if not k.is_human)
        specs = tuple(self.FIELDS if fields is None else fields)
        if language != "en" and specs and language not in self.FIELD_WORDS:
            raise ValueError(f"language must be one of {['en', *self.FIELD_WORDS]} (the languages the fields of "
                             f"{type(self).__name__} are written in), got {excerpt(language)}")
        field_words = self.FIELD_WORDS.get(language, {})
        self.field_specs: tuple[Field, ...] = tuple(replace(spec, **field_words.get(spec.key, {})) for spec in specs)
        self._kept: dict[str, Any] = {}
        low = getattr(self.game_class, "MIN_PLAYERS", 1) or 1
        high = getattr(self.game_class, "MAX_PLAYERS", None) or self.MAX_SEATS
        self.n_players = widgets.IntSlider(min=low, max=max(low, min(high, self.MAX_SEATS)), description=words.players,
                                           style=LABEL, tooltip=words.players_tip)
        self.seats: list[Seat] = []
        self._removed: list[tuple[int, Seat]] = []
        self.seat_box = widgets.VBox()
        self.fields: dict[str, widgets.Widget] = {}
        for spec in self.field_specs:
            w = spec.make_widget(words)
            w.add_class(f"furlib-setting-{spec.key.replace('_', '-')}")
            self.fields[spec.key] = w
            setattr(self, spec.key, w)
        self.seed = widgets.Text(description=words.seed, placeholder=words.blank(words.random), style=LABEL,
                                 layout=widgets.Layout(width="100%", max_width="220px"), tooltip=words.seed_tip)
        self.new_game_button = ActionButton(description=words.new_game, button_style="primary", icon="refresh",
                                            tooltip=words.new_game_tip)
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
        return spec.read(self.fields[spec.key].value, self.words)

    def _spec_of(self, key: str) -> Field | None:
        """The field a keyword of the game comes from, whose label a refusal of it names (a subclass maps the
        keywords :meth:`_combine` makes)."""
        return next((spec for spec in self.field_specs if spec.key == key), None)

    def _refusal(self, key: str, value: Any, message: str) -> str:
        """The game's refusal of ``key=value`` in the page's words (see :func:`in_words`; in another language,
        :meth:`~furlib.core.app.settings_words.SettingsWords.game_refusal`)."""
        spec = self._spec_of(key)
        if spec is None:
            return message if self.language == "en" else self.words.together([], message)
        return self.words.game_refusal(spec.label, key, value, spec.shown(str(self.fields[spec.key].value)), message)

    # ------------------------------------------------------------- show, read (the seats: seats.SeatRows)
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
                seed = whole_number(self.words.seed, text, low=0, blank=self.words.random, words=self.words)
            except ValueError as e:
                problems.append(str(e))
        if problems:
            raise SettingsError(list(dict.fromkeys(problems)), self.words)
        try:
            game = self.game_class(players=names, seed=seed, **self._kept, **kwargs)
        except ValueError as e:
            raise SettingsError([self._together(names, kwargs, str(e))], self.words) from None
        return game, bots

    def _make(self, players: Any, **kwargs: Any) -> Any:
        """A game of the panel's class with the parameters kept from the game shown (for the game's checks)."""
        return self.game_class(players=players, seed=0, **self._kept, **kwargs)

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
        labels = [spec.label if (spec := self._spec_of(k)) else k for k in culprits]
        return self.words.together(labels, message)
