"""Names of the labyrinth's squares as the drawn board labels them: columns A, B, C..., rows 1, 2, 3...

The pathways sit on the map's odd rows and odd columns (see
:mod:`furlib.thieves.board`); the board's edges label them like a chess
board, columns with letters from the left and rows with numbers from the top,
so the pathway at map ``(row 1, col 3)`` is **B1** and furlib's default
labyrinth runs from A1 (Pale's exit, top left) to H8 (Dark's exit, bottom
right). A doorway is named by the two pathways it joins ("B1-C1"). The
actions keep the map's ``(row, col)`` (``Move(1, 1, 3, "white")``); only the
words use these names.
"""

from __future__ import annotations

__all__ = ["column_letter", "row_number", "square_name", "door_name"]


def column_letter(col: int) -> str:
    """The letter of the pathways' map column ``col`` (odd): 1 -> "A", 3 -> "B", ..., 53 -> "AA".

    >>> [column_letter(c) for c in (1, 3, 15, 51, 53)]
    ['A', 'B', 'H', 'Z', 'AA']
    """
    n = (col - 1) // 2 + 1
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def row_number(row: int) -> int:
    """The number of the pathways' map row ``row`` (odd): 1 -> 1, 3 -> 2, 15 -> 8.

    >>> [row_number(r) for r in (1, 3, 15)]
    [1, 2, 8]
    """
    return (row - 1) // 2 + 1


def square_name(row: int, col: int) -> str:
    """A pathway's name on the board, e.g. ``square_name(1, 3) == "B1"``.

    A square off the pathways' lattice (an even or negative row or column,
    as a hand-made action may name) is written ``"(row, col) of the map"``.

    >>> square_name(1, 3), square_name(15, 15), square_name(2, 2)
    ('B1', 'H8', '(2, 2) of the map')
    """
    if row < 1 or col < 1 or row % 2 == 0 or col % 2 == 0:
        return f"({row}, {col}) of the map"
    return f"{column_letter(col)}{row_number(row)}"


def door_name(row: int, col: int) -> str:
    """A doorway's (or wall's) name: the two pathways it lies between, e.g. ``"B1-C1"``.

    >>> door_name(1, 4), door_name(2, 3), door_name(4, 4)
    ('B1-C1', 'B1-B2', '(4, 4) of the map')
    """
    if row >= 1 and col >= 2 and row % 2 == 1 and col % 2 == 0:
        return f"{square_name(row, col - 1)}-{square_name(row, col + 1)}"
    if row >= 2 and col >= 1 and row % 2 == 0 and col % 2 == 1:
        return f"{square_name(row - 1, col)}-{square_name(row + 1, col)}"
    return f"({row}, {col}) of the map"
