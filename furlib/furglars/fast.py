"""Vectorised simulation of whole games of The Furglars (numpy, all games at once).

Every game still going advances by one turn per round of a Python loop: cash in, roll, use the Hands one at a
time, pass the dice, exactly as :class:`~furlib.furglars.game.Furglars` does, on arrays of shape ``(games,
players)``. The full rules are simulated: 2 to 6 players, any die faces, any Bullion chart and target, the X
factor on or off (a bonus roll that shows only Xs again finds no Locks left to give, as in the engine).

Policies that compile (one per seat):

* :class:`~furlib.furglars.bots.GreedyThief` - exactly: with the same dice a simulated game is the same game,
  move for move (the tests replay the engine's own dice to check it). Each Hand, in turn: steal from a player
  with Furgles and no Lock (most Bullion Points first, then most Furgles, then whoever plays sooner); if none,
  break a Lock of a player with Furgles whose Locks this turn's Hands can all break with a Hand to spare (most
  points, then fewest Locks, then most Furgles, then sooner); else stop.
* :class:`~furlib.core.engine.policy.RandomBot` - in distribution: each decision picks uniformly among the
  legal actions (break or steal per target player, or stop), with the simulator's own random numbers, so
  single games differ from the engine's but the statistics are the same.

Other bots (e.g. :class:`~furlib.furglars.bots.Mastermind`) need the step API
(:func:`furlib.core.sim.tournament.tournament` with ``fast=False``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core.engine.policy import RandomBot
from ..core.engine.seeds import MAX_SEED, check_seed
from ..core.errors import check_int, excerpt
from ..core.sim.tournament import MAX_BOTS
from ..core.stats import wilson_arrays
from .bots import GreedyThief
from .faces import DEFAULT_FACES, KINDS
from .game import Furglars

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["simulate_games", "seat_win_rates", "fast_tournament", "supports", "MAX_SIM_TURNS", "MAX_SIM_GAMES"]

#: The largest ``max_turns`` of :func:`simulate_games` (a game to ``MAX_TARGET`` takes a few thousand turns).
MAX_SIM_TURNS = 1_000_000
#: The most games of one :func:`simulate_games` or :func:`fast_tournament` call: measured, 3 s and 150 MB with the
#: default rules (6 s, 200 MB with 6 players); the longest games (target 200) take up to 25 times as long.
MAX_SIM_GAMES = 200_000

GREEDY, RANDOM = 0, 1
NONE, BREAK, STEAL = 0, 1, 2
DT = np.int32  # dice counts (at most 60); scores are int64
#: A roller ``roll(games, k) -> counts``: for each game index in ``games`` it rolls ``k[i]`` dice and returns an
#: int array ``(len(games), 4)`` of counts in :data:`~furlib.furglars.faces.KINDS` order.
Roller = Callable[[np.ndarray, np.ndarray], np.ndarray]
#: Dice counts and seats (int32: :data:`DT`), scores (int64).
Counts = npt.NDArray[np.int32]
Scores = npt.NDArray[np.int64]
Lanes = npt.NDArray[np.int64]  # indices of games
#: A bot's choice for each lane: (kind NONE/BREAK/STEAL, target seat).
Choice = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]


def supports(policy: Any) -> bool:
    """True if :func:`simulate_games` can play ``policy`` (``GreedyThief`` or ``RandomBot``).

    >>> from furlib.furglars.bots import GreedyThief, Mastermind
    >>> supports(GreedyThief()), supports(Mastermind())
    (True, False)
    """
    return isinstance(policy, (GreedyThief, RandomBot))


def _codes(policies: Any, n: int) -> np.ndarray:
    seats = list(policies) if isinstance(policies, (list, tuple)) else [policies] * n
    if len(seats) != n:
        raise ValueError(f"give one policy for every seat or one for all; got {len(seats)} policies for {n} players")
    for p in seats:
        if not supports(p):
            raise ValueError(f"the fast simulator cannot play {excerpt(p)}: it plays GreedyThief() and "
                             f"RandomBot(); use Furglars(...).play(...) for other bots")
    return np.array([GREEDY if isinstance(p, GreedyThief) else RANDOM for p in seats])


# ------------------------------------------------------------------ decisions
def _greedy(S: Scores, F: Counts, L: Counts, c: Counts, hands: Counts) -> Choice:
    """GreedyThief's choice for each lane: (kind NONE/BREAK/STEAL, target seat)."""
    m, n = S.shape
    seat = np.arange(n)[None, :]
    others = seat != c[:, None]
    order = (seat - c[:, None]) % n                        # 1 = the next player
    tie = 8 - order
    steal = others & (L == 0) & (F > 0)
    ks = np.where(steal, (S * 64 + F) * 8 + tie, -1)
    opens = others & (L > 0) & (F > 0) & (L <= hands[:, None] - 1)
    kb = np.where(opens, ((S * 64 + 63 - L) * 64 + F) * 8 + tie, -1)
    js, jb = ks.argmax(axis=1), kb.argmax(axis=1)
    rows = np.arange(m)
    can_s, can_b = ks[rows, js] >= 0, kb[rows, jb] >= 0
    kind = np.where(can_s, STEAL, np.where(can_b, BREAK, NONE))
    return kind, np.where(can_s, js, jb)


def _random(F: Counts, L: Counts, c: Counts, rng: np.random.Generator) -> Choice:
    """RandomBot's choice: uniform over one action per target player (left first) and stop."""
    m, n = F.shape
    rows = np.arange(m)
    ring = (c[:, None] + np.arange(1, n)[None, :]) % n      # other seats, next player first
    legal = (L[rows[:, None], ring] > 0) | (F[rows[:, None], ring] > 0)
    count = legal.sum(axis=1)
    r = (rng.random(m) * (count + 1)).astype(np.int64)      # r == count: stop
    pick = (np.cumsum(legal, axis=1) == (r + 1)[:, None]) & legal
    j = ring[rows, pick.argmax(axis=1)]
    kind = np.where(r >= count, NONE, np.where(L[rows, j] > 0, BREAK, STEAL))
    return kind, j


# ------------------------------------------------------------------ the games
TABLE_DICE = 30  # up to this many dice in play, rolls are drawn from a table (faster than multinomial)


def _roller(p: np.ndarray, total_dice: int, rng: np.random.Generator) -> Roller:
    """Draw each roll's counts from the multinomial law of its ``k`` dice (``p``: chance of each kind).

    With few dice in play: one uniform number per roll, looked up in a table of every outcome of every ``k``
    (cumulative chances shifted by ``k``: one ``searchsorted`` serves all ``k`` at once); else ``rng.multinomial``.
    """
    if total_dice > TABLE_DICE:
        return lambda games, k: rng.multinomial(k, p)
    log_fact = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, total_dice + 1)))])
    log_p = np.log(np.where(p > 0, p, 1.0))
    fld = np.indices((total_dice + 1,) * 3).reshape(3, -1).T            # every (furgles, locks, hands)
    fld = fld[fld.sum(axis=1) <= total_dice]
    cums, outcomes = [], []
    for k in range(total_dice + 1):
        rows = fld[fld.sum(axis=1) <= k]
        rows = np.column_stack([rows, k - rows.sum(axis=1)])
        rows = rows[((rows == 0) | (p > 0)).all(axis=1)]                  # kinds not on the die never show
        probs = np.exp(log_fact[k] - log_fact[rows].sum(axis=1) + (rows * log_p).sum(axis=1))
        cum = np.cumsum(probs) / probs.sum()
        cum[-1] = 1.0
        cums.append(cum + k)
        outcomes.append(rows)
    table, counts = np.concatenate(cums), np.concatenate(outcomes)
    return lambda games, k: counts[np.searchsorted(table, k + rng.random(len(k)), side="right")]


def _play(game: Furglars, codes: np.ndarray, n_games: int, roll: Roller, rng: np.random.Generator,
          max_turns: int) -> dict[str, np.ndarray]:
    """Play ``n_games`` games of ``game``'s rules; return per-game arrays (see :func:`simulate_games`)."""
    n, G = len(game.players), n_games
    chart = np.array([game.chart[i] for i in range(game.total_dice + 1)], np.int64)
    px = float(game.faces.count("x")) / len(game.faces)
    S = np.zeros((G, n), np.int64)              # scores: a chart may pay a lot
    F, L = np.zeros((G, n), DT), np.zeros((G, n), DT)
    front = np.full((G, n), game.dice_per_player, DT)
    cur, winner = np.zeros(G, DT), np.full(G, -1, DT)
    out: dict[str, np.ndarray] = {name: np.zeros(G, DT)
                                  for name in ("turns", "rolls", "all_x", "bonus_rolls", "steals", "breaks")}
    x_chance = np.zeros(G)
    by_dice = np.zeros((2, game.total_dice + 1), np.int64)   # rolls and all-X rolls, by number of dice
    live = np.arange(G)
    for _ in range(max_turns):
        # 1. cash in and take back the Locks; a player without dice passes (at most n in a row)
        todo, ready = live, []
        for _ in range(n):
            if not todo.size:
                break
            c = cur[todo]
            f, lk = F[todo, c], L[todo, c]
            front[todo, c] += f + lk
            F[todo, c] = L[todo, c] = 0
            S[todo, c] += chart[f]
            won = (f > 0) & (S[todo, c] >= game.target)
            winner[todo[won]] = c[won]
            has = ~won & (front[todo, c] > 0)
            ready.append(todo[has])
            todo = todo[~won & ~has]
            cur[todo] = (cur[todo] + 1) % n
            out["turns"][todo] += 1
        if todo.size:  # pragma: no cover - the dice are conserved, so someone has dice
            raise AssertionError("no player has any dice")
        live = live[winner[live] < 0]
        if not live.size:
            break
        rolling = np.sort(np.concatenate(ready))
        pile, hands = np.zeros(G, DT), np.zeros(G, DT)
        # 2-3. roll; with the X factor an all-X roll may earn a bonus roll
        go = rolling
        while go.size:
            c = cur[go]
            k = front[go, c]
            counts = np.asarray(roll(go, k), DT)
            front[go, c] = 0
            F[go, c] += counts[:, 0]
            L[go, c] += counts[:, 1]
            hands[go] += counts[:, 2]
            pile[go] += counts[:, 2] + counts[:, 3]
            out["rolls"][go] += 1
            x_chance[go] += px ** k
            allx = counts[:, 3] == k
            out["all_x"][go] += allx
            by_dice[0] += np.bincount(k, minlength=game.total_dice + 1)
            by_dice[1] += np.bincount(k[allx], minlength=game.total_dice + 1)
            if not game.x_factor:
                break
            go, c = go[allx], c[allx]
            gift = L[go].sum(axis=1) - L[go, c]
            go, c, gift = go[gift > 0], c[gift > 0], gift[gift > 0]
            mine = L[go, c]
            L[go] = 0
            L[go, c] = mine
            front[go, c] += gift
            out["bonus_rolls"][go] += 1
        # 4. use the Hands, one at a time
        act = rolling[hands[rolling] > 0]
        while act.size:
            c = cur[act]
            kind, j = np.full(act.size, NONE), np.zeros(act.size, DT)

            def greedy(a: Lanes, c: Counts, hands: Counts = hands) -> Choice:
                return _greedy(S[a], F[a], L[a], c, hands[a])

            choosers: tuple[tuple[int, Callable[[Lanes, Counts], Choice]], ...] = (
                (GREEDY, greedy), (RANDOM, lambda a, c: _random(F[a], L[a], c, rng)))
            for code, choose in choosers:
                sel = codes[c] == code
                if sel.any():
                    kind[sel], j[sel] = choose(act[sel], c[sel])
            b, s = kind == BREAK, kind == STEAL
            L[act[b], j[b]] -= 1
            pile[act[b]] += 1
            F[act[s], j[s]] -= 1
            F[act[s], c[s]] += 1
            out["breaks"][act[b]] += 1
            out["steals"][act[s]] += 1
            hands[act] -= kind != NONE
            act = act[(kind != NONE) & (hands[act] > 0)]
        # 5. pass everything not on the card to the left
        nxt = (cur[rolling] + 1) % n
        front[rolling, nxt] += pile[rolling]
        cur[rolling] = nxt
        out["turns"][rolling] += 1
    if live.size:   # the loop ran max_turns rounds (it breaks only once every game is over)
        raise RuntimeError(f"{live.size} games did not end within max_turns={max_turns} turns")
    out.update(winner=winner, x_chance=x_chance, scores=S, by_dice=by_dice)
    return out


def simulate_games(policies: Any = None, n: int = 10_000, *, players: int | Sequence[str] = 3,
                   dice_per_player: int | None = None, faces: Sequence[str] = DEFAULT_FACES,
                   chart: Any = None, target: int | None = None, x_factor: bool = False,
                   seed: int | None = None, max_turns: int = 10_000) -> pd.DataFrame:
    """Simulate ``n`` whole games of The Furglars at once.

    Parameters
    ----------
    policies : bot or list of bots, optional
        One bot for every seat, or one per seat: ``GreedyThief()`` (exact) or ``RandomBot()`` (same
        statistics, own random numbers). Default: ``GreedyThief()``, the game's default bot.
    n : int, default 10000
        Number of games, 1 to ``MAX_SIM_GAMES`` (200,000). Seat 0 always starts.
    players, dice_per_player, faces, chart, target, x_factor
        The game's rules, as for :class:`~furlib.furglars.game.Furglars` (and checked by it, with the same
        messages).
    seed : int, optional
        Seed of the random generator, 0 to ``MAX_SEED`` (2**128 - 1): same seed, same games.
    max_turns : int, default 10000
        Safety bound, at most ``MAX_SIM_TURNS`` (1,000,000); a RuntimeError if some game is still going.

    Returns
    -------
    pandas.DataFrame
        One row per game: ``winner`` (seat 0, 1, ...), ``turns`` (turns played before the winning cash-in:
        the engine's ``game.turn - 1``, as :func:`furlib.furglars.plots.game_length`), ``rolls`` (bonus rolls
        included), ``all_x`` (rolls that showed only Xs), ``bonus_rolls`` (X-factor bonus rolls),
        ``x_chance`` (the sum over the game's rolls of the chance that the roll shows only Xs, ``p_x ** k``:
        its mean equals the mean of ``all_x``), ``steals``, ``breaks`` and ``score_0``, ``score_1``, ...
        (final Bullion Points). ``.attrs`` holds the rules, the seat names and ``rolls_by_dice``: over all
        the games, how many rolls had 0, 1, 2, ... dice (``{"dice": [...], "rolls": [...], "all_x":
        [...]}``, plain lists).

    Examples
    --------
    >>> df = simulate_games(n=2000, players=3, seed=1)
    >>> len(df), sorted(df.winner.unique().tolist())
    (2000, [0, 1, 2])
    >>> bool((df[["score_0", "score_1", "score_2"]].max(axis=1) >= 15).all())
    True
    """
    import pandas as pd

    n = check_int("n", n, low=1, high=MAX_SIM_GAMES)
    max_turns = check_int("max_turns", max_turns, low=1, high=MAX_SIM_TURNS)
    seed = None if seed is None else check_seed(seed, or_none=True)
    game = Furglars(players, dice_per_player=dice_per_player, faces=faces, chart=chart, target=target,
                    x_factor=x_factor, seed=0)
    codes = _codes(GreedyThief() if policies is None else policies, len(game.players))
    rng = np.random.default_rng(seed)
    p = np.array([game.faces.count(kind) for kind in KINDS], float) / len(game.faces)
    return _frame(game, _play(game, codes, n, _roller(p, game.total_dice, rng), rng, max_turns), pd)


def _frame(game: Furglars, out: dict[str, np.ndarray], pd: Any) -> pd.DataFrame:
    names = ("winner", "turns", "rolls", "all_x", "bonus_rolls", "x_chance", "steals", "breaks")
    cols = {name: out[name] for name in names} | {f"score_{i}": out["scores"][:, i] for i in range(len(game.players))}
    df = pd.DataFrame(cols)
    df.attrs.update(players=list(game.players), dice_per_player=game.dice_per_player, faces=list(game.faces),
                    target=game.target, x_factor=game.x_factor,
                    rolls_by_dice={"dice": list(range(game.total_dice + 1)), "rolls": out["by_dice"][0].tolist(),
                                   "all_x": out["by_dice"][1].tolist()})
    return df


def seat_win_rates(results: Any) -> Any:
    """Win rate of each seat with its 95% Wilson interval.

    Parameters
    ----------
    results : pandas.DataFrame
        Games from :func:`simulate_games`: a ``winner`` column of seat numbers (whole numbers from 0), the
        seat names from ``.attrs["players"]`` (2 to 6 texts) or else ``Player 1`` up to the highest seat that
        won (at most 6); anything else is refused.

    Returns
    -------
    pandas.DataFrame
        One row per seat: ``seat`` (1 = plays first), ``player``, ``games``, ``wins``, ``win_rate``,
        ``ci_low``, ``ci_high``.

    Examples
    --------
    >>> df = seat_win_rates(simulate_games(n=1000, players=2, seed=2))
    >>> df[["seat", "games"]].values.tolist()
    [[1, 1000], [2, 1000]]
    >>> int(df.wins.sum())
    1000
    """
    import pandas as pd

    if not isinstance(results, pd.DataFrame) or "winner" not in results:
        raise ValueError(f"results must be the DataFrame of simulate_games, with a 'winner' column; got "
                         f"{excerpt(results)}")
    games = len(results)
    if games == 0:
        raise ValueError("results has no games")
    names, winner, most = results.attrs.get("players") or None, results.winner, Furglars.MAX_PLAYERS
    if names is not None and not (isinstance(names, (list, tuple)) and 2 <= len(names) <= most
                                  and all(isinstance(x, str) for x in names)):
        raise ValueError(f"results.attrs['players'] must be the 2 to {most} seat names, got {excerpt(names)}")
    whole, seats = pd.api.types.is_integer_dtype(winner.dtype), len(names) if names else most
    bad = winner[(winner < 0) | (winner >= seats)] if whole else winner
    if len(bad):
        raise ValueError(f"results.winner must be seat numbers, whole numbers 0 to {seats - 1}, got "
                         f"{excerpt(bad.iloc[:1].tolist()[0])}{'' if whole else f' (a {winner.dtype} column)'}")
    names = list(names) if names else [f"Player {i + 1}" for i in range(int(winner.max()) + 1)]
    wins = np.bincount(results.winner.to_numpy(np.int64), minlength=len(names))
    low, high = wilson_arrays(wins, np.full(len(names), games))
    return pd.DataFrame({"seat": np.arange(1, len(names) + 1), "player": names, "games": games, "wins": wins,
                         "win_rate": wins / games, "ci_low": low, "ci_high": high})


def fast_tournament(bots: Sequence[Any], pairings: Sequence[tuple[int, int, int]], *, seed: int = 0,
                    **game_kwargs: Any) -> list[Counts] | None:
    """Fast path of :func:`furlib.core.sim.tournament.tournament` for 2-player Furglars.

    ``bots``: 2 to ``MAX_BOTS``; ``pairings``: ``(seat 0 bot, seat 1 bot, games)``, at most ``MAX_SIM_GAMES``
    (200,000) games a meeting (the meetings are played one after another; the tournament bounds them in all);
    ``seed``: 0 to ``MAX_SEED`` (meeting ``k`` uses ``(seed * 1_000_003 + k) % 2**128``);
    all checked before any game is played. Returns the winner arrays (0 or 1 per game), or None when some bot
    or rule cannot be simulated here (the tournament then uses the step API).
    """
    seed = check_seed(seed)
    if not isinstance(bots, (list, tuple)) or not 2 <= len(bots) <= MAX_BOTS:
        raise ValueError(f"bots must be a list of 2 to {MAX_BOTS} bots (MAX_BOTS), got {excerpt(bots)}")
    if not isinstance(pairings, (list, tuple)):
        raise ValueError(f"pairings must be a list of (seat 0 bot, seat 1 bot, games), got {excerpt(pairings)}")
    checked = []
    for p in pairings:       # the tournament's own limits bound their number and their games in all
        if not isinstance(p, (list, tuple)) or len(p) != 3:
            raise ValueError(f"a pairing must be (seat 0 bot, seat 1 bot, games), got {excerpt(p)}")
        i, j = (check_int("a pairing's bot", b, low=0, high=len(bots) - 1) for b in p[:2])
        # the meetings are played one after another, each by simulate_games: one meeting at a time is in memory
        games = check_int("a pairing's games", p[2], low=1, high=MAX_SIM_GAMES, accepted=(
            f"a whole number from 1 to {MAX_SIM_GAMES:,} (MAX_SIM_GAMES, the most games of one fast meeting)"))
        checked.append((i, j, games))
    players = game_kwargs.pop("players", 2)
    if isinstance(players, (list, tuple)) and len(players) == 2:
        players = list(players)
    elif players != 2:
        return None
    allowed = {"dice_per_player", "faces", "chart", "target", "x_factor"}
    if set(game_kwargs) - allowed or not all(supports(b) for b in bots):
        return None
    return [simulate_games([bots[i], bots[j]], games, players=players, seed=(seed * 1_000_003 + k) % (MAX_SEED + 1),
                           **game_kwargs).winner.to_numpy() for k, (i, j, games) in enumerate(checked)]

