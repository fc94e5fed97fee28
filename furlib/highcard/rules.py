"""High Card: the smallest game with hidden hands, a shuffled deck and secret simultaneous play.

It is furlib's test game for hidden information (and the example of how to
add a game, in ``docs/architecture.md``): each player is dealt a hand from a
shuffled deck; every round all players pick a card in secret, the picks are
shown together, and the highest card takes the trick. The most tricks win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..core.engine import secret
from ..core.engine.actions import check_text
from ..core.engine.chance import draw_index, draw_outcomes
from ..core.engine.fixed import fixed
from ..core.engine.game import Game
from ..core.errors import IllegalAction, check_int, excerpt
from ..core.words import act, join_words, plural
from . import events as ev

#: The cards' names, lowest first: a card is its name (unique words, so a leak is easy to find).
NAMES = ("Ant", "Bee", "Cat", "Doe", "Elk", "Fox", "Gnu", "Hen", "Ibis", "Jay", "Koi", "Lynx",
         "Mole", "Newt", "Owl", "Pika", "Quail", "Rook", "Seal", "Toad")


def rank(card: str) -> int:
    """The value of a card: 1 for the Ant up to 20 for the Toad.

    >>> rank("Ant"), rank("Owl")
    (1, 15)
    """
    r = _RANK.get(card) if isinstance(card, str) else None
    if r is None:
        raise ValueError(f"there is no card {excerpt(card)} in High Card; the cards are {', '.join(NAMES)}")
    return r


_RANK = {name: i + 1 for i, name in enumerate(NAMES)}


def _check_card(action: object, example: str) -> None:
    """The ``card`` of a Deal or a Play: the name of one of the 20 cards (:data:`NAMES`), exactly as written."""
    check_text(action, "card", example)
    card = action.card  # type: ignore[attr-defined]  # a Deal or a Play: checked a string just above
    if card not in _RANK:
        raise IllegalAction(f"{type(action).__name__}'s card must be one of the cards {', '.join(NAMES)} "
                            f"(e.g. {example}); got {excerpt(card)}")


@dataclass(frozen=True)
class Deal:
    """Chance outcome: the card dealt next (e.g. ``Deal("Owl")``), one of :data:`NAMES`."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self, 'Deal("Owl")')

    def __str__(self) -> str:
        return f"deal the {self.card}"


@dataclass(frozen=True)
class Play:
    """Pick ``card`` (one of :data:`NAMES`) from your hand, in secret, for this round."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self, 'Play("Owl")')

    def __str__(self) -> str:
        return f"play the {self.card}"


#: The actions the engine makes, made once (an action is a frozen value: the same card, the same action).
_DEALS = {name: Deal(name) for name in NAMES}
_PLAYS = {name: Play(name) for name in NAMES}


# The texts of events, made when read from what the event keeps (a recipe: the function and its arguments).
def _with_card(me: str, verb: str, card: str) -> str:
    """'Ann is dealt the Owl', 'You choose the Owl'."""
    return act(me, f"{verb} {card}")


def _shown_text(players: Sequence[str], cards: Sequence[str], taker: str | None) -> str:
    """'Cards shown: Ann the Owl and Bob the Ant; Ann takes the trick'."""
    return ("Cards shown: " + join_words([f"{p} the {c}" for p, c in zip(players, cards)])
            + (f"; {act(taker, 'takes')} the trick" if taker else "; nobody takes the trick"))


class HighCard(Game):
    """High Card: secret simultaneous play with hidden hands.

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 4 players, or their names.
    cards : int, default 10
        Cards in the deck, named after animals from the Ant (1) up (at most 20).
    hand : int, default 3
        Cards dealt to each player; also the number of rounds.
    seed : int, optional
        Seed of the game's own random generator, 0 to ``MAX_SEED`` (2**128 - 1).

    A game holds at most ``MAX_STEPS`` (40) actions: a deal and a play for
    each card of the largest deck, the most any game takes.

    Examples
    --------
    >>> g = HighCard(["Ann", "Bob"], seed=1)
    >>> g.is_chance, g.CHANCE_VERB
    (True, 'draw')
    >>> g.play().is_over
    True
    >>> g.view("Ann").seed is None     # a view holds nothing a bot could use to work out the deck
    True
    """

    ACTIONS = (Deal, Play)
    EVENT_FIELDS = ("card", "cards", "taker", "winners")
    MIN_PLAYERS = 2
    CHANCE_PHASE = "deal"
    MAX_PLAYERS = 4
    HIDDEN_INFO = True
    CHANCE_VERB = "draw"
    #: Every card is dealt once and played once at most: no game takes more actions (so no save holds more).
    MAX_STEPS = 2 * len(NAMES)

    cards = fixed("cards", "Cards in the deck (fixed when the game is made).")
    hand = fixed("hand", "Cards dealt to each player (fixed when the game is made).")

    def __init__(self, players: int | Sequence[str] = 2, *, cards: int = 10, hand: int = 3,
                 seed: int | None = None):
        super().__init__(players, seed=seed)
        self.cards = check_int("cards", cards, low=2, high=len(NAMES))
        self.hand = check_int("hand", hand, low=1, high=self.cards)
        if self.hand * len(self.players) > self.cards:
            raise ValueError(f"hand={self.hand} for {plural(len(self.players), 'player')} needs "
                             f"{self.hand * len(self.players)} cards, but the deck has cards={self.cards}; "
                             "use a smaller hand or more cards")
        self._start()

    def _params(self) -> dict[str, Any]:
        return {"players": list(self.players), "cards": self.cards, "hand": self.hand}

    # The state is made of immutable values (tuples, never changed in place: a change makes a new tuple), so a
    # copy of it or a player's view shares them and copies one dict; a save writes them as JSON lists.
    def _new_state(self) -> dict[str, Any]:
        n = len(self.players)
        return {"turn": 1, "current": 0, "phase": "deal", "winner": None, "scores": (0,) * n,
                "deck": NAMES[:self.cards], "hands": ((),) * n, "shown": ()}

    # ------------------------------------------------------------- views
    @property
    def hands(self) -> dict[str, list[str] | int]:
        """Each hand: the cards where this object may see them, else how many cards it holds."""
        return {p: h if isinstance(h, int) else list(h) for p, h in zip(self.players, self._state["hands"])}

    @property
    def deck_size(self) -> int:
        """Cards still in the deck."""
        d = self._state["deck"]
        return d if isinstance(d, int) else len(d)

    @property
    def last_round(self) -> list[str]:
        """The cards shown in the last round, in seat order (empty before the first)."""
        return list(self._state["shown"])

    def has_chosen(self, player: str) -> bool:
        """True if ``player`` has picked a card in this round (seen by everyone: the choice, not the card).

        Raises
        ------
        ValueError
            If ``player`` is not one of the players.
        """
        seat = self._seat(player)
        if seat is None:
            raise ValueError(f"has_chosen() asks about a player, one of {list(self.players)}; got None")
        return secret.has_chosen(self._state, seat)

    def _redact(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        state["deck"] = len(state["deck"])
        hands = state["hands"]
        shown: list[tuple[str, ...] | int] = list(map(len, hands))   # every hand a count, but the viewer's
        if seat is not None:
            shown[seat] = hands[seat]
        state["hands"] = tuple(shown)
        return secret.redact(state, seat)

    def _secrets(self, seat: int | None) -> set[str]:
        s = self._state
        hidden = set(s["deck"])
        for i, h in enumerate(s["hands"]):
            if i != seat:
                hidden.update(h)
        pending = s.get(secret.KEY)
        if pending:
            hidden.update(p for i, p in enumerate(pending["picks"]) if p is not None and i != seat)
        return hidden

    # ------------------------------------------------------------- rules
    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return [(Deal(c), p) for c, p in draw_outcomes(self._state["deck"])]

    def _sample_chance(self, rng: np.random.Generator) -> object:
        deck = self._state["deck"]
        return _DEALS[deck[draw_index(rng, len(deck))]]

    def _check_chance(self, action: object) -> None:
        deck = self._state["deck"]
        if not isinstance(action, Deal):
            raise IllegalAction(f"a card is to be dealt: call step() to draw it, or name it, e.g. "
                                f"apply(Deal({excerpt(deck[0])})); got {excerpt(action)}.")
        if action.card not in deck:
            raise IllegalAction(f"the {excerpt(action.card)} is not in the deck; the deck holds {list(deck)}.")

    def _legal_actions(self) -> list[object]:
        return [_PLAYS[c] for c in sorted(self._state["hands"][self._state["current"]], key=_RANK.__getitem__)]

    def _is_legal(self, action: object) -> bool:
        s = self._state     # a Play of a card in the hand of the player to move: exactly the legal actions
        return type(action) is Play and action.card in s["hands"][s["current"]]

    def _why_illegal(self, action: object) -> str:
        if isinstance(action, Play):
            return f"{self.current_player} has no {excerpt(action.card)} in hand."
        return f"{excerpt(action)} is not a High Card action (expected Play(card))."

    def _apply(self, action: object) -> None:
        s = self._state
        cur = s["current"]
        me = self.players[cur]
        hands = s["hands"]
        hand = hands[cur]
        if type(action) is Deal:
            card = action.card
            deck = s["deck"]
            at = deck.index(card)
            s["deck"] = deck[:at] + deck[at + 1:]
            s["hands"] = (*hands[:cur], (*hand, card), *hands[cur + 1:])
            self._emit(ev.DEAL, (act, me, "is dealt a card"), me)
            self._emit(ev.DEAL, (_with_card, me, "is dealt the", card), me, visible_to=(cur,), card=card)
            self._next_deal()
        else:
            assert isinstance(action, Play), action   # _apply gets legal actions only
            card = action.card
            at = hand.index(card)
            s["hands"] = (*hands[:cur], hand[:at] + hand[at + 1:], *hands[cur + 1:])
            secret.choose(s, cur, card)
            self._emit(ev.CHOOSE, (act, me, "chooses a card"), me)
            self._emit(ev.CHOOSE, (_with_card, me, "chooses the", card), me, visible_to=(cur,), card=card)
            nxt = secret.seat_to_choose(s)
            if nxt is not None:
                s["current"] = nxt
            else:
                self._show()

    def _next_deal(self) -> None:
        s = self._state
        sizes = list(map(len, s["hands"]))
        fewest = min(sizes)
        if fewest < self.hand:
            s["current"] = sizes.index(fewest)   # the first seat with the fewest cards
            return
        s["phase"] = "play"
        secret.open_round(s, range(len(sizes)))
        s["current"] = 0

    def _show(self) -> None:
        s = self._state
        picks = secret.reveal(s)
        n = len(self.players)
        cards = s["shown"] = tuple([picks[i] for i in range(n)])
        ranks = [_RANK[c] for c in cards]
        best = max(ranks)
        taker = ranks.index(best) if ranks.count(best) == 1 else None
        if taker is not None:
            scores = s["scores"]
            s["scores"] = (*scores[:taker], scores[taker] + 1, *scores[taker + 1:])
        who = None if taker is None else self.players[taker]
        self._emit(ev.REVEAL, (_shown_text, self.players, cards, who), None, cards=cards, taker=who)
        if not s["hands"][0]:
            self._finish()
            return
        s["turn"] += 1
        secret.open_round(s, range(n))
        s["current"] = 0

    def _finish(self) -> None:
        s = self._state
        best = max(s["scores"])
        won = [i for i, x in enumerate(s["scores"]) if x == best]
        s["phase"] = "over"
        s["winner"] = won[0] if len(won) == 1 else won
        names = [self.players[i] for i in won]
        text = (act(names[0], f"wins with {plural(best, 'trick')}") if len(names) == 1
                else f"{join_words(names)} share the win with {plural(best, 'trick')} each")
        self._emit(ev.WIN, text, None, winners=tuple(names))

    def check_invariants(self) -> None:
        s = self._state
        held = [c for h in s["hands"] for c in h]
        picked = [p for p in (s.get(secret.KEY) or {}).get("picks", []) if p is not None]
        shown_total = ((s["turn"] - (0 if s["phase"] == "over" else 1)) * len(self.players)
                       if s["phase"] != "deal" else 0)
        assert len(s["deck"]) + len(held) + len(picked) + shown_total == self.cards, "a card was lost or made"
        assert len(set(s["deck"]) | set(held) | set(picked)) == len(s["deck"]) + len(held) + len(picked)
        assert (s["winner"] is not None) == (s["phase"] == "over")
