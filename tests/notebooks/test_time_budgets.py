"""The teacher notes' time budgets: "Time (45 min): question and guesses 5 min; section 1, 7 min; ...".

Three claims tests check their own notebook's budget (lesson-furcle-odds, lesson-furglars-first,
lesson-furglars-xfactor): ``nb.says`` the sentence, then add up its minutes by hand. This test does the same for
every notebook that states a budget, on the same text ``nb.says`` reads (``Notebook.markdown``: whitespace made
one space, ``*`` emphasis dropped), so a budget changed in one place and not the other fails here.
"""

from __future__ import annotations

import re

#: "Time (45 min): ..." or "Time (45 minutes; the notebook runs in a few seconds): ...": the total, then the list.
BUDGET = re.compile(r"\bTime \((\d+) min(?:utes)?\b[^()]*\): ")
#: The notebooks whose budget the claims tests already add up by hand (so this test must find them too).
CHECKED_BY_HAND = {"lesson-furcle-odds.ipynb": 45, "lesson-furglars-first.ipynb": 45,
                   "lesson-furglars-xfactor.ipynb": 45}


def without_asides(text: str) -> str:
    """``text`` with every (parenthesised aside) removed, innermost first: "10 min (Try it 1 plays 300 games: about
    twice as long)" keeps only its 10 min, and "(about 30 min)" for a second lesson does not count."""
    while True:
        shorter = re.sub(r"\([^()]*\)", "", text)
        if shorter == text:
            return text
        text = shorter


def budget(markdown: str) -> tuple[int, list[int]] | None:
    """The stated total and the minutes of each item, from the first sentence after "Time (N min...):"; None if the
    notebook states no budget."""
    found = BUDGET.search(markdown)
    if not found:
        return None
    listed = re.split(r"\.(?:\s|$)", without_asides(markdown[found.end():]), maxsplit=1)[0]
    items = [item.strip() for item in listed.split(";")]
    minutes = []
    for item in items:
        numbers = re.findall(r"\b(\d+) min\b", item)
        assert len(numbers) == 1, f"each item of a time budget gives its minutes once: {item!r} in {listed!r}"
        minutes.append(int(numbers[0]))
    return int(found.group(1)), minutes


def test_the_parser():
    assert budget("Goal: x. Time (45 min): question 5 min; section 1, 10 min (with (nested) notes); wrap-up 30 "
                  "min. Sections 1-3 are a second lesson (about 30 min).") == (45, [5, 10, 30])
    assert budget("Time (45 minutes; the notebook runs in a few seconds): the guess, 5 min; the Try-its, 40 min "
                  "(e.g. 3 min each).") == (45, [5, 40])
    assert budget("Time (45 min): section 3, 15 min (e.g. 2 2 2 2 0 0: 66 ways); Try it, 5 min.")[1] == [15, 5]
    assert budget("no budget here") is None


def test_every_time_budget_adds_up_to_its_total(all_notebooks):
    budgets = {name: budget(nb.markdown) for name, nb in all_notebooks.items()}
    budgets = {name: b for name, b in budgets.items() if b is not None}
    # every notebook that mentions a "Time (" budget is parsed, and the three checked by hand are among them
    assert {name for name, nb in all_notebooks.items() if "Time (" in nb.markdown} == set(budgets)
    assert {name: budgets[name][0] for name in CHECKED_BY_HAND} == CHECKED_BY_HAND
    assert len(budgets) >= 31
    wrong = {name: (total, minutes, sum(minutes)) for name, (total, minutes) in budgets.items()
             if sum(minutes) != total or len(minutes) < 3}
    assert not wrong, f"time budgets that do not add up to their stated total (total, items, sum): {wrong}"
