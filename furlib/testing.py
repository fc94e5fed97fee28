"""Conformance check shipped with furlib: every game passes it.

>>> from furlib import Furcle
>>> from furlib.testing import check_game
>>> report = check_game(Furcle, n_games=3, seed=0)
>>> report.games
3
"""

from __future__ import annotations

import dataclasses
import json
import marshal
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from .core.engine.events import Event
from .core.engine.game import Game, Policy
from .core.engine.policy import RandomBot
from .core.engine.view import View
from .core.errors import GameOver, IllegalAction, cut_message, excerpt

if TYPE_CHECKING:  # pragma: no cover
    import xml.etree.ElementTree as ET

#: What ``to_json()`` holds, read in constant time (see :func:`_fingerprint`): the parameters, the seed, the
#: number of actions and the last one, a copy of the state, the generator's state and the number of events.
_Fingerprint = tuple[dict[str, Any], int | None, int, object, dict[str, Any], object, int]


@dataclass
class CheckReport:
    """What :func:`check_game` exercised."""

    games: int = 0
    steps: int = 0
    chance_steps: int = 0
    undos: int = 0
    json_round_trips: int = 0
    illegal_refused: int = 0
    leak_checks: int = 0
    winners: dict[str, int] = field(default_factory=dict)

    def __str__(self) -> str:
        return (f"{self.games} games, {self.steps} steps ({self.chance_steps} chance), "
                f"{self.undos} undos, {self.json_round_trips} JSON round trips, "
                f"{self.illegal_refused} illegal actions refused, {self.leak_checks} leak checks")


class _NotAnAction:
    def __repr__(self) -> str:
        return "<not an action>"


def check_game(
    game_class: type[Game],
    *,
    n_games: int = 100,
    seed: int = 0,
    kwargs: Mapping[str, Any] | None = None,
    policy: Callable[[Game], object] | None = None,
    json_every: int = 1,
    leak_every: int = 1,
    max_steps: int | None = None,
) -> CheckReport:
    """Play ``n_games`` seeded games with random legal moves, checking the protocol at every step.

    At every step: the state's invariants hold (``check_invariants``); an
    action that is not legal is refused with :class:`IllegalAction` and the
    game is unchanged; ``undo()`` after the step restores exactly the earlier
    state (parameters, seed, actions, state, generator and events; the whole
    ``to_json()`` every ``json_every`` steps) and stepping again gives the
    same result (RNG included); ``from_json(to_json())`` gives back the same
    JSON (every ``json_every`` steps, starting one step later in each game so
    that a long run checks every phase); at a chance point the outcomes' probabilities sum to exactly 1;
    the game's quick legality test agrees with ``legal_actions()``.
    Each game must end within ``max_steps``, and replaying the same seed with
    the same policy gives the same game.

    In a game with hidden information, nothing hidden leaks (every
    ``leak_every`` steps, for every player and a spectator): no secret of
    the others (``game._secrets(seat)``) is in the player's view (its
    attributes, however private, its state and events), its repr, its HTML
    or its log; the view holds no seed, random generator or reference to the
    game; and the policy is always called with the acting player's view,
    which passes the same check (on its first call and every ``leak_every``).

    Raises
    ------
    AssertionError
        Naming the game, seed and step where a check failed.
    """
    kwargs = dict(kwargs or {})
    report = CheckReport()
    for g_index in range(n_games):
        game_seed = seed + g_index
        base = policy or RandomBot(seed=game_seed)
        game = game_class(seed=game_seed, **kwargs)
        pol = _watched(base, game, report, leak_every) if game.HIDDEN_INFO else base
        limit = max_steps or game.MAX_STEPS
        where = f"{game_class.__name__}(seed={game_seed}, **{excerpt(kwargs)})"
        for step in range(limit + 1):
            at = f"{where} at step {game.n_steps}"
            try:
                game.check_invariants()
            except AssertionError as e:   # the game's own check: its message cut, the step named
                raise AssertionError(f"{at}: check_invariants() failed: {cut_message(e)}") from e
            fingerprint = _fingerprint(game)
            whole = (step + g_index) % json_every == 0
            if whole:
                before = game.to_json()
                again = type(game).from_json(before)
                assert again.to_json() == before, f"{at}: JSON round trip changed the game"
                report.json_round_trips += 1
            _check_refuses(game, fingerprint, at)
            report.illegal_refused += 1
            if game.HIDDEN_INFO and (step + g_index) % leak_every == 0:
                check_no_leak(game, at)
                report.leak_checks += 1
            if game.is_over:
                try:
                    game.step(pol)
                except GameOver:
                    pass
                else:
                    raise AssertionError(f"{at}: step() on a finished game did not raise GameOver")
                break
            chance = game.is_chance
            if chance:
                total = exact_total(p for _, p in game.chance_outcomes())
                assert total == 1, f"{at}: chance probabilities sum to {cut_message(total, 60)}, not 1"
                assert game.legal_actions() == [], f"{at}: legal_actions() at a chance point must be empty"
            else:
                legal = game.legal_actions()
                assert legal, f"{at}: a decision point with no legal action"
                assert all(game._is_legal(a) for a in legal), f"{at}: _is_legal() refuses a legal action"
                assert not game._is_legal(_NotAnAction()), f"{at}: _is_legal() accepts a non-action"
            action = game.step(pol)
            after = _fingerprint(game)
            game.undo()
            assert _fingerprint(game) == fingerprint and (not whole or game.to_json() == before), \
                f"{at}: undo() did not restore the state before {cut_message(action, 60)}"
            again_action = game.step(pol)
            assert again_action == action and _fingerprint(game) == after, \
                f"{at}: stepping again after undo gave {cut_message(again_action, 60)}, not {cut_message(action, 60)}"
            report.undos += 1
            report.steps += 1
            report.chance_steps += chance
        else:
            raise AssertionError(f"{where}: the game did not end within {limit} steps")
        replay = game_class(seed=game_seed, **kwargs).play(base, max_steps=limit)
        assert replay.to_json() == game.to_json(), f"{where}: same seed and policy gave a different game"
        report.games += 1
        key = json.dumps(game.winner)
        report.winners[key] = report.winners.get(key, 0) + 1
    return report


def _fingerprint(game: Game) -> _Fingerprint:
    """What ``to_json()`` holds (parameters, seed, actions, state), plus the generator and the
    events, in time independent of the game's length: actions are only ever appended or cut
    (undo), so their count and the last one stand for the list.

    Compared by value (``==``): the state is a copy that shares nothing with the game (a ``marshal``
    round trip, as the timeline's checkpoints keep states: plain data, read back whole, a tuple as a
    tuple), so a later change of the game cannot reach it; a list and a tuple of the same items
    differ, as they would in the game's rules."""
    timeline = game._timeline   # the engine's own record, read in constant time (the public lists are copies)
    rng, actions = timeline.rng, timeline.actions
    return (game.params, game.seed, len(actions), actions[-1] if actions else None,
            marshal.loads(marshal.dumps(_plain(game._state))),
            None if rng is None else rng.bit_generator.state, len(timeline.events))


def _plain(state: Any) -> Any:
    """A state as plain data (a typed state's values, in order; a dict as it is)."""
    values = getattr(state, "values", None)
    return values() if callable(values) and not isinstance(state, dict) else state


def exact_total(probabilities: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of ``probabilities`` (Fractions or whole numbers), grouped by denominator.

    The same value as ``sum()``, without a Fraction addition (and its greatest common divisor) per term:
    the chances of a roll share a few denominators (6 ** dice, say), so each group is one whole-number sum.

    >>> exact_total([Fraction(1, 6)] * 6), exact_total([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6), 0])
    (Fraction(1, 1), Fraction(1, 1))
    """
    by_denominator: dict[int, int] = {}
    for p in probabilities:
        d = p.denominator
        by_denominator[d] = by_denominator.get(d, 0) + p.numerator
    return sum((Fraction(n, d) for d, n in by_denominator.items()), Fraction(0))


def _check_refuses(game: Game, before: _Fingerprint, at: str) -> None:
    try:
        game.apply(_NotAnAction())
    except IllegalAction as e:
        assert str(e), f"{at}: IllegalAction without a message"
    else:
        raise AssertionError(f"{at}: a non-action was accepted")
    assert _fingerprint(game) == before, f"{at}: a refused action changed the game"


def _watched(policy: Policy, game: Game, report: CheckReport, every: int = 1) -> Policy:
    """``policy``, checking that what it is given is the acting player's view (every call) and holds
    no secret (every ``every`` calls, and the first)."""
    calls = [0]

    def watched(arg: object) -> object:
        who = game.current_player
        assert arg is not game and isinstance(arg, (Game, View)) and arg.is_view and arg.viewer == who, \
            f"the policy of {who} was given {excerpt(arg)}, not {who}'s view"
        if calls[0] % every == 0:
            _assert_clean(arg, game._secrets(game.players.index(who)), f"the view given to {who}'s policy")
        calls[0] += 1
        return policy(arg)

    watched.__name__ = getattr(policy, "__name__", "policy")
    return watched


def check_no_leak(game: Game, at: str = "") -> None:
    """Assert that no player (nor a spectator) can see what is hidden from them now.

    For each viewer, the secrets are ``game._secrets(seat)``: the names of
    the things that viewer may not see (cards in other hands, the deck...).
    None may appear in the viewer's view (any attribute, however private,
    the redacted state, the visible events' texts and data), nor as a word
    in its repr, HTML or log; the view holds no seed, no random generator
    and no reference to the game.

    Raises
    ------
    AssertionError
        Naming the viewer, the secret and where it was found.
    """
    for seat, viewer in [(None, None), *enumerate(game.players)]:
        secrets = game._secrets(seat)
        who = "a spectator" if viewer is None else viewer
        view = game.view(viewer)
        where = f"{at}: {who}'s view"
        _assert_clean(view, secrets, where)
        if not secrets:
            continue
        texts = {"repr": repr(view), "HTML": view._repr_html_(), "log": view.log(viewer=viewer),
                 "history": _frame_text(view.history_for(viewer))}
        for name, text in texts.items():
            # A secret shows only where it is a substring; those few are then searched as whole words
            # in one pass (longest first, so "R12" is not read as "R1").
            near = sorted((s for s in secrets if s in text), key=len, reverse=True)
            if not near:
                continue
            words = "|".join(re.escape(s) for s in near)
            found = re.search(rf"(?<![\w+-])(?:{words})(?![\w])", text)
            if found:
                raise AssertionError(f"{where}: the secret {excerpt(found.group())} shows in the {name}")


def _frame_text(frame: Any) -> str:
    """Every column name and cell of a pandas frame as text, a row a line (cells split by tabs)."""
    rows = [frame.columns.tolist(), *frame.to_numpy(dtype=object).tolist()]
    return "\n".join("\t".join(map(str, row)) for row in rows)


def _assert_clean(obj: object, secrets: set[str], where: str) -> None:
    """Walk everything reachable from a view; fail on a secret, a generator or the game itself."""
    seen: set[int] = set()
    stack: list[tuple[object, str]] = [(obj, "view")]
    while stack:
        x, path = stack.pop()
        if id(x) in seen or x is None or isinstance(x, (bool, int, float, Fraction)):
            continue
        seen.add(id(x))
        if isinstance(x, str):
            if x in secrets:
                raise AssertionError(f"{where}: the secret {excerpt(x)} is in {cut_message(path, 120)}")
            continue
        if isinstance(x, (np.random.Generator, np.random.BitGenerator, np.random.SeedSequence)):
            raise AssertionError(f"{where}: a random generator is in {cut_message(path, 120)}")
        if isinstance(x, Game):
            if not x.is_view:
                raise AssertionError(f"{where}: the game itself is reachable at {cut_message(path, 120)}")
            if x is not obj:
                raise AssertionError(f"{where}: another view is reachable at {cut_message(path, 120)}")
            assert x.seed is None, f"{where}: the view keeps the seed"
            stack.extend((v, f"{path}.{k}") for k, v in vars(x).items())
        elif isinstance(x, View):
            if x is not obj:
                raise AssertionError(f"{where}: another view is reachable at {cut_message(path, 120)}")
            assert x.seed is None, f"{where}: the view keeps the seed"
            stack.extend((getattr(x, k, None), f"{path}.{k}") for k in _slots(type(x)))
        elif isinstance(x, Event):
            stack.extend([(x.text, f"{path}.text"), (x.data, f"{path}.data"), (x.player, f"{path}.player")])
        elif isinstance(x, dict):
            stack.extend((k, f"{path} key") for k in x)
            stack.extend((v, f"{path}[{k!r}]") for k, v in x.items())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(x))
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend((getattr(x, f.name), f"{path}.{f.name}") for f in dataclasses.fields(x))
        elif hasattr(x, "__dict__") and not isinstance(x, type) and not callable(x):
            stack.extend((v, f"{path}.{k}") for k, v in vars(x).items())
        elif _slots(type(x)) and not isinstance(x, type):   # a Timeline, the rules' texts: every slot
            stack.extend((getattr(x, k, None), f"{path}.{k}") for k in _slots(type(x)))


def _slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and of its bases (a view's are spread over its classes)."""
    out: list[str] = []
    for base in cls.__mro__:
        slots = base.__dict__.get("__slots__", ())
        out += [slots] if isinstance(slots, str) else [s for s in slots if s != "__weakref__"]
    return out


def check_golden(text: str, path: str | os.PathLike[str], regenerate: str) -> None:
    """Assert that ``text`` (a seeded game's log) equals the golden file at ``path``, showing a diff if not.

    With the environment variable ``FURLIB_REGEN_GOLDEN`` set the file is
    written first, so an intended rules change is one command (``regenerate``)
    and a readable diff in review.

    Raises
    ------
    AssertionError
        With the unified diff and the command that regenerates the file.
    """
    import difflib
    from pathlib import Path

    golden = Path(path)
    if os.environ.get("FURLIB_REGEN_GOLDEN"):
        golden.write_text(text)
    expected = golden.read_text()
    diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), golden.name, "this run"))
    assert text == expected, ("the seeded game changed; if the rules change is intended, regenerate with "
                              f"FURLIB_REGEN_GOLDEN=1 {regenerate}\n" + diff)


SVG_TAG = "{http://www.w3.org/2000/svg}"


def parse_html(markup: str) -> ET.Element:
    """Parse a repr as XML (``xml.etree.ElementTree``): raises unless it is well-formed.

    >>> parse_html('<div class="x"><b>hi</b></div>').tag
    'div'
    """
    import xml.etree.ElementTree as ET

    return ET.fromstring(markup)


def visible_text(element: ET.Element) -> str:
    """The text a reader sees in a parsed repr: no CSS, no SVG titles, words spaced once.

    >>> visible_text(parse_html("<div><style>b {}</style><p>Ann <b>wins</b>!</p></div>"))
    'Ann wins !'
    """
    parts: list[str] = []

    def walk(e: ET.Element) -> None:
        if e.tag != "style" and not str(e.tag).startswith(SVG_TAG):
            parts.append(e.text or "")
            for child in e:
                walk(child)
        parts.append(e.tail or "")

    walk(element)
    parts[-1] = ""                      # the tail of the element itself is outside it
    return " ".join(" ".join(parts).split())


def widgets_in(box: Any) -> list[Any]:
    """Every widget inside an ipywidgets container, at any depth, in page order (``box`` itself first).

    For tests of an app: ``app.error in widgets_in(app.box)`` whether the error line sits in the app's top
    row or in its message box. Reads only the public ``children`` of each container.
    """
    out = [box]
    for child in getattr(box, "children", ()):
        out.extend(widgets_in(child))
    return out
