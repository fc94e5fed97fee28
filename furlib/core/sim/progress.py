"""Progress bars of long work (``tournament()``, ``sweep()``): ``tqdm.auto``, imported only when work starts.

In a notebook ``tqdm.auto`` draws an ipywidgets bar, in a terminal a line of
text on stderr. ``show=None`` shows a bar only in a notebook or an
interactive terminal, so scripts, tests and pipes print nothing.
"""

from __future__ import annotations

import sys
from typing import Any

from ..errors import check_bool, check_int, excerpt

__all__ = ["progress_bar", "in_notebook", "BAR_FORMAT", "MAX_BAR_STEPS", "MAX_LABEL_CHARS"]

#: What the bar reads: "sweep of Thieves:  40%|####      | 80/200 games [00:04<00:06]".
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} {unit}s [{elapsed}<{remaining}]"
#: The most steps of one bar: more than any furlib call plays (a ``sweep()`` at most 101,000,000 games).
MAX_BAR_STEPS = 1_000_000_000
#: The most characters of a bar's label (``desc``) and of its step's name (``unit``).
MAX_LABEL_CHARS = 200


def in_notebook() -> bool:
    """True inside a Jupyter kernel (IPython's ZMQ shell); IPython is never imported here."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = shell.get_ipython()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def progress_bar(total: int, show: bool | None, *, desc: str, unit: str = "game") -> Any:
    """A ``tqdm.auto`` bar of ``total`` steps, disabled (a no-op) unless shown.

    Parameters
    ----------
    total : int
        The number of steps (games), 0 to :data:`MAX_BAR_STEPS` (1,000,000,000).
    show : bool or None
        True or False; None: only in a notebook or an interactive terminal.
    desc, unit : str
        The bar's label and the name of one step (text, 1 to
        :data:`MAX_LABEL_CHARS` characters).

    Raises
    ------
    ValueError
        For a bad argument, naming it, before any bar is made.

    Examples
    --------
    >>> bar = progress_bar(10, False, desc="games")
    >>> bar.update(10); bar.close()
    >>> progress_bar(-1, False, desc="games")
    Traceback (most recent call last):
    ...
    ValueError: total must be between 0 and 1000000000, got -1
    """
    total = check_int("total", total, low=0, high=MAX_BAR_STEPS)
    for name, text in (("desc", desc), ("unit", unit)):
        if not isinstance(text, str) or not 1 <= len(text) <= MAX_LABEL_CHARS:
            raise ValueError(f"{name} must be text of 1 to {MAX_LABEL_CHARS} characters, got {excerpt(text)}")
    if show is None:
        show = in_notebook() or sys.stderr.isatty()
    show = check_bool("progress", show)
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit=unit, disable=not show, leave=True, dynamic_ncols=True,
                bar_format=BAR_FORMAT)
