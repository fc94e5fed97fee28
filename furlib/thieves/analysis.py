"""Exact odds of Thieves: the 36 outcomes of two dice, the chance of a key, the chance a thief can move.

Everything here is exact (``fractions.Fraction``) and cheap: two dice have
36 equally likely ordered outcomes (21 different unordered rolls), so every
question about one roll is a sum over them.

>>> key_probability("red")
Fraction(5, 9)
>>> key_probability("black")
Fraction(11, 36)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeVar, overload

from ..core.errors import check_bool, check_int, excerpt, read_at_most

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..core.engine.game import Game, Policy
    from .game import Thieves

__all__ = ["ordered_outcomes", "key_probability", "key_table", "move_probability", "roll_table", "play_games",
           "PlayedGames", "seat_table", "gold_changes", "MAX_PLAYED_GAMES", "MAX_READ_GAMES"]

_DOOR_COLOURS = ("red", "yellow", "green", "blue")
#: The most games one :func:`play_games` call plays, keeping each: measured, Greedy against Greedy takes about
#: 40 ms and 25 KB a game (the limit: 40 s, 30 MB); two RandomBots wander, 1.5 s and 1.6 MB a game.
MAX_PLAYED_GAMES = 1_000
#: The most games :func:`gold_changes` and the charts of :mod:`furlib.thieves.plots` read (counted first; of an
#: iterator no more than ``MAX_READ_GAMES + 1`` are read).
MAX_READ_GAMES = 100_000


def _read_games(games: object, what: str) -> list[Thieves]:
    """``games``, a Thieves game or a list (any iterable but text) of at most :data:`MAX_READ_GAMES` of them,
    as a list; else a ValueError that names ``what`` asked and the value that is not a Thieves game."""
    from .game import Thieves

    if isinstance(games, Thieves):
        return [games]
    if isinstance(games, (str, bytes, bytearray)) or not isinstance(games, Iterable):
        raise ValueError(f"{what} needs a Thieves game or a list of them, got {excerpt(games)}")
    read, _ = read_at_most(games, MAX_READ_GAMES)
    if read is None:
        raise ValueError(f"{what} reads at most {MAX_READ_GAMES:,} games (MAX_READ_GAMES), got more")
    for g in read:
        if not isinstance(g, Thieves):
            raise ValueError(f"{what} needs Thieves games, got {excerpt(g)}")
    return read



def _dice(dice: Sequence[str] | None) -> tuple[str, ...]:
    from .rules import check_dice

    return check_dice(dice)


def ordered_outcomes(dice: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The 36 equally likely ordered outcomes (first die, second die) of the two dice.

    >>> len(ordered_outcomes()), ordered_outcomes()[:2]
    (36, [('red', 'red'), ('red', 'yellow')])
    """
    faces = _dice(dice)
    return list(product(faces, faces))


def _opens(key: str, colour: str) -> bool:
    if colour == "black":
        return key == "black"
    return key == colour or key == "white"


def key_probability(colour: str, dice: Sequence[str] | None = None) -> Fraction:
    """The chance that one roll of the two dice gives a key that opens a door of ``colour``.

    ``"red"``, ``"yellow"``, ``"green"``, ``"blue"``: that colour or white on
    either die; ``"black"``: black on either die (the central square, the exit).
    With the printed dice a door colour is opened by 2 faces of 6, so the
    chance is ``1 - (4/6)**2 = 20/36 = 5/9`` and black ``1 - (5/6)**2 = 11/36``.

    Raises
    ------
    ValueError
        If ``colour`` is not one of the five, or ``dice`` is not valid.

    >>> key_probability("blue"), key_probability("black")
    (Fraction(5, 9), Fraction(11, 36))
    """
    if not isinstance(colour, str) or colour not in _DOOR_COLOURS + ("black",):
        raise ValueError(f"colour must be exactly one of 'red', 'yellow', 'green', 'blue' or 'black' (lower case, "
                         f"no spaces), got {excerpt(colour)}")
    colour = str(colour)
    outs = ordered_outcomes(dice)
    hits = sum(1 for a, b in outs if _opens(a, colour) or _opens(b, colour))
    return Fraction(hits, len(outs))


def key_table(dice: Sequence[str] | None = None) -> list[tuple[str, Fraction]]:
    """``key_probability`` for every colour, doors first then black."""
    return [(c, key_probability(c, dice)) for c in _DOOR_COLOURS + ("black",)]


def roll_table(dice: Sequence[str] | None = None) -> list[tuple[tuple[str, str], int, Fraction]]:
    """The different rolls (unordered), how many of the 36 ordered outcomes give each, and its chance.

    >>> rows = roll_table()
    >>> len(rows), rows[0], rows[1]
    (21, (('red', 'red'), 1, Fraction(1, 36)), (('red', 'yellow'), 2, Fraction(1, 18)))
    """
    faces = _dice(dice)
    order = {f: i for i, f in reversed(list(enumerate(faces)))}
    counts: dict[tuple[str, str], int] = {}
    for a, b in ordered_outcomes(faces):
        first, second = sorted((a, b), key=order.__getitem__)
        key = (first, second)
        counts[key] = counts.get(key, 0) + 1
    return [(k, n, Fraction(n, 36)) for k, n in counts.items()]


def move_probability(game: Thieves, thief: int, player: str | None = None) -> Fraction:
    """The chance that ``player``'s thief number ``thief`` can move through a doorway in their next roll.

    Counted over the 36 ordered outcomes of the two dice with the position
    as it stands (the other thieves where they are, this turn's moves
    forgotten), with the full rules: the thief can move if some legal plan
    for that roll moves it. ``player`` defaults to the player to move.

    Raises
    ------
    ValueError
        If ``game`` is not a Thieves game, ``thief`` is not 1 to 4 or ``player`` is not a player.
    """
    from .game import Thieves
    from .moves import _plans

    if not isinstance(game, Thieves):
        raise ValueError(f"move_probability() needs a Thieves game, got {excerpt(game)}")
    if player is None:
        player = game.current_player or game.players[0]
    if player not in game.players:
        raise ValueError(f"unknown player {excerpt(player)}; players are {list(game.players)}")
    if isinstance(thief, bool) or not isinstance(thief, int) or not 1 <= thief <= 4:
        raise ValueError(f"thief must be a thief's number, 1 to 4, got {excerpt(thief)}")
    seat = game.players.index(player)
    t = 4 * seat + thief - 1
    base = game.position()._replace(seat=seat, moved=frozenset(), passed=frozenset())
    hits = 0
    cache: dict[tuple[str, ...], bool] = {}
    for a, b in ordered_outcomes(game.dice):
        roll = tuple(sorted((a, b)))
        if roll not in cache:
            pos = base._replace(keys=roll)
            cache[roll] = any(any(u[0] == "move" and u[1] == t for u in p) for p, _ in _plans(game.board, pos))
        hits += cache[roll]
    return Fraction(hits, 36)


# ------------------------------------------------------------ simulation
_T = TypeVar("_T")


class PlayedGames(list["Thieves"]):
    """The finished games of :func:`play_games` (a list), and ``seats``: for each game, the bot index in each seat.

    A slice keeps the seats of its games, as does the sum of two.
    """

    def __init__(self, games: Sequence[Thieves] = (), seats: Sequence[Sequence[int]] = ()):
        super().__init__(games)
        self.seats = tuple(tuple(s) for s in seats)
        if len(self.seats) != len(self):
            raise ValueError(f"{len(self)} games but {len(self.seats)} seatings")

    @overload
    def __getitem__(self, i: SupportsIndex) -> Thieves: ...
    @overload
    def __getitem__(self, i: slice) -> PlayedGames: ...

    def __getitem__(self, i: SupportsIndex | slice) -> Thieves | PlayedGames:
        if isinstance(i, slice):
            return PlayedGames(list.__getitem__(self, i), self.seats[i])
        return list.__getitem__(self, i)

    @overload   # list's own (a PlayedGames plus a PlayedGames gives a PlayedGames, which is a list[Thieves])
    def __add__(self, other: list[Thieves]) -> list[Thieves]: ...
    @overload
    def __add__(self, other: list[_T]) -> list[_T | Thieves]: ...

    def __add__(self, other: list[Any]) -> list[Any]:
        if isinstance(other, PlayedGames):
            return PlayedGames([*self, *other], self.seats + other.seats)
        return list.__add__(self, other)


def play_games(bots: Sequence[Policy], n_games: int, *, seed: int = 0, rotate_seats: bool = True,
               **kwargs: Any) -> PlayedGames:
    """Play ``n_games`` seeded games between two bots; return the finished games.

    Game ``i`` uses seed ``seed + i`` (``seed`` a whole number, ``seed + i``
    at most ``MAX_SEED``, 2**128 - 1); with ``rotate_seats`` (True or False)
    the bots swap seats every game (bot 0 begins in the even games).
    ``n_games`` is 1 to :data:`MAX_PLAYED_GAMES` (1,000). ``kwargs`` go to
    :class:`~furlib.thieves.Thieves` (``max_turns``, ``board``...). Each
    game's seating, the bot index in each seat, is in the result's ``seats``
    (a :class:`PlayedGames`, a list of the games).

    Raises
    ------
    ValueError
        Unless there are exactly two bots (a list: no more than 3 items of an
        iterable are read), each callable, and the other arguments are as
        above; all checked before any game is played.
    """
    from ..core.engine.seeds import MAX_SEED, check_seed
    from .game import Thieves

    n_games = check_int("n_games", n_games, low=1, high=MAX_PLAYED_GAMES)
    seed = check_seed(seed)
    if seed + n_games - 1 > MAX_SEED:
        raise ValueError(f"seed={excerpt(seed)} is too large for {n_games:,} games: game i is seeded seed + i, at "
                         f"most 2**128 - 1 (MAX_SEED); use a seed up to MAX_SEED - {n_games - 1:,}")
    rotate_seats = check_bool("rotate_seats", rotate_seats)
    if isinstance(bots, (str, bytes, bytearray)) or not isinstance(bots, Iterable):
        raise ValueError(f"bots must be a list of 2 bots (policies: game -> action), got {excerpt(bots)}")
    read: list[Any] = read_at_most(bots, 2)[0] or [None] * 3      # at most 3 read; more than 2 is refused
    if len(read) != 2:
        raise ValueError(f"Thieves is a 2-player game: give 2 bots, got {len(read) if len(read) < 2 else 'more'}")
    bots = read
    for b in bots:
        if not callable(b):
            raise ValueError(f"each bot must be callable (game -> action), got {excerpt(b)}")
    games, seats = [], []
    for i in range(n_games):
        order = (1, 0) if rotate_seats and i % 2 else (0, 1)
        g = Thieves(seed=seed + i, **kwargs)
        g.play(bots[order[0]], bots[order[1]])
        games.append(g)
        seats.append(order)
    return PlayedGames(games, seats)


def seat_table(games: PlayedGames, names: Sequence[str] | None = None) -> pd.DataFrame:
    """Win rates by bot and seat, with 95% Wilson intervals (a pandas DataFrame), of :func:`play_games`' games.

    Columns: ``bot``, ``seat`` (1 begins), ``games``, ``wins``, ``undecided``,
    ``win_rate``, ``ci_low``, ``ci_high``; one row per bot and seat, and a
    row per seat over both bots (``bot == "either"``). ``names``: None
    (``bot 1``, ``bot 2``) or the 2 bots' names, as text (a list: no more
    than 3 items of an iterable are read).
    """
    import pandas as pd

    from ..core.stats import wilson_interval

    if not isinstance(games, PlayedGames):
        raise ValueError(f"seat_table() needs the games of play_games(), which know who sat where; "
                         f"got {excerpt(games)}")
    rows = []
    n_bots = 2
    if names is None:
        names = [f"bot {i + 1}" for i in range(n_bots)]
    else:
        text = isinstance(names, (str, bytes)) or not isinstance(names, Iterable)
        read = [] if text else read_at_most(names, 2)[0] or []
        if len(read) != 2 or not all(isinstance(x, str) for x in read):
            raise ValueError(f"names must be None or the 2 bots' names (text), got {excerpt(names)}")
        names = read
    for b in [*range(n_bots), None]:
        for seat in (0, 1):
            mine = [g for g, order in zip(games, games.seats) if b is None or order[seat] == b]
            n = len(mine)
            if not n:
                continue
            wins = sum(1 for g in mine if g.winner == g.players[seat])
            undecided = sum(1 for g in mine if g.winner is None)
            low, high = wilson_interval(wins, n)
            rows.append(("either" if b is None else names[b], seat + 1, n, wins, undecided, wins / n, low, high))
    return pd.DataFrame(rows, columns=["bot", "seat", "games", "wins", "undecided", "win_rate", "ci_low", "ci_high"])


def gold_changes(games: Sequence[Game]) -> dict[tuple[int, int], int]:
    """Where the gold changed hands, over ``games``: ``{(row, col): count}`` of the receiving thief's square.

    Taking it from the central square counts at the thief's pathway; a steal
    at the stealer's; a pass at the receiver's. ``games``: a Thieves game or
    a list of at most :data:`MAX_READ_GAMES`; anything else is a ValueError
    naming it.
    """
    from . import events as ev

    counts: dict[tuple[int, int], int] = {}
    for g in _read_games(games, "gold_changes()"):
        for e in g.events:
            if e.kind in (ev.TAKE, ev.STEAL):
                cell = tuple(e.data["src"])
            elif e.kind == ev.PASS:
                cell = tuple(e.data["dst"])
            else:
                continue
            counts[cell] = counts.get(cell, 0) + 1
    return counts
