"""What `printgen validate` measures of Plain Tricks and says about it, and what its rule sheet prints
(a printgen.sim.report.Report).

The measures every game gives (length, starting hands, the cards held and used, the cards' names
and groups, the deal) feed the figures validate reports for any game: balance of the seats, dead
and strong cards, a deal the pack cannot give. The rest is the game's own: `result_extra` keeps two
figures of each game, `extra_findings` turns one into a line of the report, `situations` lets
validate say how often `-O trumps` could matter, and `sheet_tables` gives the rule sheet the order
of the cards from the same data the game plays by.
"""

from __future__ import annotations

from typing import Any

from printgen.files.errors import UserError
from printgen.sim.options import read_options
from printgen.sim.report import Deal, Finding, More, Report, Result

from .rules import State
from .tables import OPTIONS, Prepared

LEADER_WARN = 0.8      # the leader taking more tricks than this: whoever leads keeps the lead


class PlainTricksReport(Report[Prepared, State]):
    """What validate measures of a game of Plain Tricks and says about a deck for it."""

    good_hand = (4, 10)
    length_unit = "tricks"
    # -O trumps decides a trick only when a player could not follow suit: validate says how often that arose
    situations = {"trumps": ("offsuit", "a trick in which a player could not follow suit")}
    situation_unit = "tricks"
    # -O hand shapes every game rather than governing a situation: validate says so
    settings = {"hand": "the deal"}

    # -- one game's measures -------------------------------------------------------------------------
    def length(self, state: State) -> int:
        return state.tricks

    def hand_sizes(self, state: State) -> list[int]:
        return list(state.dealt)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def result_extra(self, state: State) -> dict[str, Any]:
        """The tricks the leader took; the off-suit tricks, as the situation `-O trumps` governs."""
        return {"leads_won": state.leads_won, "arose": {"offsuit": state.offsuit}, "occasions": state.tricks}

    # -- the deck ------------------------------------------------------------------------------------
    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        """Each card's suit, so the report gives the dead cards of each suit."""
        return [prepared.suit_names[s] for s in prepared.suit]

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        """`hand` cards to each seat and nothing else; `-O hand=` is what to lower when the pack is short."""
        return Deal((prepared.hand,) * players, option="hand")

    # -- what the report says ------------------------------------------------------------------------
    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
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
            prepared = Prepared(deck, read_options("Plain Tricks", OPTIONS, "basic", {}))
        except UserError:                      # a deck the game cannot play: the sheet prints no table
            return {}
        return {"order": [str(r) for r in sorted(set(prepared.rank), reverse=True)]}
