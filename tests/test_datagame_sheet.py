"""A rule sheet named after a deck's game file prints the file's own setup table (`game.setup`), so
the sheet a player reads and the game validate plays deal the same cards.

Why: the setup is the part of a rule sheet most often left behind when a designer changes the
game; printed from the file, it cannot be.
"""

from __future__ import annotations

import shutil

from conftest import DECKS, run_cli
from pdfcheck import page_text, squash

from printgen.games.registry import sheet_tables
from printgen.model.load import load_deck

SHEET = """\
---
pack: "48"
title: Burro from its game file
---
## Setting up

| players | cards each | cards left in the stock |
| --- | --- | --- |
{% for row in game.setup %}| {{ row.players }} | {{ row.hand }} | {{ row.left }} |
{% endfor %}
"""


def test_a_game_files_sheet_prints_its_setup_table(tmp_path):
    deck = tmp_path / "spanish"
    shutil.copytree(DECKS / "spanish", deck)
    (deck / "rules" / "burro-data.md").write_text(SHEET, encoding="utf-8")
    tables = sheet_tables("burro-data", load_deck(deck))
    rows = {row["players"]: row for row in tables["setup"]}
    # the file's first variant deals 4 cards each from the 48-card pack, the rest is the stock
    assert rows[2]["hand"] == 4 and rows[2]["left"] == 40 and rows[6]["left"] == 24
    run = run_cli("build", str(deck), "--only", "rules", "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 0, run.err
    text = squash(page_text(tmp_path / "out" / "spanish" / "burro-data-rules.pdf", 1))
    for n, row in rows.items():
        assert squash(f"{n} {row['hand']} {row['left']}") in text, (n, text)


def test_a_sheet_never_runs_a_decks_python_game(tmp_path):
    """A deck's games/NAME.py gives its sheet nothing: building runs no code from a deck folder."""
    deck = tmp_path / "spanish"
    shutil.copytree(DECKS / "spanish", deck)
    marker = tmp_path / "ran"
    (deck / "games" / "tides.py").write_text(f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8")
    assert sheet_tables("tides", load_deck(deck)) == {}
    assert not marker.exists()
