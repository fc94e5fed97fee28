"""What each of the engine's remaining speed tricks saves per step: a paired A/B for each, in one run (issue 32).

Issue 32 keeps a speed trick only where a paired benchmark shows that it pays at least 5% of a step and
still reads as the rulebook. For each trick this script plays the same seeded games twice per round, once
as furlib is (the trick on, A) and once with the trick switched off (B): the plain way written here and
patched in at run time (``patched``), never in ``furlib/``. Which side goes first alternates from round to
round; both sides must play the very same games (their actions counted and winners compared, else the
script stops). The figure is the share of a step's time the trick saves,

    share = (CPU time per action without the trick) / (CPU time per action with it) - 1,

so 0.12 means that without the trick a step takes 12% longer than now; the median over the rounds and the
range are given. A step is one action of ``game.play(bot, bot)`` (rolls included), or, for the tricks that
only act while the story is written, of ``play`` and then reading ``game.events`` (the replay that writes
them counted in).

The tricks and the plain way each is weighed against:

* (a) ``play()``'s loop written out (``furlib/core/engine/play.py``'s ``_loop``) against a loop of
  ``game.step(policy)`` until the game is over;
* (b) events made with ``tuple.__new__`` past ``Event``'s checks (``Game._write``) against ``Event(...)``;
* (c) Oh Furcle!'s table of roll scores per rule set (``FurcleRules.score`` with ``self._scores``) against
  scoring each roll afresh (``scoring.score_checked``); and beside it the rule set's other tables: (c2) the
  Beekins open on a roll (``FurcleRules.beekins`` with ``self._options``), (c3) the ``Dice`` made once per
  numbers drawn (``FurcleRules.outcome_drawn`` with ``self._dice``, against the default of
  ``core.engine.dice.DiceChance``, a ``Dice`` made per roll), (c4) The Furglars' ``Roll`` made once per
  counts (``FurglarsRules.roll_of``), (c5) The Furglars' counts per kind kept with each ``Roll`` made
  (``FurglarsRules._counts``, read by ``rolled``) against counting the faces of each roll (``FurglarsRules.count``);
* (d) the dice drawn in blocks of 256 (``Timeline.draw``) against one numpy call per roll;
* (e) events written only when read (``Timeline.recording``) against recording from the start;
* (f) a checkpoint every 16 actions kept as ``marshal`` bytes (``State.pack``) against a copy of the state
  (``State.copy``), in time and, separately, in memory per action;
* (g) removed (issue 32): Thieves' tables per map were a hand-made cache (``PerBoard``, now in
  ``per_board.py``: the last board by identity, then a dict by map); against ``functools.lru_cache`` of the
  same tables it saved -0.050 (-0.100 to 0.049) of a step of Thieves (9 rounds, 2026-12-07), so ``PerBoard``
  is now that ``lru_cache``; (g2) the key uses' actions made once and shared (``rules.use_to_action``'s dict)
  against making each with its checked constructor;
* (h) the legal actions (and other values) worked out once per state (``Timeline.cached``) against working
  them out at every call;
* (i) each game's own quick legality test (``is_legal`` of ``FurcleRules``, ``FurglarsRules``, ``ThievesRules``
  and ``NimRules``; High Card's was removed by 107838e, at 0.023 of a step) against the default,
  ``Rules.is_legal`` returning None, so that the engine looks the chosen action up in the legal actions it
  keeps for the state: one row per game, each played by its registry's default bot
  (``furlib.core.registry.get(name).default_bot()``), and for Nim a second row with ten heaps of 100 stones;
* (j) The Furglars' events given their facts in order (``log.emit(ev.PASS, me, passed, ...)``, named once per
  kind by ``furglars/events.py``'s ``FACTS``) against the same rules giving them as keywords
  (``log.emit(ev.PASS, me, dice=passed, ...)``: ``FurglarsRules``' methods compiled again from their source with
  the keywords written in): a silent log (the events not read) then gathers no keywords.

Run::

    .venv/bin/python benchmarks/bench_engine_tricks.py                  # every trick, 9 rounds
    .venv/bin/python benchmarks/bench_engine_tricks.py --only a,d --rounds 15

``--scale`` multiplies the games per run (about 0.3 s of CPU a side at 1); ``--no-memory`` skips (f)'s
memory table (measured in a subprocess traced from its start, ``python -X tracemalloc``). The engine
measured is the one ``import furlib`` finds (``PYTHONPATH`` may point at an unpacked commit:
``git archive <commit> furlib | tar -x -C DIR``); the script prints which.
"""

from __future__ import annotations
import __future__

import argparse
import ast
import contextlib
import gc
import inspect
import os
import statistics
import subprocess
import sys
import textwrap
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import furlib
from furlib import Furcle, Furglars, FurryPoker, Thieves
from furlib.core.engine import play as play_module
from furlib.core.engine.dice import DiceChance
from furlib.core.engine.events import Event
from furlib.core.engine.game import Game
from furlib.core.engine.rules import Rules
from furlib.core.engine.state import State
from furlib.core.engine.timeline import Timeline
from furlib.core.registry import get as registry_entry
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.rules import BEEKINS, FurcleRules
from furlib.furcle.scoring import score_checked
from furlib.furglars.actions import Roll as FurglarsRoll
from furlib.furglars.bots import GreedyThief
from furlib.furglars.faces import KINDS, faces_of
from furlib.furglars.rules import FurglarsRules
from furlib.highcard import HighCard
from furlib.highcard.bots import HighestCard
from furlib.nim import Nim
from furlib.nim.rules import NimRules
from furlib.poker.bots import Greedy as PokerGreedy
from furlib.thieves import bots as thieves_bots
from furlib.thieves import rules as thieves_rules
from furlib.thieves.bots import Greedy as ThievesGreedy
from furlib.thieves.rules import ThievesRules

_MISSING = object()


@contextlib.contextmanager
def patched(*changes: tuple[Any, str, Any]) -> Iterator[None]:
    """Set each ``(owner, name, value)`` (a class, a module or an object) for the block, then put back what was
    there (an attribute the owner did not have itself is deleted again, so a class inherits it as before)."""
    saved = [(owner, name, vars(owner).get(name, _MISSING)) for owner, name, _ in changes]
    try:
        for owner, name, value in changes:
            setattr(owner, name, value)
        yield
    finally:
        for owner, name, old in reversed(saved):
            if old is _MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, old)


# ---------------------------------------------------------------------------------------------- the games
@dataclass(frozen=True)
class Workload:
    """Seeded games of one game with one bot in every seat, ``games`` a run at ``--scale 1``."""

    name: str
    make: Callable[[int], Any]
    bot: Callable[[], Any]
    games: int


WORKLOADS = {
    "furcle": Workload("Oh Furcle!, SatisfiedAt(20) x 2", lambda s: Furcle(2, seed=s), lambda: SatisfiedAt(20), 900),
    "furglars": Workload("The Furglars, GreedyThief x 2", lambda s: Furglars(2, seed=s), GreedyThief, 1400),
    "thieves": Workload("Thieves, Greedy x 2", lambda s: Thieves(seed=s, max_turns=300), ThievesGreedy, 12),
    "highcard": Workload("High Card, HighestCard x 2", lambda s: HighCard(2, seed=s), HighestCard, 1600),
    "poker": Workload("Furry Poker, Greedy x 3", lambda s: FurryPoker(3, seed=s), PokerGreedy, 8),
    # (i): each game with its registry's default bot (the three above already are: GreedyThief, Greedy, HighestCard)
    "furcle_default": Workload("Oh Furcle!, BeekinSmart() x 2 (its default bot)", lambda s: Furcle(2, seed=s),
                               registry_entry("Furcle").default_bot, 900),
    # Nim has no chance, so the seed varies the heaps (3-7, 4-10 and 5-13 stones) instead
    "nim": Workload("Nim, Optimal() x 2 (its default bot), heaps varied by seed",
                    lambda s: Nim(2, heaps=(3 + s % 5, 4 + s % 7, 5 + s % 9), seed=s),
                    registry_entry("Nim").default_bot, 1400),
    # the same with ten heaps of 100 stones: up to 1,000 legal actions a position, where a quick test spares the
    # engine a look-up among many (the case Nim's own is_legal is kept for)
    "nim_big": Workload("Nim, Optimal() x 2, ten heaps of 100 stones", lambda s: Nim(2, heaps=(100,) * 10, seed=s),
                        registry_entry("Nim").default_bot, 60),
}


def run(work: Workload, n: int, read: bool) -> tuple[float, int, int]:
    """Play ``n`` seeded games (then read their events if ``read``); (CPU seconds, actions, a check of the games)."""
    bot = work.bot()
    t = time.process_time()
    steps = check = 0
    for s in range(n):
        g = work.make(s)
        g.play(bot)
        if read:
            check += len(g.events)
        steps += g.n_steps
        check = (check * 31 + hash(g.winner if not isinstance(g.winner, list) else tuple(g.winner))) % (1 << 61)
    return time.process_time() - t, steps, check


# ---------------------------------------------------------------------------------------------- the plain ways
def step_loop(game: Any, by_seat: list[Any], steps: int, chance_phase: str | None) -> None:
    """(a) off: ``play()`` as a loop of ``game.step(policy)`` (the policy of the seat to move)."""
    for _ in range(steps):
        if game.is_over:
            return
        game.step(by_seat[game._state.current])


_get = tuple.__getitem__


def write_checked(self: Any, kind: str, seat: int | None, visible_to: Any, data: dict[str, Any]) -> None:
    """(b) off: ``Game._write`` making the event by ``Event(...)``, with its checks."""
    timeline = self._timeline
    state = self._state
    s = getattr(state, "scores", None)
    events = timeline.events
    scores = () if s is None else tuple(s)
    if events and scores == (last := _get(events[-1], 6)):
        scores = last
    events.append(Event(timeline.base + len(timeline.actions), state.turn,
                        None if seat is None else self._players[seat], kind, self._texts, data or None, scores,
                        None if visible_to is None else tuple(visible_to)))


def score_afresh(self: FurcleRules, faces: tuple[int, ...]) -> tuple[int, int]:
    """(c) off: a roll scored as the rulebook says, every time."""
    points, scoring = score_checked(list(faces), self.bonus)
    return points, len(scoring)


def beekins_afresh(self: FurcleRules, state: Any) -> tuple[tuple[tuple[int, Any], ...], Any]:
    """(c2) off: the Beekins open on the roll, worked out every time."""
    if state.phase != "decide" or not self.beekin or state.beekin_used:
        return (), None
    dice = state.dice
    options = tuple((self.score(dice[:i] + (f + 1,) + dice[i + 1:])[0], BEEKINS[i])
                    for i, f in enumerate(dice) if f < self.sides)
    return options, max(options, key=lambda o: o[0], default=None)


def roll_of_afresh(self: FurglarsRules, counts: tuple[int, ...]) -> FurglarsRoll:
    """(c4) off: The Furglars' Roll made every time."""
    return FurglarsRoll(faces_of(dict(zip(KINDS, counts))))


def draw_each(self: Timeline, high: int, k: int) -> tuple[int, ...]:
    """(d) off: one numpy call per roll (the same numbers: numpy draws them in turn either way)."""
    rng = self.rng
    assert rng is not None
    return tuple(rng.integers(high, size=k).tolist())


_begin = Game._begin


def begin_recording(self: Any, rules: Any) -> None:
    """(e) off: the game writes its events from the start."""
    _begin(self, rules)
    self._timeline.recording = True


def cached_never(self: Timeline, key: str, make: Callable[[], Any]) -> Any:
    """(h) off: every value worked out at every call."""
    return make()


#: (i) off: every game's quick legality test replaced by the default (None: look the action up in the list)
_QUICK_TESTS = (FurcleRules, FurglarsRules, ThievesRules, NimRules)
for _rules_class in _QUICK_TESTS:   # the hooks the script switches off must be the games' own
    assert "is_legal" in vars(_rules_class), f"{_rules_class.__name__} has no is_legal of its own"


def default_legality() -> contextlib.AbstractContextManager[None]:
    """(i) off: ``Rules.is_legal`` (None) for each game's own quick test."""
    return patched(*((cls, "is_legal", Rules.is_legal) for cls in _QUICK_TESTS))


def keyword_emits(cls: type) -> contextlib.AbstractContextManager[None]:
    """(j) off: ``cls``'s methods that emit events with their facts in order, compiled again from their source with
    each fact given as the keyword ``cls.FACTS`` names it (the same events, the same data)."""
    module = sys.modules[cls.__module__]
    changes = []
    for name, method in vars(cls).items():
        if not inspect.isfunction(method):
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                 and node.func.attr == "emit" and len(node.args) > 2]
        for call in calls:
            kind = eval(compile(ast.Expression(call.args[0]), "<kind>", "eval"), vars(module))  # e.g. ev.PASS
            call.keywords[:0] = [ast.keyword(arg=n, value=v)
                                 for n, v in zip(cls.FACTS[kind], call.args[2:], strict=True)]
            del call.args[2:]
        if calls:
            space = dict(vars(module))
            exec(compile(ast.fix_missing_locations(tree), f"<{cls.__name__}.{name} with keywords>", "exec",
                         flags=__future__.annotations.compiler_flag, dont_inherit=True), space)
            changes.append((cls, name, space[name]))
    assert changes, f"{cls.__name__} gives no event its facts in order"
    return patched(*changes)


def _rules_of(make: Callable[[int], Any]) -> Any:
    return make(0).rules


def _empty_tables(attribute: str, make: Callable[[int], Any]) -> tuple[Any, str, Any]:
    """The rule set's table ``attribute`` swapped for an empty dict (the plain way never fills it)."""
    return (_rules_of(make), attribute, {})


# ---------------------------------------------------------------------------------------------- the tricks
@dataclass(frozen=True)
class Trick:
    """A trick, how to switch it off (a ``patched`` block), and the games it is weighed on (workload, read)."""

    key: str
    name: str
    off: Callable[[], contextlib.AbstractContextManager[None]]
    cases: tuple[tuple[str, bool], ...]


PLAY = (("furcle", False), ("furglars", False), ("thieves", False))
READ = (("furcle", True), ("furglars", True), ("thieves", True))
TRICKS = [
    Trick("a", "play()'s loop written out (play._loop), against a loop of game.step(policy)",
          lambda: patched((play_module, "_loop", step_loop)), PLAY + (("highcard", False),)),
    Trick("b", "events made with tuple.__new__ (Game._write), against Event(...)",
          lambda: patched((Game, "_write", write_checked)), READ + (("highcard", False), ("poker", False))),
    Trick("c", "Oh Furcle!'s roll scores per rule set (FurcleRules.score), against scoring each roll afresh",
          lambda: patched((FurcleRules, "score", score_afresh), _empty_tables("_scores", WORKLOADS["furcle"].make)),
          (("furcle", False),)),
    Trick("c2", "Oh Furcle!'s Beekins per roll per rule set (FurcleRules.beekins), against working them out",
          lambda: patched((FurcleRules, "beekins", beekins_afresh)), (("furcle", False),)),
    Trick("c3", "Oh Furcle!'s Dice made once per numbers drawn (FurcleRules.outcome_drawn), against Dice(...) a roll",
          lambda: patched((FurcleRules, "outcome_drawn", DiceChance.outcome_drawn)), (("furcle", False),)),
    Trick("c4", "The Furglars' Roll made once per counts (FurglarsRules.roll_of), against Roll(...) a roll",
          lambda: patched((FurglarsRules, "roll_of", roll_of_afresh)), (("furglars", False),)),
    Trick("c5", "The Furglars' counts kept with each Roll made (FurglarsRules._counts), against counting each roll",
          lambda: patched(_empty_tables("_counts", WORKLOADS["furglars"].make)), (("furglars", False),)),
    Trick("d", "dice drawn in blocks of 256 (Timeline.draw), against one numpy call per roll",
          lambda: patched((Timeline, "draw", draw_each)), PLAY),
    Trick("e", "events written only when read (Timeline.recording), against recording from the start",
          lambda: patched((Game, "_begin", begin_recording)), PLAY + READ),
    Trick("f", "checkpoints as marshal bytes (State.pack), against a copy of the state",
          lambda: patched((State, "pack", State.copy), (State, "unpack", classmethod(lambda cls, kept: kept.copy()))),
          PLAY),
    Trick("g2", "Thieves' key-use actions made once (rules.use_to_action), against making each",
          lambda: patched((thieves_rules, "use_to_action", thieves_rules._action_of),
                          (thieves_bots, "use_to_action", thieves_rules._action_of)), (("thieves", False),)),
    Trick("h", "values worked out once per state (Timeline.cached), against at every call",
          lambda: patched((Timeline, "cached", cached_never)), PLAY),
    Trick("i", "each game's quick legality test (its Rules.is_legal), against the default (the action looked up in "
          "the legal actions kept for the state)", default_legality,
          (("furcle_default", False), ("furglars", False), ("thieves", False), ("nim", False), ("nim_big", False))),
    Trick("j", "The Furglars' event facts given in order (FurglarsRules.FACTS), against as keywords",
          lambda: keyword_emits(FurglarsRules), (("furglars", False), ("furglars", True))),
]


def measure(trick: Trick, work_key: str, read: bool, rounds: int, scale: float) -> tuple[list[float], float, float]:
    """``rounds`` pairs (on, off; the order alternates) after one of each as a warm-up; the shares sorted and the
    median microseconds per action on and off."""
    work = WORKLOADS[work_key]
    n = max(1, round(work.games * scale))

    def side(off: bool) -> tuple[float, int, int]:
        gc.collect()
        if off:
            with trick.off():
                return run(work, n, read)
        return run(work, n, read)

    side(False)
    side(True)
    shares, ons, offs = [], [], []
    for r in range(rounds):
        got = {}
        for off in ((False, True) if r % 2 == 0 else (True, False)):
            got[off] = side(off)
        (t_on, steps, check), (t_off, steps_off, check_off) = got[False], got[True]
        if (steps, check) != (steps_off, check_off):
            raise SystemExit(f"({trick.key}) {work.name}: the games differ with the trick off "
                             f"({steps} actions against {steps_off})")
        ons.append(t_on / steps * 1e6)
        offs.append(t_off / steps * 1e6)
        shares.append(t_off / t_on - 1)
    return sorted(shares), statistics.median(ons), statistics.median(offs)


def held_per_action(work: Workload, n: int) -> float:
    """Bytes per action that ``n`` finished games hold (freed when they are dropped), as bench_memory counts: in
    a process traced from its start (``python -X tracemalloc``), so that blocks reused from CPython's free
    lists are counted too."""
    assert tracemalloc.is_tracing(), "run with python -X tracemalloc"
    bot = work.bot()
    for s in range(100, 103):
        work.make(s).play(bot)
    games = [work.make(s) for s in range(n)]
    gc.collect()
    for g in games:
        g.play(bot)
    steps = sum(g.n_steps for g in games)
    gc.collect()
    with_games = tracemalloc.get_traced_memory()[0]
    del games, g
    gc.collect()
    return (with_games - tracemalloc.get_traced_memory()[0]) / steps


def memory_table() -> None:
    """(f) in memory: bytes per action with checkpoints as marshal bytes and as copies (run traced from the start)."""
    print("| game, played to the end | bytes per action, checkpoints as marshal bytes "
          "| bytes per action, checkpoints as copies of the state |")
    print("|---|---:|---:|")
    for name, work in MEMORY_GAMES.items():
        packed = held_per_action(work, work.games)
        with next(t for t in TRICKS if t.key == "f").off():
            copied = held_per_action(work, work.games)
        print(f"| {name} | {packed:,.0f} | {copied:,.0f} |", flush=True)


MEMORY_GAMES = {
    "Oh Furcle! (target 1000)": Workload("", lambda s: Furcle(2, seed=s, target=1000), lambda: SatisfiedAt(20), 10),
    "The Furglars (target 100)": Workload("", lambda s: Furglars(2, seed=s, target=100), GreedyThief, 20),
    "Thieves (300 turns at most)": Workload("", lambda s: Thieves(seed=s, max_turns=300), ThievesGreedy, 10),
    "Furry Poker (3 players)": Workload("", lambda s: FurryPoker(3, seed=s), PokerGreedy, 10),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=9, help="paired rounds per trick and game")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the games per run")
    ap.add_argument("--only", default="", help="the tricks to measure, e.g. a,c,d (default: all)")
    ap.add_argument("--no-memory", action="store_true", help="skip the memory table of (f)")
    ap.add_argument("--memory-worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_worker:
        memory_table()
        return
    only = {k.strip() for k in args.only.split(",") if k.strip()}
    unknown = only - {t.key for t in TRICKS}
    if unknown:
        raise SystemExit(f"unknown tricks {sorted(unknown)}; the tricks are {[t.key for t in TRICKS]}")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, CPython {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}, furlib from "
          f"{os.path.dirname(furlib.__file__)}; {args.rounds} rounds, scale {args.scale}.\n")
    print("| trick | game (a step of) | us per action, trick on (median) | trick off (median) "
          "| share of a step it saves, median (range) |")
    print("|---|---|---:|---:|---|")
    for trick in TRICKS:
        if only and trick.key not in only:
            continue
        for work_key, read in trick.cases:
            shares, on, off = measure(trick, work_key, read, args.rounds, args.scale)
            what = WORKLOADS[work_key].name + (": play, then read the events" if read else ": play")
            print(f"| ({trick.key}) {trick.name} | {what} | {on:.1f} | {off:.1f} | **{statistics.median(shares):.3f}** "
                  f"({shares[0]:.3f} to {shares[-1]:.3f}) |", flush=True)
    if not args.no_memory and (not only or "f" in only):
        print()
        sys.stdout.flush()
        subprocess.run([sys.executable, "-X", "tracemalloc", os.path.abspath(__file__), "--memory-worker"], check=True)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
