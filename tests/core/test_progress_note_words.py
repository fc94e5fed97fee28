"""The chart's subtitle for a shared win reads as English for any names: "Ann, you and Cy share the win"."""

from types import SimpleNamespace

from furlib.core.charts.score_race import progress_note


def _over(winner: object) -> SimpleNamespace:
    return SimpleNamespace(is_over=True, winner=winner)


def test_shared_win_lists_names_with_you_in_lower_case():
    assert progress_note(_over(("Ann", "You"))) == "game over: Ann and you share the win"
    assert progress_note(_over(("You", "Ann"))) == "game over: You and Ann share the win"
    assert progress_note(_over(("Ann", "Bob", "Cy"))) == "game over: Ann, Bob and Cy share the win"


def test_single_winner_and_no_winner():
    assert progress_note(_over("You")) == "game over: You win"
    assert progress_note(_over("Ann")) == "game over: Ann wins"
    assert progress_note(_over(None)) == "game over"
