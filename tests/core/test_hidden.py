"""Hidden information: views, secret events, secret simultaneous choices and the leak check.

High Card (``furlib.highcard``) is the test game: hidden hands, a deck dealt
one card at a time, and every round a secret simultaneous pick.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from furlib.core.engine import secret
from furlib.core.engine.game import Game
from furlib.core.engine.policy import RandomBot
from furlib.highcard import Deal, HighCard, Play
from furlib.highcard.bots import HighestCard
from furlib.highcard.rules import HighCardRules
from furlib.testing import check_game, check_no_leak


def dealt(cards_ann=("Jay", "Ant", "Elk"), cards_bob=("Ibis", "Bee", "Fox")) -> HighCard:
    """A 2-player game with the hands given (dealt alternately, Ann first)."""
    g = HighCard(["Ann", "Bob"], seed=0)
    for a, b in zip(cards_ann, cards_bob):
        g.apply(Deal(a)).apply(Deal(b))
    return g


def test_views_hide_the_others_hands_and_the_deck():
    g = dealt()
    ann, bob, table = g.view("Ann"), g.view("Bob"), g.view(None)
    assert ann.hands == {"Ann": ["Jay", "Ant", "Elk"], "Bob": 3}
    assert bob.hands == {"Ann": 3, "Bob": ["Ibis", "Bee", "Fox"]}
    assert table.hands == {"Ann": 3, "Bob": 3}
    assert ann.deck_size == bob.deck_size == g.deck_size == 4
    assert ann._state.deck == 4            # the deck's cards are not in the view at all
    assert ann.seed is None and not hasattr(ann, "_timeline") and ann.actions == []
    assert [a.card for a in ann.legal_actions()] == ["Ant", "Elk", "Jay"]
    assert bob.legal_actions() == []          # not Bob's move
    assert "is dealt the" not in table.log() and "Ann is dealt the Jay" in ann.log()
    assert "Jay" not in bob.log() and "Jay" not in bob._repr_html_()


def test_a_view_cannot_be_played_or_saved():
    v = dealt().view("Ann")
    for call in (lambda: v.apply(Play("Jay")), lambda: v.step(), lambda: v.undo(), lambda: v.to_json(),
                 lambda: v.play(), lambda: v.clone()):
        with pytest.raises(ValueError, match="Ann's view"):
            call()
    with pytest.raises(ValueError, match="unknown player 'Cy'"):
        dealt().view("Cy")


def test_secret_simultaneous_choice_reveals_together():
    g = dealt()
    g.apply(Play("Jay"))                      # Ann picks in secret
    assert g.current_player == "Bob"
    bob = g.view("Bob")
    assert bob._state.secret["picks"] == (True, None)   # Bob sees that Ann chose, not what
    assert bob.has_chosen("Ann") and not bob.has_chosen("Bob")
    assert "Jay" not in bob.log() + bob._repr_html_()
    assert g.view("Ann")._state.secret["picks"] == ("Jay", None)
    g.apply(Play("Ibis"))
    assert g.last_round == ["Jay", "Ibis"] and g.scores == {"Ann": 1, "Bob": 0}
    assert g.events[-1].text == "Cards shown: Ann the Jay and Bob the Ibis; Ann takes the trick"
    assert g.events[-1].visible_to is None


def test_policies_get_the_acting_players_view():
    seen = []

    def spy(view):
        seen.append((view.viewer, view.is_view, view.seed))
        return view.legal_actions()[0]

    g = HighCard(["Ann", "Bob"], seed=3).play(spy)
    assert g.is_over
    assert {s[0] for s in seen} == {"Ann", "Bob"}
    assert all(is_view and seed is None for _, is_view, seed in seen)


def test_deal_is_a_chance_point_over_the_remaining_cards():
    g = HighCard(["Ann", "Bob"], cards=4, hand=2, seed=0)
    outcomes = g.chance_outcomes()
    assert [o.card for o, _ in outcomes] == ["Ant", "Bee", "Cat", "Doe"]
    assert all(p == Fraction(1, 4) for _, p in outcomes)
    g.apply(Deal("Cat"))
    assert [o.card for o, _ in g.chance_outcomes()] == ["Ant", "Bee", "Doe"]
    with pytest.raises(ValueError, match="not in the deck"):
        g.apply(Deal("Cat"))


def test_secret_module_refuses_out_of_turn_picks():
    state = SimpleNamespace(secret=None)
    secret.open_round(state, [1, 0])
    with pytest.raises(ValueError, match="seat 0 is not the one"):
        secret.choose(state, 0, "Jay")
    secret.choose(state, 1, "Jay")
    with pytest.raises(ValueError, match="seat 0 has not chosen"):
        secret.reveal(state)
    with pytest.raises(ValueError, match="cannot be True"):
        secret.choose(state, 0, True)


def test_check_game_passes_high_card_with_leak_checks():
    report = check_game(HighCard, n_games=30, seed=0, kwargs={"players": 3})
    assert report.games == 30 and report.leak_checks == report.steps + 30
    report = check_game(HighCard, n_games=10, seed=100, policy=HighestCard())
    assert report.games == 10


class _LeakyDeckRules(HighCardRules):
    def redact(self, state, seat):
        deck = list(state.deck)
        state = super().redact(state, seat)
        state.deck = deck
        return state


class LeakyDeck(HighCard):
    """Forgets to hide the deck in views."""

    def __init__(self, players=2, *, seed=None, **rules):
        Game.__init__(self, players, seed=seed)
        self._begin(_LeakyDeckRules(len(self.players), **rules))


class LeakyLog(HighCard):
    """Makes every secret event public."""

    def _write(self, kind, seat, visible_to, data):
        super()._write(kind, seat, None, data)


class LeakyAttribute(HighCard):
    """Keeps the hands in a view's memo."""

    def view(self, player=None):
        view = super().view(player)
        view._cached("peek", lambda: [list(h) for h in self._state.hands])
        return view


class LeakyPolicyInput(HighCard):
    """Hands the policy the whole game."""

    def view(self, player=None):
        return self if player is not None and self.current_player == player and not self.is_chance else \
            super().view(player)


@pytest.mark.parametrize("cls, message", [
    (LeakyDeck, r"the secret '\w+' is in view\._state\.deck"),
    (LeakyLog, r"the secret '\w+' is in view\._events\[\d+\]"),
    (LeakyAttribute, r"the secret '\w+' is in view\._memo\['peek'\]"),
    (LeakyPolicyInput, r"was given <LeakyPolicyInput \[|game itself"),
])
def test_the_leak_check_catches_a_planted_leak(cls, message):
    with pytest.raises(AssertionError, match=message):
        check_game(cls, n_games=2, seed=0, policy=RandomBot(seed=1))


def test_check_no_leak_names_the_viewer():
    g = LeakyDeck(["Ann", "Bob"], seed=0)
    with pytest.raises(AssertionError, match="a spectator's view"):
        check_no_leak(g, "here")


def test_reveal_switch_is_the_teachers_choice():
    g = dealt()
    assert "is dealt the" not in g.log() and "is dealt the" not in g._repr_html_()
    assert "Jay" not in g._repr_html_()
    g.reveal = True
    assert "Ann is dealt the Jay" in g.log() and "Jay" in g._repr_html_()
    assert len(g.history) == 12 and len(g.history_for("Ann")) == 9


def test_the_core_app_plays_high_card_showing_only_the_persons_cards():
    """High Card has no app of its own: the core frame plays it with one button per card."""
    pytest.importorskip("ipywidgets")
    from furlib.core.app.widgets import GameApp

    g = HighCard(["Ann", "Bob"], seed=4)
    app = GameApp(g, human="Ann")
    assert app.viewer == "Ann"
    while g.is_chance:                         # Ann draws her cards with the button (Bob's are drawn by the app)
        assert app.action_buttons[0].description.lower().startswith("draw")
        app._on_action(0)
    assert g.current_player == "Ann"
    mine = sorted(g.hands["Ann"])
    shown = [b.description for b in app.action_buttons if b.layout.display != "none"]
    assert sorted(s.removeprefix("Play the ") for s in shown) == mine
    theirs = g.hands["Bob"]
    assert all(card in app.html.value for card in mine)
    assert not any(card in app.html.value for card in theirs)
    assert not any(card in app.status.value for card in theirs)
    g.reveal = True                            # the teacher's switch shows every hand
    app.refresh()
    assert all(card in app.html.value for card in theirs + mine)
    g.reveal = False
    app.refresh()
    assert not any(card in app.html.value for card in theirs)
    while not g.is_over:
        app._on_action(0)
    assert g.is_over and "Game over" in app.status.value


def test_html_and_events_for_can_reveal_without_changing_the_game():
    """The app's teacher switch: draw everything once, and the game's own reveal, log and history stay as they were."""
    g = dealt()
    log, rows = g.log(), len(g.history)
    shown = g.html(reveal=True)
    assert "Jay" in shown and g.reveal is False
    assert len(g.events_for(reveal=True)) == 12 and "Ann is dealt the Jay" in " ".join(
        e.text for e in g.events_for(reveal=True))
    assert g.log() == log and len(g.history) == rows and "is dealt the" not in g.log() + g._repr_html_()
    assert g.html(reveal=False) == g.html()                    # the spectator's, as before
    g.reveal = True                                            # the game's own switch on: reveal=False still hides
    assert "Jay" not in g.html(reveal=False) and len(g.events_for(reveal=False)) == 6
    assert "Jay" in g.html() and g.reveal is True
    with pytest.raises(ValueError, match="viewer=None"):
        g.html("Ann", reveal=True)                             # a player's view never shows the others' secrets
    with pytest.raises(ValueError, match="a view cannot reveal"):
        g.view("Ann").html(reveal=True)
    with pytest.raises(ValueError, match="reveal"):
        g.html(reveal="yes")


def _seen_by(game: HighCard, seat: int | None) -> list:
    """The events ``seat`` may see, filtered from the whole list (what a view's events must equal)."""
    return [e for e in game.events if e.visible_to is None or (seat is not None and seat in e.visible_to)]


def test_views_filter_only_new_events_and_stay_right_after_undo_and_a_different_line():
    g = HighCard(["Ann", "Bob", "Cy"], cards=12, hand=3, seed=4)
    bot = RandomBot(seed=2)
    for _ in range(14):                       # a view per step, for every seat: each filters the new events only
        for seat, who in [(None, None), (0, "Ann"), (1, "Bob"), (2, "Cy")]:
            assert list(g.view(who).events) == _seen_by(g, seat)
        g.step(None if g.is_chance else bot)
    g.undo(5)                                 # events dropped: the filtered lists are made again
    for seat, who in [(None, None), (0, "Ann"), (1, "Bob"), (2, "Cy")]:
        assert list(g.view(who).events) == _seen_by(g, seat)
    while not g.is_over:                      # another line of play from there
        g.step(None if g.is_chance else RandomBot(seed=9))
        for seat, who in [(None, None), (0, "Ann"), (2, "Cy")]:
            assert list(g.view(who).events) == _seen_by(g, seat)


def test_a_view_never_changes_the_game_nor_is_changed_by_it():
    g = dealt()
    g.apply(Play("Jay"))                      # Ann has chosen in secret; Bob has not
    before = g.to_json()
    bob = g.view("Bob")
    assert bob._state.secret["picks"] == (True, None)        # Ann's pick is hidden from Bob
    assert g._state.secret["picks"] == ("Jay", None)         # and still there in the game
    with pytest.raises(AttributeError):                         # the values a view shares cannot change
        bob._state.hands[1].append("Toad")
    bob._state.hands = (1, ("Toad",))                        # and a view's state is its own
    bob._state.secret["picks"] = ("Toad", "Toad")
    assert g.to_json() == before and g.hands["Bob"] == ["Ibis", "Bee", "Fox"]
    assert g._state.secret["picks"] == ("Jay", None)
    g.apply(Play("Bee"))
    assert bob._state.secret["picks"] == ("Toad", "Toad") and bob.turn == 1   # the view does not follow the game
