"""The events a view holds are the ones its player may see, however the views are asked for.

A game sorts out the events written since the last view in one pass for every seat asked so far, and a seat
asked for the first time catches up on the ones sorted out before (core/engine/timeline.py,
``Timeline.visible_events``). Here the views are asked for in a seeded random order, some seats skipped for
several positions and one seat asked for the first time late, and each view's events are compared with the
game's own filter of all its events (``events_for``, which looks at every event with ``visible``), through
an undo and another line of play. About 0.02 s.
"""

from __future__ import annotations

import random

from furlib import FurryPoker
from furlib.core.engine.policy import RandomBot
from furlib.highcard import HighCard


def _ask_and_check(g, viewers, rng: random.Random) -> int:
    """Ask a seeded random subset of ``viewers`` for their view, in a random order; check each one's events."""
    asked = rng.sample(viewers, rng.randint(0, len(viewers)))
    for who in asked:
        v = g.view(who)
        assert v.events == g.events_for(who), f"{who}'s view at step {g.n_steps}"
        assert type(v.events) is list and v.events is not v.events   # a fresh list each time it is read
    return len(asked)


def test_views_asked_in_any_order_hold_exactly_what_their_player_may_see():
    rng = random.Random(11)
    checked = 0
    for seed in range(4):
        g = HighCard(["Ann", "Bob", "Cy"], cards=12, hand=3, seed=seed)
        early = ["Ann", "Bob", None]           # Cy is asked for the first time once the game is under way
        bot = RandomBot(seed=seed)
        while not g.is_over:
            checked += _ask_and_check(g, early if g.n_steps < 8 else [*early, "Cy"], rng)
            g.step(None if g.is_chance else bot)
        g.undo(7)                              # events dropped: every seat's are sorted out again
        checked += _ask_and_check(g, ["Cy", None, "Ann"], rng)
        while not g.is_over:                   # another line of play from there
            g.step(None if g.is_chance else RandomBot(seed=seed + 100))
            checked += _ask_and_check(g, ["Ann", "Bob", "Cy", None], rng)
    assert checked > 100


def test_a_view_of_furry_poker_holds_exactly_what_its_player_may_see():
    rng = random.Random(12)
    g = FurryPoker(3, seed=5)
    viewers = [*g.players, None]
    bot = RandomBot(seed=6)
    checked = 0
    while not g.is_over and g.n_steps < 60:
        checked += _ask_and_check(g, viewers, rng)
        g.step(None if g.is_chance else bot)
    assert checked > 60


def test_a_view_keeps_the_events_it_had_through_later_play_an_undo_and_another_line():
    # a view keeps a tuple of the events its seat had seen (the views of a seat at one moment share it)
    g = HighCard(["Ann", "Bob"], cards=10, hand=3, seed=2)
    kept = []                                  # (view, its events and log when made)
    while not g.is_over:
        for who in ("Ann", "Bob", None):
            v = g.view(who)
            kept.append((v, v.events, v.log()))
        g.step(None if g.is_chance else RandomBot(seed=3))
    g.undo(6)
    while not g.is_over:                       # another line of play from there
        g.step(None if g.is_chance else RandomBot(seed=4))
        kept.append((g.view("Ann"), g.view("Ann").events, g.view("Ann").log()))
    assert len(kept) > 40
    for v, events, log in kept:
        assert v.events == events and v.log() == log and v.history_for().shape[0] == len(events)
        assert v._events == tuple(events)      # nor does it hold, even privately, an event written after it
    grown = [v for v, events, _ in kept if v.viewer == "Ann" and len(events) < len(g.view("Ann").events)]
    assert grown                               # the game has gone on past these views, which did not follow it
