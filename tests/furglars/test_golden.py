"""Golden playthrough: a seeded game's event log, kept in golden_playthrough.txt and diffed.

A change to the rules, the bots or the event words shows up here as a readable
diff. If the change is intended, regenerate the file and review the diff
before committing it:

    .venv/bin/python tests/furglars/test_golden.py
"""

from __future__ import annotations

import difflib
from pathlib import Path

from furlib.furglars import Furglars
from furlib.furglars.bots import GreedyThief, Mastermind, RandomBot

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")


def golden_game() -> Furglars:
    """Four players, X factor on, seed 140: Mastermind, GreedyThief, RandomBot(1), GreedyThief.

    This seed shows every kind of event: rolls, cash-ins, Locks taken back,
    steals, breaks, an X-factor bonus roll, a player with no dice, and the win.
    """
    g = Furglars(["Ann", "Bob", "Cat", "Dan"], seed=140, x_factor=True)
    return g.play(Mastermind(), GreedyThief(), RandomBot(1), GreedyThief())


def golden_text() -> str:
    return golden_game().log() + "\n"


def test_golden_playthrough():
    got = golden_text()
    want = GOLDEN.read_text(encoding="utf-8")
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            "golden_playthrough.txt", "this run"))
        raise AssertionError(
            "The Furglars golden playthrough changed. If the change is intended, regenerate it with\n"
            "    .venv/bin/python tests/furglars/test_golden.py\n"
            "and review the diff before committing.\n" + diff
        )


def test_golden_game_shows_every_kind_of_event():
    g = golden_game()
    kinds = {e.kind for e in g.events}
    assert kinds == {"roll", "pass", "cash in", "take back", "steal", "break", "x factor", "no dice", "win"}
    assert any(e.kind == "x factor" and e.data["dice"] > 0 for e in g.events)
    assert g.winner == "Ann" and g.scores["Ann"] >= g.target


if __name__ == "__main__":
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
