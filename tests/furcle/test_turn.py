"""Expected points of a turn: hand values, the rules engine enumerated exactly, and the step API."""

import math
from fractions import Fraction as F

import numpy as np
import pytest

from furlib.furcle import Furcle, Roll, Satisfied
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furcle.exact import transition_model
from furlib.furcle.rules import MAX_TARGET
from furlib.furcle.turn import bounds, optimal_turn_policy, turn_value


# ------------------------------------------------------------ an independent exact evaluator
def engine_turn_value(bot=None, cap=None, **rules):
    """Exact expected banked points of one turn, by enumerating the engine's own chance outcomes.

    With ``bot`` the bot decides; without, every legal action is tried and the best kept
    (expectimax), rolling again being refused once the turn score reaches ``cap``.
    Values are memoised on (turn score, dice to roll, Beekin available) at each roll.
    """
    game = Furcle(players=1, target=MAX_TARGET, seed=0, **rules)   # no turn here banks that much
    memo = {}

    def chance(g):
        key = (g.turn_score, g.dice_to_roll, g.beekin_available)
        if key not in memo:
            turn, before = g.turn, g.scores[g.players[0]]
            total = F(0)
            for dice, p in g.chance_outcomes():
                g.apply(dice)
                total += p * decide(g, turn, before)
                g.undo()
            memo[key] = total
        return memo[key]

    def decide(g, turn, before):
        if g.turn != turn:                             # the turn ended (Furcle or bank)
            return F(g.scores[g.players[0]] - before)
        if g.is_chance:
            return chance(g)
        actions = [bot(g)] if bot is not None else g.legal_actions()
        if bot is None and cap is not None and g.turn_score >= cap:
            actions = [a for a in actions if a != Roll()]
        best = None
        for a in actions:
            g.apply(a)
            v = decide(g, turn, before)
            g.undo()
            best = v if best is None or v > best else best
        return best

    return chance(game)


# ------------------------------------------------------------ hand values
def test_two_dice_without_beekin_bank_every_pair():
    # Rolling again at turn score s is worth at most (1/6)(s + 6) < s for s >= 2, and
    # (1/6)(1 + 3.5) < 1 at s = 1: bank every pair. A turn is then one roll: 21/36 = 7/12.
    assert optimal_turn_policy(n_dice=2, beekin=False).value == pytest.approx(7 / 12, abs=1e-12)
    assert turn_value(SatisfiedAt(1), n_dice=2, beekin=False) == pytest.approx(7 / 12, abs=1e-12)


def test_two_dice_with_beekin_bank_at_once():
    # SatisfiedAt(1) banks the first scoring roll; its Beekin only rescues (f-1, f) as a pair of f:
    # (1 + 3 * (2 + 3 + 4 + 5 + 6)) / 36 = 61/36.
    assert turn_value(SatisfiedAt(1), n_dice=2) == pytest.approx(61 / 36, abs=1e-12)


# ------------------------------------------------------------ the engine, enumerated
@pytest.mark.parametrize("points, n_dice, beekin", [(12, 5, True), (20, 5, False), (20, 3, True),
                                                     (7, 4, True), (30, 2, True)])
def test_satisfied_at_matches_the_engine_exactly(points, n_dice, beekin):
    exact = engine_turn_value(SatisfiedAt(points), n_dice=n_dice, beekin=beekin)
    assert turn_value(SatisfiedAt(points), n_dice=n_dice, beekin=beekin) == pytest.approx(float(exact), abs=1e-12)


@pytest.mark.parametrize("n_dice, beekin", [(2, True), (3, False), (2, False)])
def test_optimal_turn_matches_engine_expectimax(n_dice, beekin):
    """Expectimax over every legal action of the real game (Beekins included).

    No state of these rules is sure (a Furcle is always possible), so beyond S* the best play
    banks: capping rolls at S* is exact, and capping at S* + 15 gives the same value.
    """
    opt = optimal_turn_policy(n_dice=n_dice, beekin=beekin)
    assert not transition_model(n_dice, beekin=beekin).sure.any()
    at_cap = engine_turn_value(cap=opt.s_star, n_dice=n_dice, beekin=beekin)
    assert engine_turn_value(cap=opt.s_star + 15, n_dice=n_dice, beekin=beekin) == at_cap
    assert opt.value == pytest.approx(float(at_cap), abs=1e-12)


# ------------------------------------------------------------ the step API, simulated
def step_api_turns(policy, n_turns, seed):
    """Banked points of ``n_turns`` turns of a 1-player game played through g.step()."""
    g = Furcle(players=1, target=MAX_TARGET, seed=seed)
    banked = []
    while len(banked) < n_turns:
        if g.is_over:   # the player reached the largest target: the next turns are those of a new game
            g = Furcle(players=1, target=MAX_TARGET, seed=seed * 1_000_003 + g.turn + len(banked))
        turn, before = g.turn, g.scores[g.players[0]]
        while g.turn == turn:
            g.step(policy)
        banked.append(g.scores[g.players[0]] - before)
    return np.array(banked, float)


@pytest.mark.parametrize("policy", [SatisfiedAt(10), SatisfiedAt(25), optimal_turn_policy()],
                         ids=["SatisfiedAt(10)", "SatisfiedAt(25)", "optimal"])
def test_turn_value_matches_step_api_monte_carlo(policy):
    """Tolerance: 4 standard errors of the mean of 4000 simulated turns (seed 11)."""
    x = step_api_turns(policy, 4000, seed=11)
    se = x.std(ddof=1) / math.sqrt(len(x))
    assert abs(x.mean() - turn_value(policy)) < 4 * se


# ------------------------------------------------------------ the optimal policy
@pytest.fixture(scope="module")
def opt():
    return optimal_turn_policy()


def test_optimal_beats_every_threshold(opt):
    values = [turn_value(SatisfiedAt(k)) for k in range(1, 61)]
    assert opt.value > max(values)
    assert turn_value(opt) == pytest.approx(opt.value, rel=1e-12)


def test_bound(opt):
    """Above S* banking is proved best in risky states; the DP agrees well before it."""
    model = transition_model()
    bnd = bounds(model)
    risky = np.flatnonzero(~model.sure)
    assert opt.s_star == max(math.floor(bnd.gross[i] / model.furcle[i]) + 1 for i in risky) == 93
    table = opt.table
    for i in risky:
        k, b = model.states[i]
        rows = table[(table.dice == k) & (table.beekin == b)]
        assert (rows[rows.turn_score >= 70].action == "bank").all()
        # the inequality the bound rests on: rolling is worth at most (1 - q) S + G < S
        big = rows[rows.turn_score >= opt.s_star - 5]
        assert (big.roll_value <= (1 - model.furcle[i]) * big.turn_score + bnd.gross[i]).all()
    sure = table[table.dice.isin([4, 5]) & table.beekin]
    assert (sure.action == "roll").all()                       # no Furcle possible: always roll
    assert opt.banks(10_000, 2, False) and not opt.banks(10_000, 5, True)


def test_tables(opt):
    t = opt.table
    assert list(t.columns) == ["turn_score", "dice", "beekin", "action", "bank_value", "roll_value"]
    assert len(t) == 8 * (opt.s_star - 1)
    assert ((t.action == "bank") == (t.bank_value >= t.roll_value)).all()
    row = t[(t.turn_score == 12) & (t.dice == 2) & ~t.beekin].iloc[0]
    assert row.action == "bank"     # 2 dice, no Beekin: a Furcle is 5/6 likely
    bt = opt.beekin_table
    assert set(bt.columns) == {"turn_score", "dice", "faces", "raise_face", "points"}
    # the rulebook's rescue 3,5,6 -> 3,6,6 at the start of a 3-dice roll
    r = bt[(bt.turn_score == 0) & (bt.dice == 3) & (bt.faces == (3, 5, 6))]
    assert r.raise_face.tolist() == [5]


def test_optimal_policy_plays_real_games(opt):
    g = Furcle(players=["Ann", "Bob"], seed=5)
    g.play(opt, SatisfiedAt(20))                     # play() refuses an illegal move from either policy
    assert g.scores[g.winner] >= g.target
    g = Furcle(players=["Ann", "Bob"], seed=5, n_dice=4)
    with pytest.raises(ValueError, match="built for n_dice=5"):
        g.step()
        opt(g)


# ------------------------------------------------------------ tables as policies
def test_dict_and_frame_tables_match_satisfied_at():
    table = {(t, k, b): ("bank" if t >= 15 else "roll") for t in range(1, 16) for k in range(2, 6)
             for b in (False, True)}
    assert turn_value(table) == pytest.approx(turn_value(SatisfiedAt(15)), abs=1e-12)
    short = {(t, k): ("bank" if t >= 15 else "roll") for t in range(1, 16) for k in range(2, 6)}
    assert turn_value(short) == pytest.approx(turn_value(SatisfiedAt(15)), abs=1e-12)
    import pandas as pd

    df = pd.DataFrame([(t, k, b, a) for (t, k, b), a in table.items()],
                      columns=["turn_score", "dice", "beekin", "action"])
    assert turn_value(df) == pytest.approx(turn_value(SatisfiedAt(15)), abs=1e-12)


def test_optimal_table_with_rescue_only_beekin_is_worse(opt):
    # The stop table alone, with the Beekin used only to rescue: a legal but weaker policy.
    v = turn_value(opt.table)
    assert turn_value(SatisfiedAt(5)) < v < opt.value


@pytest.mark.parametrize("policy, match", [
    (BeekinSmart(), "a turn policy must be a SatisfiedAt bot"),
    ({(1, 5): "bank", (3, 5): "roll"}, "no decision for"),
    ({(1, 5): "stay"}, "must be 'bank' or 'roll'"),
    ({5: "bank"}, "keys must be"),
    ({}, "empty"),
    ({(1, 9): "bank"}, "dice must be between 2 and 5"),
])
def test_bad_policies(policy, match):
    with pytest.raises(ValueError, match=match):
        turn_value(policy)


def test_bad_rules():
    with pytest.raises(ValueError, match="beekin must be True or False"):
        turn_value(SatisfiedAt(10), beekin=None)
    with pytest.raises(ValueError, match="n_dice must be at least 2"):
        optimal_turn_policy(n_dice=1)
    with pytest.raises(ValueError, match="built for other rules"):
        turn_value(optimal_turn_policy(n_dice=3), n_dice=4)


def test_bot_follows_its_tables(opt):
    """In real games, every decision of the bot is legal and is what its tables say."""
    from furlib.furcle import Beekin

    model = transition_model()
    checked = beekins = 0
    for seed in range(80):
        g = Furcle(players=["Ann", "Bob"], seed=seed)
        while not g.is_over and checked < 3000:
            if g.is_chance:
                g.step()
                continue
            a = opt(g)
            assert a in g.legal_actions()
            if isinstance(a, Beekin):
                before = g.turn_score - g.roll_points
                j = opt.choice(before, len(g.dice), True, g.dice)
                i = model.state_index[(len(g.dice), True)]
                face = model.outcomes[i][[o.faces for o in model.outcomes[i]].index(tuple(sorted(g.dice)))] \
                    .choices[j].beekin
                assert g.dice[a.die] == face
                beekins += 1
            elif a in (Roll(), Satisfied()):
                assert (a == Satisfied()) == opt.banks(g.turn_score, g.dice_to_roll, g.beekin_available)
            g.apply(a)
            checked += 1
    assert checked > 1000 and beekins > 50


def test_per_rules_keeps_the_rule_sets_last_used():
    """turn.PerRules (the turn's bounds, the fast simulator's dice tables): one table per rule set, made once,
    the least recently used dropped first."""
    from furlib.furcle.turn import PerRules

    made = []
    tables = PerRules(lambda model: made.append(model.n_dice) or len(made), kept=2)
    two, three, four = (transition_model(n, beekin=False) for n in (2, 3, 4))
    assert [tables(two), tables(three), tables(two)] == [1, 2, 1]          # the second ask of 2 dice: kept
    assert tables(transition_model(2, sides=6, beekin=False)) == 1         # an equal rule set is the same key
    assert tables(four) == 3 and made == [2, 3, 4]                         # 3 dice, used least lately, dropped
    assert tables(two) == 1 and tables(three) == 4 and made == [2, 3, 4, 3]
    assert tables(transition_model(2, beekin=True)) == 5                   # Beekin is part of the rules
