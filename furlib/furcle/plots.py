"""Plotly charts for Oh Furcle!: a game's score race and the chance of a Furcle.

Every function returns a :class:`plotly.graph_objects.Figure` (it never calls
``.show()``); in a notebook, the figure as the last line of a cell shows it.
``import furlib`` does not import this module, and plotly is imported inside
the functions.

Examples
--------
>>> from furlib import Furcle
>>> fig = score_trajectories(Furcle(players=["Ann", "Bob"], seed=7).play())
>>> [t.name for t in fig.data]
['Ann', 'Bob', 'New Leader', 'Oh Furcle!']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..core.charts.palette import BLUE, DARK_INK, ORANGE, SKY_BLUE, VERMILION
from ..core.charts.plotting import Mark, percent_axis, score_race, style
from ..core.charts.running import add_band, add_exact_line, count_axis, thinned
from ..core.errors import check_bool, check_int, excerpt
from ..core.words import act, plural
from . import events as ev
from .analysis import estimate_furcle_probability, furcle_probability, running_estimate
from .game import Furcle

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

__all__ = ["score_trajectories", "SCORE_MARKS", "furcle_probability_chart", "running_estimate_chart"]

MAX_ENUMERATED = 2_000_000  # furcle_probability enumerates sides ** n_dice rolls
MAX_CHART_ROLLS = 1_000_000
MAX_SIM_ROLLS = 10_000_000
MAX_POINTS = 1_000  # points drawn on a convergence line (the data keep every roll)


# ----------------------------------------------------------------- checks
def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    return check_int("seed", seed, low=0)


def _check_enumerable(name: str, n_dice: int, sides: int) -> None:
    if sides ** n_dice > MAX_ENUMERATED:
        raise ValueError(f"{name}={n_dice} with sides={sides} means {sides ** n_dice:,} rolls to enumerate "
                         f"for the exact value; at most {MAX_ENUMERATED:,} are allowed: lower {name}")


def _pct(p: float) -> str:
    return "0%" if p == 0 else f"{100 * p:.1f}%"


# ------------------------------------------------------- score trajectories
def _leader_label(e: Any, k: int, n: int) -> str:
    """The label of the ``k``-th new Leader on the score chart, in good English for "You" too.

    >>> from types import SimpleNamespace as E
    >>> _leader_label(E(player="You"), 0, 2), _leader_label(E(player="Ann"), 1, 2)
    ('You become the Leader', 'Ann takes the lead')
    """
    return act(e.player, "becomes the Leader") if k == 0 else act(e.player, "takes the lead")


#: The marks of Oh Furcle!'s score chart: each new Leader (a labelled star) and each Furcle.
SCORE_MARKS = (
    Mark("New Leader", (ev.LEADER,), symbol="star", size=16, label=_leader_label, note_name="leader"),
    Mark("Oh Furcle!", (ev.FURCLE,), symbol="x-thin-open", size=10),
)


def score_trajectories(game: Furcle, *, x: str = "step", now: int | None = None, template: Any = None,
                       language: str = "en") -> go.Figure:
    """Each player's track score over a game, with the target, Leader changes and Furcles.

    One line per player (the score after each event, starting at 0), a dashed
    line at the target, a star with a label where a player becomes the
    Leader (just the player's name when there are more than 8 changes), and
    a cross where a roll was a Furcle. Built on the shared
    :func:`furlib.core.charts.plotting.score_race`. Hover over a line to read what
    happened at that moment.

    Parameters
    ----------
    game : Furcle
        A game at any point: new, in progress or over.
    x : {"step", "turn"}, default "step"
        ``"step"``: one point per event (every roll and decision);
        ``"turn"``: the scores at the end of each turn (the app's choice).
    now : int, optional
        Mark the moment after ``now`` steps (the app's history slider).
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``; see :func:`furlib.core.charts.plotting.style`.
    language : {"en", "fr"}, default "en"
        The chart's words: ``"fr"`` draws it in French, every word of it (the
        French app's chart: :func:`furlib.furcle.picture_words_fr.score_chart_fr`).

    Returns
    -------
    plotly.graph_objects.Figure
        Traces: one per player (named after the player), then ``"New Leader"``
        if anybody became Leader and ``"Oh Furcle!"`` if a roll was a Furcle.
        Annotations: the target label (name ``"target"``) and one per Leader
        change (name ``"leader"``).

    Raises
    ------
    ValueError
        If ``game`` is not a Furcle game, ``x`` is not "step" or "turn",
        ``language`` not "en" or "fr", ``now`` not a step of the game, or
        ``template`` not a plotly template.

    Examples
    --------
    >>> from furlib import Furcle
    >>> fig = score_trajectories(Furcle(players=1, seed=2).play(), x="turn")
    >>> fig.data[0].y[0]
    0
    """
    if not isinstance(game, Furcle):
        raise ValueError(f"score_trajectories() needs a Furcle game, got {type(game).__name__}")
    if x not in ("step", "turn"):
        raise ValueError(f"x must be 'step' or 'turn', got {excerpt(x)}")
    if language != "en":
        if language != "fr":
            raise ValueError(f"language must be one of ['en', 'fr'], got {excerpt(language)}")
        from .picture_words_fr import score_chart_fr

        return score_chart_fr(game, x=x, now=now, template=template)
    race = "practice, no target" if game.target is None else f"race to {game.target}"
    if game.is_over:
        w = game.winner
        who = " and ".join(w) if isinstance(w, tuple) else cast(str, w)   # the game is over: it has a winner
        turns = game.turn - 1
        title = (f"Oh Furcle! {act(who, 'wins')} (target {game.target})<br><sup>after {plural(turns, 'turn')}, "
                 f"{plural(game.n_steps, 'step')}</sup>")
    elif not game.events:
        title = f"Oh Furcle! {race}<br><sup>no roll yet: {game.current_player} to start</sup>"
    else:
        title = (f"Oh Furcle! {race}<br><sup>so far: turn {game.turn}, "
                 f"{game.current_player} to play</sup>")
    return score_race(game, x=x, marks=SCORE_MARKS, target=game.target, title=title, y_title="Track score (points)",
                      x_title="Step (each roll or decision)" if x == "step" else "Turn (scores at its end)",
                      not_a_turn=(ev.WIN,), now=now, template=template)


# ------------------------------------------------- P(Furcle) by dice count
def _sub_seed(seed: int | None, n_dice: int) -> int | None:
    """The seed of the simulated rolls for ``n_dice`` dice (None stays None).

    The same rolls are counted with and without Beekin, so the two dots at one
    dice count differ only by the rule.
    """
    if seed is None:
        return None
    return int(np.random.SeedSequence([seed, n_dice]).generate_state(1)[0])


def furcle_probability_chart(max_dice: int = 5, *, min_dice: int = 2, sides: int = 6, n_rolls: int = 10_000,
                             seed: int | None = 0, template: Any = None) -> go.Figure:
    """Bars of the exact chance of a Furcle by number of dice, with simulated estimates.

    For each number of dice the chart has two bars: the exact probability
    without Beekin and with a Beekin still to use
    (:func:`~furlib.furcle.furcle_probability`). Dots with error bars are
    Monte Carlo estimates (:func:`~furlib.furcle.estimate_furcle_probability`)
    from ``n_rolls`` simulated rolls with their 95% Wilson intervals. Hover
    over a bar to read the exact fraction.

    Parameters
    ----------
    max_dice : int, default 5
        Largest number of dice (``min_dice`` to 8, and ``sides ** max_dice``
        at most 2,000,000, the rolls enumerated for the exact value).
    min_dice : int, default 2
        Smallest number of dice (1 or more); 2 because a player never rolls
        fewer than 2 dice in the game.
    sides : int, default 6
        Faces per die (2 to 20).
    n_rolls : int, default 10_000
        Simulated rolls per number of dice (0 to 10,000,000); 0 draws the exact
        bars only.
    seed : int or None, default 0
        Seed of the simulation (same seed, same chart); None for fresh rolls.
        The rolls for ``n`` dice use ``SeedSequence([seed, n])``, and the same
        rolls are counted with and without Beekin.
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``"Exact, no Beekin"`` and ``"Exact, Beekin still to use"``
        (bars), then, if ``n_rolls > 0``, ``"Simulated, no Beekin"`` and
        ``"Simulated, Beekin still to use"`` (dots with error bars).

    Raises
    ------
    ValueError
        If ``min_dice``, ``max_dice``, ``sides``, ``n_rolls`` or ``seed`` is
        out of its range above (``sides ** max_dice`` over 2,000,000 too), or
        ``template`` is not a plotly template; the message names the value.

    Examples
    --------
    >>> fig = furcle_probability_chart(3, n_rolls=0)
    >>> [round(y, 4) for y in fig.data[0].y]
    [0.8333, 0.5556]
    """
    import plotly.graph_objects as go

    min_dice = check_int("min_dice", min_dice, low=1, high=8)
    max_dice = check_int("max_dice", max_dice, low=min_dice, high=8)
    sides = check_int("sides", sides, low=2, high=20)
    _check_enumerable("max_dice", max_dice, sides)
    n_rolls = check_int("n_rolls", n_rolls, low=0, high=MAX_SIM_ROLLS)
    seed = _check_seed(seed)
    ns = list(range(min_dice, max_dice + 1))
    fig = go.Figure()
    kinds = [(False, "no Beekin", BLUE, SKY_BLUE), (True, "Beekin still to use", VERMILION, ORANGE)]
    for beekin, label, dark, light in kinds:
        exact = [furcle_probability(n, beekin=beekin, sides=sides) for n in ns]
        fig.add_trace(go.Bar(
            x=ns, y=[float(p) for p in exact], name=f"Exact, {label}", offsetgroup=label,
            marker=dict(color=light, line=dict(color=dark, width=1.5)),
            customdata=[str(p) for p in exact], text=[_pct(float(p)) for p in exact],
            textposition=["inside" if p >= 0.06 else "outside" for p in exact], insidetextanchor="start",
            insidetextfont=dict(color=DARK_INK), cliponaxis=False,
            hovertemplate=f"%{{x}} dice, {label}<br>exactly %{{customdata}} = %{{y:.2%}}<extra></extra>",
        ))
    if n_rolls:
        for beekin, label, dark, _light in kinds:
            ests = [estimate_furcle_probability(n, n_rolls, beekin=beekin, sides=sides, seed=_sub_seed(seed, n))
                    for n in ns]
            fig.add_trace(go.Scatter(
                x=ns, y=[e.p for e in ests], name=f"Simulated, {label}", mode="markers", offsetgroup=label,
                marker=dict(color=dark, size=9, line=dict(color="white", width=1.5)),
                error_y=dict(type="data", symmetric=False, array=[e.high - e.p for e in ests],
                             arrayminus=[e.p - e.low for e in ests], color=dark, thickness=2, width=6),
                customdata=[[e.successes, e.low, e.high] for e in ests],
                hovertemplate=(f"%{{x}} dice, {label}: %{{customdata[0]:,}} Furcles in {n_rolls:,} rolls"
                               "<br>= %{y:.2%} (95% interval %{customdata[1]:.2%} to %{customdata[2]:.2%})"
                               "<extra></extra>"),
            ))
        sub = f"bars: exact; dots: {n_rolls:,} simulated rolls each, with 95% intervals"
    else:
        sub = "exact values"
    fig.update_layout(barmode="group", scattermode="group", bargap=0.25)
    fig.update_xaxes(tickmode="array", tickvals=ns, title_text="Number of dice rolled")
    percent_axis(fig, title="Chance that the roll is a Furcle")
    fig.update_yaxes(range=[0, 1.05])
    return style(fig, title=f"How likely is a Furcle?<br><sup>{sub} (dice with {sides} sides)</sup>",
                 template=template)


# ------------------------------------------------------ running estimate
def running_estimate_chart(n_dice: int = 2, *, beekin: bool = False, n_rolls: int = 5_000, sides: int = 6,
                           seed: int | None = 0, log_x: bool = True, template: Any = None) -> go.Figure:
    """Watch a Monte Carlo estimate of P(Furcle) settle on the exact value.

    The line is the share of Furcles among the first 1, 2, ..., ``n_rolls``
    simulated rolls of ``n_dice`` dice; the shaded band is its 95% **Wilson
    score** interval after each roll (it narrows like 1/sqrt(rolls)); the
    dashed line is the exact probability (:func:`~furlib.furcle.furcle_probability`).

    Parameters
    ----------
    n_dice : int, default 2
        Dice per roll (1 to 8, with ``sides ** n_dice`` at most 2,000,000).
    beekin : bool, default False
        Count a roll as a Furcle only if a Beekin cannot rescue it.
    n_rolls : int, default 5_000
        Simulated rolls (1 to 1,000,000); at most 1,000 points are drawn.
    sides : int, default 6
        Faces per die (2 to 20).
    seed : int or None, default 0
        Seed of ``numpy.random.default_rng``; None for fresh rolls. The final
        value equals ``estimate_furcle_probability(n_dice, n_rolls,
        beekin=beekin, sides=sides, seed=seed).p``.
    log_x : bool, default True
        Number of rolls on a log scale, so the first wild rolls are visible.
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``"95% interval top"`` (no legend entry), ``"95% interval (Wilson)"``
        (shaded down to the top line), ``"Running estimate"`` and ``"Exact value"``.

    Raises
    ------
    ValueError
        If ``n_dice``, ``sides``, ``n_rolls`` or ``seed`` is out of its range
        above (``sides ** n_dice`` over 2,000,000 too), ``beekin`` or ``log_x``
        is not a bool, or ``template`` is not a plotly template; the message
        names the value.

    Examples
    --------
    >>> fig = running_estimate_chart(2, n_rolls=200)
    >>> [t.name for t in fig.data]
    ['95% interval top', '95% interval (Wilson)', 'Running estimate', 'Exact value']
    """
    import plotly.graph_objects as go

    n_dice = check_int("n_dice", n_dice, low=1, high=8)
    sides = check_int("sides", sides, low=2, high=20)
    _check_enumerable("n_dice", n_dice, sides)
    beekin = check_bool("beekin", beekin)
    n_rolls = check_int("n_rolls", n_rolls, low=1, high=MAX_CHART_ROLLS)
    seed = _check_seed(seed)
    log_x = check_bool("log_x", log_x)
    exact = furcle_probability(n_dice, beekin=beekin, sides=sides)
    df = running_estimate(n_dice, n_rolls, beekin=beekin, sides=sides, seed=seed)
    d = df.iloc[thinned(n_rolls, MAX_POINTS, log_x=log_x)]
    n = d["n"].to_numpy()
    fig = go.Figure()
    add_band(fig, n, d["low"].to_numpy(), d["high"].to_numpy(), name="95% interval (Wilson)",
             top_name="95% interval top", hovertemplate="95% interval: %{y:.1%} to %{customdata:.1%}<extra></extra>")
    fig.add_trace(go.Scatter(
        x=n, y=d["estimate"].to_numpy(), name="Running estimate", mode="lines",
        line=dict(color=BLUE, width=2), customdata=d["furcles"].to_numpy(),
        hovertemplate="after %{x:,} rolls: %{customdata:,} Furcles = %{y:.1%}<extra></extra>",
    ))
    add_exact_line(fig, n_rolls, float(exact), hovertemplate=f"exact: {exact} = {_pct(float(exact))}<extra></extra>")
    last = df.iloc[-1]
    rule = "Beekin still to use" if beekin else "no Beekin"
    title = (f"Simulated chance of a Furcle: {n_dice} dice, {rule}<br><sup>after {n_rolls:,} rolls: "
             f"{_pct(last['estimate'])} (95% interval {_pct(last['low'])} to {_pct(last['high'])}); "
             f"exact {exact} = {_pct(float(exact))}</sup>")
    count_axis(fig, n_rolls, title="Number of rolls so far", log_x=log_x)
    percent_axis(fig, title="Share of rolls that were Furcles")
    fig.update_yaxes(range=[0, 1.02])
    return style(fig, title=title, template=template)
