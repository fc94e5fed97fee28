"""The furlib look of a plotly figure: its template, its layout for a page or an app, percent axes, a target line.

Plot modules (``furlib.<game>.plots``) build a :class:`plotly.graph_objects.Figure`
and pass it through :func:`style`, so all games' charts look alike and stay
readable on a white page, in JupyterLab's light theme and in its dark theme
(the backgrounds are transparent); :func:`compact` tightens one for an app.
Plotly is imported only inside the functions that need it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import check_int, excerpt
from .palette import GRID, NEUTRAL, TRANSPARENT

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go


def check_template(template: Any) -> Any:
    """Return ``template`` if plotly knows it (None, a registered name or a Template).

    Raises
    ------
    ValueError
        Naming the bad value and listing the registered template names.
    """
    if template is None:
        return None
    import plotly.graph_objects as go
    import plotly.io as pio

    if isinstance(template, go.layout.Template):
        return template
    if isinstance(template, str) and template in pio.templates:
        return template
    names = ", ".join(repr(t) for t in pio.templates)
    raise ValueError(f"template must be None, a plotly Template or one of {names}; got {excerpt(template)}")


def style(fig: go.Figure, *, title: str | None = None, template: Any = None) -> go.Figure:
    """Apply the furlib look to ``fig`` (in place) and return it.

    Transparent page and plot backgrounds, soft grey grid lines, a legend
    above the plot, and unified hover labels. With ``template=None`` text is
    a neutral grey that reads on light and dark pages; pass a plotly
    template such as ``"plotly_dark"`` or ``"plotly_white"`` to use its
    fonts and colours (the backgrounds stay transparent).

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The figure to style.
    title : str, optional
        The figure title (plain words; ``<br>`` starts a second line).
    template : str or plotly.graph_objects.layout.Template, optional
        A registered plotly template name or a Template object.

    Returns
    -------
    plotly.graph_objects.Figure
        The same figure, for chaining.

    Raises
    ------
    ValueError
        If ``template`` is not a known template.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> fig = style(go.Figure(), title="Hello", template="plotly_dark")
    >>> fig.layout.paper_bgcolor, fig.layout.title.text
    ('rgba(0, 0, 0, 0)', 'Hello')
    """
    import plotly.graph_objects as go

    if not isinstance(fig, go.Figure):
        raise ValueError(f"style() needs a plotly.graph_objects.Figure, got {type(fig).__name__}")
    template = check_template(template)
    if template is not None:
        fig.update_layout(template=template)
    else:
        fig.update_layout(template="plotly_white", font_color=NEUTRAL)
    fig.update_layout(
        paper_bgcolor=TRANSPARENT,
        plot_bgcolor=TRANSPARENT,
        margin=dict(l=70, r=30, t=100 if title and "<br>" in title else 80, b=60),
        legend=dict(orientation="h", yanchor="bottom", y=1.02, xanchor="left", x=0,
                    bgcolor=TRANSPARENT, traceorder="normal"),
        hoverlabel=dict(namelength=-1),
    )
    if title is not None:
        fig.update_layout(title=dict(text=title, x=0, xanchor="left", xref="paper",
                                     y=1, yanchor="top", yref="container", pad=dict(t=12)))
    fig.update_xaxes(gridcolor=GRID, zerolinecolor=GRID, linecolor=GRID, showline=True)
    fig.update_yaxes(gridcolor=GRID, zerolinecolor=GRID, linecolor=GRID, showline=True)
    return fig


def percent_axis(fig: go.Figure, *, axis: str = "y", title: str | None = None,
                 decimals: int = 0) -> go.Figure:
    """Show a probability axis as percentages (0.25 -> "25%").

    >>> import plotly.graph_objects as go
    >>> percent_axis(go.Figure(), title="Chance").layout.yaxis.tickformat
    '.0%'
    """
    if axis not in ("x", "y"):
        raise ValueError(f"axis must be 'x' or 'y', got {excerpt(axis)}")
    decimals = check_int("decimals", decimals, low=0, high=6)
    update = dict(tickformat=f".{decimals}%", rangemode="tozero")
    if title is not None:
        update["title_text"] = title
    (fig.update_xaxes if axis == "x" else fig.update_yaxes)(**update)
    return fig

def target_line(fig: go.Figure, target: float, *, label: str | None = None) -> go.Figure:
    """Draw the game's target as a dashed horizontal line labelled at the left edge.

    Both the line and its label are named ``"target"`` so tests and readers can find them.

    >>> import plotly.graph_objects as go
    >>> fig = target_line(go.Figure(), 50)
    >>> fig.layout.shapes[0].y0, fig.layout.annotations[0].text
    (50, 'target 50')
    """
    fig.add_hline(y=target, line=dict(color=NEUTRAL, dash="dash", width=1.5), name="target")
    fig.add_annotation(x=0, xref="paper", xanchor="left", y=target, yanchor="bottom",
                       text=label or f"target {target}", name="target", showarrow=False)
    return fig


def compact(fig: go.Figure) -> go.Figure:
    """Tighten a styled chart for an app: title, legend and plot stacked with no empty band.

    The legend sits directly above the plot and the title directly above
    the legend, both anchored to the plot rather than to the page edge (the
    first line of the title is the anchor; a ``<sup>`` subtitle hangs below
    it), and the top margin is just what they need.
    """
    title = fig.layout.title.text or ""
    lines = 1 + title.count("<br>") if title else 0
    legend = 22  # one row of legend entries
    below_first = legend + 16 * max(lines - 1, 0)  # the legend and the subtitle lines under the first line
    fig.update_layout(
        margin=dict(l=58, r=16, t=below_first + (26 if lines else 8), b=46),
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="left", x=0, font=dict(size=12)),
    )
    if title:
        fig.update_layout(title=dict(y=1, yref="paper", yanchor="bottom", x=0, xref="paper", xanchor="left",
                                     pad=dict(t=0, b=below_first), font=dict(size=15)))
    fig.update_xaxes(title_standoff=6)
    fig.update_yaxes(title_standoff=4)
    return fig
