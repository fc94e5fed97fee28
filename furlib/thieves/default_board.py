"""furlib's own Thieves labyrinth, as map text (the format is in :mod:`furlib.thieves.board`).

8 by 8 pathways; Pale's exit top left, Dark's bottom right; the gold in the
middle. The same for both players under a half turn, every pathway
reachable, 16 doorways of each colour and 48 walls between pathways (of 112
places for a doorway). Made once by a seeded random spanning tree plus extra
doorways, kept here as data: this string is the one source;
``Board.default().to_text()`` gives it back, to copy into a file and edit.
"""

DEFAULT_MAP = """\
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
