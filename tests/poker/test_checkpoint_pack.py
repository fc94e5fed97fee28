"""Furry Poker's checkpoints (a packed state every 16 actions) keep a list of cards a byte a card (issue 32,
memory per action), and give back exactly the state packed."""

import marshal

import pytest

from furlib import FurryPoker
from furlib.core.engine.state import State
from furlib.poker.cards import ALL_CARDS
from furlib.poker.state import PokerState


def _state(**changes):
    """A made-up state with lists of cards, lists of them, and lists that are not cards."""
    fields = dict(turn=3, current=1, phase="act", winner=None, scores=[0, 4, 0], deck=["R7", "Gy12", "CC1"],
                  discard=[], public=["+2", "-4"], hands=[["R1"], [], ["B3", "Y12"]], up=[[], [], []],
                  down=[["P5"], [], []], specials=["CC2", "+1"], draws=[["hand", 0], ["public", None]],
                  drawn=[], drawn_by=None, order=[[0, "R4"], [2, "G6"]], pos=1, steps=["take", "take"],
                  final=False, to_place=[2, 0], shown=["R4"], seen=[["R1", "R4"], [], ["R4"]], secret=None)
    fields.update(changes)
    return PokerState(**fields)


def test_a_list_of_cards_is_kept_as_the_bytes_of_the_cards_places_and_the_rest_as_it_is():
    state = _state()
    kept = dict(zip(PokerState.names(), marshal.loads(state.pack())))
    place = ALL_CARDS.index
    assert kept["deck"] == bytes([place("R7"), place("Gy12"), place("CC1")]) == bytes([6, 71, 72])
    assert kept["public"] == bytes([place("+2"), place("-4")]) == bytes([79, 85])
    assert kept["hands"] == [bytes([0]), [], bytes([place("B3"), place("Y12")])]
    assert kept["seen"] == [bytes([0, 3]), [], bytes([3])]
    for name in ("scores", "draws", "order", "steps", "to_place", "discard", "drawn", "phase", "secret"):
        assert kept[name] == getattr(state, name)       # not cards only (or none): as they are
    assert len(state.pack()) < len(State.pack(state))


@pytest.mark.parametrize("changes", [{}, {"secret": {"chosen": {"0": "R9"}, "waiting": [1, 2]}},
                                     {"deck": 40, "hands": [["R1"], 3, 2], "winner": [0, 2], "phase": "over"},
                                     {"steps": ["R1"], "order": [[1, "R1"], "R2"]}])
def test_unpack_gives_back_exactly_the_state_packed_sharing_nothing(changes):
    state = _state(**changes)
    back = PokerState.unpack(state.pack())
    assert back == state and repr(back.values()) == repr(state.values())   # the same types too (lists stay lists)
    assert back.hands is not state.hands and back.hands[0] is not state.hands[0]


@pytest.mark.parametrize("players, advanced", [(2, False), (3, True), (6, False)])
def test_every_position_of_seeded_games_packs_and_unpacks_to_itself_and_undo_reaches_it(players, advanced):
    game = FurryPoker(players, seed=11, advanced=advanced)
    positions = []
    while not game.is_over:
        game.step()
        positions.append(game.copy())
    assert len(positions) > 40
    played = positions[-1]
    for n, earlier in enumerate(positions, start=1):
        again = played.at(n)                 # from the latest checkpoint at or before n, then replayed
        assert again.to_json() == earlier.to_json() and again.legal_actions() == earlier.legal_actions()
        assert all(repr(again.view(p)) == repr(earlier.view(p)) for p in again.players)
