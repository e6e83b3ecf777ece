"""The kinds of game file `printgen new DECK --game KIND` writes: the commented templates in
printgen/editing/game_templates/, read as package data (they travel in the wheel).

Apart from newgame.py so that `printgen list` can name the kinds without importing what writes them.
"""

from __future__ import annotations

from importlib.resources import files

from printgen.files.errors import UserError, did_you_mean


def game_kinds() -> list[str]:
    """The kinds of game file `new --game` writes, by the templates' names."""
    folder = files("printgen.editing").joinpath("game_templates")
    return sorted(item.name[:-5] for item in folder.iterdir() if item.name.endswith(".yaml"))


def template(kind: str) -> str:
    """The commented game file of a kind; UserError listing the kinds for an unknown one."""
    kinds = game_kinds()
    if kind not in kinds:
        raise UserError(f"printgen has no game file of the kind '{kind}'",
                        hint=" ".join(filter(None, [did_you_mean(kind, kinds), "kinds: " + ", ".join(kinds)])))
    return files("printgen.editing").joinpath("game_templates").joinpath(f"{kind}.yaml").read_text(encoding="utf-8")
