"""What a Furry Poker game (or a player's view of it) shows: hands, Personal Areas, the round, the scores.

A player's view holds a count where the viewer may not see the cards (the deck, another hand, face-down
cards), and each property gives that count, so bots and the HTML use the same names on a view as on the game.
"""

from __future__ import annotations

from typing import Any

from ..core.engine import secret
from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from ..core.errors import excerpt
from .rules import PokerRules, area_cards, area_score, step_name
from .scoring import Score
from .state import PokerState
from .texts import step_text

__all__ = ["PokerFacts", "PokerView"]


class PokerFacts(Facts[PokerState, PokerRules]):
    """The read-only properties of a game of Furry Poker and of its views."""

    advanced = rule("advanced", "Whether the Advanced Rules are played (fixed when the game is made).")

    @property
    def hands(self) -> dict[str, list[str] | int]:
        """Each hand: its cards where this object may see them, else how many cards it holds."""
        return {p: list(h) if isinstance(h, list) else h for p, h in zip(self.players, self._state.hands)}

    @property
    def personal(self) -> dict[str, dict[str, Any]]:
        """Each Personal Area: ``{"up": [cards], "down": [cards] or a count}``."""
        s = self._state
        return {p: {"up": list(u), "down": d if isinstance(d, int) else list(d)}
                for p, u, d in zip(self.players, s.up, s.down)}

    def _player_seat(self, player: str) -> int:
        """The seat of ``player``, who must be one of the players (not None: a spectator has no area or hand).

        Raises ValueError naming the value and the players.
        """
        if isinstance(player, str) and player in self.players:
            return self.players.index(player)
        spectator = " (a spectator has no Personal Area, hand or card to choose)" if player is None else ""
        raise ValueError(f"unknown player {excerpt(player)}; players are {list(self.players)}{spectator}")

    def area_size(self, player: str) -> int:
        """How many cards ``player``'s Personal Area holds (face up and down, specials too).

        Raises ValueError if ``player`` is not one of the players.
        """
        i = self._player_seat(player)
        d = self._state.down[i]
        return len(self._state.up[i]) + (d if isinstance(d, int) else len(d))

    @property
    def public(self) -> list[str]:
        """The Public Area's cards, oldest first."""
        return list(self._state.public)

    @property
    def deck_size(self) -> int:
        """Cards in the deck."""
        d = self._state.deck
        return d if isinstance(d, int) else len(d)

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile."""
        d = self._state.discard
        return d if isinstance(d, int) else len(d)

    @property
    def shown(self) -> tuple[str, ...]:
        """The cards every player has seen (dealt to the Public Area or shown by an effect), sorted."""
        return tuple(self._state.shown)

    def seen_by(self, player: str) -> tuple[str, ...] | None:
        """The cards ``player`` has drawn, sorted, where this object may know them (else None).

        Raises ValueError if ``player`` is not one of the players.
        """
        v = self._state.seen[self._player_seat(player)]
        return None if v is None else tuple(v)

    @property
    def specials_left(self) -> list[str]:
        """The special cards still set aside (Color-Change and Ability cards)."""
        return list(self._state.specials)

    @property
    def round_order(self) -> list[tuple[str, str]]:
        """This round's cards in order of play, ``(player, card)``, once they are shown."""
        return [(self.players[i], c) for i, c in self._state.order]

    @property
    def acting(self) -> int:
        """Index in :attr:`round_order` of the player acting now (or of the next to act)."""
        return self._state.pos

    @property
    def step_name(self) -> str | None:
        """The step the acting player is at ("action", "take", "keep_down", ...), or None."""
        return step_name(self._state)

    @property
    def step_text(self) -> str:
        """What the current decision asks, in words."""
        return step_text(self._state)

    @property
    def drawn(self) -> list[str] | int:
        """The cards a Leopard or Crow drew and the player has not chosen from yet (a count if hidden)."""
        d = self._state.drawn
        return d if isinstance(d, int) else list(d)

    @property
    def final_round(self) -> bool:
        """True once a Personal Area has reached 7 cards: this round is the last."""
        return self._state.final

    def has_chosen(self, player: str) -> bool:
        """True if ``player`` has picked this round's card.

        Raises ValueError if ``player`` is not one of the players.
        """
        return secret.has_chosen(self._state, self._player_seat(player))

    def area_cards(self, player: str) -> tuple[list[tuple[int, str]], int, list[int]]:
        """``(basic cards, Color-Change count, Ability values)`` of the cards of ``player``'s area this object sees.

        Raises ValueError if ``player`` is not one of the players.
        """
        return area_cards(self._state, self._player_seat(player))

    def score_of(self, player: str) -> Score:
        """The best score of the cards of ``player``'s Personal Area this object sees, explained.

        Raises ValueError if ``player`` is not one of the players.
        """
        return area_score(self._state, self._player_seat(player))


class PokerView(PokerFacts, View):
    """What one player (or a spectator) may see of a game of Furry Poker."""

    GAME = "FurryPoker"
    CHANCE_VERB = "draw"
    HIDDEN_INFO = True
    EVENT_FIELDS = ("card", "cards", "points", "winners")
