"""The progress bars of tournament() and sweep(): tqdm.auto when shown, silent otherwise, closed on an interrupt."""

import pytest

import furlib.core.sim.progress as progress_module
from furlib import Furcle, sweep, tournament
from furlib.core.sim.progress import progress_bar
from furlib.furcle.bots import SatisfiedAt


class Recorder:
    """A bar that records what it is told (and can raise KeyboardInterrupt at an update, as Ctrl+C would)."""

    made: list = []

    def __init__(self, total, show, *, desc, unit="game", interrupt=False):
        self.total, self.desc, self.done, self.closed, self.interrupt = total, desc, 0, False, interrupt
        Recorder.made.append(self)

    def update(self, n):
        if self.interrupt:
            raise KeyboardInterrupt
        self.done += n

    def close(self):
        self.closed = True


@pytest.fixture
def recorder(monkeypatch):
    Recorder.made = []
    monkeypatch.setattr(progress_module, "progress_bar", Recorder)
    return Recorder


def test_a_hidden_bar_is_a_tqdm_that_prints_nothing(capsys):
    bar = progress_bar(5, False, desc="games")
    assert type(bar).__module__.startswith("tqdm") and bar.disable
    bar.update(5)
    bar.close()
    assert capsys.readouterr().err == ""
    with pytest.raises(ValueError, match="progress must be True or False"):
        progress_bar(5, "yes", desc="games")


def test_tournament_and_sweep_count_every_game(recorder):
    tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(20), SatisfiedAt(30)], 7, fast=False, target=20)
    sweep(Furcle, {"target": [20, 30]}, [SatisfiedAt(10), SatisfiedAt(20)], 30, seed=1)
    (t, s) = recorder.made
    assert (t.desc, t.total, t.done, t.closed) == ("tournament", 21, 21, True)
    assert (s.desc, s.total, s.done, s.closed) == ("sweep of Oh Furcle!", 60, 60, True)


def test_an_interrupt_closes_the_bar_and_is_raised_again(monkeypatch):
    made = []

    def interrupting(*args, **kwargs):
        made.append(Recorder(*args, interrupt=True, **kwargs))
        return made[-1]

    monkeypatch.setattr(progress_module, "progress_bar", interrupting)
    with pytest.raises(KeyboardInterrupt):
        tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(20)], 5, fast=False, target=20)
    with pytest.raises(KeyboardInterrupt):
        sweep(Furcle, {"target": [20, 30]}, [SatisfiedAt(10), SatisfiedAt(20)], 30, seed=1)
    assert [bar.closed for bar in made] == [True, True]
