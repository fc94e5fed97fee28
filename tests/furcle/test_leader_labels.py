"""The labels of the new Leaders on Oh Furcle!'s score chart: good English, and inside the plot.

"You become the Leader" (not "You becomes Leader"), "Ann takes the lead";
each label's box, its width estimated from its length and font size, lies
inside the plot at the app's chart size (480 x 330), in the plotly figure
and in the SVG picture the app shows (which a 360 px phone scales down as a
whole, so what is inside stays inside).
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from furlib import Furcle
from furlib.core.charts.plotting import MANY_NOTES
from furlib.core.charts.svg import FigurePicture
from furlib.furcle.plots import score_trajectories
from furlib.furcle.widget import CHART_SIZE

SVG = "{http://www.w3.org/2000/svg}"
CHAR = 0.6          # a generous average width of a character, in font sizes (sans-serif)
SEEDS = range(40)


def _game(seed: int) -> Furcle:
    return Furcle(players=["You", "Ann"], seed=seed).play()


def _app_figure(game: Furcle):
    width, height = CHART_SIZE
    return score_trajectories(game, x="turn").update_layout(width=width, height=height)


def _leaders(fig):
    return [a for a in fig.layout.annotations if a.name == "leader"]


def test_the_labels_are_good_english_for_you_and_for_another_name():
    seen = set()
    for seed in SEEDS:
        g = _game(seed)
        leads = [e.player for e in g.events if e.kind == "leader"]
        texts = [a.text for a in _leaders(_app_figure(g))]
        want = [f"{p} {'become the Leader' if p == 'You' else 'becomes the Leader'}" if k == 0 else
                f"{p} {'take' if p == 'You' else 'takes'} the lead" for k, p in enumerate(leads)]
        if len(leads) > MANY_NOTES:
            assert texts == leads                                        # many: just the names
        else:                                                            # or a name where labels would crowd
            assert texts[:1] == want[:1] and all(t in (w, p) for t, w, p in zip(texts, want, leads))
        seen.update(texts)
    assert seen >= {"You become the Leader", "Ann becomes the Leader", "You take the lead", "Ann takes the lead"}
    assert not [t for t in seen if re.search(r"\bYou (becomes|takes)\b", t)]


@pytest.mark.parametrize("seed", SEEDS)
def test_no_label_overlaps_another_at_the_app_size(seed):
    """Up to MANY_NOTES changes: a label that would overlap another moves up a level or says just the name."""
    fig = _app_figure(_game(seed))
    if len(_leaders(fig)) > MANY_NOTES:
        return
    left, _, right, _ = _plot_box(fig)
    (x0, x1) = fig.layout.xaxis.range
    boxes = []
    for a in _leaders(fig):
        width = CHAR * a.font.size * len(a.text)
        at = left + (a.x - x0) / (x1 - x0) * (right - left)
        start = {"left": at, "right": at - width, "center": at - width / 2}[a.xanchor]
        boxes.append((a.ay, start, start + width, a.text))
    for i, (ay, s0, e0, t0) in enumerate(boxes):
        for ay1, s1, e1, t1 in boxes[i + 1:]:
            assert ay != ay1 or e0 <= s1 or e1 <= s0, (t0, t1)


def _plot_box(fig) -> tuple[float, float, float, float]:
    """The plot area in pixels (left, top, right, bottom) of a figure with its size and margins set."""
    m = fig.layout.margin
    return m.l, m.t, fig.layout.width - m.r, fig.layout.height - m.b


@pytest.mark.parametrize("seed", SEEDS)
def test_each_label_lies_inside_the_plot_of_the_app_chart(seed):
    fig = _app_figure(_game(seed))
    left, top, right, bottom = _plot_box(fig)
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    for a in _leaders(fig):
        size = a.font.size
        width = CHAR * size * len(a.text)
        tail_x = left + (a.x - x0) / (x1 - x0) * (right - left) + a.ax
        tail_y = top + (y1 - a.y) / (y1 - y0) * (bottom - top) + a.ay
        start = {"left": tail_x, "right": tail_x - width, "center": tail_x - width / 2}[a.xanchor]
        assert left <= start and start + width <= right, (a.text, a.xanchor, start, width, left, right)
        assert top <= tail_y - size / 2 - 2 and tail_y + size / 2 + 2 <= bottom, (a.text, tail_y, top)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_label_lies_inside_the_plot_of_the_picture(seed):
    fig = _app_figure(_game(seed))
    root = ElementTree.fromstring(FigurePicture(fig).svg())
    width = float(root.get("width"))
    clip = next(c for c in root.iter(f"{SVG}clipPath"))
    rect = clip.find(f"{SVG}rect")
    x0, x1 = float(rect.get("x")), float(rect.get("x")) + float(rect.get("width"))
    notes = [a.text for a in _leaders(fig)]
    labels = [t for t in root.iter(f"{SVG}text") if t.get("class") == "annotation"]
    labels = [t for t in labels if "".join(t.itertext()) in notes]
    assert len(labels) == len(notes) == sum(e.kind == "leader" for e in _game(seed).events)
    for t in labels:
        text, size = "".join(t.itertext()), float(t.get("font-size"))
        x = float(t.find(f"{SVG}tspan").get("x"))
        w = CHAR * size * len(text)
        start = {"start": x, "end": x - w, "middle": x - w / 2}[t.get("text-anchor")]
        assert x0 <= start and start + w <= x1 <= width, (text, start, w, x0, x1)
