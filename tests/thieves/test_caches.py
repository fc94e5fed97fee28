"""The Thieves bots' distances cache (keyed by the board) stays bounded."""

from furlib.thieves import bots
from furlib.thieves.board import Board


def test_the_distances_cache_keeps_only_the_boards_last_used():
    bots._DIST.clear()
    text = Board.default().to_text()
    boards = [Board.load(text) for _ in range(bots._DIST_SIZE + 5)]
    got = [bots._distances(b) for b in boards]
    assert len(bots._DIST) == bots._DIST_SIZE
    assert bots._distances(boards[-1]) is got[-1]        # kept
    assert got[0] == got[-1]                             # the same labyrinth, the same distances
    assert [id(entry[0]) for entry in bots._DIST.values()] == [id(b) for b in boards[-bots._DIST_SIZE:]]
