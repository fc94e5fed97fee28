"""The "tweak the rules" lab: change Oh Furcle!'s rules and watch the odds move.

:func:`rules_lab` returns a :class:`RulesLab`, an ipywidgets box with
controls for the target, the number of dice, the bonus table and the Beekin
rule. Every change recomputes, exactly:

* the first player's chance to win when both play optimally
  (:func:`~furlib.furcle.solver.solve`, cached on disk),
* the expected points of an optimal turn
  (:func:`~furlib.furcle.turn.optimal_turn_policy`),
* the strategy map (:func:`~furlib.furcle.lab_plots.strategy_map`).

Results are also kept in memory (the last :data:`CACHE_SIZE` rule sets), so
going back to a setting is instant. The slider ranges keep each new
computation within a few seconds. A "computing..." line shows while it
works, and an error is shown in the box, not lost in a log.

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, TypedDict

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.errors import check_bool, check_int, excerpt
from .lab_plots import strategy_map
from .scoring import DEFAULT_BONUS, check_bonus
from .solver import Solution, solve
from .turn import OptimalTurnPolicy, optimal_turn_policy

__all__ = ["rules_lab", "RulesLab", "lab_numbers", "TARGETS", "DICE", "BONUS_RANGE", "CACHE_SIZE"]

#: Slider ranges: each new solve stays within a few seconds on a laptop.
TARGETS = (20, 60, 10)
DICE = (2, 5)
BONUS_RANGE = (0, 30)
CACHE_SIZE = 32


class LabRules(TypedDict):
    """The rules the lab's controls show (:meth:`RulesLab.rules`)."""

    target: int
    n_dice: int
    bonus: dict[int, int]
    beekin: bool


class _Computed(TypedDict):
    first_player_win: float
    turn_value: float
    solution: Solution
    policy: OptimalTurnPolicy


class LabNumbers(_Computed):
    """The lab's numbers for one rule set (:func:`lab_numbers`)."""

    seconds: float


class LabResult(LabNumbers):
    """The lab's last numbers and the rules they are for (:attr:`RulesLab.result`)."""

    rules: LabRules


_RESULTS: OrderedDict[tuple[int, int, tuple[tuple[int, int], ...], bool], _Computed] = OrderedDict()

STATUS = ('<div class="furlib-lab-status" role="status" style="padding: 2px 8px; '
          'color: var(--jp-ui-font-color2, #616161)">{}</div>')
NUMBER = ('<div style="padding: 6px 10px; border-left: 4px solid var(--jp-brand-color1, #1976d2); '
          'color: var(--jp-ui-font-color1, inherit)">{label}<br><span style="font-size: 1.6em; '
          'font-weight: bold">{value}</span></div>')


def _key(target: int, n_dice: int, bonus: Mapping[int, int],
         beekin: bool) -> tuple[int, int, tuple[tuple[int, int], ...], bool]:
    return (int(target), int(n_dice), tuple(sorted(bonus.items())), bool(beekin))


def lab_numbers(target: int, n_dice: int, bonus: Mapping[int, int] | None, beekin: bool) -> LabNumbers:
    """The lab's numbers for one rule set (kept in an in-memory LRU cache).

    ``target`` and ``n_dice`` are whole numbers, ``beekin`` True or False, and ``bonus`` a bonus table
    checked as ``Furcle(bonus=...)`` checks it (None: the printed table); a ValueError names any other value.

    Returns
    -------
    dict
        ``first_player_win`` (float), ``turn_value`` (float), ``solution``
        and ``policy`` (the objects they come from, kept and shared by the
        later calls: their arrays are read-only and ``policy.table`` is a
        copy), ``seconds`` (time of the computation; 0.0 when it came from
        memory).
    """
    target, n_dice = check_int("target", target), check_int("n_dice", n_dice)
    bonus, beekin = check_bonus(bonus), check_bool("beekin", beekin)
    key = _key(target, n_dice, bonus, beekin)
    if key in _RESULTS:
        _RESULTS.move_to_end(key)
        return {**_RESULTS[key], "seconds": 0.0}
    start = time.perf_counter()
    sol = solve(target, n_dice=n_dice, bonus=bonus, beekin=beekin)
    policy = optimal_turn_policy(n_dice=n_dice, bonus=bonus, beekin=beekin)
    out: _Computed = {"first_player_win": sol.first_player_win, "turn_value": policy.value, "solution": sol,
           "policy": policy}
    _RESULTS[key] = out
    while len(_RESULTS) > CACHE_SIZE:
        _RESULTS.popitem(last=False)
    return {**out, "seconds": time.perf_counter() - start}


class RulesLab(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type information: VBox is Any
    """The "tweak the rules" box (build it with :func:`rules_lab`).

    Attributes
    ----------
    target, n_dice : ipywidgets.IntSlider
        The target (20 to 60, steps of 10) and the dice rolled at the start
        of a turn (2 to 5).
    bonus : dict of ipywidgets.BoundedIntText
        ``{3: ..., 4: ..., 5: ...}``: bonus points for three, four and five
        of a kind (0 to 30; pairs have no bonus).
    beekin : ipywidgets.Checkbox
        The Beekin rule.
    first_player_win, turn_value : ipywidgets.HTML
        The two numbers, in words.
    strategy : plotly.graph_objects.FigureWidget
        The strategy map of the optimal turn (a new one after each change).
    status, error : ipywidgets.HTML
        "computing..." and how long it took; an error message if any.
    result : dict or None
        The last numbers (see :func:`lab_numbers`) and the rules they are for
        (``rules``).
    """

    def __init__(self, *, target: int = 50, n_dice: int = 5, bonus: Mapping[int, int] | None = None,
                 beekin: bool = True, template: Any = None):
        table = dict(DEFAULT_BONUS if bonus is None else bonus)
        style = {"description_width": "120px"}
        lo, hi, step = TARGETS
        self.template = template
        self.target = widgets.IntSlider(value=target, min=lo, max=hi, step=step, description="Target",
                                        continuous_update=False, style=style,
                                        tooltip="Track score that makes a player the Leader")
        self.n_dice = widgets.IntSlider(value=n_dice, min=DICE[0], max=DICE[1], description="Number of dice",
                                        continuous_update=False, style=style,
                                        tooltip="Dice rolled at the start of each turn")
        names = {3: "Three of a kind", 4: "Four of a kind", 5: "Five of a kind"}
        bonus_style = {"description_width": "150px"}
        self.bonus = {k: widgets.BoundedIntText(value=table.get(k, DEFAULT_BONUS[k]), min=BONUS_RANGE[0],
                                                max=BONUS_RANGE[1], description=f"{names[k]} bonus",
                                                style=bonus_style, layout=widgets.Layout(width="240px"))
                      for k in (3, 4, 5)}
        self.beekin = widgets.Checkbox(value=beekin, description="Beekin allowed (+1 to one die, once a turn)",
                                       indent=False, layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        self.status.add_class("furlib-lab-status")
        self.error = widgets.HTML()
        self.error.add_class("furlib-lab-error")
        self.first_player_win = widgets.HTML(layout=widgets.Layout(width="300px"))
        self.first_player_win.add_class("furlib-lab-win")
        self.turn_value = widgets.HTML(layout=widgets.Layout(width="300px"))
        self.turn_value.add_class("furlib-lab-turn")
        self.strategy: go.FigureWidget | None = None
        self.chart_box = widgets.Box()
        self.result: LabResult | None = None
        controls = widgets.VBox([self.target, self.n_dice, widgets.HTML("<b>Bonus</b> (points added to a group)"),
                                 *self.bonus.values(), self.beekin])
        numbers = widgets.VBox([self.first_player_win, self.turn_value])
        super().__init__([widgets.HBox([controls, numbers], layout=widgets.Layout(flex_flow="row wrap")),
                          self.status, self.error, self.chart_box])
        self.add_class("furlib-lab")
        for w in (self.target, self.n_dice, self.beekin, *self.bonus.values()):
            w.observe(lambda _: self.recompute(), "value")
        self.recompute()

    def rules(self) -> LabRules:
        """The rules the controls show: ``target``, ``n_dice``, ``bonus``, ``beekin``."""
        bonus = {2: 0, **{k: int(w.value) for k, w in self.bonus.items()}}
        return {"target": int(self.target.value), "n_dice": int(self.n_dice.value), "bonus": bonus,
                "beekin": bool(self.beekin.value)}

    def recompute(self) -> None:
        """Compute the numbers and the map for the rules shown (runs on every change)."""
        rules = self.rules()
        self.status.value = STATUS.format("computing\u2026 (a new rule set takes a few seconds)")
        try:
            res = lab_numbers(**rules)
            fig = strategy_map(res["policy"], template=self.template).update_layout(width=760)
        except Exception as e:  # noqa: BLE001 - shown to the user instead of lost in a log
            self.error.value = (f'<div role="alert" style="color: var(--jp-error-color1, #c62828)"><b>'
                                f'{html.escape(type(e).__name__)}:</b> {html.escape(str(e))}</div>')
            self.status.value = STATUS.format("not computed: see the error above the chart")
            return
        self.error.value = ""
        self.result = {**res, "rules": rules}
        self.first_player_win.value = NUMBER.format(
            label="First player's chance to win (both play optimally)", value=f"{res['first_player_win']:.2%}")
        self.turn_value.value = NUMBER.format(label="Expected points of an optimal turn",
                                              value=f"{res['turn_value']:.3f}")
        old, self.strategy = self.strategy, go.FigureWidget(fig)
        self.chart_box.children = [self.strategy]
        if old is not None:
            old.close()
        took = "from memory" if res["seconds"] == 0.0 else f"ready in {res['seconds']:.1f} s"
        self.status.value = STATUS.format(f"Target {rules['target']}, {rules['n_dice']} dice, bonus "
                                          f"{rules['bonus']}, Beekin {'on' if rules['beekin'] else 'off'}: {took}.")


def rules_lab(*, target: int = 50, n_dice: int = 5, bonus: dict[int, int] | None = None, beekin: bool = True,
              template: Any = None) -> RulesLab:
    """The "tweak the rules" lab: an ipywidgets box that recomputes the odds on every change.

    Parameters
    ----------
    target : int, default 50
        Starting target (20 to 60 in steps of 10).
    n_dice : int, default 5
        Starting number of dice (2 to 5).
    bonus : dict, optional
        Starting bonus table ``{2: 0, 3: ..., 4: ..., 5: ...}`` (default:
        the printed one; bonuses 0 to 30).
    beekin : bool, default True
        Starting Beekin rule.
    template : str, optional
        Plotly template of the strategy map (e.g. ``"plotly_dark"``).

    Returns
    -------
    RulesLab
        The box (display it); its controls and results are attributes.

    Raises
    ------
    ValueError
        If a starting value is outside the controls' range.

    Examples
    --------
    >>> lab = rules_lab(target=20, n_dice=3)
    >>> lab.n_dice.value = 4                           # recomputes at once
    >>> round(lab.result["first_player_win"], 4)
    0.6169
    """

    lo, hi, step = TARGETS
    target = check_int("target", target, low=lo, high=hi)
    if (target - lo) % step:
        raise ValueError(f"target must be one of {list(range(lo, hi + 1, step))}, got {target}")
    n_dice = check_int("n_dice", n_dice, low=DICE[0], high=DICE[1])
    beekin = check_bool("beekin", beekin)
    if bonus is not None:
        if not isinstance(bonus, dict) or sorted(bonus) not in ([2, 3, 4, 5], [3, 4, 5]):
            raise ValueError(f"bonus must be a dict with keys 3, 4, 5 (and optionally 2: 0), got {excerpt(bonus)}")
        if bonus.get(2, 0) != 0:
            raise ValueError(f"the lab keeps pairs at no bonus (bonus[2] = 0), got {excerpt(bonus[2])}")
        for k in (3, 4, 5):
            check_int(f"bonus[{k}]", bonus[k], low=BONUS_RANGE[0], high=BONUS_RANGE[1])
    from ..core.charts.plotting import check_template

    return RulesLab(target=target, n_dice=n_dice, bonus=bonus, beekin=beekin, template=check_template(template))
