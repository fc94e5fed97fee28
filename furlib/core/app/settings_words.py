"""The words of the settings panel, one table per language: its labels, its help and its refusals.

:class:`SettingsWords` is the English of :class:`furlib.core.app.settings.GameSettings` (the player count,
the seats, the seed, "blank: ...", and every refusal of a value typed in a box); :class:`SettingsWordsFr`
is the same table in French, made with :mod:`furlib.core.words_fr`. ``GameSettings(..., language="fr")``
(the French app's panel) takes its table from :func:`settings_words`; a game's own fields say their labels
and help in each language themselves (``GameSettings.FIELD_WORDS``).

A refusal names the label the page shows, what was typed and what would be accepted. In English the panel
puts a game's own refusal of a parameter in the page's words (:func:`in_words`);
a game's refusals are written in English only, so the French panel never echoes one: it checks every box
itself first, in French (a whole number in the range shown, a name the game takes, the game's own text
fields with a French ``parse``), and should a game still refuse what the panel let through, it says in
French which box the game's rules refuse and what was typed (:meth:`SettingsWordsFr.game_refusal`), without
the game's English sentence. Oh Furcle!'s French panel checks everything its game checks, so that sentence
is never shown there (tests/furcle/test_french_app.py).

>>> settings_words("fr").out_of_range("Objectif", settings_words("fr").accepted(1, 1000), "0")
'Objectif\\xa0: doit être un nombre entier de 1 à 1000, et non 0'

This module imports no widget library.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import words, words_fr
from ..engine.players import MAX_NAME_CHARS
from ..errors import excerpt

__all__ = ["SettingsWords", "SettingsWordsFr", "SETTINGS_WORDS", "settings_words", "in_words"]

#: The most digits of a whole number typed in the panel (Python reads no more than 4300 digits from text).
MAX_DIGITS = 1000


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


class SettingsWords:
    """The settings panel's words in English (see the module docstring)."""

    LANGUAGE = "en"
    players, players_tip = "Players", "How many players sit at the table"
    seed, seed_tip, random = "Seed", "Same seed and same moves: same game", "random"
    new_game, new_game_tip = "New game", "Start a new game with these settings"
    at = "at"
    #: How a placeholder says what a blank box means ("blank: 50").
    blank_prefix = "blank: "
    default_for_players = "the default for the number of players"
    #: A seat's label, the name a new seat shows, the label a refusal of a seat's "at" box starts with, and what
    #: a blank box means when it gives the default.
    seat_text, player_text, at_text = "Seat {}", "Player {}", "{seat}, {kind} at"
    default_text = "the default, {}"
    #: The seat kinds whose dropdown shows another word (a bot's class name stays as it is).
    kinds: dict[str, str] = {}

    def seat(self, i: int) -> str:
        """The label of seat ``i`` (from 1)."""
        return self.seat_text.format(i)

    def player(self, i: int) -> str:
        """The name a new seat ``i`` (from 1) shows."""
        return self.player_text.format(i)

    def kind(self, name: str) -> str:
        """A seat kind as its dropdown shows it."""
        return self.kinds.get(name, name)

    def at_label(self, seat: str, kind: str) -> str:
        """The label a refusal of a seat's "at" box starts with."""
        return self.at_text.format(seat=seat, kind=kind)

    def blank(self, what: object) -> str:
        """A placeholder: what a blank box means."""
        return f"{self.blank_prefix}{what}"

    def the_default(self, default: object) -> str:
        return self.default_text.format(default)

    # ------------------------------------------------------------ refusals of a value typed in a box
    def field(self, label: str, problem: str) -> str:
        """A refusal of a box: its label, then the problem."""
        return f"{label}: {problem}"

    #: What a whole-number box accepts: between two bounds, from a lower bound, any.
    whole_between, whole_from = "a whole number from {low} to {high}", "a whole number >= {low}"
    whole = "a whole number"
    #: A refusal's problem: "must be <what is accepted>, got <what was typed>"; a box that may be blank accepts
    #: "blank (<what it means>) or" a number.
    must_be, or_blank = "must be {}, got {}", "blank ({}) or "
    #: A number too long to read: the most digits (for a box with no upper bound), what was typed.
    at_most_digits, n_digits = " of at most {} digits", "a number of {} digits"

    def accepted(self, low: int | None, high: int | None) -> str:
        """What a whole-number box accepts, in words."""
        if low is not None and high is not None:
            return self.whole_between.format(low=low, high=high)
        if low is not None:
            return self.whole_from.format(low=low)
        return self.whole

    def not_a_number(self, label: str, accepted: str, blank: str, got: str) -> str:
        either = self.or_blank.format(blank) if blank else ""
        return self.field(label, self.must_be.format(either + accepted, got))

    def out_of_range(self, label: str, accepted: str, got: str) -> str:
        return self.field(label, self.must_be.format(accepted, got))

    def too_many_digits(self, label: str, accepted: str, digits: int, ranged: bool) -> str:
        most = "" if ranged else self.at_most_digits.format(MAX_DIGITS)
        return self.field(label, self.must_be.format(accepted + most, self.n_digits.format(digits)))

    def need_changes(self, problems: Sequence[str]) -> str:
        """Several refusals at once, one a line."""
        return f"{len(problems)} settings need a change:\n" + "\n".join(f"- {p}" for p in problems)

    # ------------------------------------------------------------ the names of the seats
    def blank_name(self, seat: str) -> str:
        return self.field(seat, f"must be a name (1 to {MAX_NAME_CHARS} characters), got a blank box")

    def reserved_name(self, seat: str, name: str) -> str:
        return self.field(seat, f"{excerpt(name)} names a column of the game's history; choose another name")

    def bad_name(self, seat: str, name: str, message: str) -> str:
        """A name the game refuses (``message``: the game's refusal of it)."""
        return self.field(seat, message.removeprefix("player name "))

    def same_names(self, seats: list[str], name: str) -> str:
        return self.field(words.join_words(seats), f"the names must be different, "
                                                   f"{'both' if len(seats) == 2 else 'all'} are {excerpt(name)}")

    def names_refused(self, message: str) -> str:
        """The game's refusal of the names that no one name explains."""
        return self.field("Seats", message)

    # ------------------------------------------------------------ the game's own refusals of its parameters
    def game_refusal(self, label: str, key: str, value: Any, shown: str, message: str) -> str:
        """The game's refusal of one box's value, in the page's words (see the module docstring)."""
        return in_words(message, key, label, value, shown)

    def together(self, labels: list[str], message: str) -> str:
        """Settings each fine alone that the game refuses together (``labels``: the boxes whose change would do)."""
        if not labels:
            return f"These settings do not work together: {message}"
        return f"{words.join_words(labels)} do not work together: {message}"


class SettingsWordsFr(SettingsWords):
    """The settings panel's words in French (see the module docstring; "Place 2" is a seat at the table)."""

    LANGUAGE = "fr"
    players, players_tip = "Joueurs", "Combien de joueurs sont à la table"
    seed, seed_tip, random = "Graine", "Même graine et mêmes coups\u00a0: même partie", "au hasard"
    new_game, new_game_tip = "Nouvelle partie", "Lancer une nouvelle partie avec ces réglages"
    at = "seuil"
    blank_prefix = "vide\u00a0: "
    default_for_players = "la valeur par défaut pour ce nombre de joueurs"
    seat_text, player_text, at_text = "Place {}", "Joueur {}", "{seat}, seuil de {kind}"
    default_text = "la valeur par défaut, {}"
    kinds = {"Human": "Humain"}

    def field(self, label: str, problem: str) -> str:
        return words_fr.french_spacing(f"{label} : {problem}")

    whole_between, whole_from = "un nombre entier de {low} à {high}", "un nombre entier de {low} ou plus"
    whole = "un nombre entier"
    must_be, or_blank = "doit être {}, et non {}", "vide ({}) ou "
    at_most_digits, n_digits = ", d'au plus {} chiffres", "un nombre de {} chiffres"

    def need_changes(self, problems: Sequence[str]) -> str:
        return words_fr.french_spacing(f"{len(problems)} réglages à corriger :\n") + "\n".join(
            f"- {p}" for p in problems)

    def blank_name(self, seat: str) -> str:
        return self.field(seat, f"doit être un nom (1 à {MAX_NAME_CHARS} caractères), et non une case vide")

    def reserved_name(self, seat: str, name: str) -> str:
        return self.field(seat, f"{excerpt(name)} est le nom d'une colonne de l'historique de la partie ; "
                                "choisissez un autre nom")

    def bad_name(self, seat: str, name: str, message: str) -> str:
        """The French panel's own check of a name the game refuses (the game's ``message`` is not echoed)."""
        rule = (f"un nom est un texte imprimable (lettres, chiffres, espaces et ponctuation) de 1 à {MAX_NAME_CHARS} "
                "caractères")
        if len(name) > MAX_NAME_CHARS:
            return self.field(seat, f"{excerpt(name)} a {len(name)} caractères ; {rule}")
        bad = next((c for c in name if not c.isprintable()), None)
        if bad is not None:
            return self.field(seat, f"{excerpt(name)} contient un caractère non imprimable ({excerpt(bad)}) ; {rule}")
        return self.field(seat, f"les règles du jeu refusent le nom {excerpt(name)} ; choisissez un autre nom")

    def same_names(self, seats: list[str], name: str) -> str:
        return self.field(words_fr.join_words(seats), f"les noms doivent être différents, "
                                                      f"{'les deux' if len(seats) == 2 else 'tous'} s'appellent "
                                                      f"{excerpt(name)}")

    def names_refused(self, message: str) -> str:
        return self.field("Places", "les règles du jeu refusent ces noms ; choisissez-en d'autres")

    def game_refusal(self, label: str, key: str, value: Any, shown: str, message: str) -> str:
        return self.field(label, f"les règles du jeu n'acceptent pas {shown}")

    def together(self, labels: list[str], message: str) -> str:
        if not labels:
            return "Ces réglages ne vont pas ensemble pour les règles du jeu."
        return f"{words_fr.join_words(labels)} ne vont pas ensemble pour les règles du jeu."


#: The tables by language code.
SETTINGS_WORDS: dict[str, SettingsWords] = {"en": SettingsWords(), "fr": SettingsWordsFr()}


def settings_words(language: str) -> SettingsWords:
    """The panel's words in ``language`` (a key of :data:`SETTINGS_WORDS`); a ValueError names the languages.

    >>> settings_words("en").seat(2), settings_words("fr").seat(2)
    ('Seat 2', 'Place 2')
    """
    return words.in_language(SETTINGS_WORDS, language)
