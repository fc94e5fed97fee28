"""The Oh Furcle! app wholly in French: the game's texts by ``texts(language)``, its picture by ``html(language=)``,
its score chart, its settings panel (labels, help, every refusal), and the other games refusing French.

Every sentence is written out here by hand; "~" marks the no-break space French puts before ":", ";", "!" (see
test_french.py, whose games and English-words check these tests reuse). The app is driven from Python.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("ipywidgets")

from furlib import Furcle, Furglars, FurryPoker, Thieves
from furlib.core import registry
from furlib.core.app.settings import Field, GameSettings, SettingsError
from furlib.core.app.settings_words import settings_words
from furlib.core.app.widgets import GameApp
from furlib.core.charts.svg import FigurePicture
from furlib.furcle import Roll, Satisfied
from furlib.furcle.plots import score_trajectories
from furlib.furcle.widget import FurcleApp
from furlib.furcle.widget_settings import FurcleSettings
from furlib.furglars.widget import FurglarsApp
from furlib.furglars.widget_settings import FurglarsSettings
from furlib.highcard import HighCard
from furlib.pig import Pig
from furlib.poker.widget import PokerApp
from furlib.testing import widgets_in
from furlib.thieves.widget import ThievesApp

from .test_french import ENGLISH, YOU_ANN, game_ann_bob, game_bob_you, game_you_ann, nb

#: English words a French sentence never holds (test_french.py's, and the words the picture, the chart and the
#: panel wrote in English: "target", "Player", "Seed", "blank" ...).
MORE_ENGLISH = re.compile(r"\b(to|of|with|no|is|are|an|on|off|used|available|reached|recent|events|track|human|"
                          r"target|player|players|step|seed|blank|random|start|join|class|server|nickname|"
                          r"scoring|green|purple|showing|must|got|whole|number|name|names|both|all|default|"
                          r"between|from|or|yet|first|bank|banks|becomes)\b", re.I)


def english_words(text: str) -> set[str]:
    """The English words of ``text`` (bot names are names, and so is a value echoed in quotes: 'step')."""
    text = re.sub(r"\b(BeekinSmart|SatisfiedAt|RandomBot)\b|'[^']*'", "", text).replace("Bot (", "(")
    return set(ENGLISH.findall(text)) | set(MORE_ENGLISH.findall(text))


def english_in(text: str) -> str | None:
    """An English word of ``text``, or None."""
    return min(english_words(text), default=None)


def picture_texts(markup: str) -> list[str]:
    """The texts of a picture a person may read or hear: its text, its titles and its names for a screen reader."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    names = re.findall(r'(?:aria-label|title)="([^"]*)"', markup)
    texts = [t.strip() for t in re.split(r"<[^>]+>", markup)]
    return [html.unescape(t) for t in texts + names if t.strip()]


def said(markup: str) -> str:
    """The picture's text as one line, "|" between elements and "~" for a no-break space."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    text = html.unescape(re.sub(r"\s*(<[^>]+>\s*)+", "|", markup))
    return text.replace("\u00a0", "~")


# ------------------------------------------------------------------------------------------------ texts(language)
def test_texts_in_a_language_tell_the_events_as_the_log_does():
    g = game_you_ann()
    french, english = g.texts("fr"), g.texts()
    assert [french.tell(e) for e in g.events] == [nb(x) for x in YOU_ANN]
    assert [english.tell(e) for e in g.events] == [e.text for e in g.events]
    assert g.texts("en") is english and french.LANGUAGE == "fr"
    view = g.view("Ann")                                              # a view answers as its game does
    assert [view.texts("fr").tell(e) for e in view.events] == [nb(x) for x in YOU_ANN]
    for bad in ("de", "FR", "", 3, None, ["fr"]):
        with pytest.raises(ValueError, match=r"^language must be one of \['en', 'fr'\] \(the languages Furcle's "
                                             r"texts are written in\), got "):
            g.texts(bad)
        with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\]"):
            view.texts(bad)


@pytest.mark.parametrize("game", [Pig(seed=1), HighCard(seed=1), Furglars(["You", "Bot"], seed=1),
                                  FurryPoker(["You", "Ann"], seed=1), Thieves(seed=1)],
                         ids=lambda g: type(g).__name__)
def test_the_games_written_in_english_only_say_so(game):
    name = type(game).__name__
    assert game.texts().LANGUAGE == "en"
    with pytest.raises(ValueError, match=rf"^language must be one of \['en'\] \(the languages {name}'s texts"):
        game.texts("fr")
    with pytest.raises(ValueError, match=rf"^language must be one of \['en'\] \(the languages {name}'s texts"):
        game.html(language="fr")
    with pytest.raises(ValueError, match=rf"^language must be one of \['en'\] \(the languages {name}'s app"):
        game.widget(language="fr")                                    # a ValueError, never a TypeError
    app_class = registry.get(game).app_class()
    assert app_class.LANGUAGES == (("en", "fr") if app_class is GameApp else ("en",))


def test_the_apps_of_the_games_in_english_claim_english_only():
    assert FurglarsApp.LANGUAGES == PokerApp.LANGUAGES == ThievesApp.LANGUAGES == ("en",)
    assert FurcleApp.LANGUAGES == GameApp.LANGUAGES == ("en", "fr")  # the frame speaks French for a game that does
    with pytest.raises(ValueError, match=r"^language must be one of \['en'\] \(the languages the fields of "
                                         r"GameSettings are written in\), got 'fr'"):
        GameSettings(Furglars(["You", "Bot"], seed=1), {}, fields=FurglarsSettings.FIELDS, language="fr")
    with pytest.raises(ValueError, match=r"^language must be one of \['en', 'fr'\], got 'de'"):
        settings_words("de")


# ------------------------------------------------------------------------------------------------ the picture
def test_the_picture_in_french_at_every_moment_of_a_game():
    g = game_you_ann()
    moments = {k: said(g.at(k).html(language="fr")) for k in range(g.n_steps + 1)}
    # after a Furcle roll: the decision, in French
    assert "|Oh Furcle~!|tour 1~: à vous de décider|objectif 10, 5 dés, d6|" in moments[3]
    assert ("|Sur la table|dé montrant 3|dé montrant 4|Ce lancer|0|Score du tour|4|Tous différents~! Vous pouvez "
            "dire Beekin pour ajouter 1 à un dé, ou accepter le Furcle.|Beekin disponible|une fois ce tour~: "
            "ajoutez 1 à un dé.|") in moments[3]
    assert ("|Totaux|Joueur|Score|Objectif 10|Vous|à jouer|0|encore 10|Ann|0|encore 10|Personne n'est encore en "
            "tête~: qui atteint en premier un total de 10 points prend la tête.|Derniers événements|") in moments[3]
    # the Beekin said: the die raised, the legend, the line under the dice
    assert ("|dé montrant 4, qui marque, relevé par Beekin|+1|dé montrant 4, qui marque|vert~: dés qui marquent~; "
            "violet +1~: dé relevé par Beekin|Ce lancer|4|Score du tour|8|Une paire de 4 rapporte 4 points. Vous "
            "pouvez dire Satisfait et encaisser 8 points, ou relancer les 2 dés qui marquent.|Beekin utilisé|un 3 "
            "est devenu un 4.|") in moments[4]
    # banked: the banner says so, Ann is about to roll
    assert ("|tour 2~: à Ann de lancer|objectif 10, 5 dés, d6|Vous dites Satisfait et encaissez 8 points~: votre "
            "total est de 8 points.|Prochain lancer~: 5 dés|dé à lancer|?|") in moments[5]
    assert "|Score du tour|0|Ann va lancer 5 dés.|" in moments[5]
    # Ann's Furcle: the banner and its lost dice
    assert ("|Oh Furcle~! Le tour d'Ann s'arrête sans rien à encaisser.|dé montrant 1, perdu|dé montrant 2, perdu|"
            "dé montrant 3, perdu|dé montrant 4, perdu|dé montrant 6, perdu|") in moments[7]
    assert "|Vous allez lancer 5 dés.|" in moments[7]
    # You lead; Ann rolls three 5s
    assert ("|Un brelan de 5 rapporte 15 points. Ann peut dire Satisfait et encaisser 15 points, ou relancer les 3 "
            "dés qui marquent.|") in moments[10]
    assert ("|Vous|en tête|10|atteint|Ann|à jouer|0|encore 10|Vous êtes en tête avec 10 points~: vous gagnez au "
            "début de votre prochain tour, sauf si quelqu'un d'autre dépasse d'abord 10 points.|") in moments[10]
    # the end
    assert ("|partie finie|objectif 10, 5 dés, d6|★ Ann gagne avec 15 points après 5 tours~!|Totaux|Joueur|Score|"
            "Objectif 10|Vous|10|atteint|Ann|victoire|15|atteint|Derniers événements|") in moments[g.n_steps]
    assert moments[g.n_steps].endswith("|Ann est toujours en tête au début de son tour et gagne~!|")


def test_the_leader_line_of_another_player_and_the_groups_that_agree_in_the_plural():
    g = game_ann_bob().at(9)                                          # Ann leads with 21, Bob rolls 5, 5, 1, 2, 3
    text = said(g.html(language="fr"))
    assert ("Ann est en tête avec 21 points~: Ann gagne au début de son prochain tour, sauf si quelqu'un d'autre "
            "dépasse d'abord 21 points.") in text
    g = Furcle(players=["Ann", "Bob"], seed=1, beekin=False)
    assert "|objectif 50, 5 dés, d6, sans Beekin|" in said(g.html(language="fr"))
    assert "|Beekin désactivé|cette partie se joue sans Beekin.|" in said(g.roll(4, 4, 1, 1, 6).html(language="fr"))
    assert "|Une paire de 4 et une paire de 1 rapportent 5 points. Ann peut" in said(g.html(language="fr"))
    practice = Furcle(players=["Ann"], target=None, seed=1).roll(6, 6, 6, 6, 6, )
    text = said(practice.html(language="fr"))
    assert "|pas d'objectif, 5 dés, d6|" in text and "|Cinq 6 rapportent 26 points. Ann peut" in text
    assert "|Entraînement~: pas d'objectif, donc personne ne prend la tête.|" in text


@pytest.mark.parametrize("make", [game_ann_bob, game_you_ann, game_bob_you], ids=["Ann-Bob", "You-Ann", "Bob-You"])
def test_no_english_word_in_the_french_picture_and_the_english_one_unchanged(make):
    g = make()
    for k in range(g.n_steps + 1):
        moment = g.at(k)
        french = moment.html(language="fr")
        ET.fromstring(french)                                         # well-formed, as the English is
        for text in picture_texts(french):
            assert english_in(text) is None, (k, text)
        english = moment.html()
        assert english == moment._repr_html_() == moment.html(language="en")
        # the same picture: every element, class and data attribute, the words aside
        skeleton = re.compile(r'>[^<]*<|(aria-label|title)="[^"]*"')
        assert skeleton.sub("", french) == skeleton.sub("", english)
    assert english_in(said(g.html())) is not None                     # the check finds English


def test_the_english_words_check_finds_the_words_the_picture_wrote_in_english():
    g = Furcle(players=["Ann", "Bob"], seed=1).roll(3, 3, 5, 6, 1)
    found = set().union(*(english_words(t) for t in picture_texts(g.html())))
    assert {"target", "Player", "scoring", "Recent"} <= found


def test_a_view_and_a_bad_language_in_the_picture():
    g = game_bob_you()
    assert g.view("Bob").html(language="fr") == g.html(language="fr")
    for bad in ("de", "", 3):
        with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\]"):
            g.html(language=bad)
        with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\]"):
            g.view(None).html(language=bad)
    with pytest.raises(ValueError, match=r"unknown player 'Cy'"):
        g.html("Cy", language="fr")


# ------------------------------------------------------------------------------------------------ the score chart
def test_the_score_chart_in_french():
    fig = score_trajectories(game_bob_you(), x="turn", language="fr")
    assert fig.layout.title.text == nb("Oh Furcle~! Vous gagnez (objectif 5)<br><sup>après 3 tours, 8 étapes</sup>")
    assert (fig.layout.xaxis.title.text, fig.layout.yaxis.title.text) == ("Tour (totaux à la fin du tour)",
                                                                          "Total (points)")
    assert [t.name for t in fig.data] == ["Bob", "Vous", "Prise de tête", nb("Oh Furcle~!")]
    assert [(a.name, a.text) for a in fig.layout.annotations] == [
        ("leader", "Bob prend la tête"), ("leader", "Vous prenez la tête"), ("target", "objectif 5")]
    notes = ["début",
             "tour 1~: Bob dit Satisfait et encaisse 6 points~: son total est de 6 points~; Bob atteint 5 points et "
             "prend la tête",
             "tour 2~: Vous dites Satisfait et encaissez 15 points~: votre total est de 15 points~; Vous dépassez Bob "
             "et prenez la tête",
             "tour 3~: Oh Furcle~! Bob perd 1 point et son tour s'arrête"]
    assert list(fig.data[1].customdata) == [nb(n) for n in notes]
    assert fig.data[1].hovertemplate == nb("Vous~: %{y} points<br>tour %{x}~: %{customdata}<extra></extra>")
    assert list(fig.data[2].customdata) == ["Bob atteint 5 points et prend la tête",
                                            "Vous dépassez Bob et prenez la tête"]
    english = score_trajectories(game_bob_you(), x="turn")
    assert [t.name for t in english.data] == ["Bob", "You", "New Leader", "Oh Furcle!"]
    for a, b in zip(fig.data, english.data):                          # the same lines, the words aside
        assert (list(a.x), list(a.y)) == (list(b.x), list(b.y))


def test_the_chart_titles_as_a_game_goes_and_its_moment():
    g = Furcle(players=["You", "Ann"], target=10, seed=1)
    assert score_trajectories(g, language="fr").layout.title.text == nb(
        "Oh Furcle~! course à 10<br><sup>aucun lancer encore~: à vous de commencer</sup>")
    g.roll(4, 4, 1, 2, 3)
    fig = score_trajectories(g, now=1, language="fr")
    assert fig.layout.title.text == nb("Oh Furcle~! course à 10<br><sup>pour l'instant~: tour 1, à vous de "
                                       "jouer</sup>")
    assert fig.layout.xaxis.title.text == "Étape (chaque lancer ou décision)"
    assert [a.text for a in fig.layout.annotations if a.name == "now"] == ["étape 1"]
    assert list(fig.data[0].customdata) == ["début", nb("Vous lancez 4, 4, 1, 2, 3~: une paire de 4 pour 4 points")]
    practice = Furcle(players=["Ann"], target=None, seed=1)
    assert score_trajectories(practice, language="fr").layout.title.text.startswith(
        "Oh Furcle\u00a0! entraînement, pas d'objectif<br>")
    with pytest.raises(ValueError, match=r"language must be one of \['en', 'fr'\], got 'de'"):
        score_trajectories(g, language="de")


# ------------------------------------------------------------------------------------------------ the app
def everything_shown(app) -> list[str]:
    """Every text of every widget of the app: labels, help, placeholders, lines, the picture, the chart, the panel."""
    out = []
    for w in widgets_in(app.box):
        choices = getattr(w, "options", None)
        for trait in ("description", "tooltip", "placeholder", "label" if choices else "value"):
            v = getattr(w, trait, None)
            if isinstance(v, str) and v.strip("\u200b"):
                out += picture_texts(v) if "<" in v else [v]
        if choices:                                                   # a dropdown shows the labels of its choices
            out += [o[0] if isinstance(o, tuple) else str(o) for o in choices]
    out += list(app.html.targets.values())
    return out


def test_the_french_app_says_nothing_in_english_through_a_game():
    """Seed 7: the person rolls, says Beekin, accepts a Furcle and banks; the bot wins (every kind of screen)."""
    app = FurcleApp(Furcle(players=["Vous", "Bot"], target=20, seed=7), language="fr")
    g = app.game
    app.settings.seats[1].kind.value = "SatisfiedAt"                  # its box "seuil" shows
    clicked = []
    while True:
        for text in everything_shown(app):
            assert english_in(text) is None, text
        if g.is_over:
            break
        if g.is_chance or Roll() in g.legal_actions() and g.turn_score < 8:
            clicked.append("roll")
            app.roll_button.click()
        elif Satisfied() in g.legal_actions():
            clicked.append("satisfied")
            app.satisfied_button.click()
        elif app.html.targets:
            clicked.append("beekin")
            app.click_die(int(min(app.html.targets)))
        else:
            clicked.append("accept")
            app.accept_button.click()
    assert len(clicked) == 11 and set(clicked) == {"roll", "satisfied", "beekin", "accept"}
    assert "Derniers événements" in app.html.value and app.chart.layout.title.text == nb(
        f"Oh Furcle~! Bot gagne (objectif 20)<br><sup>après {g.turn - 1} tours, {g.n_steps} étapes</sup>")
    app.slider.value = 2                                              # an earlier moment: picture and chart
    assert "Derniers événements" in app.html.value
    assert [a.text for a in app.chart.layout.annotations if a.name == "now"] == ["étape 2"]
    for text in everything_shown(app):
        assert english_in(text) is None, text
    picture = FigurePicture(app.chart).svg()                          # the chart as the page draws it
    assert "Total (points)" in picture and "Tour (totaux à la fin du tour)" in picture


def test_the_english_words_check_finds_the_english_app():
    app = FurcleApp(Furcle(players=["You", "Bot"], seed=1))
    found = set().union(*(english_words(t) for t in everything_shown(app)))
    assert {"Players", "Seed", "Target", "Join", "Human", "Roll"} <= found


def test_the_default_french_game_is_vous_and_bot():
    app = FurcleApp(language="fr")
    assert app.game.players == ("Vous", "Bot") and FurcleApp().game.players == ("You", "Bot")


# ------------------------------------------------------------------------------------------------ the settings panel
def french_panel(**kw):
    return FurcleApp(Furcle(players=["Vous", "Bot"], seed=1, **kw), language="fr")


def test_every_label_and_help_of_the_french_panel():
    s = french_panel().settings
    s.seats[1].kind.value = "SatisfiedAt"
    assert (s.n_players.description, s.n_players.tooltip) == ("Joueurs", "Combien de joueurs sont à la table")
    assert [(x.name.description, x.name.value, x.at.description) for x in s.seats] == [
        ("Place 1", "Vous", "seuil"), ("Place 2", "Bot", "seuil")]
    assert s.seats[0].kind.options == (("Humain", "Human"), ("BeekinSmart", "BeekinSmart"),
                                       ("SatisfiedAt", "SatisfiedAt"), ("RandomBot", "RandomBot"))
    assert (s.seats[0].kind.value, s.seats[1].kind.value) == ("Human", "SatisfiedAt")   # the values stay the kinds
    assert (s.seats[1].at.placeholder, s.seats[1].at.tooltip) == (
        nb("vide~: 20"), "SatisfiedAt(k) encaisse dès que le score du tour atteint k")
    assert [(f.description, f.placeholder, f.tooltip) for f in (s.target, s.n_dice, s.sides, s.bonus)] == [
        ("Objectif", nb("vide~: 50"), "Total à atteindre pour prendre la tête (1 à 1000)"),
        ("Nombre de dés", nb("vide~: 5"), "Dés lancés au début de chaque tour (2 à 10)"),
        ("Faces d'un dé", nb("vide~: 6"), "Faces de chaque dé, numérotées de 1 à ce nombre (2 à 20)"),
        ("Bonus pour 2, 3, 4, 5 ... dés identiques", nb("vide~: 0, 10, 15, 20"),
         nb("Points ajoutés à la face pour une paire, un brelan, un carré, cinq ... dés identiques (0 à 1000 "
            "chacun)~; un groupe plus grand reçoit le dernier bonus plus 5 par dé en plus"))]
    assert s.beekin.description == "Beekin autorisé (+1 à un dé, une fois par tour)"
    assert (s.seed.description, s.seed.placeholder, s.seed.tooltip) == (
        "Graine", nb("vide~: au hasard"), nb("Même graine et mêmes coups~: même partie"))
    assert (s.new_game_button.description, s.new_game_button.tooltip) == (
        "Nouvelle partie", "Lancer une nouvelle partie avec ces réglages")
    s.n_players.value = 3                                             # a new seat: its name and label in French
    assert (s.seats[2].name.description, s.seats[2].name.value) == ("Place 3", "Joueur 3")
    join = french_panel().join
    assert join.heading.value == "<b>Rejoindre une classe</b> (le serveur et le code sont donnés en classe)"
    assert [join.server.description, join.code.description, join.nickname.description,
            join.nickname.placeholder, join.join_button.description, join.join_button.tooltip] == [
        "Serveur", "Code", "Pseudo", "un pseudo, pas votre nom", "Rejoindre",
        nb("Rejoindre la classe~: chaque partie finie dans cette appli lui est alors envoyée")]


def box(path: str, value):
    """A change of one widget of the panel: ``"target"``, ``"seats.1.at"``, ..."""
    def change(settings):
        w = settings
        for part in path.split("."):
            w = w[int(part)] if part.isdigit() else getattr(w, part)
        w.value = value
    return change


def refused(change) -> str:
    """The French app's error line after ``change(settings)`` and Nouvelle partie; the game shown goes on."""
    app = french_panel()
    g, before = app.game, app.game.to_json()
    change(app.settings)
    app.settings.new_game_button.click()
    assert app.game is g and g.to_json() == before
    text = html.unescape(re.sub(r"<(?!br>)[^>]*>", "", app.settings.error.value)).replace("<br>", "\n")
    assert text.startswith(nb("Partie non lancée~: "))
    return text.removeprefix(nb("Partie non lancée~: "))


SATISFIED = box("seats.1.kind", "SatisfiedAt")
BONUS = "Bonus pour 2, 3, 4, 5 ... dés identiques~: "
NAME_RULE = "un nom est un texte imprimable (lettres, chiffres, espaces et ponctuation) de 1 à 24 caractères"
CASES = [   # the English panel's cases of Oh Furcle! (tests/core/test_settings_words.py), in French
    (box("target", "abc"), "Objectif~: doit être vide (la valeur par défaut, 50) ou un nombre entier de 1 à 1000, "
                           "et non 'abc'"),
    (box("target", "0"), "Objectif~: doit être un nombre entier de 1 à 1000, et non 0"),
    (box("target", "1001"), "Objectif~: doit être un nombre entier de 1 à 1000, et non 1001"),
    (box("target", "9" * 5000), "Objectif~: doit être un nombre entier de 1 à 1000, et non un nombre de 5000 "
                                "chiffres"),
    (box("target", "\u00b2"), "Objectif~: doit être vide (la valeur par défaut, 50) ou un nombre entier de 1 à 1000, "
                              "et non '\u00b2'"),
    (box("n_dice", "1"), "Nombre de dés~: doit être un nombre entier de 2 à 10, et non 1"),
    (box("n_dice", "2.5"), "Nombre de dés~: doit être vide (la valeur par défaut, 5) ou un nombre entier de 2 à 10, "
                           "et non '2.5'"),
    (box("sides", "21"), "Faces d'un dé~: doit être un nombre entier de 2 à 20, et non 21"),
    (box("sides", "six"), "Faces d'un dé~: doit être vide (la valeur par défaut, 6) ou un nombre entier de 2 à 20, "
                          "et non 'six'"),
    (box("bonus", "0, ten"), BONUS + "doit être vide (0, 10, 15, 20) ou des nombres entiers de 0 ou plus séparés "
                                     "par des virgules, et non '0, ten'"),
    (box("bonus", "0, -5"), BONUS + "doit être vide (0, 10, 15, 20) ou des nombres entiers de 0 ou plus séparés "
                                    "par des virgules, et non '0, -5'"),
    (box("bonus", "0, 5000"), BONUS + "chaque bonus doit valoir au plus 1000, et non 5000 (pour 3 dés identiques)"),
    (box("bonus", ",".join(["0"] * 10)), BONUS + "doit compter au plus 9 bonus (pour 2 à 10 dés identiques~: un "
                                                 "lancer a au plus 10 dés), et non '0,0,0,0,0,0,0,0,0,0'"),
    (lambda s: (SATISFIED(s), box("seats.1.at", "0")(s)),
     "Place 2, seuil de SatisfiedAt~: doit être un nombre entier de 1 à 1000, et non 0"),
    (lambda s: (SATISFIED(s), box("seats.1.at", "x")(s)),
     "Place 2, seuil de SatisfiedAt~: doit être vide (20) ou un nombre entier de 1 à 1000, et non 'x'"),
    (box("seats.1.name", "Vous"), "Place 1 et Place 2~: les noms doivent être différents, les deux s'appellent "
                                  "'Vous'"),
    (box("seats.0.name", "   "), "Place 1~: doit être un nom (1 à 24 caractères), et non une case vide"),
    (box("seats.0.name", "x" * 30), f"Place 1~: '{'x' * 30}' a 30 caractères~; {NAME_RULE}"),
    (box("seats.0.name", "A\tB"), f"Place 1~: 'A\\tB' contient un caractère non imprimable ('\\t')~; {NAME_RULE}"),
    (box("seats.1.name", "step"), "Place 2~: 'step' est le nom d'une colonne de l'historique de la partie~; "
                                  "choisissez un autre nom"),
    (box("seats.1.name", "points"), "Place 2~: 'points' est le nom d'une colonne de l'historique de la partie~; "
                                    "choisissez un autre nom"),
    (box("seed", "-1"), "Graine~: doit être un nombre entier de 0 ou plus, et non -1"),
    (box("seed", "x"), "Graine~: doit être vide (au hasard) ou un nombre entier de 0 ou plus, et non 'x'"),
    (box("seed", "9" * 1001), "Graine~: doit être un nombre entier de 0 ou plus, d'au plus 1000 chiffres, et non un "
                              "nombre de 1001 chiffres"),
]


@pytest.mark.parametrize("change, words", CASES, ids=[str(i) for i in range(len(CASES))])
def test_every_refusal_of_the_french_panel(change, words):
    text = refused(change)
    assert text == nb(words)
    assert english_in(text) is None and "règles du jeu" not in text   # the panel's own check, in French


def test_every_bad_box_at_once_in_french():
    def change(s):
        s.seats[1].name.value = "Vous"
        s.target.value, s.n_dice.value, s.sides.value, s.bonus.value = "0", "x", "99", "a"
        s.seed.value = "-1"
    assert refused(change) == nb(
        "6 réglages à corriger~:\n"
        "- Place 1 et Place 2~: les noms doivent être différents, les deux s'appellent 'Vous'\n"
        "- Objectif~: doit être un nombre entier de 1 à 1000, et non 0\n"
        "- Nombre de dés~: doit être vide (la valeur par défaut, 5) ou un nombre entier de 2 à 10, et non 'x'\n"
        "- Faces d'un dé~: doit être un nombre entier de 2 à 20, et non 99\n"
        f"- {BONUS}doit être vide (0, 10, 15, 20) ou des nombres entiers de 0 ou plus séparés par des virgules, et "
        "non 'a'\n"
        "- Graine~: doit être un nombre entier de 0 ou plus, et non -1")


def test_the_french_panel_starts_the_game_it_shows():
    app = french_panel()
    s = app.settings
    SATISFIED(s)
    s.seats[1].at.value, s.target.value, s.bonus.value, s.beekin.value, s.seed.value = "12", "30", "0, 5", False, "7"
    s.new_game_button.click()
    g = app.game
    assert s.error.value == "" and (g.target, g.bonus, g.beekin, g.seed) == (30, {2: 0, 3: 5}, False, 7)
    assert repr(app.bots["Bot"]) == "SatisfiedAt(12)"


class _Unranged(GameSettings):
    """A French panel whose box has no range: the game judges it, and refuses in English."""

    GAME = Furcle
    FIELDS = (Field("target", "Target", default="50"),)
    FIELD_WORDS = {"fr": {"target": {"label": "Objectif"}}}


def test_a_refusal_the_french_panel_leaves_to_the_game_names_the_box_without_the_games_english():
    s = _Unranged(Furcle(players=["Vous", "Bot"], seed=1), {}, language="fr")
    s.target.value = "0"
    with pytest.raises(SettingsError) as info:
        s.read()
    assert info.value.problems == [nb("Objectif~: les règles du jeu n'acceptent pas 0")]
    english = GameSettings(Furcle(players=["You", "Bot"], seed=1), {}, fields=_Unranged.FIELDS)
    english.target.value = "0"
    with pytest.raises(SettingsError, match=r"^Target: must be >= 1, got 0$"):
        english.read()
    fr = settings_words("fr")
    assert fr.together(["Objectif", "Graine"], "the game's reason") == (
        "Objectif et Graine ne vont pas ensemble pour les règles du jeu.")
    assert fr.together([], "the game's reason") == "Ces réglages ne vont pas ensemble pour les règles du jeu."
    assert fr.names_refused("player names ... are taken") == nb("Places~: les règles du jeu refusent ces noms~; "
                                                                "choisissez-en d'autres")
    assert fr.same_names(["Place 1", "Place 2", "Place 3"], "Bo") == nb(
        "Place 1, Place 2 et Place 3~: les noms doivent être différents, tous s'appellent 'Bo'")


def test_the_english_panel_is_unchanged():
    s = FurcleSettings(Furcle(players=["You", "Bot"], seed=1), {})
    assert (s.n_players.description, s.seats[0].name.description, s.seed.placeholder, s.target.placeholder) == (
        "Players", "Seat 1", "blank: random", "blank: 50")
    assert s.seats[0].kind.options == ("Human", "BeekinSmart", "SatisfiedAt", "RandomBot")
    assert FurcleApp(Furcle(players=["You", "Bot"], seed=1)).join.heading.value == (
        "<b>Join a class</b> (your teacher gives the server and the code)")
