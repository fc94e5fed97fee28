"""furlib's games as PettingZoo AEC environments (needs the `ai` extra: pettingzoo and gymnasium).

Make one with :func:`furlib.bridges.pettingzoo_env`; this module holds its class.

* **Agents** are ``"player_0"`` to ``"player_{n-1}"``, the game's seats in
  order (``env.game.players[i]`` is agent ``player_i``'s name in the game).
* **Actions**: ``Discrete(num_actions)``, each game's fixed numbering (see its
  encoder, :mod:`furlib.bridges.encoders`); ``infos[agent]["action_mask"]``
  (int8) marks the legal ones, all 0 for an agent not to move.
* **Observations**: ``Box(0, 1, (size,), float32)``, computed from
  ``game.view(player)`` only, so no hidden card reaches another seat.
* **Chance** is played by the game itself between decisions (its own seeded
  generator); ``reset(seed=s)`` makes the game with ``seed=s`` (the same
  seed, the same episode), and each later ``reset()`` without a seed takes
  the next seed of a generator seeded with ``s``.
* **Rewards** come at the end: each seat's return (see
  :meth:`~furlib.bridges.encoders.base.Encoder.returns`); the episode ends
  with ``terminations`` when the game is over, with ``truncations`` (every
  reward 0) when it reaches the move cap.
* ``reset(options={"game": g})`` starts from a copy of the furlib game ``g``
  (same class and rules, not over): a rigged roll, a deal given by hand.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import Game
from ..core.errors import excerpt
from .deps import missing
from .encoders import Encoder

try:
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - the ai extra is missing
    raise missing(e.name or "pettingzoo", "the PettingZoo bridge") from e

__all__ = ["FurlibEnv"]

RENDER_MODES = ("human", "ansi")


class FurlibEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """A furlib game as a PettingZoo AEC environment (see the module docstring).

    Parameters
    ----------
    encoder : Encoder
        The game, its rules, players and move cap, as numbers (:func:`furlib.bridges.encoders.make_encoder`).
    render_mode : {None, "human", "ansi"}
        ``"ansi"``: :meth:`render` returns the game as text; ``"human"``: prints it.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "furlib_v0", "is_parallelizable": False}

    def __init__(self, encoder: Encoder, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi'; got {excerpt(render_mode)}")
        self.encoder = encoder
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"furlib_{encoder.short_name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(encoder.n)]
        size = encoder.observation_layout.size
        self.observation_spaces = {a: spaces.Box(0.0, 1.0, (size,), np.float32) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(encoder.num_actions) for a in self.possible_agents}
        self.game: Game = encoder.new_game(0)
        self.moves = 0
        self._seeds: np.random.Generator | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # ------------------------------------------------------------- episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new game seeded with ``seed`` (or the next seed, see the module docstring), or a
        copy of ``options["game"]``."""
        start = self._start_game(options)
        if seed is not None:
            self.game = self.encoder.new_game(seed)        # the game checks the seed (0 to MAX_SEED)
            self._seeds = np.random.default_rng(self.game.seed)
        else:
            self.game = self.encoder.new_game(None if self._seeds is None else int(self._seeds.integers(2**63)))
        self.moves = 0
        if start is not None:
            self.game = start.copy()
            self.moves = sum(not isinstance(a, self.encoder.chance_type) for a in start.actions)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def _start_game(self, options: dict[str, Any] | None) -> Game | None:
        """The game of ``options["game"]``, checked: a furlib game of this environment's class and rules (other
        keys are ignored, as PettingZoo's own environments ignore options they do not know)."""
        if options is None:
            return None
        if not isinstance(options, dict):
            raise ValueError(f"options must be a dict, e.g. {{'game': game}}; got {excerpt(options)}")
        game = options.get("game")
        if game is None:
            return None
        enc = self.encoder
        if type(game) is not enc.game_class or game.is_view:
            raise ValueError(f"options['game'] must be a {enc.game_class.__name__} (not a view) to start from; got "
                             f"{excerpt(game)}")
        if game.params != enc.params or game.is_over:
            raise ValueError(f"options['game'] must be a game on, with this environment's players and rules "
                             f"({excerpt(enc.params)}); got {excerpt(game)}")
        return game

    def _settle(self) -> None:
        """Roll and draw up to the next decision; at the end, give the rewards and end every agent's episode."""
        game, enc = self.game, self.encoder
        while game.is_chance and game.n_steps < game.MAX_STEPS:
            game.step()
        ended = game.is_over or self.moves >= enc.max_moves or game.n_steps >= game.MAX_STEPS
        if ended:
            returns = enc.returns(game)
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = returns[i]
                    self.terminations[a] = game.is_over
                    self.truncations[a] = not game.is_over
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[enc.seat_of(game.current_player)]
        mask = np.zeros(enc.num_actions, np.int8)
        if not ended:
            mask[list(enc.legal(game))] = 1
        for a in self.agents:
            self.infos[a] = {"action_mask": mask if a == self.agent_selection and not ended else
                             np.zeros(enc.num_actions, np.int8)}

    def step(self, action: Any) -> None:
        """Apply the decision ``action`` (an index, legal for the agent to move) and play on to the next one."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self.encoder.action(action, self.game)     # a ValueError names an illegal index
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(decision)
        self.moves += 1
        self._settle()
        self._accumulate_rewards()

    def observe(self, agent: str) -> Any:
        """What ``agent``'s seat sees now, as a vector (from ``game.view(player)`` only)."""
        seat = self.possible_agents.index(agent)
        return self.encoder.observe(self.game.view(self.encoder.players[seat]), seat, self.moves)

    def render(self) -> str | None:
        """The game as a spectator sees it: its summary and last events (text; printed in "human" mode)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: make the environment with render_mode='ansi' "
                         "(text) or 'human' (printed)")
            return None
        text = f"{self.game!r}\n{self.game.log(last=5)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""
