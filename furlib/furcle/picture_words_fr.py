"""Oh Furcle!'s pictures in French: the game's picture (``game.html(language="fr")``) and its score chart.

:class:`PictureWordsFr` is the French table of :mod:`furlib.furcle.picture_words` (the words of
:func:`furlib.furcle.render.furcle_html`); :func:`score_chart_fr` is the score chart of
:func:`furlib.furcle.plots.score_trajectories` in French (``language="fr"``: the French app's chart). The
words follow the French texts (:mod:`furlib.furcle.texts_fr`, made with :mod:`furlib.core.words_fr`): a
player named "You" is spoken to as *vous*, counts below 2 are singular, a no-break space comes before ":",
";", "!", "?" and "%", the call is *Satisfait*, the Leader the player *en tête*, and no word agrees with a
player's gender (the winner's badge says *victoire*, a Leader's line names the Leader again rather than
"il" or "elle").

>>> w = PictureWordsFr()
>>> w.won("You", 52, 7).replace("\\u00a0", "_"), w.info(50, 5, 6, False)
('★ Vous gagnez avec 52 points après 7 tours_!', 'objectif 50, 5 dés, d6, sans Beekin')

No ipywidgets here; plotly only inside :func:`score_chart_fr`, through the shared score race.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.charts.plotting import Mark, score_race
from ..core.show.page_words import told
from ..core.words import capitalized
from ..core.words_fr import act, conjugate, french_spacing, named, own, plural, subject, subjects
from . import events as ev
from .picture_words import PictureWords
from .texts_fr import describe_roll_fr

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

__all__ = ["PictureWordsFr", "score_chart_fr", "SCORE_MARKS_FR"]

#: What a die's marks add to its name for a screen reader (the French of :data:`furlib.core.show.html.MARKS`).
MARKS_FR = {"scoring": "qui marque", "beekin": "relevé par Beekin", "selected": "choisi", "lost": "perdu"}


class PictureWordsFr(PictureWords):
    """The picture's words in French (see the module docstring)."""

    LANGUAGE = "fr"
    title = "Oh Furcle\u00a0!"
    game_over = "partie finie"
    last_roll, on_the_table = "Dernier lancer", "Sur la table"
    furcle_roll = "le lancer du Furcle"
    blank_die = "dé à lancer"
    this_roll, turn_score = "Ce lancer", "Score du tour"
    scoring_key, beekin_key = "vert\u00a0: dés qui marquent", "violet +1\u00a0: dé relevé par Beekin"
    legend_sep = "\u00a0; "
    caption = "Totaux"
    winner_mark, leader_mark, to_play_mark = ("victoire", "winner"), ("en tête", "Leader"), ("à jouer", "to play")
    beekin_off, no_beekin = "Beekin désactivé", "cette partie se joue sans Beekin."
    beekin_available, once = "Beekin disponible", "une fois ce tour\u00a0: ajoutez 1 à un dé."
    beekin_used, used_this_turn = "Beekin utilisé", "ce tour-ci."

    def name(self, player: str) -> str:
        return subject(player)

    def where(self, turn: int, player: str, chance: bool) -> str:
        return french_spacing(f"tour {turn} : à {named(player)} de {'lancer' if chance else 'décider'}")

    def info(self, target: int | None, n_dice: int, sides: int, beekin: bool) -> str:
        goal = "pas d'objectif" if target is None else f"objectif {target}"
        return f"{goal}, {plural(n_dice, 'dé')}, d{sides}" + ("" if beekin else ", sans Beekin")

    def won(self, winner: str, score: int, turns: int) -> str:
        return french_spacing(f"\u2605 {act(winner, 'gagne')} avec {plural(score, 'point')} après "
                              f"{plural(turns, 'tour')} !")

    def next_roll(self, n: int) -> tuple[str, str]:
        return french_spacing(f"Prochain lancer : {plural(n, 'dé')}"), f"{plural(n, 'dé')} à lancer"

    def die_title(self, face: int, marks: Sequence[str]) -> str:
        return ", ".join([f"dé montrant {face}"] + [MARKS_FR[m] for m in marks])

    def groups(self, dice: Sequence[int]) -> str:
        return capitalized(describe_roll_fr(dice))

    def scoring(self, groups: str, points: int, me: str, turn_score: int, n: int) -> str:
        """ "Une paire de 3 rapporte ...", but "Une paire de 3 et une paire de 1 rapportent ...", "Cinq 6 rapportent
        ..." (several groups, or a group of five or more, are a plural subject)."""
        one = groups.startswith(("Une paire", "Un brelan", "Un carré")) and " et " not in groups
        return (f"{groups} {'rapporte' if one else 'rapportent'} {plural(points, 'point')}. {act(me, 'peut')} dire "
                f"Satisfait et encaisser {plural(turn_score, 'point')}, ou relancer les {plural(n, 'dé')} qui "
                "marquent.")

    def all_different(self, me: str) -> str:
        return french_spacing(f"Tous différents ! {act(me, 'peut')} dire Beekin pour ajouter 1 à un dé, ou accepter "
                              "le Furcle.")

    def rolls_again(self, me: str, n: int) -> str:
        return (f"{subject(me)} ne {conjugate(me, 'dit')} pas Satisfait et {conjugate(me, 'relance')} les "
                f"{plural(n, 'dé')} qui ont marqué.")

    def about_to_roll(self, me: str, n: int) -> str:
        return f"{act(me, 'va')} lancer {plural(n, 'dé')}."

    def raised(self, face: int) -> str:
        return f"un {face - 1} est devenu un {face}."

    practice = "Entraînement\u00a0: pas d'objectif, donc personne ne prend la tête."

    def no_leader(self, target: int) -> str:
        return french_spacing(f"Personne n'est encore en tête : qui atteint en premier un total de "
                              f"{plural(target, 'point')} prend la tête.")

    def leader(self, leader: str, lead: int, you: bool) -> str:
        points = plural(lead, "point")
        return french_spacing(f"{act(leader, 'est')} en tête avec {points} : {named(leader)} "
                              f"{conjugate(leader, 'gagne')} au début de {own(leader, 'prochain tour')}, sauf si "
                              f"quelqu'un d'autre dépasse d'abord {points}.")


# ------------------------------------------------------------------------------------------------ the score chart
def _leader_label(e: Any, k: int, n: int) -> str:
    """The label of a new Leader on the chart: "Ann prend la tête", "Vous prenez la tête".

    >>> from types import SimpleNamespace as E
    >>> _leader_label(E(player="You"), 0, 2), _leader_label(E(player="Ann"), 1, 2)
    ('Vous prenez la tête', 'Ann prend la tête')
    """
    return act(e.player, "prend la tête")


#: The marks of the French score chart: each new Leader (a labelled star) and each Furcle.
SCORE_MARKS_FR = (
    Mark("Prise de tête", (ev.LEADER,), symbol="star", size=16, label=_leader_label,
         short=lambda e: subject(e.player), note_name="leader"),
    Mark("Oh Furcle\u00a0!", (ev.FURCLE,), symbol="x-thin-open", size=10),
)
_NOTE = re.compile(r"^turn (\d+): ")


def _semicolons(note: str) -> str:
    """A chart's note in French: the events joined by "; " get the no-break space French puts before ";"."""
    return note.replace("; ", "\u00a0; ")


class _Told:
    """A game as the score race reads it (players, scores, steps), its events told in French."""

    def __init__(self, game: Any):
        self.players, self.scores, self.n_steps = game.players, game.scores, game.n_steps
        self.events = told(game.events, game.texts("fr"))


def _title(game: Any) -> str:
    race = "entraînement, pas d'objectif" if game.target is None else f"course à {game.target}"
    if game.is_over:
        w = game.winner
        won = (act(w, "gagne") if not isinstance(w, tuple) else
               f"{subjects(list(w))} {'partagez' if any(named(p) == 'vous' for p in w) else 'partagent'} la victoire")
        title = (f"Oh Furcle ! {won} (objectif {game.target})<br><sup>après {plural(game.turn - 1, 'tour')}, "
                 f"{plural(game.n_steps, 'étape')}</sup>")
    elif not game.events:
        title = f"Oh Furcle ! {race}<br><sup>aucun lancer encore : à {named(game.current_player)} de commencer</sup>"
    else:
        title = (f"Oh Furcle ! {race}<br><sup>pour l'instant : tour {game.turn}, à {named(game.current_player)} de "
                 "jouer</sup>")
    return french_spacing(title)


def score_chart_fr(game: Any, *, x: str = "step", now: int | None = None, template: Any = None) -> go.Figure:
    """:func:`furlib.furcle.plots.score_trajectories` in French: the same chart, every word of it in French.

    The title, the axes, the legend (a player named "You" is "Vous"), the labels of the marks, the target's
    and the moment's labels and the notes read on hover (the events told by the French texts). ``game`` and
    ``x`` are checked by ``score_trajectories``, which calls this for ``language="fr"``.

    >>> from furlib import Furcle
    >>> fig = score_chart_fr(Furcle(players=["You", "Bob"], seed=7).play(), x="turn")
    >>> [t.name for t in fig.data], fig.layout.xaxis.title.text
    (['Vous', 'Bob', 'Prise de tête', 'Oh Furcle\\xa0!'], 'Tour (totaux à la fin du tour)')
    """
    step = x == "step"
    fig = score_race(_Told(game), x=x, marks=SCORE_MARKS_FR, target=game.target, title=_title(game),
                     y_title="Total (points)", unit="points",
                     x_title="Étape (chaque lancer ou décision)" if step else "Tour (totaux à la fin du tour)",
                     not_a_turn=(ev.WIN,), now=now, template=template)
    where, n = "étape" if step else "tour", len(game.players)
    for trace, name in zip(fig.data, game.players):      # the players' lines come first, in seat order
        notes = ["début" if note == "start" else _NOTE.sub("tour \\1\u00a0: ", note) for note in trace.customdata]
        trace.update(name=subject(name), customdata=[_semicolons(note) for note in notes],
                     hovertemplate=f"{subject(name)}\u00a0: %{{y}} points<br>{where} %{{x}}\u00a0: "
                                   "%{customdata}<extra></extra>")
    for trace in fig.data[n:]:                           # the marks: the events at one point, joined by "; "
        trace.update(customdata=[_semicolons(note) for note in trace.customdata])
    fig.update_annotations(selector={"name": "target"}, text=f"objectif {game.target}")
    if now is not None:
        fig.update_annotations(selector={"name": "now"}, text=f"étape {now}")
    return fig
