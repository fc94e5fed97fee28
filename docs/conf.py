"""Sphinx configuration for the furlib documentation site.

Build with ``python3 dev.py docs`` (or ``python -m sphinx -W --keep-going -b html
docs docs/_build/html``). The build is offline: no intersphinx, no downloads.

myst-nb reads only files inside ``docs/``, so the notebooks in ``notebooks/``
are copied into ``docs/notebooks/`` (git-ignored) at every build and executed
there; a failing cell fails the build.

Every lesson's worksheet (HTML, and PDF when a Chromium is found) is written
into ``docs/_worksheets/`` (git-ignored) when the build starts and copied onto
the site; ``worksheets.md`` includes the list linking them.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from importlib.util import find_spec
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # document this checkout's furlib

# Static pages need plotly's offline HTML output (the default mimetype output
# shows nothing outside Jupyter). Set before any kernel starts: kernels inherit it.
os.environ["PLOTLY_RENDERER"] = "notebook"


def sync_notebooks(src: Path = ROOT / "notebooks", dst: Path = DOCS / "notebooks") -> list[str]:
    """Copy ``notebooks/*.ipynb`` into ``docs/notebooks/``; drop copies whose source is gone.

    Unchanged copies are left alone (so incremental builds stay incremental).
    Returns the copied notebook names, sorted.
    """
    names = sorted(p.name for p in src.glob("*.ipynb")) if src.is_dir() else []
    dst.mkdir(exist_ok=True)
    for old in dst.glob("*.ipynb"):
        if old.name not in names:
            old.unlink()
    for name in names:
        source, target = src / name, dst / name
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copy2(source, target)
    return names


NOTEBOOKS = sync_notebooks()

import furlib  # noqa: E402  (after sys.path is set)


def write_games_page(path: Path = DOCS / "games.md") -> list[str]:
    """Write ``docs/games.md`` (git-ignored) from the registry: one section per game.

    The registry (``furlib.core.registry``) is the one place that names every
    game, so this page cannot forget one. Returns the games' names.
    """
    from furlib.core import registry

    lines = ["# The games", "",
             "Every game furlib knows, read from its registry (`furlib.core.registry.games()`).", ""]
    for info in registry.games():
        cls = info.cls
        doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        bots = ", ".join(f"`{name}`" for name in info.bots) or "the default bot"
        lines += [f"## {info.title}", "", doc, "",
                  f"- class: {{class}}`{info.package}.{cls.__name__}`",
                  f"- players: {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}" if cls.MAX_PLAYERS else
                  f"- players: {cls.MIN_PLAYERS} or more",
                  f"- hidden information: {'yes' if cls.HIDDEN_INFO else 'no'}",
                  f"- languages: {', '.join(cls.TEXTS.languages())}" + ("" if len(cls.TEXTS.languages()) < 2 else
                  "; the parameter `language` chooses one for `texts`, `log`, `history_for`, `html` and `widget` "
                  "(e.g. `game.widget(language=\"fr\")`: the whole app in French, its status lines, prompts, "
                  "buttons, advice, settings panel, the game's picture and the score chart)"),
                  f"- bots: {bots}; the default is `{info.default_bot()!r}`",
                  f"- app: {'yes' if info.app else 'not yet'}; vectorised simulation: {'yes' if info.fast else 'no'}",
                  ""]
    text = "\n".join(lines)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return [info.name for info in registry.games()]


GAMES = write_games_page()

# -- worksheets --------------------------------------------------------------
#: Written at every build (git-ignored): ``links.md``, the list that ``worksheets.md`` includes,
#: and ``site/worksheets/NAME.html`` (and ``.pdf``), copied to the site's root by ``html_extra_path``.
WORKSHEETS = DOCS / "_worksheets"
WORKSHEET_SITE = WORKSHEETS / "site"
(WORKSHEET_SITE / "worksheets").mkdir(parents=True, exist_ok=True)  # html_extra_path must exist when checked


def _write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` whole (a temporary file, then a rename) unless the file says it already; True if written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return True


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def write_worksheets(folder: Path = WORKSHEET_SITE / "worksheets", links: Path = WORKSHEETS / "links.md",
                     src: Path = ROOT / "notebooks", log=print, warn=print) -> dict[str, list[Path]]:
    """Write every lesson's worksheet (HTML, and PDF when a Chromium is found) and the list linking them.

    The HTML comes from :func:`furlib.teaching.worksheet_html`; the PDFs are
    printed by one Chromium launch (:func:`furlib.teaching.html_to_pdfs`), only
    for worksheets that changed since the last build. Without a Chromium the
    log says so and the list links the HTML only. Returns the ``html`` and
    ``pdf`` files on the site and the ``printed`` ones.
    """
    import nbformat
    from furlib import teaching

    start = time.perf_counter()
    lessons = teaching.lesson_paths(src)
    stems = {p.stem for p in lessons}
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():                      # a lesson gone (temporary files are not copied: *.tmp)
        if not old.name.startswith(".") and (old.stem not in stems or old.suffix not in (".html", ".pdf")):
            old.unlink()
    titles, to_print = {}, []
    for path in lessons:
        sheet = teaching.worksheet_of(nbformat.read(path, as_version=4))
        titles[path.stem] = sheet.title
        page, pdf = folder / f"{path.stem}.html", folder / f"{path.stem}.pdf"
        if _write_if_changed(page, teaching.worksheet_html(sheet)):
            pdf.unlink(missing_ok=True)               # never a PDF of an older worksheet
        if not pdf.is_file():
            to_print.append((page, pdf))
    chromium = teaching.find_chromium()
    printed: list[Path] = []
    if chromium is None:
        for pdf in folder.glob("*.pdf"):
            pdf.unlink()
        log(f"worksheets: {teaching.NO_CHROMIUM}; the site links the HTML worksheets only")
    elif to_print:
        try:
            printed = teaching.html_to_pdfs(to_print, chromium)
        except Exception as err:  # noqa: BLE001  (a warning: -W fails the build, a plain build goes on)
            warn(f"worksheets: {chromium} could not print the PDF worksheets ({type(err).__name__}: {err}); "
                 f"the site links the HTML worksheets only")
    lines = ["| lesson | worksheet to print |", "|---|---|"]
    for stem, title in titles.items():
        pdf = f'<a href="worksheets/{stem}.pdf">PDF</a>' if (folder / f"{stem}.pdf").is_file() else "PDF not built"
        html = f'<a href="worksheets/{stem}.html">HTML</a>'
        lines.append(f"| {{doc}}`{_cell(title)} <notebooks/{stem}>` | {html} · {pdf} |")
    if not titles:
        lines = ["No lessons yet (`notebooks/lesson-*.ipynb`)."]
    elif len(printed) < len(to_print) or chromium is None:
        lines += ["", "A PDF *not built* was not printed with this site (no Chromium was found, or it "
                      "could not print): print the HTML worksheet from a browser instead."]
    _write_if_changed(links, "\n".join(lines) + "\n")
    files = {"html": [folder / f"{s}.html" for s in titles],
             "pdf": [folder / f"{s}.pdf" for s in titles if (folder / f"{s}.pdf").is_file()], "printed": printed}
    how = "one Chromium launch" if find_spec("playwright") else "one Chromium launch each: no playwright"
    done = f"{len(printed)} printed by {how}" if printed else "none printed"
    log(f"worksheets: {len(files['html'])} HTML, {len(files['pdf'])} PDF ({done}, "
        f"{len(files['pdf']) - len(printed)} unchanged) in {time.perf_counter() - start:.1f} s")
    return files


def _worksheets(app) -> None:
    from sphinx.util import logging as sphinx_logging

    logger = sphinx_logging.getLogger("furlib.worksheets")
    write_worksheets(log=logger.info, warn=logger.warning)


# -- project -----------------------------------------------------------------
project = "furlib"
author = "The furlib team"
copyright = "2026, The furlib team"
release = furlib.__version__
version = release

# -- extensions --------------------------------------------------------------
extensions = [
    "myst_nb",                 # Markdown (MyST) pages and executed notebooks
    "sphinx.ext.autodoc",
    "numpydoc",                # numpydoc docstrings
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "**.ipynb_checkpoints", "jupyter_execute", "_worksheets", "**.tmp"]
templates_path: list[str] = []

myst_enable_extensions = ["colon_fence", "dollarmath", "deflist"]
myst_heading_anchors = 3

# -- autodoc / numpydoc ------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
numpydoc_show_class_members = False      # autodoc :members: lists them already
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- notebooks (myst-nb) -----------------------------------------------------
nb_execution_mode = "force"              # always run: the pages show today's outputs
nb_execution_timeout = 120               # seconds per cell
nb_execution_raise_on_error = True       # a failing cell fails the build
nb_execution_show_tb = True
nb_execution_in_temp = False             # run in docs/notebooks, like nbmake runs in notebooks/
nb_merge_streams = True
nb_output_stderr = "remove-warn"         # warnings printed by a cell show in the build log, not the page

# The tests' build (tests/test_docs.py) runs only the notebooks that stand for all the kinds of output
# (nbmake runs every notebook in the same test run): FURLIB_DOCS_EXECUTE="stem,stem" names them, and
# the other pages are built without outputs. Unset (python3 dev.py docs), every notebook runs.
DOCS_EXECUTE = [s.strip() for s in os.environ.get("FURLIB_DOCS_EXECUTE", "").split(",") if s.strip()]
if DOCS_EXECUTE:
    _unknown = sorted(set(DOCS_EXECUTE) - {Path(n).stem for n in NOTEBOOKS})
    if _unknown:
        raise ValueError(f"FURLIB_DOCS_EXECUTE names {_unknown}, which are not notebooks in notebooks/; "
                         f"use stems such as {Path(sorted(NOTEBOOKS)[0]).stem!r}")
    nb_execution_excludepatterns = [f"notebooks/{n}" for n in NOTEBOOKS if Path(n).stem not in DOCS_EXECUTE]

# Without a notebook, the ``notebooks/*`` glob matches nothing: say so without failing.
suppress_warnings: list[str] = [] if NOTEBOOKS else ["toc.empty_glob"]


# Widgets: a saved widget state can weigh megabytes (a FigureWidget bundles
# plotly.js), and a widget without a kernel cannot be played anyway. So the
# executed notebooks keep no widget state, and each widget output becomes a
# short note pointing to Binder/JupyterLab.
def _widgets_without_state() -> None:
    import nbclient
    from docutils import nodes
    from jupyter_cache.executors import utils as jc_utils
    from myst_nb.core.render import NbElementRenderer

    if not hasattr(jc_utils, "executenb") or not hasattr(NbElementRenderer, "render_widget_view"):
        raise RuntimeError("docs/conf.py: myst-nb/jupyter-cache internals changed; "
                           "update _widgets_without_state()")

    def execute(nb, **kwargs):
        kwargs["store_widget_state"] = False
        return nbclient.execute(nb, **kwargs)

    def render_widget_view(self, data):
        para = nodes.paragraph(
            text="An interactive widget is shown here when the notebook runs. "
                 "Open the notebook on Binder or in JupyterLab to play with it.")
        return [nodes.note("", para, classes=["furlib-widget-note"])]

    jc_utils.executenb = execute
    NbElementRenderer.render_widget_view = render_widget_view


_widgets_without_state()

# -- HTML --------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "furlib"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_static_path: list[str] = []
html_extra_path = ["_worksheets/site"]      # worksheets/NAME.html and .pdf, written by write_worksheets()
html_show_sourcelink = False


# -- parallel builds (-j) ----------------------------------------------------
def spread_notebooks(docnames: list[str], nproc: int) -> list[str]:
    """Order ``docnames`` so each of Sphinx's parallel read chunks gets its share of notebooks.

    Sphinx reads contiguous chunks of the (sorted) list in parallel; the
    notebooks are slow (each one runs), so without this one process may get
    them all while the others read the Markdown pages.
    """
    from sphinx.util.parallel import make_chunks

    if nproc <= 1 or len(docnames) < 2:
        return list(docnames)
    sizes = [len(c) for c in make_chunks(list(docnames), nproc)]
    notebooks = [d for d in docnames if d.startswith("notebooks/")]
    rest = [d for d in docnames if not d.startswith("notebooks/")]
    chunks: list[list[str]] = [[] for _ in sizes]
    i = 0
    for d in notebooks:  # deal the notebooks round-robin over chunks with room left
        while len(chunks[i % len(sizes)]) >= sizes[i % len(sizes)]:
            i += 1
        chunks[i % len(sizes)].append(d)
        i += 1
    for chunk, size in zip(chunks, sizes):
        while len(chunk) < size:
            chunk.append(rest.pop(0))
    return [d for chunk in chunks for d in chunk]


def _spread_notebooks(app, env, docnames: list[str]) -> None:
    docnames[:] = spread_notebooks(docnames, app.parallel)


def setup(app):
    app.connect("builder-inited", _worksheets)
    app.connect("env-before-read-docs", _spread_notebooks)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
