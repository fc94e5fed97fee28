"""Oh Furcle! in French: the log, the history and the app, chosen by ``language="fr"``.

Every event kind is built by rigged rolls (``g.roll(...)``, ``apply(Beekin(i))`` ...) and its French sentence is
compared with one written out here by hand; "~" marks the no-break space French puts before ":" and "!".
The app is driven from Python as in test_widget.py (``button.click()``, ``app.click_die(i)``).
"""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

import pytest

from furlib import Furcle
from furlib.core.app.frame_words import FRAME_WORDS
from furlib.core.app.widgets import GameApp
from furlib.furcle import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from furlib.furcle import events as ev
from furlib.furcle.advice import advice_refused, describe_move
from furlib.furcle.widget import FurcleApp, beekin_choices
from furlib.furcle.widget_words import app_words
from furlib.pig import Pig
from furlib.testing import widgets_in


def nb(text: str) -> str:
    """A sentence written here with "~" for French's no-break space."""
    return text.replace("~", "\u00a0")


def french_lines(game) -> list[str]:
    return [line[6:] for line in game.log(language="fr").split("\n")]


# ------------------------------------------------------------------------------------------------ the log
def game_ann_bob():
    """Ann and Bob to 20: a rescue that fails, a Furcle with a loss, 1 point, four of a kind, a Beekin that breaks
    a pair, a Furcle with nothing to lose, the Leader reached, the win."""
    g = Furcle(players=["Ann", "Bob"], target=20, seed=1)
    g.roll(3, 3, 5, 6, 1).apply(Roll()).roll(2, 4).apply(Beekin(0))      # 3,4: still all different: Oh Furcle!
    g.roll(1, 1, 2, 3, 4).apply(Satisfied())                              # Bob: 1 point
    g.roll(6, 6, 6, 6, 2).apply(Satisfied())                              # Ann: 6 + 15 = 21, the Leader
    g.roll(5, 5, 1, 2, 3).apply(Beekin(0))                                # Bob: the pair of 5s broken
    return g


ANN_BOB = [
    "Ann lance 3, 3, 5, 6, 1~: une paire de 3 pour 3 points",
    "Ann continue avec un score de tour de 3 points et relance 2 dés",
    "Ann lance 2, 4~: tous différents",
    "Ann dit Beekin~! Un 2 devient un 3~: toujours tous différents",
    "Oh Furcle~! Ann perd 3 points et son tour s'arrête",
    "Bob lance 1, 1, 2, 3, 4~: une paire de 1 pour 1 point",
    "Bob dit Satisfait et encaisse 1 point~: son total est de 1 point",
    "Ann lance 6, 6, 6, 6, 2~: un carré de 6 pour 21 points",
    "Ann dit Satisfait et encaisse 21 points~: son total est de 21 points",
    "Ann atteint 20 points et prend la tête",
    "Bob lance 5, 5, 1, 2, 3~: une paire de 5 pour 5 points",
    "Bob dit Beekin~! Un 5 devient un 6~: maintenant tous différents",
    "Oh Furcle~! Le tour de Bob s'arrête sans rien à encaisser",
    "Ann est toujours en tête au début de son tour et gagne~!",
]


def game_you_ann(you="You"):
    """A player named You (or Vous) and Ann to 10: a Beekin that scores, Ann's Furcle, You reach the target, Ann
    passes You and wins."""
    g = Furcle(players=[you, "Ann"], target=10, seed=1)
    g.roll(4, 4, 1, 2, 3).apply(Roll()).roll(3, 4).apply(Beekin(0)).apply(Satisfied())   # 4 + 4 = 8
    g.roll(1, 2, 3, 4, 6).apply(AcceptFurcle())
    g.roll(2, 2, 1, 3, 4).apply(Satisfied())                                             # 10: the Leader
    g.roll(5, 5, 5, 1, 2).apply(Satisfied())                                             # 15 > 10
    g.roll(1, 2, 3, 4, 6).apply(AcceptFurcle())
    return g


YOU_ANN = [
    "Vous lancez 4, 4, 1, 2, 3~: une paire de 4 pour 4 points",
    "Vous continuez avec un score de tour de 4 points et relancez 2 dés",
    "Vous lancez 3, 4~: tous différents",
    "Vous dites Beekin~! Un 3 devient un 4~: une paire de 4 pour 4 points",
    "Vous dites Satisfait et encaissez 8 points~: votre total est de 8 points",
    "Ann lance 1, 2, 3, 4, 6~: tous différents",
    "Oh Furcle~! Le tour d'Ann s'arrête sans rien à encaisser",
    "Vous lancez 2, 2, 1, 3, 4~: une paire de 2 pour 2 points",
    "Vous dites Satisfait et encaissez 2 points~: votre total est de 10 points",
    "Vous atteignez 10 points et prenez la tête",
    "Ann lance 5, 5, 5, 1, 2~: un brelan de 5 pour 15 points",
    "Ann dit Satisfait et encaisse 15 points~: son total est de 15 points",
    "Ann vous dépasse et prend la tête",
    "Vous lancez 1, 2, 3, 4, 6~: tous différents",
    "Oh Furcle~! Votre tour s'arrête sans rien à encaisser",
    "Ann est toujours en tête au début de son tour et gagne~!",
]


def game_bob_you():
    """Bob leads, You pass him, You lose 1 point to a Furcle and still win."""
    g = Furcle(players=["Bob", "You"], target=5, seed=1)
    g.roll(6, 6, 1, 2, 4).apply(Satisfied())                              # Bob: 6, the Leader
    g.roll(5, 5, 5, 1, 2).apply(Satisfied())                              # You: 15
    g.roll(1, 1, 2, 3, 4).apply(Roll()).roll(2, 5).apply(AcceptFurcle())  # Bob: loses 1
    return g


BOB_YOU = [
    "Bob lance 6, 6, 1, 2, 4~: une paire de 6 pour 6 points",
    "Bob dit Satisfait et encaisse 6 points~: son total est de 6 points",
    "Bob atteint 5 points et prend la tête",
    "Vous lancez 5, 5, 5, 1, 2~: un brelan de 5 pour 15 points",
    "Vous dites Satisfait et encaissez 15 points~: votre total est de 15 points",
    "Vous dépassez Bob et prenez la tête",
    "Bob lance 1, 1, 2, 3, 4~: une paire de 1 pour 1 point",
    "Bob continue avec un score de tour de 1 point et relance 2 dés",
    "Bob lance 2, 5~: tous différents",
    "Oh Furcle~! Bob perd 1 point et son tour s'arrête",
    "Vous êtes toujours en tête au début de votre tour et gagnez~!",
]


@pytest.mark.parametrize("make, expected", [(game_ann_bob, ANN_BOB), (game_you_ann, YOU_ANN),
                                            (game_bob_you, BOB_YOU)], ids=["Ann-Bob", "You-Ann", "Bob-You"])
def test_every_event_in_french(make, expected):
    g = make()
    assert french_lines(g) == [nb(x) for x in expected]
    assert g.is_over
    # the steps are those of the English log, the events the same
    assert [line[:6] for line in g.log(language="fr").split("\n")] == [line[:6] for line in g.log().split("\n")]


def test_the_games_above_meet_every_event_kind_singular_and_plural():
    events = [e for make in (game_ann_bob, game_you_ann, game_bob_you) for e in make().events]
    assert {e.kind for e in events} == set(ev.KINDS)
    text = "\n".join(nb(x) for x in ANN_BOB + YOU_ANN + BOB_YOU)
    for phrase in ("pour 1 point\n", "pour 3 points", "encaisse 1 point~:", "est de 1 point\n",
                   "score de tour de 1 point ", "score de tour de 3 points", "perd 1 point ", "perd 3 points"):
        assert nb(phrase) in text + "\n", phrase
    assert not re.search(r"\b1 (points|dés)\b", text) and re.search(r"\b2 dés\b", text)


def test_a_player_named_vous_is_spoken_to_as_you_is():
    assert french_lines(game_you_ann("Vous")) == french_lines(game_you_ann("You"))
    assert game_you_ann("Vous").log() != game_you_ann("You").log()      # in English "Vous" is a name


def test_the_english_log_is_unchanged_by_the_french():
    g = game_you_ann()
    english = g.log()
    g.log(language="fr")
    assert g.log() == g.log(language="en") == english
    assert english.split("\n")[3] == "   4  You say Beekin! A 3 becomes a 4: a pair of 4s scores 4"


def test_the_history_text_column_in_french():
    g = game_you_ann()
    fr = g.history_for(None, language="fr")
    en = g.history
    assert fr["text"].tolist() == [nb(x) for x in YOU_ANN]
    assert en["text"].tolist() == [e.text for e in g.events]
    assert fr.drop(columns="text").equals(en.drop(columns="text"))      # only the words change


def test_a_language_not_written_is_refused_naming_the_languages():
    g = Furcle(players=["You", "Ann"], seed=1).roll(5, 5, 1, 2, 3)
    for bad in ("de", "FR", ""):
        with pytest.raises(ValueError, match=r"written in \['en', 'fr'\], not '"):
            g.log(language=bad)
        with pytest.raises(ValueError, match=r"written in \['en', 'fr'\], not '"):
            g.history_for(None, language=bad)
        with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\] \(the languages Furcle's app"):
            FurcleApp(g, language=bad)
        with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\]"):
            advice_refused(g, bad)
        with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\]"):
            app_words(bad)
    with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\].*got 3"):
        g.widget(language=3)
    with pytest.raises(ValueError, match=r"language must be one of \['en'\] \(the languages Pig's app"):
        GameApp(Pig(players=["You", "Bot"], seed=1), language="fr")
    assert g.n_steps == 1


# ------------------------------------------------------------------------------------------------ the app
ENGLISH = re.compile(r"\b(the|your|you|roll|rolled|rolls|click|and|again|dice|die|over|game|play|settings|history|"
                     r"satisfied|accept|turn|wins|banked|lost|leader|now|back|new|working|advice|bot to)\b", re.I)


def shown(app) -> list[str]:
    """Every text the app shows but the game's picture, the chart and the settings panel (plain text)."""
    texts = [app.status.value, app.error.value, app.advice.value, app.dice_label.value, app.beekin_note.value,
             app.slider.description, app.slider.tooltip, app.advice_toggle.description,
             app.settings_toggle.description, app.settings_toggle.tooltip, *app.html.targets.values()]
    for b in (app.roll_button, app.satisfied_button, app.accept_button, app.again_button, app.back_button,
              app.settings.new_game_button):
        texts += [b.description, b.tooltip]
    return [html.unescape(re.sub(r"<[^>]+>", " ", t)) for t in texts if t]


def assert_french(app):
    for text in shown(app):
        assert not ENGLISH.search(text.replace("Bot (BeekinSmart)", "")), text


def test_the_english_words_check_finds_english():
    app = FurcleApp(Furcle(players=["You", "Bot"], seed=1))
    with pytest.raises(AssertionError, match="Your turn"):
        assert_french(app)


def status(app) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "|", app.status.value))


def test_the_app_in_french_through_a_game():
    g = Furcle(players=["You", "Bot"], target=20, seed=3)
    app = FurcleApp(g, language="fr")
    assert (app.language, app.words.LANGUAGE, app.furcle_words.LANGUAGE) == ("fr", "fr", "fr")
    assert [app.roll_button.description, app.satisfied_button.description, app.accept_button.description] == [
        "Lancer", "Satisfait", "Accepter le Furcle"]
    assert [app.slider.description, app.back_button.description, app.again_button.description,
            app.settings_toggle.description, app.settings.new_game_button.description] == [
        "Historique", "Retour au présent", "Rejouer", "Réglages", "Nouvelle partie"]
    assert nb("Nouvelle partie~: Vous et Bot (BeekinSmart). Qui atteint 20 points en premier prend la tête.") \
        in status(app)
    assert nb("À vous de jouer~: lancez 5 dés.") in status(app)
    assert "Un instant\\2026" in app.app_style.value and "Working" not in app.app_style.value
    assert_french(app)
    # a rigged roll: all different, three dice a Beekin would rescue
    g.apply(Dice((3, 4, 5, 6, 1)))
    app.refresh()
    assert nb("À vous de jouer~: tous les dés diffèrent, Oh Furcle~! Cliquez sur le dé 1, 2 ou 3 dans l'image pour "
              "dire Beekin et sauver le lancer, ou acceptez le Furcle et finissez le tour (aucun score de tour à "
              "perdre).") in status(app)
    assert app.html.targets["0"] == nb("Beekin sur le dé 1 (le 3 devient un 4) fait une paire de 4~: 4 points")
    assert html.unescape(app.beekin_note.value) == nb(
        "<i>Beekin non proposé~:</i> Le dé 5 (le 1 devient un 2) ne fait paire avec aucun autre dé~: toujours tous "
        "différents~; le dé 4 montre la face la plus haute, 6.")
    assert_french(app)
    app.click_die(4)                                 # not offered: refused, in French
    assert g.n_steps == 1
    assert nb("Non joué~:") in html.unescape(app.error.value)
    assert nb("Beekin sur le dé 5 (le 1 devient un 2) ne fait paire avec aucun autre dé~: toujours tous différents. "
              "Cliquez sur un dé en surbrillance, s'il y en a, ou choisissez un autre coup.") \
        in html.unescape(app.error.value)
    assert_french(app)
    app.click_die(0)                                 # Beekin: a pair of 4s
    assert g.actions[-1] == Beekin(0)
    assert nb("Vous avez dit Beekin~: un 3 est devenu un 4 (4 points).") in status(app)
    assert nb("À vous de jouer~: 4 points sur la table et un score de tour de 4 points. Relancez (2 dés) ou dites "
              "Satisfait.") in status(app)
    assert app.roll_button.description == "Relancer"
    assert_french(app)
    app.satisfied_button.click()
    assert nb("Vous avez dit Satisfait et encaissé 4 points (votre total~: 4 points).") in status(app)
    assert_french(app)
    while not g.is_over:                             # on to the end, every screen in French
        if g.is_chance or Roll() in g.legal_actions() and g.turn_score < 12:
            app.roll_button.click()
        elif Satisfied() in g.legal_actions():
            app.satisfied_button.click()
        elif app.html.targets:
            app.click_die(int(min(app.html.targets)))
        else:
            app.accept_button.click()
        assert_french(app)
    winner = "Vous gagnez" if g.winner == "You" else "Bot gagne"
    assert nb(f"Partie finie~: {winner}. Cliquez sur Rejouer, ou changez les réglages ci-dessous.") in status(app)
    assert app.again_row.layout.display is None
    app.slider.value = 1                             # looking back: the first roll, told in French
    assert nb("Retour sur l'étape 1 sur") in status(app)
    assert nb("(Vous lancez 3, 4, 5, 6, 1~: tous différents)") in status(app)
    app.click_die(0)
    assert nb("Vous regardez un moment passé~: cliquez sur Retour au présent pour continuer.") \
        in html.unescape(app.error.value)
    assert_french(app)
    app.again_button.click()                         # a new game, still in French
    assert app.game is not g and nb("Nouvelle partie~: Vous et Bot (BeekinSmart).") in status(app)
    assert_french(app)


def test_the_english_app_is_unchanged_and_its_furcle_line_reads_well():
    g = Furcle(players=["Bot", "You"], seed=1, beekin=False)
    twin = g.copy()
    assert twin.step().faces == (3, 4, 5, 6, 1)    # the seed's first roll: all different, a Furcle (no Beekin)
    app = FurcleApp(g, human="You", bots=None)
    assert app.language == "en" and app.roll_button.description == "Roll" and app.slider.description == "History"
    assert ("Bot (BeekinSmart) rolled 3,4,5,6,1 (all different), Oh Furcle! Bot (BeekinSmart) had no turn score "
            "to lose.") in status(app)              # it said "Bot (BeekinSmart) no turn score to lose"
    assert "Your turn: roll 5 dice." in status(app)


def test_two_people_at_one_screen_and_a_game_without_target():
    app = FurcleApp(Furcle(players=["Ann", "Bob"], seed=1), bots={}, language="fr")
    assert nb("À Ann de jouer~: lancez 5 dés.") in status(app)
    practice = FurcleApp(Furcle(players=["You"], target=None, seed=1), language="fr")
    assert nb("Nouvelle partie~: Vous. Entraînement~: pas d'objectif.") in status(practice)
    assert_french(app)


def test_the_advice_line_in_french(tmp_path, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path))
    app = FurcleApp(Furcle(players=["You", "Bot"], target=10, seed=1), advice=True, language="fr")
    line = html.unescape(app.advice.value)
    action, chance = app.advised
    percent = f"{chance * 100:.1f}".replace(".", ",")
    assert action == Roll()
    assert nb(f"Bot optimal~: lancer 5 dés. Votre chance de gagner maintenant~: {percent}~% (exacte, si les deux "
              "jouent au mieux d'ici la fin).") in re.sub(r"<[^>]+>", "", line)
    assert_french(app)
    three = FurcleApp(Furcle(players=["You", "Ann", "Bob"], seed=1), advice=True, language="fr")
    assert "Les conseils sont calculés pour les parties à 2 joueurs seulement." in html.unescape(three.advice.value)
    g = Furcle(players=2, seed=1).roll(2, 2, 2, 4, 6)
    assert [describe_move(a, g, "fr") for a in (Beekin(3), Satisfied())] == [
        "dire Beekin sur le dé 4 (le 4 devient un 5)", "dire Satisfait et encaisser 12 points"]


def test_beekin_choices_in_french_for_every_case():
    def choice(faces, die, bonus=None):
        g = Furcle(players=["You", "Bot"], seed=1, **({"bonus": bonus} if bonus else {})).roll(*faces)
        return beekin_choices(g, "fr")[die]

    assert choice((3, 4, 5, 6, 1), 0) == (True, nb("le dé 1 (le 3 devient un 4) fait une paire de 4~: 4 points"))
    assert choice((3, 4, 5, 6, 1), 4) == (False, nb("le dé 5 (le 1 devient un 2) ne fait paire avec aucun autre "
                                                    "dé~: toujours tous différents"))
    assert choice((2, 2, 4, 5, 6), 0) == (False, nb("le dé 1 (le 2 devient un 3) défait une paire de 2~: tous "
                                                    "différents, un Furcle"))
    assert choice((4, 4, 3, 5, 6), 2) == (True, nb("le dé 3 (le 3 devient un 4) fait un brelan de 4~: 14 points au "
                                                   "lieu de 4"))
    assert choice((5, 5, 4, 4, 1), 2) == (True, nb("le dé 3 (le 4 devient un 5) fait un brelan de 5~: 15 points au "
                                                   "lieu de 9, mais 3 dés à relancer au lieu de 4"))
    assert choice((2, 2, 3, 5, 5), 2) == (False, nb("le dé 3 (le 3 devient un 4) ne change rien~: toujours 7 points, "
                                                    "et Beekin serait utilisé pour rien"))
    assert choice((3, 3, 3, 5, 1), 0) == (False, nb("le dé 1 (le 3 devient un 4) donne une paire de 3~: seulement 3 "
                                                    "points au lieu de 13"))
    assert choice((4, 4, 4, 3, 6), 3, bonus={2: 0, 3: 10, 4: 0}) == (False, nb(
        "le dé 4 (le 3 devient un 4) donne un carré de 4~: seulement 4 points au lieu de 14 (même avec 4 dés à "
        "relancer au lieu de 3)"))


def test_the_frame_table_for_what_a_game_reaches_rarely():
    fr = FRAME_WORDS["fr"]
    assert fr.winner(SimpleNamespace(winner=("Ann", "You"))) == "Ann et vous partagez la victoire"
    assert fr.winner(SimpleNamespace(winner=("Ann", "Bob"))) == "Ann et Bob partagent la victoire"
    assert fr.winner(SimpleNamespace(winner=None)) == "personne ne gagne"
    assert fr.stopped(10_000, True) == nb(
        "Arrêt~: la partie n'a pas fini en 10~000 coups, sa limite (MAX_STEPS). Cliquez sur Rejouer, ou lancez une "
        "nouvelle partie dans les réglages ci-dessous (par exemple avec un objectif plus petit).")
    assert fr.hidden_lines(1) == "\u2026 1 ligne précédente masquée (le curseur Historique rejoue chaque coup) \u2026"
    assert fr.hidden_lines(3).startswith("\u2026 3 lignes précédentes masquées")
    assert fr.chance_label("roll") == "Lancer" and fr.chance_label("draw") == "Piocher"


def test_game_widget_passes_the_language_on():
    box = Furcle(players=["You", "Bot"], seed=1).widget(language="fr")
    labels = {w.description for w in widgets_in(box) if hasattr(w, "description")}
    assert {"Lancer", "Satisfait", "Historique", "Réglages"} <= labels
    assert not {"Roll", "Satisfied", "History", "Settings"} & labels
