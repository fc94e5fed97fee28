"""What a game of Thieves' events say: one method per kind of :mod:`furlib.thieves.events`, in English."""

from __future__ import annotations

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.words import act, join_words, plural, possessive
from .squares import square_name

__all__ = ["ThievesTexts", "the_keys"]


def the_keys(keys: list[str] | tuple[str, ...]) -> str:
    """ "the black key", "the red and white keys", "both green keys": keys in words."""
    if len(keys) == 1:
        return f"the {keys[0]} key"
    if len(keys) == 2 and keys[0] == keys[1]:
        return f"both {keys[0]} keys"
    return f"the {join_words(list(keys))} keys"


class ThievesTexts(Texts):
    """Thieves' events in English."""

    __slots__ = ()

    def thief(self, e: Event) -> str:
        """ "Pale's thief 2" ("your thief 2" for You): the event's player's thief."""
        return f"{possessive(self.who(e))} thief {e.data['thief']}".replace("Your thief", "your thief")

    def roll(self, e: Event) -> str:
        return act(self.who(e), f"rolls {join_words(list(e.data['keys']))}")

    def lost(self, e: Event) -> str:
        keys = e.data["keys"]
        if e.data["time"]:
            return act(self.who(e), f"runs out of time: {the_keys(keys)} {'is' if len(keys) == 1 else 'are'} lost")
        return act(self.who(e), f"cannot use {the_keys(keys)}: {'it is' if len(keys) == 1 else 'they are'} lost")

    def double(self, e: Event) -> str:
        return act(self.who(e), f"offers to double the stake to {e.data['stake']}")

    def accept(self, e: Event) -> str:
        return act(self.who(e), f"accepts: the stake is {e.data['stake']}")

    def refuse(self, e: Event) -> str:
        return act(self.who(e), f"refuses and forfeits the stake of {e.data['stake']}")

    def win(self, e: Event) -> str:
        me = self.who(e)
        if e.data["refused"]:
            return act(me, f"wins: {self.players[1 - self.players.index(me)]} refused the doubled stake")
        return act(me, "wins!")

    def move(self, e: Event) -> str:
        d = e.data
        board = self.rules.board
        colour = board.doors[board.door_of(d["src"], d["dst"])]
        gold = " with the gold" if d["gold"] else ""
        return act(self.who(e), f"opens a {colour} doorway with the {d['key']} key: thief {d['thief']} "
                                f"moves{gold} to {square_name(*d['dst'])}")

    def pass_(self, e: Event) -> str:
        d = e.data
        return act(self.who(e), f"passes the gold from thief {d['thief']} to thief {d['receiver']} with the "
                                f"{d['key']} key")

    def steal(self, e: Event) -> str:
        d = e.data
        victim, other = d["victim"], self.players[d["victim"] // 4]
        return act(self.who(e), f"steals the gold from {possessive(other).replace('Your', 'your')} thief "
                                f"{victim % 4 + 1} with the {d['key']} key (thief {d['thief']})")

    def take(self, e: Event) -> str:
        return act(self.who(e), f"opens the central square with the black key: {self.thief(e)} takes the gold")

    def escape(self, e: Event) -> str:
        return act(self.who(e), f"opens the exit with the black key: {self.thief(e)} escapes with the gold")

    def undecided(self, e: Event) -> str:
        return f"After {plural(e.turn, 'turn')} (max_turns) the game ends undecided"
