"""What `printgen validate` measures of the drafting game: picks for its length, the cards each seat
still holds, the cards played in front of a player as the used ones (the discarded are the dead),
and the deal it needs. It adds no findings of its own to the shared figures."""

from __future__ import annotations

from printgen.games.drafting.rules import State
from printgen.games.drafting.tables import DRAFTS, FINAL_DOWN, FINAL_UP, HAND, PLAYERS, SEVEN, SIX, Prepared
from printgen.sim.report import Deal, Finding, Report


class DraftingReport(Report[Prepared, State]):
    """What validate measures of a game of drafting and says about it."""

    good_hand = None   # 13 cards are dealt but split into stacks of 6 and 7 at once
    length_unit = "picks"
    length_note = "every game is 12 picks per player, 6 in each round"

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        return Deal((HAND,) * players)

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        if players != PLAYERS:
            return [Finding("error", f"the drafting game is for exactly 4 players, not {players}", players)]
        per_suit = [sum(prepared.face[c] for c in range(len(prepared.suit)) if prepared.suit[c] == s)
                    for s in range(4)]
        return [
            Finding("info", "52 cards: 4 suits of 13 (ace to king), face value 85 per suit, 340 in all",
                    {"suits": prepared.suit_names, "face_per_suit": per_suit}),
            Finding("info", "each player is dealt 13 cards and splits them into stacks of 6 (round 1) and 7 "
                            "(round 2); each ends with 10 scored cards (8 face down, 2 face up), "
                            "12 cards are discarded",
                    {"hand": HAND, "split": (SIX, SEVEN), "final": (FINAL_DOWN, FINAL_UP), "discarded": 12}),
        ]

    def length(self, state: State) -> int:
        """Picks each player has made (12 at the end): what a player counts at the table."""
        return len(state.played[0])

    def hand_sizes(self, state: State) -> list[int]:
        """Cards a seat holds and has not played: hand/stacks (13 at the start)."""
        return [len(state.hold[s]) + len(state.stack[s]) for s in range(PLAYERS)]

    def card_usage(self, state: State) -> tuple[int, int]:
        """held: every dealt card (all 52 are dealt); used: cards in front of a player (their scored
        cards at the end: 40). Discarded cards are the dead ones."""
        used = 0
        for s in range(PLAYERS):
            for c in state.up[s]:
                used |= 1 << c
            for c in state.down[s]:
                used |= 1 << c
        return state.held, used

    def playable(self, state: State) -> int:
        """A card is used by picking it from the stack in front of the seat (it is played before
        the player, face up or down); splitting the hand, discarding and making a neighbour discard
        put no card of the seat's own to use."""
        if state.phase not in DRAFTS:
            return 0
        return sum(1 << c for c in state.stack[state.actor])

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return list(prepared.groups)
