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


def _legal_uses_by_search(board, pos):
    """The uses that begin a maximal plan, worked out here from uses() and best() (no cache)."""
    from furlib.thieves.moves import apply_use, best, uses

    options = uses(board, pos)
    n = len(pos.keys)
    values = [n if u[0] == "escape" else 1 + (best(board, apply_use(pos, u)) if n > 1 else 0) for u in options]
    return [u for u, v in zip(options, values) if v == max(values)]


def test_legal_uses_are_kept_per_map_and_position_and_equal_a_new_search():
    from furlib import Thieves
    from furlib.thieves.bots import Greedy
    from furlib.thieves.moves import LEGAL_USES_KEPT, _legal_uses, legal_uses

    _legal_uses.cache_clear()
    checked = 0
    for seed in range(3):
        g = Thieves(seed=seed, max_turns=30)
        while not g.is_over:
            if not g.is_chance and g.position().keys:
                pos = g.position()
                got = legal_uses(g.board, pos)
                assert got == _legal_uses_by_search(g.board, pos)
                got.clear()                                          # the caller's own list: the kept one stays
                again = legal_uses(Board.load(g.board.to_text()), pos)   # the same map, another object
                assert again == _legal_uses_by_search(g.board, pos) and again
                checked += 1
            g.step(None if g.is_chance else Greedy())
    info = _legal_uses.cache_info()
    assert checked > 50 and info.hits >= checked and info.currsize <= LEGAL_USES_KEPT
