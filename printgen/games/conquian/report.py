"""What validate measures and says about Conquian.

A mixin of :class:`printgen.games.conquian.game.Conquian`."""

from __future__ import annotations

from typing import Any

from printgen.games.common.suited import SuitedCards
from printgen.games.conquian.tables import DISCARD, DISCARD_FORCE, FORCE, MELD_FLAG, OVER, TIE_WARN, Prepared, State
from printgen.sim.engine import Game
from printgen.sim.report import Deal, Finding, More, Report, Result
from printgen.sim.verdicts import FINE, WARNING, decide, pct


class Reporting(SuitedCards, Report[Prepared, State], Game[Prepared, State]):
    """What validate measures of a game of Conquian and says about it (the cards by suit); a Game
    too, for the moves open to the seat to act (`playable` reads them)."""

    good_hand = (8, 10)
    length_unit = "cards turned"
    length_note = "cards turned up from the stock; the game is a tie when one is needed and none is left"
    # -O force_drawn decides only a card turned up that fits a meld of the player who turned it up
    situations = {"force_drawn": ("forcible", "a card turned up from the stock that fits a meld of the player "
                                              "who turned it up")}
    situation_unit = "cards turned up"
    settings = {"pack": "the cards in play", "deal": "the deal"}

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        return Deal((prepared.deal,) * players, ((1, "turned up from the stock"),), "deal")

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        stock = prepared.cards.n - 2 * prepared.deal
        return [Finding("info", f"{prepared.cards.n} cards, {prepared.deal} each, a stock of {stock}; "
                                f"{prepared.deal + 1} cards melded win", {"stock": stock})]

    def length(self, state: State) -> int:
        return state.turned

    # -- what the metrics need ---------------------------------------------------------------------
    def hand_sizes(self, state: State) -> list[int]:
        return list(state.start)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def playable(self, state: State) -> int:
        """A card is used by laying it on a meld: the card in play and the hand cards a meld open
        now would take, the card in play forced on the opponent's meld, or a discard forced there.
        Refusing and a plain discard use nothing."""
        could = 0
        for action in self.legal(state):
            if action >= MELD_FLAG:
                could |= 1 << state.card | action >> 16
            elif DISCARD_FORCE <= action:
                could |= 1 << (action - DISCARD_FORCE >> 3)
            elif FORCE <= action < DISCARD:
                could |= 1 << state.card
        return could

    # -- game-specific figures ----------------------------------------------------------------------
    def result_extra(self, state: State) -> dict[str, Any]:
        return {"tie": int(state.phase == OVER and state.winner < 0), "forces": state.forces,
                "borrows": state.borrows, "turned": state.turned, "melded": list(state.count),
                "arose": {"forcible": state.forcible}, "occasions": state.turned}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        """The tie rate (the stock running out) with its interval; how often forcing and borrowing
        happen; a warning when most games are tied."""
        done = [r for r in results if not r.timed_out]
        if not done:
            return []
        ties = sum(r.extra["tie"] for r in done)
        verdict = decide(ties, len(done), (0.0, TIE_WARN))
        forces = sum(1 for r in done if r.extra["forces"])
        borrows = sum(1 for r in done if r.extra["borrows"])
        tied_melded = [sum(r.extra["melded"]) / 2 for r in done if r.extra["tie"]]
        melded = (f"; in a tie each player has {sum(tied_melded) / len(tied_melded):.1f} cards melded on average"
                  if tied_melded else "")
        # the info line carries the verdict when it is fine (else the warning or undecided line below does)
        out = [Finding("info", f"the stock runs out and the game is a tie in {pct(verdict.rate)} % of {len(done):,} "
                               f"games ({verdict.interval_words()}; fine is {verdict.band_words()})" + melded,
                       {"ties": ties, "games": len(done)}, verdict=verdict.as_dict() if verdict.decision == FINE
                       else None),
               Finding("info", f"a card is forced in {forces / len(done):.0%} of games and borrowed in "
                               f"{borrows / len(done):.0%}", {"forces": forces, "borrows": borrows})]
        if verdict.decision != FINE:
            said = (f"{players} players: the game is a tie in {ties / len(done):.0%} of {len(done):,} games "
                    f"({verdict.interval_words()}); fine is {verdict.band_words()}: ")
            said += (f"most games end in a tie, the stock running out before anyone melds {prepared.deal + 1} cards"
                     if verdict.decision == WARNING else "its interval reaches both sides of the band's edge")
            out.append(Finding(verdict.decision, said, ties / len(done), topic=("ties", players),
                               verdict=verdict.as_dict()))
        return out
