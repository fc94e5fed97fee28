"""furlib's own Thieves labyrinths, as map text (the format is in :mod:`furlib.thieves.board`).

Two maps ship with furlib, each 8 by 8 pathways, Pale's exit top left and
Dark's bottom right, the gold in the middle, the same for both players under
a half turn. A map is chosen by its name: ``Thieves(board="classic")``.

``"crossroads"`` (the default since December 2026) was designed for play:
both exits open through two doorways, so a carrier on its exit can always
be attacked; 96 doorways (24 of each colour) on 64 pathways make 33 loops,
with no dead end and no doorway that is the only link between two parts;
each gang starts on its own edges (Pale on C1, E1, A3 and A5), two thieves
near the gold's way and two out on the wings. It was chosen from seeded
random drafts (balanced colours, dead ends opened) by playing Greedy against
Greedy, then checked on 400 fresh seeded games (``Greedy()`` both seats,
seeds 5000 to 5399; the script is in the closing note of issue 19):

=====================================  =========  ==========
over 400 games, Greedy x 2             classic    crossroads
=====================================  =========  ==========
doorways, loops, dead ends             64, 1, 18  96, 33, 0
doorways that are the only link        44         0
doorways into each exit                1          2
games with at least one steal          12.5%      71.0%
first thief to take the gold wins      94.3%      61.5%
games that reach the turn limit        0          0
median game (turns, both players')     65         46
keys that cannot be used               21.9%      16.9%
turns where no key can be used         5.4%       3.3%
=====================================  =========  ==========

``"classic"`` is furlib's first labyrinth (the default until December
2026), kept so that saves and lessons made on it still load: a save made
before the change names no map and is read as ``"classic"``. It is almost
a tree (one loop, 18 dead ends), and each exit has a single doorway.

``Board.default().to_text()`` gives the default back, to copy into a file
and edit.
"""

CROSSROADS_MAP = """\
#################
#PG.BpB.#pB.G.B.#
#Y#Y#G#R#R#R#B#G#
#.G.G.B.B.B.Y.Y.#
#R#Y#G#B#R#B#G###
#pG.Y.#.B.R.#.R.#
#R#R#G###Y#Y#R#R#
#.G.Y.#.R.Y.G.Yd#
#####Y#B*B#Y#####
#pY.G.Y.R.#.Y.G.#
#R#R#Y#Y###G#R#R#
#.R.#.R.B.#.Y.Gd#
###G#B#R#B#G#Y#R#
#.Y.Y.B.B.B.G.G.#
#G#B#R#R#R#G#Y#Y#
#.B.G.Bd#.BdB.GD#
#################
"""

CLASSIC_MAP = """\
#################
#PG.BpY.B.#.B.#.#
#####R#G###G###B#
#.Y.#p#.Y.R.Y.R.#
#G#B###R#B#####G#
#p#p#.R.#.R.B.#.#
###Y#Y#######Y#Y#
#.G.#.#.#.R.B.#.#
###R#G#G*G#G#R###
#.#.B.R.#.#.#.G.#
#Y#Y#######Y#Y###
#.#.B.R.#.R.#d#d#
#G#####B#R###B#G#
#.R.Y.R.Y.#d#.Y.#
#B###G###G#R#####
#.#.B.#.B.YdB.GD#
#################
"""

#: The maps furlib ships, by name (the first is the default).
MAPS: dict[str, str] = {"crossroads": CROSSROADS_MAP, "classic": CLASSIC_MAP}
#: The name of the default map.
DEFAULT_NAME = "crossroads"
#: The default map's text.
DEFAULT_MAP = MAPS[DEFAULT_NAME]
