"""What every game's app inherits from furlib.core.widgets.GameApp: argument checks and seats."""

import pytest

from furlib import Furcle, Furglars
from furlib.furcle.bots import BeekinSmart
from furlib.furcle.widget import FurcleApp
from furlib.furglars.bots import GreedyThief
from furlib.furglars.widget import FurglarsApp

APPS = [
    pytest.param(FurcleApp, lambda: Furcle(players=["You", "Bot"], seed=1), "Bot", BeekinSmart, id="Furcle"),
    pytest.param(FurglarsApp, lambda: Furglars(["You", "Ann", "Bob"], seed=1), "Ann", GreedyThief, id="Furglars"),
]


@pytest.mark.parametrize("app_class, new_game, other, bot_class", APPS)
def test_bad_arguments_are_refused_and_leave_the_game(app_class, new_game, other, bot_class):
    g = new_game()
    name = type(g).__name__
    with pytest.raises(ValueError, match=f"game must be a {name} game"):
        app_class("not a game")
    with pytest.raises(ValueError, match="unknown players"):
        app_class(g, bots={"Zed": bot_class()})
    with pytest.raises(ValueError, match="human must be one of the player names"):
        app_class(g, human="Zed")
    with pytest.raises(ValueError, match="must be callable"):
        app_class(g, bots={other: 3})
    with pytest.raises(ValueError, match="template must be"):
        app_class(g, template="no such template")
    assert g.n_steps == 0


@pytest.mark.parametrize("app_class, new_game, other, bot_class", APPS)
def test_seats_before_the_human_are_played_by_bots(app_class, new_game, other, bot_class):
    g = new_game()
    human = g.players[-1]
    app = app_class(g, human=human, bots=bot_class())
    assert set(app.bots) == set(g.players) - {human}
    assert all(isinstance(b, bot_class) for b in app.bots.values())
    assert g.current_player == human and g.n_steps > 0   # the seats before the human have played
    assert isinstance(app_class().game, type(g))
