"""The kinds of event a Thieves game writes (the ``event`` column of ``game.history``).

Code that reads events compares ``event.kind`` with these names, never the
English text, which is for people.
"""

ROLL = "roll"              #: the dice are rolled; data: keys
MOVE = "move"              #: a thief moves through a doorway; data: thief, key, src, dst
TAKE = "take"              #: a thief takes the gold from the central square; data: thief, key, src
STEAL = "steal"            #: a thief steals the gold from an opponent; data: thief, key, src, dst (the victim's square)
PASS = "pass"              #: the gold is passed to an accomplice; data: thief, key, src, dst
ESCAPE = "escape"          #: the carrier escapes with the gold and wins; data: thief, key, src
LOST = "lost"              #: keys that could not be used; data: keys
DOUBLE = "double"          #: a player offers to double the stake; data: stake (offered)
ACCEPT = "accept"          #: the offer is accepted; data: stake (now)
REFUSE = "refuse"          #: the offer is refused: the refuser forfeits; data: stake (paid)
WIN = "win"                #: the game is won; data: stake
UNDECIDED = "undecided"    #: max_turns reached: the game ends with no winner

KINDS = (ROLL, MOVE, TAKE, STEAL, PASS, ESCAPE, LOST, DOUBLE, ACCEPT, REFUSE, WIN, UNDECIDED)
#: The kinds of event in which the gold changes hands.
GOLD_KINDS = (TAKE, STEAL, PASS)
