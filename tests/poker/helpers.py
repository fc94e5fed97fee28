"""Positions set up by hand: every card not placed is in the deck, so all 86 cards are accounted for."""

from __future__ import annotations

from furlib.poker import FurryPoker
from furlib.poker.cards import BASIC, SPECIALS


def position(players=("Ann", "Bob"), *, hands=None, public=(), up=None, down=None, order=(), deck=None,
             discard=(), specials=None, final=False, steps=("action",), rest_to=None) -> FurryPoker:
    """A game in the act phase: ``order`` is this round's ``[(seat, card), ...]``, the first acting now.

    With ``deck`` given, the cards placed nowhere go to the discard pile, or to the hand of seat ``rest_to``.
    """
    n = len(players)
    g = FurryPoker(list(players), seed=0)
    hands = [list(h) for h in (hands or [[] for _ in range(n)])]
    up = [list(u) for u in (up or [[] for _ in range(n)])]
    down = [list(d) for d in (down or [[] for _ in range(n)])]
    placed = {c for u in up for c in u}
    specials = [c for c in SPECIALS if c not in placed] if specials is None else list(specials)
    used = set(public) | set(discard) | {c for h in hands + up + down for c in h} | {c for _, c in order}
    if deck is None:
        deck = [c for c in BASIC if c not in used]
    else:
        rest = [c for c in BASIC if c not in used and c not in deck]
        if rest_to is None:
            discard = list(discard) + rest
        else:
            hands[rest_to] += rest
    shown = sorted(set(public) | {c for u in up for c in u} | {c for _, c in order})
    seen = [sorted(set(h) | set(d)) for h, d in zip(hands, down)]
    g._set_state(phase="act" if order else "refill", current=order[0][0] if order else 0, draws=[],
                 deck=list(deck), discard=list(discard), public=list(public), hands=hands, up=up, down=down,
                 specials=specials, order=[list(o) for o in order], pos=0, steps=list(steps), final=final,
                 shown=shown, seen=seen)
    if not order:               # start the round: every player picks a card in secret
        g.rules.proceed(g._state, g._log)
        g._timeline.restart()
        g._timeline.checkpoint(g._state)
    g.check_invariants()
    return g


def texts(game, since: int = 0, viewer=None) -> list[str]:
    """The event texts from event ``since`` on, as ``viewer`` sees them (None: everything)."""
    events = game.events if viewer is None else game.events_for(viewer)
    return [e.text for e in events if e.step >= since]
