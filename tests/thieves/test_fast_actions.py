"""The engine's fast path makes key uses without their checks (furlib.thieves.rules._make): it may only ever
make what the checked constructors would make.

Every legal action of every decision of seeded games (Greedy against Random, with and without doubling) is
rebuilt through its class's own constructor, which validates each field: the two are equal, hash alike, and
hold plain ``int`` and ``str`` fields (never a numpy number or a list).
"""

import dataclasses

from furlib import Thieves
from furlib.core.engine.policy import RandomBot
from furlib.thieves.bots import Greedy


def test_every_fast_action_is_one_the_constructor_accepts():
    checked = 0
    for seed, doubling in ((1, False), (2, True), (3, False)):
        g = Thieves(seed=seed, doubling=doubling, max_turns=60)
        bots = (Greedy(), RandomBot(seed=seed))
        while not g.is_over:
            if not g.is_chance:
                for a in g.legal_actions():
                    values = dataclasses.astuple(a)
                    again = type(a)(*values)
                    assert again == a and hash(again) == hash(a) and str(again) == str(a)
                    assert all(type(v) in (int, str) for v in values), a
                    checked += 1
                g.step(bots[g.players.index(g.current_player)])
            else:
                g.step()
    assert checked > 300
