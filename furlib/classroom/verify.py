"""What the class server believes: a class's rules, a submitted save replayed by furlib, and the pooled figures.

A student cannot claim a win they did not play: :func:`check_save` replays
the save with furlib (``type(game).from_json``) and accepts it only if it is a
finished game of the class's game under exactly the class's rules, every
roll and draw made by the game's own dice from its seed (a roll set by hand,
``g.roll(6, 6, 6, 6, 6)``, is refused). The same game counts once: its
:attr:`Checked.digest` is a hash of what was played (the rules, the number
of players, the seed and every action; not the players' names).

No web framework is imported here (the server's routes live in
:mod:`furlib.classroom.server`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import cut_message, excerpt
from ..core.registry import games, get
from ..core.stats import wilson_interval
from .limits import COUNT, MAX_SMALL_BODY, MAX_TRIALS, check_count

#: The most characters of an exact value's text ("5/6").
MAX_EXACT_CHARS = 40


class Refused(ValueError):
    """A request the server refuses: ``status`` (an HTTP status), ``limit`` (the name of the limit passed, or "")."""

    def __init__(self, message: str, status: int = 400, limit: str = ""):
        super().__init__(message)
        self.status, self.limit = status, limit


@dataclass(frozen=True)
class Rules:
    """A class's game (a registered game's name, or ``"count"``), its rules and players, and an exact value."""

    game: str
    params: dict[str, Any]          # the rules without the players (for a count: {} or {"trials": N})
    players: int                    # the number of seats (0 for a count class)
    exact: str | None               # an exact chance as text ("5/6"), or None

    @property
    def title(self) -> str:
        """The game's printed title ("Oh Furcle!"), or "Counts"."""
        return "Counts" if self.game == COUNT else get(self.game).title


def class_rules(game: object, params: object = None, exact: object = None) -> Rules:
    """The rules of a new class: ``game`` (a registered game's name or ``"count"``), its parameters, an exact value.

    A game's ``params`` are keywords of the game (``{"target": 50}``); the
    number of players is ``params["players"]`` (a number, or a list whose
    length counts), else the game's own default. A count class takes
    ``{"trials": N}`` (every count out of N rolls) or nothing. ``exact`` is a
    chance from 0 to 1 as text ("5/6", "0.5") or None.

    >>> r = class_rules("Furcle", {"target": 50, "players": 2}, "5/6")
    >>> r.players, r.params["target"], r.exact
    (2, 50, '5/6')
    """
    if params is None:
        params = {}
    if type(params) is not dict:
        raise Refused(f"params must be an object of the game's keywords, got {excerpt(params)}")
    exact_text = _exact(exact)
    if game == COUNT:
        if set(params) - {"trials"}:
            raise Refused(f"a count class takes only the rule 'trials' (every count out of that many), got "
                          f"{excerpt(sorted(params))}")
        if "trials" in params and not (type(params["trials"]) is int and 1 <= params["trials"] <= MAX_TRIALS):
            raise Refused(f"trials must be a whole number from 1 to {MAX_TRIALS:,} (MAX_TRIALS), got "
                          f"{excerpt(params['trials'])}")
        return Rules(COUNT, dict(params), 0, exact_text)
    names = [g.name for g in games(demos=True)]
    if type(game) is not str or game not in names:
        raise Refused(f"no game called {excerpt(game)}: choose one of {', '.join(names)} or {COUNT!r}")
    cls = get(game).cls
    rest = {k: v for k, v in params.items() if k not in ("players", "seed")}
    players = params.get("players")
    try:
        if players is None:
            players = len(cls(seed=0, **rest).players)
        elif type(players) is list:
            players = len(players)
        made = cls(players=players, seed=0, **rest)
    except (TypeError, ValueError, KeyError) as e:
        raise Refused(f"these rules of {game} are refused by the game: {cut_message(e)}") from None
    canonical = json.loads(json.dumps(made.params))
    canonical.pop("players", None)
    return Rules(game, canonical, len(made.players), exact_text)


def _exact(exact: object) -> str | None:
    if exact is None:
        return None
    if type(exact) is not str or len(exact) > MAX_EXACT_CHARS:
        raise Refused(f"exact must be a chance as text such as '5/6' or '0.5', got {excerpt(exact)}")
    try:
        value = Fraction(exact)
    except (ValueError, ZeroDivisionError):
        raise Refused(f"exact must be a chance as text such as '5/6' or '0.5', got {excerpt(exact)}") from None
    if not 0 <= value <= 1:
        raise Refused(f"exact must be a chance from 0 to 1, got {excerpt(exact)}")
    return exact


@dataclass(frozen=True)
class Checked:
    """A replayed, finished game: what the class keeps of it."""

    digest: str                    # sha256 of what was played (rules, number of players, seed, actions)
    seed: int
    winner: str | None             # the winner's name as played, or "Ann and Bob" for a shared win
    winner_seat: int | None        # 1, 2, ... (None for a shared win or none)
    scores: list[int]              # by seat
    n_actions: int
    save: str                      # the save as furlib writes it again (canonical)


def check_save(text: str | bytes, rules: Rules) -> Checked:
    """Replay a save and accept it only for a finished game of ``rules``; :class:`Refused` says why not."""
    if rules.game == COUNT:
        raise Refused("this class collects counts (submit_count), not games", status=409)
    cls: Any = get(rules.game).cls
    try:
        game = cls.from_json(text)
    except ValueError as e:
        raise Refused(f"not a valid {rules.game} save, so it cannot count: {cut_message(e, 400)}",
                      status=422) from None
    if not game.is_over:
        raise Refused(f"this {rules.game} game is not finished ({game.n_steps} actions, no winner yet): only a "
                      "finished game counts", status=422)
    params = json.loads(json.dumps(game.params))
    params.pop("players", None)
    if len(game.players) != rules.players:
        raise Refused(f"this game has {len(game.players)} players; the class plays with {rules.players}",
                      status=422)
    for key in sorted(set(params) | set(rules.params)):
        if params.get(key) != rules.params.get(key):
            raise Refused(f"this game's rules differ from the class's: {key} is {excerpt(params.get(key))}, the "
                          f"class plays with {excerpt(rules.params.get(key))}", status=422)
    doc = json.loads(game.to_json())
    flags = [entry["rng"] for entry in doc["actions"]]
    replay = cls(players=list(game.players), seed=game.seed, **rules.params)
    for i, (action, drawn) in enumerate(zip(game.actions, flags)):
        if replay.is_chance:
            if not drawn:
                raise Refused(f"action {i} ({excerpt(str(action))}) was set by hand, not drawn by the game's "
                              f"{replay.CHANCE_VERB} from its seed: only games played with the game's own chance "
                              "count", status=422)
            replay.step()
        else:
            replay.apply(action)
    what = {"game": doc["game"], "rules": params, "players": len(game.players), "seed": doc["seed"],
            "actions": doc["actions"]}
    digest = hashlib.sha256(json.dumps(what, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    w = game.winner
    seat = game.players.index(w) + 1 if isinstance(w, str) else None
    winner = w if isinstance(w, str) or w is None else " and ".join(w)
    scores = game.scores
    return Checked(digest, game.seed, winner, seat, [int(scores.get(p, 0)) for p in game.players],
                   game.n_steps, game.to_json())


def check_count_body(body: bytes, rules: Rules) -> tuple[int, int]:
    """``(hits, trials)`` from a count's JSON body ``{"hits": 17, "trials": 20}``, checked against ``rules``."""
    if rules.game != COUNT:
        raise Refused(f"this class plays {rules.title}: send finished games (submit), not counts", status=409)
    doc = parse_small(body)
    if set(doc) != {"hits", "trials"}:
        raise Refused(f"a count is {{\"hits\": 17, \"trials\": 20}}, got the keys {excerpt(sorted(doc))}")
    try:
        hits, trials = check_count(doc["hits"], doc["trials"])
    except ValueError as e:
        raise Refused(str(e)) from None
    want = rules.params.get("trials")
    if want is not None and trials != want:
        raise Refused(f"this class counts out of {want} rolls each; this count is out of {trials}", status=422)
    return hits, trials


def parse_small(body: bytes) -> dict[str, Any]:
    """A small request's JSON object (at most MAX_SMALL_BODY bytes, checked by the caller first)."""
    if len(body) > MAX_SMALL_BODY:
        raise Refused(f"this request has {len(body):,} bytes; at most {MAX_SMALL_BODY:,} (MAX_SMALL_BODY)",
                      status=413, limit="MAX_SMALL_BODY")
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        raise Refused("the request's body is not JSON") from None
    if type(doc) is not dict:
        raise Refused(f"the request's body must be a JSON object, got {excerpt(doc)}")
    return doc


def share(hits: int, tries: int) -> dict[str, Any]:
    """A pooled share with its 95% Wilson interval, as the live page shows it (None without tries)."""
    if tries == 0:
        return {"hits": 0, "tries": 0, "share": None, "low": None, "high": None}
    low, high = wilson_interval(hits, tries)
    return {"hits": hits, "tries": tries, "share": hits / tries, "low": low, "high": high}


def exact_value(exact: str | None) -> float | None:
    """The exact chance as a number (None stays None)."""
    return None if exact is None else float(Fraction(exact))


def pooled(rules: Rules, students: list[tuple[str, int, int]], seat_wins: list[int], sent: int,
           shared: int) -> dict[str, Any]:
    """The pooled figures of a class (a JSON object for the live page and ``Student.pooled``).

    ``students`` holds each student's ``(nickname, successes, tries)``: hits
    and trials for a count class; for a game class, games won by the first
    seat and games sent. ``seat_wins`` counts the games each seat won (a
    shared win counts for no seat: ``shared`` counts them); ``sent`` is the
    number of games (or counts) the class holds. A student's nickname is not
    in it: the teacher's page adds the students' dots (``dots``).
    """
    hits = sum(s for _, s, _ in students)
    tries = sum(t for _, _, t in students)
    out: dict[str, Any] = {
        "game": rules.game, "title": rules.title, "players": rules.players, "rules": rules.params,
        "exact": rules.exact, "exact_value": exact_value(rules.exact), "students": len(students),
        "pooled": share(hits, tries),
        "seats": [share(w, sent) for w in seat_wins], "shared": shared, "sent": sent,
        "what": ("the share of successes, all counts pooled" if rules.game == COUNT
                 else "the share of games the first seat won"),
    }
    return out

