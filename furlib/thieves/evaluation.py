"""How the Thieves bots judge a position: distances through doorways, the race and the steal threats
(:func:`evaluate`), patrols (:func:`patrol_evaluate`), the hunt of a carrier (:func:`hunt_evaluate`) and the
chances of the coming roll (:func:`foresight_evaluate`). The bots themselves are in :mod:`furlib.thieves.bots`.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import NamedTuple

from .analysis import roll_table
from .board import Board, Cell, PerBoard
from .moves import Pos
from .rules import DEFAULT_DICE
from .search import Rolls, escape_chance, steal_ways, ways_chance

__all__ = ["evaluate", "patrol_evaluate", "hunt_evaluate", "foresight_evaluate", "HUNT", "FORESIGHT_WIN", "STEAL"]


#: Doorways to pass between any two pathways: ``{a: {b: doorways}}`` (:meth:`Board.distances`).
_Distances = dict[Cell, dict[Cell, int]]


#: A labyrinth's distances, worked out once: board -> distances, least recently used first; the
#: ``_DIST_SIZE`` labyrinths last used are kept. A board is keyed by its map (boards are equal and hash
#: alike when their maps are), so two games on the same map share one table.
_DIST: OrderedDict[Board, _Distances] = OrderedDict()


_DIST_SIZE = 8


def _distances(board: Board) -> _Distances:
    got = _DIST.get(board)
    if got is None:
        got = _DIST[board] = board.distances()
        while len(_DIST) > _DIST_SIZE:
            _DIST.popitem(last=False)
    _DIST.move_to_end(board)
    return got


class _Near(NamedTuple):
    """A labyrinth's distances and the nearest of them that :func:`evaluate` reads, worked out once per map
    (``_near(board)``). Distances are the same both ways (every doorway can be passed both ways)."""

    #: :func:`_distances`.
    dist: _Distances
    #: For each pathway, the doorways to the nearest of the gold's pathways.
    to_gold: dict[Cell, int]
    #: For each seat, each pathway's doorways to the seat's exit.
    to_exit: tuple[dict[Cell, int], ...]
    #: For each seat, each pathway's doorways to the nearest of the three pathways round the seat's exit.
    to_ring: tuple[dict[Cell, int], ...]
    #: Each seat's exit area (:attr:`Board.areas`).
    areas: tuple[frozenset[Cell], ...]
    #: For each pathway, the pathways one doorway away (in the order of :attr:`Board.links`).
    around: dict[Cell, tuple[Cell, ...]]


def _make_near(board: Board) -> _Near:
    """:class:`_Near` of ``board``."""
    dist = _distances(board)
    to_gold = {x: min(dist[x][g] for g in board.gold_pathways) for x in board.pathways}
    to_exit = tuple({x: dist[x][ex] for x in board.pathways} for ex in board.exits)
    to_ring = tuple({x: min(dist[x][r] for r in ring) for x in board.pathways} for ring in board.surrounds)
    around = {x: tuple(y for _, _, y in out) for x, out in board.links.items()}
    return _Near(dist, to_gold, to_exit, to_ring, board.areas, around)


#: The :class:`_Near` of a board, made once per map.
_near = PerBoard(_make_near, _DIST_SIZE)


def evaluate(board: Board, pos: Pos, seat: int) -> float:
    """How good ``pos`` is for ``seat`` (higher is better), from distances through doorways.

    Before the gold is taken: the two nearest thieves' distances to the
    gold's pathways (the rulebook's advice: send two). With the gold: the
    carrier's distance to its exit, an accomplice near the exit, and the
    opponent's thieves one or two doorways from the carrier (a steal
    threat). The opponent carrying: the same, the other way round, plus
    thieves patrolling the opponent's exit.
    """
    near = _near(board)
    cells, carrier = pos.cells, pos.carrier
    if carrier is None:
        to_gold = near.to_gold
        dm = sorted([to_gold[x] for x in cells[4 * seat:4 * seat + 4]])
        do = sorted([to_gold[y] for y in cells[4 * (1 - seat):4 * (1 - seat) + 4]])
        return -3.0 * dm[0] - 1.0 * dm[1] + 2.0 * do[0] + 0.5 * do[1]
    if carrier // 4 == seat:
        return _carrying(near, carrier, cells, seat)
    return -_carrying(near, carrier, cells, 1 - seat)


def _carrying(near: _Near, carrier: int, cells: tuple[Cell, ...], seat: int) -> float:
    """The value of carrying the gold for ``seat`` (its thief ``carrier``)."""
    c = cells[carrier]
    from_c, to_ring, area = near.dist[c], near.to_ring[seat], near.areas[seat]
    home = len(from_c)              # the accomplices: doorways from the nearest to the exit's pathways (fewer
    ready = 0                       # than there are pathways), and how many are one doorway from the carrier
    for t in range(4 * seat, 4 * seat + 4):
        if t != carrier:
            m = cells[t]
            if to_ring[m] < home:
                home = to_ring[m]
            ready += from_c[m] == 1
    v = 100.0 - 4.0 * near.to_exit[seat][c]
    v -= 1.5 * home
    v += 1.0 * ready                                             # someone to pass to
    for f in cells[4 * (1 - seat):4 * (1 - seat) + 4]:
        d = from_c[f]
        v -= 12.0 if d == 1 else 4.0 if d == 2 else 0.0
        if f in area:
            v -= 3.0                                             # a patrol at our exit
    return v


#: The doorways :func:`_path_length` counts when every way is blocked.
_FAR = 30


def _path_length(near: _Near, start: Cell, goal: Cell, blockers: frozenset[Cell] | set[Cell]) -> int:
    """Doorways a thief on ``start`` must pass to reach ``goal`` without entering a ``blockers`` pathway.

    ``_FAR`` if every way is blocked. Thieves on ``blockers`` stand still in this reckoning (one thief per
    pathway: a thief of either gang on the way is an obstacle until it moves).
    """
    if start == goal:
        return 0
    seen = {start}
    frontier = [start]
    steps = 0
    around = near.around
    while frontier:
        steps += 1
        nxt = []
        for x in frontier:
            for y in around[x]:
                if y == goal:
                    return steps
                if y not in seen and y not in blockers:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return _FAR


def patrol_evaluate(board: Board, pos: Pos, seat: int) -> float:
    """How good ``pos`` is for ``seat`` as the rulebook's "Recommended Strategies" see it (higher is better).

    Before the gold is taken: two thieves go for the gold, one patrols the
    opponent's exit (the three pathways round it), one patrols its own exit
    (an accomplice ready for a quick escape); the best assignment of the
    thieves to these roles counts. With the gold: :func:`evaluate`'s race,
    the carrier's way home with the opponent's thieves in the way, and the
    home patrol on the exit's pathways. The opponent carrying: the carrier's
    way to its exit with this gang's thieves blocking it, thieves next to the
    carrier (a steal threat) and a patrol on the pathways round that exit.
    """
    near = _near(board)
    cells, carrier = pos.cells, pos.carrier
    if carrier is None:
        return _roles(near, cells, seat) - 0.5 * _roles(near, cells, 1 - seat)
    if carrier // 4 == seat:
        return _patrol_carrying(board, near, cells, carrier, seat)
    return -_patrol_carrying(board, near, cells, carrier, 1 - seat)


#: The ways to give a gang's four thieves the roles of :func:`_roles`: ``(a, b, h, p)``, ``a`` and ``b`` to
#: the gold, ``h`` to the own exit's pathways, ``p`` to the opponent's.
_ROLES = tuple((a, b, h, p) for a in range(4) for b in range(a + 1, 4)
               for rest in ([t for t in range(4) if t not in (a, b)],) for h, p in (rest, rest[::-1]))


def _roles(near: _Near, cells: tuple[Cell, ...], seat: int) -> float:
    """Two thieves to the gold, one to each exit's pathways: minus the doorways still to go, weighted."""
    mine = cells[4 * seat:4 * seat + 4]
    to_gold = [near.to_gold[x] for x in mine]
    to_own = [near.to_ring[seat][x] for x in mine]
    to_opp = [near.to_ring[1 - seat][x] for x in mine]
    best = -1e9
    for a, b, h, p in _ROLES:
        lo, hi = sorted((to_gold[a], to_gold[b]))
        v = -3.0 * lo - 1.0 * hi - 1.0 * to_own[h] - 1.5 * to_opp[p]
        if v > best:
            best = v
    return best


def _patrol_carrying(board: Board, near: _Near, cells: tuple[Cell, ...], carrier: int, seat: int) -> float:
    """The value for ``seat`` of carrying the gold (its thief ``carrier``), the opponent patrolling and blocking."""
    ex = board.exits[seat]
    c = cells[carrier]
    from_c, home, away = near.dist[c], near.to_ring[seat], near.to_ring[1 - seat]
    mates = [cells[t] for t in range(4 * seat, 4 * seat + 4) if t != carrier]
    foes = cells[4 * (1 - seat):4 * (1 - seat) + 4]
    way = min(_path_length(near, c, ex, frozenset(foes)), from_c[ex] + 4)
    v = 100.0 - 3.0 * from_c[ex] - 1.5 * way
    v -= 1.5 * min([home[m] for m in mates])                      # the home patrol, ready for the escape
    v += 1.0 * sum([from_c[m] == 1 for m in mates])               # someone to pass to
    for f in foes:
        d = from_c[f]
        v -= 12.0 if d == 1 else 4.0 if d == 2 else 0.0            # a steal threat
        if f in near.areas[seat]:
            v -= 4.0                                              # a patrol at this exit
    v += 1.5 * min(10, min([home[f] for f in foes]))               # the opponent's patrol, far or near
    v -= 0.5 * min([away[m] for m in mates])                      # own patrol at their exit
    v += 1.0 * min(10, min([from_c[f] for f in foes]))            # the nearest pursuer
    return v


#: How much :func:`hunt_evaluate` weighs the hunt against :func:`evaluate`'s terms (chosen on 300 games against
#: Greedy, seeds 7000 to 7299: 1.5 and 3.0 gave 59.3% and 59.7%; then measured on fresh seeds, see Hunter).
HUNT = 2.0


def hunt_evaluate(board: Board, pos: Pos, seat: int) -> float:
    """:func:`evaluate`, and once the opponent holds the gold, the hunt: ``seat``'s two thieves nearest the
    carrier close in (the nearest counts double), and every thief nearer the carrier's exit than the carrier
    stands in its way."""
    v = evaluate(board, pos, seat)
    carrier = pos.carrier
    if carrier is None or carrier // 4 == seat:
        return v
    tables = _near(board)
    c = pos.cells[carrier]
    from_c, to_exit = tables.dist[c], tables.to_exit[1 - seat]
    mine = pos.cells[4 * seat:4 * seat + 4]
    near = sorted([from_c[m] for m in mine])
    way = to_exit[c]
    ahead = sum([to_exit[m] < way for m in mine])
    return v - HUNT * (near[0] + 0.5 * near[1]) + HUNT * ahead


#: The value :func:`foresight_evaluate` gives a won game, and :class:`Foresight` minus it a lost one, on
#: :func:`evaluate`'s scale (carrying the gold onto the exit is worth about 100 there). Tried against Greedy on
#: seeds from 20000 with :func:`hunt_evaluate` alone at the leaves: a lost game at ``WIN`` (10,000) won 21 of
#: 40 games, at 300 51 of 100; at 300 with the chances of the next roll (``STEAL`` 150): 62 of 100 (seeds
#: 20000 to 20099) and 88 of 150 (seeds 20100 to 20249).
FORESIGHT_WIN = 300.0


#: What :func:`foresight_evaluate` adds for a sure steal of the opponent's gold in the coming roll. On seeds
#: 20100 to 20249, 250 did no better (88 of 150 games), nor did adding the chance to take the gold (88 of 150;
#: left out).
STEAL = 150.0


#: The rolls of the printed dice: keys and chance (the default of :func:`foresight_evaluate`).
_ROLLS: dict[tuple[str, ...], Rolls] = {}


def _rolls(dice: tuple[str, ...]) -> Rolls:
    """The different rolls of two ``dice`` (keys, chance), worked out once per dice."""
    got = _ROLLS.get(dice)
    if got is None:
        got = _ROLLS[dice] = tuple((tuple(keys), float(p)) for keys, _, p in roll_table(dice))
    return got


@lru_cache(maxsize=4096)
def _escape(board: Board, pos: Pos, seat: int, rolls: Rolls) -> float:
    return escape_chance(board, pos, seat, rolls)


def foresight_evaluate(board: Board, pos: Pos, seat: int, dice: tuple[str, ...] = DEFAULT_DICE) -> float:
    """:func:`hunt_evaluate` and the chances of ``seat``'s coming roll (``seat`` is about to roll in ``pos``).

    Carrying the gold within one doorway of its exit, the exact chance ``e``
    to escape in this roll (:func:`~furlib.thieves.search.escape_chance`)
    brings the value ``v`` toward a won game: ``v + e * (FORESIGHT_WIN - v)``.
    Against a carrier, the chance ``s`` to steal the gold in this roll (from
    the doorways' colours, :func:`~furlib.thieves.search.steal_chance`) adds
    ``STEAL * s``. ``dice`` are the faces of a die (the printed ones by default).
    """
    v = hunt_evaluate(board, pos, seat)
    carrier = pos.carrier
    if carrier is None:
        return v
    rolls = _rolls(dice)
    if carrier // 4 == seat:
        if _near(board).to_exit[seat][pos.cells[carrier]] <= 1:
            key = Pos(pos.cells, carrier, frozenset(), frozenset(), (), seat)
            v += _escape(board, key, seat, rolls) * (FORESIGHT_WIN - v)
        return v
    ways = steal_ways(board, pos, seat)                 # steal_chance(board, pos, seat, rolls), in two steps
    return v + STEAL * (0.0 if ways is None else _kept_ways_chance(*ways, dice))


@lru_cache(maxsize=4096)
def _kept_ways_chance(ones: frozenset[str], twos: frozenset[tuple[str, str]], dice: tuple[str, ...]) -> float:
    """The chance of a steal through doorways of these colours with the rolls of ``dice``, kept: positions
    apart often offer the same colours."""
    return ways_chance(ones, twos, _rolls(dice))
