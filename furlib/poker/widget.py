"""The Furry Poker app: play against bots in a notebook (imports ipywidgets; ``import furlib`` never does).

Built on :class:`furlib.core.app.widgets.GameApp`: one button per legal action
(the card to play, then the played card's effect or a Public card to take,
then each choice the effect needs), bots in the other seats, the history
slider and the settings panel. Furry Poker adds:

* buttons that say what they do: the effect's button names the animal and
  its effect ("Tiger: take a Public card, then remove one",
  :data:`EFFECT_WORDS`), as do the Lion's choices ("Green 3 (Leopard): draw 3
  cards, keep one face down"); the "Play ..." buttons are in the order the
  view draws the hand (the game's ``legal_actions()`` keep their own order);
* the view is the person's own (their hand, their face-down cards), never
  the others' secrets, and the status lines are the events they may see;
* a "Reveal all cards" switch (the teacher's), which shows every card: at the top of the app, above
  the message box, where no redrawn button can move it under a second click;
* draws are dealt by themselves (nobody clicks to draw a card);
* at the end, each player's score breakdown (in the view);
* its settings panel (:class:`~furlib.poker.widget_settings.PokerSettings`):
  seats (a person, Greedy, Planner or RandomBot) and the Advanced Rules.

>>> from furlib import FurryPoker
>>> app = PokerApp(FurryPoker(["You", "Bob"], seed=1))
>>> app.game.current_player, [b.description for b in app.action_buttons][:1]
('You', ['Play the Red 11 (Dog)'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ..core.app.widgets import GameApp
from ..core.engine.events import Event, visible
from ..core.engine.game import Game
from ..core.errors import excerpt
from ..core.words import act, capitalized, join_words, named, sentences
from . import events as ev
from .actions import ACTIONS, Activate, FaceDown, Play, Trigger
from .cards import ANIMALS, EFFECTS, card_name, number
from .game import FurryPoker
from .texts import dealt_text, subjects
from .widget_settings import PokerSettings

__all__ = ["PokerApp", "EFFECT_WORDS"]

#: What each animal's effect does, as its button says it ("Tiger: take a Public card, then remove one"): short
#: enough for a phone's button; the button's tooltip gives the printed effect (:data:`~furlib.poker.cards.EFFECTS`).
EFFECT_WORDS: dict[int, str] = {
    1: "take a Public card, then remove one",
    2: "gain a Color-Change card",
    3: "draw 3 cards, keep one face down",
    4: "draw 4 cards, keep one face up",
    5: "take a Public card, then discard 2 hand cards",
    6: "discard a Personal card, then take 2 Public cards",
    7: "activate a face-up Personal card (not a Lion)",
    8: "place a hand card face up, then discard one",
    9: "place a hand card face down",
    10: "gain a plus Ability card (+1 to +4)",
    11: "gain a minus Ability card (-1 to -4)",
    12: "take a Public card, then one into your hand",
}


class PokerApp(GameApp):
    """An ipywidgets app for :class:`~furlib.poker.FurryPoker` (``game.widget()`` returns its ``box``).

    Parameters are those of :class:`~furlib.core.app.widgets.GameApp` (Furry
    Poker is written in English only: :attr:`LANGUAGES`). The person at the
    screen is the first seat not played by a bot.
    """

    GAME = FurryPoker
    VIEW_LAYOUT = {"flex": "1 1 640px", "max_width": "860px"}
    LANGUAGES = ("en",)   # its own lines (prompts, Reveal all cards, settings) are English only
    DEALS_CHANCE = True   # every draw is dealt by the app: nobody presses a button to draw

    def _make_settings(self, game: Game, bots: Mapping[str, Callable[..., Any]]) -> PokerSettings:
        """Furry Poker's panel: seats (Human, Greedy, Planner, RandomBot), the Advanced Rules, the seed."""
        return PokerSettings(game, bots)

    def _build_controls(self) -> list[widgets.Widget]:
        self.reveal = widgets.Checkbox(value=False, description="Reveal all cards (teacher)", indent=False,
                                       tooltip="Show every hand, face-down card and draw")
        self.reveal.add_class("furlib-reveal")
        self._recent: list[Event] = []
        self.reveal.observe(lambda _: self._guard(self._on_reveal), "value")
        return super()._build_controls()

    def _switches(self) -> list[widgets.Widget]:
        """The teacher's "Reveal all cards", above the message box: no redrawn button ever lands on it."""
        return [self.reveal]

    @property
    def human(self) -> str | None:
        """The seat played at the screen (the first seat without a bot), or None if bots play every seat."""
        return next((p for p in self.game.players if p not in self.bots), None)

    def _human_to_play(self) -> bool:
        g = self.game
        return not g.is_over and not self.stopped and not g.is_chance and g.current_player not in self.bots

    def _shows_all(self) -> bool:
        """True when the view shows every card: the teacher's switch is on, or bots play every seat."""
        return bool(getattr(self, "reveal", None) and self.reveal.value) or self.human is None

    def _on_reveal(self) -> None:
        """The switch changed: redraw the view and the status lines (the game itself is never changed)."""
        self._last = self._turn_lines(self._recent)
        self._refresh()

    def _view_html(self, view: Game) -> str:
        # drawn as if revealed (html's reveal=True): the game's own ``reveal``, log and history stay as they are
        if self._shows_all():
            return view.html(None, reveal=True)
        return view.html(self.human)

    def _visible(self, events: list[Event]) -> list[Event]:
        """The events the person at the screen may read: theirs and the public ones, or all with the switch on."""
        if self._shows_all():
            return list(events)
        seat = self.game.players.index(self.human)
        return [e for e in events if visible(e, seat)]

    def _summary(self, events: list[Event]) -> str:
        """One sentence for a run of one player's events, or of a deal (those the person may read: :meth:`_visible`).

        A secret told to its owner replaces its public twin ("You draw a
        card" / "You draw the Red 7"), and the cards dealt to or drawn by one
        player make one clause ("Ann draws 3 cards", "You are dealt the Red 7
        and the Blue 2 into your hand").
        """
        events = ev.told(events)
        clauses: list[str | list[Event]] = []
        deals: dict[tuple[str, str | None, str, tuple[int, ...] | None], list[Event]] = {}
        for e in events:
            if e.kind in (ev.DEAL, ev.DRAW) and "to" in e.data:
                key = (e.kind, e.player, e.data["to"], e.visible_to)
                if key not in deals:                   # the clause stands where its first card was dealt
                    deals[key] = []
                    clauses.append(deals[key])
                deals[key].append(e)
            else:
                clauses.append(e.text)
        return _sentence([c if isinstance(c, str) else _deal_clause(c) for c in clauses])

    def _turn_lines(self, events: list[Event]) -> list[str]:
        """As the frame's, but a line per run of one player's events (so the table's events, such as the cards
        shown, keep their own lines), and one line for a whole deal (cards dealt one by one to every player)."""
        self._recent = list(events)
        runs: list[list[Event]] = []
        for e in self._visible(events):
            last = runs[-1][-1] if runs else None
            if last is not None and ((last.turn, last.player) == (e.turn, e.player)
                                     or last.kind == e.kind == ev.DEAL):
                runs[-1].append(e)
            else:
                runs.append([e])
        return [t for t in (self._summary(r) for r in runs) if t]

    def _figure(self, now: int | None = None) -> Any:
        return None           # the scores are known only at the end: the view's table shows them

    def _intro(self, game: Game) -> str:
        return f"New game for {join_words([named(self._who(p)) for p in game.players])}."

    def _human_prompt(self) -> str:
        """ "Your turn: " and what the step asks; at the choice of the rulebook's A or B, the card played is named
        ("Your turn: trigger the effect of your Red 1 (Tiger), or take a Public card into your Personal Area.")."""
        g = self.game
        you = self._you()
        if g.step_name == "action":
            whose = "your" if you == "Your" else "their"
            return (f"{you} turn: trigger the effect of {whose} {card_name(self._played())}, or take a Public card "
                    f"into {whose} Personal Area.")
        return f"{you} turn: {g.step_text}."

    def _played(self) -> str:
        """The card played by the player acting now."""
        g = self.game
        return str(g.round_order[g.acting][1])

    def label(self, action: object) -> str:
        """The words of the button of ``action``: what it does.

        The effect's button names the animal and its effect, and each choice
        of the Lion names the card and its effect (:data:`EFFECT_WORDS`);
        every other button says its action (``str(action)``, with a capital).

        >>> from furlib.poker import Activate, Take, Trigger
        >>> app = PokerApp(FurryPoker(["You", "Bob"], seed=1))
        >>> app.label(Activate("G3")), app.label(Take("R7"))
        ('Green 3 (Leopard): draw 3 cards, keep one face down', 'Take the Red 7 (Lion) into your Personal Area')

        Raises ValueError for anything but a Furry Poker action, and for ``Trigger()`` while no card is in play.
        """
        if not isinstance(action, ACTIONS):
            raise ValueError(f"label() takes a Furry Poker action (see furlib.poker.actions), e.g. Take('R7'); "
                             f"got {excerpt(action)}")
        if isinstance(action, Trigger) and not self.game.acting < len(self.game.round_order):
            raise ValueError("Trigger()'s button names the card in play, and no card is in play now")
        if isinstance(action, Trigger):
            n = number(self._played())
            return f"{ANIMALS[n]}: {EFFECT_WORDS[n]}"
        if isinstance(action, Activate):
            return f"{card_name(action.card)}: {EFFECT_WORDS[number(action.card)]}"
        return capitalized(str(action))

    def _tooltip(self, action: object) -> str:
        """A button's tooltip: for an effect, the printed effect ("Trigger the Red 1 (Tiger) to take 1 Public card
        into your Personal Area, then remove 1 Public card"); else the button's words."""
        if isinstance(action, Trigger | Activate):
            card = self._played() if isinstance(action, Trigger) else action.card
            verb = "Trigger" if isinstance(action, Trigger) else "Activate"
            return f"{verb} the {card_name(card)} to {EFFECTS[number(card)]}"
        return self.label(action)

    def _refresh_controls(self, view: Game, live: bool) -> None:
        """The frame's buttons, labelled by :meth:`label`, with the hand's cards in the order the view draws the
        hand (the game lists them in the order of play; a click plays the action its button shows)."""
        super()._refresh_controls(view, live)
        actions = self._shown_actions
        if not actions or actions == [None]:
            return
        hand = self.game.hands[self.game.current_player]
        if isinstance(hand, list) and all(isinstance(a, Play | FaceDown) for a in actions):
            where = {c: i for i, c in enumerate(hand)}
            actions = sorted(actions, key=lambda a: where[getattr(a, "card", "")])
        for b, a in zip(self.action_buttons, actions):
            b.description = self.label(a)
            b.tooltip = self._tooltip(a)
        self._shown_actions = actions

    def _prompt(self) -> str:
        g = self.game
        if g.is_over:
            w = g.winner
            who = f"{subjects(list(w))} share the win" if isinstance(w, tuple) else act(w, "wins")
            return f"Game over: {who}. Click Play again, or change the settings below."
        return super()._prompt()


_MID = {"You": "you", "Your": "your", "The": "the"}


def _sentence(clauses: list[str]) -> str:
    """Clauses as one sentence (:func:`~furlib.core.words.sentences`), "You", "Your" and "The" in small letters
    in the middle of it ("You take the Red 7; your Blue 1 joins the Public Area.").

    >>> _sentence(["You trigger the Red 1 (Tiger): Tiger!", "Your Red 1 (Tiger) joins the Public Area"])
    'You trigger the Red 1 (Tiger): Tiger! Your Red 1 (Tiger) joins the Public Area.'
    >>> _sentence(["Ann takes the Red 7 (Lion) into their Personal Area", "Your Red 1 (Tiger) joins the Public Area"])
    'Ann takes the Red 7 (Lion) into their Personal Area; your Red 1 (Tiger) joins the Public Area.'
    """
    out: list[str] = []
    for c in (c.strip() for c in clauses):
        if not c:
            continue
        first, _, rest = c.partition(" ")
        if out and out[-1][-1] not in ".!?" and first in _MID:
            c = f"{_MID[first]} {rest}"
        out.append(c)
    return sentences(out)


def _deal_clause(run: list[Event]) -> str:
    """Cards dealt or drawn in a row as one clause: "Ann draws 3 cards", "You draw the Red 7 and the Blue 2"."""
    first = run[0]
    if len(run) == 1:
        return first.text
    if all("card" in e.data for e in run):
        return dealt_text(first.player, [card_name(e.data["card"]) for e in run], first.data["to"])
    return dealt_text(first.player, len(run), first.data["to"])
