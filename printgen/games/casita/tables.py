"""Casita Robada's data: the deal, the options, and the prepared deck every game of a run shares."""

from __future__ import annotations

from typing import Any

from printgen.games.common.suited import Suited
from printgen.sim.options import Option

DEAL = 4
OPTIONS = (
    Option("pack", None, "40", "the deck's pack to play with (the rule sheet: 40 cards)", read=str),
    Option("steal", ("must", "may"), "must", "must: a card that matches another casita's top steals it (the rule "
                                             "sheet); may: the player may capture from the middle instead"),
)


class Prepared:
    __slots__ = ("cards", "steal_may", "options")

    def __init__(self, cards: Suited, steal_may: bool, options: dict[str, Any]):
        self.cards = cards
        self.steal_may = steal_may
        self.options = options
