"""What an Oh Furcle! game's events say: one method per kind of :mod:`furlib.furcle.events`, in English.

The French texts are :class:`furlib.furcle.texts_fr.FurcleFrench` (``g.log(language="fr")``).
"""

from __future__ import annotations

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.words import act, possessive, their
from .scoring import describe_checked

__all__ = ["FurcleTexts", "faces_text"]


def faces_text(faces: tuple[int, ...]) -> str:
    """The faces of a roll as the log writes them: ``3,3,5``."""
    return ",".join(str(f) for f in faces)


class FurcleTexts(Texts):
    """Oh Furcle!'s events in English."""

    LANGUAGES = {"en": "furlib.furcle.texts:FurcleTexts", "fr": "furlib.furcle.texts_fr:FurcleFrench"}
    __slots__ = ()

    def roll(self, e: Event) -> str:
        d = e.data
        if d["points"]:
            return act(self.who(e), f"rolls {faces_text(d['faces'])}: {describe_checked(d['faces'])} scores "
                                    f"{d['points']}")
        return act(self.who(e), f"rolls {faces_text(d['faces'])}: all different")

    def roll_again(self, e: Event) -> str:
        d = e.data
        return act(self.who(e), f"is not Satisfied: turn score {d['turn_score']}, and rolls {d['dice']} dice again")

    def beekin(self, e: Event) -> str:
        d = e.data
        faces, old = d["faces"], d["faces"][d["die"]] - 1
        text = act(self.who(e), f"says Beekin! A {old} becomes a {old + 1}: ")
        if d["points"]:
            return text + f"{describe_checked(faces)} scores {d['points']}"
        return text + ("now all different" if d["before"] else "still all different")

    def furcle(self, e: Event) -> str:
        me, lost = self.who(e), e.data["lost"]
        if lost:
            return f"Oh Furcle! {act(me, f'loses {lost}')} and the turn ends"
        return f"Oh Furcle! {possessive(me)} turn ends with nothing to bank"

    def satisfied(self, e: Event) -> str:
        me = self.who(e)
        total = e.scores[self.players.index(me)]
        return act(me, f"is Satisfied and banks {e.data['points']}: track score {total}")

    def leader(self, e: Event) -> str:
        passed = e.data["passed"]
        if passed is None:
            return act(self.who(e), f"reaches {self.rules.target} and becomes the Leader")
        return act(self.who(e), f"passes {self.players[passed]} and becomes the Leader")

    def win(self, e: Event) -> str:
        me = self.who(e)
        return act(me, f"is still the Leader at the start of {their(me)} turn and wins!")
