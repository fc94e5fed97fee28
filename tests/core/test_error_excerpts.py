"""An error echoes a bad value as a short excerpt: a huge list, text, table or number never floods the message.

Every keyword of every registered game's constructor is given each huge value
below; whatever it refuses is refused with a ValueError whose message is at
most 400 characters (the what and the accepted values, plus excerpts of at
most 60 characters, ``furlib.core.errors.EXCERPT_CHARS``).
"""

import inspect

import pytest

from furlib.core.errors import EXCERPT_CHARS, excerpt
from furlib.core.registry import games

HUGE = {
    "list": list(range(100_000)),
    "text": "x" * 100_000,
    "table": {i: i for i in range(100_000)},
    "list of long text": ["x" * 100_000, "b"],
    "table of long text": {"x" * 100_000: 1},
    "number": 10 ** 1000,
}


@pytest.mark.parametrize("info", games(demos=True), ids=lambda i: i.name)
def test_constructor_errors_are_short(info):
    refused = 0
    for name in inspect.signature(info.cls).parameters:
        for what, value in HUGE.items():
            try:
                info.cls(**{name: value})
            except ValueError as e:
                refused += 1
                assert len(str(e)) <= 400, (name, what, str(e)[:200])
    assert refused >= 6


def test_excerpt_cuts_to_its_limit():
    assert EXCERPT_CHARS == 60
    for value in HUGE.values():
        assert len(excerpt(value)) <= EXCERPT_CHARS
    assert excerpt(10 ** 1000) == "a whole number of about 1001 digits"
