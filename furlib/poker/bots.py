"""Bots for Furry Poker: they are given the player's view (never the game) and read only what it shows.

* :class:`~furlib.core.policy.RandomBot`: any legal action, uniformly.
* :class:`Greedy`: the play that raises its own best score most now (a card
  it cannot see yet, from a Leopard or a Crow, counts at its average gain).
* :class:`Planner`: values a card by the expected gain of its best score,
  counting the cards it can see (a Leopard or Crow by the exact expected
  best of 3 or 4 draws from the cards it has not seen), and denies the
  others: among equal gains it takes (or a Tiger removes) the Public card
  that would raise another player's visible score most.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import excerpt
from ..core.policy import RandomBot
from .actions import Activate, Discard, FaceDown, Keep, Pick, Place, Play, Remove, Take, ToHand, Trigger
from .cards import (
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
from .scoring import best_score

if TYPE_CHECKING:  # pragma: no cover
    from .rules import FurryPoker

__all__ = ["RandomBot", "Greedy", "Planner", "default_bot", "area_points"]

#: A card added to the Personal Area is worth this much beyond its points now (it brings the end nearer
#: and can join a combination later), so a bot never passes up a free card.
CARD_BONUS = 0.1


@lru_cache(maxsize=100_000)
def _points(cards: tuple[str, ...]) -> int:
    basic = [parse_card(c) for c in cards if is_basic(c)]
    return best_score(basic, sum(1 for c in cards if is_color_change(c)),
                      [ability_value(c) for c in cards if is_ability(c)]).points


def area_points(cards: Iterable[str]) -> int:
    """The best score of a list of card names (basic and special), remembered between calls."""
    return _points(tuple(sorted(cards)))


class Greedy:
    """The play that raises its own best score most now.

    >>> Greedy()
    Greedy()
    """

    expected_draws = False
    deny = 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # what the bot knows
    def _mine(self, view: FurryPoker) -> tuple[int, list[str], list[str]]:
        me = cast(str, view.viewer)         # a bot is given a player's view
        p = view.players.index(me)
        area, hand = view.personal[me], view.hands[me]
        down = area["down"] if isinstance(area["down"], list) else []
        return p, area["up"] + down, hand if isinstance(hand, list) else []

    def _unseen(self, view: FurryPoker) -> list[str]:
        """Basic cards the bot has not seen anywhere (where a draw may come from)."""
        known = set(view.public) | set(view.shown) | set(view.seen_by(cast(str, view.viewer)) or ())
        for area in view.personal.values():
            known.update(area["up"])
        return [c for c in BASIC if c not in known]

    def _gain(self, area: list[str], add: Sequence[str] = (), drop: str | None = None) -> float:
        base = area_points(area)
        new = [c for c in area if c != drop] + list(add)
        return area_points(new) - base + CARD_BONUS * (len(new) - len(area))

    def _draw_value(self, view: FurryPoker, area: list[str], k: int) -> float:
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

    def _denial(self, view: FurryPoker, card: str) -> float:
        if not self.deny:
            return 0.0
        best = 0.0
        for name, area in view.personal.items():
            if name != view.viewer:
                up = area["up"]
                best = max(best, area_points(up + [card]) - area_points(up))
        return self.deny * best

    def effect_value(self, view: FurryPoker, card: str, area: list[str], hand: list[str], lion: bool = True) -> float:
        pub = view.public
        n = number(card)
        takes = [self._gain(area, [c]) for c in pub]
        if n == 12 and len(pub) == 1:           # a Bear facing one Public card: into the area or the hand
            return max(takes[0], self.value(view, ToHand(pub[0])))
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
            return max((self.effect_value(view, c, area, hand, lion=False) for c in area
                        if is_basic(c) and number(c) != 7), default=0.0)
        if n in (8, 9):
            return max((self._gain(area, [c]) for c in hand if c != card), default=0.0)
        kind = PLUS if n == 10 else MINUS
        return max((self._gain(area, [c]) for c in view.specials_left if c in kind), default=0.0)

    def value(self, view: FurryPoker, action: object) -> float:
        """How much ``action`` is worth to the bot now."""
        p, area, hand = self._mine(view)
        if isinstance(action, Play):
            take = max((self._gain(area, [c]) + self._denial(view, c) for c in view.public), default=0.0)
            rest = [c for c in hand if c != action.card]
            return max(take, self.effect_value(view, action.card, area, rest))
        if isinstance(action, Trigger):
            played = view.round_order[view.acting][1]
            return self.effect_value(view, played, area, hand)
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
            return self.effect_value(view, action.card, area, hand, lion=False)
        if isinstance(action, ToHand):
            return self._gain(area, [action.card]) / 2
        return 0.0

    def __call__(self, view: Any) -> object:
        legal = view.legal_actions()
        best, choice = None, legal[0]
        for a in legal:
            v = self.value(view, a)
            if best is None or v > best + 1e-9:
                best, choice = v, a
        return choice


class Planner(Greedy):
    """Plans with expectations and denial: a Leopard or Crow at the exact expected best of its draws
    from the unseen cards, and Public cards valued also by what they would give the others.

    >>> Planner()
    Planner(deny=0.5)
    """

    expected_draws = True

    def __init__(self, deny: float = 0.5):
        if isinstance(deny, bool) or not isinstance(deny, (int, float)) or not 0 <= deny <= 1:
            raise ValueError(f"deny must be a number from 0 to 1 (the weight of what the others would gain), "
                             f"got {excerpt(deny)}")
        self.deny = float(deny)

    def __repr__(self) -> str:
        return f"Planner(deny={self.deny:g})"


def default_bot() -> Greedy:
    """The bot used when no policy is given: ``Greedy()``."""
    return Greedy()
