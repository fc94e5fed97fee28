"""The kinds of event a Nim game writes (the ``event`` column of ``game.history``).

Code that reads events compares ``event.kind`` with these names, never the
English text, which is for people.
"""

TAKE = "take"   #: a player takes stones from a heap; data: heap (0 for the first), count, left (in that heap)
WIN = "win"     #: the last stone is taken: the player who took it wins

KINDS = (TAKE, WIN)
