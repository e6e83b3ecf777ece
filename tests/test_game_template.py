"""The template game (examples/game-template/, docs/adding-a-game.md) is a working plug-in: it keeps
the play contract under the same conformance checks as printgen's own games, and once installed
(by pip, as a real package) `printgen validate` finds it by its entry point and reports on it like
any shipped game.

Why: the template is the model a designer copies; a template that drifted from the contract, or
whose pyproject no longer declared its entry point the way printgen reads it, would teach the wrong thing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import test_game_conformance as conformance

from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, Game, play
from printgen.sim.report import Report
from printgen.sim.situations import option_findings

EXAMPLE = Path(__file__).parent.parent / "examples" / "game-template"
DECK = EXAMPLE / "decks" / "plaintricks"


@pytest.fixture(scope="module")
def template():
    """The template's Game class, imported from the example's folder (not installed here: an installed
    plug-in would join every game list of the suite)."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        from plaintricks import GAME
    finally:
        sys.path.remove(str(EXAMPLE))
    return GAME


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The example installed as a real package, by pip from a copy of its folder (the build leaves
    its build/ and egg-info there, not in the repository), into a folder of its own: only a
    subprocess given that folder on PYTHONPATH sees the plug-in, so no other test's game list
    changes. No network: no dependencies, and the build uses the setuptools of the test extra."""
    root = tmp_path_factory.mktemp("template")
    source, target = root / "source", root / "site"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                           "--no-index", "--disable-pip-version-check", "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def _with(site: Path) -> dict[str, str]:
    """The environment of a printgen run that has the installed plug-in (and only it) on its path."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])))


def test_the_template_keeps_the_play_contract(template, monkeypatch):
    """The conformance test's own checks, run on the template: each variant at its fewest and most players."""
    game = template()
    conformance.probe_every_case(game, load_deck(DECK))
    monkeypatch.setattr(conformance, "get_game", lambda name: game)
    monkeypatch.setattr(conformance, "_prepared",
                        lambda name, variant: (game, game.prepare(load_deck(DECK), variant, {})))
    conformance.test_a_clone_shares_nothing_play_can_change(game.name)
    conformance.test_the_same_seed_plays_the_same_game(game.name)


def test_the_template_has_the_shape_of_printgens_own_games(template):
    """The play contract from rules.py, the report from report.py, the greedy player from bots.py, put
    together in game.py: validate reads the class as a Report, so it reports on the template."""
    bases = {base.__module__.rsplit(".", 1)[-1]: base for base in template.__bases__}
    assert list(bases) == ["report", "bots", "rules"] and template.__module__ == "plaintricks.game"
    assert issubclass(bases["rules"], Game) and issubclass(bases["report"], Report)
    assert not issubclass(bases["rules"], Report) and not issubclass(bases["report"], Game)
    assert "greedy" in vars(bases["bots"])


def test_the_template_says_how_often_its_trumps_option_could_matter(template):
    """-O trumps decides a trick only when a player could not follow suit: the report counts those
    tricks (Report.situations) among all tricks, so a reader knows how much the option was tried."""
    game = template()
    prepared = game.prepare(load_deck(DECK), "basic", {"trumps": "first"})
    results = [play(game, prepared, 3, 7, i, [BOTS["random"]] * 3, checked=True) for i in range(30)]
    offsuit = [r.extra["arose"]["offsuit"] for r in results]
    assert all(r.extra["occasions"] == r.length == 6 for r in results) and 0 < sum(offsuit) < 6 * 30
    [line] = option_findings(game, game, results, prepared.options, {"trumps": "first"}, None)
    assert line.message.startswith(f"-O trumps=first governs a trick in which a player could not follow suit: "
                                   f"that arose in {sum(offsuit)} of 180 tricks")


def test_the_template_state_names_the_cards(template):
    game = template()
    prepared = game.prepare(load_deck(DECK), "trumps", {})
    state = game.setup(prepared, 3, conformance.game_rng(3, 3, 0))
    text = str(state)
    assert text.startswith("trick 1, seat 0 to lead; Spades are trumps")
    assert all(prepared.names[c] in text for hand in state.hands for c in hand)


def test_pip_installs_the_entry_point_the_pyproject_declares(site):
    [info] = site.glob("printgen_plaintricks-*.dist-info")
    assert (info / "entry_points.txt").read_text().split() == ["[printgen.games]", "plaintricks", "=",
                                                               "plaintricks:PlainTricks"]
    assert (site / "plaintricks" / "game.py").is_file()


def test_printgen_validate_finds_the_installed_plugin(site, tmp_path):
    out = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "printgen", "validate", str(DECK), "--games", "100", "--looks", "1",
                          "-q", "--json", str(out)], env=_with(site), cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    report = json.loads(out.read_text())
    assert run.returncode == report["status"] and run.returncode in (0, 1), run.stderr or run.stdout
    sections = {(s["game"], s["variant"]): s for s in report["sections"]}
    assert set(sections) == {("plaintricks", "basic"), ("plaintricks", "trumps")}
    for section in sections.values():
        assert section["players"] == [2, 3, 4]
        assert all(r["completed"] == 100 for r in section["results"].values())
    assert "== plaintricks (basic) ==" in run.stdout and "== plaintricks (trumps) ==" in run.stdout
    assert "the leader took" in run.stdout                        # the game's own finding, from report.py
    assert f"(exit status {run.returncode})" in run.stdout


def test_without_the_install_the_game_is_unknown(tmp_path):
    """The control: the same run without the installed folder knows no such game, so the test above
    found it through the installed metadata and nothing else."""
    run = subprocess.run([sys.executable, "-m", "printgen", "validate", str(DECK), "--games", "20", "--looks", "1",
                          "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "no game called 'plaintricks'" in run.stderr, run.stderr


def test_the_rule_sheet_gets_the_ranks_the_game_plays_by(template):
    assert template().sheet_tables(load_deck(DECK)) == {"order": ["8", "7", "6", "5", "4", "3", "2", "1"]}
    assert template().sheet_tables(load_deck("cromwell")) == {}       # a deck it cannot play: no table


def test_the_template_deals_what_it_declares(template):
    """deal_needs is what validate compares with the pack before any game: it must be what setup deals."""
    game = template()
    for variant, options in (("basic", {}), ("trumps", {"hand": 8})):
        prepared = game.prepare(load_deck(DECK), variant, options)
        for players in game.player_counts(prepared):
            state = game.setup(prepared, players, conformance.game_rng(1, players, 0))
            assert game.hand_sizes(state) == list(game.deal_needs(prepared, players).hands)
