"""Texts about a player called "You" read as English: "break your Lock", never "You's"."""

from furlib.furglars.actions import BreakLock, StealFurgle
from furlib.furglars.widget import target_label


def test_actions_and_buttons_about_you():
    assert str(BreakLock("You")) == "break your Lock"
    assert str(BreakLock("Ann")) == "break Ann's Lock"
    assert target_label(BreakLock("You")) == "Break your Lock"
    assert str(StealFurgle("You")) == "steal a Furgle from you"
    assert target_label(StealFurgle("You")) == "Steal a Furgle from you"
