"""The Furglars' Bullion chart: keys are refused, not coerced."""

import numpy as np
import pytest

from furlib import Furglars
from furlib.furglars.faces import check_chart


@pytest.mark.parametrize("chart, named", [
    ({1.0: 1, 2: 2}, "got 1.0"),
    ({0.9: 0, 1: 1, 2: 2}, "got 0.9"),
    ({True: 1, 2: 2}, "got True"),
    ({"\u00b2": 1, 1: 1, 2: 2}, "got '\u00b2'"),
    ({"\u0661": 1, 1: 1, 2: 2}, "got '\u0661'"),   # an Arabic-Indic digit one
    ({-1: 0, 1: 1, 2: 2}, "got -1"),
    ({"1 ": 1, 2: 2}, "got '1 '"),
])
def test_a_key_that_is_not_a_whole_number_of_furgles_is_refused(chart, named):
    with pytest.raises(ValueError, match=r"^chart keys must be numbers of Furgles from 0 to 60 \(MAX_DICE_IN_PLAY\), "
                                         r"as whole numbers or strings of digits such as '3' \(a save's keys\); ") as e:
        Furglars(2, dice_per_player=1, chart=chart)
    assert named in str(e.value)


def test_colliding_keys_are_refused_not_the_last_one_taken():
    chart = {1: 1, "1": 5, 2: 2}
    with pytest.raises(ValueError) as e:
        Furglars(2, dice_per_player=1, chart=chart)
    assert str(e.value) == "chart keys 1 and '1' are both 1 Furgle: give each number of Furgles once"
    assert chart == {1: 1, "1": 5, 2: 2}


def test_ints_numpy_integers_and_saved_digit_strings_are_accepted():
    assert check_chart({np.int64(1): 1, np.int32(2): 3}, 2) == {0: 0, 1: 1, 2: 3}
    assert check_chart({"0": 0, "1": 2, "2": 5}, 2) == {0: 0, 1: 2, 2: 5}
    g = Furglars(2, dice_per_player=1, chart={1: 2, 2: 5}, seed=3)
    assert Furglars.from_json(g.to_json()).chart == {0: 0, 1: 2, 2: 5}   # a save writes the keys as strings
