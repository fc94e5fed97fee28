"""The teacher's live page in headless Chromium: signed in by a one-use link, a new result shown within 2 s.

Chromium is Debian's (/usr/bin/chromium); without it the test is skipped
locally and fails with CI=true. The page loads nothing from another site.
"""

from __future__ import annotations

import os
import shutil
import time
from fractions import Fraction

import pytest

from furlib.classroom import Student
from furlib.core.stats import wilson_interval

#: The issue's promise: a result is on the teacher's page within 2 seconds of its acknowledgement.
LIVE_SECONDS = 2.0
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def chrome():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("chromium is missing (apt-get install chromium)")
        pytest.skip("chromium is missing (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


@pytest.mark.browser
def test_the_live_page_follows_the_class(server, teacher, chrome):
    code = teacher.open_class("count", {"trials": 20}, title="Furcles in 20 rolls", exact=Fraction(5, 6))
    Student(server.url, code, "Ada").submit_count(19, 20)
    context = chrome.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    outside = []
    page.on("request", lambda r: None if r.url.startswith(server.url) else outside.append(r.url))
    link = teacher.dashboard_url(code)
    page.goto(link)
    page.locator("body[data-sent='1']").wait_for(timeout=15_000)
    assert page.url == f"{server.url}/live/{code}"                  # the link left the address bar
    cookie, = context.cookies()
    assert (cookie["httpOnly"], cookie["sameSite"], cookie["path"]) == (True, "Strict", f"/live/{code}")
    assert page.locator("#share").inner_text() == "95.0%"
    assert page.locator("#exact").inner_text().startswith("Exact: 5/6 = 83.3%")

    latencies = []
    students = [Student(server.url, code, name) for name in ("Ben", "Cleo", "Dev")]
    for n, (student, hits) in enumerate(zip(students, (17, 16, 19)), start=2):
        student.submit_count(hits, 20)
        acknowledged = time.monotonic()
        page.locator(f"body[data-sent='{n}']").wait_for(timeout=LIVE_SECONDS * 1000)
        latencies.append(time.monotonic() - acknowledged)
    print(f"live page latencies: {', '.join(f'{s * 1000:.0f} ms' for s in latencies)}")
    low, high = wilson_interval(71, 80)
    assert page.locator("#share").inner_text() == f"{100 * 71 / 80:.1f}%"
    assert page.locator("#interval").inner_text() == f"95% interval (Wilson): {100 * low:.1f}% to {100 * high:.1f}%"
    assert page.locator("#count").inner_text() == "4 counts from 4 students (4 joined)"
    assert page.locator("#strip circle.dot").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 360           # nothing wider than a phone

    csv = page.request.get(server.url + page.locator("#csv").get_attribute("href"))
    assert csv.ok and csv.text().splitlines()[1].split(",")[1] == "Ada"           # the page's CSV, with its cookie
    page.locator("#close").click()
    page.locator("#close").click()                          # twice: the first asks again
    page.locator("#state.closed").wait_for(timeout=5000)
    with pytest.raises(ValueError, match=f"class {code} is closed"):
        students[0].submit_count(3, 20)
    assert outside == []                                    # nothing from another site (no CDN)

    again = chrome.new_page()                              # the link was used: it opens nothing any more
    answer = again.goto(link)
    assert answer.status == 401 and "used already or is out of date" in answer.text()
    assert again.goto(f"{server.url}/live/{code}").status == 401      # no cookie, no page
    again.close()
    context.close()


@pytest.mark.browser
def test_a_projector_gets_large_type(server, teacher, chrome):
    code = teacher.open_class("Furcle", {"target": 30, "players": 2})
    page = chrome.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(teacher.dashboard_url(code))
    page.locator("body[data-sent='0']").wait_for(timeout=15_000)
    size = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    big = page.evaluate("parseFloat(getComputedStyle(document.getElementById('share')).fontSize)")
    assert size >= 30 and big >= 100                        # readable from the back of a classroom
    assert page.locator("#seats tbody tr").count() == 2     # a game: a row per seat
    page.close()
