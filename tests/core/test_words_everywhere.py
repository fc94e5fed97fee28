"""Every text a player reads agrees with a player called "You" and with counts of 1, in every game."""

from __future__ import annotations

import re

import pytest

from furlib.core import registry
from furlib.testing import parse_html, visible_text

ALL = registry.games(demos=True)
BAD_YOU = re.compile(r"\bYou (is|has|was|wins|rolls|banks|says|steals|breaks|keeps|passes|cashes|takes|reaches|"
                     r"loses|chooses|plays|draws|moves|escapes|becomes|gets)\b")
BAD_ONE = re.compile(r"(?<![\d.,])1 (points|turns|dice|Furgles|Locks|Hands|Xs|tricks|cards|actions|Bullion Points|"
                     r"keys|thieves|steps)\b")


def texts_of(game) -> list[str]:
    out = [e.text for e in game.events_for(None)] + [repr(game)]
    out.append(visible_text(parse_html(game._repr_html_())))
    return out


@pytest.mark.parametrize("info", ALL, ids=[i.name for i in ALL])
def test_texts_for_you_and_for_one(info):
    cls = info.cls
    kwargs = dict(info.example_kwargs)
    n = kwargs.pop("players", cls.MIN_PLAYERS)
    players = ["You"] + [f"Player {i}" for i in range(2, (n if isinstance(n, int) else len(n)) + 1)]
    seen = 0
    for seed in range(12):
        game = cls(players, seed=seed, **kwargs)
        game.reveal = True
        for step in range(400):
            if game.is_over:
                break
            game.step()
            if step % 7 == 0 or game.is_over:
                for t in texts_of(game):
                    assert not BAD_YOU.search(t), (seed, t)
                    assert not BAD_ONE.search(t), (seed, t)
                    seen += 1
    assert seen > 50


def _app_texts(app) -> list[str]:
    """Every text of an app a player reads now: status, labels, errors, buttons and their tooltips, targets."""
    import html

    out = []
    for name in ("status", "error", "dice_label", "hands_label", "advice"):
        w = getattr(app, name, None)
        if w is not None and w.value:
            out += html.unescape(re.sub(r"<(?!br)[^>]*>", "", w.value)).split("<br>")
    buttons = [getattr(app, n) for n in ("roll_button", "satisfied_button", "accept_button", "done_button")
               if hasattr(app, n)] + list(getattr(app, "target_buttons", []))
    for b in buttons:
        out += [b.description, b.tooltip or ""]
    out += list(getattr(app.html, "targets", {}).values())
    return out


@pytest.mark.parametrize("game", ["furcle", "furglars"])
@pytest.mark.parametrize("you", ["You", "Ann"])
def test_the_apps_texts_for_you_and_for_one(game, you):
    """Oh Furcle! and The Furglars apps, played by a person called "You" (or Ann) against bots."""
    import random

    if game == "furcle":
        from furlib.furcle import Furcle
        from furlib.furcle.widget import FurcleApp as App
        make = lambda seed: Furcle(players=["Bot", you], target=25, seed=seed)  # noqa: E731 - one maker per game, chosen in the branch
    else:
        from furlib.furglars import Furglars
        from furlib.furglars.widget import FurglarsApp as App
        make = lambda seed: Furglars(["Bot", you], target=6, x_factor=True, seed=seed)  # noqa: E731 - one maker per game, chosen in the branch
    seen = 0
    for seed in range(4):
        app = App(make(seed), human=you)
        rnd = random.Random(seed)
        for _ in range(150):
            for t in _app_texts(app):
                assert not BAD_YOU.search(t) and not BAD_ONE.search(t), t
                assert "!." not in t and "You's" not in t and "from You" not in t and "to You" not in t, t
                assert "1 dice" not in t and " 1 Bullion Points" not in t, t
                seen += 1
            g = app.game
            if g.is_over:
                break
            if game == "furcle" and app.html.targets and rnd.random() < 0.3:
                app.click_die(int(rnd.choice(sorted(app.html.targets))))
            elif game == "furcle" and rnd.random() < 0.2 and g.dice:
                app.click_die(rnd.randrange(len(g.dice)))            # any die: offered or not, it must read well
            else:
                live = [b for b in _buttons(app) if not b.disabled]
                rnd.choice(live).click() if live else app.refresh()
        assert all(b.description[:1].isupper() for b in _buttons(app) if b.description)
    assert seen > 200


def _buttons(app):
    return [getattr(app, n) for n in ("roll_button", "satisfied_button", "accept_button", "done_button")
            if hasattr(app, n)] + list(getattr(app, "target_buttons", []))
