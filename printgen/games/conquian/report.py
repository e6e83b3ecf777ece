"""What validate measures and says about Conquian, and the invariants checked after each step.

A mixin of :class:`printgen.games.conquian.game.Conquian`."""

from __future__ import annotations

from typing import Any, Callable

from printgen.games.conquian.tables import (
    DISCARDING, OVER, Prepared, State, TIE_WARN, _cards,
)
from printgen.sim.report import Finding, Result
from printgen.sim.stats import wilson


class Reporting:
    # -- what the metrics need ---------------------------------------------------------------------
    def hand_sizes(self, state: State) -> list[int]:
        return list(state.start)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def check(self, state: State) -> None:
        st = state
        cards = st.prep.cards
        pos, suit = cards.pos, cards.suit
        where = [0] * cards.n
        for p in range(2):
            maybe = st.maybe[p]
            kept = (st.fit[p], st.fit2[p], st.lend[p], st.lendable[p])
            self._refit(st, p)
            assert kept == (st.fit[p], st.fit2[p], st.lend[p], st.lendable[p]), f"seat {p}: fit masks out of date"
            st.maybe[p] = maybe
            if maybe >= 0:
                usable = st.fit[p] | st.fit2[p] | st.prep.partners(st.hand[p] | st.lendable[p])
                assert not usable & ~maybe, f"seat {p}: a card of use is missing from its maybe mask"
            for c in _cards(st.hand[p]):
                where[c] += 1
            assert st.count[p] == sum(len(m) for m in st.melds[p]), f"seat {p}: melded count is wrong"
            for meld in st.melds[p]:
                assert len(meld) >= 3, f"seat {p}: a meld of {len(meld)} cards"
                for c in meld:
                    where[c] += 1
                ranks = [pos[c] for c in meld]
                if len(set(ranks)) == 1:
                    assert len(meld) <= 4
                else:
                    assert len({suit[c] for c in meld}) == 1, f"seat {p}: a run of mixed suits"
                    assert ranks == list(range(ranks[0], ranks[0] + len(meld))), f"seat {p}: a broken run {ranks}"
        for c in st.stock + st.waste + ([st.card] if st.card >= 0 else []):
            where[c] += 1
        assert all(w <= 1 for w in where), "a card in two places"
        assert sum(where) == st.total, f"{sum(where)} cards in the game, not {st.total}"
        if st.phase != OVER:
            assert st.count[0] <= st.prep.deal and st.count[1] <= st.prep.deal
            assert (st.card >= 0) == (st.phase != DISCARDING), "a card in play while discarding"
        else:
            assert st.winner == -1 or st.count[st.winner] == st.prep.deal + 1

    # -- game-specific figures ----------------------------------------------------------------------
    def result_extra(self, state: State) -> dict[str, Any]:
        return {"tie": int(state.phase == OVER and state.winner < 0), "forces": state.forces,
                "borrows": state.borrows, "turned": state.turned, "melded": list(state.count)}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: Callable[[dict[str, Any], int], list[Result]]) -> list[Finding]:
        """The tie rate (the stock running out) with its interval; how often forcing and borrowing
        happen; a warning when most games are tied."""
        done = [r for r in results if not r.timed_out]
        if not done:
            return []
        ties = sum(r.extra["tie"] for r in done)
        low, high = wilson(ties, len(done))
        forces = sum(1 for r in done if r.extra["forces"])
        borrows = sum(1 for r in done if r.extra["borrows"])
        tied_melded = [sum(r.extra["melded"]) / 2 for r in done if r.extra["tie"]]
        out = [Finding("info", f"the stock runs out and the game is a tie in {ties / len(done):.0%} of games (95 % CI "
                               f"{low:.0%}-{high:.0%})" + (f"; in a tie each player has {sum(tied_melded) / len(tied_melded):.1f} "
                                                           "cards melded on average" if tied_melded else ""),
                       {"ties": ties, "games": len(done), "ci95": [low, high]}),
               Finding("info", f"a card is forced in {forces / len(done):.0%} of games and borrowed in "
                               f"{borrows / len(done):.0%}", {"forces": forces, "borrows": borrows})]
        if low > TIE_WARN:
            out.append(Finding("warning", f"most games of Conquian end in a tie ({ties / len(done):.0%}, 95 % CI "
                                          f"{low:.0%}-{high:.0%}): the stock runs out before anyone melds "
                                          f"{prepared.deal + 1} cards", ties / len(done)))
        return out
