"""Every rule bounded, every refusal quick and short, round two (issue 31): seeds, the number of actions a
game holds and a save replays, saves that give a key twice, tournaments and sweeps that check every limit
before any work, views of views, and the messages of a caller's own functions cut to an excerpt.

"Before any work" is shown by a bound that would fail if the work came first: an iterator that raises past
its limit, a huge ``range`` or a broadcast array that could not be listed, the game's rules replaced by a
function that fails, or the work counted (the actions replayed); never by a clock.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

import furlib  # noqa: F401  (registers every game)
from furlib import Furcle
from furlib.core.engine.game import MAX_SEED, Game, check_seed
from furlib.core.engine.policy import RandomBot
from furlib.core.engine.saving import MAX_SAVE_ACTIONS
from furlib.core.engine.seeds import fresh_seed
from furlib.core.errors import IllegalAction, PolicyError, cut_message, error_excerpt, excerpt
from furlib.core.registry import games
from furlib.core.sim import sweep as sweep_module
from furlib.core.sim import tournament as tournament_module
from furlib.core.sim.sweep import MAX_VALUES, sweep
from furlib.core.sim.tournament import MAX_BOTS, MAX_STEP_GAMES, tournament
from furlib.furcle.bots import SatisfiedAt
from furlib.highcard import Deal, HighCard, Play
from furlib.pig import Die, Hold, Pig, Roll
from furlib.pig.bots import HoldAt

GAMES = games(demos=True)
IDS = [info.name for info in GAMES]
SEED_WORDS = "a whole number from 0 to 2**128 - 1 (MAX_SEED), got "


def no_work(*args, **kwargs):
    raise AssertionError("work was done before the limit was checked")


def _refused(call, message: str, cls=ValueError) -> str:
    """Run ``call``: it must raise ``cls`` with exactly ``message``; return it."""
    with pytest.raises(cls) as caught:
        call()
    assert str(caught.value) == message
    return str(caught.value)


# ------------------------------------------------------------------------------------------- seeds
def test_the_largest_seed_is_2_to_the_128_minus_1_the_entropy_a_game_draws():
    assert MAX_SEED == 2**128 - 1 == Game.MAX_SEED
    assert sweep_module.MAX_SEED == MAX_SEED
    assert all(0 <= fresh_seed() <= MAX_SEED for _ in range(20))


def test_each_unseeded_game_draws_a_seed_of_its_own():
    seeds = {Pig().seed for _ in range(10)}     # the seed drawn was once remembered: every game had the same
    assert len(seeds) == 10


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_game_at_the_largest_seed_plays_shows_and_saves(info):
    g = info.cls(seed=MAX_SEED, **info.example_kwargs)
    for _ in range(12):
        if g.is_over:
            break
        g.step()
    assert g.seed == MAX_SEED and str(MAX_SEED) in g.to_json()
    assert info.cls.from_json(g.to_json()).to_json() == g.to_json()
    assert repr(g) and g._repr_html_()
    assert type(info.cls(seed=np.uint64(2**64 - 1), **info.example_kwargs).seed) is int


@pytest.mark.parametrize("seed, shown", [
    (MAX_SEED + 1, str(MAX_SEED + 1)),
    (10**100_000, "a whole number of about 100001 digits"),
    (-1, "-1"),
    (True, "True"),
    (2.0, "2.0"),
    ("7", "'7'"),
], ids=["2**128", "10**100000", "-1", "True", "2.0", "'7'"])
def test_a_seed_out_of_range_is_refused_before_any_work(seed, shown):
    # the seed is checked first: the players (not even a list here) are never looked at
    _refused(lambda: Pig(players=object(), seed=seed), f"seed must be None or {SEED_WORDS}{shown}")
    _refused(lambda: RandomBot(seed=seed), f"seed must be {SEED_WORDS}{shown}")
    _refused(lambda: check_seed(seed, "bot seed"), f"bot seed must be {SEED_WORDS}{shown}")


def test_a_bot_at_the_largest_seed_shows_and_plays():
    bot = RandomBot(seed=np.uint64(2**64 - 1))
    assert bot.seed == 2**64 - 1 and type(bot.seed) is int
    assert repr(RandomBot(seed=MAX_SEED)) == f"RandomBot(seed={MAX_SEED})"
    assert Pig(seed=1).play(RandomBot(seed=MAX_SEED)).is_over


# ----------------------------------------------------- a game holds at most MAX_STEPS actions
class ShortPig(Pig):
    """Pig with room for 10 actions (a game's own MAX_STEPS, as a game whose games are short sets it)."""

    MAX_STEPS = 10


def _ones(g: Pig, n: int) -> Pig:
    for _ in range(n):
        g.apply(Die(1))       # a 1 passes the die: a Pig game played so never ends
    return g


def test_every_registered_games_limit_keeps_its_saves_loadable():
    for info in GAMES:
        assert 1 <= info.cls.MAX_STEPS <= MAX_SAVE_ACTIONS, info.name
    assert HighCard.MAX_STEPS == 40 and Pig.MAX_STEPS == 100_000


def test_the_action_past_the_limit_is_refused_and_the_full_game_still_saves():
    g = _ones(ShortPig(["Ann", "Bob"], seed=1), 10)
    before = g.to_json()
    full = ("this game has reached its limit of 10 actions (ShortPig.MAX_STEPS) without ending (it is at turn 11): "
            "no more can be applied; undo() some, or make a new game with settings that end sooner.")
    _refused(lambda: g.apply(Die(1)), full, IllegalAction)
    _refused(lambda: g.step(), full, IllegalAction)
    _refused(lambda: g.play(), "the game did not end within its limit of 10 actions (ShortPig.MAX_STEPS; it is "
                               "left at turn 11): choose settings that end sooner", RuntimeError)
    assert g.to_json() == before
    assert ShortPig.from_json(before).to_json() == before        # a game at its limit loads again
    g.undo()
    assert g.apply(Die(1)).to_json() == before


def test_play_stops_at_the_limit_and_takes_no_larger_max_steps():
    always_roll = lambda game: Roll()    # noqa: E731  (never holds: the game cannot end)
    g = ShortPig(["Ann", "Bob"], seed=3)
    with pytest.raises(RuntimeError, match=r"^the game did not end within its limit of 10 actions"):
        g.play(always_roll)
    assert g.n_steps == 10
    _refused(lambda: ShortPig(seed=3).play(max_steps=11), "max_steps must be between 1 and 10, got 11")
    with pytest.raises(RuntimeError, match=r"^the game did not end within max_steps=4 actions"):
        ShortPig(seed=3).play(always_roll, max_steps=4)


def test_a_save_of_more_actions_than_its_game_holds_is_refused_before_any_is_replayed(monkeypatch):
    doc = json.loads(_ones(ShortPig(["Ann", "Bob"], seed=1), 10).to_json())
    doc["actions"].append(doc["actions"][0])
    monkeypatch.setattr(ShortPig, "_apply", no_work)
    _refused(lambda: ShortPig.from_json(json.dumps(doc)),
             "this save has 11 actions; a ShortPig game holds at most 10 (ShortPig.MAX_STEPS), so no save of one "
             "has more")


def test_a_high_card_save_holds_at_most_40_actions():
    g = HighCard(players=4, cards=20, hand=5, seed=3).play()
    assert g.n_steps == 40 == HighCard.MAX_STEPS          # every card dealt and played: the longest game
    doc = json.loads(g.to_json())
    doc["actions"].append(doc["actions"][-1])
    _refused(lambda: HighCard.from_json(json.dumps(doc)),
             "this save has 41 actions; a HighCard game holds at most 40 (HighCard.MAX_STEPS), so no save of one "
             "has more")


class _Counted(Pig):
    """Pig counting the actions its rules apply (the work of a replay)."""

    applied = 0

    def _apply(self, action):
        _Counted.applied += 1
        super()._apply(action)


def _counted_load(doc) -> int:
    _Counted.applied = 0
    with pytest.raises(ValueError) as caught:
        _Counted.from_json(json.dumps(doc))
    assert len(str(caught.value)) <= 400
    return _Counted.applied


def test_a_save_malformed_anywhere_is_refused_before_the_first_action_is_replayed():
    doc = json.loads(_ones(_Counted(["Ann", "Bob"], seed=1), 5_000).to_json())
    doc["actions"][-1] = {"rng": False, "type": "Die", "face": 7}
    assert _counted_load(doc) == 0
    doc["actions"][-1] = {"rng": False, "type": "Dice", "faces": [1]}
    assert _counted_load(doc) == 0
    doc["actions"][-1] = {"rng": 0, "type": "Die", "face": 1}
    assert _counted_load(doc) == 0


def test_an_action_illegal_where_it_stands_is_found_after_replaying_only_those_before_it():
    doc = json.loads(_ones(_Counted(["Ann", "Bob"], seed=1), 300).to_json())
    doc["actions"][200] = {"rng": False, "type": "Hold"}       # a hold where the die is to be rolled
    assert _counted_load(doc) == 200


# --------------------------------------------------------------------- a key given twice
@pytest.mark.parametrize("where", ["top", "params", "action", "state", "deep"])
def test_a_save_that_gives_a_key_twice_is_refused_naming_the_key(where):
    g = Pig(["Ann", "Bob"], seed=1).apply(Die(4))
    text = g.to_json()
    key, twice = {
        "top": ("seed", ('"seed":1,', '"seed":2,"seed":1,')),
        "params": ("target", ('"target":100', '"target":5,"target":100')),
        "action": ("face", ('"face":4', '"face":3,"face":4')),
        "state": ("turn_total", ('"turn_total":4', '"turn_total":0,"turn_total":4')),
        "deep": ("x", ('"last":4', '"last":4,"x":{"x":1,"x":2}')),
    }[where]
    assert text.count(twice[0]) == 1
    _refused(lambda: Pig.from_json(text.replace(*twice)),
             f"this save gives the key {excerpt(key)} twice in one object; a save gives each key once (which value "
             "was meant cannot be known)")
    assert Pig.from_json(text).to_json() == text


def test_a_long_key_given_twice_is_named_by_an_excerpt():
    text = Pig(seed=1).to_json()
    long = "k" * 10_000
    message = _refused(lambda: Pig.from_json(text.replace('"state":{', f'"state":{{"{long}":1,"{long}":2,')),
                       f"this save gives the key {excerpt(long)} twice in one object; a save gives each key once "
                       "(which value was meant cannot be known)")
    assert len(message) < 200


# ------------------------------------------------------------------------------ views of views
@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_the_view_of_a_view_is_that_view_and_of_anyone_else_is_refused(info):
    g = info.cls(seed=4, **info.example_kwargs)
    for _ in range(6):
        g.step()
    ann, bob = g.players[:2]
    for viewer, other in ((ann, bob), (None, ann), (ann, None)):
        v = g.view(viewer)
        before = g.to_json()
        assert v.view(viewer) is v
        whose = "a spectator's" if viewer is None else f"{viewer}'s"
        sees = "a spectator" if other is None else other
        _refused(lambda v=v, other=other: v.view(other),
                 f"this is {whose} view of the game: it cannot show what {sees} sees; ask the game itself, "
                 f"e.g. game.view({excerpt(other)})")
        with pytest.raises(ValueError, match=r"^unknown player 'Zed'"):
            v.view("Zed")
        assert g.to_json() == before


# ------------------------------------------------------------------- the caller's messages, cut
def _raises_long(game):
    raise ValueError("x" * 1_000_000)


LONG_CAUSE = "ValueError: " + cut_message("x" * 1_000_000)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_policy_that_raises_a_long_message_is_passed_on_cut(info):
    g = info.cls(seed=2, **info.example_kwargs)
    while g.is_chance:
        g.step()
    before = g.to_json()
    for call in (lambda: g.play(_raises_long), lambda: g.step(_raises_long)):
        with pytest.raises(PolicyError) as caught:
            call()
        message = str(caught.value)
        assert message == (f"the policy {excerpt(_raises_long)} of {g.current_player} raised {LONG_CAUSE} "
                           "(the whole error is this error's __cause__)")
        assert len(message) < 400 and len(str(caught.value.__cause__)) == 1_000_000
        assert g.to_json() == before


def test_an_interrupt_in_a_policy_is_passed_on_as_it_is():
    def stop(game):
        raise KeyboardInterrupt
    g = Pig(seed=1)
    with pytest.raises(KeyboardInterrupt):
        g.play(stop)
    assert g.n_steps == 0


def test_error_excerpt_names_the_type_and_cuts_the_message():
    assert error_excerpt(RuntimeError("boom")) == "RuntimeError: boom"
    assert len(error_excerpt(type("E" * 500, (Exception,), {})("m" * 500))) < 260

    class Unshowable(Exception):
        def __str__(self):
            raise RuntimeError

    assert error_excerpt(Unshowable()) == "Unshowable: <its message cannot be shown: RuntimeError>"


def test_excerpt_reads_little_of_a_hostile_value():
    class BadRepr:
        def __repr__(self):
            raise RuntimeError("no")

    nested: list = []
    for _ in range(10_000):
        nested = [nested]
    assert excerpt(BadRepr()) == "<a BadRepr that cannot be shown>"
    assert excerpt([BadRepr()]) == "[<a BadRepr that cannot be shown>]"
    assert excerpt([10**100_000]) == "[<a whole number of about 100001 digits>]"
    assert excerpt(nested) == "[[[[[[[...]]]]]]]"
    assert len(excerpt(["x" * 10**7] * 1000)) == 60
    assert excerpt({"a": 1}) == "{'a': 1}" and excerpt((1,)) == "(1,)" and excerpt("it's") == '"it\'s"'


def test_check_game_cuts_the_message_of_a_games_own_check():
    from furlib.testing import check_game

    class Loud(Pig):
        def check_invariants(self):
            if self.n_steps == 3:
                raise AssertionError("y" * 100_000)

    with pytest.raises(AssertionError) as caught:
        check_game(Loud, n_games=1, seed=0, kwargs={"target": 20})
    assert str(caught.value) == (f"Loud(seed=0, **{{'target': 20}}) at step 3: check_invariants() failed: "
                                 f"{cut_message('y' * 100_000)}")


# ---------------------------------------------------------------- tournaments: every limit first
class _Toy:
    """A toy game with the protocol's players, play and winner (seat 1 wins), counting the games made."""

    made = 0

    def __init__(self, players=2, seed=None, **rules):
        if rules.get("target", 1) > 100:
            raise ValueError(f"target must be between 1 and 100, got {excerpt(rules['target'])}")
        self.players = tuple(players) if isinstance(players, (list, tuple)) else tuple(f"P{i}" for i in
                                                                                       range(players))
        self.winner = None
        _Toy.made += 1

    def play(self, *policies):
        self.winner = self.players[0]
        return self


class _Declines(_Toy):
    """A toy game with a fast path that plays no bots (it says so when asked with no games)."""

    asked: list = []

    @staticmethod
    def _fast_tournament(bots, pairings, **kwargs):
        _Declines.asked.append(list(pairings))
        return None


def _bots(n):
    return [RandomBot(seed=i) for i in range(n)]


def _at_most(n, make):
    """An iterator of ``n`` items that fails if read further: a limit of ``n - 1`` must stop there."""
    for i in range(n):
        yield make(i)
    raise AssertionError("the bots were read past their limit")


def test_a_tournament_takes_at_most_max_bots_read_lazily():
    assert MAX_BOTS == 100
    _refused(lambda: tournament(_Toy, _at_most(MAX_BOTS + 1, RandomBot), 1),
             "a tournament takes at most 100 bots (MAX_BOTS), got more")
    _refused(lambda: tournament(_Toy, itertools.count(), 1), "a tournament takes at most 100 bots (MAX_BOTS), got more")
    df = tournament(_Toy, (RandomBot(i) for i in range(MAX_BOTS)), 1, progress=False)   # 4,950 pairs, a game each
    assert len(df) == MAX_BOTS and df.games.sum() == MAX_BOTS * (MAX_BOTS - 1)


def test_a_tournament_too_large_for_the_step_api_is_refused_before_any_plan_or_game(monkeypatch):
    _Declines.asked, _Toy.made = [], 0
    monkeypatch.setattr(tournament_module, "_pairings", no_work)
    monkeypatch.setattr(tournament_module.np, "concatenate", no_work)   # no seat plan is made
    _refused(lambda: tournament(_Declines, _bots(50), 100),
             f"n_games=100 asks for 122,500 games (100 for each of 1,225 meetings); a tournament plays at most "
             f"{MAX_STEP_GAMES:,} games through the step API (MAX_STEP_GAMES): ask for fewer games")
    assert _Declines.asked == [[]] and _Toy.made == 1       # asked once, with no games; one game made, to probe
    _refused(lambda: tournament(_Declines, _bots(2), 5, fast=True),
             "'_Declines' has no fast path for these bots (RandomBot(seed=0), RandomBot(seed=1)); use fast=None "
             "or fast=False")


def test_a_huge_number_of_games_is_refused_with_a_short_message(monkeypatch):
    monkeypatch.setattr(Furcle, "_apply", no_work)
    message = _refused(lambda: tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(20)], 10**100_000),
                       "n_games=a whole number of about 100001 digits asks for a whole number of about 100001 "
                       "digits games; a tournament plays at most 10,000,000 games on the fast path "
                       "(MAX_FAST_GAMES): ask for fewer games")
    assert len(message) < 300


def test_the_rules_of_a_tournament_are_checked_before_any_game():
    _Toy.made = 0
    _refused(lambda: tournament(_Toy, _bots(2), 10, target=10**12),
             "_Toy(target=1000000000000, seed=0) is refused: target must be between 1 and 100, got 1000000000000")
    _refused(lambda: tournament(_Toy, _bots(2), 10, players=2, target=10**12),
             "_Toy(target=1000000000000, players=2, seed=0) is refused: target must be between 1 and 100, got "
             "1000000000000")
    assert _Toy.made == 0
    with pytest.raises(ValueError, match=r"^Pig\(target=1000000000000, players=\['Ann', 'Bob'\], seed=0\) is "
                                         r"refused: target must be between 1 and 1000, got 1000000000000$"):
        tournament(Pig, [HoldAt(10), HoldAt(20)], 10, players=["Ann", "Bob"], target=10**12)
    with pytest.raises(ValueError, match=r"^Pig\(targt=30, seed=0\) is refused: TypeError: "):
        tournament(Pig, [HoldAt(10), HoldAt(20)], 10, targt=30)


def test_furcles_target_limit_refuses_a_tournament_at_once(monkeypatch):
    monkeypatch.setattr(Furcle, "_apply", no_work)
    monkeypatch.setattr("furlib.furcle.fast.simulate_games", no_work)
    with pytest.raises(ValueError, match=r"^Furcle\(target=1000000000000, seed=0\) is refused: target must be"):
        tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(20)], 10, target=10**12)


def test_a_seed_too_large_for_the_games_of_a_tournament_is_refused():
    _refused(lambda: tournament(_Toy, _bots(2), 10, seed=MAX_SEED - 5),
             f"seed={MAX_SEED - 5} is too large for 10 games: game i of a tournament is seeded seed + i, at most "
             "2**128 - 1 (MAX_SEED); use a seed up to MAX_SEED - 9")
    assert tournament(_Toy, _bots(2), 10, seed=MAX_SEED - 9, progress=False).games.tolist() == [10, 10]


def test_the_errors_of_a_callers_factory_and_game_are_passed_on_cut():
    def factory(seed, **rules):
        raise RuntimeError("f" * 100_000)

    message = _refused(lambda: tournament(factory, _bots(2), 3),
                       f"the game factory(seed=0) is refused: RuntimeError: {cut_message('f' * 100_000, 300)}")
    assert len(message) < 400

    class Breaks(_Toy):
        def play(self, *policies):
            raise KeyError("k" * 100_000)

    with pytest.raises(ValueError, match=r"^game 0 of the tournament \(seed 0\) failed: KeyError: 'kkk") as caught:
        tournament(Breaks, _bots(2), 3, progress=False)
    assert len(str(caught.value)) < 400


def test_a_bot_that_raises_in_a_tournament_is_named_and_cut():
    with pytest.raises(PolicyError) as caught:
        tournament(Pig, [HoldAt(10), _raises_long], 4, progress=False)
    assert len(str(caught.value)) < 400 and "raised ValueError: xxx" in str(caught.value)


# --------------------------------------------------------------------- sweeps: every limit first
@pytest.fixture
def no_games(monkeypatch):
    """A sweep that would play a game fails loudly (nothing may be played before the limits are checked)."""
    monkeypatch.setattr(sweep_module, "_table", no_work)
    monkeypatch.setattr("furlib.core.sim.sweep_backends.run_block", no_work)


BOTS = [HoldAt(10), HoldAt(20)]


def test_a_huge_range_or_array_is_counted_never_listed(no_games):
    for values, n in ((range(10**12), "1,000,000,000,000"), (np.broadcast_to(np.int64(5), (10**12,)),
                                                               "1,000,000,000,000")):
        _refused(lambda values=values: sweep(Pig, {"target": values}, BOTS, 5),
                 f"grid['target'] must list 1 to {MAX_VALUES:,} values (MAX_VALUES), got {n}")
    _refused(lambda: sweep(Pig, {"target": np.ones((2, 2), np.int64)}, BOTS, 5),
             "grid['target'] must be a list, tuple, range or 1-D array of values, got array([[1, 1],\n"
             "       [1, 1]])")


def test_the_bots_are_counted_before_any_is_read(no_games):
    class Endless(list):
        def __len__(self):
            return 10**12

        def __iter__(self):
            raise AssertionError("the bots were read before they were counted")

    _refused(lambda: sweep(Pig, {}, Endless(), 5),
             "bots must list one bot per seat, and Pig seats at most 6 players; got 1,000,000,000,000 bots")


def test_the_games_are_counted_before_any_cell_is_made(no_games, monkeypatch):
    monkeypatch.setattr(sweep_module, "_make", no_work)      # no cell's game is made
    _refused(lambda: sweep(Furcle, {"target": range(1, 101), "n_dice": range(1, 11)}, [SatisfiedAt(10)] * 2,
                           200_000),
             "games=200,000 in 1,000 cells asks for 200,000,000 games on vectorised simulators; a sweep plays at "
             "most 100,000,000 (MAX_FAST_GAMES): ask for fewer games or cells")
    _refused(lambda: sweep(Pig, {"target": range(1, 101)}, BOTS, 20_000),
             "games=20,000 in 100 cells asks for 2,000,000 games through the step API; a sweep plays at most "
             "1,000,000 (MAX_STEP_GAMES): ask for fewer games or cells")


def test_the_rules_of_every_cell_are_checked_before_any_game(no_games):
    _refused(lambda: sweep(Pig, {"target": [30, 10**12]}, BOTS, 5),
             "Pig(players=2, target=1000000000000) is refused (2 bots, one per seat): target must be between 1 "
             "and 1000, got 1000000000000")


def test_furcles_target_limit_refuses_a_sweep_at_once(no_games):
    with pytest.raises(ValueError, match=r"^Furcle\(players=2, target=1000000000000\) is refused \(2 bots, one "
                                         r"per seat\): target must be"):
        sweep(Furcle, {"target": [30, 10**12]}, [SatisfiedAt(10), SatisfiedAt(20)], 5)


def test_a_bot_that_raises_in_a_sweep_is_named_and_cut():
    with pytest.raises(PolicyError) as caught:
        sweep(Pig, {"target": [20]}, [HoldAt(10), _raises_long], 3, seed=1)
    assert len(str(caught.value)) < 400 and "raised ValueError: xxx" in str(caught.value)


# ------------------------------------------------------------------------- Pig and High Card
@pytest.mark.parametrize("call, message", [
    (lambda: HoldAt(5)("not a game"), "HoldAt plays Pig: give it a Pig game, got 'not a game'"),
    (lambda: HoldAt(5)(HighCard(seed=1)), f"HoldAt plays Pig: give it a Pig game, got {excerpt(HighCard(seed=1))}"),
    (lambda: HoldAt(5)(Pig(seed=1)), "HoldAt was asked to move where there is no decision to take"),
    (lambda: HoldAt(10**100), "n must be between 1 and 1000, got a whole number of about 101 digits"),
])
def test_pigs_bot_refuses_what_is_not_a_decision_of_pig(call, message):
    _refused(call, message)


def test_pig_html_refuses_what_is_not_pig():
    from furlib.pig.render import pig_html

    _refused(lambda: pig_html(HighCard(seed=1)), "pig_html needs a Pig game, got HighCard")
    _refused(lambda: pig_html(Pig(seed=1), last_events=-1), "last_events must be >= 0, got -1")


@pytest.mark.parametrize("make, message", [
    (lambda: Deal("Zebra"), "Deal's card must be one of the cards Ant, Bee, Cat, Doe, Elk, Fox, Gnu, Hen, Ibis, "
                            "Jay, Koi, Lynx, Mole, Newt, Owl, Pika, Quail, Rook, Seal, Toad (e.g. Deal(\"Owl\")); "
                            "got 'Zebra'"),
    (lambda: Play("owl"), "Play's card must be one of the cards Ant, Bee, Cat, Doe, Elk, Fox, Gnu, Hen, Ibis, "
                          "Jay, Koi, Lynx, Mole, Newt, Owl, Pika, Quail, Rook, Seal, Toad (e.g. Play(\"Owl\")); "
                          "got 'owl'"),
    (lambda: Play("O" * 10_000), "Play's card must be one of the cards Ant, Bee, Cat, Doe, Elk, Fox, Gnu, Hen, "
                                 "Ibis, Jay, Koi, Lynx, Mole, Newt, Owl, Pika, Quail, Rook, Seal, Toad (e.g. "
                                 f"Play(\"Owl\")); got {excerpt('O' * 10_000)}"),
    (lambda: Play(7), "Play's card must be a name, e.g. Play(\"Owl\"); got 7"),
])
def test_high_cards_actions_name_one_of_its_cards(make, message):
    _refused(make, message, IllegalAction)


def test_high_cards_methods_refuse_what_they_cannot_answer():
    from furlib.highcard.bots import HighestCard
    from furlib.highcard.render import highcard_html

    g = HighCard(["Ann", "Bob"], seed=1)
    before = g.to_json()
    _refused(lambda: g.has_chosen("Zed"), "unknown player 'Zed'; players are ['Ann', 'Bob'] (or None for a "
                                          "spectator)")
    _refused(lambda: g.has_chosen(None), "has_chosen() asks about a player, one of ['Ann', 'Bob']; got None")
    _refused(lambda: highcard_html("x" * 1000), f"highcard_html needs a HighCard game (or a player's view of one), "
                                                f"got {excerpt('x' * 1000)}")
    _refused(lambda: HighestCard()(Pig(seed=1)), "HighestCard plays High Card: give it a HighCard game or a "
                                                 f"player's view of one, got {excerpt(Pig(seed=1))}")
    _refused(lambda: HighestCard()(g.view("Ann")), "HighestCard was asked to move where there is no card to play")
    while g.is_chance:
        g.step()
    before = g.to_json()
    _refused(lambda: g.apply(Hold()), "Hold() is not a High Card action (expected Play(card)). Legal now: "
                                      + ", ".join(str(a) for a in g.legal_actions()) + ".", IllegalAction)
    assert g.to_json() == before
