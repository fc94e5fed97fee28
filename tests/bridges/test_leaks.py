"""No hidden card leaks: a seat's observation and information state (tensors and strings, in OpenSpiel and in
PettingZoo) do not change when only another seat's secret changes.

Each test builds two games that differ only in another seat's secret (a dealt hand, a face-down card, a secret pick),
with explicit chance outcomes given to ``apply()``, plays the same decisions in both, and compares what the other
seats see at every step. Each also checks that the seat whose secret differs *does* see a difference, so the
comparison could fail.
"""

from __future__ import annotations

import numpy as np
import pytest

from furlib import FurryPoker
from furlib.bridges import pettingzoo_env
from furlib.bridges.encoders import make_encoder
from furlib.highcard import Deal, HighCard


def _seen(encoder, game, seat, moves=0):
    """Everything seat ``seat`` is given: observation and information state, as vectors and as text."""
    view = game.view(game.players[seat])
    return (encoder.observe(view, seat, moves).tolist(), encoder.observe(view, seat, moves, memory=True).tolist(),
            encoder.text(view, seat, moves), encoder.text(view, seat, moves, memory=True))


def _highcard_pair():
    """Two 3-player games with the same deal but for one of Cy's cards (the Fox or the Koi); cards are dealt to Ann,
    Bob, Cy, Ann, Bob, Cy. Each seat playing its lowest card, Cy shows the Cat first, and the Fox or Koi last."""
    games = []
    for last in ("Fox", "Koi"):
        g = HighCard(["Ann", "Bob", "Cy"], cards=12, hand=2, seed=1)
        for card in ("Ant", "Bee", "Cat", "Doe", "Elk", last):
            g.apply(Deal(card))
        games.append(g)
    return games


def test_highcard_hands_do_not_leak_through_the_encoder():
    a, b = _highcard_pair()
    enc = make_encoder("HighCard", players=["Ann", "Bob", "Cy"], cards=12, hand=2)
    assert a.hands["Cy"] != b.hands["Cy"] and a.hands["Ann"] == b.hands["Ann"]
    moves = 0
    while not a.is_over:                           # both rounds, each seat picking its lowest card
        for seat in (0, 1):
            assert _seen(enc, a, seat, moves) == _seen(enc, b, seat, moves)
        assert _seen(enc, a, 2, moves) != _seen(enc, b, 2, moves)
        a.apply(a.legal_actions()[0])
        b.apply(b.legal_actions()[0])
        moves += 1
    assert moves == 6 and a.last_round != b.last_round      # the Fox and the Koi are shown at the end: no secret
    assert _seen(enc, a, 0, moves) != _seen(enc, b, 0, moves)


def test_a_secret_pick_does_not_leak():
    a, _ = _highcard_pair()
    b = a.copy()
    enc = make_encoder("HighCard", players=["Ann", "Bob", "Cy"], cards=12, hand=2)
    a.apply(a.legal_actions()[0])                    # Ann picks the Ant in one game, the Doe in the other
    b.apply(b.legal_actions()[1])
    assert (a.current_player, b.current_player) == ("Bob", "Bob")
    for seat in (1, 2):
        assert _seen(enc, a, seat, 1) == _seen(enc, b, seat, 1)
    assert _seen(enc, a, 0, 1) != _seen(enc, b, 0, 1)


def _poker_pair(advanced=False):
    """Two 2-player Furry Poker deals that differ only in two of Bob's cards: the last of his hand (the Gray 3 or 4)
    and his face-down card (the Yellow or Green 9)."""
    from furlib.poker import Draw

    public = ["R1", "Y1", "G1", "B1", "P1"]
    ann = ["R2", "Y2", "G2", "B2", "P2", "Gy2"]
    bob_a, bob_b = ["R3", "Y3", "G3", "B3", "P3", "Gy3"], ["R3", "Y3", "G3", "B3", "P3", "Gy4"]
    games = []
    for bob, down in ((bob_a, ["R9", "Y9"]), (bob_b, ["R9", "G9"])):
        g = FurryPoker(["Ann", "Bob"], seed=3)
        order = public + [c for pair in zip(ann, bob) for c in pair] + down
        for card in order:
            g.apply(Draw(card))
        games.append(g)
    return games


def test_poker_hands_and_face_down_cards_do_not_leak():
    a, b = _poker_pair()
    enc = make_encoder("FurryPoker", players=["Ann", "Bob"])
    assert a.hands["Bob"] != b.hands["Bob"] and a.personal["Bob"]["down"] != b.personal["Bob"]["down"]
    steps = 0
    while not a.is_over and steps < 12:            # a round and more: picks, reveals, effects, draws (the same)
        assert _seen(enc, a, 0, steps) == _seen(enc, b, 0, steps)
        assert _seen(enc, a, 1, steps) != _seen(enc, b, 1, steps)
        if a.is_chance:
            break
        action = a.legal_actions()[-1] if a.current_player == "Ann" else a.legal_actions()[0]
        if action not in b.legal_actions():
            break                                # Bob's different cards now change what is shown
        a.apply(action)
        b.apply(action)
        steps += 1
    assert steps == 4 and a.is_chance         # picks, the reveal, an action each, then a Leopard draws


def test_the_information_state_string_keeps_no_other_seats_card():
    a, _ = _poker_pair()
    enc = make_encoder("FurryPoker", players=["Ann", "Bob"])
    text = _seen(enc, a, 0)[3]
    for card in a.hands["Bob"] + a.personal["Bob"]["down"]:
        assert f"'{card}'" not in text
    assert "'R2'" in text                     # Ann's own card is there: the check could fail


def test_pettingzoo_and_openspiel_give_the_same_observations(spiel):
    """Both bridges observe through the encoder: the same deals give the same vectors, and no leak, in either."""
    a, b = _poker_pair()
    env_a, env_b = pettingzoo_env("FurryPoker", players=["Ann", "Bob"]), pettingzoo_env("FurryPoker",
                                                                                       players=["Ann", "Bob"])
    env_a.reset(options={"game": a})
    env_b.reset(options={"game": b})
    assert np.array_equal(env_a.observe("player_0"), env_b.observe("player_0"))
    assert not np.array_equal(env_a.observe("player_1"), env_b.observe("player_1"))
    game = spiel.load_game("furlib_poker", {"players": 2})
    states = []
    for g in (a, b):
        state = game.new_initial_state()
        for action in g.actions:
            state.apply_action(state.action_index(action))
        states.append(state)
    sa, sb = states
    for seat, same in ((0, True), (1, False)):
        assert (sa.observation_tensor(seat) == sb.observation_tensor(seat)) == same
        assert (sa.information_state_tensor(seat) == sb.information_state_tensor(seat)) == same
        assert (sa.observation_string(seat) == sb.observation_string(seat)) == same
        assert (sa.information_state_string(seat) == sb.information_state_string(seat)) == same
    # the vectors are the same in both bridges (the names differ: the OpenSpiel game calls its players 1 and 2)
    assert sa.observation_tensor(0) == pytest.approx(env_a.observe("player_0").tolist())
