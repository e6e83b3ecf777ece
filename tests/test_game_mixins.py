"""A game assembled from mixins keeps each mixin's private methods to itself: what one mixin asks
of another is public. Why: a private method called across files is an interface nobody declared,
and renaming it inside its own file silently breaks a neighbour."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "printgen" / "games"


def private_calls_across(package: Path) -> list[str]:
    """'bots.py calls rules.py's _go_out_lays' for each self._name() whose method another module defines."""
    defined: dict[str, set[str]] = {}
    called: dict[str, set[str]] = {}
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("_") and not node.name.startswith("__"):
                defined.setdefault(node.name, set()).add(path.name)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                    and node.attr.startswith("_") and not node.attr.startswith("__"):
                called.setdefault(path.name, set()).add(node.attr)
    return [f"{caller} calls {', '.join(sorted(defined[name]))}'s {name}"
            for caller, names in sorted(called.items()) for name in sorted(names)
            if name in defined and caller not in defined[name]]


# every package of printgen/games/ holding modules: each game, and the parts several share
PACKAGES = sorted(str(init.parent.relative_to(GAMES)) for init in GAMES.rglob("__init__.py") if init.parent != GAMES)


def test_every_game_is_held_to_it():
    assert {"burro", "casita", "conquian", "coppertwaddle", "cromwell", "drafting", "lombre", "tresillo",
            "common/ombre"} <= set(PACKAGES)


@pytest.mark.parametrize("game", PACKAGES)
def test_no_mixin_calls_another_mixins_private_method(game):
    found = private_calls_across(GAMES / game)
    assert not found, "\n".join(found)


def test_the_check_sees_a_private_call_across_files(tmp_path):
    (tmp_path / "rules.py").write_text("class Rules:\n    def _lays(self):\n        return []\n")
    (tmp_path / "bots.py").write_text("class Bot:\n    def pick(self):\n        return self._lays()\n")
    assert private_calls_across(tmp_path) == ["bots.py calls rules.py's _lays"]
