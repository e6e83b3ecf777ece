"""Cromwell's invariants (checked after every step in tests) and helpers that name actions.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`, built on the rules it checks."""

from __future__ import annotations

from collections.abc import Sequence

from printgen.games.cromwell.rules import TurnRules
from printgen.games.cromwell.tables import (
    ANNOUNCE,
    ANSWER,
    DECIDE,
    GO_OUT,
    LAY_PHASES,
    OFFER,
    OVER,
    Prepared,
    State,
    _bits,
    describe,
)


class Checks(TurnRules):
    # -- helpers for people and tests --------------------------------------------------------------
    def num_actions(self, prepared: Prepared, players: int) -> int:
        """Every action of this prepared deck (lays, lay-offs, trades, answers)."""
        return prepared.N_ACTIONS

    def action_name(self, state: State, action: int) -> str:
        """The action in words (Cromwell's actions say all they do without the state)."""
        return self.describe(state.prep, action)

    def describe(self, prepared: Prepared, action: int) -> str:
        """An action of this prepared deck in words: 'lay down Henry IV-Henry V-Henry VI', 'offer Anne'."""
        return describe(prepared, action)

    def lay_down(self, prepared: Prepared, *names: str) -> int:
        """The action laying down the sequence of these monarchs (KeyError if it is no sequence)."""
        m = prepared.mask(*names)
        return prepared.seqs.index(m) if m in prepared.valid else self._no_seq(names)

    @staticmethod
    def _no_seq(names: Sequence[str]) -> int:
        raise KeyError("not a sequence: " + ", ".join(names))

    def lay_off(self, prepared: Prepared, name: str, table_index: int) -> int:
        return prepared.LAYOFF + table_index * prepared.n + prepared.index(name)

    def announce(self, prepared: Prepared, name: str) -> int:
        return prepared.ANNOUNCE + prepared.index(name)

    def offer(self, prepared: Prepared, name: str) -> int:
        return prepared.OFFER + prepared.index(name)

    def accept(self, prepared: Prepared, seat: int) -> int:
        return prepared.ACCEPT + seat

    def answer(self, prepared: Prepared, after: bool, right: bool) -> int:
        return prepared.ANSWER + 2 * int(after) + int(right)

    # -- invariants --------------------------------------------------------------------------------
    def check(self, state: State) -> None:
        """Every invariant of the state (tests call it after every step): the cards conserved, the
        table and the hands consistent with the score sheet, then what the phase promises."""
        st = state
        assert 0 <= st.phase <= OVER, f"unknown phase {st.phase}"
        assert 0 <= st.crom < st.P and 0 <= st.actor < st.P
        self._check_cards_conserved(st)
        self._check_table(st)
        self._check_hands(st)
        if st.phase == OVER:
            self._check_round_over(st)
        else:
            self._check_turn(st)

    @staticmethod
    def _check_cards_conserved(st: State) -> None:
        """Every card in exactly one place: a hand, the table, out of play, the stock or the Block."""
        p = st.prep
        n = p.n
        places = list(st.hands) + [st.table_mask, st.out_mask]
        seen = 0
        total = 0
        for m in places:
            assert m & ~p.all_mask == 0, "a place holds a card that does not exist"
            assert not seen & m, f"cards in two places: {_bits(seen & m)}"
            seen |= m
            total += m.bit_count()
        for pile, what in ((st.stock, "stock"), (st.block, "Block")):
            m = 0
            for c in pile:
                m |= 1 << c
            assert m.bit_count() == len(pile) and not m & ~p.all_mask, f"the {what} holds a card twice or a wrong card"
            assert not seen & m, f"cards in the {what} and elsewhere: {_bits(seen & m)}"
            seen |= m
            total += len(pile)
        assert seen == p.all_mask and total == n, \
            f"cards not conserved: {total} placed of {n}, missing {_bits(p.all_mask & ~seen)}"
        if st.adv:
            assert not st.stock and not st.block, "advanced play has no stock and no Block"
        for s, h in enumerate(st.hands):
            assert st.shown[s] & ~h == 0, f"seat {s}: shown cards {_bits(st.shown[s] & ~h)} not in its hand"
        for c in st.stock:
            assert st.pool >> c & 1, f"the stock holds {p.names[c]}, which was not on the Block it was made from"

    @staticmethod
    def _check_table(st: State) -> None:
        """Each table sequence a valid one, apart from the others, with its lay-off cards up to date,
        and the masks and the score sheet kept with the table agreeing with it."""
        p = st.prep
        acc = 0
        ext_all = 0
        assert len(st.table) == len(st.ext) and len(st.table) <= p.T
        for j, t in enumerate(st.table):
            assert t in p.valid, f"table sequence {j} is not a sequence: {[p.names[c] for c in _bits(t)]}"
            assert not acc & t, f"table sequence {j} shares cards with another"
            acc |= t
            assert st.ext[j] == p.ext_of(t), f"table sequence {j}: lay-off cards out of date"
            ext_all |= st.ext[j]
        assert acc == st.table_mask, "table mask out of date"
        assert ext_all == st.ext_all, "lay-off mask out of date"
        assert sum(st.laid) == st.table_mask.bit_count(), "ticks on the score sheet do not match the table"
        assert all(x >= 0 for x in st.laid)

    @staticmethod
    def _check_hands(st: State) -> None:
        """In basic play, and in advanced play with forfeit=trade (trades are one for one, and a
        wrong answer calls one off), hands change size only by laying (and by the drawn card while
        going out without a discard); every card in a hand or on the table was recorded as held."""
        if not st.adv or st.prep.forfeit == "trade":
            for s, h in enumerate(st.hands):
                extra = 1 if (st.no_discard and s == st.crom) else 0
                assert h.bit_count() + st.laid[s] == st.dealt[s] + extra, \
                    f"seat {s}: {h.bit_count()} cards in hand and {st.laid[s]} laid, but {st.dealt[s]} were dealt"
        hands_all = 0
        for h in st.hands:
            hands_all |= h
        assert hands_all & ~st.held == 0, "a card in a hand was never recorded as held"
        assert st.table_mask & ~st.held == 0, "a laid card was never held"

    def _check_round_over(self, st: State) -> None:
        """A round over: the winner's hand empty (or a stuck round ended by the stalemate rule), and
        the scores in bounds and adding up as the scoring option counts them."""
        p = st.prep
        n = p.n
        if st.winner >= 0:
            assert st.hands[st.winner] == 0, "the winner still holds cards"
        else:
            assert st.stalled >= 0 and p.stalemate == "stop", "the round ended with nobody out"
        sc = self.scores(st)
        assert all(0 <= x <= n for x in sc), f"score out of bounds: {sc}"
        left = sum(h.bit_count() for h in st.hands)
        if p.scoring == "everyone":      # each hand's cards count for every other seat
            assert sum(sc) == sum(st.laid) + (st.P - 1) * left, f"scores {sc} do not add up"
        else:                            # they count once, for the seat that went out
            assert sum(sc) == sum(st.laid) + (left if st.winner >= 0 else 0) <= n, f"scores {sc} do not add up"

    def _check_turn(self, st: State) -> None:
        """A round going on: nobody out, and the phase's promises kept (who acts, something to lay in
        a lay phase, the announced and offered cards held, a layable hand while going out)."""
        assert st.winner < 0
        if not (st.phase == ANSWER and st.stage == 2):   # hands are looked at after both answers
            assert all(st.hands), "a player has no cards but the round goes on"
        phase = st.phase
        if phase in LAY_PHASES or phase in (ANNOUNCE, DECIDE, GO_OUT):     # the Cromwell decides
            assert st.actor == st.crom
        if phase in LAY_PHASES:
            assert self.can_lay(st, st.hands[st.crom]), "a lay phase with nothing to lay"
        if phase in (OFFER, DECIDE):
            assert st.hands[st.crom] >> st.announced & 1, "the announced card is not in the Cromwell's hand"
            assert st.offers[st.crom] < 0
            for s, o in enumerate(st.offers):
                if o >= 0:
                    assert st.hands[s] >> o & 1, f"seat {s} offered a card it does not hold"
        if phase == OFFER:
            assert st.actor != st.crom
        if phase == DECIDE:
            assert any(o >= 0 for o in st.offers), "deciding with no offer"
        assert st.no_discard == (phase == GO_OUT), "going out without a discard outside that phase"
        if phase == GO_OUT:
            assert self.clearable(st, st.hands[st.crom]), "going out but the hand cannot be laid"
        if phase == ANSWER:
            assert st.adv and st.stage in (1, 2)
            assert st.actor == (st.crom if st.stage == 1 else st.trade_seat)
            card = self.answer_card(st)
            assert st.hands[st.actor] >> card & 1, "the answerer does not hold the card answered about"
