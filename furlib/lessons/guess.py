"""A place for the guess: a student's :class:`Prediction`, and its :class:`Comparison` with the answers.

The student writes a guess (a box in Jupyter, a plain number in a script)
and compares it at the end with the simulated and exact answers.
ipywidgets is imported only by :meth:`Prediction.box`.

A question is text of at most :data:`MAX_QUESTION` characters; a guess, a
simulated and an exact answer are finite numbers (an int, a float, a
Fraction; not True or False), or None. An exact Fraction of more than
:data:`MAX_FRACTION_DIGITS` digits is shown as a float only.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import check_real, excerpt

__all__ = ["Prediction", "Comparison", "MAX_QUESTION", "MAX_FRACTION_DIGITS"]

#: The most characters of a question.
MAX_QUESTION = 1_000
#: The most digits (numerator and denominator together) of an exact Fraction shown as a fraction too.
MAX_FRACTION_DIGITS = 1_000


def _question(question: Any) -> str:
    if not isinstance(question, str) or len(question) > MAX_QUESTION:
        size = f" ({len(question):,} characters)" if isinstance(question, str) else ""
        raise ValueError(f"question must be text of at most {MAX_QUESTION:,} characters (MAX_QUESTION), got "
                         f"{excerpt(question)}{size}")
    return question


def _number(name: str, v: Any) -> Any:
    """``v`` if it is None or a finite number (a Fraction stays exact), else a ValueError naming it."""
    if v is not None:
        check_real(name, v, "a finite number (an int, a float or a Fraction) or None")
    return v


def _as_float(name: str, v: Any) -> float | None:
    v = _number(name, v)
    return None if v is None else float(v)


def _fraction_text(v: Fraction) -> str:
    digits = (v.numerator.bit_length() + v.denominator.bit_length()) * 0.30103
    return str(v) if digits <= MAX_FRACTION_DIGITS else f"a fraction of about {int(digits):,} digits"


class Prediction:
    """A student's guess, written before the simulation and compared with it at the end.

    In a script, give the guess as a number: ``Prediction("How many Hands?", 3)``.
    In Jupyter, show :meth:`box` and type it in. At the end,
    ``guess.compare(simulated=..., exact=...)`` shows the three side by side.

    >>> g = Prediction("Chance of a Furcle with 2 dice?", 0.5)
    >>> print(g.compare(simulated=0.83, exact=Fraction(5, 6)))
    Chance of a Furcle with 2 dice?
      your guess: 0.5
      simulated:  0.83
      exact:      0.8333 (5/6)
      your guess is 0.3333 from the exact answer
    """

    def __init__(self, question: str, value: float | None = None):
        self.question = _question(question)
        self.value = _as_float("value", value)
        self._box: Any = None  # the ipywidgets FloatText, once shown

    def box(self) -> Any:
        """A text box (ipywidgets) for the guess; what is typed becomes ``.value``."""
        import ipywidgets as widgets

        if self._box is None:
            self._box = widgets.FloatText(value=self.value, description="My guess:",
                                          style={"description_width": "initial"},
                                          tooltip=self.question)
            self._box.observe(lambda change: setattr(self, "value", change["new"]), names="value")
        return widgets.VBox([widgets.HTML(f"<b>{html.escape(self.question)}</b>"), self._box])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """In Jupyter a Prediction left at the end of a cell shows its box (the same as :meth:`box`)."""
        return self.box()._repr_mimebundle_(**kwargs)

    def compare(self, *, simulated: float | None = None, exact: Any = None) -> Comparison:
        """The guess next to the simulated and the exact answers."""
        return Comparison(self.question, self.value, _as_float("simulated", simulated), _number("exact", exact))

    def __repr__(self) -> str:
        return f"Prediction({self.question!r}, {self.value!r})"


@dataclass(frozen=True)
class Comparison:
    """A guess, a simulated answer and an exact one (prints as text, shows as a table)."""

    question: str
    guess: float | None
    simulated: float | None
    exact: Any

    def __post_init__(self) -> None:
        _question(self.question)
        for name in ("guess", "simulated", "exact"):
            _number(name, getattr(self, name))

    def _rows(self) -> list[tuple[str, str]]:
        def show(v: Any) -> str:
            if v is None:
                return "-"
            if isinstance(v, Fraction):
                return f"{float(v):.4g} ({_fraction_text(v)})"
            return f"{float(v):.4g}"
        rows = [("your guess", show(self.guess) if self.guess is not None else "(no guess written)"),
                ("simulated", show(self.simulated)), ("exact", show(self.exact))]
        return rows

    def verdict(self) -> str:
        """How far the guess is from the exact answer (or the simulated one)."""
        target = self.exact if self.exact is not None else self.simulated
        if self.guess is None:
            return "write a guess first next time: it is more fun to be surprised"
        if target is None:
            return ""
        which = "exact" if self.exact is not None else "simulated"
        return f"your guess is {abs(self.guess - float(target)):.4g} from the {which} answer"

    def __str__(self) -> str:
        lines = [self.question] + [f"  {k + ':':<11} {v}" for k, v in self._rows()]
        return "\n".join(lines + [f"  {self.verdict()}"])

    def _repr_html_(self) -> str:
        e = html.escape
        body = "".join(f"<tr><th scope='row' style='text-align:left'>{e(k)}</th><td>{e(v)}</td></tr>"
                       for k, v in self._rows())
        return (f"<table><caption style='text-align:left'><b>{e(self.question)}</b></caption>{body}</table>"
                f"<p>{e(self.verdict())}</p>")

    __repr__ = __str__
