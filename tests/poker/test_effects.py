"""Each of the twelve effects in a position set by hand, including short decks and an empty Public Area."""

from __future__ import annotations

import pytest

from furlib import IllegalAction
from furlib.core.engine.policy import RandomBot
from furlib.poker import Activate, Discard, Draw, FurryPoker, Keep, Pick, Place, Play, Remove, Take, ToHand, Trigger
from furlib.poker.cards import number
from furlib.testing import check_game, check_no_leak

from .helpers import position, texts

ANN_HAND = ["B1", "B2", "P6", "P8", "Gy9"]
BOB_HAND = ["Y1", "Y2", "Y6", "Y8", "Y9"]


def table(card, *, public=("R3", "Y4", "G5"), up=None, down=None, players=("Ann", "Bob"), **kw):
    """Ann plays ``card`` (acting first), Bob the Gray 12 (acting second)."""
    return position(players, hands=[list(ANN_HAND), list(BOB_HAND)], public=list(public), up=up, down=down,
                    order=[(0, card), (1, "Gy12")], **kw)


def test_option_b_takes_a_public_card_and_the_played_card_joins_the_public_area():
    g = table("R7")
    assert g.current_player == "Ann" and g.legal_actions() == [Trigger(), Take("R3"), Take("Y4"), Take("G5")]
    g.apply(Take("Y4"))
    assert g.personal["Ann"]["up"] == ["Y4"] and g.public == ["R3", "G5", "R7"]
    assert g.current_player == "Bob" and g.acting == 1
    assert texts(g)[-2:] == ["Ann takes the Yellow 4 (Crow) into their Personal Area",
                             "Ann's Red 7 (Lion) joins the Public Area"]


def test_tiger_takes_one_then_removes_one():
    g = table("R1").apply(Trigger())
    assert g.step_name == "take"
    g.apply(Take("R3"))
    assert g.legal_actions() == [Remove("Y4"), Remove("G5")]
    g.apply(Remove("G5"))
    assert g.personal["Ann"]["up"] == ["R3"] and g.public == ["Y4", "R1"] and "G5" in g._state.discard
    g.check_invariants()


def test_tiger_with_one_public_card_takes_it_and_removes_nothing():
    g = table("R1", public=["R3"]).apply(Trigger()).apply(Take("R3"))
    assert g.current_player == "Bob" and g.public == ["R1"]


def test_tiger_with_an_empty_public_area_does_nothing():
    g = table("R1", public=[])
    assert g.legal_actions() == [Trigger()]
    g.apply(Trigger())
    assert g.personal["Ann"]["up"] == [] and g.public == ["R1"] and g.current_player == "Bob"


def test_peacock_gains_a_color_change_card_while_any_remain():
    g = table("R2").apply(Trigger())
    assert g.personal["Ann"]["up"] == ["CC1"] and "CC1" not in g.specials_left
    g = table("R2", specials=["+1", "+2", "+3", "+4", "-1", "-2", "-3", "-4"],
              up=[["CC1", "CC2", "CC3"], ["CC4", "CC5", "CC6"]])
    g.apply(Trigger())
    assert g.personal["Ann"]["up"] == ["CC1", "CC2", "CC3"]
    assert "No Color-Change card is left for Ann" in texts(g)


def test_leopard_draws_three_keeps_one_face_down_and_discards_the_rest():
    g = table("R3", public=["Y4"]).apply(Trigger())
    assert g.is_chance and g.current_player == "Ann"
    for c in ("P1", "P2", "P3"):
        g.apply(Draw(c))
    assert g.drawn == ["P1", "P2", "P3"] and g.legal_actions() == [Keep("P1"), Keep("P2"), Keep("P3")]
    bob = g.view("Bob")
    assert bob.drawn == 3 and "P2" not in bob.log() + bob._repr_html_()
    g.apply(Keep("P2"))
    assert g.personal["Ann"]["down"] == ["P2"] and {"P1", "P3"} <= set(g._state.discard)
    assert g.view("Bob").personal["Ann"]["down"] == 1
    assert "Ann keeps a card face down and discards the other 2" in texts(g, viewer="Bob")
    g.check_invariants()


def test_leopard_with_a_short_deck_draws_what_there_is():
    g = table("R3", public=["Y4"], deck=["P1"], rest_to=1)          # one card in the deck, nothing in the discard pile
    g.apply(Trigger()).apply(Draw("P1"))
    assert g.drawn == ["P1"] and not g.is_chance
    assert "The deck and the discard pile are empty: 2 cards cannot be drawn" in texts(g)
    g.apply(Keep("P1"))
    assert g.personal["Ann"]["down"] == ["P1"]


def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    g = table("R4", deck=[], discard=["P1", "P2"], rest_to=1)
    g.apply(Trigger())
    assert g.deck_size == 2 and g.discard_size == 0
    assert "The discard pile (2 cards) is shuffled into a new deck" in texts(g)
    assert sorted(o.card for o, _ in g.chance_outcomes()) == ["P1", "P2"]


def test_crow_draws_four_and_keeps_one_face_up():
    g = table("R4").apply(Trigger())
    for c in ("P1", "P2", "P3", "P4"):
        g.apply(Draw(c))
    g.apply(Keep("P4"))
    assert g.personal["Ann"]["up"] == ["P4"] and g.view("Bob").personal["Ann"]["up"] == ["P4"]
    assert "Ann keeps the Purple 4 (Crow) face up and discards the other 3" in texts(g)


def test_raccoon_takes_one_then_discards_two_hand_cards():
    g = table("R5").apply(Trigger()).apply(Take("G5"))
    assert g.legal_actions() == [Discard(c) for c in ANN_HAND]
    g.apply(Discard("B1")).apply(Discard("Gy9"))
    assert g.hands["Ann"] == ["B2", "P6", "P8"] and g.personal["Ann"]["up"] == ["G5"]
    assert "Ann discards the Blue 1 (Tiger)" in texts(g, viewer="Ann")
    assert "Blue 1" not in " ".join(texts(g, viewer="Bob"))


def test_raccoon_with_an_empty_public_area_still_discards():
    g = table("R5", public=[]).apply(Trigger())
    assert g.step_name == "discard_hand"


def test_rabbit_discards_a_personal_card_then_takes_two():
    g = table("R6", up=[["CC1", "B3"], []], down=[["P9"], []], specials=[c for c in
              ("CC2", "CC3", "CC4", "CC5", "CC6", "+1", "+2", "+3", "+4", "-1", "-2", "-3", "-4")])
    g.apply(Trigger())
    assert g.legal_actions() == [Discard("CC1"), Discard("B3"), Discard("P9")]
    g.apply(Discard("CC1"))                      # a special goes back to the specials set aside
    assert g.specials_left[0] == "CC1"
    g.apply(Take("R3")).apply(Take("G5"))
    assert g.personal["Ann"]["up"] == ["B3", "R3", "G5"] and g.public == ["Y4", "R6"]


def test_rabbit_may_discard_a_face_down_card_secretly():
    g = table("R6", down=[["P9"], []]).apply(Trigger()).apply(Discard("P9"))
    assert "Ann discards a face-down Personal card" in texts(g, viewer="Bob")
    assert "Purple 9" not in " ".join(texts(g, viewer="Bob"))


def test_rabbit_with_an_empty_personal_area_still_takes_two():
    g = table("R6").apply(Trigger())
    assert g.step_name == "take"
    g.apply(Take("R3")).apply(Take("Y4"))
    assert g.personal["Ann"]["up"] == ["R3", "Y4"]


def test_lion_activates_a_face_up_card_and_makes_its_choices():
    g = table("R7", up=[["G1", "B7", "CC1"], []], down=[["P12"], []])
    g.apply(Trigger())
    assert g.legal_actions() == [Activate("G1")]          # not a Lion, not a special, not face down
    g.apply(Activate("G1")).apply(Take("R3")).apply(Remove("Y4"))
    assert g.personal["Ann"]["up"] == ["G1", "B7", "CC1", "R3"] and g.public == ["G5", "R7"]
    assert "Ann activates the Green 1 (Tiger): Tiger!" in texts(g)


def test_lion_with_nothing_to_activate_does_nothing():
    g = table("R7", up=[["B7"], []]).apply(Trigger())
    assert g.current_player == "Bob" and g.personal["Ann"]["up"] == ["B7"]


def test_lion_activating_a_leopard_draws_for_the_lions_player():
    g = table("R7", up=[["G3"], []]).apply(Trigger()).apply(Activate("G3"))
    assert g.is_chance and g.current_player == "Ann"


def test_dolphin_places_a_hand_card_face_up_then_discards_one():
    g = table("R8").apply(Trigger())
    g.apply(Place("P6"))
    assert g.personal["Ann"]["up"] == ["P6"] and g.step_name == "discard_hand"
    g.apply(Discard("B1"))
    assert g.hands["Ann"] == ["B2", "P8", "Gy9"]


def test_wolf_places_a_hand_card_face_down():
    g = table("R9").apply(Trigger()).apply(Place("Gy9"))
    assert g.personal["Ann"]["down"] == ["Gy9"] and g.view("Bob").personal["Ann"]["down"] == 1
    assert "Gray 9" not in " ".join(texts(g, viewer="Bob"))


def test_cat_and_dog_pick_a_remaining_ability_card():
    g = table("R10", specials=["CC1", "+2", "+4", "-1"], up=[[], ["CC2", "CC3", "CC4", "CC5", "CC6", "+1", "+3",
                                                                   "-2", "-3", "-4"]])
    g.apply(Trigger())
    assert g.legal_actions() == [Pick("+2"), Pick("+4")]
    g.apply(Pick("+4"))
    assert g.personal["Ann"]["up"] == ["+4"] and g.specials_left == ["CC1", "+2", "-1"]
    g = table("R11", specials=["+1"], up=[[], ["CC1", "CC2", "CC3", "CC4", "CC5", "CC6", "+2", "+3", "+4",
                                               "-1", "-2", "-3", "-4"]])
    g.apply(Trigger())                           # no - card is left: the Dog does nothing
    assert g.current_player == "Bob" and g.personal["Ann"]["up"] == []


def test_bear_takes_one_into_the_area_and_one_into_the_hand():
    g = table("R12").apply(Trigger()).apply(Take("Y4"))
    assert g.legal_actions() == [ToHand("R3"), ToHand("G5")]
    g.apply(ToHand("G5"))
    assert g.personal["Ann"]["up"] == ["Y4"] and g.hands["Ann"] == ANN_HAND + ["G5"]


def test_bear_with_two_public_cards_keeps_its_two_steps():
    g = table("R12", public=["R3", "G5"]).apply(Trigger())
    assert g.step_name == "take" and g.legal_actions() == [Take("R3"), Take("G5")]
    g.apply(Take("R3"))
    assert g.step_name == "to_hand" and g.legal_actions() == [ToHand("G5")]
    g.apply(ToHand("G5"))
    assert g.personal["Ann"]["up"] == ["R3"] and g.hands["Ann"] == ANN_HAND + ["G5"] and g.public == ["R12"]
    assert g.current_player == "Bob"


def bear_facing_one(**kw):
    g = table("R12", public=["R3"], **kw).apply(Trigger())
    assert g.current_player == "Ann" and g.step_name == "take_or_hand"
    assert g.step_text == "take the Public card into the Personal Area or into the hand"
    assert g.legal_actions() == [Take("R3"), ToHand("R3")]
    return g


def test_bear_facing_a_single_public_card_may_take_it_into_the_personal_area():
    g = bear_facing_one()
    g.apply(Take("R3"))
    assert g.personal["Ann"]["up"] == ["R3"] and g.hands["Ann"] == ANN_HAND
    assert g.public == ["R12"] and g.current_player == "Bob" and g.step_name == "action"   # the effect ended
    assert texts(g)[-2:] == ["Ann takes the Red 3 (Leopard) into their Personal Area",
                             "Ann's Red 12 (Bear) joins the Public Area"]
    g.check_invariants()


def test_bear_facing_a_single_public_card_may_take_it_into_the_hand():
    g = bear_facing_one()
    g.apply(ToHand("R3"))
    assert g.hands["Ann"] == ANN_HAND + ["R3"] and g.personal["Ann"]["up"] == []
    assert g.public == ["R12"] and g.current_player == "Bob" and g.step_name == "action"   # the effect ended
    # the card came from the Public Area: everyone sees where it went
    assert texts(g, viewer="Bob")[-2:] == texts(g)[-2:] == [
        "Ann takes the Red 3 (Leopard) into their hand", "Ann's Red 12 (Bear) joins the Public Area"]
    assert g.view("Bob").hands["Ann"] == 6
    g.check_invariants()
    g.undo()
    assert g.step_name == "take_or_hand" and g.legal_actions() == [Take("R3"), ToHand("R3")]


def test_bear_facing_a_single_public_card_reads_well_for_a_player_called_you():
    g = position(("You", "Bob"), hands=[list(ANN_HAND), list(BOB_HAND)], public=["R7"],
                 order=[(0, "R12"), (1, "Gy12")])
    g.apply(Trigger())
    assert [str(a) for a in g.legal_actions()] == ["take the Red 7 (Lion) into your Personal Area",
                                                   "take the Red 7 (Lion) into your hand"]
    g.apply(ToHand("R7"))
    assert "You take the Red 7 (Lion) into your hand" in texts(g)


def test_bear_with_an_empty_public_area_does_nothing():
    g = table("R12", public=[]).apply(Trigger())
    assert g.current_player == "Bob" and g.public == ["R12"] and g.hands["Ann"] == ANN_HAND


def test_lion_activating_a_bear_facing_a_single_public_card_lets_the_lions_player_choose():
    g = table("R7", public=["R3"], up=[["G12"], []]).apply(Trigger()).apply(Activate("G12"))
    assert g.current_player == "Ann" and g.legal_actions() == [Take("R3"), ToHand("R3")]
    g.apply(ToHand("R3"))
    assert g.hands["Ann"] == ANN_HAND + ["R3"] and g.current_player == "Bob" and g.public == ["R7"]


def test_bots_choose_between_the_personal_area_and_the_hand():
    from furlib.core.engine.policy import RandomBot
    from furlib.poker.bots import Greedy, Planner

    # the Red 3 makes a pair with Ann's face-up Blue 3 (1 point now): Greedy's and Planner's own evaluation
    # put it into the Personal Area; RandomBot picks either
    g = bear_facing_one(up=[["B3"], []])
    view = g.view("Ann")
    for bot in (Greedy(), Planner()):
        assert bot.value(view, Take("R3")) > bot.value(view, ToHand("R3"))
        assert bot(view) == Take("R3")
    assert {RandomBot(seed=s)(view) for s in range(20)} == {Take("R3"), ToHand("R3")}
    assert Greedy().effect_value(view, "R12", ["B3"], ANN_HAND) == Greedy().value(view, Take("R3"))


class BearHunter:
    """Plays and triggers Tigers, Rabbits and Bears (the effects that shrink the Public Area), a Bear once the
    Public Area is small; else at random. With 5 or 6 players a Bear then meets a single Public card."""

    def __init__(self, seed: int = 0):
        self.random = RandomBot(seed=seed)

    def __call__(self, view):
        legal = view.legal_actions()
        plays = [a for a in legal if isinstance(a, Play) and number(a.card) in (1, 6, 12)]
        bears = [a for a in plays if number(a.card) == 12]
        if bears and len(view.public) <= 3:
            return bears[0]
        if plays:
            return plays[0]
        if Trigger() in legal and number(view.round_order[view.acting][1]) in (1, 6, 12):
            return Trigger()
        return self.random(view)


def seeded_bear_facing_one(players=5, seed=0):
    g = FurryPoker(players, seed=seed)
    while g.step_name != "take_or_hand":
        g.step(BearHunter(seed))
    return g


def test_a_seeded_game_reaches_the_bears_choice_keeps_secrets_and_round_trips():
    g = seeded_bear_facing_one()                    # 5 players, seed 0: step 58
    card = g.public[0]
    who = g.current_player
    assert len(g.public) == 1 and g.legal_actions() == [Take(card), ToHand(card)]
    assert g.view(who).legal_actions() == g.legal_actions()
    check_no_leak(g, "at the Bear's choice")
    before = g.to_json()
    assert FurryPoker.from_json(before).to_json() == before
    for choice in g.legal_actions():
        g.apply(choice)
        assert card not in g.public and g.step_name in ("action", None)          # the effect ended
        assert (card in g.hands[who]) == isinstance(choice, ToHand)
        assert (card in g.personal[who]["up"]) == isinstance(choice, Take)
        check_no_leak(g, f"after {choice}")
        after = g.to_json()
        assert FurryPoker.from_json(after).to_json() == after
        g.undo()
        assert g.to_json() == before
    g.play(BearHunter(0))
    assert g.is_over


@pytest.mark.slow
@pytest.mark.parametrize("players, seeds", [(5, (0, 7, 10, 11, 22, 26)), (6, (1, 3, 4, 5, 6, 9))])
def test_check_game_on_games_where_a_bear_faces_a_single_public_card(players, seeds):
    """Undo at every step, JSON and leak checks every 25 steps; each game meets the Bear's choice."""
    for seed in seeds:
        met = []
        hunter = BearHunter(seed)

        def policy(view, hunter=hunter, met=met):
            if view.step_name == "take_or_hand":
                met.append(view.n_steps)
                assert view.legal_actions() == [Take(view.public[0]), ToHand(view.public[0])]
            return hunter(view)

        report = check_game(FurryPoker, n_games=1, seed=seed, kwargs={"players": players}, policy=policy,
                            json_every=25, leak_every=25)
        assert report.games == 1 and met, f"seed {seed}: no Bear met a single Public card"


def test_a_special_card_a_rabbit_discards_returns_to_the_specials_set_aside_never_the_deck():
    g = position(("Ann", "Bob"), hands=[list(ANN_HAND), list(BOB_HAND)], public=["R3"],
                 up=[["+2", "CC1"], []], specials=[c for c in ("CC2", "CC3", "CC4", "CC5", "CC6", "+1", "+3",
                                                                "+4", "-1", "-2", "-3", "-4")],
                 order=[(0, "R6"), (1, "Y10")])
    g.apply(Trigger()).apply(Discard("+2"))
    assert g.specials_left == ["CC2", "CC3", "CC4", "CC5", "CC6", "+1", "+2", "+3", "+4", "-1", "-2", "-3", "-4"]
    assert "+2" not in g._state.deck + g._state.discard and g.discard_size == 0
    assert "Ann gives back the +2 Ability card" in texts(g)
    g.apply(Take("R3"))                               # the second take finds no Public card
    g.check_invariants()
    assert g.current_player == "Bob"
    g.apply(Trigger())                                # Bob's Cat: the +2 can be gained again
    assert Pick("+2") in g.legal_actions()
    g.apply(Pick("+2"))
    assert g.personal["Bob"]["up"] == ["+2"] and "+2" not in g.specials_left


def test_a_wrong_action_is_refused_and_changes_nothing():
    g = table("R1")
    before = g.to_json()
    with pytest.raises(IllegalAction) as refused:
        g.apply(Remove("R3"))
    assert str(refused.value).startswith("Remove the Red 3 (Leopard) from the Public Area is not possible now: Ann "
                                         "is to trigger the played card's effect, or take a Public card into the "
                                         "Personal Area.")
    you = table("R1", players=("You", "Bob"))
    with pytest.raises(IllegalAction) as refused:
        you.apply(Remove("R3"))
    assert "is not possible now: You are to trigger the played card's effect" in str(refused.value)
    with pytest.raises(IllegalAction, match="must be one of the 86 cards"):
        Take("R13")
    with pytest.raises(IllegalAction, match="must be a name"):
        Take(7)
    assert g.to_json() == before


def test_texts_agree_with_a_player_called_you():
    g = position(("You", "Bob"), hands=[list(ANN_HAND), list(BOB_HAND)], public=["R3"],
                 order=[(0, "R12"), (1, "Gy12")])
    g.apply(Trigger()).apply(Take("R3"))
    assert "You take the Red 3 (Leopard) into your Personal Area" in texts(g)
    assert "Your Red 12 (Bear) joins the Public Area" in texts(g)


def test_order_of_play_is_ascending_number_then_red_first():
    g = position(("Ann", "Bob", "Cy"), hands=[["Y5", "R9"], ["R5", "B2"], ["B3", "G7"]], public=["P1"])
    g.apply(Play("Y5")).apply(Play("R5")).apply(Play("B3"))
    assert g.round_order == [("Cy", "B3"), ("Bob", "R5"), ("Ann", "Y5")]
    assert g.current_player == "Cy"


def test_new_game_deals_as_printed():
    g = FurryPoker(["Ann", "Bob", "Cy"], seed=5)
    while g.is_chance:
        g.step()
    assert len(g.public) == 5 and all(len(h) == 6 for h in g.hands.values())
    assert all(len(a["down"]) == 1 and a["up"] == [] for a in g.personal.values())
    assert g.deck_size == 72 - 5 - 18 - 3 and g.current_player == "Ann" and g.step_text.startswith("choose")


def test_advanced_setup_deals_seven_and_each_places_one_face_down():
    g = FurryPoker(["Ann", "Bob"], advanced=True, seed=5)
    while g.is_chance:
        g.step()
    assert all(len(h) == 7 for h in g.hands.values()) and g._state.phase == "setup"
    card = g.legal_actions()[0].card
    g.apply(g.legal_actions()[0])
    assert g.personal["Ann"]["down"] == [card] and g.current_player == "Bob"
    g.apply(g.legal_actions()[-1])
    assert all(len(h) == 6 for h in g.hands.values()) and g._state.phase == "choose"


def test_every_step_has_its_words_and_every_effect_step_is_a_step():
    from furlib.poker.effects import EFFECT_STEPS, STEPS
    from furlib.poker.texts import STEP_TEXTS

    assert list(STEP_TEXTS) == list(STEPS)          # the same steps, in the order the encoders number them
    assert {s for steps in EFFECT_STEPS.values() for s in steps} <= set(STEPS)
    assert all(STEP_TEXTS[s] and STEP_TEXTS[s][0].islower() for s in STEPS)   # words that follow "... is to"
