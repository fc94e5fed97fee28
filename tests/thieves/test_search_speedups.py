"""The Thieves move search and evaluation read per-map tables; these tests hold them to the plain reckoning.

The references below are the straightforward versions (set lookups, ``_replace``, distances summed on the
spot): every position of a few hundred turns, and positions changed at random, must give the very same
uses in the same order, the same positions and the same values.
"""

import random
from functools import cache

import pytest

from furlib import Thieves
from furlib.thieves import evaluation, moves
from furlib.thieves.board import Board, PerBoard
from furlib.thieves.bots import Greedy, Hunter, RandomBot
from furlib.thieves.generate import random_map
from furlib.thieves.moves import Pos, apply_use, best, legal_uses, plans, uses


def _counts(board, cells, carrier, seat):
    a = b = c = 0
    for t in range(4 * seat, 4 * seat + 4):
        x = cells[t]
        a += x in board.surrounds[1 - seat]
        b += x in board.areas[seat]
        c += x in board.surrounds[seat] and t != carrier
    return a, b, c


def _uses_by_sets(board, pos):
    """Every key use, thief by thief, reckoned with the board's sets and links."""
    out = []
    keys = tuple(dict.fromkeys(pos.keys))
    if not keys:
        return out
    cells, carrier, seat = pos.cells, pos.carrier, pos.seat
    occupied = {c: t for t, c in enumerate(cells)}
    lo = 4 * seat
    a0, b0, c0 = _counts(board, cells, carrier, seat)
    opp_ring, own_ring, own_area = board.surrounds[1 - seat], board.surrounds[seat], board.areas[seat]
    colour_keys = [k for k in keys if k != "black"]
    for t in range(lo, lo + 4):
        here = cells[t]
        if "black" in keys:
            if carrier is None and here in board.gold_pathways:
                out.append(("take", t, None, "black"))
            if carrier == t and here == board.exits[seat] and any(
                    cells[o] in own_ring for o in range(lo, lo + 4) if o != t):
                out.append(("escape", t, None, "black"))
        if not colour_keys:
            continue
        for colour, _door, there in board.links[here]:
            usable = [k for k in colour_keys if k == colour or k == "white"]
            other = occupied.get(there)
            if not usable:
                continue
            if other is None:
                if t in pos.moved or there == board.exits[1 - seat]:
                    continue
                a = a0 - (here in opp_ring) + (there in opp_ring)
                b = b0 - (here in own_area) + (there in own_area)
                c = c0 + ((there in own_ring) - (here in own_ring) if t != carrier else 0)
                if (a <= 1 or a <= a0) and (b <= 2 or b <= b0) and (c <= 1 or c <= c0):
                    out.extend(("move", t, there, k) for k in usable)
            elif carrier == other and other // 4 != seat:
                out.extend(("steal", t, other, k) for k in usable)
            elif carrier == t and other // 4 == seat and other not in pos.passed:
                c = c0 + (here in own_ring) - (there in own_ring)
                if c <= 1 or c <= c0:
                    out.extend(("pass", t, other, k) for k in usable)
    return out


def _apply_by_replace(pos, use):
    kind, t, target, key = use
    i = pos.keys.index(key)
    keys = pos.keys[:i] + pos.keys[i + 1:]
    if kind == "move":
        cells = pos.cells[:t] + (target,) + pos.cells[t + 1:]
        return pos._replace(cells=cells, moved=pos.moved | {t}, keys=keys)
    if kind == "pass":
        return pos._replace(carrier=target, passed=pos.passed | {t}, keys=keys)
    if kind in ("steal", "take"):
        return pos._replace(carrier=t, keys=keys)
    return pos._replace(keys=())


@cache
def _all_distances(board):
    return board.distances()


def _evaluate_by_distances(board, pos, seat):
    """:func:`evaluate` summed from the table of all distances."""
    dist = _all_distances(board)
    cells, carrier = pos.cells, pos.carrier
    mine, theirs = cells[4 * seat:4 * seat + 4], cells[4 * (1 - seat):4 * (1 - seat) + 4]
    if carrier is None:
        dm = sorted(min(dist[x][g] for g in board.gold_pathways) for x in mine)
        do = sorted(min(dist[y][g] for g in board.gold_pathways) for y in theirs)
        return -3.0 * dm[0] - 1.0 * dm[1] + 2.0 * do[0] + 0.5 * do[1]
    side = seat if carrier // 4 == seat else 1 - seat
    c = cells[carrier]
    mates = [cells[t] for t in range(4 * side, 4 * side + 4) if t != carrier]
    v = 100.0 - 4.0 * dist[c][board.exits[side]]
    v -= 1.5 * min(dist[m][r] for m in mates for r in board.surrounds[side])
    v += 1.0 * sum(1 for m in mates if dist[m][c] == 1)
    for f in cells[4 * (1 - side):4 * (1 - side) + 4]:
        d = dist[f][c]
        v -= 12.0 if d == 1 else 4.0 if d == 2 else 0.0
        if f in board.areas[side]:
            v -= 3.0
    return v if side == seat else -v


def _hunt_by_distances(board, pos, seat):
    v = _evaluate_by_distances(board, pos, seat)
    if pos.carrier is None or pos.carrier // 4 == seat:
        return v
    dist = _all_distances(board)
    c = pos.cells[pos.carrier]
    mine = pos.cells[4 * seat:4 * seat + 4]
    near = sorted(dist[m][c] for m in mine)
    ex = board.exits[1 - seat]
    ahead = sum(1 for m in mine if dist[m][ex] < dist[c][ex])
    return v - evaluation.HUNT * (near[0] + 0.5 * near[1]) + evaluation.HUNT * ahead


def _path_by_links(board, start, goal, blockers):
    """Doorways from ``start`` to ``goal`` avoiding ``blockers`` (30 if blocked), breadth first over the links."""
    seen, frontier, steps = {start}, [start], 0
    if start == goal:
        return 0
    while frontier:
        steps += 1
        nxt = []
        for x in frontier:
            for _, _, y in board.links[x]:
                if y == goal:
                    return steps
                if y not in seen and y not in blockers:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return 30


def _roles_by_distances(board, cells, seat):
    dist = _all_distances(board)
    mine = cells[4 * seat:4 * seat + 4]
    to_gold = [min(dist[x][g] for g in board.gold_pathways) for x in mine]
    to_own = [min(dist[x][r] for r in board.surrounds[seat]) for x in mine]
    to_opp = [min(dist[x][r] for r in board.surrounds[1 - seat]) for x in mine]
    best = -1e9
    for a in range(4):
        for b in range(a + 1, 4):
            rest = [t for t in range(4) if t not in (a, b)]
            lo, hi = sorted((to_gold[a], to_gold[b]))
            for h, p in (rest, rest[::-1]):
                best = max(best, -3.0 * lo - 1.0 * hi - 1.0 * to_own[h] - 1.5 * to_opp[p])
    return best


def _patrol_by_distances(board, pos, seat):
    """:func:`patrol_evaluate` summed from the table of all distances."""
    dist = _all_distances(board)
    cells, carrier = pos.cells, pos.carrier
    if carrier is None:
        return _roles_by_distances(board, cells, seat) - 0.5 * _roles_by_distances(board, cells, 1 - seat)
    side = seat if carrier // 4 == seat else 1 - seat
    ex, ring, c = board.exits[side], board.surrounds[side], cells[carrier]
    mates = [cells[t] for t in range(4 * side, 4 * side + 4) if t != carrier]
    foes = cells[4 * (1 - side):4 * (1 - side) + 4]
    way = min(_path_by_links(board, c, ex, frozenset(foes)), dist[c][ex] + 4)
    v = 100.0 - 3.0 * dist[c][ex] - 1.5 * way
    v -= 1.5 * min(dist[m][r] for m in mates for r in ring)
    v += 1.0 * sum(1 for m in mates if dist[m][c] == 1)
    for f in foes:
        d = dist[f][c]
        v -= 12.0 if d == 1 else 4.0 if d == 2 else 0.0
        if f in board.areas[side]:
            v -= 4.0
    v += 1.5 * min(10, min(dist[f][r] for f in foes for r in ring))
    v -= 0.5 * min(dist[m][r] for m in mates for r in board.surrounds[1 - side])
    v += 1.0 * min(10, min(dist[f][c] for f in foes))
    return v if side == seat else -v


def _positions(board=None, games=4, seed=0, bots=None):
    """The positions of a few games' decisions (Greedy against Hunter unless ``bots``), each also with the
    other rolls and the other seat."""
    bots = bots or (Greedy(), Hunter())
    rolls = [(), ("black",), ("red",), ("white",), ("red", "blue"), ("white", "black"), ("black", "black"),
             ("green", "green"), ("yellow", "white"), ("blue", "black")]
    for s in range(seed, seed + games):
        g = Thieves(seed=s, max_turns=80, **({} if board is None else {"board": board}))
        while not g.is_over:
            if not g.is_chance:
                pos = g.position()
                yield g.board, pos
                for keys in rolls:
                    yield g.board, pos._replace(keys=keys)
                    yield g.board, pos._replace(keys=keys, seat=1 - pos.seat, moved=frozenset(), passed=frozenset())
            g.step(None if g.is_chance else bots[g.position().seat])


def _shuffled(board, rng, n):
    """``n`` positions with the thieves on pathways at random, the gold anywhere, parts of a turn done."""
    keys = ("red", "yellow", "green", "blue", "white", "black")
    for _ in range(n):
        cells = tuple(rng.sample(board.pathways, 8))
        carrier = rng.choice([None, None, *range(8)])
        moved = frozenset(rng.sample(range(8), rng.choice([0, 0, 1, 2])))
        passed = frozenset(rng.sample(range(8), rng.choice([0, 0, 1])))
        # at most two keys (moves.MAX_POS_KEYS); the draw of a third is kept so the positions stay those drawn before
        roll = tuple(rng.choice(keys) for _ in range(rng.choice([1, 2, 2, 2, 3])))[:2]
        yield Pos(cells, carrier, moved, passed, roll, rng.choice([0, 1]))


def _check_position(board, pos):
    got = uses(board, pos)
    assert got == _uses_by_sets(board, pos)
    for u in got:
        after = apply_use(pos, u)
        assert after == _apply_by_replace(pos, u) and type(after) is Pos
    assert moves._kept_best(board, pos) == best(board, pos)
    for seat in (0, 1):
        assert evaluation.evaluate(board, pos, seat) == _evaluate_by_distances(board, pos, seat)
        assert evaluation.hunt_evaluate(board, pos, seat) == _hunt_by_distances(board, pos, seat)
        assert evaluation.patrol_evaluate(board, pos, seat) == _patrol_by_distances(board, pos, seat)


@pytest.mark.parametrize("name", ["crossroads", "classic"])
def test_uses_moves_and_values_equal_the_plain_reckoning_in_games(name):
    board = Board.named(name)
    checked = 0
    for b, pos in _positions(board):
        _check_position(b, pos)
        checked += 1
    assert checked > 500


def test_uses_moves_and_values_equal_the_plain_reckoning_on_random_positions_and_maps():
    rng = random.Random(11)
    boards = [Board.default(), Board.named("classic")] + [Board.load(random_map(n, seed=s))
                                                          for n, s in ((4, 1), (6, 2), (8, 3), (10, 4))]
    kinds = set()
    for board in boards:
        for pos in _shuffled(board, rng, 150):
            _check_position(board, pos)
            kinds.update(u[0] for u in uses(board, pos))
    assert kinds == {"move", "pass", "steal", "take", "escape"}


def test_a_random_bot_s_games_meet_the_same_uses():
    for board, pos in _positions(games=3, seed=40, bots=(RandomBot(seed=1), RandomBot(seed=2))):
        assert uses(board, pos) == _uses_by_sets(board, pos)


def test_legal_uses_begin_the_plans_of_best_length():
    """Every plan is as long as :func:`best` says (an escape uses every key left), and its uses were legal."""
    for board, pos in _positions(games=2, seed=60):
        if not pos.keys:
            continue
        n = best(board, pos)
        for done, final in plans(board, pos):
            assert len(done) == n or done[-1][0] == "escape"
            p = pos
            for u in done:
                assert u in legal_uses(board, p)
                p = apply_use(p, u)
            assert p == final


def test_the_turn_s_first_move_or_pass_shares_one_set_per_thief():
    board = Board.default()
    g = Thieves(seed=2)
    g.step(None)
    pos = g.position()
    for u in uses(board, pos):
        after = apply_use(pos, u)
        if u[0] == "move":
            assert after.moved == {u[1]} and after.moved is moves._with(frozenset(), u[1])
    assert moves._with(frozenset({1}), 2) == {1, 2}
    assert moves._with(frozenset(), 9) == {9}                     # no kept set: a new one


def test_distances_are_the_same_both_ways():
    """:func:`evaluate`, :func:`hunt_evaluate` and :func:`patrol_evaluate` read distances from the carrier's
    pathway."""
    for board in (Board.default(), Board.named("classic"), Board.load(random_map(8, seed=5))):
        dist = board.distances()
        assert all(dist[a][b] == dist[b][a] for a in board.pathways for b in board.pathways)


def test_per_board_tables_are_kept_per_map_and_bounded():
    made = []
    tables = PerBoard(lambda b: made.append(b) or len(made), kept=3)
    boards = [Board.load(random_map(4, seed=s)) for s in range(5)]
    assert [tables(b) for b in boards] == [1, 2, 3, 4, 5]
    assert tables(boards[4]) == 5 and tables(boards[2]) == 3 and len(made) == 5   # kept
    assert tables(boards[0]) == 6                                                  # dropped, made again
    twin = Board.load(boards[2].to_text())
    assert twin is not boards[2] and tables(twin) == 3                              # the same map: shared
    assert tables(boards[3]) == 7                        # the least recently used (3 kept: 2, 0, then 4)
    tables.clear()
    assert tables(boards[3]) == 8


def test_equal_boards_share_one_table():
    tables = PerBoard(lambda b: object())
    a, b = Board.load(Board.default().to_text()), Board.load(Board.default().to_text())
    assert tables(a) is tables(a) is tables(b) is tables(Board.default())


def test_the_bots_judge_each_end_position_once_and_choose_as_before():
    """Greedy's choice is the first plan of the highest value, every plan judged (no shared values)."""
    bot = Greedy()
    for board, pos in _positions(games=2, seed=80):
        if not pos.keys or pos.seat != 0:
            continue
        options = plans(board, pos)
        score = bot._scorer(board, pos.seat)
        chosen = max(options, key=score)

        def plain(plan, board=board, pos=pos):
            uses_, final = plan
            return 1e4 if uses_ and uses_[-1][0] == "escape" else evaluation.evaluate(board, final, pos.seat)

        assert chosen is max(options, key=plain)


def test_foresight_s_steal_chance_is_steal_chance_and_still_checks_the_dice():
    """foresight_evaluate keeps the chance of each set of doorway colours; the dice are still checked first."""
    from furlib.thieves.analysis import roll_table
    from furlib.thieves.search import steal_chance

    rolls = [(tuple(k), float(p)) for k, _, p in roll_table()]
    checked = 0
    for board, pos in _positions(games=3, seed=100):
        for seat in (0, 1):
            if pos.carrier is None or pos.carrier // 4 == seat:
                continue
            plain = evaluation.hunt_evaluate(board, pos, seat) + evaluation.STEAL * steal_chance(board, pos, seat,
                                                                                                 rolls)
            assert evaluation.foresight_evaluate(board, pos, seat) == plain
            with pytest.raises(ValueError):
                evaluation.foresight_evaluate(board, pos, seat, dice=("red", "mauve", "green", "blue", "white",
                                                                      "black"))
            checked += 1
    assert checked > 20


def test_lookahead_s_kept_fractions_are_the_fractions():
    from fractions import Fraction

    from furlib.thieves import bots

    for value in (0.0, -0.0, 1.5, -10_000.0, 97.25, 1 / 3, -2.1):
        assert bots._near_fraction(value) == Fraction(value).limit_denominator(1000)
