"""The Thieves bots' distances cache (keyed by the labyrinth's map) stays bounded."""

from furlib.thieves import evaluation as bots  # the distances the bots share live in furlib.thieves.evaluation
from furlib.thieves.board import Board
from furlib.thieves.generate import random_map


def test_the_distances_cache_keeps_only_the_maps_last_used():
    bots._DIST.clear()
    boards = [Board.load(random_map(4, seed=s)) for s in range(bots._DIST_SIZE + 5)]
    assert len(set(boards)) == len(boards)               # distinct labyrinths
    got = [bots._distances(b) for b in boards]
    assert len(bots._DIST) == bots._DIST_SIZE
    assert bots._distances(boards[-1]) is got[-1]        # kept: the same table back
    assert list(bots._DIST) == boards[-bots._DIST_SIZE:]
    assert bots._distances(boards[0]) is not got[0]      # dropped (least recently used): worked out again
    assert bots._distances(boards[0]) == got[0]


def test_games_on_the_same_map_share_one_table():
    bots._DIST.clear()
    text = Board.default().to_text()
    a, b = Board.load(text), Board.load(text)
    assert a is not b and a == b and hash(a) == hash(b)
    assert bots._distances(a) is bots._distances(b) and len(bots._DIST) == 1
