"""What the Oh Furcle! app says, one table per language: its buttons, prompts, turn lines, Beekin notes, advice.

:class:`FurcleAppWords` is the English of :class:`furlib.furcle.widget.FurcleApp` and
:func:`furlib.furcle.widget.beekin_choices`; :class:`furlib.furcle.widget_words_fr.FurcleAppWordsFr` is the
same table in French. ``FurcleApp(game, language=...)`` takes its table from :func:`app_words`; the app
frame's own words (Play again, History ...) are :mod:`furlib.core.app.frame_words`, the events' the game's
texts. A method takes what its sentence needs (a name, a count, the dice) and returns the sentence (plain
text; the app escapes it, but for the lines that say they are HTML).

This module imports no widget library.
"""

from __future__ import annotations

from ..core.words import act, capitalized, join_words, load_table, plural, possessive, sentence, sentences, subjects
from .scoring import describe_roll
from .texts import faces_text

__all__ = ["FurcleAppWords", "app_words", "APP_LANGUAGES"]

#: The languages of the app's tables: ``"module:Class"`` of each.
APP_LANGUAGES = {"en": "furlib.furcle.widget_words:FurcleAppWords",
                 "fr": "furlib.furcle.widget_words_fr:FurcleAppWordsFr"}


def app_words(language: str) -> FurcleAppWords:
    """The app's words in ``language`` (a key of :data:`APP_LANGUAGES`); a ValueError names the languages.

    >>> app_words("en").roll, app_words("fr").roll
    ('Roll', 'Lancer')
    """
    words: FurcleAppWords = load_table(APP_LANGUAGES, language)
    return words


class FurcleAppWords:
    """The Oh Furcle! app's words in English (see the module docstring)."""

    LANGUAGE = "en"
    advice_switch = "Show the best move and my chance to win (2 players)"
    roll, roll_again = "Roll", "Roll again"
    roll_tip = "Roll the dice (after a scoring roll: keep the turn score and roll the dice that scored again)"
    satisfied, satisfied_tip = "Satisfied", "Be Satisfied: bank the turn score and end your turn"
    accept, accept_tip = "Accept Furcle", "All dice differ: lose the turn score and end your turn"
    #: The advice line while the game's rules are solved (the first use of a rule set: a few seconds).
    working = "Working out the best move\u2026 (a few seconds the first time)"
    advice_not_now = "Advice is shown at the latest moment, when it is your move."
    advice_not_human = "Advice is shown when it is a person's move."

    # ------------------------------------------------------------ words (the language's helpers and nouns)
    plural = staticmethod(plural)
    #: Players as a sentence's subject: "Ann and you".
    subjects = staticmethod(subjects)
    #: A roll's scoring groups: "three 5s and a pair of 1s".
    groups = staticmethod(describe_roll)
    point, die = "point", "die"

    def points(self, n: int) -> str:
        return self.plural(n, self.point)

    def dice(self, n: int) -> str:
        return self.plural(n, self.die)

    # ------------------------------------------------------------ Beekin's choices (beekin_choices)
    def die_change(self, i: int, face: int) -> str:
        return f"die {i + 1} (the {face} becomes a {face + 1})"

    def rescues(self, head: str, groups: str, points: int) -> str:
        return f"{head} makes {groups}: {self.points(points)}"

    def no_pair(self, head: str) -> str:
        return f"{head} matches no other die: still all different"

    def breaks(self, head: str, groups: str) -> str:
        return f"{head} breaks {groups}: all different, a Furcle"

    def more(self, head: str, groups: str, points: int, before: int) -> str:
        return f"{head} makes {groups}: {self.points(points)} instead of {before}"

    def more_but(self, head: str, groups: str, points: int, before: int, dice: int, dice_before: int) -> str:
        return (f"{head} makes {groups}: {self.points(points)} instead of {before}, but {dice} dice roll again "
                f"instead of {dice_before}")

    def same(self, head: str, points: int) -> str:
        return f"{head} changes nothing: still {self.points(points)}, and the Beekin would be spent"

    def less(self, head: str, groups: str, points: int, before: int, dice: int, dice_before: int) -> str:
        more = f" (though {dice} dice would roll again instead of {dice_before})" if dice > dice_before else ""
        return f"{head} leaves {groups}: only {self.points(points)} instead of {before}{more}"

    # ------------------------------------------------------------ the status box
    def intro(self, players: str, target: int | None) -> str:
        """The new game's line; ``players`` as a sentence's subject, each with their bot's label."""
        goal = ("Practice: no target." if target is None else
                f"The first to bank {self.points(target)} becomes the Leader.")
        return f"New game: {players}. {goal}"

    def who(self, name: str) -> str:
        """A player's name (with their bot's label) starting a clause."""
        return name

    def rolled(self, name: str, faces: tuple[int, ...], worth: str, then: bool) -> str:
        return f"{'then ' if then else ''}rolled {faces_text(faces)} ({worth})"

    def worth(self, points: int) -> str:
        return self.points(points) if points else "all different"

    def said_beekin(self, name: str, raised: tuple[int, int] | None, worth: str) -> str:
        change = f": a {raised[0]} became a {raised[1]}" if raised else ""
        return f"said Beekin{change} ({worth})"

    def banked(self, name: str, points: int, total: int) -> str:
        return f"banked {self.points(points)} (track score {total})"

    def accepted(self, name: str, lost: int) -> str:
        return "accepted the Furcle" + (f" and lost {self.points(lost)}" if lost else " (no turn score to lose)")

    oh_furcle = "Oh Furcle!"

    def lost(self, name: str, lost: int) -> str:
        return f"lost {self.points(lost)}" if lost else "had no turn score to lose"

    def became_leader(self, name: str) -> str:
        return "became the Leader"

    def wins(self, name: str) -> str:
        return act(name, "is still the Leader and wins the game!")[len(name) + 1:]

    def played(self, name: str) -> str:
        return "played"

    def clauses(self, parts: list[str]) -> str:
        """The clauses of one turn as one sentence."""
        return sentences(parts, sep=", ")

    # ------------------------------------------------------------ prompts
    def turn(self, owner: str | None) -> str:
        """ "Your turn" (``owner`` None: the one person at the screen), "Ann's turn"."""
        return "Your turn" if owner is None else f"{possessive(owner)} turn"

    def roll_prompt(self, turn: str, dice: int) -> str:
        return f"{turn}: roll {self.dice(dice)}."

    def which_dice(self, dice: list[int]) -> str:
        """The dice (from 0) a prompt offers: "die 1, 2 or 3"."""
        return "die " + join_words([str(i + 1) for i in dice], last="or")

    def lose(self, turn_score: int) -> str:
        return (f"lose your turn score of {self.points(turn_score)}" if turn_score
                else "end the turn (no turn score to lose)")

    def furcle_rescue(self, turn: str, which: str, lose: str) -> str:
        return (f"{turn}: all dice differ, Oh Furcle! Click {which} in the picture to say Beekin and rescue the "
                f"roll, or accept the Furcle and {lose}.")

    def no_rescue(self, beekin: bool, available: bool) -> str:
        return ("Beekin is spent" if beekin and not available else
                "Beekin is off in this game" if not beekin else "no Beekin can make a pair")

    def furcle_accept(self, turn: str, why: str, lose: str) -> str:
        return f"{turn}: all dice differ, Oh Furcle! {capitalized(why)}: accept the Furcle and {lose}."

    def decide(self, turn: str, points: int, turn_score: int, dice: int, which: str | None) -> str:
        again = f"Roll again ({self.dice(dice)})"
        moves = f"{again}, say Beekin on {which}," if which else again
        return f"{turn}: {self.points(points)} on the table, turn score {turn_score}. {moves} or be Satisfied."

    # ------------------------------------------------------------ refusals of a click on a die
    def beekin_on(self, words: str) -> str:
        """What a die in the picture would do (its label for a screen reader)."""
        return f"Beekin on {words}"

    def not_offered(self, words: str) -> str:
        return sentence(f"Beekin on {words}. Click a highlighted die, if any, or choose another move")

    def after_roll(self, prompt: str) -> str:
        return f"Beekin is said after a roll: {prompt}"

    beekin_off = "Beekin is switched off in this game (see Settings)."

    def beekin_spent(self, name: str) -> str:
        return sentence(f"{act(name, 'has')} already said Beekin this turn (once a turn)")

    def no_die(self, i: int, dice: int) -> str:
        return f"There is no die {i + 1}: the roll has {self.dice(dice)}."

    def top_face(self, i: int, face: int) -> str:
        return f"Die {i + 1} shows {face}, the top face: it cannot be raised."

    # ------------------------------------------------------------ the Beekin line (HTML)
    def beekin_note(self, notes: str) -> str:
        """The dice a Beekin would not help (``notes`` joined and escaped already)."""
        return f"<i>Beekin not offered:</i> {notes}."

    notes_sep = "; "

    def top_face_note(self, i: int, sides: int) -> str:
        return f"die {i + 1} shows the top face, {sides}"

    dice_click = "<b>Beekin</b> (once a turn): click a highlighted die in the picture below to add 1 to it."
    dice_no_help = "<b>Beekin</b>: no die's +1 would help this roll."
    dice_before = "<b>Beekin</b>: after a roll, click a die in the picture below to add 1 to it (once a turn)."
    dice_used = "<b>Beekin</b> used this turn."
    dice_not_now = "<b>Beekin</b> is not possible now."

    # ------------------------------------------------------------ advice (HTML)
    def advice(self, move: str, owner: str, chance: float) -> str:
        """The advice line: the optimal bot's move, and whose chance to win it is (``owner``, escaped already:
        "Your", "Ann's")."""
        return (f"<b>Optimal bot:</b> {move}. <b>{owner} chance to win now:</b> {chance:.1%} "
                "(exact, if both play their best from here).")

    def chance_owner(self, owner: str | None) -> str:
        return "Your" if owner is None else possessive(owner)
