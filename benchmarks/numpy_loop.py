"""Issue 18's reference loop for High Card: a card dealt by one numpy call, as the benchmark's loops were written
when the issue was filed ("today's numpy-per-card loop"; commit ``1bb2cb3`` moved ``plain_loops.py`` to the
standard library's ``random``).

The issue's aim for High Card with a view per decision is at least 0.25 of this loop (about 0.15 of the stdlib
loop of ``plain_loops.py``); ``bench_step_api.py`` reports both. With a generator seeded as the engine seeds a
game's (``PCG64(SeedSequence(seed))``), this loop deals the very cards the engine deals, so
``tests/test_plain_loops.py`` checks it game by game, not only in distribution.
"""

from __future__ import annotations

import numpy as np


def highcard_numpy_game(rng: np.random.Generator, players: int = 2, cards: int = 10,
                        hand: int = 3) -> tuple[list[int], int]:
    """One game of High Card, every player playing their highest card; returns (the winners' seats, actions).

    The cards are dealt one at a time, seat after seat, each by ``rng.integers`` over the cards left.
    """
    deck = list(range(1, cards + 1))
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(hand):
        for p in range(players):
            hands[p].append(deck.pop(int(rng.integers(len(deck)))))
    tricks = [0] * players
    for _ in range(hand):
        shown = []
        for p in range(players):
            best = max(hands[p])
            hands[p].remove(best)
            shown.append(best)
        top = max(shown)
        if shown.count(top) == 1:
            tricks[shown.index(top)] += 1
    best = max(tricks)
    return [p for p in range(players) if tricks[p] == best], 2 * players * hand
