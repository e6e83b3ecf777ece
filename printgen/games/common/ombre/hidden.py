"""What one seat of an Ombre hand knows, and hands dealt anew from it (the search player's
determinisation, printgen.sim.engine.Game.information and determinize).

Public: the bidding, trumps, the stakes, who exchanged and how many cards, every card played to a
trick and who played it, and what the rules make a player show (Tresillo's vuelta card turned on
the talon, followed to whoever drew it; L'Ombre's matadors paid for, through a hook). Private:
each hand, the cards a player discards (known to that player only) and draws (known to the drawer,
who then holds them), the talon. Play also shows absences: a player who did not follow the suit
led holds none of it (with trumps led, none but the matadors the privilege let it keep), and the
deal never gives such a player a card of it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.common.ombre.pack import ACTIVE
from printgen.games.common.ombre.state import OVER, PLAY, State
from printgen.games.common.tricks import PRIVILEGE_HIGHER, winner
from printgen.sim.engine import shuffle

TRIES = 20                  # deals tried before falling back to the real one (always consistent)


def copy_state(st: State, rng: random.Random | None = None) -> State:
    """A copy to play on that shares nothing play changes (the trick tables and options, which
    play only reads, are shared): a plain copy field by field, many times faster than deepcopy.
    Its generator is `rng` when given (a determinisation's fresh one: copying the state's own,
    625 words, would be thrown away), else a copy of the state's."""
    new = State.__new__(State)
    for name in State.__slots__:
        setattr(new, name, getattr(st, name))
    new.hand = [list(h) for h in st.hand]
    for name in ("active", "talon", "out", "queue", "pending", "trick", "trick_seats", "tricks", "money", "log",
                 "hand_start", "nxt", "exchanged"):
        setattr(new, name, list(getattr(st, name)))
    new.deals = [list(d) for d in st.deals]
    if not st.tsuit:                    # before trumps: the State's own empty tables, not the pack's
        new.tsuit, new.tpower, new.tmatador = [], [], []
    new.flags = set(st.flags)
    new.arose = dict(st.arose)
    if rng is None:
        rng = random.Random()
        rng.setstate(st.rng.getstate())
    new.rng = rng
    bid = st.bid_state
    if hasattr(bid, "__slots__"):       # Tresillo's Bidding: copied slot by slot, its lists and dict too
        new.bid_state = _copy_record(bid)
    if st.book is not None:
        new.book = _copy_record(st.book)
    return new


def _copy_record(record: object) -> object:
    out = type(record).__new__(type(record))
    for name in type(record).__slots__:      # type: ignore[attr-defined]
        value = getattr(record, name)
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, dict):
            value = dict(value)
        setattr(out, name, value)
    return out


def _record_view(record: object) -> Hashable:
    if record is None or isinstance(record, int):
        return record
    out = []
    for name in type(record).__slots__:      # type: ignore[attr-defined]
        value = getattr(record, name)
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        elif isinstance(value, dict):
            value = tuple(sorted(value.items()))
        out.append(value)
    return tuple(out)


def trick_history(st: State) -> list[tuple[int, int, int]]:
    """Every card played to a trick this hand as (seat, card, card led), in order, the trick on
    the table included: the seats are not kept with finished tricks, but the Ombre leads the first
    and each trick's winner the next."""
    if st.trumps < 0:
        return []
    out = st.out
    start = len(out) - ACTIVE * st.played
    seen = []
    leader = st.ombre
    suit, power, nxt = st.tsuit, st.tpower, st.nxt
    for k in range(start, len(out), ACTIVE):
        cards = out[k:k + ACTIVE]
        seat = leader
        for c in cards:
            seen.append((seat, c, cards[0]))
            seat = nxt[seat]
        leader = _nth(nxt, leader, winner(cards, suit, power, st.trumps))
    if st.trick:
        seen += [(s, c, st.trick[0]) for s, c in zip(st.trick_seats, st.trick)]
    return seen


def _nth(nxt: list[int], seat: int, n: int) -> int:
    for _ in range(n):
        seat = nxt[seat]
    return seat


def shown_out(st: State, history: list[tuple[int, int, int]]) -> dict[int, int]:
    """Per seat, the cards (a mask) it cannot hold: those of a suit led that it did not follow."""
    suit, power, matador, trumps = st.tsuit, st.tpower, st.tmatador, st.trumps
    higher = st.opts["privilege"] == PRIVILEGE_HIGHER
    void: dict[int, int] = {}
    for seat, c, led in history:
        s = suit[led]
        if suit[c] == s:
            continue
        mask = 0
        for x in range(st.prep.n):
            if suit[x] != s:
                continue
            if s == trumps and matador[x]:      # a matador the privilege let it keep back
                kept = power[x] > power[led] if higher else not matador[led]
                if kept:
                    continue
            mask |= 1 << x
        void[seat] = void.get(seat, 0) | mask
    return void


class OmbreHidden:
    """information() and determinize() for the family (mixed into each game class)."""

    def clone(self, state: State) -> State:
        return copy_state(state)

    # -- how the search player treats the family (bench/bench_ombre_openings.py, bench/README.md) ----
    def searched(self, state: State) -> bool:
        """The search player searches the trick play only; the bid, the trumps, the exchange and
        playing on after five tricks are the greedy player's (measured better at every budget)."""
        return state.phase == PLAY

    def horizon(self, state: State) -> int:
        """The hand: a search's playout ends with the hand it starts in, scored by the counters it
        won (bench/README.md: as strong, and a 12-hand session's search ten times cheaper)."""
        return state.hand_no

    # -- hooks -------------------------------------------------------------------------------------
    def shown_holdings(self, st: State, start: dict[int, list[int]]) -> tuple[dict[int, int], dict[int, int],
                                                                             list[tuple[int, list[int]]]]:
        """What the rules made players show of the hands they began the tricks with (`start`, per
        active seat): (card -> seat holding it from then, seat -> cards it did not hold (mask), and
        (seat, cards) it did not hold all of). None by default."""
        return {}, {}, []

    # -- information ----------------------------------------------------------------------------------
    def information(self, state: State, seat: int) -> Hashable:
        st = state
        mine = st.out[:0]
        at = 0
        for who, n in st.exchanged:
            if who == seat:
                mine = st.out[at:at + n]
            at += n
        others = tuple(len(h) if p != seat else tuple(sorted(h)) for p, h in enumerate(st.hand))
        pending = tuple(st.pending) if st.actor == seat else len(st.pending)
        tricks_out = tuple(st.out[len(st.out) - ACTIVE * st.played:]) if st.trumps >= 0 else ()
        return (seat, st.hand_no, st.dealer, tuple(st.active), st.phase, st.actor, st.trumps, st.ombre, st.contract,
                tuple(st.queue), st.looked, st.sure, tuple(st.trick), tuple(st.trick_seats), st.leader,
                tuple(st.tricks), st.played, st.sweep, st.five, st.stopped, tuple(st.money), st.pool,
                st.tricks_total, st.used, tuple(st.log), tuple(st.hand_start), _record_view(st.bid_state),
                _record_view(st.book), tuple(st.exchanged), st.turned, others, pending, len(st.talon),
                len(st.out), tuple(sorted(mine)), tricks_out)

    # -- determinisation ----------------------------------------------------------------------------
    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        st = state
        det = copy_state(st, random.Random(rng.getrandbits(64)))
        det.deals = []                      # scripted deals (tests) are no seat's knowledge
        if st.phase == OVER:
            return det
        history = trick_history(st)
        void = shown_out(st, history)
        played: dict[int, list[int]] = {}
        for who, c, _ in history:
            played.setdefault(who, []).append(c)
        start = {p: st.hand[p] + played.get(p, []) for p in st.active}
        pins, never, not_all = self.shown_holdings(st, start) if st.phase >= PLAY else ({}, {}, [])
        for p, mask in never.items():
            void[p] = void.get(p, 0) | mask
        # the places the seat cannot see: other hands, the other exchangers' discards, the talon
        talon = list(st.talon)
        top_pin = -1
        if st.turned >= 0:
            drew = next((who for who, n in st.exchanged if n), -1)
            if drew < 0:
                top_pin = st.turned         # still on the talon, face up
            elif st.turned in st.hand[drew]:
                pins[st.turned] = drew
        fixed = set(st.hand[seat]) | set(pins)
        if top_pin >= 0:
            fixed.add(top_pin)
        slots: list[tuple[int, list[int]]] = []     # (seat or -1, the list a card is dealt into), in order
        hidden: list[int] = []
        for p in st.active:
            if p == seat:
                continue
            kept = [c for c in st.hand[p] if c in fixed]
            hidden += [c for c in st.hand[p] if c not in fixed]
            slots.append((p, kept))
        at = 0
        discards: list[tuple[int, int]] = []
        for who, n in st.exchanged:
            if who != seat:
                hidden += st.out[at:at + n]
                discards.append((at, n))
            at += n
        hidden += [c for c in talon if c != top_pin]
        sizes = {p: len(st.hand[p]) for p in st.active}
        for _ in range(TRIES):
            deal = self._deal(hidden, slots, sizes, void, rng)
            if deal is not None and self._holds_up(deal, seat, start, played, not_all):
                break
        else:
            return det                      # nothing found at random: the real deal is one
        hands, rest = deal
        held = det.held
        for p, cards in hands.items():
            det.hand[p] = cards
            for c in cards:
                held |= 1 << c
        det.held = held
        for at, n in discards:
            det.out[at:at + n] = rest[:n]
            del rest[:n]
        det.talon = rest + ([top_pin] if top_pin >= 0 else [])
        if st.pending and st.actor != seat:
            det.pending = rng.sample(det.hand[st.actor], len(st.pending))
        if st.phase >= PLAY and st.ombre >= 0:
            top = st.prep.orders.trump_cards[st.trumps]
            begun = set(det.hand[st.ombre]) | set(played.get(st.ombre, []))
            det.estuche = top[0] in begun and top[1] in begun and top[2] in begun
        return det

    @staticmethod
    def _deal(hidden: list[int], slots: list[tuple[int, list[int]]], sizes: dict[int, int], void: dict[int, int],
              rng: random.Random) -> tuple[dict[int, list[int]], list[int]] | None:
        """Shuffle the unseen cards and fill each hand (those with cards they cannot hold first)
        from the front of the shuffle, skipping what it cannot hold; the rest are the talon and the
        discards. None when a hand cannot be filled."""
        pool = list(hidden)
        shuffle(rng, pool)
        hands: dict[int, list[int]] = {}
        order = sorted(slots, key=lambda s: -bin(void.get(s[0], 0)).count("1"))
        for p, kept in order:
            need = sizes[p] - len(kept)
            mask = void.get(p, 0)
            got = list(kept)
            if mask:
                left = []
                for c in pool:
                    if need and not mask >> c & 1:
                        got.append(c)
                        need -= 1
                    else:
                        left.append(c)
                if need:
                    return None
                pool = left
            else:
                got += pool[:need]
                del pool[:need]
            hands[p] = got
        return hands, pool

    @staticmethod
    def _holds_up(deal: tuple[dict[int, list[int]], list[int]], seat: int, start: dict[int, list[int]],
                  played: dict[int, list[int]], not_all: list[tuple[int, list[int]]]) -> bool:
        hands = deal[0]
        for p, cards in not_all:
            begun = set(hands.get(p, start[p] if p == seat else [])) | set(played.get(p, []))
            if all(c in begun for c in cards):
                return False
        return True
