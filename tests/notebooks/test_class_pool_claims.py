"""What notebooks/class-pool.ipynb says: the example class's pooled rolls, its interval and the typo messages."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from furlib.core.stats import wilson_interval
from furlib.furcle import furcle_probability
from furlib.lessons import parse_counts, pool

NOTEBOOK = "class-pool.ipynb"


@pytest.fixture(scope="module")
def example(nb):
    cell = next(c.source for c in nb.cells if c.cell_type == "code" and c.source.startswith("counts = "))
    return re.search(r'"""(.*)"""', cell, re.S).group(1)


def test_the_exact_chance(nb):
    assert furcle_probability(2) == Fraction(5, 6)
    nb.says("two dice make a Furcle (two different faces) 5 times in 6")
    nb.runs("pool(counts, exact=furcle_probability(2))", "class_pool.chart()")


def test_the_example_class(nb, example):
    entries = parse_counts(example)
    assert len(entries) == 12 and all(n == 20 for _, _, n in entries)
    shares = [k / n for _, k, n in entries]
    assert (min(shares), max(shares)) == (0.70, 0.95)
    p = pool(example, furcle_probability(2))
    low, high = p.interval
    assert (p.successes, p.tries) == (205, 240) and f"{p.estimate:.3f}" == "0.854"
    assert (f"{low:.3f}", f"{high:.3f}") == ("0.804", "0.893") and low <= 5 / 6 <= high
    nb.says("an example class of 12", "(in the example, from 14/20 = 0.70 to 19/20 = 0.95)",
            "The line printed above gives the pooled share, its 95% interval and the exact 5/6 ≈ 0.833: does your "
            "class's interval catch it?",
            "In the example, the pooled share is 205/240 ≈ 0.854, and its 95% interval, 0.804 to 0.893, catches 5/6")
    nb.never_says("all over the place: from 14/20")         # a class's own entries change it: said of the example
    assert str(p).endswith("pooled estimate 0.854 (95% interval 0.804 to 0.893); exact 0.833")


def wilson_miss(rolls, p=Fraction(5, 6)):
    """The exact chance that the pool's 95% interval (Wilson) of `rolls` fair rolls misses p: every count, weighted
    by its binomial chance."""
    p = float(p)
    return sum(math.comb(rolls, k) * p ** k * (1 - p) ** (rolls - k) for k in range(rolls + 1)
               if not wilson_interval(k, rolls)[0] <= p <= wilson_interval(k, rolls)[1])


def test_about_1_class_in_20_misses(nb, example):
    """Audit 1.6: "about 1 class in 20 will see its interval miss 5/6, with perfectly fair dice", exactly."""
    nb.says("A 95% interval is a method that catches the true value in 95 of 100 samples, so about 1 class in 20 will "
            "see its interval miss 5/6, with perfectly fair dice")
    p = pool(example, furcle_probability(2))
    assert p.interval == wilson_interval(205, 240)                  # the pool's interval is Wilson's
    assert f"{wilson_miss(240):.3f}" == "0.046" and round(1 / wilson_miss(240)) == 22      # the example's 240 rolls
    # any class of 5 to 40 students, 20 rolls each: Wilson's miss chance wobbles with the class size, from 1 in 28 to
    # 1 in 17, about 1 in 20 on average
    misses = [wilson_miss(20 * students) for students in range(5, 41)]
    assert 1 / 30 < min(misses) and max(misses) < 1 / 16 and 0.045 < sum(misses) / len(misses) < 0.055


def test_one_students_20_rolls(nb, example):
    """Audit 1.6: "they might give 14 Furcles, or 19": each is a common count of 20 fair rolls, and most students land
    from 14 to 19 (as in the example class)."""
    nb.says("One student's 20 rolls cannot check that: they might give 14 Furcles, or 19")
    chance = {k: math.comb(20, k) * Fraction(5, 6) ** k * Fraction(1, 6) ** (20 - k) for k in range(21)}
    assert chance[14] > Fraction(1, 20) and chance[19] > Fraction(1, 20)
    assert f"{float(sum(chance[k] for k in range(14, 20))):.2f}" == "0.94"
    assert {k for _, k, _ in parse_counts(example)} >= {14, 19}


def test_the_typos_are_named_in_the_teachers_notes(nb):
    with pytest.raises(ValueError, match=r"entry 2 \('Ben: 17/2O'\) is not a count like 7/20 or 'Ann: 7/20'"):
        pool("Ada: 19/20, Ben: 17/2O, Cleo: 16/20")
    with pytest.raises(ValueError, match=r"entry 2 \('Ben: 21/20'\): 21 successes out of 20 tries is more than the "
                                         "tries"):
        pool("Ada: 19/20, Ben: 21/20")
    nb.says("`pool(\"Ada: 19/20, Ben: 17/2O, Cleo: 16/20\")` (a letter O for a zero) says entry 2 ('Ben: 17/2O') is "
            "not a count like 7/20 or 'Ann: 7/20'",
            "`pool(\"Ada: 19/20, Ben: 21/20\")` says entry 2 ('Ben: 21/20'): 21 successes out of 20 tries is more "
            "than the tries")


def test_the_worksheet_has_the_tally_and_the_count_and_no_teacher_section(nb):
    from furlib.teaching import is_teacher_cell, student_version, worksheet_html, worksheet_of

    typos = next(c for c in nb.cells if c.source.startswith("## When an entry is mistyped"))
    assert is_teacher_cell(typos)
    student = student_version(nbformat.read(nb.path, as_version=4))
    assert "When an entry is mistyped" not in "\n".join(c.source for c in student.cells)
    sheet = worksheet_of(nbformat.read(nb.path, as_version=4))
    assert sheet.sections == ["Your 20 rolls", "Furcles out of 20", "The class's rolls, pooled"]
    page = worksheet_html(sheet)
    assert "a mark for each of the 20 rolls, circled when the two faces differ" in page
    assert "your Furcles out of 20, for example 17 / 20" in page and "mistyped" not in page


def test_the_order_does_not_change_the_end(example):
    entries = parse_counts(example)
    reordered = ", ".join(f"{name}: {k}/{n}" for name, k, n in reversed(entries))
    assert pool(reordered).running()[-1] == pool(example).running()[-1]
    assert pool(reordered).running()[0] != pool(example).running()[0]


def test_two_dice_in_the_app_need_the_beekin_off(nb):
    nb.says("or Oh Furcle! in the app with two dice and no Beekin (a Beekin would rescue some Furcles: with it, "
            "only 5 rolls in 9 stay Furcles)",
            "the chance of a Furcle falls from 5/6 to 5/9 (`furcle_probability(2, beekin=True)`)")
    from furlib import Furcle

    assert furcle_probability(2, beekin=True) == Fraction(5, 9)
    g = Furcle(["Me"], n_dice=2, beekin=False, seed=1)
    assert g.n_dice == 2 and not g.beekin_available


def test_the_teacher_key_answers_every_try_it(nb, example):
    import math

    nb.says("(1) yes, the line ends at the same place (the same rolls are pooled: 205/240 in the example), but it "
            "takes another path",
            "with three dice the exact chance is 5/9 ≈ 0.556",
            "the standard deviation of one roll, √(p(1 − p)), is 0.50 against 0.37",
            "(3) twice the rolls make the interval about 1/√2 ≈ 0.71 times as wide")
    assert furcle_probability(3) == Fraction(5, 9) and f"{5 / 9:.3f}" == "0.556"
    assert (f"{math.sqrt(5 / 9 * 4 / 9):.2f}", f"{math.sqrt(5 / 6 * 1 / 6):.2f}") == ("0.50", "0.37")
    one = pool(example)
    two = pool(example + ", " + example)               # two classes with the same counts: twice the rolls
    ratio = (two.interval[1] - two.interval[0]) / (one.interval[1] - one.interval[0])
    assert abs(ratio - 1 / math.sqrt(2)) < 0.02 and f"{1 / math.sqrt(2):.2f}" == "0.71"
    assert (one.successes, one.tries) == (205, 240)


# ------------------------------------------------------------------ the live mode, against a real class server
KEY = "claims-teacher-key-0123456789"


@pytest.fixture
def class_server(tmp_path):
    """A class server (python -m furlib.classroom serve) on a free port, stopped after the test."""
    pytest.importorskip("starlette", reason="the live mode needs the classroom extra")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-m", "furlib.classroom", "serve", "--db", str(tmp_path / "c.db"),
                             "--port", str(port)], cwd=root, env={**os.environ, "FURLIB_TEACHER_KEY": KEY},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            assert proc.poll() is None, "the class server exited"
            try:
                with urllib.request.urlopen(url + "/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_live_mode_pools_what_the_class_sent(nb, example, class_server):
    """The example class sends its counts live (Lena from the notebook's cell): the pool is the example's."""
    from furlib.classroom import Student, Teacher

    teacher = Teacher(class_server, KEY)
    code = teacher.open_class("count", {"trials": 20}, title="Furcles in 20 rolls", exact=furcle_probability(2))
    entries = parse_counts(example)
    for name, hits, rolls in entries[:-1]:
        Student(class_server, code, name).submit_count(hits, rolls)
    assert entries[-1] == ("Lena", 17, 20)
    printed, space = nb.execute(('CLASS_SERVER = ""', f'CLASS_SERVER = "{class_server}"'),
                                ('CLASS_CODE = ""', f'CLASS_CODE = "{code}"'), ('NICKNAME = ""', 'NICKNAME = "Lena"'),
                                ('TEACHER_KEY = ""', f'TEACHER_KEY = "{KEY}"'))
    assert f"Sent to class {code}: 12 counts so far (1 from you)." in printed
    assert space["counts"] == ", ".join(f"{n}: {k}/{t}" for n, k, t in entries)
    live = space["class_pool"]
    assert (live.successes, live.tries) == (205, 240) and str(live) == str(pool(example, furcle_probability(2)))
    nb.says("type its address, the class code and a nickname in the cell under Furcles out of 20 and run it. The "
            "count appears on the teacher's screen at once, pooled with the class's",
            "Live, the teacher puts the teacher key in `TEACHER_KEY` instead, and the next cell fetches the counts "
            "the class sent")


def test_the_dashboard_link_works_once_within_2_minutes(nb, class_server, tmp_path):
    """Audit 1.6: "the link works once, within 2 minutes": the server gives the link 120 s, and a link is refused
    once used or once its time is up."""
    from furlib.classroom import Teacher
    from furlib.classroom.limits import LINK_SECONDS
    from furlib.classroom.store import Store

    nb.says("Put `teacher.dashboard_url(code)` on the projector (the link works once, within 2 minutes)")
    assert LINK_SECONDS == 120
    teacher = Teacher(class_server, KEY)
    code = teacher.open_class("count", {"trials": 20}, title="Furcles in 20 rolls", exact=furcle_probability(2))
    ask = urllib.request.Request(f"{class_server}/api/classes/{code}/dashboard", data=b"{}", method="POST",
                                 headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    with urllib.request.urlopen(ask, timeout=10) as answer:
        assert json.load(answer)["expires_in"] == 120

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(Stay)
    link = teacher.dashboard_url(code)
    with pytest.raises(urllib.error.HTTPError) as first:
        opener.open(link, timeout=10)
    assert first.value.code == 303                                  # the first use signs in (a redirect to the page)
    with pytest.raises(urllib.error.HTTPError) as second:
        opener.open(link, timeout=10)
    assert second.value.code == 401                                 # the second is refused
    store = Store(tmp_path / "c.db")                                # the server's database: a link's clock
    try:
        now = time.time()
        store.add_pass("link-a", code, "link", now + LINK_SECONDS)
        store.add_pass("link-b", code, "link", now + LINK_SECONDS)
        assert store.use_link("link-a", code, now + LINK_SECONDS - 1)       # within 2 minutes: works
        assert not store.use_link("link-b", code, now + LINK_SECONDS + 1)   # after: refused
    finally:
        store.close()


def test_the_board_mode_needs_no_server(nb):
    printed, space = nb.execute()
    assert "No class server: write your entry on the board, for example Ada: 17/20" in printed
    assert (space["class_pool"].successes, space["class_pool"].tries) == (205, 240)
    nb.says("No server is needed for the board: the notebook is the whole tool.")
