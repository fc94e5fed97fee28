"""The documentation site builds with no warning, offline, and has its key pages.

One Sphinx build is shared by the checks below; it executes the notebooks of ``EXECUTED``, one of
each kind of output (nbmake executes every notebook in the same test run).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LESSONS = sorted((ROOT / "notebooks").glob("lesson-*.ipynb"))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

#: The notebooks this build runs (nbmake runs all of them in the same test run; ``python3 dev.py docs``
#: runs all of them for the real site): the start page, an app (its widget becomes a note), a lesson
#: with charts, cards (the poker tutorial) and a board (the lesson on Thieves' dice, which draws one in two
#: seconds where the Thieves tutorial takes fifteen).
EXECUTED = ("00-start-here", "furcle-play", "lesson-spread", "poker-tutorial", "lesson-thieves-dice")

# one worker builds the site once for all these checks (pytest-xdist runs with --dist loadgroup)
pytestmark = [pytest.mark.docs, pytest.mark.slow, pytest.mark.xdist_group("docs")]


@pytest.fixture(scope="module")
def site(tmp_path_factory, request) -> Path:
    if getattr(request.config.option, "loadgroup", False):   # an xdist worker under --dist loadgroup
        lost = [i.nodeid for i in request.session.items if i.path == Path(__file__) and not i.nodeid.endswith("@docs")]
        if lost:
            pytest.fail(f"--dist loadgroup did not keep the docs checks on one worker ({lost[0]} has no group), "
                        "so each worker would build the site (5 minutes each): pytest 9.2 with pytest-xdist 3.8 "
                        "loses the xdist_group marks (pytest-xdist issue 1386); use pytest<9.2, as pyproject.toml asks")
    out = tmp_path_factory.mktemp("site")
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-j", "auto", "-b", "html",
           "-d", str(out / "doctrees"), "docs", str(out / "html")]
    env = {**os.environ, "FURLIB_DOCS_EXECUTE": ",".join(EXECUTED)}
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    seconds = time.perf_counter() - start
    print(f"docs build: {seconds:.1f} s")
    print(*[line for line in proc.stdout.splitlines() if line.startswith("worksheets:")], sep="\n")
    assert proc.returncode == 0, (
        f"sphinx-build exited with {proc.returncode} after {seconds:.0f} s\n"
        f"--- stderr (last 60 lines) ---\n" + "\n".join(proc.stderr.splitlines()[-60:]))
    return out / "html"


def page(site: Path, name: str) -> str:
    path = site / name
    assert path.is_file(), f"{name} was not built; built pages: {sorted(p.name for p in site.rglob('*.html'))}"
    return path.read_text(encoding="utf-8")


def test_index_is_the_readme(site):
    html = page(site, "index.html")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", readme, flags=re.M)
    assert headings, "README.md has no second-level headings to look for"
    for h in headings:
        assert h.replace("!", "") in html.replace("!", ""), f"README section {h!r} is missing from index.html"
    assert 'href="rules.html"' in html, "the README's link to docs/rules.md should point at rules.html"


def test_games_page_lists_every_registered_game(site):
    from furlib.core import registry

    html = page(site, "games.html")
    for info in registry.games():
        assert info.title.replace("!", "") in html.replace("!", ""), f"{info.title} is missing from games.html"
        assert f"{info.package}.{info.name}" in html


def test_architecture_page_is_built(site):
    html = page(site, "architecture.html")
    for words in ("The registry", "Hidden information", "How to add a game", "What is optional"):
        assert words in html, f"architecture.html lacks the section {words!r}"


def test_rules_page_has_every_ruling(site):
    html = page(site, "rules.html")
    for h in re.findall(r"^## (.+)$", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), flags=re.M):
        title = h.replace("`", "").split("(")[0].strip()
        assert title in html, f"ruling section {h!r} missing from rules.html"
    assert "Beekin" in html and "target=50" in html


def test_api_page_documents_furcle(site):
    html = page(site, "api.html")
    for anchor in ["furlib.furcle.Furcle", "furlib.furcle.Furcle.play", "furlib.furcle.Furcle.legal_actions",
                   "furlib.furcle.score_roll", "furlib.furcle.furcle_probability", "furlib.furcle.bots.SatisfiedAt",
                   "furlib.core.Game", "furlib.core.stats.Estimate"]:
        assert f'id="{anchor}"' in html, f"{anchor} is not documented in api.html"


def test_api_page_documents_every_game_and_the_core(site):
    """Every registered game's class, default bot and app, and the building blocks a game author uses."""
    import furlib  # noqa: F401  (registers every game)
    from furlib.core import registry

    html = page(site, "api.html")
    assert len(registry.games()) >= 4, "the registry lists fewer than the four games"
    anchors = []
    for info in registry.games():
        anchors.append(f"{info.package}.{info.name}")
        bot = type(info.default_bot())
        anchors.append(f"{bot.__module__}.{bot.__qualname__}")
        anchors += [f"{info.package}.{path.replace(':', '.')}" for name, path in info.bots.items()
                    if name != "RandomBot"]
        if info.app:
            anchors.append(f"{info.package}.{info.app.replace(':', '.')}")
    anchors += ["furlib.core.registry.GameInfo", "furlib.core.registry.register",
                "furlib.core.app.settings.GameSettings", "furlib.core.show.cards_svg.card_svg",
                "furlib.core.show.board_svg.board_svg", "furlib.core.engine.chance.dice_outcomes",
                "furlib.core.show.page.game_page", "furlib.core.app.buttons.ActionButton", "furlib.core.words.act",
                "furlib.core.engine.secret.open_round", "furlib.core.engine.fixed.fixed",
                "furlib.core.app.widgets.GameApp",
                "furlib.core.app.widgets.GameApp.start",
                "furlib.lessons.Chart", "furlib.lessons.Prediction", "furlib.lessons.line_chart",
                "furlib.teaching.worksheet_of"]
    missing = [a for a in anchors if f'id="{a}"' not in html]
    assert not missing, f"not documented in api.html (docs/api.md): {missing}"


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks/*.ipynb yet (test_notebooks_clean checks the start notebook)")
def test_one_page_per_notebook_and_the_executed_ones_show_outputs(site):
    assert set(EXECUTED) <= {nb.stem for nb in NOTEBOOKS}, "EXECUTED names a notebook that is not there"
    for nb in NOTEBOOKS:
        html = page(site, f"notebooks/{nb.stem}.html")
        if nb.stem in EXECUTED:
            assert 'class="cell_output' in html, f"notebooks/{nb.stem}.html shows no output: was it executed?"
        else:
            assert 'class="cell_output' not in html, f"notebooks/{nb.stem}.html was executed, not only built"
    assert "furlib-widget-note" in page(site, "notebooks/furcle-play.html"), "the app's widget should be a note"
    index = page(site, "notebooks.html")
    for nb in NOTEBOOKS:
        assert f'href="notebooks/{nb.stem}.html"' in index, f"notebooks.html does not link {nb.stem}"


def _in_ci() -> bool:
    """CI=true (or 1, yes): as ``in_ci()`` of tests/conftest.py, where a missing browser fails instead of skipping."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def _boxes(element) -> int:
    return sum("box" in (d.get("class") or "").split() for d in element.iter("div"))


def _predictions_on(sheet_html: str) -> tuple[list[tuple[str, int]], int]:
    """A worksheet page's predictions (each question and the boxes in the row after it), and all its boxes."""
    body = ElementTree.fromstring(sheet_html.replace("<!DOCTYPE html>", "").replace("&nbsp;", "&#160;")).find("body")
    found, children = [], list(body)
    for p, row in zip(children, children[1:]):
        if p.tag == "p" and row.tag == "div" and row.get("class") == "row":
            found.append((p.text, _boxes(row)))
    return found, _boxes(body)


@pytest.mark.skipif(not LESSONS, reason="no notebooks/lesson-*.ipynb yet")
def test_every_lesson_has_its_worksheet_on_the_site(site):
    """HTML always, with a box for each prediction and result; a PDF too when a Chromium is found (always in CI)."""
    from furlib import teaching

    index = page(site, "worksheets.html")
    chromium = teaching.find_chromium()
    for nb in LESSONS:
        sheet = teaching.worksheet_of(nbformat.read(nb, as_version=4))
        html = page(site, f"worksheets/{nb.stem}.html")
        assert f'href="worksheets/{nb.stem}.html"' in index, f"worksheets.html does not link {nb.stem}.html"
        predictions, boxes = _predictions_on(html)
        assert predictions == [(q, 2 + sheet.has_exact(i)) for i, q in enumerate(sheet.predictions)], (
            f"worksheets/{nb.stem}.html: a box for each prediction of the lesson (mine, simulated, and exact if the "
            "lesson gives the exact answer)")
        exact = sum(sheet.has_exact(i) for i in range(len(sheet.predictions)))
        assert boxes == (len(sheet.questions) + 2 * len(sheet.predictions) + exact + len(sheet.sections)
                         + len(sheet.tries)), nb.stem
        pdf = site / "worksheets" / f"{nb.stem}.pdf"
        if chromium is not None:
            assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF"), f"worksheets/{nb.stem}.pdf is no PDF"
            assert f'href="worksheets/{nb.stem}.pdf"' in index, f"worksheets.html does not link {nb.stem}.pdf"
        else:
            assert f'href="worksheets/{nb.stem}.pdf"' not in index, f"{nb.stem}.pdf linked but not printed"
    if chromium is None:
        message = "no Chromium found (apt-get install chromium, or set FURLIB_CHROMIUM): PDF worksheets not checked"
        if _in_ci():
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)


def test_no_widget_state_in_pages(site):
    heavy = [p.relative_to(site).as_posix() for p in site.rglob("*.html") if WIDGET_STATE in p.read_text("utf-8")]
    assert not heavy, f"pages embedding saved widget state (see docs/conf.py): {heavy}"


def test_only_notebooks_from_the_repo_are_copied(site):
    copies = sorted(p.name for p in (ROOT / "docs" / "notebooks").glob("*.ipynb"))
    assert copies == [p.name for p in NOTEBOOKS]


SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED_RULES.is_file(),
                    reason="the design notes (../shared/RULES.md) are not beside this clone")
def test_rules_page_is_the_current_rulings():
    """docs/rules.md is RULES.md with only its opening line about where the rulebooks are changed."""
    ours = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
    theirs = SHARED_RULES.read_text(encoding="utf-8").splitlines()
    assert ours[4:] == theirs[3:], "docs/rules.md differs from ../shared/RULES.md: copy the new rulings in"
