"""PDF worksheets: HTML pages printed by a headless Chromium (:func:`find_chromium`, ``$FURLIB_CHROMIUM`` first).

:func:`html_to_pdfs` prints many pages with one launch (through playwright, imported only there), and
falls back to :func:`html_to_pdf`, one ``--print-to-pdf`` launch a page; without a Chromium both print
:data:`NO_CHROMIUM` and write nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from ..core.errors import excerpt
from .checks import _path

#: What is printed (and logged) when no Chromium is found to print the PDF worksheets.
NO_CHROMIUM = "no Chromium found (apt-get install chromium, or set FURLIB_CHROMIUM): PDF worksheets skipped"


def find_chromium() -> str | None:
    """A Chrome or Chromium executable (``$FURLIB_CHROMIUM`` first), or None."""
    env = os.environ.get("FURLIB_CHROMIUM")
    if env and Path(env).is_file():
        return env
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def html_to_pdf(page: Path | str, pdf: Path | str, chromium: str | None = None) -> bool:
    """Print an HTML file to PDF with headless Chromium; False (and a message) when there is none.

    ``page``, ``pdf`` (and ``chromium``, the executable) are paths, str or pathlib.Path.
    """
    page, pdf = _path("page", page), _path("pdf", pdf)
    chromium = _chromium(chromium)
    if chromium is None:
        print(NO_CHROMIUM, file=sys.stderr)
        return False
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.resolve().as_uri()],
                   check=True, capture_output=True, timeout=120)
    return pdf.is_file()


#: Paper margins of the PDF worksheets (Chromium's own default when it prints from the command line).
PDF_MARGIN = "1cm"


def _chromium(chromium: object) -> str | None:
    """The Chromium to use: ``chromium`` if it is a path, :func:`find_chromium` for None; else a ValueError."""
    if chromium is None or chromium == "":
        return find_chromium()
    checked = _path("chromium", chromium)    # a str or a PathLike, or a ValueError naming it
    # a text as given: str(Path("./chromium")) drops the "./", and the name would then be looked up on PATH
    return chromium if isinstance(chromium, str) else str(checked)


def _pairs(pages: object) -> list[tuple[Path, Path]]:
    """``pages`` as a list of ``(html, pdf)`` Paths; a ValueError names anything that is not such a pair."""
    if isinstance(pages, (str, bytes)) or not isinstance(pages, Iterable):
        raise ValueError(f"pages must be a list of (html, pdf) pairs of paths, got {excerpt(pages)}")
    pairs = []
    for pair in pages:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ValueError(f"pages must hold (html, pdf) pairs of paths, got {excerpt(pair)} among them")
        pairs.append((_path("an html page", pair[0]), _path("a pdf", pair[1])))
    return pairs


def html_to_pdfs(pages: Iterable[tuple[Path, Path]], chromium: str | None = None) -> list[Path]:
    """Print many HTML files to PDF with one Chromium launch; returns the PDFs written.

    ``pages`` holds ``(html, pdf)`` pairs of paths (str or pathlib.Path). Chromium's ``--print-to-pdf`` prints
    one page a launch, so this drives a single headless Chromium with playwright
    (imported here only), one tab printing every page in turn; each PDF is
    written whole or not at all. Without playwright it falls back to
    :func:`html_to_pdf`, one launch a page; without a Chromium it prints
    :data:`NO_CHROMIUM` and returns ``[]``. Inside a running event loop (a
    Jupyter cell) the printing runs in a worker thread, as playwright's
    synchronous API requires.
    """
    pairs = _pairs(pages)
    if not pairs:
        return []
    chromium = _chromium(chromium)
    if chromium is None:
        print(NO_CHROMIUM, file=sys.stderr)
        return []
    try:
        from playwright.sync_api import sync_playwright  # lazy: `import furlib` stays light
    except ImportError:
        return [pdf for page, pdf in pairs if html_to_pdf(page, pdf, chromium)]

    def print_all() -> list[Path]:
        written = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True,
                                        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            try:
                tab = browser.new_page()
                for page, pdf in pairs:
                    tab.goto(page.resolve().as_uri(), wait_until="load")
                    tmp = pdf.with_name(f".{pdf.name}.tmp")
                    tab.pdf(path=str(tmp), print_background=True, prefer_css_page_size=True,
                            margin={"top": PDF_MARGIN, "right": PDF_MARGIN, "bottom": PDF_MARGIN, "left": PDF_MARGIN})
                    os.replace(tmp, pdf)
                    written.append(pdf)
            finally:
                browser.close()
        return written

    import asyncio
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return print_all()
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(print_all).result()
