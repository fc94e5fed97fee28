"""What the picture of an Oh Furcle! game says, one table per language: its head, dice, lines and score table.

:func:`furlib.furcle.render.furcle_html` draws the game (``game.html()``, the HTML repr, the app's view)
with the words of :class:`PictureWords` (English, the repr's) or of
:class:`furlib.furcle.picture_words_fr.PictureWordsFr` (French: ``game.html(language="fr")`` and the French
app); :func:`picture_words` gives the table of a language. A method takes what its words need (a name, a
count, the dice) and returns them; a name given is HTML-escaped already where the line is HTML (the lines
under the dice, the Leader's line). The events listed under the picture are told by the game's texts in the
same language (``game.texts(language)``), the score table's heads by :mod:`furlib.core.show.page_words`.

>>> picture_words("en").where(3, "Ann", True), picture_words("fr").where(3, "You", True).replace("\\u00a0", " ")
('turn 3: Ann to roll', 'tour 3 : à vous de lancer')

No ipywidgets, no plotly here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.show.html import MARKS
from ..core.words import act, capitalized, load_table, plural
from .scoring import describe_roll

__all__ = ["PictureWords", "picture_words", "PICTURE_LANGUAGES"]

#: The languages of the picture's tables: ``"module:Class"`` of each.
PICTURE_LANGUAGES = {"en": "furlib.furcle.picture_words:PictureWords",
                     "fr": "furlib.furcle.picture_words_fr:PictureWordsFr"}


def picture_words(language: str) -> PictureWords:
    """The picture's words in ``language`` (a key of :data:`PICTURE_LANGUAGES`); a ValueError names the languages.

    >>> picture_words("de")
    Traceback (most recent call last):
    ...
    ValueError: language must be one of ['en', 'fr'], got 'de'
    """
    words: PictureWords = load_table(PICTURE_LANGUAGES, language)
    return words


class PictureWords:
    """The picture's words in English (see the module docstring)."""

    LANGUAGE = "en"
    title = "Oh Furcle!"
    game_over = "game over"
    last_roll, on_the_table = "Last roll", "On the table"
    #: The name of the dice of a Furcle in the banner, for a screen reader.
    furcle_roll = "the Furcle roll"
    blank_die = "die to roll"
    this_roll, turn_score = "This roll", "Turn score"
    scoring_key, beekin_key = "green: scoring dice", "purple +1: raised by Beekin"
    legend_sep = "; "
    caption = "Track scores"
    #: The badges of the score table: the text shown, and the kind that colours it (``furlib-badge-<kind>``).
    winner_mark: str | tuple[str, str] = "winner"
    leader_mark: str | tuple[str, str] = "Leader"
    to_play_mark: str | tuple[str, str] = "to play"
    beekin_off, no_beekin = "Beekin off", "this game has no Beekin."
    beekin_available, once = "Beekin available", "once this turn: add 1 to one die."
    beekin_used, used_this_turn = "Beekin used", "this turn."

    def name(self, player: str) -> str:
        """A player's name in the score table (in French, "You" is "Vous")."""
        return player

    # ------------------------------------------------------------ the head and the banner
    def where(self, turn: int, player: str, chance: bool) -> str:
        """Where the game stands, in the head: "turn 3: Ann to roll"."""
        return f"turn {turn}: {player} to {'roll' if chance else 'decide'}"

    def info(self, target: int | None, n_dice: int, sides: int, beekin: bool) -> str:
        """The rules, in the head: "target 50, 5 dice, d6"."""
        goal = "no target" if target is None else f"target {target}"
        return f"{goal}, {n_dice} dice, d{sides}" + ("" if beekin else ", no Beekin")

    def won(self, winner: str, score: int, turns: int) -> str:
        """The banner at the end of the game."""
        return f"\u2605 {act(winner, 'wins')} with {plural(score, 'point')} after {plural(turns, 'turn')}!"

    # ------------------------------------------------------------ the dice
    def next_roll(self, n: int) -> tuple[str, str]:
        """The label over the dice still to roll, and their name for a screen reader."""
        return f"Next roll: {plural(n, 'die')}", f"{plural(n, 'die')} to roll"

    def die_title(self, face: int, marks: Sequence[str]) -> str:
        """A die's name for a screen reader: "die showing 4, scoring" (the marks of
        :data:`furlib.core.show.html.MARKS`)."""
        return ", ".join([f"die showing {face}"] + [MARKS[m][1] for m in marks])

    # ------------------------------------------------------------ the lines under the dice (HTML: ``me`` escaped)
    def groups(self, dice: Sequence[int]) -> str:
        """A roll's scoring groups, capitalized: "Three 5s and a pair of 1s"."""
        return capitalized(describe_roll(dice))

    def scoring(self, groups: str, points: int, me: str, turn_score: int, n: int) -> str:
        return (f"{groups} scores {points}. {me} may be Satisfied with {turn_score} or roll the {n} scoring dice "
                "again.")

    def all_different(self, me: str) -> str:
        return f"All different! {me} can say Beekin to raise one die, or accept the Furcle."

    def rolls_again(self, me: str, n: int) -> str:
        return act(me, f"is not Satisfied and rolls the {n} scoring dice again.")

    def about_to_roll(self, me: str, n: int) -> str:
        return act(me, f"is about to roll {n} dice.")

    def raised(self, face: int) -> str:
        """What the Beekin of this turn did: "a 3 became a 4." (``face``: the die's face now)."""
        return f"a {face - 1} became a {face}."

    # ------------------------------------------------------------ the Leader's line (HTML: ``leader`` escaped)
    practice = "Practice: no target, so nobody becomes the Leader."

    def no_leader(self, target: int) -> str:
        return f"No Leader yet: the first to bank a track score of {target} becomes Leader."

    def leader(self, leader: str, lead: int, you: bool) -> str:
        """The Leader's line; ``you``: the Leader is the person at the screen, "You"."""
        return (f"{act(leader, 'is')} the Leader with {lead}: {'you' if you else 'they'} win at the start of "
                f"{'your' if you else 'their'} next turn unless someone banks more than {lead} first.")
