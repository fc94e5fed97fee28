"""The kinds of event a Pig game writes (the ``event`` column of ``game.history``).

Code that reads events compares ``event.kind`` with these names, never the
English text, which is for people.
"""

ROLL = "roll"              #: a 2 to 6 is rolled; data: face, turn_total (the turn's points so far)
ONE = "one"                #: a 1 is rolled: the turn ends and its points are lost; data: face (1), lost
ROLL_AGAIN = "roll again"  #: the player risks the turn total and rolls again; data: turn_total
HOLD = "hold"              #: the turn total is banked and the turn ends; data: banked
WIN = "win"                #: a banked score reaches the target: the game is won

KINDS = (ROLL, ONE, ROLL_AGAIN, HOLD, WIN)
