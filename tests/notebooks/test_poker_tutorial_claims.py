"""What notebooks/poker-tutorial.ipynb says: the deal, one round step by step, the rulebook's example, bots."""

from __future__ import annotations

import math

from furlib import FurryPoker, RandomBot, tournament
from furlib.poker import Play, Remove, Take, Trigger, best_score
from furlib.poker.bots import Greedy, Planner

NOTEBOOK = "poker-tutorial.ipynb"


def dealt():
    g = FurryPoker(["You", "Ann"], seed=3)
    while g.is_chance:
        g.step()
    return g


def test_the_deal(nb):
    nb.runs('g = FurryPoker(["You", "Ann"], seed=3)')
    nb.says("72 − 5 − 12 − 2 = 53 cards are left in the deck",
            "Your hand holds the Purple 10, Blue 6, Red 8, Green 10, Blue 1 and Yellow 1, and your face-down card "
            "is the Purple 7")
    g = dealt()
    assert g.deck_size == 72 - 5 - 12 - 2 == 53
    assert g.hands["You"] == ["P10", "B6", "R8", "G10", "B1", "Y1"] and g.personal["You"]["down"] == ["P7"]
    assert g.view("You").hands["Ann"] == 6


def test_one_round(nb):
    nb.runs('g.apply(Play("Y1"))', "g.step(ann)", 'g.apply(Take("Y2"))', 'g.apply(Remove("Y7"))')
    nb.says("Ann played the Red 3, a Leopard. 1 is lower than 3, so You act first.",
            'in your log you read "Ann draws a card", never which one')
    g = dealt()
    ann = Greedy()
    g.apply(Play("Y1"))
    g.step(ann)
    assert g.round_order == [("You", "Y1"), ("Ann", "R3")] and g.current_player == "You"
    g.apply(Trigger()).apply(Take("Y2")).apply(Remove("Y7"))
    while g.is_chance or g.current_player == "Ann":
        g.step(ann)
    log = g.view("You").log()
    assert "Ann draws a card" in log and "Ann draws the" not in log
    assert g.personal["You"]["up"] == ["Y2"] and len(g.hands["You"]) == 6 and len(g.public) >= 5


def test_rulebook_example(nb):
    nb.says("The rulebook's example, a straight 3-8 and a pair of 2s, scores 7.")
    assert best_score([(3, "red"), (4, "blue"), (5, "red"), (6, "gray"), (7, "green"), (8, "red"), (2, "yellow"),
                       (2, "blue")]).points == 7


def test_bots(nb, capsys):
    nb.runs("tournament(FurryPoker, bots, 20 if seats == 2 else 40, seed=1, players=seats, progress=False)",
            'binomial_test(tables[3], "Greedy()", "Planner(deny=0.5)")')
    nb.says("RandomBot hardly ever wins", "Intervals that overlap do not answer that: a test does",
            "compare them on the games that one of them won outright (a shared win counts for neither)",
            "if they were equally strong, each would win such a game half the time, like a fair coin",
            "A two-sided binomial test asks how often a fair coin splits that many games at least as unevenly",
            "The p-value is large: a split like this is nothing unusual for a fair coin, so these 40 games give "
            "no evidence that either bot is better", "That is not evidence that they are equal",
            "a method that catches the true win rate in 95 of 100 experiments like this one")
    nb.never_says("overlap widely", "alike", "a two-sided binomial test gives p = 0.61")
    bots = [Greedy(), Planner(), RandomBot(seed=1)]
    two = tournament(FurryPoker, bots, 20, seed=1, players=2, progress=False).set_index("bot")
    table = tournament(FurryPoker, bots, 40, seed=1, players=3, progress=False)
    three = table.set_index("bot")
    r2, r3 = two.loc["RandomBot(seed=1)"], three.loc["RandomBot(seed=1)"]
    assert (r2["wins"], r2["games"], r3["wins"], r3["games"]) == (1, 40, 0, 40)
    g, p = three.loc["Greedy()"], three.loc["Planner(deny=0.5)"]
    assert (g["wins"], g["games"], p["wins"], p["games"]) == (19, 40, 15, 40)
    # every 3-seat game seats all three bots: the games won outright by Greedy or Planner are 19 + 15 = 34
    n, k = int(g["wins"] + p["wins"]), int(g["wins"])
    assert n == 34 and n + int(r3["wins"]) + int(three.shared.max()) <= 40
    tail = sum(math.comb(n, i) for i in range(max(k, n - k), n + 1)) / 2 ** n
    assert f"{min(1.0, 2 * tail):.2f}" == "0.61"
    nb.function("binomial_test")(table, "Greedy()", "Planner(deny=0.5)")
    assert capsys.readouterr().out == (
        "Greedy() won 19 and Planner(deny=0.5) won 15 of the 34 games one of them won outright: p = 0.61\n")
