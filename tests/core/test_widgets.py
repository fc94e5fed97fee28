"""What every game's app inherits from furlib.core.app.widgets.GameApp: argument checks, seats, and an app
for a game with no app code of its own (one button per legal action, the shared settings and chart)."""

import random
from dataclasses import dataclass
from fractions import Fraction

import pytest

from furlib import Furcle, Furglars
from furlib.core import registry
from furlib.core.app.buttons import ActionButton
from furlib.core.app.widgets import GameApp, alert, winner_words
from furlib.core.engine.game import Game
from furlib.core.engine.rules import Rules
from furlib.core.engine.state import State
from furlib.core.engine.texts import Texts
from furlib.core.engine.view import View
from furlib.core.words import capitalized
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


# ----------------------------------------------------- a game with no app of its own
@dataclass(frozen=True)
class Coin:
    """Chance outcome: the coin shows 1 or 2."""

    n: int

    def __str__(self):
        return f"coin {self.n}"


@dataclass(frozen=True)
class Take:
    def __str__(self):
        return "take the coin"


@dataclass(frozen=True)
class Pass:
    def __str__(self):
        return "pass"


class CoinState(State):   # made a slotted dataclass by State itself
    turn: int
    current: int
    scores: list[int]
    phase: str
    coin: int
    winner: int | None


class CoinRules(Rules):
    """Flip a coin, take its value or pass; first to the target wins."""

    ACTIONS = (Coin, Take, Pass)
    CHANCE_PHASE = "flip"

    def __init__(self, players, target=5):
        super().__init__(players)
        self.target = target

    def params(self):
        return {"target": self.target}

    def start(self, log):
        return CoinState(turn=1, current=0, scores=[0] * self.players, phase="flip", coin=0, winner=None)

    def legal_actions(self, state):
        return [Take(), Pass()]

    def chance_outcomes(self, state):
        return [(Coin(1), Fraction(1, 2)), (Coin(2), Fraction(1, 2))]

    def apply(self, s, action, log):
        if isinstance(action, Coin):
            s.coin, s.phase = action.n, "decide"
            log.emit("flip", s.current, n=action.n)
            return
        if isinstance(action, Take):
            s.scores[s.current] += s.coin
            log.emit("take", s.current, coin=s.coin)
        if s.scores[s.current] >= self.target:
            s.phase, s.winner = "over", s.current
            log.emit("win", s.current)
            return
        s.turn, s.current, s.phase, s.coin = s.turn + 1, (s.current + 1) % self.players, "flip", 0


class CoinTexts(Texts):
    def flip(self, e):
        return f"{e.player} flips {e.data['n']}"

    def take(self, e):
        return f"{e.player} takes {e.data['coin']}"

    def win(self, e):
        return f"{e.player} wins"


class CoinView(View):
    GAME = "CoinRace"


class CoinRace(Game):
    """A tiny game with no app code anywhere: flip a coin, take its value or pass; first to 5 wins."""

    RULES = CoinRules
    MIN_PLAYERS, MAX_PLAYERS = 1, 4
    TEXTS, VIEW = CoinTexts, CoinView

    def __init__(self, players=2, *, target=5, seed=None):
        super().__init__(players, seed=seed)
        self._begin(CoinRules(len(self.players), target))

    @property
    def target(self):
        return self.rules.target

    def _default_policy(self):
        return lambda game: Take()

    def _repr_html_(self):
        return f"<p>coin {self._state.coin}, scores {self._state.scores}</p>"


class Quiet(CoinRace):
    """The same game keeping no scores (as Thieves): it writes no events either."""

    @property
    def scores(self):
        return {}

    def _write(self, *args, **kwargs):
        pass


def test_a_game_without_app_code_plays_with_one_button_per_legal_action():
    g = CoinRace(["You", "Bot"], seed=1)
    app = GameApp(g)
    assert isinstance(app.bots["Bot"], type(g._default_policy())) and "You" not in app.bots
    shown = [b for b in app.action_buttons if not b.disabled]
    assert [b.description for b in shown] == ["Roll"] and "Your turn: click Roll" in app.status.value
    shown[0].click()                                      # the coin is flipped
    assert g.n_steps == 1 and not g.is_chance
    shown = [b for b in app.action_buttons if not b.disabled]
    assert ([b.description for b in shown] == [capitalized(str(a)) for a in g.legal_actions()]
            == ["Take the coin", "Pass"])
    assert all(b.layout.display is None for b in shown)
    coin = g.actions[0].n
    shown[0].click()                                      # take it; the bot plays its turn
    assert g.actions[1] == Take() and g.events[1].text == f"You takes {coin}"
    assert g.current_player == "You" and g.is_chance
    assert app.html.value == g._repr_html_()
    assert [t.name for t in app.chart.data] == ["You", "Bot"]   # the shared score race
    assert [s.y0 for s in app.chart.layout.shapes if s.name == "target"] == [5]


def test_the_default_buttons_hide_when_nobody_at_the_screen_is_to_play():
    g = CoinRace(["You", "Bot"], seed=1)
    app = GameApp(g)
    app.action_buttons[0].click()
    app.slider.value = 0                                  # looking back
    assert all(b.disabled and b.layout.display == "none" for b in app.action_buttons)
    before = g.to_json()
    app.action_buttons[1].click()                         # hidden and disabled: only redraws
    assert g.to_json() == before


def test_a_game_without_scores_gets_no_chart():
    g = Quiet(["You", "Bot"], seed=1)
    app = GameApp(g)
    assert app.chart is None and app.chart_view.value == "" and app.chart_box.layout.display == "none"
    app.action_buttons[0].click()
    app.action_buttons[0].click()
    assert g.n_steps == 4 and app.chart is None          # the bot played its turn; still no chart


def test_the_default_settings_keep_the_games_parameters():
    g = CoinRace(["You", "Bot"], target=3, seed=1)
    app = GameApp(g)
    s = app.settings
    assert list(s.kinds) == ["Human", "function", "RandomBot"]   # the game's default bot is a lambda here
    assert [(x.name.value, x.kind.value) for x in s.seats][0] == ("You", "Human")
    s.n_players.value = 3
    s.seats[2].name.value, s.seats[2].kind.value = "Cy", "RandomBot"
    s.seed.value = "4"
    s.new_game_button.click()
    new = app.game
    assert new is not g and new.players == ("You", "Bot", "Cy") and new.target == 3 and new.seed == 4
    assert "You" not in app.bots and set(app.bots) == {"Bot", "Cy"}


def test_play_again_and_the_step_limit_for_any_game():
    g = CoinRace(["Ann", "Bob"], target=6, seed=2)
    g.MAX_STEPS = 5
    app = GameApp(g, bots={"Ann": lambda game: Pass(), "Bob": lambda game: Pass()})   # nobody ever scores
    assert g.n_steps == 5 and app.stopped and not g.is_over
    assert "Stopped: the game did not end within 5 moves" in app.status.value
    assert app.again_row.layout.display is None
    app.again_button.click()                              # the same game again: it stops again
    assert app.game is not g and app.game.target == 6 and app.stopped


def test_a_stale_click_is_ignored_by_any_app():
    g = CoinRace(["You", "Bot"], seed=1)
    app = GameApp(g)
    flip = app.action_buttons[0]
    shown = flip.version
    flip._handle_message(flip, {"event": "click", "version": shown}, [])
    assert g.n_steps == 1
    take = app.action_buttons[0]
    take._handle_message(take, {"event": "click", "version": shown}, [])   # made before the flip was seen
    assert g.n_steps == 1 and app.error.value == ""


def test_winner_words_and_the_alert():
    assert alert("Not started:", "a <b>\nc") == ('<div role="alert" style="color: var(--jp-error-color1, #c62828)">'
                                                 "<b>Not started:</b> a &lt;b&gt;<br>c</div>")
    g = CoinRace(["You"], target=1, seed=1)
    g.step()
    g.apply(Take())
    assert g.is_over and winner_words(g) == "You win"


@pytest.mark.parametrize("info", [i for i in registry.games(demos=True) if i.app], ids=lambda i: i.name)
def test_a_click_makes_exactly_one_new_version(info):
    """A click answered with two redraws would free the buttons at the first: a quick second click, made
    on that version, would then arrive stale and be lost (as it was in Furry Poker's browser test)."""
    g = info.cls(seed=3, **info.example_kwargs)
    app = info.app_class()(g, human=g.players[0])
    frame = {app.back_button, app.again_button, app.settings.new_game_button}
    rng = random.Random(5)
    clicks = 0
    while not g.is_over and clicks < 40:
        shown = [b for b in app._versioned if isinstance(b, ActionButton) and b not in frame
                 and not b.disabled and b.layout.display != "none"]
        if not shown:
            break
        b = rng.choice(shown)
        assert b.version == app.version                  # every shown button carries the version shown
        version, steps = app.version, g.n_steps
        b._handle_message(b, {"event": "click", "version": version}, [])
        clicks += 1
        assert app.version == version + 1, b.description
        assert g.n_steps > steps or app.error.value == "", b.description
    assert clicks >= 3


def test_a_decision_and_its_dice_are_one_click():
    """Thieves with doubling: "roll without doubling" is a decision followed by the roll of the same player;
    one click does both (the roll is never a choice), and the turn's keys are shown at once."""
    from furlib import Thieves
    from furlib.thieves.widget import ThievesApp

    g = Thieves(["You", "Dark"], doubling=True, seed=1)
    app = ThievesApp(g)
    labels = [str(a) for a in app._shown_actions]
    assert labels == ["roll without doubling", "offer to double the stake"] and g.n_steps == 0
    app._on_action(0)
    assert g.n_steps == 2 and not g.is_chance and g.current_player == "You" and len(g.roll) == 2
    assert [type(a).__name__ for a in g.actions] == ["KeepStake", "Roll"]


def test_the_roll_that_opens_a_turn_keeps_its_button():
    from furlib import Furglars

    g = Furglars(["You", "Bob"], seed=3)
    app = GameApp(g, bots={})
    assert g.is_chance and app._shown_actions == [None] and g.n_steps == 0
    app._on_action(0)
    assert g.n_steps == 1
