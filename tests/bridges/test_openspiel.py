"""OpenSpiel's own conformance test, ``pyspiel.random_sim_test``, run as it is on every game (with serialisation), and
what the OpenSpiel games promise beyond it: exact chance, declared utilities and lengths, parameters, to_json saves.

``random_sim_test`` plays random games through the C++ API and checks, at every state: legal actions sorted and
empty for the players not to move, action strings unique, clones equal, serialisation round trips, rewards adding
up to the returns, observation and information-state tensors finite and of the declared size; at the end: returns
within the declared utility range and summing to 0 (zero-sum), the game no longer than ``MaxGameLength``.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from furlib import Furcle, Thieves
from furlib.thieves import Roll

#: Each game with the parameters and number of random games it is tested with: the default rules first (Thieves'
#: random thieves rarely escape, so its cap is lower), then other rules and player counts.
SIMS = [
    ("furlib_furcle", {}, 3), ("furlib_furcle", {"players": 3, "target": 30, "n_dice": 4, "beekin": False}, 2),
    ("furlib_furglars", {}, 3), ("furlib_furglars", {"players": 2, "x_factor": True, "target": 8}, 2),
    ("furlib_poker", {}, 2), ("furlib_poker", {"players": 3, "advanced": True}, 1),
    ("furlib_thieves", {"max_moves": 150}, 2), ("furlib_thieves", {"doubling": True, "max_moves": 60}, 3),
    ("furlib_pig", {}, 3), ("furlib_pig", {"players": 4, "target": 20}, 2),
    ("furlib_highcard", {}, 20), ("furlib_highcard", {"players": 4, "cards": 20, "hand": 5}, 5),
]


@pytest.mark.parametrize("name,params,sims", SIMS, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(SIMS)])
def test_openspiels_random_sim_test_passes(spiel, name, params, sims):
    game = spiel.load_game(name, params)
    spiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_declared_type(spiel):
    from furlib.bridges import OPENSPIEL_NAMES, register_openspiel

    assert register_openspiel() == list(OPENSPIEL_NAMES.values()) == register_openspiel()   # again: harmless
    assert set(OPENSPIEL_NAMES.values()) <= set(spiel.registered_names())
    for name in OPENSPIEL_NAMES.values():
        game = spiel.load_game(name)
        t = game.get_type()
        assert t.chance_mode == spiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.utility == spiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
        assert t.reward_model == spiel.GameType.RewardModel.TERMINAL
        hidden = name in ("furlib_poker", "furlib_highcard")
        assert (t.information == spiel.GameType.Information.IMPERFECT_INFORMATION) == hidden
        assert (game.min_utility(), game.max_utility()) == (-1.0 / (game.num_players() - 1), 1.0)
        assert spiel.load_game(str(game)).get_parameters() == game.get_parameters()     # the game string round trips


def test_a_caller_that_shuffles_the_chance_outcomes_changes_no_later_state(spiel):
    # OpenSpiel's MCTS shuffles the list chance_outcomes() gives it, in place; the states of one rule set share one
    # table of outcomes, so a later state must still list them in order, and the same random numbers must still
    # roll the same dice
    import itertools
    import random

    game = spiel.load_game("furlib_furcle", {"n_dice": 3})

    def first_roll(u: float) -> tuple[int, ...]:
        """The dice of a new game's first roll, sampled from chance_outcomes() by one uniform number ``u``."""
        state = game.new_initial_state()
        outcomes = state.chance_outcomes()
        ends = list(itertools.accumulate(p for _, p in outcomes))      # where each outcome's share of [0, 1) ends
        state.apply_action(outcomes[next(i for i, end in enumerate(ends) if u < end)][0])
        return tuple(state.furlib_game().dice)

    before = [first_roll(u) for u in (0.1, 0.5, 0.9)]
    listed = game.new_initial_state().chance_outcomes()
    in_order = list(listed)
    assert in_order == sorted(in_order) and len(in_order) == 56
    random.Random(1).shuffle(listed)
    assert listed != in_order
    assert game.new_initial_state().chance_outcomes() == in_order
    assert [first_roll(u) for u in (0.1, 0.5, 0.9)] == before


def test_utilities_and_lengths_are_declared(spiel):
    three = spiel.load_game("furlib_furglars", {"players": 3})
    assert (three.num_players(), three.min_utility(), three.max_utility()) == (3, -0.5, 1.0)
    assert spiel.load_game("furlib_furcle", {"max_moves": 77}).max_game_length() == 77
    assert spiel.load_game("furlib_highcard", {"players": 3, "hand": 2}).max_game_length() == 6   # every card played
    doubling = spiel.load_game("furlib_thieves", {"doubling": True})
    assert (doubling.min_utility(), doubling.max_utility()) == (-2.0 ** 20, 2.0 ** 20)


def test_chance_nodes_carry_furlibs_exact_probabilities(spiel):
    game = spiel.load_game("furlib_furcle", {"n_dice": 3})
    state = game.new_initial_state()
    furlib_game = state.furlib_game()
    outcomes = state.chance_outcomes()
    exact = furlib_game.chance_outcomes()
    assert len(outcomes) == len(exact) == 56 and sum(p for _, p in outcomes) == pytest.approx(1, abs=1e-12)
    assert sum(p for _, p in exact) == Fraction(1)
    for (index, p), (outcome, q) in zip(outcomes, sorted(exact, key=lambda oq: state.action_index(oq[0]))):
        assert p == float(q) and state.action_to_string(spiel.PlayerId.CHANCE, index) == str(outcome)
    index = state.action_index(exact[10][0])
    state.apply_action(index)
    assert state.furlib_game().dice == exact[10][0].faces
    with pytest.raises(ValueError, match="is not a chance outcome of this chance node"):
        game.new_initial_state().apply_action(10_000)


def test_a_state_is_saved_with_to_json_and_replayed(spiel):
    game = spiel.load_game("furlib_thieves", {"doubling": True})
    state = game.new_initial_state()
    state.apply_action(0)                  # keep the stake
    state.apply_action(state.action_index(Roll(("green", "white"))))
    state.apply_action(state.legal_actions()[0])
    saved = pickle.dumps(state.saved)
    assert b"furlib.bridges.openspiel" in saved and b"_restore" in saved
    assert state.furlib_game().to_json().encode() in saved          # the save itself, not the game's objects
    again = pickle.loads(saved).game
    assert isinstance(again, Thieves) and again.to_json() == state.furlib_game().to_json()
    text = spiel.serialize_game_and_state(game, state)
    game2, state2 = spiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.furlib_game().to_json() == state.furlib_game().to_json()
    assert state2.moves == state.moves == 2 and state2.history() == state.history()


def test_clones_are_independent(spiel):
    state = spiel.load_game("furlib_pig").new_initial_state()
    state.apply_action(4)                  # a 5
    clone = state.clone()
    clone.apply_action(1)                  # hold
    assert state.furlib_game().turn_total == 5 and clone.furlib_game().scores["Player 1"] == 5
    assert state.legal_actions() == [0, 1] and clone.is_chance_node()


def test_the_move_cap_ends_the_game_undecided(spiel):
    state = spiel.load_game("furlib_furcle", {"max_moves": 2}).new_initial_state()
    state.apply_action(state.action_index(state.furlib_game().chance_outcomes()[-1][0]))   # five 6s
    state.apply_action(0)
    state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_terminal()
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and not state.furlib_game().is_over
    assert state.legal_actions() == [] and state.current_player() == spiel.PlayerId.TERMINAL


def test_returns_at_the_end(spiel):
    game = spiel.load_game("furlib_highcard", {"players": 3, "hand": 1, "cards": 3})
    state = game.new_initial_state()
    for card in (2, 0, 1):                  # deal the Cat, the Ant, the Bee
        state.apply_action(card)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [1.0, -0.5, -0.5]     # the Cat takes the only trick


def test_parameters(spiel):
    from furlib.bridges.openspiel import parameters_to_rules

    assert parameters_to_rules("Furglars", {"dice_per_player": 0, "target": 0, "players": 2}) == {
        "players": 2, "x_factor": False, "faces": ["furgle", "furgle", "lock", "hand", "hand", "x"], "max_moves": 1000}
    assert parameters_to_rules("Thieves", {"board": "#####/#P.d#"})["board"] == "#####\n#P.d#"
    assert spiel.load_game("furlib_furglars", {"players": 2}).new_initial_state().furlib_game().dice_per_player == 5
    classic = spiel.load_game("furlib_thieves", {"board": "classic"}).new_initial_state().furlib_game()
    assert classic.board.name == "classic"
    rows = "/".join(Thieves().board.to_text().splitlines())
    assert spiel.load_game("furlib_thieves", {"board": rows}).new_initial_state().furlib_game().board == Thieves().board
    furcle = spiel.load_game("furlib_furcle", {"target": 30, "n_dice": 4}).new_initial_state().furlib_game()
    assert isinstance(furcle, Furcle) and (furcle.target, furcle.n_dice) == (30, 4)
    with pytest.raises(ValueError, match="target must be >= 1, got 0"):
        spiel.load_game("furlib_furcle", {"target": 0})
    with pytest.raises(ValueError, match="players must be between 2 and 6, got 7"):
        spiel.load_game("furlib_pig", {"players": 7})
    with pytest.raises(ValueError, match="max_moves must be between 1 and 10000, got 10001"):
        spiel.load_game("furlib_poker", {"max_moves": 10_001})
    with pytest.raises(spiel.SpielError, match="Unknown parameter 'colour'"):
        spiel.load_game("furlib_furcle", {"colour": 1})
    with pytest.raises(spiel.SpielError, match="Wrong type for parameter target"):
        spiel.load_game("furlib_furcle", {"target": "x"})
    with pytest.raises(ValueError, match="furlib_pig has no parameter 'colour'; its parameters are players, target"):
        parameters_to_rules("Pig", {"colour": 1})


def test_observers(spiel):
    from furlib.bridges.openspiel import FurlibGame

    poker = spiel.load_game("furlib_poker")
    assert isinstance(poker, FurlibGame)
    with pytest.raises(ValueError, match="observe one seat's view"):
        poker.make_py_observer(spiel.IIGObservationType(perfect_recall=False, private_info=spiel.PrivateInfoType.NONE))
    with pytest.raises(ValueError, match="observe one seat's view"):
        spiel.load_game("furlib_pig").make_py_observer(spiel.IIGObservationType(perfect_recall=False,
                                                                                public_info=False))
    public = spiel.load_game("furlib_pig").make_py_observer(
        spiel.IIGObservationType(perfect_recall=False, private_info=spiel.PrivateInfoType.NONE))
    assert public.tensor.size == 16                      # Pig hides nothing: a seat's view is all of it
    with pytest.raises(ValueError, match="take no parameters"):
        poker.make_py_observer(None, {"x": 1})
    observer = poker.make_py_observer()
    state = poker.new_initial_state()
    observer.set_from(state, 1)
    assert observer.dict["seat"].tolist() == [0.0, 1.0] and observer.dict["chance"].tolist() == [1.0]
    assert list(observer.tensor) == state.observation_tensor(1)
