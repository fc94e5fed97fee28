"""docs/bridges.md tells the truth: its examples run and print what it shows, its tables are the encoders' layouts,
and the page is in the site's table of contents."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from furlib.bridges.encoders import make_encoder

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "bridges.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", flags=re.S | re.M)


def _examples() -> list[tuple[str, str]]:
    """(python code, what it prints) for each ```python block followed by "prints" and a ```text block."""
    blocks = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(PAGE)]
    return [(body, blocks[i + 1][1]) for i, (lang, body, _, end) in enumerate(blocks)
            if lang == "python" and i + 1 < len(blocks) and blocks[i + 1][0] == "text"
            and PAGE[end:blocks[i + 1][2]].strip() == "prints"]


EXAMPLES = _examples()


def test_the_page_has_examples_and_is_in_the_toctree():
    assert len(EXAMPLES) == 2
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    toctree = index[index.index("{toctree}"):]
    assert "\nbridges\n" in toctree


@pytest.mark.parametrize("code,expected", EXAMPLES, ids=["pettingzoo", "openspiel"])
def test_example(code, expected, tmp_path):
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == expected.splitlines()


TITLES = {"Oh Furcle!": "Furcle", "The Furglars": "Furglars", "Furry Poker": "FurryPoker", "Thieves": "Thieves",
          "Pig": "Pig", "High Card": "HighCard"}


@pytest.mark.parametrize("title", TITLES)
def test_each_games_table_is_its_layout(title):
    section = PAGE.split(f"\n### {title}\n", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `(\w+)`( \(memory\))? \| ([\d x]+) \|", section, flags=re.M)
    documented = [(name, tuple(int(d) for d in shape.split(" x ")), bool(memory)) for name, memory, shape in rows]
    enc = make_encoder(TITLES[title])
    observation = [(n, s, False) for n, s in enc.observation_layout.pieces[5:]]
    memory = [(n, s, True) for n, s in enc.information_layout.pieces[len(enc.observation_layout.pieces):]]
    assert documented == observation + memory
    assert f"Decisions ({enc.num_actions}" in section or title in ("Pig", "High Card")
