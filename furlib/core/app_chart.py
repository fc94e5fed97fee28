"""The live chart of a game app: the figure of the game, drawn and then brought up to date in place.

:meth:`_LiveChart._figure` is the hook a game's app overrides (the shared
score race by default); :meth:`_LiveChart._draw_chart` brings the chart up
to the history slider's moment, in a new plotly ``FigureWidget`` for each
game and by sending only what changed after that.

:class:`_LiveChart` is a mixin of :class:`furlib.core.widgets.GameApp`: its
methods read the app's ``game``, ``template``, ``slider``, ``stopped`` and
``CHART_SIZE``, and keep the chart in ``chart`` and ``chart_box`` (with
``_chart_key``, ``_chart_json`` and ``_layout_json``, set up by the app).
This module imports plotly.
"""

from __future__ import annotations

import plotly.graph_objects as go

from .plotting import has_scores, progress_note, score_race


class _LiveChart:
    """The live chart of a :class:`~furlib.core.widgets.GameApp` (a mixin: see the module docstring)."""

    def _figure(self, now: int | None = None) -> go.Figure | None:
        """The chart of :attr:`game` as a plain figure, or None for none.

        The default is :func:`~furlib.core.plotting.score_race` for a game
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
        if new or fig is None or self.chart is None:
            self._new_chart(fig)
        else:
            self._update_chart(fig)

    def _new_chart(self, fig: go.Figure | None) -> None:
        """A new chart widget holding the whole figure (its first state is sent in full); None: no chart.

        A FigureWidget sends later changes as messages that a view not yet
        shown may miss (as in Voila), so each game starts with a fresh one.
        """
        old = self.chart
        if fig is None:
            self.chart = None
            self.chart_box.children = []
            self.chart_box.layout.display = "none"
        else:
            self.chart = go.FigureWidget(fig)
            self._chart_json = [t.to_plotly_json() for t in fig.data]
            self._layout_json = fig.layout.to_plotly_json()
            self.chart_box.children = [self.chart]
            self.chart_box.layout.display = None
        if old is not None:
            old.close()

    def _update_chart(self, fig: go.Figure) -> None:
        """Bring the chart up to date in place: only the traces and layout that changed are sent."""
        new = [t.to_plotly_json() for t in fig.data]
        old, fw = self._chart_json, self.chart
        same = 0
        while same < min(len(old), len(new)) and old[same].get("type") == new[same].get("type"):
            same += 1
        with fw.batch_update():
            for i in range(same):
                if old[i] != new[i]:
                    fw.data[i].update(new[i], overwrite=True)
            layout, before = fig.layout.to_plotly_json(), self._layout_json or {}
            changed = {k: layout.get(k) for k in {*layout, *before} if layout.get(k) != before.get(k)}
            if changed:  # only the parts that changed (the template stays put)
                fw.layout.update(changed, overwrite=True)
            self._layout_json = layout
        if len(fw.data) != same or len(new) != same:
            fw.data = fw.data[:same]
            fw.add_traces(list(fig.data[same:]))
        self._chart_json = new
