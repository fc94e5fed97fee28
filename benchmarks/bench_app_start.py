"""How long until each app is playable in Voilà, against a notebook holding one ipywidgets button.

Each notebook is served by its own Voilà and opened in headless Chromium
(Debian's ``chromium``); the time is from the page request until the app's
first move button is enabled (for the baseline: until its one button shows).
Pairs are measured back to back (baseline, then app) so that the machine's
drift hits both alike, and each app's figure is the median of its pairs'
ratios. Run::

    python benchmarks/bench_app_start.py            # 3 pairs per app
    python benchmarks/bench_app_start.py --repeat 5 --load 2   # with 2 busy processes beside it

``--load N`` starts N processes that spin (a loaded machine, as a classroom
server or CI is); ``--shots DIR`` saves a screenshot of each app at 1400 and
420 px. Needs Chromium (``FURLIB_CHROMIUM`` or /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]

#: notebook -> CSS selector of the button that is enabled once the app can be played
APPS = {
    "furcle-play.ipynb": "button.furlib-roll",
    "furglars-play.ipynb": "button.furlib-roll",
    "poker-play.ipynb": "button.furlib-action-0",
    "thieves-play.ipynb": "button.furlib-action-0",
}
BASELINE = "import ipywidgets as widgets\nwidgets.Button(description='Go')"


def _spin(stop) -> None:  # pragma: no cover - a load for the machine
    while not stop.is_set():
        sum(range(10_000))


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(notebook: Path) -> tuple[subprocess.Popen, str]:
    port = _port()
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    end = time.monotonic() + 180
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise TimeoutError(f"voila did not answer for {notebook}")


def _baseline_notebook(folder: Path) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(BASELINE)]
    path = folder / "one-button.ipynb"
    nbformat.write(nb, path)
    return path


def time_to_playable(browser, notebook: Path, selector: str, shots: Path | None = None) -> tuple[float, list]:
    """Seconds from the page request until ``selector`` is enabled; and the page's errors."""
    proc, url = _serve(notebook)
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])"), lambda route: route.abort())
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # console errors, less the requests this page may not make (Voila asks a CDN for icon fonts)
        page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text
                and errors.append(m.text))
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=180_000)
        page.wait_for_selector(f"{selector}:enabled", timeout=180_000)
        took = time.perf_counter() - start
        if shots is not None:
            page.wait_for_timeout(1500)
            page.screenshot(path=str(shots / f"{notebook.stem}-1400.png"), full_page=True)
            page.set_viewport_size({"width": 420, "height": 1000})
            page.wait_for_timeout(1000)
            page.screenshot(path=str(shots / f"{notebook.stem}-420.png"), full_page=True)
        page.close()
        return took, errors
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="pairs per app (default 3)")
    parser.add_argument("--load", type=int, default=0, help="busy processes beside the browser (default 0)")
    parser.add_argument("--shots", type=Path, default=None, help="save screenshots of each app here")
    parser.add_argument("apps", nargs="*", default=list(APPS), help="play notebooks to time (default: all)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("FURLIB_CHROMIUM", "/usr/bin/chromium")
    stop = multiprocessing.Event()
    load = [multiprocessing.Process(target=_spin, args=(stop,), daemon=True) for _ in range(args.load)]
    for p in load:
        p.start()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    print(f"# {args.repeat} pairs per app, {args.load} busy processes, {os.cpu_count()} cores")
    try:
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
            base_nb = _baseline_notebook(Path(tmp))
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
            print("| app | app (s), median | one button (s), median | ratio, median (range) | page errors |")
            print("|---|---|---|---|---|")
            for name in args.apps:
                pairs = []
                errors: list[str] = []
                for i in range(args.repeat):
                    base, _ = time_to_playable(browser, base_nb, "button.jupyter-button")
                    took, errs = time_to_playable(browser, NOTEBOOKS / name, APPS[name],
                                                  args.shots if i == 0 else None)
                    errors += errs
                    pairs.append((took, base))
                ratios = sorted(t / b for t, b in pairs)
                print(f"| {name} | {statistics.median(t for t, _ in pairs):.1f} | "
                      f"{statistics.median(b for _, b in pairs):.1f} | {statistics.median(ratios):.1f} "
                      f"({ratios[0]:.1f} to {ratios[-1]:.1f}) | {len(errors)} |", flush=True)
                for e in dict.fromkeys(errors):
                    print(f"    error: {e[:200]}")
            browser.close()
    finally:
        stop.set()
        for p in load:
            p.join(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
