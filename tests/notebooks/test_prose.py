"""Wording every notebook shares: one reading of a 95% interval, seats counted from 1, retired phrases."""

from __future__ import annotations

import re

import pytest

#: What a 95% interval means, said the same way everywhere: the method's coverage.
COVERAGE = "in 95 of 100"
#: Readings of one interval as if it held the true value with some chance.
WRONG_READINGS = ["most likely between", "very likely inside", "probably inside", "95% sure", "95% chance that the"]
#: Sentences retired by issue 8 (wrong, or unexplained), in any notebook.
RETIRED = ["bank past the target", "almost never (5 in 54)", "the same sum answers", "(to 9 decimals)",
           "picked a lucky roll", "too wide to be sure", "coming soon |\n| **Furry", "Only *Oh Furcle!* can be played",
           "the same within their intervals", "3906 of 21063"]


def test_a_95_percent_interval_is_read_as_the_methods_coverage(all_notebooks):
    for name, nb in all_notebooks.items():
        if "95%" in nb.markdown:
            assert COVERAGE in nb.markdown, f"{name} shows 95% intervals without saying what 95% means ({COVERAGE!r})"
        nb.never_says(*WRONG_READINGS)


def test_seats_count_from_1(all_notebooks):
    for name, nb in all_notebooks.items():
        found = re.findall(r"\bseats? 0\b|\bseat \(counting from 0\)|winning seat \(counting from 0\)", nb.markdown)
        assert not found, f"{name} numbers seats from 0 in its text: {found}"
        comments = re.findall(r"#[^\n]*\bseat 0\b", "\n".join(c.source for c in nb.cells if c.cell_type == "code"))
        assert not comments, f"{name} numbers seats from 0 in a comment: {comments}"


@pytest.mark.parametrize("phrase", RETIRED)
def test_retired_phrases_stay_retired(all_notebooks, phrase):
    for nb in all_notebooks.values():
        nb.never_says(phrase)


def test_the_rulebooks_odds_are_explained_once(all_notebooks):
    said = [name for name, nb in all_notebooks.items() if "odds of 5 to 1" in nb.markdown]
    assert said == ["lesson-furcle-odds.ipynb"]
