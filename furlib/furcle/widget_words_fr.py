"""What the Oh Furcle! app says in French: :class:`FurcleAppWordsFr`, the French table of
:mod:`furlib.furcle.widget_words` (``FurcleApp(game, language="fr")``, ``game.widget(language="fr")``).

Made with :mod:`furlib.core.words_fr` and the French texts (:mod:`furlib.furcle.texts_fr`), as the log is:
a player named "You" is spoken to as *vous*, counts below 2 are singular, a no-break space comes before
":", ";", "!", "?" and "%". The app addresses the person at the screen as *vous* ("Cliquez sur Lancer").
The turn lines are in the *passé composé* ("Ann a lancé 3, 3, 5, 6, 1 (3 points), puis a dit Satisfait"),
the prompts in the imperative ("Relancez (3 dés) ou dites Satisfait."). The game's terms are those of the
French texts: *Beekin*, *Oh Furcle !*, the call *Satisfait*, the player *en tête*.

>>> w = FurcleAppWordsFr()
>>> print(w.decide(w.turn(None), 4, 7, 3, "le dé 2").replace("\\u00a0", "_"))   # doctest: +NORMALIZE_WHITESPACE
À vous de jouer_: 4 points sur la table et un score de tour de 7 points.
Relancez (3 dés), dites Beekin sur le dé 2 ou dites Satisfait.

This module imports no widget library.
"""

from __future__ import annotations

from ..core.words import capitalized, sentence, sentences
from ..core.words_fr import NBSP, act, conjugate, french_spacing, join_words, named, own, plural, possessive, subject
from ..core.words_fr import subjects as subjects_fr
from .texts_fr import describe_roll_fr, faces_fr
from .widget_words import FurcleAppWords

__all__ = ["FurcleAppWordsFr"]


class FurcleAppWordsFr(FurcleAppWords):
    """The Oh Furcle! app's words in French (see the module docstring)."""

    LANGUAGE = "fr"
    advice_switch = "Montrer le meilleur coup et mes chances de gagner (2 joueurs)"
    roll, roll_again = "Lancer", "Relancer"
    roll_tip = ("Lancer les dés (après un lancer qui marque\u00a0: garder le score du tour et relancer les dés qui "
                "ont marqué)")
    satisfied, satisfied_tip = "Satisfait", "Dire Satisfait\u00a0: encaisser le score du tour et finir votre tour"
    accept, accept_tip = ("Accepter le Furcle", "Tous les dés diffèrent\u00a0: perdre le score du tour et finir "
                                                "votre tour")
    working = "Calcul du meilleur coup\u2026 (quelques secondes la première fois)"
    advice_not_now = "Les conseils s'affichent au dernier moment de la partie, quand c'est à vous de jouer."
    advice_not_human = "Les conseils s'affichent quand c'est à une personne de jouer."

    # ------------------------------------------------------------ words
    plural = staticmethod(plural)
    subjects = staticmethod(subjects_fr)
    groups = staticmethod(describe_roll_fr)
    die = "dé"

    # ------------------------------------------------------------ Beekin's choices
    def die_change(self, i: int, face: int) -> str:
        return f"le dé {i + 1} (le {face} devient un {face + 1})"

    def rescues(self, head: str, groups: str, points: int) -> str:
        return french_spacing(f"{head} fait {groups} : {self.points(points)}")

    def no_pair(self, head: str) -> str:
        return french_spacing(f"{head} ne fait paire avec aucun autre dé : toujours tous différents")

    def breaks(self, head: str, groups: str) -> str:
        return french_spacing(f"{head} défait {groups} : tous différents, un Furcle")

    def more(self, head: str, groups: str, points: int, before: int) -> str:
        return french_spacing(f"{head} fait {groups} : {self.points(points)} au lieu de {before}")

    def more_but(self, head: str, groups: str, points: int, before: int, dice: int, dice_before: int) -> str:
        return french_spacing(f"{head} fait {groups} : {self.points(points)} au lieu de {before}, mais "
                              f"{self.dice(dice)} à relancer au lieu de {dice_before}")

    def same(self, head: str, points: int) -> str:
        return french_spacing(f"{head} ne change rien : toujours {self.points(points)}, et Beekin serait utilisé "
                              "pour rien")

    def less(self, head: str, groups: str, points: int, before: int, dice: int, dice_before: int) -> str:
        more = f" (même avec {self.dice(dice)} à relancer au lieu de {dice_before})" if dice > dice_before else ""
        return french_spacing(f"{head} donne {groups} : seulement {self.points(points)} au lieu de {before}{more}")

    # ------------------------------------------------------------ the status box
    def intro(self, players: str, target: int | None) -> str:
        goal = ("Entraînement : pas d'objectif." if target is None else
                f"Qui atteint {self.points(target)} en premier prend la tête.")
        return french_spacing(f"Nouvelle partie : {players}. {goal}")

    def who(self, name: str) -> str:
        return subject(name)

    def rolled(self, name: str, faces: tuple[int, ...], worth: str, then: bool) -> str:
        return f"{'puis ' if then else ''}{conjugate(name, 'a')} lancé {faces_fr(faces)} ({worth})"

    def worth(self, points: int) -> str:
        return self.points(points) if points else "tous différents"

    def said_beekin(self, name: str, raised: tuple[int, int] | None, worth: str) -> str:
        change = f" : un {raised[0]} est devenu un {raised[1]}" if raised else ""
        return french_spacing(f"{conjugate(name, 'a')} dit Beekin{change} ({worth})")

    def banked(self, name: str, points: int, total: int) -> str:
        return french_spacing(f"{conjugate(name, 'a')} dit Satisfait et encaissé {self.points(points)} "
                              f"({own(name, 'total')} : {self.points(total)})")

    def accepted(self, name: str, lost: int) -> str:
        rest = f" et perdu {self.points(lost)}" if lost else " (aucun score de tour à perdre)"
        return f"{conjugate(name, 'a')} accepté le Furcle{rest}"

    oh_furcle = f"Oh Furcle{NBSP}!"

    def lost(self, name: str, lost: int) -> str:
        if lost:
            return f"{conjugate(name, 'a')} perdu {self.points(lost)}"
        return f"n'{conjugate(name, 'avait')} aucun score de tour à perdre"

    def became_leader(self, name: str) -> str:
        return f"{conjugate(name, 'a')} pris la tête"

    def wins(self, name: str) -> str:
        return french_spacing(f"{conjugate(name, 'est')} toujours en tête et {conjugate(name, 'gagne')} la partie !")

    def played(self, name: str) -> str:
        return f"{conjugate(name, 'a')} joué"

    def clauses(self, parts: list[str]) -> str:
        return french_spacing(sentences(parts, sep=", "))

    # ------------------------------------------------------------ prompts
    def turn(self, owner: str | None) -> str:
        """ "À vous de jouer" (``owner`` None: the one person at the screen), "À Ann de jouer"."""
        return "À vous de jouer" if owner is None else f"À {named(owner)} de jouer"

    def roll_prompt(self, turn: str, dice: int) -> str:
        return french_spacing(f"{turn} : lancez {self.dice(dice)}.")

    def which_dice(self, dice: list[int]) -> str:
        return "le dé " + join_words([str(i + 1) for i in dice], last="ou")

    def lose(self, turn_score: int) -> str:
        return (f"perdez votre score de tour de {self.points(turn_score)}" if turn_score
                else "finissez le tour (aucun score de tour à perdre)")

    def furcle_rescue(self, turn: str, which: str, lose: str) -> str:
        return french_spacing(f"{turn} : tous les dés diffèrent, Oh Furcle ! Cliquez sur {which} dans l'image pour "
                              f"dire Beekin et sauver le lancer, ou acceptez le Furcle et {lose}.")

    def no_rescue(self, beekin: bool, available: bool) -> str:
        return ("Beekin est déjà utilisé ce tour-ci" if beekin and not available else
                "Beekin est désactivé dans cette partie" if not beekin else "aucun Beekin ne peut faire une paire")

    def furcle_accept(self, turn: str, why: str, lose: str) -> str:
        return french_spacing(f"{turn} : tous les dés diffèrent, Oh Furcle ! {capitalized(why)} : acceptez le "
                              f"Furcle et {lose}.")

    def decide(self, turn: str, points: int, turn_score: int, dice: int, which: str | None) -> str:
        again = f"Relancez ({self.dice(dice)})"
        moves = f"{again}, dites Beekin sur {which}" if which else again
        return french_spacing(f"{turn} : {self.points(points)} sur la table et un score de tour de "
                              f"{self.points(turn_score)}. {moves} ou dites Satisfait.")

    # ------------------------------------------------------------ refusals of a click on a die
    def beekin_on(self, words: str) -> str:
        return f"Beekin sur {words}"

    def not_offered(self, words: str) -> str:
        return french_spacing(sentence(f"Beekin sur {words}. Cliquez sur un dé en surbrillance, s'il y en a, ou "
                                       "choisissez un autre coup"))

    def after_roll(self, prompt: str) -> str:
        return french_spacing(f"Beekin se dit après un lancer : {prompt}")

    beekin_off = "Beekin est désactivé dans cette partie (voir Réglages)."

    def beekin_spent(self, name: str) -> str:
        return sentence(f"{act(name, 'a déjà dit Beekin')} ce tour-ci (une fois par tour)")

    def no_die(self, i: int, dice: int) -> str:
        return french_spacing(f"Il n'y a pas de dé {i + 1} : le lancer compte {self.dice(dice)}.")

    def top_face(self, i: int, face: int) -> str:
        return french_spacing(f"Le dé {i + 1} montre {face}, la face la plus haute : il ne peut pas monter.")

    # ------------------------------------------------------------ the Beekin line (HTML)
    def beekin_note(self, notes: str) -> str:
        return f"<i>Beekin non proposé{NBSP}:</i> {notes}."

    notes_sep = f"{NBSP}; "

    def top_face_note(self, i: int, sides: int) -> str:
        return f"le dé {i + 1} montre la face la plus haute, {sides}"

    dice_click = (f"<b>Beekin</b> (une fois par tour){NBSP}: cliquez sur un dé en surbrillance dans l'image "
                  "ci-dessous pour lui ajouter 1.")
    dice_no_help = f"<b>Beekin</b>{NBSP}: ajouter 1 à un dé n'aiderait pas ce lancer."
    dice_before = (f"<b>Beekin</b>{NBSP}: après un lancer, cliquez sur un dé dans l'image ci-dessous pour lui "
                   "ajouter 1 (une fois par tour).")
    dice_used = "<b>Beekin</b> utilisé ce tour-ci."
    dice_not_now = "<b>Beekin</b> n'est pas possible maintenant."

    # ------------------------------------------------------------ advice (HTML)
    def advice(self, move: str, owner: str, chance: float) -> str:
        percent = f"{chance * 100:.1f}".replace(".", ",")
        return (f"<b>Bot optimal{NBSP}:</b> {move}. <b>{owner} de gagner maintenant{NBSP}:</b> {percent}{NBSP}% "
                "(exacte, si les deux jouent au mieux d'ici la fin).")

    def chance_owner(self, owner: str | None) -> str:
        """ "Votre chance", "La chance d'Ann"."""
        return "Votre chance" if owner is None else possessive(owner, "chance", feminine=True)
