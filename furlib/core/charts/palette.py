"""furlib's one palette: the colours, dashes and marker symbols of every chart (the games' plots and the lessons').

Okabe-Ito colours (safe for the common colour-blindness types) on transparent
backgrounds, so a chart reads on a white page, in JupyterLab's light theme and
in its dark theme. The games' plots give each player a colour
(:func:`player_colors`), a dash (:func:`player_dashes`) and a marker symbol;
the lessons' charts (:class:`furlib.lessons.Chart`) colour their series with
:data:`SERIES_COLORS`, exact values with :data:`EXACT_COLOR` and reference
lines with :data:`NEUTRAL`. Nothing here imports plotly.

>>> player_colors(3)
['#0072B2', '#D55E00', '#009E73']
>>> SERIES_COLORS == PLAYER_COLORS[:5] and EXACT_COLOR == PLAYER_COLORS[5]
True
"""

from __future__ import annotations

from ..errors import check_int

#: The Okabe-Ito colours furlib uses, by name.
BLUE, VERMILION, GREEN, PURPLE, ORANGE, SKY_BLUE = "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"

#: Okabe-Ito colours (safe for the common colour-blindness types), in an order
#: that keeps neighbours apart; yellow and black are left out because they
#: vanish on a white or a dark page. Each one contrasts at least 2:1 with both.
PLAYER_COLORS: tuple[str, ...] = (BLUE, VERMILION, GREEN, PURPLE, ORANGE, SKY_BLUE)

#: Line dashes used in turn when there are more players than colours.
PLAYER_DASHES: tuple[str, ...] = ("solid", "dash", "dot", "dashdot")

#: A grey readable on white and on JupyterLab's dark background (about 4.4:1 on both).
NEUTRAL = "#7a7a7a"

#: Grid lines: grey at low opacity, visible on light and dark pages alike.
GRID = "rgba(128, 128, 128, 0.25)"

TRANSPARENT = "rgba(0, 0, 0, 0)"

#: The series of a lesson's chart, in turn: the players' colours but sky blue, which a lesson keeps for exact values.
SERIES_COLORS: tuple[str, ...] = PLAYER_COLORS[:5]
#: Exact values drawn as bars behind simulated estimates (a lesson's chart).
EXACT_COLOR = SKY_BLUE
#: The whiskers (interval ends) on a lesson chart's bars.
WHISKER = "#333333"
#: The shaded 95% band round a running estimate (sky blue, translucent: the line over it stays readable).
BAND = "rgba(86, 180, 233, 0.30)"
#: Words and lines drawn over a light fill (a label inside a bar, a contour over a heat map).
DARK_INK = "#1a1a1a"

#: Marker symbols of the players' lines, in seat order (shapes tell overlapping lines apart).
PLAYER_SYMBOLS: tuple[str, ...] = ("circle", "square", "diamond", "triangle-up", "pentagon", "hexagon")


def player_colors(n: int) -> list[str]:
    """One colour per player, cycling through :data:`PLAYER_COLORS`.

    Parameters
    ----------
    n : int
        Number of players (0 or more).

    Returns
    -------
    list of str
        ``n`` hex colours; with more than six players colours repeat (pair
        them with :func:`player_dashes` to tell the lines apart).

    Examples
    --------
    >>> player_colors(2)
    ['#0072B2', '#D55E00']
    >>> player_colors(7)[6] == player_colors(7)[0]
    True
    """
    n = check_int("n", n, low=0)
    return [PLAYER_COLORS[i % len(PLAYER_COLORS)] for i in range(n)]


def player_dashes(n: int) -> list[str]:
    """One line dash per player: solid for the first six, then other dashes.

    >>> player_dashes(8)[5:]
    ['solid', 'dash', 'dash']
    """
    n = check_int("n", n, low=0)
    return [PLAYER_DASHES[(i // len(PLAYER_COLORS)) % len(PLAYER_DASHES)] for i in range(n)]
