"""furlib's games in OpenSpiel (needs the `ai` extra: open_spiel); :func:`furlib.bridges.register_openspiel`.

* **Players** are seats 0 to n-1, in the game's order. **Chance nodes** are
  furlib's chance points: each outcome (a roll, a card) has its index (see
  each game's encoder) and furlib's exact probability as a float.
* **Decisions** are the encoder's fixed numbering (``num_distinct_actions``),
  legal actions sorted, each named by its encoder whatever the state; a
  state's ``ToString`` is the game's summary, its number of actions and the
  last few.
* **Observations** and **information states** (strings and tensors) are read
  from ``game.view(player)`` only; see :mod:`furlib.bridges.encoders`.
* **Returns** are terminal: a zero sum, +1 and -1 for a 2-player win (see
  :meth:`~furlib.bridges.encoders.base.Encoder.returns`); the utility range
  and ``MaxGameLength`` (the move cap, ``max_moves``) are declared.
* **Clones** copy the furlib game (history included); **serialisation**
  writes it with ``to_json`` and reads it back with ``from_json`` (a
  replay, checked), never pickles the game itself. OpenSpiel wraps that
  save in a pickle of the state's attributes (its format for Python
  games), so a serialised state should be loaded only by whoever wrote it.

Rule parameters are OpenSpiel parameters: ``players``, ``max_moves`` and each
game's scalar rules (lists such as The Furglars' ``faces`` or a Thieves
``board``'s rows are written with ``/`` between items, since OpenSpiel's game
strings use commas). A value of 0 for The Furglars' ``dice_per_player`` or
``target`` means the rulebook's default for the number of players.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Game
from ..core.errors import excerpt
from .deps import missing
from .encoders import DEFAULT_MAX_MOVES, Encoder, encoder_from_key, make_encoder

try:
    import pyspiel as _pyspiel
except ImportError as e:  # pragma: no cover - the ai extra is missing
    raise missing("open_spiel", "the OpenSpiel bridge") from e

__all__ = ["register", "PARAMETERS", "FurlibGame", "FurlibState", "game_of", "parameters_to_rules"]

#: Each game's OpenSpiel parameters and their defaults (beside ``players`` and ``max_moves``).
PARAMETERS: dict[str, dict[str, Any]] = {
    "Furcle": {"players": 2, "target": 50, "n_dice": 5, "sides": 6, "beekin": True},
    "Furglars": {"players": 3, "dice_per_player": 0, "target": 0, "x_factor": False,
                 "faces": "furgle/furgle/lock/hand/hand/x"},
    "FurryPoker": {"players": 2, "advanced": False},
    "Thieves": {"players": 2, "board": "crossroads", "doubling": False,
                "dice": "red/yellow/green/blue/white/black"},
    "Pig": {"players": 2, "target": 100},
    "HighCard": {"players": 2, "cards": 10, "hand": 3},
}
_SHORT = {"Furcle": "furcle", "Furglars": "furglars", "FurryPoker": "poker", "Thieves": "thieves", "Pig": "pig",
          "HighCard": "highcard"}
_LISTS = {("Furglars", "faces"), ("Thieves", "dice")}
_DEFAULT_ZERO = {("Furglars", "dice_per_player"), ("Furglars", "target")}


def parameters_to_rules(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The keywords of :func:`~furlib.bridges.encoders.make_encoder` from OpenSpiel parameters (defaults filled in).

    >>> parameters_to_rules("Furglars", {"players": 2, "faces": "furgle/lock/hand"})["faces"]
    ['furgle', 'lock', 'hand']
    >>> parameters_to_rules("Pig", {"colour": 1})
    Traceback (most recent call last):
    ...
    ValueError: furlib_pig has no parameter 'colour'; its parameters are players, target, max_moves
    """
    spec = {**PARAMETERS[name], "max_moves": DEFAULT_MAX_MOVES}
    unknown = [k for k in params if k not in spec]
    if unknown:
        raise ValueError(f"furlib_{_SHORT[name]} has no parameter {excerpt(unknown[0])}; its parameters are "
                         f"{', '.join(spec)}")
    rules = {**spec, **params}
    for key, value in list(rules.items()):
        if (name, key) in _LISTS and isinstance(value, str):
            rules[key] = value.split("/")
        elif (name, key) in _DEFAULT_ZERO and value == 0:
            del rules[key]
        elif name == "Thieves" and key == "board" and isinstance(value, str) and "/" in value:
            rules[key] = "\n".join(value.split("/"))       # a map's rows
    return rules


def _game_type(name: str, encoder: Encoder) -> Any:
    t = _pyspiel.GameType
    return t(short_name=f"furlib_{_SHORT[name]}", long_name=f"furlib {encoder.game_class.__name__}",
             dynamics=t.Dynamics.SEQUENTIAL, chance_mode=t.ChanceMode.EXPLICIT_STOCHASTIC,
             information=t.Information.PERFECT_INFORMATION if encoder.perfect_information
             else t.Information.IMPERFECT_INFORMATION,
             utility=t.Utility.ZERO_SUM, reward_model=t.RewardModel.TERMINAL,
             max_num_players=encoder.MAX_PLAYERS, min_num_players=encoder.MIN_PLAYERS,
             provides_information_state_string=True, provides_information_state_tensor=True,
             provides_observation_string=True, provides_observation_tensor=True,
             parameter_specification={**PARAMETERS[name], "max_moves": DEFAULT_MAX_MOVES})


class FurlibGame(_pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One furlib game with its rules, as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    #: The furlib game's registered name (set by each registered subclass).
    furlib_name = ""

    def __init__(self, params: dict[str, Any] | None = None):
        rules = parameters_to_rules(self.furlib_name, dict(params or {}))
        self.encoder = enc = make_encoder(self.furlib_name, **rules)
        first = enc.new_game(0)
        if first.is_chance:       # every outcome is listed at a chance node: the game refuses a roll with too many
            enc.chance_table(first)
        info = _pyspiel.GameInfo(num_distinct_actions=enc.num_actions, max_chance_outcomes=enc.num_chance,
                                 num_players=enc.n, min_utility=enc.min_utility, max_utility=enc.max_utility,
                                 utility_sum=0.0, max_game_length=enc.max_game_length)
        super().__init__(_game_type(self.furlib_name, enc), info, dict(params or {}))

    def new_initial_state(self) -> FurlibState:
        """The state at the start of a game."""
        return FurlibState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of OpenSpiel's observation and information-state strings and tensors."""
        return _Observer(self.encoder, iig_obs_type, params)


class _Saved:
    """A state's furlib game: copied by ``copy()`` when the state is cloned, saved with ``to_json`` when pickled."""

    def __init__(self, encoder: Encoder, game: Game | None = None):
        self.encoder, self._game = encoder, game
        #: the chance outcomes at ``n_steps`` by index, and as OpenSpiel lists them: (n_steps, outcomes, pairs)
        self.chances: tuple[int, Mapping[int, tuple[object, float]], tuple[tuple[int, float], ...]] | None = None
        #: the decisions legal at ``n_steps`` by index: (n_steps, decisions)
        self.legal: tuple[int, dict[int, object]] | None = None

    @property
    def game(self) -> Game:
        if self._game is None:               # made when first read: a clone's new state never needs its own
            self._game = self.encoder.new_game(0)
        return self._game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Saved:
        return _Saved(self.encoder, None if self._game is None else self._game.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self.encoder.key, self.game.to_json())


def _restore(key: tuple[str, str, int], saved: str) -> _Saved:
    """A pickled state's furlib game, replayed from its save."""
    encoder = encoder_from_key(*key)
    return _Saved(encoder, encoder.game_class.from_json(saved))


class FurlibState(_pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A furlib game in progress, as an OpenSpiel state (see the module docstring)."""

    def __init__(self, game: FurlibGame):
        super().__init__(game)
        self.encoder: Encoder = game.encoder
        self.saved = _Saved(self.encoder)
        self.moves = 0

    # ------------------------------------------------------------- furlib side
    def furlib_game(self) -> Game:
        """A copy of the furlib game this state plays (changing it changes nothing here)."""
        return self.saved.game.copy()

    def view(self, player: int) -> Any:
        """``game.view(...)`` of seat ``player``: all an observation of that seat reads."""
        return self.saved.game.view(self.encoder.players[player])

    def action_index(self, action: object) -> int:
        """The index of a furlib decision or chance outcome legal now (e.g. a furlib bot's choice)."""
        game = self.saved.game
        return self.encoder.chance_index(action, game) if game.is_chance else self.encoder.action_index(action, game)

    def _chance_table(self) -> tuple[int, Mapping[int, tuple[object, float]], tuple[tuple[int, float], ...]]:
        game, saved = self.saved.game, self.saved
        if saved.chances is None or saved.chances[0] != game.n_steps:
            saved.chances = (game.n_steps, *self.encoder.chance_table(game))
        return saved.chances

    def _chances(self) -> Mapping[int, tuple[object, float]]:
        return self._chance_table()[1]

    def _ended(self) -> bool:
        game = self.saved.game
        return game.is_over or self.moves >= self.encoder.max_moves or game.n_steps >= game.MAX_STEPS

    # ------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        game = self.saved.game
        if self._ended():
            return int(_pyspiel.PlayerId.TERMINAL)
        if game.is_chance:
            return int(_pyspiel.PlayerId.CHANCE)
        return self.encoder.seat_of(game.current_player)

    def _legal(self) -> dict[int, object]:
        game, saved = self.saved.game, self.saved
        if saved.legal is None or saved.legal[0] != game.n_steps:
            saved.legal = (game.n_steps, self.encoder.legal(game))
        return saved.legal[1]

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # a list of its own each time (the table is a tuple shared by every state of its rule set): OpenSpiel's
        # own MCTS shuffles the list it is given, in place
        return list(self._chance_table()[2])

    def _apply_action(self, action: int) -> None:
        game = self.saved.game
        if game.is_chance:
            outcomes = self._chances()
            if action not in outcomes:
                raise ValueError(f"{excerpt(action)} is not a chance outcome of this chance node; they are "
                                 f"{excerpt(sorted(outcomes))}")
            game.apply(outcomes[action][0])
        else:
            legal = self._legal()
            game.apply(legal[action] if action in legal else self.encoder.action(action, game))
            self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.saved.game
        if player == _pyspiel.PlayerId.CHANCE:
            outcome = self._chances().get(action) if game.is_chance else None
            return f"chance outcome {action}" if outcome is None else str(outcome[0])
        return self.encoder.action_name(action)

    def is_terminal(self) -> bool:
        return self._ended()

    def returns(self) -> list[float]:
        return self.encoder.returns(self.saved.game) if self._ended() else [0.0] * self.encoder.n

    def __str__(self) -> str:
        game = self.saved.game
        actions = game.actions
        last = "; ".join(str(a) for a in actions[-_LAST:])
        return f"{game!r}\n{len(actions)} actions{', the last: ' if actions else ''}{last}"


class _Observer:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``) over an encoder."""

    def __init__(self, encoder: Encoder, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"furlib's observers take no parameters; got {excerpt(params)}")
        kind = iig_obs_type or _pyspiel.IIGObservationType(perfect_recall=False)
        single = kind.private_info == _pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not kind.public_info or not (single or encoder.perfect_information):   # (nothing private to include)
            raise ValueError("furlib's games observe one seat's view: public information and that seat's private "
                             "information (IIGObservationType(perfect_recall=..., public_info=True, "
                             "private_info=SINGLE_PLAYER))")
        self.encoder, self.memory = encoder, bool(kind.perfect_recall)
        layout = encoder.information_layout if self.memory else encoder.observation_layout
        self.tensor = layout.zeros()
        self.dict = layout.split(self.tensor)

    def set_from(self, state: FurlibState, player: int) -> None:
        self.encoder.observe(state.view(player), player, state.moves, out=self.tensor, memory=self.memory)

    def string_from(self, state: FurlibState, player: int) -> str:
        return self.encoder.text(state.view(player), player, state.moves, memory=self.memory)


def game_of(state: Any) -> Game:
    """A copy of the furlib game of an OpenSpiel state of a furlib game (see :meth:`FurlibState.furlib_game`)."""
    if not isinstance(state, FurlibState):
        raise ValueError(f"game_of() reads a state of a furlib game (from register_openspiel()); got {excerpt(state)}")
    return state.furlib_game()


_REGISTERED: list[str] = []
#: The actions a state's string ends with (all of them would make a long game's strings grow with every move).
_LAST = 8


def register() -> list[str]:
    """Register each game's class with ``pyspiel.register_game`` (once); the names, in :data:`PARAMETERS`' order."""
    if not _REGISTERED:
        known = set(_pyspiel.registered_names())
        for name in PARAMETERS:
            short = f"furlib_{_SHORT[name]}"
            cls = type(f"Furlib{name}Game", (FurlibGame,), {"furlib_name": name, "__module__": __name__})
            if short not in known:
                _pyspiel.register_game(_game_type(name, make_encoder(name)), cls)
            _REGISTERED.append(short)
    return list(_REGISTERED)
