"""The kinds of event a Furglars game writes (the ``event`` column of ``game.history``), and their facts.

Code that reads events compares ``event.kind`` with these names, never the
English text, which is for people. :data:`FACTS` names each kind's facts
(the keys of ``event.data``) in the order the rules give them:
``log.emit(ev.STEAL, me, target, has)`` is the event ``steal`` with
``data == {"target": target, "has": has}``.
"""

from collections.abc import Mapping

from ..core.engine.fixed import FrozenDict

CASH_IN = "cash in"        #: Furgles cashed in
TAKE_BACK = "take back"    #: Locks taken back to roll
ROLL = "roll"              #: dice rolled
X_FACTOR = "x factor"      #: only Xs rolled (no Lock on another card: no bonus roll)
BREAK = "break"            #: a Hand breaks a Lock
STEAL = "steal"            #: a Hand steals a Furgle
PASS = "pass"              #: dice passed on
NO_DICE = "no dice"        #: nothing to roll: the turn passes
WIN = "win"                #: the game is won

KINDS = (CASH_IN, TAKE_BACK, ROLL, X_FACTOR, BREAK, STEAL, PASS, NO_DICE, WIN)

#: The facts of each kind of event, in the order the rules give them to ``log.emit`` (read-only: every rule set
#: reads it).
FACTS: Mapping[str, tuple[str, ...]] = FrozenDict({
    CASH_IN: ("furgles", "points"),                      # Furgles cashed in, the points they pay
    TAKE_BACK: ("locks",),                               # Locks taken back from the card
    ROLL: ("faces", "bonus", "furgle", "lock", "hand", "x"),   # the faces, a bonus roll?, the count of each kind
    X_FACTOR: ("dice", "gifts"),                         # Locks taken for a bonus roll, (seat, Locks) each giver
    BREAK: ("target", "left"),                           # whose Lock, how many Locks they have left
    STEAL: ("target", "has"),                            # from whom, the Furgles on the thief's card now
    PASS: ("dice", "to", "kept_furgles", "kept_locks",   # dice passed, to whom, what stays on the card,
           "hands", "xs", "broken", "unused"),           # and the pile: Hands, Xs, broken Locks, unused Hands
    NO_DICE: ("next",),                                  # the seat the turn passes to
    WIN: (),
})
