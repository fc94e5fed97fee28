"""The class plays together: a class server, its Python clients and the apps' "Join a class" part.

A teacher runs a class server (``python -m furlib.classroom serve``, or
``python3 dev.py class``; it needs the ``classroom`` extra), opens a class
and shows its live page; students join with the class code and a nickname,
and every game they finish (or count they make with real dice) arrives on
the teacher's page, pooled. See docs/classroom.md ("Running a class").

* :class:`Teacher` (``open_class``, ``results``, ``close_class``, ``export``,
  ``dashboard_url``) and :class:`Student` (``submit``, ``submit_count``):
  :mod:`furlib.classroom.client`, the standard library only.
* The limits, each a named constant: :mod:`furlib.classroom.limits`.
* The server: :mod:`~furlib.classroom.server` (routes),
  :mod:`~furlib.classroom.live` (the live page), :mod:`~furlib.classroom.store`
  (SQLite), :mod:`~furlib.classroom.verify` (replaying saves),
  :mod:`~furlib.classroom.guard` (keys and rates).
* The apps' part: :mod:`furlib.classroom.join`.

``import furlib`` does not import this package; importing it imports
neither the web framework nor pandas.
"""

from __future__ import annotations

from .client import Receipt, Refused, Student, Teacher, Unreachable

__all__ = ["Teacher", "Student", "Receipt", "Refused", "Unreachable"]
