"""The Conquian game for the simulation engine, assembled from its parts (melds, rules, bot, report)."""

from __future__ import annotations

from typing import Any

from printgen.files.errors import UserError
from printgen.games.common.suited import SuitedCards, compile_suited, pack_deck
from printgen.games.conquian.bots import GreedyBot
from printgen.games.conquian.melds import Melds
from printgen.games.conquian.report import Reporting
from printgen.games.conquian.rules import Rules
from printgen.games.conquian.tables import (
    OPTIONS, Prepared, VARIANTS,
)
from printgen.sim.engine import Game
from printgen.sim.report import Deal, Finding, Report


class Conquian(Melds, Rules, GreedyBot, Reporting, SuitedCards, Game, Report):
    name = "conquian"
    title = "Conquian"
    variants = VARIANTS
    players = (2,)
    options = OPTIONS
    step_cap = 400
    good_hand = (8, 10)
    length_unit = "cards turned"
    length_note = "cards turned up from the stock; the game is a tie when one is needed and none is left"

    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in VARIANTS:
            raise UserError(f"Conquian has no variant '{variant}'", hint="variants: " + ", ".join(VARIANTS))
        chosen = self.read_options(variant, options)
        cards = compile_suited(pack_deck(deck, chosen, None, "Conquian"), "Conquian")
        if cards.n > 64:
            raise UserError(f"Conquian: a pack of {cards.n} cards is too big for the simulator (at most 64)",
                            hint="play the 40- or 48-card pack (-O pack=40)")
        return Prepared(cards, chosen["deal"], chosen["force_drawn"] == "at_once", chosen)

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        return Deal((prepared.deal,) * players, ((1, "turned up from the stock"),), "deal")

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        stock = prepared.cards.n - 2 * prepared.deal
        return [Finding("info", f"{prepared.cards.n} cards, {prepared.deal} each, a stock of {stock}; "
                                f"{prepared.deal + 1} cards melded win", {"stock": stock})]
