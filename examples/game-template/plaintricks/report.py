"""What Plain Tricks adds to the validate report and to its rule sheet.

A mixin of plaintricks.game.PlainTricks. `result_extra` keeps a small figure from each game;
`extra_findings` turns those figures into lines of the report; `sheet_tables` gives the rule
sheet (rules/plaintricks.md in the deck) the order of the cards from the same data the game plays by.
"""

from __future__ import annotations

from typing import Any, Callable

from printgen.files.errors import UserError
from printgen.sim.engine import Finding, Result

from plaintricks.tables import Prepared, State

LEADER_WARN = 0.8      # the leader taking more tricks than this makes the lead decide the game


class Report:
    def result_extra(self, state: State) -> dict[str, Any]:
        return {"leads_won": state.leads_won}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: Callable[..., list[Result]]) -> list[Finding]:
        """How often the seat that led a trick took it: near 1, whoever holds the lead keeps it."""
        tricks = sum(r.length for r in results)
        if not tricks:
            return []
        share = sum(r.extra["leads_won"] for r in results) / tricks
        words = f"the leader took {share:.0%} of the tricks"
        if share > LEADER_WARN:
            return [Finding("warning", words + ": leading decides the game (try more players or -O trumps=first)",
                            share, tries={"trumps": "first"})]
        return [Finding("info", words, share)]

    def sheet_tables(self, deck: Any) -> dict[str, Any]:
        """The ranks from high to low, as the rule sheet prints them ({{ game.order }})."""
        try:
            prepared = self.prepare(deck, "basic", {})
        except UserError:                      # a deck the game cannot play: the sheet prints no table
            return {}
        return {"order": [str(r) for r in sorted(set(prepared.rank), reverse=True)]}
