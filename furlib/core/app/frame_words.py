"""The game-neutral words of the app frame, one small table per language: labels, prompts, refusals, status lines.

:class:`FrameWords` holds the English of :class:`furlib.core.app.widgets.GameApp` (its buttons, its slider,
the prompt when no game's app says more, the refusals, the status box's notes); :class:`FrameWordsFr` is the
same table in French, made with :mod:`furlib.core.words_fr`. ``GameApp(game, language="fr")`` takes the table
of its language from :data:`FRAME_WORDS` (a game's own lines come from the game's texts and its app).
A table's methods take what the sentence needs (a name, a count, the game) and return the sentence.

>>> FRAME_WORDS["fr"].to_play("Bob (Greedy)"), FRAME_WORDS["en"].to_play("Bob (Greedy)")
('À Bob (Greedy) de jouer.', 'Bob (Greedy) to play.')

This module imports no widget library.
"""

from __future__ import annotations

from typing import Any

from .. import words, words_fr
from .app_helpers import winner_words

__all__ = ["FrameWords", "FrameWordsFr", "FRAME_WORDS"]


class FrameWords:
    """The app frame's words in English (see the module docstring)."""

    LANGUAGE = "en"
    history, history_tip = "History", "Drag to see any earlier moment of the game"
    back, back_tip = "Back to now", "Show the latest moment of the game, to play on"
    again, again_tip = "Play again", "A new game with the same players, bots and rules (new dice)"
    settings, settings_tip = "Settings", "Show or hide the settings (players, bots, rules, seed) and start a new game"
    new_game, new_game_tip = "New game", "Start a new game with these settings"
    #: The message box's note while a click's answer takes time (a CSS string: "\\2026" is "…").
    working = "Working\\2026"
    not_started, not_played = "Not started:", "Not played:"
    the_start = "the start"
    #: The chance verbs' labels (``Game.CHANCE_VERB``); a verb not listed is capitalized.
    chance_verbs: dict[str, str] = {}
    #: The "Join a class" part's labels (furlib.classroom.join: the heading, its boxes and its button), None in
    #: English: the part's own; in another language ``{widget: {trait: words}}`` (what the part writes after a
    #: click, and the class server's answers, stay the part's own English).
    join_labels: dict[str, dict[str, str]] | None = None

    def subject(self, name: str) -> str:
        """A player's name as it starts a sentence of the game's texts ("You" stays "You")."""
        return name

    def chance_label(self, verb: str) -> str:
        """The label of the button that rolls or draws: "Roll", "Draw"."""
        return self.chance_verbs.get(verb) or verb.capitalize()

    def chance_tip(self, label: str) -> str:
        return f"{label}: let chance decide"

    def hidden_lines(self, n: int) -> str:
        return f"\u2026 {words.plural(n, 'earlier line')} not shown (the History slider replays every move) \u2026"

    def looking_back(self, k: int, n: int, last: str) -> str:
        """The status box at an earlier moment (HTML: ``last``, the last event's text, is escaped already)."""
        return (f"<b>Looking back at step {k} of {n}</b> ({last}). "
                "Drag the slider to the end or click <i>Back to now</i> to play on.")

    def intro(self, names: list[str]) -> str:
        """The line that announces a new game of these players (each with their bot's label)."""
        return words.sentence(f"New game: {words.subjects(names)}")

    def game_over(self, game: Any) -> str:
        return f"Game over: {self.winner(game)}. Click Play again, or change the settings below."

    def winner(self, game: Any) -> str:
        """Who won, as a sentence's subject and verb: "Ann wins", "You win", "Ann and you share the win"."""
        return winner_words(game)

    def stopped(self, max_steps: int, has_target: bool) -> str:
        hint = " (for example with a smaller target)" if has_target else ""
        return (f"Stopped: the game did not end within {max_steps:,} moves, its step limit (MAX_STEPS). "
                f"Click Play again, or start a new game in the settings below{hint}.")

    def to_play(self, who: str) -> str:
        return f"{who} to play."

    def turn(self, owner: str | None) -> str:
        """Whose turn it is, to start a prompt: "Your turn" (``owner`` None: the one person at the screen, or a
        player named "You"), "Ann's turn"."""
        return "Your turn" if owner is None else f"{words.possessive(owner)} turn"

    def click_chance(self, turn: str, label: str) -> str:
        return f"{turn}: click {label}."

    def choose_move(self, turn: str) -> str:
        return f"{turn}: choose a move below."

    def looking_back_refusal(self) -> str:
        return "You are looking back at an earlier moment: click Back to now to play on."

    def over_refusal(self) -> str:
        return "The game is over: click Play again, or change the settings below."

    def not_your_move(self, prompt: str) -> str:
        return f"It is not your move: {prompt}"

    def cannot_play(self, prompt: str) -> str:
        return f"That cannot be played now. {prompt}"


class FrameWordsFr(FrameWords):
    """The app frame's words in French (see :mod:`furlib.core.words_fr` for "Vous", plurals and spacing)."""

    LANGUAGE = "fr"
    history, history_tip = "Historique", "Glissez pour revoir n'importe quel moment passé de la partie"
    back, back_tip = "Retour au présent", "Montrer le dernier moment de la partie, pour continuer à jouer"
    again, again_tip = "Rejouer", "Une nouvelle partie avec les mêmes joueurs, bots et règles (nouveaux dés)"
    settings, settings_tip = ("Réglages", "Montrer ou cacher les réglages (joueurs, bots, règles, graine) et "
                                          "lancer une nouvelle partie")
    new_game, new_game_tip = "Nouvelle partie", "Lancer une nouvelle partie avec ces réglages"
    working = "Un instant\\2026"
    not_started, not_played = "Partie non lancée\u00a0:", "Non joué\u00a0:"
    the_start = "le début"
    chance_verbs = {"roll": "Lancer", "draw": "Piocher"}
    join_labels = {
        "heading": {"value": "<b>Rejoindre une classe</b> (le serveur et le code sont donnés en classe)"},
        "server": {"description": "Serveur"},
        "code": {"description": "Code"},
        "nickname": {"description": "Pseudo", "placeholder": "un pseudo, pas votre nom"},
        "join_button": {"description": "Rejoindre", "tooltip": "Rejoindre la classe\u00a0: chaque partie finie dans "
                                                               "cette appli lui est alors envoyée"},
    }

    def subject(self, name: str) -> str:
        return words_fr.subject(name)

    def chance_tip(self, label: str) -> str:
        return words_fr.french_spacing(f"{label} : laisser faire le hasard")

    def hidden_lines(self, n: int) -> str:
        lines = words_fr.plural(n, "ligne précédente masquée", "lignes précédentes masquées")
        return f"\u2026 {lines} (le curseur Historique rejoue chaque coup) \u2026"

    def looking_back(self, k: int, n: int, last: str) -> str:
        return (f"<b>Retour sur l'étape {k} sur {n}</b> ({last}). "
                "Glissez le curseur jusqu'au bout ou cliquez sur <i>Retour au présent</i> pour continuer.")

    def intro(self, names: list[str]) -> str:
        return words_fr.french_spacing(words.sentence(f"Nouvelle partie : {words_fr.subjects(names)}"))

    def game_over(self, game: Any) -> str:
        return words_fr.french_spacing(f"Partie finie : {self.winner(game)}. Cliquez sur Rejouer, ou changez les "
                                       "réglages ci-dessous.")

    def winner(self, game: Any) -> str:
        """ "Ann gagne", "Vous gagnez", "Ann et vous partagez la victoire", "personne ne gagne"."""
        w = game.winner
        if w is None:
            return "personne ne gagne"
        if isinstance(w, tuple):
            verb = "partagez" if any(words_fr.is_you(p) for p in w) else "partagent"
            return f"{words_fr.subjects(list(w))} {verb} la victoire"
        return words_fr.act(w, "gagne")

    def stopped(self, max_steps: int, has_target: bool) -> str:
        hint = " (par exemple avec un objectif plus petit)" if has_target else ""
        steps = f"{max_steps:,}".replace(",", words_fr.NBSP)
        return words_fr.french_spacing(
            f"Arrêt : la partie n'a pas fini en {steps} coups, sa limite (MAX_STEPS). Cliquez sur Rejouer, ou "
            f"lancez une nouvelle partie dans les réglages ci-dessous{hint}.")

    def to_play(self, who: str) -> str:
        return f"À {words_fr.named(who)} de jouer."

    def turn(self, owner: str | None) -> str:
        """ "À vous de jouer" (``owner`` None, or a player named "You"), "À Ann de jouer"."""
        return "À vous de jouer" if owner is None else f"À {words_fr.named(owner)} de jouer"

    def click_chance(self, turn: str, label: str) -> str:
        return words_fr.french_spacing(f"{turn} : cliquez sur {label}.")

    def choose_move(self, turn: str) -> str:
        return words_fr.french_spacing(f"{turn} : choisissez un coup ci-dessous.")

    def looking_back_refusal(self) -> str:
        return words_fr.french_spacing("Vous regardez un moment passé : cliquez sur Retour au présent pour continuer.")

    def over_refusal(self) -> str:
        return words_fr.french_spacing("La partie est finie : cliquez sur Rejouer, ou changez les réglages "
                                       "ci-dessous.")

    def not_your_move(self, prompt: str) -> str:
        return words_fr.french_spacing(f"Ce n'est pas à vous de jouer : {prompt}")

    def cannot_play(self, prompt: str) -> str:
        return f"Ce coup n'est pas possible maintenant. {prompt}"


#: The frame's words by language code.
FRAME_WORDS: dict[str, FrameWords] = {"en": FrameWords(), "fr": FrameWordsFr()}
