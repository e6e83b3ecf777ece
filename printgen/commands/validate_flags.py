"""The defaults validate's search options show in --help, and the ladder's two options.

Apart from the code they set (validate_confirm.py, validate_skill.py) because the command line
declares every command's options when it starts: taking them from there would import the
simulator for every `printgen build`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.sim.defaults import BASE_BUDGET, SKILL_GAMES

CONFIRM_GAMES = 80           # search games at most per player count that has a card warning to confirm
CONFIRM_BUDGET = 50          # iterations a decision: a quarter of the default search player's
CONFIRM = f"{CONFIRM_GAMES}:{CONFIRM_BUDGET}"      # --confirm's default, as typed


def skill_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The command line's --skill and --skill-games (the ladder: printgen/commands/validate_skill.py)."""
    import click

    command = click.option("--skill-games", default=SKILL_GAMES, show_default=True, type=int, metavar="N",
                           help="Games a rung of the skill ladder at first (rounded up to whole turns of the "
                                "table); an undecided rung is played again with twice the games (--looks).")(command)
    return click.option("--skill", is_flag=True,
                        help="After the report, a skill ladder per game and variant: random, greedy, then the search "
                             f"player at --budget B (default {BASE_BUDGET}), 2B and 4B iterations, each against the "
                             "one below, over duplicate deals (each deal once with the stronger player at every "
                             "seat); says whether skill pays. At the smallest player count unless --players is "
                             "given.")(command)
