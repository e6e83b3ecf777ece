"""Burro's data: the decision codes, the phases of a trick, the variants and options, and the
prepared deck every game of a run shares."""

from __future__ import annotations

from typing import Any

from printgen.games.common.suited import Suited
from printgen.sim.options import Option

DRAW = 1000
LETTERS = 5                     # B-U-R-R-O
LEAD, FOLLOW, OVER = range(3)

VARIANTS = ("basic", "basic40", "portuguese")
OPTIONS = (
    Option("pack", None, "48", "the deck's pack to play with (40 or 48 cards)",
           {"basic40": "40", "portuguese": "40"}, read=str),
    Option("deal", range(1, 13), 4, "cards dealt to each player (the rule sheet: 4; the Portuguese game: 5)",
           {"portuguese": 5}),
    Option("keep_drawing", ("no", "yes"), "no", "yes: a player who had to draw may keep drawing after finding the "
                                                "led suit (the Portuguese game)", {"portuguese": "yes"}),
    Option("decider", ("first_out", "share"), "first_out",
           "first_out: a tie for the fewest letters is decided by one more hand, won by the first tied player to run "
           "out (the rule sheet); share: the tied players share the win"),
)



class Prepared:
    __slots__ = ("cards", "deal", "keep_drawing", "decider", "options", "variant")

    def __init__(self, cards: Suited, deal: int, keep_drawing: bool, decider: str, options: dict[str, Any],
                 variant: str):
        self.variant = variant
        self.cards = cards
        self.deal = deal
        self.keep_drawing = keep_drawing
        self.decider = decider
        self.options = options
