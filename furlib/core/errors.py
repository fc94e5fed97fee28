"""Errors raised by every furlib game."""

from __future__ import annotations

import itertools
import math
import numbers
import reprlib
from collections.abc import Iterable, Sized
from typing import TypeVar

K = TypeVar("K")


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
        message = cut_message(message, REASON_CHARS)     # a hostile action's str() may be of any length
        if self.legal:
            shown: list[str] = []
            for a in self.legal[:12]:
                word = cut_message(a, EXCERPT_CHARS)
                if shown and sum(len(w) + 2 for w in shown) + len(word) > LEGAL_CHARS:
                    break
                shown.append(word)
            more = len(self.legal) - len(shown)
            message = f"{message} Legal now: {', '.join(shown)}{f', ... and {more} more' if more > 0 else ''}."
        super().__init__(message)


class PolicyError(ValueError):
    """A policy (a bot, or a function ``game -> action``) raised an error while choosing an action.

    ``play()``, ``step()``, ``tournament()`` and ``sweep()`` pass a policy's
    error on as this ``ValueError``, which names the policy, the player it
    played for and the error's type, with its message cut to an excerpt
    (:data:`MESSAGE_CHARS`): a message of any length never floods the
    caller. The policy's own error, whole, is its ``__cause__`` (the
    traceback shows both). An interrupt (``KeyboardInterrupt``) is passed on
    as it is. The game is back where the call began.

    >>> from furlib.pig import Pig
    >>> def broken(game):
    ...     raise RuntimeError("x" * 10_000)
    >>> try:
    ...     Pig(seed=1).play(broken)
    ... except PolicyError as e:
    ...     print(len(str(e)) < 400, type(e.__cause__).__name__)
    True RuntimeError
    """


class GameOver(RuntimeError, ValueError):
    """Raised when asking a finished game to play on.

    Also a ``ValueError``, as every refused call of the library is: ``except
    ValueError`` catches it.
    """


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None,
              accepted: str | None = None) -> int:
    """Return ``value`` if it is an int within ``[low, high]``; else raise ValueError naming it (worded
    ``"{name} must be {accepted}, got ..."`` if ``accepted`` says what is taken, e.g. "a whole number from 1 to
    8 (MAX_TOP)").

    >>> check_int("top", 9, low=1, high=8, accepted="a whole number from 1 to 8 (MAX_TOP)")
    Traceback (most recent call last):
    ...
    ValueError: top must be a whole number from 1 to 8 (MAX_TOP), got 9
    """
    if accepted is not None:
        try:
            return check_int(name, value, low=low, high=high)
        except ValueError:
            raise ValueError(f"{name} must be {accepted}, got {excerpt(value)}") from None
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



def more_than(items: object, limit: int) -> bool:
    """True if ``items`` is a container of more than ``limit`` items, counted without reading them (a range too
    long for ``len()`` too); False for an iterator, which a caller reads to at most ``limit + 1`` items.

    >>> more_than(range(10**30), 5), more_than([1, 2], 5), more_than(iter([1] * 9), 5)
    (True, False, False)
    """
    try:
        return isinstance(items, Sized) and len(items) > limit
    except OverflowError:   # a range too long for len()
        return True

def check_type(value: object, kind: type[K], wanted: str) -> K:
    """Return ``value`` if it is an instance of ``kind``; else a ValueError worded ``"{wanted}, got ..."``.

    >>> check_type("7", int, "top must be a whole number")
    Traceback (most recent call last):
    ...
    ValueError: top must be a whole number, got '7'
    """
    if not isinstance(value, kind):
        raise ValueError(f"{wanted}, got {excerpt(value)}")
    return value


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


#: The most characters of a message passed on from the caller's own function (a policy, a game factory, a
#: check) or from the rules, in a furlib error (see :func:`cut_message`).
MESSAGE_CHARS = 200

#: The most characters of the reason an :class:`IllegalAction` gives, and of its list of legal actions (whole
#: actions, then "... and N more"): a refusal stays a few hundred characters whatever the action was.
REASON_CHARS = 300
LEGAL_CHARS = 180


def cut_message(message: object, limit: int = MESSAGE_CHARS) -> str:
    """``str(message)`` (an error's message) cut to at most ``limit`` characters, ending " ..." if cut.

    For the message of an error that furlib passes on inside its own: a
    caller's function may raise a message of any length.

    >>> cut_message(ValueError("x" * 1000), 20)
    'xxxxxxxxxxxxxxxx ...'
    >>> cut_message(KeyError("target"))
    "'target'"
    """
    try:
        text = str(message)
    except Exception as e:  # noqa: BLE001 - a __str__ that fails: say so rather than fail again
        text = f"<its message cannot be shown: {type(e).__name__}>"
    return text if len(text) <= limit else text[:limit - 4] + " ..."


def error_excerpt(error: BaseException, limit: int = MESSAGE_CHARS) -> str:
    """An error as ``"Type: message"``, the message cut by :func:`cut_message` (the type is a name)."""
    return f"{cut_message(type(error).__name__, 40)}: {cut_message(error, limit)}"


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)``, cut to at most ``limit`` characters (an error message echoes no more).

    Made in time and memory bounded by ``limit`` for the values a caller
    may pass (long text, long lists and tables, huge numbers, at any depth):
    only the first ``limit`` items of a container and characters of a text
    are read, a whole number of more than ``limit`` digits is named by its
    size, deep nesting ends in ``...``, and an object whose ``repr`` fails
    is named by its type.

    >>> print(excerpt("x" * 100))
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ...
    >>> excerpt([1, 2])
    '[1, 2]'
    >>> excerpt([10 ** 100_000])
    '[<a whole number of about 100001 digits>]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and _too_long(value, limit):
        return f"a whole number of about {_digits(value)} digits"
    if isinstance(value, (str, bytes, bytearray, list, tuple)) and len(value) > limit:
        value = value[:limit]
    elif isinstance(value, dict) and len(value) > limit:
        value = dict(itertools.islice(value.items(), limit))
    try:
        text = _Short(limit).repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails, however deep: the type names it
        text = f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[:limit - 4] + " ..."


def _too_long(number: int, limit: int) -> bool:
    """True if ``number`` has more than ``limit`` digits (read from its bits: no conversion to text)."""
    return number.bit_length() > limit * 3.33 and abs(number) > 10 ** limit


def _digits(number: int) -> int:
    return int(number.bit_length() * 0.30103) + 1


class _Short(reprlib.Repr):
    """A ``repr`` that reads at most ``limit`` items and characters of what it holds, at any depth (the
    top level as the builtin ``repr`` writes it, so short values read the same)."""

    def __init__(self, limit: int):
        super().__init__()
        self.maxlevel = 6
        self.maxtuple = self.maxlist = self.maxarray = self.maxdict = limit
        self.maxset = self.maxfrozenset = self.maxdeque = limit
        self.maxstring = limit
        self.maxlong = limit
        self.maxother = 4 * limit
        self._limit = limit

    def repr_int(self, x: int, level: int) -> str:
        if _too_long(x, self._limit):
            return f"<a whole number of about {_digits(x)} digits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = repr(x)
        except Exception:  # noqa: BLE001 - a repr that fails: the type names it
            return f"<a {type(x).__name__} that cannot be shown>"
        return text if len(text) <= self.maxother else text[:self.maxother - 4] + " ..."

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if level == self.maxlevel and len(x) <= self.maxstring else super().repr_str(x, level)


def read_at_most(items: Iterable[K], limit: int) -> tuple[list[K] | None, str]:
    """``(list(items), how many)`` if ``items`` holds at most ``limit`` items, else ``(None, how many)``.

    A container (anything with ``len()``) is counted before any item is read: one of more than ``limit`` items
    is never read, and a ``range`` too long for ``len()`` has more than any limit. An iterator is read to at most
    ``limit + 1`` items. "How many" is a text for the caller's message: the count (``"1,000,000"``), or
    ``"more than {limit}"`` for an iterator read past the limit or a range too long to count.

    >>> read_at_most(range(3), 5), read_at_most(range(10**30), 5), read_at_most(iter(range(9)), 5)
    (([0, 1, 2], '3'), (None, 'more than 5'), (None, 'more than 5'))
    """
    if isinstance(items, Sized):
        try:
            size = len(items)
        except OverflowError:   # a range too long for len()
            return None, f"more than {limit:,}"
        return (list(items) if size <= limit else None), f"{size:,}"
    read = list(itertools.islice(items, limit + 1))
    return (read, f"{len(read):,}") if len(read) <= limit else (None, f"more than {limit:,}")


def check_real(name: str, value: object, accepted: str, *, infinite: bool = False) -> float:
    """``value`` as a float if it is a finite real number: an int, a float, a Fraction or a numpy number, not True
    or False, NaN or infinity (nor a whole number or Fraction too big for a float); else a ValueError worded
    ``"{name} must be {accepted}, got ..."``. With ``infinite``, infinity is taken too, and so is a number too big
    for a float, as infinity of its sign (NaN never is).

    >>> from fractions import Fraction
    >>> check_real("sd", Fraction(1, 4), "a finite number"), check_real("x", 10**400, "a number", infinite=True)
    (0.25, inf)
    >>> check_real("sd", float("nan"), "a finite number")
    Traceback (most recent call last):
    ...
    ValueError: sd must be a finite number, got nan
    """
    number = math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:   # an int or a Fraction too big for a float
            number = -math.inf if value < 0 else math.inf
        except (ValueError, TypeError):
            pass
    if math.isnan(number) or math.isinf(number) and not infinite:
        raise ValueError(f"{name} must be {accepted}, got {excerpt(value)}")
    return number
