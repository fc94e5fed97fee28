"""The apps with the largest views, Thieves (the board) and Furry Poker (cards, the scoring table), are whole
in JupyterLab too, at 1400 px and at 420 px (a phone, with JupyterLab's file browser folded away as a person
on a phone would): every picture, button, field, table cell and label of the app lies inside the window and
inside every box that clips (JupyterLab's notebook panel scrolls and clips; Voilà's page does neither).

One JupyterLab serves copies of the play notebooks from a temporary folder (so its autosave never touches
notebooks/); its settings and workspaces go there too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import free_port, stop, wait_until_up
from .test_app_browser import OUTSIDE_JS, WHOLE

ROOT = Path(__file__).resolve().parents[2]
FIRST_TIMEOUT = 180_000  # ms: JupyterLab starts, then a kernel runs the notebook (2 busy cores)
RUN_STARTS = 20_000  # ms: from "Run All Cells" to a cell queued or run (Lab marks it at once, even when busy)
#: True once a cell of the notebook is queued ("[*]:") or has run ("[1]:").
STARTED = ("() => [...document.querySelectorAll('.jp-InputPrompt')]"
           ".some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))")

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("jupyterlab")]  # one Lab for both


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """``(url, folder)`` of a JupyterLab on the loopback serving a temporary folder."""
    folder = tmp_path_factory.mktemp("lab")
    home = tmp_path_factory.mktemp("lab-home")
    for name in ("thieves-play.ipynb", "poker-play.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    # every cell drawn, not only those near the scroll position (Lab's "windowing" hides the others)
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text('{"windowingMode": "none"}')
    port = free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    log = open(home / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={folder}", "--LabApp.news_url=",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_up(url + "lab", proc, what=f"jupyter lab (log: {home / 'lab.log'})")
        yield url, folder
    finally:
        stop(proc, timeout=20)
        log.close()


def accept_dialogs(page) -> list[str]:
    """Accept any dialog JupyterLab shows (on a slow start it may ask which kernel to use); return their texts."""
    texts = []
    for _ in range(3):
        dialog = page.locator(".jp-Dialog")
        if not dialog.count():
            break
        texts.append(dialog.first.inner_text().replace("\n", " ")[:200])
        page.locator(".jp-Dialog .jp-Dialog-footer button.jp-mod-accept").first.click()
        page.wait_for_timeout(500)
    return texts


@pytest.mark.parametrize("notebook", ["thieves-play.ipynb", "poker-play.ipynb"])
def test_the_app_is_whole_in_jupyterlab_at_1400_and_420_px(lab, chromium, notebook):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    url, _ = lab
    # the module's Chromium (tests/browser/conftest.py), in a browser context of its own
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(45_000)
        page.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])"), lambda route: route.abort())
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # a workspace of its own: only this notebook open, the file browser as Lab starts it
        page.goto(f"{url}lab/workspaces/{Path(notebook).stem}/tree/{notebook}", timeout=FIRST_TIMEOUT)
        expect(page.locator(".jp-Notebook")).to_be_visible(timeout=FIRST_TIMEOUT)
        # the kernel is up and idle before the cells are run
        expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_have_count(
            1, timeout=FIRST_TIMEOUT)
        app = page.locator(".furlib-app")
        dialogs: list[str] = []
        for _ in range(3):                                  # a menu click made while Lab still loads is lost
            dialogs += accept_dialogs(page)
            page.locator(".jp-Notebook").click()
            page.keyboard.press("Escape")
            page.get_by_role("menuitem", name="Run").click()
            page.locator(".lm-Menu").get_by_text("Run All Cells", exact=True).click()   # not the palette's
            try:    # the cells are queued at once ("[*]:"), so a lost click shows in seconds, not minutes
                page.wait_for_function(STARTED, timeout=RUN_STARTS)
                break
            except PlaywrightTimeout:
                continue
        expect(app).to_be_visible(timeout=FIRST_TIMEOUT)
        dialogs += accept_dialogs(page)
        expect(app.locator(".furlib-view svg").first).to_be_visible(timeout=FIRST_TIMEOUT)
        assert page.evaluate(OUTSIDE_JS, WHOLE) == [], f"cut off at 1400 px (dialogs accepted: {dialogs})"
        # a phone: fold the file browser away (its tab), as a person would, then narrow the window
        open_tab = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
        if open_tab.count():                                        # (Lab remembers it folded from before)
            open_tab.first.click()
        page.set_viewport_size({"width": 420, "height": 1000})
        page.wait_for_timeout(1000)                                     # JupyterLab lays itself out
        assert page.evaluate(OUTSIDE_JS, WHOLE) == [], "cut off at 420 px"
        assert not errors, errors
    finally:
        context.close()
