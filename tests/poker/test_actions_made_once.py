"""Actions made once: the game lists shared, validated action objects, and lists the same actions as before."""

from __future__ import annotations

import pytest

from furlib import IllegalAction
from furlib.core.engine.policy import RandomBot
from furlib.poker import (
    ACTIONS,
    Activate,
    Discard,
    Draw,
    FaceDown,
    FurryPoker,
    Keep,
    Pick,
    Place,
    Play,
    Remove,
    Take,
    ToHand,
)
from furlib.poker.actions import TRIGGER, made
from furlib.poker.cards import (
    ALL_CARDS,
    ANIMALS,
    BASIC,
    COLOURS,
    LETTERS,
    MINUS,
    PLUS,
    card_name,
    is_basic,
    number,
    parse_card,
    play_order,
)

CARD_ACTIONS = [kind for kind in ACTIONS if kind is not type(TRIGGER)]


def _states(players: int, seed: int, advanced: bool = False):
    """Every state of a game played by random bots: the game itself, yielded before each step."""
    g = FurryPoker(players, seed=seed, advanced=advanced)
    bot = RandomBot(seed=seed)
    while not g.is_over:
        yield g
        if g.is_chance:
            g.step()
        else:
            g.apply(bot(g.view(g.current_player)))


GAMES = [(2, 1, False), (3, 2, True), (4, 3, False), (6, 4, False), (5, 5, True)]


def _reference_options(g: FurryPoker) -> list[object]:
    """The legal actions as the rules define them, each built (and checked) anew."""
    s = g._state
    p = s.current
    if s.phase == "choose":
        return [Play(c) for c in sorted(s.hands[p], key=play_order)]
    if s.phase in ("setup", "final"):
        return [FaceDown(c) for c in sorted(s.hands[p], key=play_order)]
    step, pub = s.steps[0], s.public
    if step == "action":
        return [type(TRIGGER)()] + [Take(c) for c in pub]
    if step == "take_or_hand":
        return [a for c in pub for a in (Take(c), ToHand(c))]
    kind = {"take": Take, "remove": Remove, "to_hand": ToHand, "keep_down": Keep, "keep_up": Keep,
            "discard_hand": Discard, "discard_area": Discard, "place_up": Place, "place_down": Place,
            "pick_plus": Pick, "pick_minus": Pick, "activate": Activate}[step]
    cards = {"take": pub, "remove": pub, "to_hand": pub, "keep_down": s.drawn, "keep_up": s.drawn,
             "discard_hand": s.hands[p], "discard_area": s.up[p] + s.down[p],
             "place_up": s.hands[p], "place_down": s.hands[p],
             "pick_plus": [c for c in s.specials if c in PLUS],
             "pick_minus": [c for c in s.specials if c in MINUS],
             "activate": [c for c in s.up[p] if is_basic(c) and number(c) != 7]}[step]
    return [kind(c) for c in cards]


def _shared(action: object) -> object:
    return TRIGGER if action == TRIGGER else made(type(action))[action.card]


@pytest.mark.parametrize("players, seed, advanced", GAMES)
def test_legal_actions_are_the_same_shared_objects_every_time(players, seed, advanced):
    steps = set()
    for g in _states(players, seed, advanced):
        if g.is_chance:
            continue
        first, second = g.legal_actions(), g.legal_actions()
        assert first == second and first is not second          # a new list, of the same objects
        assert all(a is b for a, b in zip(first, second))
        assert all(a is _shared(a) for a in first)
        assert first == _reference_options(g)
        steps.add(g.step_name or g._state.phase)
    assert {"choose", "action"} <= steps


@pytest.mark.parametrize("players, seed, advanced", GAMES)
def test_a_players_view_lists_the_games_actions(players, seed, advanced):
    for g in _states(players, seed, advanced):
        if g.is_chance:
            continue
        mine = g.view(g.current_player).legal_actions()
        assert mine == g.legal_actions()
        assert all(a is b for a, b in zip(mine, g.legal_actions()))
        other = next(p for p in g.players if p != g.current_player)
        assert g.view(other).legal_actions() == []


@pytest.mark.parametrize("players, seed, advanced", GAMES[:3])
def test_a_step_is_skipped_exactly_when_it_has_no_action(players, seed, advanced):
    checked = 0
    for g in _states(players, seed, advanced):
        s = g._state
        for step in s.steps if s.phase == "act" else ():
            assert g.rules.has_options(s, step) == bool(g.rules.options(s, step))
            checked += 1
    assert checked > 10                       # the loop ran: steps of the act phase were checked


@pytest.mark.parametrize("players, seed, advanced", GAMES[:3])
def test_draws_are_shared_and_seen_and_shown_stay_sorted_without_repeats(players, seed, advanced):
    draws = 0
    for g in _states(players, seed, advanced):
        s = g._state
        assert s.shown == sorted(set(s.shown))
        assert all(v == sorted(set(v)) for v in s.seen)
        if g.is_chance:
            outcomes = g.chance_outcomes()
            assert [a for a, _ in outcomes] == [Draw(c) for c in s.deck]
            assert all(a is made(Draw)[a.card] for a, _ in outcomes)
            draws += 1
    assert draws > 10                         # chance points were met and checked


def test_a_user_built_action_is_new_and_equal_and_is_taken():
    g = next(g for g in _states(2, 7) if not g.is_chance)
    mine = Play(g.legal_actions()[0].card)
    assert mine is not g.legal_actions()[0] and mine == g.legal_actions()[0]
    assert hash(mine) == hash(g.legal_actions()[0])
    assert g.is_legal(mine)
    g.apply(mine)


@pytest.mark.parametrize("kind", CARD_ACTIONS)
@pytest.mark.parametrize("bad", ["Q9", "r7", "", 7, None, b"R7"])
def test_a_user_built_action_with_a_bad_card_raises_a_clear_error(kind, bad):
    with pytest.raises(IllegalAction, match=f"{kind.__name__}'s card must be"):
        kind(bad)


@pytest.mark.parametrize("kind", CARD_ACTIONS)
def test_the_shared_actions_were_made_and_checked_by_their_constructor(kind):
    table = made(kind)
    assert list(table) == list(ALL_CARDS)
    for card, action in table.items():
        assert type(action) is kind and action.card == card and action == kind(card)
    assert made(kind) is table
    # the table never hands out an unchecked action: a card it does not hold goes through the constructor
    with pytest.raises(IllegalAction, match=f"{kind.__name__}'s card must be"):
        table["Q9"]
    with pytest.raises(IllegalAction, match=f"{kind.__name__}'s card must be"):
        table[7]
    with pytest.raises(TypeError):
        table[["R7"]]
    assert list(table) == list(ALL_CARDS)        # and it keeps nothing it was asked for
    # nor can an unchecked value be put in it
    with pytest.raises(TypeError, match="cannot be changed"):
        table["R7"] = "R7"
    for change in (lambda: table.update({"R7": None}), lambda: table.pop("R7"), lambda: table.setdefault("Q9", 1),
                   lambda: table.clear(), lambda: table.popitem()):
        with pytest.raises(TypeError, match="cannot be changed"):
            change()
    with pytest.raises(TypeError, match="cannot be changed"):
        del table["R7"]
    assert len(table) == len(ALL_CARDS) and table["R7"] == kind("R7")


def test_card_tables_agree_with_the_cards_names():
    for card in BASIC:
        letters = card.rstrip("0123456789")
        n, col = int(card[len(letters):]), {v: k for k, v in LETTERS.items()}[letters]
        assert parse_card(card) == (n, col) and number(card) == n
        assert play_order(card) == (n, COLOURS.index(col))
        assert card_name(card) == f"{col.capitalize()} {n} ({ANIMALS[n]})"
    assert card_name("CC3") == "Color-Change card" and card_name("-2") == "-2 Ability card"
    for bad in ("Q9", "CC1", "+2", 7):
        with pytest.raises(ValueError, match="is not a basic card"):
            parse_card(bad)
        with pytest.raises(ValueError, match="is not a basic card"):
            play_order(bad)
        with pytest.raises(ValueError, match="is not a basic card"):
            number(bad)
