"""What is checked after every step of an Ombre session (cards in exactly one place, hand sizes,
counters conserved) and what each hand leaves for the report: kept beside the rules, not in them,
so the rules read as play.
"""

from __future__ import annotations

from printgen.games.common.ombre.pack import ACTIVE, HAND, TALON
from printgen.games.common.ombre.state import BID, EXCHANGE, FIVE, OVER, PLAY, TRICKS, TRUMP, State


class OmbreAudit:
    """Invariants and records for OmbreRules; `stakes_total` is overridden where the stakes live elsewhere."""

    # -- invariants ------------------------------------------------------------------------------------
    def check(self, st: State) -> None:
        n = st.prep.n
        where = [0] * n
        places = [(f"seat {s} hand", st.hand[s]) for s in range(st.players)]
        places += [("talon", st.talon), ("out", st.out), ("trick", st.trick)]
        for what, cards in places:
            for c in cards:
                assert 0 <= c < n, f"{what}: no card {c}"
                where[c] += 1
        if st.phase != OVER:
            bad = [c for c in range(n) if where[c] != 1]
            assert not bad, f"cards not in exactly one place: {bad}"
        assert len(st.active) == ACTIVE and len(set(st.active)) == ACTIVE
        assert st.players == ACTIVE or st.dealer not in st.active, "the dealer of four sits out"
        for seat in range(st.players):
            if seat not in st.active:
                assert not st.hand[seat], f"seat {seat} sits out but holds cards"
        assert sum(st.tricks) == st.played <= TRICKS
        assert len(st.trick) == len(st.trick_seats) < ACTIVE
        if st.phase in (PLAY, FIVE):
            assert 0 <= st.trumps < 4 and st.ombre in st.active
            sizes = [len(st.hand[s]) + (1 if s in st.trick_seats else 0) for s in st.active]
            assert sizes == [TRICKS - st.played] * ACTIVE, f"hands {sizes} after {st.played} tricks"
        if st.phase in (BID, TRUMP, EXCHANGE):
            assert st.played == 0 and not st.trick
            assert sum(len(st.hand[s]) for s in st.active) == ACTIVE * HAND
            assert len(st.talon) + len(st.out) == TALON
            assert len(set(st.pending)) == len(st.pending) <= len(st.talon)
            assert all(c in st.hand[st.actor] for c in st.pending)
        assert st.held & st.used == st.used, "a card was played that nobody held"
        assert st.hand_no <= st.hands
        assert len(st.log) == st.hand_no - (0 if st.phase == OVER else 1)
        middle = self.stakes_total(st)
        assert sum(st.money) + middle == 0, f"counters not conserved: {st.money}, {middle} in the middle"

    def stakes_total(self, st: State) -> int:
        """Every counter in the middle of the table (pool, plato, reserve): with the players' net
        gains, they always add up to nothing."""
        return st.pool

    # -- what the report needs ------------------------------------------------------------------------
    def record(self, st: State, result: str) -> None:
        """The hand just settled, for the report: (contract, result, the Ombre's tricks, estuche,
        who played on after five (-1: nobody), whether that player took all nine, stopped after five,
        played without taking in)."""
        five_made = st.five >= 0 and st.tricks[st.five] == TRICKS
        if st.five >= 0 and not five_made:
            st.flags.add("five_failed")     # played on for all nine after the first five, and missed
        if st.sure:
            st.flags.add("sure")
        st.log.append((st.contract, result, st.tricks[st.ombre], st.estuche, st.five, five_made, st.stopped, st.sure))
