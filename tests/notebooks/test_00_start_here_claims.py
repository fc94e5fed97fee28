"""What notebooks/00-start-here.ipynb says about its game, its games list and its links."""

from __future__ import annotations

import re

import pytest

from furlib import Furcle, Furglars

NOTEBOOK = "00-start-here.ipynb"
README_LINK = re.compile(r"\(notebooks/([\w-]+\.ipynb)\)")
LINK = re.compile(r"\]\(([\w-]+\.ipynb)\)")


@pytest.fixture(scope="module")
def game():
    return Furcle(players=["Ann", "Bob"], seed=1).play()


def test_the_first_game(nb, game):
    nb.runs('g = Furcle(players=["Ann", "Bob"], seed=1)', "g.play()", "print(g.log(last=12))")
    nb.says("here are its last 12 lines", "Bob reaches 50 and becomes the Leader",
            "Ann gets one more turn to pass him. She does not, so Bob wins at the start of his next turn")
    assert len(game.log().splitlines()) == len(game.events) > 12
    assert game.scores[game.winner] >= game.target == 50 and game.leader == game.winner == "Bob"
    kinds = [(e.kind, e.player) for e in game.events]
    became = kinds.index(("leader", "Bob"))
    assert [k for k in kinds if k[0] == "leader"] == [("leader", "Bob")]      # Bob is the only Leader
    assert int(game.history.iloc[became]["Bob"]) >= 50
    assert {p for _, p in kinds[became + 1:-1]} == {"Ann"}                    # Ann's one more turn
    assert kinds[-1] == ("win", "Bob") and game.scores["Ann"] < game.scores["Bob"]
    assert "wins" in game.log(last=1)


def test_which_games_can_be_played(nb):
    nb.says("| The Furglars | roll Furgles, Locks and Hands, and steal Furgles from the other players | playable now |",
            "| Oh Furcle! | push your luck", "It has four games, all ready to play",
            "All four can be played now")
    nb.never_says("Only Oh Furcle! can be played", "coming soon")
    from furlib import FurryPoker, Thieves

    for game in (Furglars(["Ann", "Bob"], seed=1), FurryPoker(2, seed=1), Thieves(seed=1)):
        game.play()
        assert game.is_over


def test_links_every_notebook_in_the_readme_order(nb):
    readme = (nb.path.parents[1] / "README.md").read_text(encoding="utf-8")
    order = [name for name in README_LINK.findall(readme) if name != NOTEBOOK]
    on_disk = sorted(p.name for p in nb.path.parent.glob("*.ipynb") if p.name != NOTEBOOK)
    assert sorted(order) == on_disk, "README.md should list every notebook"
    links = LINK.findall(nb.markdown)
    assert links == order, f"{NOTEBOOK} should link every notebook once, in the README's order"


FOUNDATIONS = ["lesson-expected-value.ipynb", "lesson-spread.ipynb", "lesson-variance.ipynb", "lesson-clt.ipynb",
               "lesson-conditional.ipynb",
               "lesson-fair-die.ipynb", "lesson-power.ipynb"]


def test_the_lessons_are_a_course_with_the_foundations_first(nb):
    nb.says("The lessons, as a course. Teachers: teach them in this order. The class pool comes first (no Python "
            "needed); then the foundations (chance by counting, expected value, spread, conditional probability, "
            "the p-value), which the later lessons use.")
    links = LINK.findall(nb.markdown)
    course = links[links.index("class-pool.ipynb"):]
    lessons = sorted(p.name for p in nb.path.parent.glob("lesson-*.ipynb"))
    assert course[0] == "class-pool.ipynb" and sorted(course[1:]) == lessons     # every lesson, after the games
    assert all(not name.startswith("lesson-") for name in links[:links.index("class-pool.ipynb")])
    last_foundation = max(course.index(f) for f in FOUNDATIONS)
    # before the foundations only the counting lessons: the two-dice outcomes and the chance of a Furcle
    assert set(course[1:last_foundation + 1]) - set(FOUNDATIONS) == {"lesson-thieves-dice.ipynb",
                                                                     "lesson-furcle-odds.ipynb"}
