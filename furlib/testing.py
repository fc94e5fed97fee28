"""Conformance check shipped with furlib: every game passes it.

>>> from furlib import Furcle
>>> from furlib.testing import check_game
>>> report = check_game(Furcle, n_games=3, seed=0)
>>> report.games
3
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .core.errors import GameOver, IllegalAction
from .core.game import Game
from .core.policy import RandomBot


@dataclass
class CheckReport:
    """What :func:`check_game` exercised."""

    games: int = 0
    steps: int = 0
    chance_steps: int = 0
    undos: int = 0
    json_round_trips: int = 0
    illegal_refused: int = 0
    winners: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return (f"{self.games} games, {self.steps} steps ({self.chance_steps} chance), "
                f"{self.undos} undos, {self.json_round_trips} JSON round trips, "
                f"{self.illegal_refused} illegal actions refused")


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
    max_steps: int | None = None,
) -> CheckReport:
    """Play ``n_games`` seeded games with random legal moves, checking the protocol at every step.

    At every step: the state's invariants hold (``check_invariants``); an
    action that is not legal is refused with :class:`IllegalAction` and the
    game is unchanged; ``undo()`` after the step restores exactly the earlier
    ``to_json()`` and stepping again gives the same result (RNG included);
    ``from_json(to_json())`` gives back the same JSON (every ``json_every``
    steps); at a chance point the outcomes' probabilities sum to exactly 1.
    Each game must end within ``max_steps``, and replaying the same seed with
    the same policy gives the same game.

    Raises
    ------
    AssertionError
        Naming the game, seed and step where a check failed.
    """
    kwargs = dict(kwargs or {})
    report = CheckReport()
    for g_index in range(n_games):
        game_seed = seed + g_index
        pol = policy or RandomBot(seed=game_seed)
        game = game_class(seed=game_seed, **kwargs)
        limit = max_steps or game.MAX_STEPS
        where = f"{game_class.__name__}(seed={game_seed}, **{kwargs})"
        for step in range(limit + 1):
            at = f"{where} at step {game.n_steps}"
            game.check_invariants()
            before = game.to_json()
            if step % json_every == 0:
                again = type(game).from_json(before)
                assert again.to_json() == before, f"{at}: JSON round trip changed the game"
                report.json_round_trips += 1
            _check_refuses(game, before, at)
            report.illegal_refused += 1
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
                total = sum(p for _, p in game.chance_outcomes())
                assert total == 1, f"{at}: chance probabilities sum to {total}, not 1"
                assert game.legal_actions() == [], f"{at}: legal_actions() at a chance point must be empty"
            else:
                assert game.legal_actions(), f"{at}: a decision point with no legal action"
            action = game.step(pol)
            after = game.to_json()
            game.undo()
            assert game.to_json() == before, f"{at}: undo() did not restore the state before {action}"
            again_action = game.step(pol)
            assert again_action == action and game.to_json() == after, \
                f"{at}: stepping again after undo gave {again_action}, not {action}"
            report.undos += 1
            report.steps += 1
            report.chance_steps += chance
        else:
            raise AssertionError(f"{where}: the game did not end within {limit} steps")
        replay = game_class(seed=game_seed, **kwargs).play(pol, max_steps=limit)
        assert replay.to_json() == game.to_json(), f"{where}: same seed and policy gave a different game"
        report.games += 1
        key = json.dumps(game.winner)
        report.winners[key] = report.winners.get(key, 0) + 1
    return report


def _check_refuses(game: Game, before: str, at: str) -> None:
    try:
        game.apply(_NotAnAction())
    except IllegalAction as e:
        assert str(e), f"{at}: IllegalAction without a message"
    else:
        raise AssertionError(f"{at}: a non-action was accepted")
    assert game.to_json() == before, f"{at}: a refused action changed the game"


SVG_TAG = "{http://www.w3.org/2000/svg}"


def parse_html(markup: str):
    """Parse a repr as XML (``xml.etree.ElementTree``): raises unless it is well-formed.

    >>> parse_html('<div class="x"><b>hi</b></div>').tag
    'div'
    """
    import xml.etree.ElementTree as ET

    return ET.fromstring(markup)


def visible_text(element) -> str:
    """The text a reader sees in a parsed repr: no CSS, no SVG titles, words spaced once.

    >>> visible_text(parse_html("<div><style>b {}</style><p>Ann <b>wins</b>!</p></div>"))
    'Ann wins !'
    """
    parts: list[str] = []

    def walk(e) -> None:
        if e.tag != "style" and not str(e.tag).startswith(SVG_TAG):
            parts.append(e.text or "")
            for child in e:
                walk(child)
        parts.append(e.tail or "")

    walk(element)
    parts[-1] = ""                      # the tail of the element itself is outside it
    return " ".join(" ".join(parts).split())
