"""Errors raised by every furlib game."""

from __future__ import annotations

from collections.abc import Iterable


class IllegalAction(ValueError):
    """An action that the rules do not allow in the current state.

    The message says why and lists the legal actions, so a student can see
    what to do instead. The game is left unchanged.

    Examples
    --------
    >>> from furlib import Furcle
    >>> g = Furcle(seed=1)
    >>> try:
    ...     g.apply("banana")
    ... except IllegalAction as e:
    ...     print(type(e).__name__)
    IllegalAction
    """

    def __init__(self, message: str, legal: Iterable[object] = ()):
        self.legal = list(legal)
        if self.legal:
            shown = ", ".join(str(a) for a in self.legal[:12])
            more = len(self.legal) - 12
            if more > 0:
                shown += f", ... and {more} more"
            message = f"{message} Legal now: {shown}."
        super().__init__(message)


class GameOver(RuntimeError, ValueError):
    """Raised when asking a finished game to play on.

    Also a ``ValueError``, as every refused call of the library is: ``except
    ValueError`` catches it.
    """


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` if it is an int within ``[low, high]``; else raise ValueError naming it."""
    if isinstance(value, bool) or not isinstance(value, (int,)) and not _is_np_int(value):
        raise ValueError(f"{name} must be a whole number, got {excerpt(value)}")
    number: int = int(value)  # type: ignore[call-overload]  # a numpy integer, checked just above
    if low is not None and number < low or high is not None and number > high:
        if high is None:
            want = f">= {low}"
        elif low is None:
            want = f"<= {high}"
        else:
            want = f"between {low} and {high}"
        raise ValueError(f"{name} must be {want}, got {excerpt(number)}")
    return number


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is a bool; else raise ValueError naming it."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {excerpt(value)}")
    return value


def _is_np_int(value: object) -> bool:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return False
    return isinstance(value, np.integer)


#: The most characters of a value echoed in an error message (see :func:`excerpt`).
EXCERPT_CHARS = 60


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)``, cut to at most ``limit`` characters (an error message echoes no more).

    >>> print(excerpt("x" * 100))
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ...
    >>> excerpt([1, 2])
    '[1, 2]'
    """
    if isinstance(value, (str, bytes, list, tuple, dict)) and len(value) > limit:
        value = value[:limit] if not isinstance(value, dict) else dict(list(value.items())[:limit])
        text = repr(value)
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** limit:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + " ..."
