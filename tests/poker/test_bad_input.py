"""Every public callable of Furry Poker answers bad input with a short ValueError naming it (issue 31).

The grid test calls each public function, method and class of furlib.poker (its package names, cards,
scoring, bots, events, texts, checks, analysis, plots, render, actions and the game's own methods) with None, a
str, a float, a bool, a negative, a huge int, a wrong type and an unknown card or player in each
argument, and asserts a ValueError (never TypeError, KeyError, AttributeError or AssertionError) whose
message is under 300 characters and names the value; a refused call leaves the game as it was. The
other tests check exact messages, the limits' values, and that iterables are read lazily against them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest

from furlib.core.errors import excerpt
from furlib.poker import (
    ACTIONS,
    Change,
    Combination,
    FurryPoker,
    Score,
    Take,
    ToHand,
    Trigger,
    analysis,
    best_score,
    bots,
    cards,
    checks,
    effects,
    events,
    plots,
    render,
    search,
    texts,
)
from furlib.poker.actions import made
from furlib.poker.bots import MAX_AREA_CARDS, MAX_HAND_CARDS, Greedy, Planner, area_points
from furlib.poker.cards import ALL_CARDS, BASIC, COLOR_CHANGES
from furlib.poker.scoring import MAX_BASIC_AND_ABILITIES

from .helpers import position

# ------------------------------------------------------------------ the bad values
BAD: dict[str, object] = {
    "None": None, "str": "x", "empty": "", "float": 2.5, "bool": True, "negative": -1, "huge": 10**100,
    "huge5000": 10**5000, "object": object(), "list": [1], "dict": {"a": 1}, "nan": float("nan"),
}
TEXT = {"str", "empty"}      # a str where any str is good (a name, words)

ANN_HAND = ["B1", "B2", "P6", "P8", "Gy9"]


def _game() -> FurryPoker:
    """Ann acts first with the Red 7 (Lion) she played; a Public Area of one card keeps the legal list short."""
    return position(("Ann", "Bob"), hands=[list(ANN_HAND), ["Y1", "Y2", "Y6", "Y8", "Y9"]], public=["R3"],
                    up=[["B3", "CC1"], []], order=[(0, "R7"), (1, "Gy12")])


GAME = _game()
VIEW = GAME.view("Ann")
CARDS3 = ((1, "red"), (2, "red"), (3, "red"))


def _cases() -> list[tuple[str, Callable[[object], object], set[str]]]:
    """(name, call with the bad value in one argument, the bad values that argument takes)."""
    c: list[tuple[str, Callable[[object], object], set[str]]] = []
    for name in ("number", "colour", "animal", "card_name", "play_order", "parse_card", "ability_value"):
        c.append((f"cards.{name}", getattr(cards, name), set()))
    for name in ("is_basic", "is_ability", "is_color_change"):
        c.append((f"cards.{name}", getattr(cards, name), TEXT))        # any str: True or False
    c += [
        ("make_card(num)", lambda v: cards.make_card(v, "red"), set()),
        ("make_card(col)", lambda v: cards.make_card(7, v), set()),
        ("best_score(cards)", lambda v: best_score(v), set()),
        ("best_score([card])", lambda v: best_score([v]), set()),
        ("best_score([(number, _)])", lambda v: best_score([(v, "red")]), set()),
        ("best_score([(_, colour)])", lambda v: best_score([(7, v)]), set()),
        ("best_score(color_changes)", lambda v: best_score([(7, "red")], v), set()),
        ("best_score(abilities)", lambda v: best_score([(7, "red")], 0, v), {"list"}),
        ("combination_points(kind)", lambda v: search.combination_points(v, 3), set()),
        ("combination_points(size)", lambda v: search.combination_points("flush", v), set()),
        ("Combination(kind)", lambda v: Combination(v, CARDS3, 2), set()),
        ("Combination(cards)", lambda v: Combination("flush", v, 2), set()),
        ("Combination(points)", lambda v: Combination("flush", CARDS3, v), set()),
        ("Change(card)", lambda v: Change(v, (1, "blue"), ("+1",)), set()),
        ("Change(becomes)", lambda v: Change((1, "red"), v, ("+1",)), set()),
        ("Change(specials)", lambda v: Change((1, "red"), (1, "blue"), v), set()),
        ("Score(points)", lambda v: Score(v, (), (), ()), set()),
        ("Score(combinations)", lambda v: Score(0, v, (), ()), set()),
        ("Score(changes)", lambda v: Score(0, (), v, ()), set()),
        ("Score(unused)", lambda v: Score(0, (), (), v), set()),
        ("card_text(me)", lambda v: texts.card_text(v, "takes the", "R7"), TEXT),
        ("card_text(before)", lambda v: texts.card_text("Ann", v, "R7"), TEXT),
        ("card_text(card)", lambda v: texts.card_text("Ann", "takes the", v), set()),
        ("card_text(after)", lambda v: texts.card_text("Ann", "takes the", "R7", v), TEXT),
        ("placed_down_text", texts.placed_down_text, TEXT),
        ("texts.possessive_name", texts.possessive_name, TEXT),
        ("area_points(cards)", area_points, set()),
        ("area_points([card])", lambda v: area_points([v]), set()),
        ("Planner(deny)", lambda v: Planner(v), set()),
        ("Greedy()(view)", lambda v: Greedy()(v), set()),
        ("Planner()(view)", lambda v: Planner()(v), set()),
        ("Greedy.value(view)", lambda v: Greedy().value(v, Take("R3")), set()),
        ("Greedy.value(action)", lambda v: Greedy().value(VIEW, v), set()),
        ("effect_value(view)", lambda v: Greedy().effect_value(v, "R1", [], []), set()),
        ("effect_value(card)", lambda v: Greedy().effect_value(VIEW, v, [], []), set()),
        ("effect_value(area)", lambda v: Greedy().effect_value(VIEW, "R1", v, []), set()),
        ("effect_value(hand)", lambda v: Greedy().effect_value(VIEW, "R1", [], v), set()),
        ("effect_value(lion)", lambda v: Greedy().effect_value(VIEW, "R1", [], [], v), {"bool"}),
        ("FurryPoker(players)", lambda v: FurryPoker(v), set()),
        ("FurryPoker(advanced)", lambda v: FurryPoker(2, advanced=v), {"bool"}),
        ("FurryPoker(seed)", lambda v: FurryPoker(2, seed=v), {"None"}),
        ("made(kind)", made, set()),
        ("dealt_text(who)", lambda v: texts.dealt_text(v, 1, "hand"), TEXT),
        ("dealt_text(cards)", lambda v: texts.dealt_text("Ann", v, "hand"), set()),
        ("dealt_text(to)", lambda v: texts.dealt_text("Ann", 1, v), set()),
        ("texts.subjects", texts.subjects, set()),
        ("events.told", events.told, set()),
        ("texts.step_text", texts.step_text, set()),
        ("effects.step_name", effects.step_name, set()),
        ("read_list(items)", lambda v: checks.read_list(v, 3, str, not_a_list="x must be a list", too_many="y"),
         {"list"}),
        ("read_list(most)", lambda v: checks.read_list([], v, str, not_a_list="x must be a list", too_many="y"),
         {"huge", "huge5000"}),
        ("read_list(check)", lambda v: checks.read_list([1], 3, v, not_a_list="x must be a list", too_many="y"),
         set()),
        ("chance(kind)", lambda v: analysis.chance(v, 3, 8), set()),
        ("chance(size)", lambda v: analysis.chance("flush", v, 8), set()),
        ("chance(k)", lambda v: analysis.chance("flush", 3, v), set()),
        ("chance_table(k)", analysis.chance_table, set()),
        ("has_combination(numbers)", lambda v: analysis.has_combination(v, [0], "flush", 3), {"list"}),
        ("has_combination(colours)", lambda v: analysis.has_combination([1], v, "flush", 3), {"list"}),
        ("has_combination(kind)", lambda v: analysis.has_combination([1], [0], v, 3), set()),
        ("has_combination(size)", lambda v: analysis.has_combination([1], [0], "flush", v), set()),
        ("simulate(n)", lambda v: analysis.simulate("flush", 3, 8, v), set()),
        ("simulate(seed)", lambda v: analysis.simulate("flush", 3, 8, 1, seed=v), set()),
        ("special_gains(n)", lambda v: analysis.special_gains(v), set()),
        ("special_gains(k)", lambda v: analysis.special_gains(1, v), set()),
        ("special_gains(seed)", lambda v: analysis.special_gains(1, seed=v), set()),
        ("special_gains(color_changes)", lambda v: analysis.special_gains(1, color_changes=v), set()),
        ("special_gains(abilities)", lambda v: analysis.special_gains(1, abilities=v), {"list"}),
        ("extra_card_gains(n)", lambda v: analysis.extra_card_gains(v), set()),
        ("extra_card_gains(k)", lambda v: analysis.extra_card_gains(1, v), set()),
        ("extra_card_gains(seed)", lambda v: analysis.extra_card_gains(1, seed=v), set()),
        ("final_scores(bots)", lambda v: plots.final_scores(v, n_games=1), set()),
        ("final_scores({name: bot})", lambda v: plots.final_scores({"b": v}, n_games=1), set()),
        ("final_scores(n_games)", lambda v: plots.final_scores({"b": "Greedy"}, n_games=v), set()),
        ("final_scores(players)", lambda v: plots.final_scores({"b": "Greedy"}, n_games=1, players=v), set()),
        ("final_scores(seed)", lambda v: plots.final_scores({"b": "Greedy"}, n_games=1, seed=v), set()),
        ("combinations_made(games)", plots.combinations_made, set()),
        ("exact_vs_simulated_chart(k)", lambda v: plots.exact_vs_simulated_chart(v, n=1), set()),
        ("exact_vs_simulated_chart(size)", lambda v: plots.exact_vs_simulated_chart(8, size=v, n=1), set()),
        ("exact_vs_simulated_chart(n)", lambda v: plots.exact_vs_simulated_chart(8, n=v), set()),
        ("exact_vs_simulated_chart(seed)", lambda v: plots.exact_vs_simulated_chart(8, n=1, seed=v), set()),
        ("card_html(card)", lambda v: render.card_html(v), {"None"}),
        ("card_html(size)", lambda v: render.card_html("R7", size=v), set()),
        ("card_html(owner)", lambda v: render.card_html(None, owner=v), TEXT),
        ("poker_html(game)", render.poker_html, set()),
    ]
    for kind in ACTIONS:
        if kind is not Trigger:
            c.append((f"{kind.__name__}(card)", kind, set()))
    for obj, who in ((GAME, "game"), (VIEW, "view")):
        for name in ("area_size", "seen_by", "has_chosen", "area_cards", "score_of"):
            c.append((f"{who}.{name}(player)", getattr(obj, name), set()))
    c.append(("game.apply(action)", lambda v: GAME.apply(v), set()))
    return c


CASES = _cases()
GRID = [pytest.param(fn, bad, id=f"{name}-{label}") for name, fn, takes in CASES for label, bad in BAD.items()
        if label not in takes]


def _named(bad: object) -> list[str]:
    """The excerpts a message may name: the value itself, or the first item of a list or a dict."""
    names = [excerpt(bad)]
    if isinstance(bad, list):
        names.append(excerpt(bad[0]))
    if isinstance(bad, dict):
        names += [excerpt(next(iter(bad))), excerpt(next(iter(bad.values())))]
    return names


@pytest.mark.parametrize("fn, bad", GRID)
def test_every_public_callable_refuses_bad_input_with_a_short_value_error_naming_it(fn, bad):
    before = GAME.to_json()
    with pytest.raises(ValueError) as e:
        fn(bad)
    message = str(e.value)
    assert len(message) < 300, message
    assert any(n in message for n in _named(bad)) or "None" in message and bad is None, message
    assert GAME.to_json() == before


@pytest.mark.parametrize("fn", [fn for name, fn, takes in CASES if "str" in takes and "bool" not in takes])
def test_the_values_a_text_argument_takes_are_taken(fn):
    fn("x")


def test_the_card_predicates_answer_any_str_and_refuse_anything_else():
    assert cards.is_basic("R7") and not cards.is_basic("r7") and not cards.is_basic("CC1")
    assert cards.is_ability("+2") and not cards.is_ability("2") and cards.is_color_change("CC6")
    with pytest.raises(ValueError) as e:
        cards.is_basic(["R7"])
    assert str(e.value) == ("a card is named by its code, a str: a colour letter and a number 1-12 ('R7', 'Gy12'), "
                            "'CC1' to 'CC6', or an Ability card '+1' to '+4', '-1' to '-4'; got ['R7']")


# ------------------------------------------------------------------ exact messages
COLOURS_WORDS = "['red', 'yellow', 'green', 'blue', 'purple', 'gray']"
BASIC_WORDS = "basic cards are a colour letter (R, Y, G, B, P, Gy) and a number 1-12, e.g. 'R7' or 'Gy12'"


@pytest.mark.parametrize("call, message", [
    (lambda: cards.make_card(7, "pink"), f"unknown colour 'pink'; colours are {COLOURS_WORDS}"),
    (lambda: cards.make_card(7, "Red"), f"unknown colour 'Red'; colours are {COLOURS_WORDS}"),
    (lambda: cards.make_card(13, "red"), "a basic card's number must be between 1 and 12, got 13"),
    (lambda: cards.make_card(7.0, "red"), "a basic card's number must be a whole number, got 7.0"),
    (lambda: cards.parse_card([1]), f"[1] is not a basic card; {BASIC_WORDS}"),
    (lambda: cards.parse_card("r7"), f"'r7' is not a basic card; {BASIC_WORDS}"),
    (lambda: cards.ability_value("3"),
     "'3' is not an Ability card; Ability cards are '+1', '+2', '+3', '+4', '-1', '-2', '-3', '-4'"),
    (lambda: cards.card_name(" R7"),
     "' R7' is not one of the 86 cards; a card's code is a colour letter and a number 1-12 ('R7', 'Gy12'), "
     "'CC1' to 'CC6', or an Ability card '+1' to '+4', '-1' to '-4'"),
    (lambda: best_score([(7, "RED")]),
     f"unknown colour 'RED' in the card (7, 'RED'); colours are exactly {COLOURS_WORDS}"),
    (lambda: best_score({(7, "red"): 1}),
     "cards must be a list, e.g. [(7, 'red'), (8, 'red')] (basic cards as (number, colour)); got {(7, 'red'): 1}"),
    (lambda: search.combination_points("flush", 73), "size must be between 0 and 72, got 73"),
    (lambda: search.combination_points("flush", -1), "size must be between 0 and 72, got -1"),
    (lambda: search.combination_points("Flush", 3),
     "kind must be one of ['flush', 'of a kind', 'straight', 'straight flush'], got 'Flush'"),
    (lambda: Combination("flush", CARDS3, 3), "Combination's points must be 2 for 'flush' of 3 cards, got 3"),
    (lambda: Score(1, (), (), ()), "Score's points must be the sum of its combinations' points, 0, got 1"),
    (lambda: Change((1, "red"), (1, "blue"), ("+5",)),
     "Change's specials must be a tuple of 1 to 9 different names of ['-4', '-3', '-2', '-1', '+1', '+2', '+3', "
     "'+4', 'Color-Change'], got ('+5',)"),
    (lambda: GAME.score_of(None),
     "unknown player None; players are ['Ann', 'Bob'] (a spectator has no Personal Area, hand or card to choose)"),
    (lambda: GAME.has_chosen(None),
     "unknown player None; players are ['Ann', 'Bob'] (a spectator has no Personal Area, hand or card to choose)"),
    (lambda: VIEW.area_size("ann"), "unknown player 'ann'; players are ['Ann', 'Bob']"),
    (lambda: area_points(["R7", "R7"]), "the R7 appears twice in cards; the deck holds one of each card"),
    (lambda: area_points(["R7", "Q1"]),
     "cards must be codes of the 86 cards, e.g. 'R7', 'CC1' or '+2'; got 'Q1'"),
    (lambda: Greedy().effect_value(VIEW, "R1", [], ["CC1"]),
     "hand must be codes of basic cards, e.g. 'R7' or 'Gy12'; got 'CC1'"),
    (lambda: Planner(float("nan")),
     "deny must be a number from 0 to 1 (the weight of what the others would gain), got nan"),
    (lambda: Planner(True), "deny must be a number from 0 to 1 (the weight of what the others would gain), got True"),
    (lambda: Greedy().value(VIEW, "take R3"),
     "action must be a Furry Poker action (see furlib.poker.actions), e.g. Take('R7'); got 'take R3'"),
    (lambda: Greedy().value(GAME.view("Bob"), Trigger()),
     "Trigger() is worth something only while a card of Bob's is in play and Bob acts; trigger the played "
     "card's effect, or take a Public card into the Personal Area now"),
    (lambda: Greedy()(GAME.view("Bob")), "Greedy was asked to move for Bob, who has no decision to take now"),
    (lambda: texts.dealt_text(None, 1, "hand"),
     "who must be a player's name (a str), or None for the Public Area; got None"),
    (lambda: texts.dealt_text("Ann", 1, "Hand"), "to must be one of ['public', 'hand', 'down', 'drawn'], got 'Hand'"),
    (lambda: analysis.simulate("flush", 3, 8, 10**12), "n must be between 0 and 1000000, got 1000000000000"),
    (lambda: analysis.special_gains(10, 8, abilities=(1, 2, 3, 4)),
     "k must be a whole number of cards from 0 to 7 (the scorer takes at most 11 basic and Ability cards "
     "together), got 8"),
    (lambda: analysis.extra_card_gains(100_001),
     "n must be a whole number of areas from 1 to 100,000 (MAX_AREAS), got 100001"),
    (lambda: plots.final_scores({"b": "Greedy"}, n_games=1001), "n_games must be between 1 and 1000, got 1001"),
    (lambda: GAME.apply(10**100),
     "a whole number of about 101 digits is not a Furry Poker action (see furlib.poker.actions). Legal now: "
     "trigger the card's effect, take the Red 3 (Leopard) into your Personal Area."),
])
def test_exact_messages(call, message):
    before = GAME.to_json()
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == message
    assert GAME.to_json() == before


def test_greedy_reads_a_players_view_not_the_game():
    with pytest.raises(ValueError) as e:
        Greedy()(GAME)
    assert str(e.value).startswith("Greedy reads a player's view of a Furry Poker game, e.g. game.view('Ann'); got ")
    assert Greedy()(VIEW) in VIEW.legal_actions()
    # numpy numbers are numbers: Planner's deny, stored as a float
    np = pytest.importorskip("numpy")
    assert Planner(np.float32(0.25)).deny == 0.25 and type(Planner(np.int64(1)).deny) is float


def test_the_value_of_a_bear_or_a_card_is_the_same_read_through_the_checks():
    g = position(("Ann", "Bob"), hands=[list(ANN_HAND), ["Y1"]], public=["R3"], up=[["B3"], []],
                 order=[(0, "R12"), (1, "Gy12")])
    view = g.view("Ann")
    assert Greedy().effect_value(view, "R12", iter(["B3"]), iter(ANN_HAND)) == Greedy().value(view, Take("R3"))
    assert Greedy().value(view, Take("R3")) > Greedy().value(view, ToHand("R3"))


def test_an_illegal_action_with_many_legal_ones_has_a_short_message():
    # six legal actions of about 50 characters each: the list stops at LEGAL_CHARS (180) and counts the rest
    g = position(("Ann", "Bob"), hands=[list(ANN_HAND), ["Y1"]], public=["R3", "Y4", "G5", "B6", "G8"],
                 order=[(0, "R7"), (1, "Gy12")])
    assert len(g.legal_actions()) == 6
    with pytest.raises(ValueError) as e:
        g.apply("x")
    message = str(e.value)
    assert len(message) < 300
    assert message.endswith("take the Green 5 (Raccoon) into your Personal Area, ... and 2 more.")


# ------------------------------------------------------------------ limits, read lazily
def _at_most(items: list[object], n: int) -> Iterator[object]:
    """The items, one at a time; asking for more than ``n`` fails the test (the limit was not checked first)."""
    for i, x in enumerate(itertools.chain(items, itertools.repeat(items[-1]))):
        assert i < n, f"read item {i + 1}: more than {n} items were read"
        yield x


def test_the_limits():
    assert MAX_BASIC_AND_ABILITIES == 11 and MAX_AREA_CARDS == 17 and MAX_HAND_CARDS == 72
    assert search.MAX_COMBINATION_SIZE == 72 and analysis.MAX_DEALS == 1_000_000 and analysis.MAX_AREAS == 100_000
    assert plots.MAX_GAMES == 1000 and plots.MAX_BOTS == 12
    assert FurryPoker.MIN_PLAYERS == 2 and FurryPoker.MAX_PLAYERS == 6
    assert bots.MAX_AREA_CARDS == MAX_BASIC_AND_ABILITIES + len(COLOR_CHANGES)


def test_best_score_reads_its_lists_lazily_and_refuses_the_first_card_past_its_bound():
    deck = [(n, c) for c in ("red", "blue") for n in range(1, 13)]
    with pytest.raises(ValueError) as e:
        best_score(_at_most(deck, 12))
    assert str(e.value) == ("the scorer takes at most 11 basic and Ability cards together (the rules' largest "
                            "Personal Area holds 8 cards in all), got more than 11 basic cards")
    with pytest.raises(ValueError, match=r"more than 2 Ability cards$"):
        best_score(deck[:9], 0, _at_most([1, 2, 3], 3))
    # the tester's escape: ten million copies of a card are refused at the second
    with pytest.raises(ValueError, match=r"^the deck holds one Red 7, but the cards give it twice"):
        best_score(itertools.repeat((7, "red"), 10**8))
    with pytest.raises(ValueError, match=r"^the deck holds one \+1 Ability card"):
        best_score([(7, "red")], 0, itertools.repeat(1))
    assert best_score(iter(deck[:11])).points == best_score(deck[:11]).points       # the bound itself is taken


def test_the_bots_lists_are_read_lazily_against_their_limits():
    area = [c for c in BASIC[:11]] + list(COLOR_CHANGES)           # 17 cards: the bound, taken
    assert area_points(iter(area)) == area_points(area)
    with pytest.raises(ValueError) as e:
        area_points(_at_most([*area, "+1"], MAX_AREA_CARDS + 1))
    assert str(e.value) == "cards holds at most 17 cards, got more"
    with pytest.raises(ValueError, match="^the R7 appears twice in cards"):
        area_points(itertools.repeat("R7", 10**8))
    with pytest.raises(ValueError) as e:
        Greedy().effect_value(VIEW, "R1", [], _at_most(list(BASIC), MAX_HAND_CARDS + 1))
    assert str(e.value) == "hand holds at most 72 cards, got more"
    with pytest.raises(ValueError, match="^area holds at most 17 cards, got more$"):
        Greedy().effect_value(VIEW, "R1", _at_most(list(ALL_CARDS), MAX_AREA_CARDS + 1), [])


def test_the_other_lists_are_read_lazily_against_their_limits():
    with pytest.raises(ValueError, match="^numbers holds at most 72 items"):
        analysis.has_combination(_at_most([1], 73), [0], "flush", 3)
    with pytest.raises(ValueError, match="^names holds at most 1000 names"):
        texts.subjects(_at_most(["Ann"], 1001))
    with pytest.raises(ValueError, match="^combinations_made\\(\\) reads at most 1,000 games"):
        plots.combinations_made(_at_most([FurryPoker(2, seed=1).play()], 1001))


def _never(*args, **kwargs):
    raise AssertionError("work was done before the arguments were checked")


def test_the_work_is_only_done_after_every_check(monkeypatch):
    # huge requests are refused at once: were they run, these would take days
    with pytest.raises(ValueError, match="^n must be between 0 and 1000000"):
        analysis.simulate("flush", 3, 8, 10**12)
    monkeypatch.setattr(analysis, "best_score", _never)
    with pytest.raises(ValueError, match="^n must be a whole number of areas from 1 to 100,000"):
        analysis.special_gains(10**9)
    with pytest.raises(ValueError, match="^abilities must be values of Ability cards"):
        analysis.special_gains(10, abilities=(5,))
    with pytest.raises(ValueError, match="^k must be a whole number of cards from 0 to 10"):
        analysis.extra_card_gains(10, 11)
    with pytest.raises(ValueError, match="^players must"):
        plots.final_scores({"b": _never}, n_games=2, players=7)
    with pytest.raises(ValueError, match="^seed \\+ n_games - 1"):
        plots.final_scores({"b": _never}, n_games=2, seed=2**128 - 1)
    with pytest.raises(ValueError, match="^unknown bot 'Smart'"):
        plots.final_scores({"a": _never, "b": "Smart"}, n_games=1)
    with pytest.raises(ValueError, match="^n must be between 1 and 1000000"):
        plots.exact_vs_simulated_chart(8, n=10**7)
