"""Random labyrinths (furlib.thieves.generate), and the bots on the largest map the limits allow."""

import pytest

from furlib import Thieves
from furlib.thieves.board import MAX_MAP_SIDE, Board
from furlib.thieves.bots import Greedy, Lookahead
from furlib.thieves.generate import MAX_PATHWAYS, random_map


@pytest.mark.parametrize("n", range(4, MAX_PATHWAYS + 1, 2))
def test_every_allowed_size_is_valid_and_seeded(n):
    text = random_map(n, seed=n)
    b = Board.load(text)
    assert (b.rows, b.cols) == (2 * n + 1, 2 * n + 1) and len(b.pathways) == n * n
    assert random_map(n, seed=n) == text
    assert b.exits == ((1, 1), (2 * n - 1, 2 * n - 1))


def test_the_largest_map_is_the_limit():
    assert 2 * MAX_PATHWAYS + 1 == MAX_MAP_SIDE == 33


def test_walls_share_is_honoured_roughly():
    """Over a 16 by 16 map's 480 doorway places (240 drawn, the rest mirrored), the share of walls is near 0.25.

    The places are drawn independently, so the count of walls among the 240 drawn is Binomial(240, 0.25):
    mean 60, sd 6.7; the bounds are 4 sd either side (a false alarm well under 1 in 10,000).
    """
    b = Board.load(random_map(16, seed=11, walls=0.25))
    drawn_walls = (480 - len(b.doors)) // 2
    assert 60 - 27 <= drawn_walls <= 60 + 27


@pytest.mark.parametrize("bad, words", [
    ({"pathways": 3}, "pathways must be an even whole number from 4 to 16"),
    ({"pathways": 18}, "got 18"),
    ({"pathways": True}, "got True"),
    ({"pathways": 8.0}, "got 8.0"),
    ({"walls": 0.6}, "walls must be a share from 0 to 0.5"),
    ({"walls": "0.1"}, "got '0.1'"),
])
def test_bad_arguments_are_refused(bad, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        random_map(**bad)


def test_bots_play_a_whole_game_on_the_largest_map():
    """Greedy against Lookahead on a 16 by 16 labyrinth: the game ends (the bots fit the largest map allowed)."""
    g = Thieves(board=random_map(16, seed=3), seed=2, max_turns=300)
    g.play(Greedy(), Lookahead(top=2))
    assert g.is_over
    assert g.turn > 10
