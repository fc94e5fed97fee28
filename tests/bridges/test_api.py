"""The bridges' entry points: what they import, what they refuse (before any work), and perfect recall.

``import furlib`` and ``import furlib.bridges`` load none of pettingzoo, gymnasium and pyspiel; without them a
bridge says to install the `ai` extra. Every resource a caller can ask for (players, the move cap) has a limit
checked before any game is made, and a bad game, rule or value is a ValueError naming it.
"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict

import pytest

from furlib import Furcle, Game
from furlib.bridges import DEFAULT_MAX_MOVES, MAX_MOVES, pettingzoo_env
from furlib.bridges.encoders import make_encoder

HEAVY = ("furlib.bridges", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def _loaded_after(statement: str) -> list[str]:
    code = f"import sys; {statement}; print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} " \
           f"or m.startswith('furlib.bridges')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return eval(out.stdout)


def test_import_furlib_loads_no_bridge():
    assert _loaded_after("import furlib") == []
    loaded = _loaded_after("import furlib.bridges")
    assert not [m for m in loaded if m.split(".")[0] in ("pettingzoo", "gymnasium", "pyspiel", "open_spiel")]
    assert "furlib.bridges.pettingzoo" not in loaded and "furlib.bridges.openspiel" not in loaded


def test_without_the_ai_extra_the_error_says_how_to_install_it():
    code = ("import sys; sys.modules['pettingzoo'] = None; sys.modules['pyspiel'] = None\n"
            "from furlib.bridges import pettingzoo_env, register_openspiel\n"
            "for call in (lambda: pettingzoo_env('Pig'), register_openspiel):\n"
            "    try:\n        call()\n    except ImportError as e:\n        print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    lines = out.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("the PettingZoo bridge needs pettingzoo, which is not installed: install the ai extra")
    assert lines[1].startswith("the OpenSpiel bridge needs open_spiel, which is not installed: install the ai extra")
    assert all("pip install 'furlib[ai]'" in line for line in lines)


class NotRegistered(Game):
    """A game furlib's registry does not know."""


@pytest.mark.parametrize("game,kwargs,message", [
    ("Chess", {}, "there is no bridge for the game 'Chess'; the games with one are Furcle, Furglars, FurryPoker"),
    (NotRegistered, {}, "there is no bridge for the game <class"),
    (Furcle(), {}, "game must be a furlib game class (e.g. furlib.Furcle) or a registered game's name"),
    (42, {}, "got 42"),
    ("Furcle", {"colour": "red"}, "Furcle has no rule 'colour'; its rules are beekin, bonus, n_dice, sides, target"),
    ("Furcle", {"seed": 3}, "seed is not a rule: an environment seeds each episode"),
    ("Furcle", {"target": None}, "target=None (practice) never ends and has no winner"),
    ("Furcle", {"target": 0}, "target must be >= 1, got 0"),
    ("Furcle", {"players": 1}, "players must be between 2 and 6, got 1"),
    ("Furcle", {"players": 7}, "players must be between 2 and 6, got 7"),
    ("HighCard", {"players": 5}, "players must be between 2 and 4, got 5"),
    ("Thieves", {"players": 3}, "the bridge plays Thieves with 2 players, no more and no fewer; got 3"),
    ("Pig", {"players": ["Ann"] * 10**6}, "the bridge plays Pig with 2 to 6 players; got more than 6"),
    ("Pig", {"players": "Ann"}, "players must be a number of players (2 to 6) or a list of their names"),
    ("Pig", {"players": ["Ann", "Ann"]}, "Ann"),
    ("Pig", {"max_moves": 0}, "max_moves must be between 1 and 10000, got 0"),
    ("Pig", {"max_moves": MAX_MOVES + 1}, "max_moves must be between 1 and 10000, got 10001"),
    ("Pig", {"max_moves": 5.0}, "max_moves must be a whole number, got 5.0"),
    ("Pig", {"max_moves": True}, "max_moves must be a whole number, got True"),
])
def test_bad_games_rules_and_limits_are_refused(game, kwargs, message):
    with pytest.raises(ValueError) as caught:
        pettingzoo_env(game, **kwargs)
    assert message in str(caught.value)


def test_limits_and_defaults():
    assert (MAX_MOVES, DEFAULT_MAX_MOVES) == (10_000, 1_000)
    assert make_encoder("Pig").max_moves == DEFAULT_MAX_MOVES
    assert make_encoder("Pig", max_moves=MAX_MOVES).max_game_length == MAX_MOVES
    assert make_encoder("Thieves").players == ("Pale", "Dark")          # each game's own default players
    assert make_encoder(Furcle, players=["Ann", "Bob", "Cy"]).n == 3


def test_highcards_information_states_have_perfect_recall(spiel):
    """Every history of a small High Card, walked whole: histories a seat cannot tell apart (the same information-
    state string) have the same legal actions and the same past of that seat's own decisions; histories it can
    tell apart (different pasts) never share a string."""
    game = spiel.load_game("furlib_highcard", {"cards": 4, "hand": 2})
    pasts: dict[tuple[int, str], set[tuple]] = defaultdict(set)
    legal: dict[tuple[int, str], set[tuple]] = defaultdict(set)
    tensors: dict[tuple[int, str], set[tuple]] = defaultdict(set)

    def walk(state, own):
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                walk(state.child(action), own)
            return
        player = state.current_player()
        key = (player, state.information_state_string(player))
        pasts[key].add(tuple(own[player]))
        legal[key].add(tuple(state.legal_actions()))
        tensors[key].add(tuple(state.information_state_tensor(player)))
        for action in state.legal_actions():
            walk(state.child(action), {**own, player: own[player] + [(key[1], action)]})

    walk(game.new_initial_state(), {0: [], 1: []})
    assert len(pasts) > 20
    assert all(len(v) == 1 for v in pasts.values()) and all(len(v) == 1 for v in legal.values())
    assert all(len(v) == 1 for v in tensors.values())           # the tensor is as fine as the string
    keys_by_tensor = defaultdict(set)
    for key, values in tensors.items():
        keys_by_tensor[(key[0], *values)].add(key)
    assert all(len(v) == 1 for v in keys_by_tensor.values())    # ... and no coarser
