"""Any plotly figure with a static fallback, and the plotly part of every chart's display bundle.

A notebook shows plotly's JSON mimetype; a plain ``nbconvert --to html``,
GitHub's preview, the docs site and a PDF show an ``image/svg+xml`` picture
instead. :func:`static` wraps one figure so that it carries both, and
:func:`use_static_fallback` makes every plotly figure shown from then on do
so (a plotly renderer named ``furlib``). ``_plotly_bundle`` writes the
plotly part of a bundle, honouring ``$PLOTLY_RENDERER`` (the docs build) and
the renderer that was the default before. Plotly and the SVG pictures
(:mod:`furlib.core.charts.svg`, the one renderer of every chart's picture) are
imported inside the functions that need them.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from ..core.errors import check_type

if TYPE_CHECKING:
    from ..core.charts.svg import FigurePicture

PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: The plotly renderer of :func:`use_static_fallback`.
FALLBACK_RENDERER = "furlib"
#: Plotly renderers whose output is plotly's JSON mimetype, the one :func:`_plotly_bundle` writes itself.
_JSON_RENDERERS = ("plotly_mimetype", "json", "jupyterlab", "nteract", "vscode")


class _RendererState(TypedDict):
    before: str | None          # plotly's default renderer before use_static_fallback
    activated: set[str]         # the renderers _plotly_bundle has activated


_RENDERERS: _RendererState = {"before": None, "activated": set()}


def _plotly_bundle(fig: Any) -> dict[str, Any]:
    """The plotly part of a display bundle: plotly's JSON mimetype (Jupyter, Voila, nbmake), or, when
    ``$PLOTLY_RENDERER`` (the docs build sets ``notebook``: offline HTML) or plotly's default renderer
    (Colab's, say) is another one, that renderer's bundle, so a place that cannot read the JSON mimetype gets
    what it expects. The ``furlib`` renderer of :func:`use_static_fallback` is never asked (it asks this)."""
    import plotly.io as pio
    from plotly.io._base_renderers import MimetypeRenderer

    wanted = os.environ.get("PLOTLY_RENDERER") or ""
    if not wanted:
        default = pio.renderers.default or ""
        wanted = (_RENDERERS["before"] or "") if FALLBACK_RENDERER in default.split("+") else default
    names = [n for n in wanted.split("+") if n and n != FALLBACK_RENDERER and n in pio.renderers]
    if names and not all(n in _JSON_RENDERERS for n in names):
        fig_dict = fig.to_dict()
        own: dict[str, Any] = {}
        for name in names:
            renderer = pio.renderers[name]
            if isinstance(renderer, MimetypeRenderer):
                if name not in _RENDERERS["activated"]:      # e.g. the notebook renderer loads plotly.js once
                    renderer.activate()
                    _RENDERERS["activated"].add(name)
                own.update(renderer.to_mimebundle(fig_dict))
        if own:
            return own
    data = json.loads(fig.to_json())
    data["config"] = {"displaylogo": False}
    return {PLOTLY_MIME: data}


def _seq(v: Any) -> list[Any]:
    if v is None:
        return []
    if isinstance(v, dict) and "bdata" in v:   # plotly's typed array: {"dtype": "f8", "bdata": base64, "shape": ...}
        import base64

        v = np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"])).ravel()
    return [x.item() if hasattr(x, "item") else x for x in (v.tolist() if hasattr(v, "tolist") else list(v))]


def from_figure(fig: Any) -> FigurePicture:
    """The SVG picture of any plotly figure (:class:`furlib.core.charts.svg.FigurePicture`): ``.svg()``.

    Every trace type and layout the lessons' charts use is drawn: bars (grouped,
    stacked, with error bars and labels), histograms, lines (steps, fills
    between traces), markers with their symbols, heatmaps (cells with a colour
    bar or the figure's legend), contour lines, subplots, log and category axes,
    reference lines and annotations. A trace it cannot draw is named in
    ``.skipped`` and in a line at the foot of the picture.
    """
    from ..core.charts.svg import FigurePicture

    return FigurePicture(_figure("from_figure", fig))


def _figure(function: str, fig: Any) -> Any:
    """``fig`` if it is a plotly figure; else a ValueError naming it."""
    from plotly.basedatatypes import BaseFigure

    return check_type(fig, BaseFigure, f"{function}() takes a plotly figure (such as a plotly.graph_objects.Figure)")


class StaticFigure:
    """A plotly figure that also carries an SVG drawing of itself, for exports that cannot run plotly."""

    def __init__(self, fig: Any):
        self.figure = fig

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = {**_plotly_bundle(self.figure), "text/plain": repr(self)}
        try:
            bundle["image/svg+xml"] = from_figure(self.figure).svg()
        except Exception:  # noqa: BLE001  (a figure the SVG cannot draw still shows in Jupyter)
            pass
        return bundle

    def __repr__(self) -> str:
        title = self.figure.layout.title.text if self.figure.layout.title else None
        return f"<StaticFigure {title!r}>"


def static(fig: Any) -> StaticFigure:
    """Show a plotly figure interactively in Jupyter, with an SVG fallback for HTML, GitHub and PDF exports.

    >>> static(None)
    Traceback (most recent call last):
    ValueError: static() takes a plotly figure (such as a plotly.graph_objects.Figure), got None
    """
    return StaticFigure(_figure("static", fig))


def use_static_fallback() -> None:
    """Make every plotly figure shown from now on carry an SVG fallback (a plotly renderer named ``furlib``).

    The figure's interactive part is what plotly would have shown without it
    (the renderer that was the default, or ``$PLOTLY_RENDERER``'s); calling it
    twice changes nothing.
    """
    import plotly.io as pio
    from plotly.io._base_renderers import MimetypeRenderer

    class _FurlibRenderer(MimetypeRenderer):  # type: ignore[misc]  # plotly is untyped: its base class is Any
        def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
            import plotly.graph_objects as go

            return StaticFigure(go.Figure(fig_dict))._repr_mimebundle_()

    before = pio.renderers.default or ""
    if FALLBACK_RENDERER not in before.split("+"):
        _RENDERERS["before"] = before
    pio.renderers[FALLBACK_RENDERER] = _FurlibRenderer()
    pio.renderers.default = FALLBACK_RENDERER
