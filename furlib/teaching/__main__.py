"""``python -m furlib.teaching build`` (the lessons' versions and worksheets) or ``binder``: see :func:`main`."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
