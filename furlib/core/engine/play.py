"""Playing a game to its end: the step loop of :meth:`Game.play <furlib.core.engine.game.Game.play>`.

``play()`` is :meth:`Game.step` in a loop, written out once here: the policies are looked up by seat once,
and each action is a roll (the rules sample it from the game's stream) or a policy's choice (checked by the
rules' quick legality test), recorded, applied and checkpointed, with no call per action beyond the rules
and the policy (a paired benchmark, ``benchmarks/bench_engine_tricks.py``, measures what this saves). If
anything raises, or the call is interrupted (a Stop button raises ``KeyboardInterrupt``), the game is put
back where the call began.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import check_int
from .players import seat_policies
from .rules import Rules

#: The game played (a :class:`~furlib.core.engine.game.Game`, which imports this module) and its policies.
Game = Any
Policy = Any

__all__ = ["play_through"]


def play_through(game: Game, policies: tuple[Policy | Mapping[str, Policy], ...], max_steps: int | None) -> None:
    """Play ``game`` on with ``policies`` (see :meth:`Game.play`); a RuntimeError if it does not end in time."""
    chooser = seat_policies(game.players, policies, game._default_policy)   # each checked callable
    by_seat = [chooser[p] for p in game.players]
    cap = game.MAX_STEPS
    limit = cap if max_steps is None else check_int("max_steps", max_steps, low=1, high=cap)
    timeline = game._timeline
    room = cap - timeline.n_steps          # the actions the game may still hold
    rules = game.rules
    # a game whose chance points are one phase: read it here without a call
    chance_phase = rules.CHANCE_PHASE if type(rules).is_chance is Rules.is_chance else None
    start = timeline.n_steps
    try:
        _loop(game, by_seat, min(limit, room), chance_phase)
    except BaseException:                  # an error, or an interrupt that may come in the middle of an action
        if timeline.n_steps != start:      # back to where the call began (a checkpoint and a short replay)
            game._restore(start)
        raise
    if not game.is_over:
        if room <= limit:
            raise RuntimeError(
                f"the game did not end within its limit of {cap:,} actions ({type(game).__name__}.MAX_STEPS; it "
                f"is left at turn {game.turn}): choose settings that end sooner")
        raise RuntimeError(
            f"the game did not end within max_steps={limit} actions (it is left at turn {game.turn}); "
            f"call play(max_steps=...) with a larger limit to go on, or choose settings that end sooner")


def _loop(game: Game, by_seat: list[Any], steps: int, chance_phase: str | None) -> None:
    """Up to ``steps`` actions of :meth:`Game.step`, written out (the game ends the loop when it is over).

    The rules are asked directly (their ``sample``, ``is_legal`` and ``apply``), as the game's seams would ask
    them, unless the game overrides a seam (a test planting a fault): then through the seams.
    """
    timeline = game._timeline
    actions = timeline.actions
    every = game.CHECKPOINT_EVERY
    hidden, view = game.HIDDEN_INFO, game._policy_view
    is_chance, accepted, listed = game._is_chance, game._accepted, game._listed
    rules = game.rules
    direct = game._asks_its_rules()
    sample, is_legal, apply = rules.sample, rules.is_legal, rules.apply
    writer, silent = game._log, game._silent
    by_phase = chance_phase is not None
    for _ in range(steps):
        state = game._state
        phase = state.phase
        if phase == "over":
            return
        if phase == chance_phase if by_phase else is_chance():
            action, sampled = sample(state, timeline) if direct else game._sample_chance(), True
        else:
            seat = state.current
            policy = by_seat[seat]
            try:
                chosen = policy(view(seat) if hidden else game)
            except Exception as e:         # the policy's error, its message cut (an interrupt passes as it is)
                raise game._policy_error(policy, seat, e) from e
            state = game._state            # a policy that read the events has had them written: a new state
            if direct:                     # the rules' quick test, else the lookup in the listed actions
                quick = is_legal(state, chosen)
                action = listed(chosen) if quick is None else chosen if quick else None
            else:
                action = accepted(chosen)
            sampled = False
            if action is None:
                game._refuse_choice(policy, chosen)
        actions.append((action, sampled))
        if direct:                         # if it raises, play_through puts the game back whole
            apply(state, action, writer if timeline.recording else silent)
        else:
            game._apply(action)
        timeline.version += 1              # what was worked out for the state before is forgotten
        if len(actions) % every == 0:
            timeline.checkpoint(game._state)
