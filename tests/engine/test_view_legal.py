"""A view works out its player's legal actions from what it holds, and they are the game's own.

A view is made without its legal actions (most views, drawn or read by a
bridge, are never asked); :meth:`View.legal_actions` works them out from the
view's own state when first asked. A player's legal actions must depend only
on what that player may see (OpenSpiel asks the same of an information
state), so these tests play seeded games of every game, with random bots,
and at every position compare each seat's and a spectator's view with the
game: the player to move has the game's legal actions, everyone else none.
The view a policy is given carries the game's own list, worked out once for
both: the rules list the legal actions once per decision.
"""

from __future__ import annotations

import pytest

import furlib  # noqa: F401  (registers every game)
from furlib.core import registry
from furlib.core.engine.policy import RandomBot

GAMES = registry.games(demos=True)


def _positions(info, seed, players=None):
    """The game at every position of a seeded game of ``info`` played by random bots (the game itself, moved on)."""
    kwargs = dict(info.example_kwargs)
    if players is not None:
        kwargs["players"] = players
    game = info.cls(**kwargs, seed=seed)
    bot = RandomBot(seed=seed + 1)
    steps = 0
    while not game.is_over and steps < 400:
        yield game
        game.step(bot)
        steps += 1
    yield game


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_every_view_has_the_legal_actions_of_its_player_and_only_of_its_player(info):
    decisions = 0
    for seed in range(6):
        for game in _positions(info, seed):
            legal = game.legal_actions()
            mover = None if game.is_over or game.is_chance else game.current_player
            decisions += mover is not None
            for p in [*game.players, None]:
                view = game.view(p)
                expected = legal if p is not None and p == mover else []
                assert view.legal_actions() == expected, (info.name, seed, game.n_steps, p)
                assert all(view.is_legal(a) for a in expected)
                if p != mover:
                    assert not any(view.is_legal(a) for a in legal)
    assert decisions > 30       # the games had decisions to compare


@pytest.mark.parametrize("info", [i for i in GAMES if i.cls.HIDDEN_INFO], ids=lambda info: info.name)
def test_a_view_asked_late_still_has_the_legal_actions_of_its_moment(info):
    game = info.cls(**info.example_kwargs, seed=3)
    bot = RandomBot(seed=4)
    while game.is_chance:
        game.step()
    mover = game.current_player
    view, legal = game.view(mover), game.legal_actions()
    game.step(bot)
    game.step(bot)
    assert view.legal_actions() == legal      # worked out now, from the view's own state of then


def _count_listings(game, monkeypatch) -> list[int]:
    """A one-item list counting the calls of ``game``'s rules' ``legal_actions`` (a rule set is sealed once made, so
    its class's method is patched: monkeypatch puts it back after the test)."""
    calls = [0]
    kind = type(game.rules)
    inner = kind.legal_actions

    def counted(self, state):
        calls[0] += 1
        return inner(self, state)

    monkeypatch.setattr(kind, "legal_actions", counted)
    return calls


@pytest.mark.parametrize("info", [i for i in GAMES if i.cls.HIDDEN_INFO], ids=lambda info: info.name)
def test_a_policy_view_carries_the_games_list_so_the_rules_list_once_per_decision(info, monkeypatch):
    game = info.cls(**info.example_kwargs, seed=5)
    while game.is_chance:
        game.step()
    seen = []

    def asks_twice(view):
        seen.append(view.legal_actions())
        return view.legal_actions()[0]

    calls = _count_listings(game, monkeypatch)
    game.step(asks_twice)
    assert calls[0] == 1                      # the game's list, shared with the policy's view
    assert len(seen) == 1 and seen[0]
    while game.is_chance:                     # the next decision
        game.step()
    calls[0] = 0
    assert game.view(game.current_player).legal_actions() == game.legal_actions()
    assert calls[0] == 2                      # a view made by hand works its list out itself, from its state


def test_a_game_whose_view_is_overridden_still_hands_its_policies_a_view():
    from furlib.highcard import HighCard

    class Asking(HighCard):                     # a subclass whose views list their legal actions at once
        def view(self, player=None):
            v = super().view(player)
            v.legal_actions()
            return v

    g = Asking(2, seed=1).play(RandomBot(seed=2))
    plain = HighCard(2, seed=1).play(RandomBot(seed=2))
    assert g.is_over and g.actions == plain.actions     # the same game: the view's own list is the game's


def test_a_hidden_information_game_hands_its_policies_nothing_but_a_view():
    from furlib.core.errors import PolicyError
    from furlib.highcard import HighCard

    class Leaky(HighCard):                      # a subclass whose "view" is the whole game: every hand, the deck
        def view(self, player=None):
            return self.copy()

    seen = []
    g = Leaky(2, seed=1)
    with pytest.raises((TypeError, PolicyError), match=r"view\(\) must return a View .* hidden information, got "):
        g.play(lambda game: seen.append(game) or game.legal_actions()[0])
    assert seen == [] and g.n_steps == 0        # the policy was never called, and the game is where it began


def test_a_views_is_legal_judges_as_the_game_does():
    from furlib import Thieves
    from furlib.nim import Nim
    from furlib.nim.actions import Take
    from furlib.thieves.actions import TimeUp

    g = Thieves(seed=1, time_limit=30)               # running out of time is legal but never listed
    while g.is_chance:
        g.step()
    mover = g.current_player
    assert g.is_legal(TimeUp()) and TimeUp() not in g.legal_actions()
    assert g.view(mover).is_legal(TimeUp()) and not g.view(None).is_legal(TimeUp())
    n = Nim(seed=1)
    odd = Take(0, 1)
    object.__setattr__(odd, "heap", False)           # made past its constructor: equal to Take(0, 1), refused
    assert odd == Take(0, 1) and not n.is_legal(odd)
    assert n.view(n.current_player).is_legal(odd) is False
    assert n.view(n.current_player).is_legal(Take(0, 1)) and not n.view(None).is_legal(Take(0, 1))
