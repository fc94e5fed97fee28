"""A small labyrinth for the Thieves tests: 4 by 4 pathways, every place between two pathways a doorway.

Pathways (row, col) and where their doorways lead::

    (1,1)P  -R- (1,3)  -Y- (1,5)p -G- (1,7)p
      B          G          Y          R
    (3,1)p  -Y- (3,3)  -B- (3,5)p -G- (3,7)
      R          G    [*]   G          R
    (5,1)   -G- (5,3)d -B- (5,5)  -Y- (5,7)d
      R          Y          G          B
    (7,1)d  -G- (7,3)d -Y- (7,5)  -R- (7,7)D

Pale's thieves 1-4 start on (1,5), (1,7), (3,1), (3,5); Dark's on (5,3),
(5,7), (7,1), (7,3). The gold's pathways are (3,3), (3,5), (5,3), (5,5).
"""

import pytest

SMALL = """\
#########
#PR.YpGp#
#B#G#Y#R#
#pY.BpG.#
#R#G*G#R#
#.GdB.Yd#
#R#Y#G#B#
#dGdY.RD#
#########
"""


@pytest.fixture
def small():
    return SMALL


@pytest.fixture(autouse=True)
def _classic_default(request, monkeypatch):
    """Tests marked ``classic_map`` were written against the classic labyrinth's squares (a wall here, a
    doorway there): for them the default map is the classic one, as it was when they were written."""
    if request.node.get_closest_marker("classic_map"):
        from furlib.thieves import default_board

        monkeypatch.setattr(default_board, "DEFAULT_NAME", "classic")
