"""What one seat of Burro knows, and a game dealt anew behind what it cannot see (issue 28's
search player plays from these).

A seat sees its own hand, the cards played this hand (face up in the tricks, so a card once seen
stays where it was seen until the next deal gathers every card again), every count (the size of
each hand and of the stock), the letters and whose turn it is. It does not see the other hands or
the order of the stock: a determinisation deals those cards again at random, each hand keeping its
size, within what play has shown of them:

- a player who could not follow a suit lacks it (State.void): drawn cards go into a hand face
  down, but every card it drew before the one of the led suit was of another suit, so the suits it
  lacked stay lacking while it draws at most that one card; a player who passed lacks the suit for
  the rest of the hand, as the stock is empty;
- a player deciding how to follow holds the led suit: two cards or more (one would have been
  played for it), exactly one when it has just found it by drawing (State.single: it must play it
  or draw again);
- a player who drew again (the Portuguese game) may hold anything.

Why these: a search player that deals a seat cards of a suit it was seen to lack expects that seat
to follow where it cannot, and plays for tricks it cannot lose. What a player's choices might hint
(it led its longest suit, say) is not used: the deal is otherwise uniform over the unseen cards.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.burro.rules import State
from printgen.games.burro.tables import FOLLOW
from printgen.sim.engine import shuffle

# the fields of a State that play shows every seat (copied as they are into a determinisation)
_PUBLIC = ("n", "letters", "dealer", "count", "phase", "actor", "leader", "led", "best", "winner", "drew",
           "holders", "deciding", "decided", "hands", "passes", "tricks", "dealt", "void", "single")
ALL_SUITS = 0b1111


class BurroHidden:
    """Burro's information(state, seat) and determinize(state, seat, rng), mixed into the game."""

    def horizon(self, state: State) -> int:
        """The hand: a search's playout ends with the hand it starts in, scored by the letters it
        gave (the game's hands are independent deals; playing on to the fifth letter cost most of
        a search's time and told the decision nothing)."""
        return state.hands

    def information(self, state: State, seat: int) -> Hashable:
        """Seat's hand (by suit, sorted), the cards played this hand in order, the stock's size and
        every public field (the suits each seat is known to lack among them)."""
        st = state
        own = tuple(tuple(sorted(cards)) for cards in st.hand[seat])
        public = tuple(tuple(v) if isinstance(v, list) else v for v in (getattr(st, f) for f in _PUBLIC))
        return seat, own, tuple(st.gone), len(st.stock), public

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A copy with the other hands and the stock dealt anew from the cards `seat` cannot see."""
        st = state
        cls = type(st)
        d = cls.__new__(cls)
        for name in cls.__slots__:
            value = getattr(st, name)
            if type(value) is list:
                value = list(value)
            setattr(d, name, value)
        suit = st.prep.cards.suit
        unseen = list(st.stock)
        for p in range(st.n):
            if p != seat:
                for cards in st.hand[p]:
                    unseen += cards
        shuffle(rng, unseen)
        hands: list[list[list[int]]] = [[[], [], [], []] for _ in range(st.n)]
        hands[seat] = [list(cards) for cards in st.hand[seat]]
        held = st.held
        for p, cards in _deal(st, seat, unseen, suit).items():
            mine: list[list[int]] = [[], [], [], []]
            for c in cards:
                mine[suit[c]].append(c)
                held |= 1 << c
            hands[p] = mine
        d.hand = hands
        d.stock = unseen
        d.held = held
        d.rng = random.Random(rng.getrandbits(64))
        return d


def _wants(st: State, seat: int) -> list[tuple[int, int, int]]:
    """(seat, suits it may be dealt as bits, how many) for every other seat's hand, in parts: a
    follower's cards of the led suit apart from the rest; the most constrained first, so the cards
    they must have are still there when they are dealt."""
    follower = st.actor if st.phase == FOLLOW and st.actor != seat else -1
    out = []
    for p in range(st.n):
        if p == seat or not st.count[p]:
            continue
        allowed = ALL_SUITS & ~st.void[p]
        k = st.count[p]
        if p == follower:
            need = 1 if st.drew else 2
            out.append((p, 1 << st.led, need))
            k -= need
            if st.single == p:
                allowed &= ~(1 << st.led)
        if k:
            out.append((p, allowed, k))
    out.sort(key=lambda want: bin(want[1]).count("1"))
    return out


def _deal(st: State, seat: int, unseen: list[int], suit: list[int]) -> dict[int, list[int]]:
    """Every other seat's cards, taken from `unseen` (shuffled; what is left of it is the stock):
    each part of _wants takes the first cards of its suits, a card only if every part can still be
    dealt after it (a constrained part could otherwise take the cards a later one needs). Once the
    parts left may take any suit, they take the next cards as they come, as a plain deal does.

    Whether the parts can be dealt is Hall's condition: for every set of suits T, the parts that
    may take only suits of T want no more cards than T has left; its slack (cards left of T less
    the cards wanted) is kept for the 15 sets and must never go below 0. A part allowed suits A
    taking a card of suit s lowers the slack of every T that holds s but not all of A, and no
    other (if A lies within T, T has one card fewer and its parts want one fewer)."""
    wants = _wants(st, seat)
    dealt: dict[int, list[int]] = {p: [] for p, _, _ in wants}
    slack: list[int] = []
    if wants and wants[0][1] != ALL_SUITS:
        left = [0, 0, 0, 0]
        for c in unseen:
            left[suit[c]] += 1
        slack = [0] * (ALL_SUITS + 1)
        for s in range(4):
            n = left[s]
            for t in _HOLDING[s]:
                slack[t] += n
        for _, allowed, k in wants:
            for t in _HOLDING_ALL[allowed]:
                slack[t] -= k
    for i, (p, allowed, k) in enumerate(wants):
        if allowed == ALL_SUITS:           # sorted: every part left may take anything
            for q, _, k in wants[i:]:
                dealt[q] += unseen[:k]
                del unseen[:k]
            break
        mine = dealt[p]
        lowered = _LOWERED[allowed]
        j = 0
        while k:
            s = suit[unseen[j]]
            if allowed >> s & 1:
                sets = lowered[s]
                if all(slack[t] for t in sets):
                    for t in sets:
                        slack[t] -= 1
                    mine.append(unseen.pop(j))
                    k -= 1
                    continue
            j += 1
    return dealt


# the sets of suits holding suit s; holding every suit of A
_HOLDING = [[t for t in range(1, ALL_SUITS + 1) if t >> s & 1] for s in range(4)]
_HOLDING_ALL = [[t for t in range(1, ALL_SUITS + 1) if allowed & ~t == 0] for allowed in range(ALL_SUITS + 1)]
# _LOWERED[A][s]: the sets of suits whose slack a card of suit s dealt to a part allowed A lowers
_LOWERED = [[[t for t in range(1, ALL_SUITS + 1) if t >> s & 1 and allowed & ~t] for s in range(4)]
            for allowed in range(ALL_SUITS + 1)]
