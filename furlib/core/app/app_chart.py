"""The live chart of a game app: the figure of the game, drawn as a light SVG picture that fits its box.

:meth:`_LiveChart._figure` is the hook a game's app overrides (the shared
score race by default): it returns a plain plotly figure, kept as the app's
``chart`` (so a script or a test can read its traces). The app does not send
that figure to the browser as a plotly ``FigureWidget``: a FigureWidget
carries plotly.js (about 5 MB) into every page, takes seconds to build in
the kernel and to start in the browser (on a loaded 2-core machine it held
an app back by 30 s, and its slow start tripped anywidget's 2-second
initialisation limit), and puts its toolbar's 11 buttons in the keyboard's
way. Instead :func:`furlib.core.charts.svg.figure_svg` draws the figure as an
SVG picture (lines, markers with their values on hover, the target,
legend), shown in an ``ipywidgets.HTML`` (``chart_view``) that scales to
the width of its box: whole at any width, drawn in milliseconds, nothing
to load.

:class:`_LiveChart` is a mixin of :class:`furlib.core.app.widgets.GameApp`: its
methods read the app's ``game``, ``template``, ``slider``, ``stopped`` and
``CHART_SIZE``, and keep the figure in ``chart`` and the picture in
``chart_view`` inside ``chart_box`` (with ``_chart_key``, set up by the
app). This module imports plotly (to build the figures), not plotly.js.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import plotly.graph_objects as go

from ..charts.plotting import has_scores, progress_note, score_race

_SVG_SIZE = re.compile(r'^<svg ([^>]*?)width="(\d+)" height="(\d+)"')


def fitted_svg(svg: str, label: str = "") -> str:
    """An SVG picture that scales to its box: as wide as the box, never wider than drawn, height to match.

    >>> fitted_svg('<svg xmlns="x" width="480" height="330" viewBox="0 0 480 330"></svg>')[:120]
    '<svg xmlns="x" width="100%" style="max-width: 480px; height: auto; display: block" viewBox="0 0 480 330"></svg>'
    """
    return _SVG_SIZE.sub(lambda m: f'<svg {m.group(1)}width="100%" style="max-width: {m.group(2)}px; '
                                   'height: auto; display: block"', svg, count=1)


class _LiveChart:
    """The live chart of a :class:`~furlib.core.app.widgets.GameApp` (a mixin: see the module docstring)."""

    # what the chart reads of the app (set by GameApp)
    game: Any
    template: Any
    CHART_SIZE: ClassVar[tuple[int, int]]
    slider: Any
    stopped: bool
    chart: Any
    chart_box: Any
    chart_view: Any
    _chart_key: tuple[Any, ...] | None

    def _live(self) -> bool:
        raise NotImplementedError

    def _figure(self, now: int | None = None) -> go.Figure | None:
        """The chart of :attr:`game` as a plain figure, or None for none.

        The default is :func:`~furlib.core.charts.plotting.score_race` for a game
        that keeps scores (with its ``target``, if it has a number for one),
        and no chart for a game without scores. ``now`` marks the history
        slider's moment (None at the latest moment).
        """
        g = self.game
        if not has_scores(g):
            return None
        target = getattr(g, "target", None)
        title = f"{type(g).__name__}: scores<br><sup>{progress_note(g)}</sup>"
        return score_race(g, target=target if isinstance(target, (int, float)) else None, title=title, now=now,
                          template=self.template)

    def _sized_figure(self, now: int | None) -> go.Figure | None:
        fig = self._figure(now)
        if fig is None:
            return None
        return fig.update_layout(width=self.CHART_SIZE[0], height=self.CHART_SIZE[1])

    def _draw_chart(self, new: bool = False) -> None:
        """Bring the chart up to the slider's moment (only if the game or the moment changed)."""
        g = self.game
        now = None if self._live() else self.slider.value
        key = (id(g), g.n_steps, now, self.stopped)
        if not new and key == self._chart_key:
            return
        self._chart_key = key
        fig = self._sized_figure(now)
        self.chart = fig
        if fig is None:
            self.chart_box.layout.display = "none"
            self.chart_view.value = ""
            return
        from ..charts.svg import FigurePicture  # only an app with a chart draws one

        picture = FigurePicture(fig)
        self.chart_view.value = fitted_svg(picture.svg())
        self.chart_box.layout.display = None
