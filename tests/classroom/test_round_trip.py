"""A whole class against a real server: open, join, submit, results, close, export; counts pooled exactly."""

from __future__ import annotations

import csv
import json
from fractions import Fraction

import pytest

from furlib.classroom import Student
from furlib.core.stats import wilson_interval


def test_a_class_from_open_to_export(server, teacher, games, tmp_path):
    code = teacher.open_class("Furcle", {"target": 30, "players": 2}, title="Period 3")
    ada, ben = Student(server.url, code, "Ada"), Student(server.url, code.lower(), "Ben 2")
    assert (ada.game, ada.players, ada.rules["target"], ada.title) == ("Furcle", 2, 30, "Period 3")
    receipts = [ada.submit(g) for g in games[:3]] + [ben.submit(g) for g in games[3:5]]
    assert [(r.new, r.sent, r.yours) for r in receipts] == [(True, 1, 1), (True, 2, 2), (True, 3, 3),
                                                             (True, 4, 1), (True, 5, 2)]
    assert str(receipts[-1]) == f"Sent to class {code}: 5 games so far (2 from you)."

    results = teacher.results(code)
    assert list(results.columns) == ["id", "nickname", "time", "game", "rules", "seed", "winner", "winner_seat",
                                     "scores", "n_actions"]
    assert list(results.nickname) == ["Ada"] * 3 + ["Ben 2"] * 2
    assert list(results.seed) == [g.seed for g in games[:5]]
    assert list(results.winner) == [g.winner for g in games[:5]]
    assert list(results.winner_seat) == [g.players.index(g.winner) + 1 for g in games[:5]]
    assert list(results.scores) == [[g.scores["You"], g.scores["Bot"]] for g in games[:5]]
    assert list(results.n_actions) == [g.n_steps for g in games[:5]]
    assert set(results.game) == {"Furcle"} and json.loads(results.rules[0])["target"] == 30
    assert str(results.time.dt.tz) == "UTC"
    assert teacher.game(code, int(results.id[0])).to_json() == games[0].to_json()   # the save, replayed

    pooled = ada.pooled()                      # what a student sees: pooled figures, nobody's nickname
    first = sum(g.winner == "You" for g in games[:5])
    assert pooled["pooled"]["hits"] == first and pooled["pooled"]["tries"] == 5 and "dots" not in pooled
    assert (pooled["pooled"]["low"], pooled["pooled"]["high"]) == pytest.approx(wilson_interval(first, 5))
    assert [s["hits"] for s in pooled["seats"]] == [first, 5 - first] and "Ada" not in json.dumps(pooled)

    teacher.close_class(code)
    with pytest.raises(ValueError, match=f"class {code} is closed: nothing more can be sent"):
        ada.submit(games[5])
    with pytest.raises(ValueError, match=f"class {code} is closed"):
        Student(server.url, code, "Cy")
    path = teacher.export(code, tmp_path / "class.csv")
    rows = list(csv.DictReader(path.open()))
    assert [r["nickname"] for r in rows] == list(results.nickname)
    assert [int(r["seed"]) for r in rows] == list(results.seed) and [r["winner"] for r in rows] == list(results.winner)
    assert [json.loads(r["scores"]) for r in rows] == list(results.scores)
    assert all(r["hits"] == r["trials"] == "" for r in rows)
    assert len(teacher.results(code)) == 5                # the closed class keeps its results

    teacher.delete_class(code)
    with pytest.raises(ValueError, match=f"there is no class {code}"):
        teacher.results(code)


def test_a_class_pool_of_counts(server, teacher):
    code = teacher.open_class("count", {"trials": 20}, title="Furcles in 20 rolls", exact=Fraction(5, 6))
    counts = {"Ada": 19, "Ben": 17, "Cleo": 16, "Dev": 19}
    for name, hits in counts.items():
        Student(server.url, code, name).submit_count(hits, 20)
    assert teacher.counts(code) == "Ada: 19/20, Ben: 17/20, Cleo: 16/20, Dev: 19/20"
    results = teacher.results(code)
    assert list(results.columns) == ["id", "nickname", "time", "game", "rules", "hits", "trials"]
    assert list(results.hits) == [19, 17, 16, 19] and set(results.trials) == {20}
    student = Student(server.url, code, "Eve")
    pooled = student.pooled()
    assert pooled["pooled"]["hits"] == 71 and pooled["pooled"]["tries"] == 80
    assert (pooled["pooled"]["low"], pooled["pooled"]["high"]) == pytest.approx(wilson_interval(71, 80))
    assert pooled["exact"] == "5/6" and pooled["exact_value"] == pytest.approx(5 / 6)
    assert pooled["sent"] == 4 and pooled["joined"] == 5
    with pytest.raises(ValueError, match="this class counts out of 20 rolls each; this count is out of 10"):
        student.submit_count(5, 10)
    with pytest.raises(ValueError, match="collects counts \\(submit_count\\), not games"):
        from furlib import Furcle

        student.submit(Furcle(["You", "Bot"], target=30, seed=1).play())
    assert len(teacher.results(code)) == 4                # nothing from a refused count


def test_a_retried_request_and_a_repeated_game_count_once(server, teacher, games):
    code = teacher.open_class("Furcle", {"target": 30, "players": 2})
    ada, ben = Student(server.url, code, "Ada"), Student(server.url, code, "Ben")
    first = ada.submit(games[0], request_id="retry-0001")
    again = ada.submit(games[0], request_id="retry-0001")      # a retried request: answered, not counted again
    assert first.new and not again.new and first.id == again.id and again.sent == 1
    with pytest.raises(ValueError, match="this Idempotency-Key was used for another request"):
        ada.submit(games[1], request_id="retry-0001")
    repeat = ada.submit(games[0])                        # the same game with a new key: counted once
    assert not repeat.new and repeat.sent == 1 and str(repeat).startswith(f"Already in class {code} (it counts once)")
    with pytest.raises(ValueError, match="this very game \\(the same seed and moves\\) is in class .* already"):
        ben.submit(games[0])
    renamed = games[0].to_json().replace('"You"', '"Zed"')   # new names, the same game: still counted once
    with pytest.raises(ValueError, match="this very game"):
        ben.submit(renamed)
    assert len(teacher.results(code)) == 1


def test_nicknames_are_unique_without_regard_to_case(server, teacher):
    code = teacher.open_class("count")
    Student(server.url, code, "Ada")
    for taken in ("ada", "ADA", "Ａｄａ"):                   # the last in full-width letters
        with pytest.raises(ValueError, match=f"the nickname '{taken}' is taken in class {code}"):
            Student(server.url, code, taken)
    for bad, why in (("", "has 0 characters"), ("x" * 25, "has 25 characters"), ("Ada:", "holds ':'"),
                     (" Ada", "must start with a letter or a digit"), ("-A1", "must start with a letter or a digit"),
                     ("ada@school.org", "holds '@'")):
        with pytest.raises(ValueError, match=why):
            Student(server.url, code, bad)
    assert teacher.counts(code) == "" and len(teacher.results(code)) == 0
