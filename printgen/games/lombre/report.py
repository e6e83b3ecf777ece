"""What `printgen validate` says about L'Ombre beyond the family's report (printgen.games.common.ombre.report)."""

from __future__ import annotations

from typing import Any

from printgen.games.common.ombre import report
from printgen.games.common.ombre.pack import Prepared, sheet_tables
from printgen.games.common.ombre.report import OmbreReport
from printgen.model.deck import Deck
from printgen.sim.report import Finding, More, Result


class LOmbreReport(OmbreReport):
    """What validate measures of a session of L'Ombre and says about it."""

    length_note = "tricks played in a session of hands (nine a hand, fewer when a player stops after five)"
    # each rule option's situation (a counter of ombre.state's State.flags) in words, for validate
    situations = {"privilege": ("privilege", "a trump lead after which the two readings of the privilege allow "
                                             "different cards"),
                  "fail": ("sure", "a game played without taking in"),
                  "opponents_pay": ("opponents_exchange", "an opponent taking in from the talon"),
                  "vole_fail": ("five_failed", "a vole tried and missed"),
                  "codillo_tie": ("codillo_tie", "both opponents beating the Ombre with equal tricks"),
                  "matadors": ("matadors", "a player holding the three matadors")}
    situation_unit = "hands"

    def sheet_tables(self, deck: Deck) -> dict[str, Any]:
        return sheet_tables(deck, self.title)

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        return report.findings(results, players, "pool", "counters")
