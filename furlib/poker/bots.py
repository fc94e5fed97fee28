"""Bots for Furry Poker: they are given the player's view (never the game) and read only what it shows.

* :class:`~furlib.core.engine.policy.RandomBot`: any legal action, uniformly.
* :class:`Greedy`: the play that raises its own best score most now (a card
  it cannot see yet, from a Leopard or a Crow, counts at its average gain).
* :class:`Planner`: values a card by the expected gain of its best score,
  counting the cards it can see (a Leopard or Crow by the exact expected
  best of 3 or 4 draws from the cards it has not seen), and denies the
  others: among equal gains it takes (or a Tiger removes) the Public card
  that would raise another player's visible score most.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any, cast

import numpy as np

from ..core.engine.policy import RandomBot
from ..core.errors import check_bool, excerpt
from .actions import ACTIONS, Activate, Discard, FaceDown, Keep, Pick, Place, Play, Remove, Take, ToHand, Trigger
from .cards import (
    ALL_CARDS,
    BASIC,
    COLOR_CHANGES,
    MINUS,
    PLUS,
    ability_value,
    is_ability,
    is_basic,
    is_color_change,
    number,
    parse_card,
)
from .scoring import MAX_BASIC_AND_ABILITIES, best_score
from .views import PokerView

__all__ = ["RandomBot", "Greedy", "Planner", "default_bot", "area_points", "MAX_AREA_CARDS", "MAX_HAND_CARDS"]

#: A card added to the Personal Area is worth this much beyond its points now (it brings the end nearer
#: and can join a combination later), so a bot never passes up a free card.
CARD_BONUS = 0.1
#: The most cards :func:`area_points` (and a bot's ``area``) takes: the scorer's bound of
#: ``MAX_BASIC_AND_ABILITIES`` (11) basic and Ability cards, and the 6 Color-Change cards.
MAX_AREA_CARDS = MAX_BASIC_AND_ABILITIES + len(COLOR_CHANGES)
#: The most cards a bot's ``hand`` takes (:meth:`Greedy.effect_value`): the 72 basic cards of the deck.
MAX_HAND_CARDS = len(BASIC)
_ALL, _BASIC = frozenset(ALL_CARDS), frozenset(BASIC)


def _cards(what: str, cards: object, limit: int, basic_only: bool = False) -> list[str]:
    """``cards`` as a list of different card codes, read lazily: the card past ``limit`` is refused unread on.

    Raises ValueError naming the first thing refused.
    """
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        example = "['R7', 'Gy12']" if basic_only else "['R7', 'Gy12', 'CC1']"
        raise ValueError(f"{what} must be a list of card codes, e.g. {example}; got {excerpt(cards)}")
    allowed = _BASIC if basic_only else _ALL
    out: list[str] = []
    for c in cards:
        if len(out) == limit:
            raise ValueError(f"{what} holds at most {limit} cards, got more")
        if not isinstance(c, str) or c not in allowed:
            kind = "basic cards, e.g. 'R7' or 'Gy12'" if basic_only else "the 86 cards, e.g. 'R7', 'CC1' or '+2'"
            raise ValueError(f"{what} must be codes of {kind}; got {excerpt(c)}")
        if c in out:
            raise ValueError(f"the {c} appears twice in {what}; the deck holds one of each card")
        out.append(str(c))
    return out


@lru_cache(maxsize=100_000)
def _points(cards: tuple[str, ...]) -> int:
    basic = [parse_card(c) for c in cards if is_basic(c)]
    return best_score(basic, sum(1 for c in cards if is_color_change(c)),
                      [ability_value(c) for c in cards if is_ability(c)]).points


def _area_points(cards: Iterable[str]) -> int:
    """:func:`area_points` of the bots' own lists (cards of the game: not checked again)."""
    return _points(tuple(sorted(cards)))


def area_points(cards: Iterable[str]) -> int:
    """The best score of a list of card names (basic and special), remembered between calls.

    ``cards`` is read lazily: at most :data:`MAX_AREA_CARDS` (17) different codes of the 86 cards.

    >>> area_points(["R7", "R8", "R9", "CC1"])
    3

    Raises
    ------
    ValueError
        For a card that is not one of the 86, a card given twice, more than ``MAX_AREA_CARDS`` cards (the
        18th is refused unread on), or more basic and Ability cards than the scorer takes
        (``MAX_BASIC_AND_ABILITIES``, 11).
    """
    return _points(tuple(sorted(_cards("cards", cards, MAX_AREA_CARDS))))


class Greedy:
    """The play that raises its own best score most now. It takes no settings.

    A bot is called with a player's view (``bot(game.view("Ann"))``, as ``play()`` does) and reads only
    what it shows; anything else is a ValueError.

    >>> Greedy()
    Greedy()
    """

    expected_draws = False
    deny = 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # what the bot knows
    def _mine(self, view: PokerView) -> tuple[int, list[str], list[str]]:
        me = cast(str, view.viewer)         # a bot is given a player's view
        p = view.players.index(me)
        area, hand = view.personal[me], view.hands[me]
        down = area["down"] if isinstance(area["down"], list) else []
        return p, area["up"] + down, hand if isinstance(hand, list) else []

    def _unseen(self, view: PokerView) -> list[str]:
        """Basic cards the bot has not seen anywhere (where a draw may come from)."""
        known = set(view.public) | set(view.shown) | set(view.seen_by(cast(str, view.viewer)) or ())
        for area in view.personal.values():
            known.update(area["up"])
        return [c for c in BASIC if c not in known]

    def _gain(self, area: list[str], add: Sequence[str] = (), drop: str | None = None) -> float:
        base = _area_points(area)
        new = [c for c in area if c != drop] + list(add)
        return _area_points(new) - base + CARD_BONUS * (len(new) - len(area))

    def _draw_value(self, view: PokerView, area: list[str], k: int) -> float:
        """Value of drawing ``k`` cards and keeping the best: the average gain of one unseen card (Greedy)."""
        pool = self._unseen(view)
        if not pool:
            return 0.0
        gains = sorted(self._gain(area, [c]) for c in pool)
        if not self.expected_draws:
            return sum(gains) / len(gains)
        n = len(pool)
        k = min(k, n)
        # E[max of k drawn without replacement] = sum_i g_(i) * C(i-1, k-1) / C(n, k), gains ascending
        return sum(g * comb(i, k - 1) for i, g in enumerate(gains)) / comb(n, k)

    def _denial(self, view: PokerView, card: str) -> float:
        if not self.deny:
            return 0.0
        best = 0.0
        for name, area in view.personal.items():
            if name != view.viewer:
                up = area["up"]
                best = max(best, _area_points(up + [card]) - _area_points(up))
        return self.deny * best

    def _view(self, view: object) -> PokerView:
        """``view`` if it is a player's view of a Furry Poker game; else a ValueError naming it."""
        if not isinstance(view, PokerView) or view.viewer is None or view.reveal:
            raise ValueError(f"{type(self).__name__} reads a player's view of a Furry Poker game, e.g. "
                             f"game.view('Ann'); got {excerpt(view)}")
        return view

    def effect_value(self, view: PokerView, card: str, area: Iterable[str], hand: Iterable[str],
                     lion: bool = True) -> float:
        """What the effect of the basic ``card`` is worth to a player with ``area`` and ``hand``, seen in ``view``.

        ``area`` (at most :data:`MAX_AREA_CARDS` cards) and ``hand`` (at most :data:`MAX_HAND_CARDS`
        basic cards) are read lazily, each card's code once; ``lion=False`` values a Lion at 0 (a Lion
        activating a Lion). A ValueError names anything else.
        """
        view = self._view(view)
        parse_card(card)            # a basic card's code, or a ValueError naming it
        return self._effect_value(view, card, _cards("area", area, MAX_AREA_CARDS),
                                  _cards("hand", hand, MAX_HAND_CARDS, basic_only=True), check_bool("lion", lion))

    def _effect_value(self, view: PokerView, card: str, area: list[str], hand: list[str], lion: bool = True) -> float:
        pub = view.public
        n = number(card)
        takes = [self._gain(area, [c]) for c in pub]
        if n == 12 and len(pub) == 1:           # a Bear facing one Public card: into the area or the hand
            return max(takes[0], self._value(view, ToHand(pub[0])))
        if n in (1, 5, 12):
            return max(takes, default=0.0)
        if n == 2:
            left = [c for c in view.specials_left if c in COLOR_CHANGES]
            return self._gain(area, left[:1]) if left else 0.0
        if n in (3, 4):
            return self._draw_value(view, area, n)
        if n == 6:
            if not pub:
                return max((self._gain(area, drop=c) for c in area), default=0.0)
            top = sorted(pub, key=lambda c: -self._gain(area, [c]))[:2]
            return max((self._gain(area, top, drop=c) for c in area), default=self._gain(area, top))
        if n == 7:
            if not lion:
                return 0.0
            return max((self._effect_value(view, c, area, hand, lion=False) for c in area
                        if is_basic(c) and number(c) != 7), default=0.0)
        if n in (8, 9):
            return max((self._gain(area, [c]) for c in hand if c != card), default=0.0)
        kind = PLUS if n == 10 else MINUS
        return max((self._gain(area, [c]) for c in view.specials_left if c in kind), default=0.0)

    def value(self, view: PokerView, action: object) -> float:
        """How much ``action`` (a Furry Poker action) is worth to the bot now, in the player's ``view``.

        A ValueError names a ``view`` that is not a player's view, an ``action`` that is not a Furry Poker
        action, and a ``Trigger()`` when no card of the viewer's is in play.
        """
        view = self._view(view)
        if not isinstance(action, ACTIONS):
            raise ValueError(f"action must be a Furry Poker action (see furlib.poker.actions), e.g. Take('R7'); "
                             f"got {excerpt(action)}")
        if isinstance(action, Trigger):
            order, at = view.round_order, view.acting
            if not at < len(order) or order[at][0] != view.viewer:
                raise ValueError(f"Trigger() is worth something only while a card of {view.viewer}'s is in play "
                                 f"and {view.viewer} acts; {view.step_text or 'nothing is asked'} now")
        return self._value(view, action)

    def _value(self, view: PokerView, action: object) -> float:
        p, area, hand = self._mine(view)
        if isinstance(action, Play):
            take = max((self._gain(area, [c]) + self._denial(view, c) for c in view.public), default=0.0)
            rest = [c for c in hand if c != action.card]
            return max(take, self._effect_value(view, action.card, area, rest))
        if isinstance(action, Trigger):
            played = view.round_order[view.acting][1]
            return self._effect_value(view, played, area, hand)
        if isinstance(action, (Take, Keep, Place, Pick, FaceDown)):
            return (self._gain(area, [action.card])
                    + (self._denial(view, action.card) if isinstance(action, Take) else 0))
        if isinstance(action, Remove):
            return self._denial(view, action.card)
        if isinstance(action, Discard):
            if action.card in area:
                return self._gain(area, drop=action.card)
            return -self._gain(area, [action.card])     # keep the hand card worth most
        if isinstance(action, Activate):
            return self._effect_value(view, action.card, area, hand, lion=False)
        if isinstance(action, ToHand):
            return self._gain(area, [action.card]) / 2
        return 0.0

    def __call__(self, view: Any) -> object:
        """The action the bot takes in the player's ``view`` (a ValueError if the viewer has nothing to decide)."""
        view = self._view(view)
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{type(self).__name__} was asked to move for {view.viewer}, who has no decision to "
                             "take now")
        best, choice = None, legal[0]
        for a in legal:
            v = self._value(view, a)
            if best is None or v > best + 1e-9:
                best, choice = v, a
        return choice


class Planner(Greedy):
    """Plans with expectations and denial: a Leopard or Crow at the exact expected best of its draws
    from the unseen cards, and Public cards valued also by what they would give the others.

    Parameters
    ----------
    deny : float, default 0.5
        The weight of what a Public card would give another player, a number from 0 to 1 (an int, a float
        or a numpy number; not a bool, NaN or infinity); anything else is a ValueError.

    >>> Planner()
    Planner(deny=0.5)
    """

    expected_draws = True

    def __init__(self, deny: float = 0.5):
        if (isinstance(deny, (bool, np.bool_)) or not isinstance(deny, (int, float, np.integer, np.floating))
                or not 0 <= deny <= 1):     # NaN and infinity fail the comparison too
            raise ValueError(f"deny must be a number from 0 to 1 (the weight of what the others would gain), "
                             f"got {excerpt(deny)}")
        self.deny = float(deny)

    def __repr__(self) -> str:
        return f"Planner(deny={self.deny:g})"


def default_bot() -> Greedy:
    """The bot used when no policy is given: ``Greedy()``."""
    return Greedy()
