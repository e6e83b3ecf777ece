"""What `printgen validate` says about Tresillo beyond the family's report (printgen.games.common.ombre.report)."""

from __future__ import annotations

from typing import Any

from printgen.games.common.ombre import report
from printgen.games.common.ombre.pack import Prepared, sheet_tables
from printgen.games.common.ombre.report import OmbreReport
from printgen.games.common.ombre.state import State
from printgen.model.deck import Deck
from printgen.sim.report import Finding, More, Result


class TresilloReport(OmbreReport):
    """What validate measures of a session of Tresillo and says about it."""

    length_note = "tricks played in a session of hands (nine a hand, fewer when the Ombre stops after five)"
    # each rule option's situation (a counter of ombre.state's State.flags) in words, for validate
    situations = {"privilege": ("privilege", "a trump lead after which the two readings of the privilege allow "
                                             "different cards"),
                  "all_pass": ("all_pass", "all three players passing"),
                  "match": ("contested", "a contract named while another stood"),
                  "codillo_tie": ("codillo_tie", "both opponents beating the Ombre with equal tricks"),
                  "bola_fail": ("five_failed", "a bola tried and missed")}
    situation_unit = "hands"

    def sheet_tables(self, deck: Deck) -> dict[str, Any]:
        return sheet_tables(deck, self.title)

    def extra_figures(self, st: State) -> dict[str, Any]:
        book = st.book
        return {"debts": [book.written, book.paid, len(book.debts), max((d[1] for d in book.debts), default=0)]}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        out = report.findings(results, players, "plato", "tantos", "the bola", {"contracts": True})
        done = [r for r in results if r.extra]
        hands = sum(r.extra["hands"] for r in done)
        if hands:
            written = sum(r.extra["debts"][0] for r in done)
            paid = sum(r.extra["debts"][1] for r in done)
            left = [r.extra["debts"][2] for r in done]
            largest = max(r.extra["debts"][3] for r in done)
            out.append(Finding("info", f"a reserved puesta is written on the sheet in "
                                       f"{written / hands:.1%} of hands and won back {paid:,} times of {written:,}; "
                                       f"{sum(1 for x in left if x) / len(done):.0%} of sessions end with debts open "
                                       f"(the largest {largest:,} tantos)",
                               {"written": written, "paid": paid, "open_sessions": sum(1 for x in left if x)}))
        return out
