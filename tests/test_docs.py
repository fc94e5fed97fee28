"""The documentation site builds with no warning, offline, and has its key pages.

One Sphinx build (executing every notebook) is shared by the checks below.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# one worker builds the site once for all these checks (pytest-xdist runs with --dist loadgroup)
pytestmark = [pytest.mark.docs, pytest.mark.slow, pytest.mark.xdist_group("docs")]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-j", "auto", "-b", "html",
           "-d", str(out / "doctrees"), "docs", str(out / "html")]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    seconds = time.perf_counter() - start
    print(f"docs build: {seconds:.1f} s")
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


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks/*.ipynb yet (test_notebooks_clean checks the start notebook)")
def test_one_executed_page_per_notebook(site):
    for nb in NOTEBOOKS:
        html = page(site, f"notebooks/{nb.stem}.html")
        assert 'class="cell_output' in html, f"notebooks/{nb.stem}.html shows no output: was it executed?"
    index = page(site, "notebooks.html")
    for nb in NOTEBOOKS:
        assert f'href="notebooks/{nb.stem}.html"' in index, f"notebooks.html does not link {nb.stem}"


def test_no_widget_state_in_pages(site):
    heavy = [p.relative_to(site).as_posix() for p in site.rglob("*.html") if WIDGET_STATE in p.read_text("utf-8")]
    assert not heavy, f"pages embedding saved widget state (see docs/conf.py): {heavy}"


def test_only_notebooks_from_the_repo_are_copied(site):
    copies = sorted(p.name for p in (ROOT / "docs" / "notebooks").glob("*.ipynb"))
    assert copies == [p.name for p in NOTEBOOKS]


SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED_RULES.is_file(), reason="the design notes (../shared/RULES.md) are not beside this clone")
def test_rules_page_is_the_current_rulings():
    """docs/rules.md is RULES.md with only its opening line about where the rulebooks are changed."""
    ours = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
    theirs = SHARED_RULES.read_text(encoding="utf-8").splitlines()
    assert ours[4:] == theirs[3:], "docs/rules.md differs from ../shared/RULES.md: copy the new rulings in"
