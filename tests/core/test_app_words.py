"""Every app, played to the end by clicks only, speaks good English at every step.

For each registered app (Oh Furcle!, The Furglars, Furry Poker, Thieves and
the core's own High Card), a person called "You" plays against a bot by
clicking a random shown button (or a clickable part of the view) until the
game ends. After every click:

* the status box has no doubled or clashing punctuation ("Tiger!.", "..",
  " ;", ";."), no "You wins"/"You is"/"You has", and every sentence starts
  with a capital;
* every shown button's label starts with a capital (or a digit);
* the error line is empty (no click raised).
"""

from __future__ import annotations

import html
import random
import re

import pytest

pytest.importorskip("ipywidgets")

from furlib.core import registry
from furlib.core.app.buttons import ActionButton

CLASH = re.compile(r"[!?.]\.|\.\.(?!\.)| ;|;\.|;;|, \.|\byou (wins|is|has|rolls|draws|plays)\b|"
                   r"\bYou (wins|is|has|rolls|draws|plays|passes|takes|chooses)\b")
# after a full stop, "!" or "?" and a space, a sentence starts with a capital, a digit, an ellipsis or a quote
LOWER_START = re.compile(r"(?<![.\d][.\d])[.!?] +(?=[a-z])")


def shown_text(value: str) -> str:
    """The words of an HTML fragment: tags dropped (a <br> is a space), entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", " ", value.replace("<br>", " "))).strip()


def problems(app) -> list[str]:
    out = []
    text = re.sub(r"\s+", " ", shown_text(app.status.value))
    for m in CLASH.finditer(text):
        out.append(f"status: {m.group(0)!r} in {text[max(0, m.start() - 60):m.end() + 20]!r}")
    for m in LOWER_START.finditer(text):
        out.append(f"status: small letter after a sentence in {text[max(0, m.start() - 60):m.end() + 20]!r}")
    for b in app._versioned:
        if isinstance(b, ActionButton) and b.layout.display != "none" and b.description:
            first = b.description[0]
            if not (first.isupper() or first.isdigit()):
                out.append(f"button {b.description!r} starts with a small letter")
    if app.error.value:
        out.append(f"error: {shown_text(app.error.value)}")
    return out


@pytest.mark.parametrize("info", [i for i in registry.games(demos=True) if i.app], ids=lambda i: i.name)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_app_speaks_good_english_to_the_end_of_a_game(info, seed):
    kwargs = dict(info.example_kwargs)
    kwargs["players"] = ["You", "Ann"]
    g = info.cls(seed=seed, **kwargs)
    app = info.app_class()(g, human="You")
    rng = random.Random(seed)
    found = problems(app)
    clicks = 0
    while not g.is_over and clicks < 400 and not found:
        buttons = [b for b in app._versioned if isinstance(b, ActionButton) and not b.disabled
                   and b.layout.display != "none" and b is not app.settings.new_game_button
                   and b is not app.back_button]
        targets = sorted(app.html.targets)
        choices = [("button", b) for b in buttons] + [("view", t) for t in targets]
        if not choices:
            break
        # mostly buttons (each plays a whole move); sometimes the view (a Thieves thief, a Beekin die)
        kind, what = rng.choice([c for c in choices if c[0] == "button"] or choices) if rng.random() < 0.8 \
            else rng.choice(choices)
        if kind == "button":
            what.click()
        else:
            app.html.click(what)
        clicks += 1
        found = problems(app)
    assert found == [], found
    assert g.is_over or clicks == 400, "no button left before the end"
    assert "Game over" in shown_text(app.status.value) or clicks == 400
