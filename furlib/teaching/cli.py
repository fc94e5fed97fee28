"""The command line, ``python -m furlib.teaching build`` or ``binder``: :func:`main` runs :func:`build` or
:func:`prepare_binder` and prints what it wrote, or the error (exit status 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .binder import KEYS_FOLDER, prepare_binder
from .builder import DEFAULT_OUT, DEFAULT_SRC, build
from .checks import LessonError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m furlib.teaching",
                                     description="Build student versions, teacher keys and worksheets of the lessons.")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write student/, teacher/ and worksheets/")
    b.add_argument("--src", default=str(DEFAULT_SRC), help="folder of lesson-*.ipynb (default: notebooks)")
    b.add_argument("--out", default=str(DEFAULT_OUT), help="output folder (default: build/lessons)")
    b.add_argument("--pdf", action="store_true", help="also print worksheets to PDF with headless Chromium")
    b.add_argument("--no-worksheets", action="store_true", help="notebooks only")
    b.add_argument("names", nargs="*", help="only these lessons (file names or stems)")
    bb = sub.add_parser("binder", help="replace each lesson by its student version, in place, and write the "
                                       "teacher keys beside them (for the Binder image; never in a checkout)")
    bb.add_argument("--src", default=str(DEFAULT_SRC), help="folder of lesson-*.ipynb (default: notebooks)")
    bb.add_argument("--keys", default=None, help=f"folder for the teacher keys (default: SRC/{KEYS_FOLDER})")
    args = parser.parse_args(argv)
    if args.command == "binder":
        try:
            written = prepare_binder(args.src, args.keys)
        except LessonError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        keys = Path(args.keys) if args.keys else Path(args.src) / KEYS_FOLDER
        print(f"{len(written['student'])} lesson(s) in {args.src} replaced by their student versions, "
              f"{len(written['done'])} already were; teacher keys in {keys}")
        return 0
    try:
        written = build(args.out, args.src, names=args.names or None, worksheets=not args.no_worksheets,
                        pdf=args.pdf)
    except LessonError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    for kind, paths in written.items():
        if paths:
            print(f"{len(paths)} {kind} file(s) in {paths[0].parent}")
    return 0
