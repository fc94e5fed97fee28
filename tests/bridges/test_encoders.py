"""The encoders: a fixed numbering of every game's decisions and chance outcomes, and vectors in [0, 1].

Random games of every game (seeded) are played through the encoders; at each decision point every legal decision
has its own index in range, which names it back; at each chance point every outcome has its own index with furlib's
exact probability; every observation and information state lies in [0, 1] with the declared size.
"""

from __future__ import annotations

import numpy as np
import pytest

from furlib.bridges.encoders import MAX_MOVES, make_encoder
from furlib.bridges.encoders.base import Layout, unit

#: Each game with rules that reach its rarer corners (more players, variants), and how many seeded games to play.
RULES = [("Furcle", {"players": 3, "target": 30}, 6), ("Furglars", {"players": 4, "x_factor": True}, 6),
         ("FurryPoker", {"players": 3, "advanced": True}, 3), ("Thieves", {}, 2),
         ("Pig", {"players": 3, "target": 30}, 6), ("HighCard", {"players": 4, "cards": 16, "hand": 4}, 6)]


@pytest.mark.parametrize("name,rules,games", RULES, ids=[r[0] for r in RULES])
def test_numbering_and_vectors_over_random_games(name, rules, games):
    enc = make_encoder(name, max_moves=300, **rules)
    names = [enc.action_name(i) for i in range(enc.num_actions)]
    assert len(set(names)) == enc.num_actions               # each index has its own name
    rng = np.random.default_rng(7)
    seen_actions, seen_chance = set(), set()
    for seed in range(games):
        game, moves = enc.new_game(seed), 0
        while not game.is_over and moves < enc.max_moves:
            if game.is_chance:
                table = enc.chances(game)
                exact = game.chance_outcomes()
                assert len(table) == len(exact) and all(0 <= i < enc.num_chance for i in table)
                assert {o: p for o, p in table.values()} == {o: float(p) for o, p in exact}
                index = int(rng.choice(list(table), p=[p for _, p in table.values()]))
                seen_chance.add(index)
                game.apply(table[index][0])
                continue
            legal = enc.legal(game)
            assert sorted(legal.values(), key=str) == sorted(game.legal_actions(), key=str)
            assert all(0 <= i < enc.num_actions for i in legal) and list(legal) == sorted(legal)
            for i, action in legal.items():
                assert enc.action(i, game) == action
            for seat, player in enumerate(game.players):
                view = game.view(player)
                for memory in (False, True):
                    v = enc.observe(view, seat, moves, memory=memory)
                    layout = enc.information_layout if memory else enc.observation_layout
                    assert v.shape == (layout.size,) and v.dtype == np.float32
                    assert v.min() >= 0 and v.max() <= 1 and v[seat] == 1
            index = int(rng.choice(list(legal)))
            seen_actions.add(index)
            game.apply(legal[index])
            moves += 1
    assert len(seen_actions) >= min(enc.num_actions, 4) and len(seen_chance) >= min(enc.num_chance, 4)


def test_returns_are_a_zero_sum():
    from furlib.highcard import Deal

    enc = make_encoder("HighCard", players=3, cards=6, hand=2)
    game = enc.new_game(1)
    for card in ("Fox", "Elk", "Ant", "Doe", "Cat", "Bee"):   # Player 1: Fox, Doe; 2: Elk, Cat; 3: Ant, Bee
        game.apply(Deal(card))
    assert enc.returns(game) == [0.0, 0.0, 0.0]              # not over
    for _ in range(6):
        game.apply(game.legal_actions()[0])                  # round 1: Doe, Cat, Ant; round 2: Fox, Elk, Bee
    assert game.winner == "Player 1" and enc.returns(game) == [1.0, -0.5, -0.5]
    shared = enc.new_game(1)
    for card in ("Fox", "Elk", "Ant", "Bee", "Doe", "Cat"):   # Player 1: Fox, Bee; 2: Elk, Doe; 3: Ant, Cat
        shared.apply(Deal(card))
    for play in ("Fox", "Doe", "Ant", "Bee", "Elk", "Cat"):   # Player 1 takes the first trick, Player 2 the second
        shared.apply(next(a for a in shared.legal_actions() if a.card == play))
    assert shared.winner == ("Player 1", "Player 2")
    assert enc.returns(shared) == [0.25, 0.25, -0.5] and sum(enc.returns(shared)) == 0


def test_a_doubled_stake_is_won():
    from furlib.thieves import Accept, OfferDouble, Refuse

    enc = make_encoder("Thieves", doubling=True)
    game = enc.new_game(1)
    game.apply(OfferDouble()).apply(Accept())                # the stake is 2; the right to double passes
    assert (enc.min_utility, enc.max_utility) == (-2 ** 20, 2 ** 20)
    view = game.view(game.players[0])
    parts = enc.observation_layout.split(enc.observe(view, 0, 2))
    assert parts["cube"].tolist() == [0, 1] and parts["stake"][0] == pytest.approx(1 / 20)
    game.step()
    while not game.is_over and game.phase != "offer":
        game.apply(game.legal_actions()[0]) if not game.is_chance else game.step()
    game.apply(OfferDouble()).apply(Refuse())
    assert game.winner == game.players[1] and enc.returns(game) == [-2.0, 2.0]    # forfeits the stake of 2


def test_an_observation_reads_the_seats_own_view():
    from furlib import FurryPoker

    enc = make_encoder("FurryPoker", players=["Ann", "Bob"])
    game = FurryPoker(["Ann", "Bob"], seed=1)
    for wrong in (game, game.view("Bob"), game.view(None)):
        with pytest.raises(ValueError, match=r"observe\(\) reads a seat's view: give game.view\('Ann'\) for seat 0"):
            enc.observe(wrong, 0, 0)
    assert enc.observe(game.view("Ann"), 0, 0)[0] == 1


def test_layout():
    layout = Layout([("seat", (2,)), ("dice", (2, 3))])
    v = layout.zeros()
    parts = layout.split(v)
    parts["seat"][1] = 1
    parts["dice"][1, 2] = 0.25
    assert v.tolist() == [0, 1, 0, 0, 0, 0, 0, 0.25]
    assert layout.text(v) == "seat=[1] dice=[5:0.25]"
    assert layout.rows() == [("seat", (2,), 0, 2), ("dice", (2, 3), 2, 8)]
    with pytest.raises(ValueError, match="different names"):
        Layout([("a", (1,)), ("a", (2,))])
    assert unit(3, 1) == 0.75 and MAX_MOVES == 10_000


def test_every_encoder_is_documented():
    """Each game's encoder module documents its numbering, and its counts are the module's examples."""
    import importlib

    from furlib.bridges.encoders import ENCODERS

    for name, path in ENCODERS.items():
        module = importlib.import_module(f"furlib.bridges.encoders.{path.partition(':')[0]}")
        enc = make_encoder(name)
        assert "decision" in module.__doc__ and "observation" in module.__doc__, name
        for piece, _ in enc.observation_layout.pieces[5:]:
            assert f"``{piece}``" in module.__doc__, (name, piece)
