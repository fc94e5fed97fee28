"""The kinds of event a Furglars game writes (the ``event`` column of ``game.history``).

Code that reads events compares ``event.kind`` with these names, never the
English text, which is for people.
"""

CASH_IN = "cash in"        #: Furgles cashed in; data: furgles, points
TAKE_BACK = "take back"    #: Locks taken back to roll; data: locks
ROLL = "roll"              #: dice rolled; data: faces, the count of each kind, bonus
X_FACTOR = "x factor"      #: only Xs rolled; data: dice (Locks taken for a bonus roll, 0 for none)
BREAK = "break"            #: a Hand breaks a Lock; data: target
STEAL = "steal"            #: a Hand steals a Furgle; data: target
PASS = "pass"              #: dice passed on; data: dice, to
NO_DICE = "no dice"        #: nothing to roll: the turn passes
WIN = "win"                #: the game is won

KINDS = (CASH_IN, TAKE_BACK, ROLL, X_FACTOR, BREAK, STEAL, PASS, NO_DICE, WIN)
