"""The registry finds the games itself: printgen's own packages that declare GAME, and plug-ins
installed with an entry point in the group `printgen.games` (a real distribution on sys.path here,
read by importlib.metadata as any installed one is)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import printgen.games
from printgen.files.errors import UserError
from printgen.games import registry
from printgen.sim.engine import BOTS, play

SHIPPED = ["burro", "casita", "conquian", "coppertwaddle", "cromwell", "drafting", "lombre", "tresillo"]


@pytest.fixture
def fresh_registry():
    """The registry's caches emptied before and after: a test changes what is installed."""
    registry._plugins.cache_clear()
    registry._declared.cache_clear()
    yield registry
    registry._plugins.cache_clear()
    registry._declared.cache_clear()


def test_the_shipped_games_are_the_packages_that_declare_one(fresh_registry):
    assert registry.names() == SHIPPED
    assert "common" not in registry.names()          # a package of shared parts declares no GAME
    for name in SHIPPED:
        assert registry.get_game(name).name == name
    assert registry.canonical("casita-robada") == "casita"


def test_a_new_package_is_a_game_with_nothing_else_edited(fresh_registry, tmp_path, monkeypatch):
    home = tmp_path / "games"
    (home / "tides").mkdir(parents=True)
    (home / "tides" / "__init__.py").write_text(textwrap.dedent("""
        from printgen.sim.engine import Game

        class Tides(Game):
            name = "tides"
            aliases = ("high-tide",)

        GAME = Tides
    """))
    monkeypatch.setattr(printgen.games, "__path__", [*printgen.games.__path__, str(home)])
    monkeypatch.delitem(sys.modules, "printgen.games.tides", raising=False)
    try:
        assert "tides" in registry.names()
        assert type(registry.get_game("high-tide")).__name__ == "Tides"
    finally:
        sys.modules.pop("printgen.games.tides", None)


def test_a_package_whose_game_has_another_name_is_a_mistake_said_at_once(fresh_registry, tmp_path, monkeypatch):
    home = tmp_path / "games"
    (home / "ebb").mkdir(parents=True)
    (home / "ebb" / "__init__.py").write_text(
        "from printgen.sim.engine import Game\n\nclass Flow(Game):\n    name = 'flow'\n\nGAME = Flow\n")
    monkeypatch.setattr(printgen.games, "__path__", [*printgen.games.__path__, str(home)])
    try:
        with pytest.raises(TypeError, match="named 'ebb'"):
            registry.get_game("ebb")
    finally:
        sys.modules.pop("printgen.games.ebb", None)


PLUGIN = '''
"""A plug-in game: each of two seats takes a number 0-2 three times; the higher sum wins."""
from printgen.sim.engine import Game


class Counting(Game):
    name = "counting"
    aliases = ("count-up",)
    step_cap = 50

    def setup(self, prepared, players, rng):
        return {"sums": [0] * players, "turn": 0, "players": players}

    def to_act(self, state):
        return state["turn"] % state["players"]

    def legal(self, state):
        return [0, 1, 2]

    def apply(self, state, action):
        state["sums"][self.to_act(state)] += action
        state["turn"] += 1

    def is_over(self, state):
        return state["turn"] >= 3 * state["players"]

    def scores(self, state):
        return list(state["sums"])

    def length(self, state):
        return state["turn"]

    def hand_sizes(self, state):
        return [0] * state["players"]

    def card_usage(self, state):
        return 0, 0
'''


def install(tmp_path: Path, monkeypatch, entries: str, module: str = PLUGIN) -> None:
    """A distribution 'counting-game' on sys.path: its module and a dist-info naming its entry points."""
    (tmp_path / "counting_game.py").write_text(module)
    info = tmp_path / "counting_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: counting-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[printgen.games]\n" + entries)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "counting_game", raising=False)


def test_an_installed_plug_in_is_found_by_its_entry_point_and_plays(fresh_registry, tmp_path, monkeypatch):
    install(tmp_path, monkeypatch, "counting = counting_game:Counting\n")
    assert registry.names() == SHIPPED + ["counting"]
    assert registry.canonical("count-up") == "counting"
    game = registry.get_game("counting")
    result = play(game, None, 2, 7, 0, [BOTS["random"]] * 2)
    assert not result.timed_out and result.steps == 6
    assert result.scores == play(game, None, 2, 7, 0, [BOTS["random"]] * 2).scores


def test_a_plug_in_cannot_take_a_shipped_games_name(fresh_registry, tmp_path, monkeypatch):
    install(tmp_path, monkeypatch, "burro = counting_game:Counting\n")
    assert registry.names() == SHIPPED
    assert type(registry.get_game("burro")).__module__.startswith("printgen.games.burro")


@pytest.mark.parametrize("entries, said", [
    ("counting = counting_game:Missing\n", "could not be loaded (counting_game:Missing"),
    ("counting = counting_game:random\n", "is not a Game class"),
])
def test_a_broken_plug_in_is_named_with_what_is_wrong(fresh_registry, tmp_path, monkeypatch, entries, said):
    install(tmp_path, monkeypatch, entries, PLUGIN + "\nimport random\n")
    with pytest.raises(UserError, match=said.replace("(", r"\(")):
        registry.get_game("counting")
    assert registry.canonical("burro") == "burro"            # the others still answer
    assert registry.aliases()["casita-robada"] == "casita"


def test_an_unknown_name_lists_the_games_there_are(fresh_registry):
    with pytest.raises(UserError, match="no game called 'tides'") as raised:
        registry.get_game("tides")
    assert "burro" in str(raised.value.hint) and "tresillo" in str(raised.value.hint)
    assert registry.sheet_tables("tides", None) == {}
    assert registry.sheet_tables("common", None) == {}       # shared parts are no game


def test_the_runner_carries_the_game_itself_so_a_plug_in_needs_no_lookup(fresh_registry, tmp_path, monkeypatch):
    from printgen.sim.runner import batches

    install(tmp_path, monkeypatch, "counting = counting_game:Counting\n")
    game = registry.get_game("counting")
    work = batches(game, "basic", "nowhere", {}, 2, 120, 1, ("random", "random"), 50)
    assert [b.count for b in work] == [50, 50, 20] and all(b.game is game for b in work)


def test_a_plug_in_with_no_report_plays_but_is_not_validated(fresh_registry, tmp_path, monkeypatch):
    """The play contract alone is enough to play (the length is then the steps); validate asks for
    the report protocol too and says so, instead of failing on a missing card name."""
    from printgen.commands.validate import ValidateOptions, validate

    install(tmp_path, monkeypatch, "counting = counting_game:Counting\n")
    game = registry.get_game("counting")
    result = play(game, None, 2, 7, 0, [BOTS["random"]] * 2)
    assert result.length == result.steps == 6 and result.start_hands == []
    with pytest.raises(UserError, match="'counting' has no report"):
        validate("spanish", ValidateOptions(game="counting", games=10))
