"""What a game of The Furglars' events say: one method per kind of :mod:`furlib.furglars.events`, in English."""

from __future__ import annotations

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.words import act, join_words, named, plural, possessive
from .faces import describe_counts, describe_pile

__all__ = ["FurglarsTexts", "reach_words"]


def reach_words(total: int, target: int) -> str:
    """How a winning total meets the target, after the player's name (a verb first, for :func:`act`).

    >>> reach_words(15, 15), reach_words(16, 15), reach_words(1, 1)
    ('reaches the target of 15 points', 'reaches 16 points, past the target of 15,', 'reaches the target of 1 point')
    """
    if total == target:
        return f"reaches the target of {plural(target, 'point')}"
    return f"reaches {plural(total, 'point')}, past the target of {target},"


def a_lock_of(who: str, had: int) -> str:
    """ "Bob's Lock" when it was Bob's only one, else "one of Bob's Locks" ("your" for You).

    >>> a_lock_of("Bob", 1), a_lock_of("You", 3)
    ("Bob's Lock", 'one of your Locks')
    """
    whose = possessive(who, capital=False)
    return f"{whose} Lock" if had == 1 else f"one of {whose} Locks"


class FurglarsTexts(Texts):
    """The Furglars' events in English."""

    __slots__ = ()

    def score_of(self, e: Event) -> int:
        """The event's player's Bullion Points after it."""
        total: int = e.scores[self.players.index(self.who(e))]
        return total

    def roll(self, e: Event) -> str:
        """'Ann rolls 5 dice: 2 Furgles, 1 Lock and 2 Hands' ('bonus dice' for an X-factor bonus roll)."""
        d = e.data
        k = d["furgle"] + d["lock"] + d["hand"] + d["x"]
        what = ("die" if k == 1 else "dice") if not d["bonus"] else ("bonus die" if k == 1 else "bonus dice")
        counts = {"furgle": d["furgle"], "lock": d["lock"], "hand": d["hand"], "x": d["x"]}
        return act(self.who(e), f"rolls {k} {what}: {describe_counts(counts)}")

    def x_factor(self, e: Event) -> str:
        me, gifts = self.who(e), e.data["gifts"]
        if not gifts:
            return act(me, "rolled only Xs, but no other card holds a Lock: no bonus roll")
        given = join_words([act(self.players[j], f"gives {plural(n, 'Lock')}") for j, n in gifts])
        return f"X factor! {act(me, 'rolled only Xs')}: {given}; {act(me, 'rolls them as a bonus roll')}"

    def steal(self, e: Event) -> str:
        """'Ann steals a Furgle from Bob (Ann has 3 Furgles on the card)'."""
        me = self.who(e)
        return act(me, f"steals a Furgle from {named(e.data['target'])} ({act(me, 'has')} "
                       f"{plural(e.data['has'], 'Furgle')} on the card)")

    def break_(self, e: Event) -> str:
        """The break of a Lock: "Ann breaks Bob's Lock with a Hand (Bob has 0 Locks left)"."""
        who, left = e.data["target"], e.data["left"]
        return act(self.who(e), f"breaks {a_lock_of(who, left + 1)} with a Hand ({act(who, 'has')} "
                                f"{plural(left, 'Lock')} left)")

    def pass_(self, e: Event) -> str:
        """'Ann keeps 2 Furgles on the card and passes 3 dice to Bob: 2 unused Hands and 1 X'."""
        d = e.data
        passed = d["dice"]
        kept = describe_counts({"furgle": d["kept_furgles"], "lock": d["kept_locks"]})
        pile = describe_pile({"hand": d["hands"], "x": d["xs"], "lock": d["broken"]}, d["unused"]) if passed else ""
        return act(self.who(e), f"keeps {kept} on the card and passes {plural(passed, 'die') if passed else 'no dice'}"
                                f" to {named(d['to'])}{': ' + pile if passed else ''}")

    def cash_in(self, e: Event) -> str:
        """'Ann cashes in 2 Furgles for 2 Bullion Points (total 5)'."""
        d = e.data
        points = plural(d["points"], "Bullion Point")
        return act(self.who(e), f"cashes in {plural(d['furgles'], 'Furgle')} for {points} (total {self.score_of(e)})")

    def take_back(self, e: Event) -> str:
        """'Ann takes back 1 Lock to roll'."""
        return act(self.who(e), f"takes back {plural(e.data['locks'], 'Lock')} to roll")

    def no_dice(self, e: Event) -> str:
        return act(self.who(e), f"has no dice to roll: the turn passes to {named(self.players[e.data['next']])}")

    def win(self, e: Event) -> str:
        return act(self.who(e), f"{reach_words(self.score_of(e), self.rules.target)} and wins!")
