"""The baselines of the step-API benchmark: each game and bot as a plain Python loop.

These are the loops a student could write without furlib: the same rules
and the same policy, with nothing but the standard library's ``random``
(one ``random.Random`` for a whole run, ``rng.choices`` for a roll, as
cheap as dice get in plain Python), a few lists and ifs. ``bench_step_api.py``
runs them beside ``game.play(...)`` in the same process and reports the
ratio. They are benchmarks, not rules: the tests check that each loop plays
the same game as the engine, in distribution (first seat's win rate and
actions per game, ``tests/test_plain_loops.py``), so the comparison is fair.

Each game returns ``(winner, actions)``: the winner's seat (High Card: the
list of winners' seats) and the number of actions the engine would record
for the same game (rolls and deals as well as decisions, as ``game.n_steps``
counts them).
"""

from __future__ import annotations

import random

DIE = (1, 2, 3, 4, 5, 6)


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


def furcle_game(rng: random.Random, points: int = 20, target: int = 50) -> tuple[int, int]:
    """One 2-player game of Oh Furcle!, both players ``SatisfiedAt(points)``; returns (winner's seat, actions).

    SatisfiedAt: use the Beekin only to rescue a Furcle (the rescue that
    scores most), bank once the turn score reaches ``points``. The Leader
    rule: a player who banks to the target (or past the Leader) leads, and
    wins at the start of their next turn. Actions as the engine counts them:
    each roll, each "roll again" or "be Satisfied", each Beekin, and each
    Furcle accepted while a Beekin could still be said (a Furcle with the
    Beekin spent ends the turn by itself).
    """
    choices = rng.choices
    scores = [0, 0]
    leader = -1
    player = 0
    actions = 0
    while True:
        if leader == player:
            return player, actions
        turn_score, n, beekin = 0, 5, True
        while True:
            faces = choices(DIE, k=n)
            actions += 1                      # the roll
            pts, scoring = _score(faces)
            if pts == 0 and beekin:
                actions += 1                  # a Beekin, or accepting the Furcle
                best = (0, 0)
                for i, f in enumerate(faces):
                    if f < 6:
                        raised = faces[:i] + [f + 1] + faces[i + 1:]
                        best = max(best, _score(raised))
                beekin = False
                pts, scoring = best
            if pts == 0:
                break
            actions += 1                      # roll again, or be Satisfied
            turn_score += pts
            if turn_score >= points:
                scores[player] += turn_score
                if scores[player] >= target and (leader < 0 or scores[player] > scores[leader]):
                    leader = player
                break
            n = scoring
        player = 1 - player


FURGLARS_DIE = ("furgle", "furgle", "lock", "hand", "hand", "x")


def furglars_game(rng: random.Random, players: int = 2, dice: int = 5, target: int = 21) -> tuple[int, int]:
    """One game of The Furglars, ``GreedyThief`` in every seat, default faces and chart; returns (winner, actions).

    A turn: cash in the Furgles on your card (1 point each) and take back
    your Locks; roll every die in front of you (Furgles and Locks go on your
    card, Hands and Xs to the pass pile); spend Hands as GreedyThief does
    (steal from the leader, break Locks only when that opens a steal); pass
    the pile to the next player. Actions as the engine counts them: each
    roll, steal and broken Lock, and "done" when Hands are left and some
    other card still holds a Furgle or a Lock (otherwise the turn ends by
    itself).
    """
    choices = rng.choices
    front = [dice] * players
    furgles = [0] * players
    locks = [0] * players
    scores = [0] * players
    cur = 0
    actions = 0
    while True:
        f = furgles[cur]
        if f:
            scores[cur] += f
            if scores[cur] >= target:
                return cur, actions
        front[cur] += f + locks[cur]
        furgles[cur] = locks[cur] = 0
        if front[cur] == 0:
            cur = (cur + 1) % players
            continue
        hands = pile = 0
        for face in choices(FURGLARS_DIE, k=front[cur]):
            if face == "furgle":
                furgles[cur] += 1
            elif face == "lock":
                locks[cur] += 1
            else:
                pile += 1
                hands += face == "hand"
        actions += 1                          # the roll
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
                    actions += any(locks[j] or furgles[j] for j in others)   # "done", if there was a choice
                    break
                j = max(opens, key=lambda j: (scores[j], -locks[j], furgles[j], -others.index(j)))
                locks[j] -= 1
                pile += 1
            actions += 1                      # a steal or a broken Lock
            hands -= 1
        nxt = (cur + 1) % players
        front[nxt] += pile
        cur = nxt


def highcard_game(rng: random.Random, players: int = 2, cards: int = 10, hand: int = 3) -> tuple[list[int], int]:
    """One game of High Card, every player playing their highest card; returns (the winners' seats, actions).

    The deal is ``hand`` cards each from a shuffled deck of ``cards``
    (``rng.sample``); actions: every card dealt and every card played.
    """
    dealt = rng.sample(range(1, cards + 1), players * hand)
    hands = [sorted(dealt[p::players]) for p in range(players)]
    tricks = [0] * players
    for _ in range(hand):
        shown = [h.pop() for h in hands]      # each player's highest card
        top = max(shown)
        if shown.count(top) == 1:
            tricks[shown.index(top)] += 1
    best = max(tricks)
    return [p for p in range(players) if tricks[p] == best], 2 * players * hand
