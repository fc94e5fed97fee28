"""Saves, limits and inputs that can be trusted (issue 17): a save is complete or refused, limits are
checked before any work, player names are printable, and a failed ``play`` leaves the game as it was."""

from __future__ import annotations

import json
import re

import pytest

import furlib  # registers every game
from furlib import Furcle
from furlib.core.engine import saving
from furlib.core.engine.players import MAX_GAME_PLAYERS, MAX_NAME_CHARS, check_name
from furlib.core.engine.saving import MAX_SAVE_ACTIONS, MAX_SAVE_CHARS
from furlib.core.errors import EXCERPT_CHARS, PolicyError, excerpt
from furlib.core.registry import games
from furlib.core.sim.tournament import MAX_FAST_GAMES, MAX_STEP_GAMES, tournament
from furlib.furcle.bots import SatisfiedAt

GAMES = games(demos=True)
IDS = [info.name for info in GAMES]


def _played(info, seed=5, steps=40):
    """A game of ``info`` with ``steps`` actions played by its default bot (fixed seed)."""
    g = info.cls(**dict(info.example_kwargs), seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.step()
    return g


def _refused(cls, doc_or_text, match: str) -> str:
    text = doc_or_text if isinstance(doc_or_text, (str, bytes)) else json.dumps(doc_or_text)
    with pytest.raises(ValueError, match=match) as caught:
        cls.from_json(text)
    return str(caught.value)


# ------------------------------------------------------------ a save is complete or refused
@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_save_loads_back_exactly(info):
    g = _played(info)
    assert info.cls.from_json(g.to_json()).to_json() == g.to_json()
    assert info.cls.from_json(g.to_json().encode()).to_json() == g.to_json()


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_parameter_is_required(info):
    g = _played(info)
    text = g.to_json()
    params = json.loads(text)["params"]
    for key in params:
        doc = json.loads(text)
        del doc["params"][key]
        message = _refused(info.cls, doc, "bad parameters in saved game")
        if key == "players":
            assert message.endswith("params.players must be the list of the players' names, got None")
        else:
            assert f"params has no {key!r}; a save holds every key" in message
    assert g.to_json() == text   # a refused load changes nothing


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_key_of_a_save_is_required(info):
    text = _played(info).to_json()
    for key in ("version", "game", "params", "seed", "actions", "state"):
        doc = json.loads(text)
        del doc[key]
        _refused(info.cls, doc, f"^this save has no '{key}'; a save holds the keys "
                                r"\['format', 'version', 'game', 'params', 'seed', 'actions', 'state'\]$")
    doc = json.loads(text)
    doc["comment"] = "hi"
    _refused(info.cls, doc, "^this save has an unknown key 'comment'")


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_rng_flag_is_required(info):
    text = _played(info).to_json()
    for i in (0, 3):
        doc = json.loads(text)
        del doc["actions"][i]["rng"]
        _refused(info.cls, doc, f"^saved action {i}: has no 'rng'")
        doc["actions"][i]["rng"] = 1
        _refused(info.cls, doc, f"^saved action {i}: 'rng' must be true or false, got 1$")


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_an_action_type_that_is_not_a_string_is_a_value_error(info):
    doc = json.loads(_played(info).to_json())
    doc["actions"][12]["type"] = ["Dice"]
    names = ", ".join(sorted(c.__name__ for c in info.cls.ACTIONS))
    message = _refused(info.cls, doc, "type must be a string")
    assert message == (f"saved action 12: type must be a string naming an action, got ['Dice']; "
                       f"the actions are {names}")


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_an_action_field_missing_or_unknown_is_refused(info):
    text = _played(info).to_json()
    doc = json.loads(text)
    i, entry = next((i, a) for i, a in enumerate(doc["actions"]) if len(a) > 2)
    field = next(k for k in entry if k not in ("rng", "type"))
    del entry[field]
    _refused(info.cls, doc, f"^saved action {i}: {entry['type']} has no '{field}'; a saved {entry['type']} has "
                            "the keys")
    doc = json.loads(text)
    doc["actions"][i]["extra"] = 1
    _refused(info.cls, doc, f"^saved action {i}: {entry['type']} has an unknown key 'extra'")


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2])
def test_only_version_1_is_read(version):
    doc = json.loads(Furcle(seed=1).to_json())
    doc["version"] = version
    _refused(Furcle, doc, f"^unsupported save version {excerpt(version)}; this furlib reads version 1$".replace(
        "(", r"\(").replace(")", r"\)"))


@pytest.mark.parametrize("key, value, match", [
    ("target", True, "target must be a whole number, got True"),
    ("target", 50.0, "target must be a whole number, got 50.0"),
    ("n_dice", "5", "n_dice must be a whole number, got '5'"),
    ("beekin", 1, "beekin must be True or False, got 1"),
    ("players", ["Ann", 7], "each player name must be a string, got 7"),
])
def test_booleans_are_not_numbers_in_params(key, value, match):
    doc = json.loads(Furcle(["Ann", "Bob"], seed=1).to_json())
    doc["params"][key] = value
    _refused(Furcle, doc, "^bad parameters in saved game: " + match)


@pytest.mark.parametrize("seed", [True, -1, 1.5, None, "7", 2**128])
def test_the_seed_must_be_a_whole_number(seed):
    doc = json.loads(Furcle(seed=1).to_json())
    doc["seed"] = seed
    message = _refused(Furcle, doc, "^seed must be")
    assert message == f"seed must be a whole number from 0 to 2**128 - 1 (MAX_SEED), got {excerpt(seed)}"


def test_the_state_is_compared_kind_by_kind():
    g = Furcle(["Ann", "Bob"], seed=2)
    g.step()
    doc = json.loads(g.to_json())
    doc["state"]["beekin_used"] = 0          # False == 0 in Python, but not in a save
    _refused(Furcle, doc, r"^the saved state does not match the state its actions lead to: "
                          r"state.beekin_used must be true or false \(False\), got 0$")
    doc = json.loads(g.to_json())
    del doc["state"]["leader"]
    _refused(Furcle, doc, "state has no 'leader'")


def test_a_deleted_target_no_longer_loads_another_game():
    g = Furcle(["Ann", "Bob"], target=30, seed=3).play()
    doc = json.loads(g.to_json())
    del doc["params"]["target"], doc["params"]["players"]
    _refused(Furcle, doc, "params.players must be the list")
    doc["params"]["players"] = ["Ann", "Bob"]
    _refused(Furcle, doc, "params has no 'target'")


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_echoed_values_are_short(info):
    text = _played(info).to_json()
    huge = "x" * 100_000
    mutations = [
        lambda d: d["actions"][2].update(type=huge),
        lambda d: d["actions"][2].update(type=[huge]),
        lambda d: d["actions"][2].update(rng=huge),
        lambda d: d.update(version=huge),
        lambda d: d.update(seed=[1] * 10_000),
        lambda d: d["params"].update(players=[huge, "B"]),
        lambda d: d["params"].update(players=huge),
        lambda d: d["state"].update(turn=huge),
    ]
    for mutate in mutations:
        doc = json.loads(text)
        mutate(doc)
        with pytest.raises(ValueError) as caught:
            info.cls.from_json(json.dumps(doc))
        assert "x" * (EXCERPT_CHARS + 1) not in str(caught.value)
        assert len(str(caught.value)) < 700


# ------------------------------------------------------------ limits, checked before any work
def no_work(*args, **kwargs):
    raise AssertionError("work was done before the limit was checked")


def test_a_save_too_long_is_refused_before_it_is_read(monkeypatch):
    text = Furcle(seed=1).to_json()
    padded = text + " " * (MAX_SAVE_CHARS + 1 - len(text))
    with monkeypatch.context() as m:
        m.setattr(saving.json, "loads", no_work)              # the JSON is never parsed
        _refused(Furcle, padded, f"^this save has {MAX_SAVE_CHARS + 1:,} characters; furlib loads saves of at "
                                 f"most {MAX_SAVE_CHARS:,} characters \\(MAX_SAVE_CHARS\\)$")
    assert Furcle.from_json(text + " " * 1000).to_json() == text


def test_a_save_of_too_many_actions_is_refused_before_any_is_replayed(monkeypatch):
    doc = json.loads(Furcle(seed=1).to_json())
    doc["actions"] = [{"rng": True, "type": "Roll"}] * (MAX_SAVE_ACTIONS + 1)
    monkeypatch.setattr(Furcle, "_apply", no_work)            # no action is replayed
    _refused(Furcle, doc, f"^this save has {MAX_SAVE_ACTIONS + 1:,} actions; furlib loads saves of at most "
                          f"{MAX_SAVE_ACTIONS:,} actions \\(MAX_SAVE_ACTIONS\\)$")


@pytest.mark.parametrize("players", [10**100, MAX_GAME_PLAYERS + 1, 10_000_000])
def test_furcle_takes_at_most_max_game_players(players):
    with pytest.raises(ValueError, match=f"players must be between 1 and {MAX_GAME_PLAYERS}, furlib's limit on "
                                         r"players per game \(MAX_GAME_PLAYERS\), got "):
        Furcle(players=players)
    with pytest.raises(ValueError, match="MAX_GAME_PLAYERS"):
        Furcle(players=[f"P{i}" for i in range(MAX_GAME_PLAYERS + 1)])
    assert len(Furcle(players=MAX_GAME_PLAYERS, seed=1).players) == MAX_GAME_PLAYERS


def test_a_tiny_save_with_ten_million_players_is_refused_at_once():
    doc = json.loads(Furcle(seed=1).to_json())
    doc["params"]["players"] = 10_000_000
    _refused(Furcle, doc, "params.players must be the list of the players' names, got 10000000")
    doc["params"]["players"] = [f"P{i}" for i in range(MAX_GAME_PLAYERS + 1)]
    _refused(Furcle, doc, "MAX_GAME_PLAYERS")


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_each_game_refuses_more_players_than_its_limit(info):
    high = info.cls.MAX_PLAYERS or MAX_GAME_PLAYERS
    with pytest.raises(ValueError, match=f"players must be between {info.cls.MIN_PLAYERS} and {high}"):
        info.cls(players=high + 1)


def test_tournament_limits_are_checked_before_any_game(monkeypatch):
    bots = [SatisfiedAt(10), SatisfiedAt(40)]
    monkeypatch.setattr(Furcle, "_apply", no_work)            # no game is played
    with pytest.raises(ValueError, match=f"^n_games=100,000,000 asks for 100,000,000 games; a tournament plays at "
                                         f"most {MAX_STEP_GAMES:,} games through the step API \\(MAX_STEP_GAMES\\)"):
        tournament(Furcle, bots, 10**8, fast=False)
    with pytest.raises(ValueError, match=f"at most {MAX_FAST_GAMES:,} games on the fast path \\(MAX_FAST_GAMES\\)"):
        tournament(Furcle, bots, MAX_FAST_GAMES + 1)
    with pytest.raises(ValueError, match=r"asks for 1,900,000 games \(10,000 for each of 190 meetings\)"):
        tournament(Furcle, [SatisfiedAt(k) for k in range(10, 30)], 10_000, fast=False)
    monkeypatch.undo()
    assert tournament(Furcle, bots, 20, fast=False, target=20).games.tolist() == [20, 20]


# ------------------------------------------------------------ player names
@pytest.mark.parametrize("name, why", [
    ("A\nwins!", r"has a character that is not printable \('\\n'\)"),
    ("A\x00", r"has a character that is not printable \('\\x00'\)"),
    ("Ann\u202eboB", r"has a character that is not printable \('\\u202e'\)"),
    ("Tab\there", "not printable"),
    ("", "must be a non-empty string, got ''"),
    ("   ", "must be a non-empty string, got '   '"),
    (" Ann", "starts or ends with a space"),
    ("x" * (MAX_NAME_CHARS + 1), f"has {MAX_NAME_CHARS + 1} characters"),
])
def test_bad_names_are_refused_saying_what_is_accepted(name, why):
    accepted = f"; a name is printable text: letters, digits, spaces and punctuation, 1 to {MAX_NAME_CHARS} characters"
    with pytest.raises(ValueError) as caught:
        check_name(name)
    message = str(caught.value)
    assert message.endswith(accepted)
    assert message.startswith(f"player name {excerpt(name)} ") or name.strip() == ""
    assert re.search(why, message)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_game_refuses_a_name_that_fakes_a_log_line(info):
    n = max(info.cls.MIN_PLAYERS, 2)
    good = [f"Ann{i}" for i in range(n)]
    assert info.cls(players=good, seed=1).players == tuple(good)
    too_long = "x" * (MAX_NAME_CHARS + 1)
    for bad, why in (("A\nwins!", "not printable"), (too_long, f"has {MAX_NAME_CHARS + 1} characters")):
        with pytest.raises(ValueError, match=f"^player name .* {why}"):
            info.cls(players=good[:-1] + [bad], seed=1)
    with pytest.raises(ValueError, match="^player names must be different, got \\['Ann0', 'Ann0'"):
        info.cls(players=["Ann0"] * n, seed=1)
    assert check_name("Émilie-Zoë 2") == "Émilie-Zoë 2"
    assert check_name("x" * MAX_NAME_CHARS) == "x" * MAX_NAME_CHARS


def test_a_save_with_a_bad_name_is_refused():
    doc = json.loads(Furcle(["Ann", "Bob"], seed=1).to_json())
    doc["params"]["players"] = ["Ann", "Bob\nAnn wins!"]
    _refused(Furcle, doc, "^bad parameters in saved game: player name 'Bob\\\\nAnn wins!' has a character")


# ------------------------------------------------------------ play(bad_bot) leaves the game as it was
class _Fails:
    """A bot that plays its game's first legal action ``good`` times, then fails (raises or plays nonsense)."""

    def __init__(self, good: int, how: str):
        self.good, self.how, self.calls = good, how, 0

    def __call__(self, game):
        self.calls += 1
        if self.calls > self.good:
            if self.how == "raise":
                raise RuntimeError("the bot broke")
            return "nonsense"
        return game.legal_actions()[0]


@pytest.mark.parametrize("how", ["raise", "illegal"])
@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_failing_policy_leaves_the_game_as_it_was(info, how):
    g = _played(info, seed=11, steps=5)
    before, events, n = g.to_json(), list(g.events), g.n_steps
    future = g.copy().play().to_json()
    bot = _Fails(good=3, how=how)
    with pytest.raises(PolicyError if how == "raise" else furlib.IllegalAction,
                       match="raised RuntimeError: the bot broke" if how == "raise" else "chose 'nonsense'") as caught:
        g.play(bot)
    if how == "raise":    # the bot's own error, whole, is the cause
        assert type(caught.value.__cause__) is RuntimeError and str(caught.value.__cause__) == "the bot broke"
    assert bot.calls == 4
    assert g.to_json() == before and g.events == events and g.n_steps == n
    assert g.play().to_json() == future   # the random stream is where it was, too


def test_a_failing_policy_from_the_start_deals_no_card():
    g = furlib.FurryPoker(["Ann", "Bob"], seed=3)
    with pytest.raises(PolicyError):
        g.play(_Fails(good=0, how="raise"))
    assert g.n_steps == 0 and g.events == [] and g.to_json() == furlib.FurryPoker(["Ann", "Bob"], seed=3).to_json()


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_playing_on_after_the_end_is_a_value_error_that_says_what_to_do(info):
    from furlib.core.errors import GameOver

    g = info.cls(seed=6, **info.example_kwargs).play()
    before = g.to_json()
    with pytest.raises(ValueError, match=r"^the game is over \(.*\): nothing more can be played; make a new game"):
        g.step()
    with pytest.raises(GameOver):
        g.step()
    assert g.to_json() == before


def test_a_furry_poker_save_holds_every_hand_and_a_players_view_does_not():
    """What to_json's documentation promises: a save tells every secret; Ann's page, log and history do not."""
    from furlib import FurryPoker
    from furlib.poker.cards import card_name

    g = FurryPoker(["Ann", "Bob"], seed=3)
    while g.is_chance:
        g.step()
    saved = json.loads(g.to_json())
    assert saved["state"]["hands"][1] == list(g.hands["Bob"]) and saved["seed"] == 3
    bob = [card_name(c) for c in g.hands["Bob"]]
    for text in (g.html("Ann"), g.log(viewer="Ann"), g.history_for("Ann").to_string()):
        assert not any(name in text for name in bob)
