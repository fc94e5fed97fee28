"""The kinds of event an Oh Furcle! game writes (the ``event`` column of ``game.history``).

Code that reads events compares ``event.kind`` with these names, never the
English text, which is for people.
"""

ROLL = "roll"                #: dice rolled; data: faces, points, turn_score
BEEKIN = "beekin"            #: a die raised by 1; data: faces, points, turn_score
FURCLE = "furcle"            #: the turn score is lost; data: lost (the turn score lost), points (0), turn_score (0)
ROLL_AGAIN = "roll again"    #: not Satisfied; data: turn_score
SATISFIED = "satisfied"      #: the turn score is banked; data: points, turn_score
LEADER = "leader"            #: a player becomes the Leader
WIN = "win"                  #: the game is won

KINDS = (ROLL, BEEKIN, FURCLE, ROLL_AGAIN, SATISFIED, LEADER, WIN)
