"""The baselines of the step-API benchmark: each game and bot as a plain Python loop.

These are the loops a student could write without furlib: the same rules
and the same policy, with nothing but a numpy generator, a few lists and
ifs. ``bench_step_api.py`` runs them beside ``game.play(...)`` in the same
process and reports the ratio. They are benchmarks, not rules: the tests
check that each loop agrees with the engine in distribution
(``tests/test_plain_loops.py``), so the comparison is fair.
"""

from __future__ import annotations

import numpy as np


def _score(faces: list[int]) -> tuple[int, int]:
    """Points and number of scoring dice of an Oh Furcle! roll (printed bonus table)."""
    counts = [0] * 7
    for f in faces:
        counts[f] += 1
    points = dice = 0
    for face in range(1, 7):
        n = counts[face]
        if n >= 2:
            points += face + (0, 0, 0, 10, 15, 20)[n]
            dice += n
    return points, dice


def furcle_game(rng: np.random.Generator, points: int = 20, target: int = 50) -> int:
    """One 2-player game of Oh Furcle!, both players ``SatisfiedAt(points)``; returns the winner's seat.

    SatisfiedAt: use the Beekin only to rescue a Furcle (the rescue that
    scores most), bank once the turn score reaches ``points``. The Leader
    rule: a player who banks to the target (or past the Leader) leads, and
    wins at the start of their next turn.
    """
    scores = [0, 0]
    leader = -1
    player = 0
    while True:
        if leader == player:
            return player
        turn_score, n, beekin = 0, 5, True
        while True:
            faces = [int(x) for x in rng.integers(1, 7, size=n)]
            pts, scoring = _score(faces)
            if pts == 0 and beekin:
                best = (0, 0)
                for i, f in enumerate(faces):
                    if f < 6:
                        raised = faces[:i] + [f + 1] + faces[i + 1:]
                        best = max(best, _score(raised))
                beekin = False
                pts, scoring = best
            if pts == 0:
                turn_score = 0
                break
            turn_score += pts
            if turn_score >= points:
                scores[player] += turn_score
                if scores[player] >= target and (leader < 0 or scores[player] > scores[leader]):
                    leader = player
                break
            n = scoring
        player = 1 - player


def furglars_game(rng: np.random.Generator, players: int = 2, dice: int = 5, target: int = 21) -> int:
    """One game of The Furglars, ``GreedyThief`` in every seat, default faces and chart; returns the winner's seat.

    A turn: cash in the Furgles on your card (1 point each) and take back
    your Locks; roll every die in front of you (Furgles and Locks go on your
    card, Hands and Xs to the pass pile); spend Hands as GreedyThief does
    (steal from the leader, break Locks only when that opens a steal); pass
    the pile to the next player.
    """
    faces = ("furgle", "furgle", "lock", "hand", "hand", "x")
    front = [dice] * players
    furgles = [0] * players
    locks = [0] * players
    scores = [0] * players
    cur = 0
    while True:
        f = furgles[cur]
        if f:
            scores[cur] += f
            if scores[cur] >= target:
                return cur
        front[cur] += f + locks[cur]
        furgles[cur] = locks[cur] = 0
        if front[cur] == 0:
            cur = (cur + 1) % players
            continue
        hands = pile = 0
        for i in rng.integers(0, 6, size=front[cur]).tolist():
            face = faces[i]
            if face == "furgle":
                furgles[cur] += 1
            elif face == "lock":
                locks[cur] += 1
            else:
                pile += 1
                hands += face == "hand"
        front[cur] = 0
        others = [(cur + d) % players for d in range(1, players)]
        while hands:
            steals = [j for j in others if locks[j] == 0 and furgles[j] > 0]
            if steals:
                j = max(steals, key=lambda j: (scores[j], furgles[j], -others.index(j)))
                furgles[j] -= 1
                furgles[cur] += 1
            else:
                opens = [j for j in others if 0 < locks[j] <= hands - 1 and furgles[j] > 0]
                if not opens:
                    break
                j = max(opens, key=lambda j: (scores[j], -locks[j], furgles[j], -others.index(j)))
                locks[j] -= 1
                pile += 1
            hands -= 1
        nxt = (cur + 1) % players
        front[nxt] += pile
        cur = nxt


def highcard_game(rng: np.random.Generator, players: int = 2, cards: int = 10, hand: int = 3) -> list[int]:
    """One game of High Card, every player playing their highest card; returns the winners' seats."""
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
    return [p for p in range(players) if tricks[p] == best]
