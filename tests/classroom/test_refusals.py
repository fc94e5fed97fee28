"""What the server refuses, with a JSON error naming why, and stores nothing from: forged saves, wrong keys, limits."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from furlib import Furcle, Furglars
from furlib.classroom import Student, Teacher
from furlib.classroom import limits as L
from furlib.furcle import Dice

from .conftest import ALLOWED_ORIGIN, KEY


def raw(url, method="GET", body=None, headers=None):
    """``(status, JSON answer, headers)`` of one request, refused or not."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null"), answer.headers
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), e.headers


def joined(server, code, nickname):
    """A student's token, from a join made with the raw API (as a script in another language would)."""
    status, doc, _ = raw(f"{server.url}/api/classes/{code}/join", "POST", json.dumps({"nickname": nickname}).encode())
    assert status == 201
    return doc["token"]


def edited(save: str, change) -> str:
    doc = json.loads(save)
    change(doc)
    return json.dumps(doc)


@pytest.fixture
def furcle_class(server, teacher):
    code = teacher.open_class("Furcle", {"target": 30, "players": 2})
    return code, Student(server.url, code, "Ada")


def send(student, text):
    return student.submit(text)


def test_forged_and_foreign_saves_are_refused_naming_why(teacher, games, furcle_class):
    code, ada = furcle_class
    save = games[0].to_json()
    first_roll = json.loads(save)["actions"][0]["faces"]
    lucky = [6] * len(first_roll) if first_roll != [6] * len(first_roll) else [5] * len(first_roll)

    def rolled_by_hand(doc):            # a roll set by hand (rng false) at the game's first chance point
        doc["actions"][0] = {"rng": False, "type": "Dice", "faces": lucky}

    hand = Furcle(["You", "Bot"], target=30, seed=games[0].seed)
    hand.apply(Dice(tuple(lucky)))
    hand.play()
    cases = [
        (edited(save, lambda d: d["actions"][0].update(faces=lucky)),              # an edited roll
         "saved action 0: the seed rolls .*, the save says"),
        (edited(save, lambda d: d["actions"].pop()), "not a valid Furcle save"),  # an action removed
        (edited(save, lambda d: d["params"].update(target=20)), "not a valid Furcle save"),
        (hand.to_json(), "action 0 .* was set by hand, not drawn by the game's roll from its seed"),
        (Furglars(seed=1).play().to_json(), "this is a saved 'Furglars' game, not 'Furcle'"),
        (Furcle(["You", "Bot"], target=50, seed=1).play().to_json(),
         "this game's rules differ from the class's: target is 50, the class plays with 30"),
        (Furcle(["A", "B", "C"], target=30, seed=1).play().to_json(),
         "this game has 3 players; the class plays with 2"),
        (Furcle(["You", "Bot"], target=30, seed=1).to_json(), "this Furcle game is not finished"),
        ("not json", "not a valid Furcle save"),
    ]
    assert hand.is_over
    for text, why in cases:
        with pytest.raises(ValueError, match=why) as e:
            send(ada, text)
        assert e.value.status in (409, 422) and str(e.value).startswith("the class server refused: ")
    assert len(teacher.results(code)) == 0                           # nothing stored from any of them
    assert send(ada, save).new                                    # the true save still counts


def test_the_json_errors_name_what_was_refused(server, teacher, furcle_class, games):
    code, _ = furcle_class
    api = f"{server.url}/api/classes/{code}"
    token = joined(server, code, "Raw")
    status, doc, _ = raw(f"{api}/games", "POST", games[0].to_json().encode(), {"Authorization": f"Bearer {token}"})
    assert status == 400 and "Idempotency-Key None is not" in doc["error"]
    big = b"x" * (L.MAX_SMALL_BODY + 1)
    status, doc, _ = raw(f"{api}/join", "POST", big, {"Content-Type": "application/json"})
    assert status == 413 and doc["limit"] == "MAX_SMALL_BODY" and "at most 16,384" in doc["error"]
    status, doc, _ = raw(f"{api}/games", "POST", b"{}", {"Authorization": f"Bearer {token}",
                                                         "Content-Length": str(L.MAX_GAME_BODY + 1)})
    assert status == 413 and doc["limit"] == "MAX_GAME_BODY"          # refused on its length, before reading it
    for nickname, why in (("Ada:", "holds ':'"), ("x" * 25, "MAX_NICKNAME"), (7, "a nickname is text")):
        status, doc, _ = raw(f"{api}/join", "POST", json.dumps({"nickname": nickname}).encode())
        assert status == 400 and why in doc["error"]
    status, doc, _ = raw(f"{server.url}/api/classes/ABCD/join", "POST", b'{"nickname": "Bo"}')
    assert status == 404 and "there is no class ABCD" in doc["error"]
    status, doc, _ = raw(f"{server.url}/api/classes/abcd/join", "POST", b'{"nickname": "Bo"}')
    assert status == 400 and "is not a class code" in doc["error"]
    status, doc, _ = raw(f"{server.url}/no/such/page")
    assert status == 404 and "Not Found" in doc["error"]
    assert len(teacher.results(code)) == 0 and teacher.counts(code) == ""


def test_teacher_routes_need_the_key(server, teacher, furcle_class):
    code, ada = furcle_class
    with pytest.raises(ValueError, match="the teacher key is wrong") as e:
        Teacher(server.url, "not-the-key-at-all").results(code)
    assert e.value.status == 403
    for method, path in (("GET", "results"), ("GET", "results.csv"), ("POST", "close"), ("POST", "dashboard"),
                         ("DELETE", "")):
        status, doc, _ = raw(f"{server.url}/api/classes/{code}/{path}".rstrip("/"), method, b"{}" if method == "POST"
                             else None)
        assert status == 401 and "this route is the teacher's" in doc["error"], path
    status, doc, _ = raw(f"{server.url}/api/classes", "POST", b'{"game": "count"}', {"Authorization": "Bearer " + "x"})
    assert status == 403
    with pytest.raises(ValueError, match="the teacher key is wrong"):       # a student's token is no teacher key
        Teacher(server.url, joined(server, code, "Sly")).close_class(code)
    assert teacher.results(code).empty and Student(server.url, code, "Bo").code == code   # still open


def test_a_student_sends_only_to_their_class(server, teacher, games):
    one, two = teacher.open_class("Furcle", {"target": 30, "players": 2}), teacher.open_class("count")
    token = joined(server, one, "Ada")
    status, doc, _ = raw(f"{server.url}/api/classes/{two}/counts", "POST", b'{"hits": 1, "trials": 2}',
                         {"Authorization": f"Bearer {token}", "Idempotency-Key": "other-class-1"})
    assert status == 401 and f"not a student of class {two}" in doc["error"]
    status, doc, _ = raw(f"{server.url}/api/classes/{one}/pooled")
    assert status == 401
    assert teacher.counts(two) == ""


def test_bad_class_rules_are_refused(teacher):
    for game, params, why in (("Chess", None, "no game called 'Chess'"),
                              ("Furcle", {"target": 0}, "these rules of Furcle are refused by the game"),
                              ("count", {"trials": 0}, "trials must be a whole number from 1 to 10,000"),
                              ("count", {"sides": 6}, "a count class takes only the rule 'trials'")):
        with pytest.raises(ValueError, match=why):
            teacher.open_class(game, params)
    with pytest.raises(ValueError, match="exact must be a chance from 0 to 1"):
        teacher.open_class("count", exact="7/6")
    with pytest.raises(ValueError, match="expires_in must be a whole number of seconds from 60"):
        teacher.open_class("count", expires_in=5)


def test_the_rate_limit_per_student(server, teacher):
    code = teacher.open_class("count", {"trials": 20})
    ada = Student(server.url, code, "Ada")
    refused, sent = [], 0
    for _ in range(L.STUDENT_BURST + 30):               # faster than 2 a second: the burst of 30 runs out
        try:
            ada.submit_count(10, 20)
            sent += 1
        except ValueError as e:
            refused.append(e)
    assert refused and all(e.status == 429 and e.limit == "STUDENT_RATE" for e in refused)
    assert "too many requests from you: wait" in str(refused[0])
    assert len(teacher.results(code)) == sent            # every acknowledged count, nothing from a refused one
    ben = Student(server.url, code, "Ben")             # another student of the class is not held up
    assert ben.submit_count(3, 20).sent == sent + 1


def test_cors_only_for_the_origins_allowed(server):
    for origin, allowed in ((ALLOWED_ORIGIN, True), ("https://evil.example", False)):
        request = urllib.request.Request(f"{server.url}/api/classes/ABCD/join", method="OPTIONS", headers={
            "Origin": origin, "Access-Control-Request-Method": "POST"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                headers = answer.headers
        except urllib.error.HTTPError as e:
            headers = e.headers
        assert (headers.get("access-control-allow-origin") == origin) is allowed


def test_the_key_is_kept_only_as_a_salted_hash(server):
    import sqlite3

    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        stored = dict(db.execute("SELECT name, value FROM meta").fetchall())
        tokens = [t for (t,) in db.execute("SELECT token FROM students")]
    assert set(stored) == {"key_salt", "key_hash"} and KEY not in json.dumps(stored)
    assert len(stored["key_hash"]) == 64 and len(stored["key_salt"]) == 32
    assert all(len(t) == 64 for t in tokens)                   # students' tokens: SHA-256 hashes only
