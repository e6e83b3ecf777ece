"""Conquian, the first rummy game of the West (seed 002 and decks/spanish/rules/conquian.md).

Two players, the 40-card pack, ten cards each; the stock lies face down. One card is in play at
a time for the player whose turn it is. Using it means melding it: a new set (three or four of a
rank) or run (three or more of a suit in sequence, the sota after the 7) made with cards from the
hand, or an addition to one of the player's own melds, alone or with one card from the hand;
a new meld may borrow one card from the player's own meld of four or more (any card of a set of
four, an end card of a run), which keeps at least three. Every meld uses the card in play: no
card ever goes into a hand. After using it the player discards one card, which is the opponent's
card in play. Refusing a card the opponent left sends it to the waste and turns up the next stock
card for oneself; refusing a card one turned up oneself passes it on to the opponent.

Forcing: a card the opponent turned up and refused that fits one of the opponent's melds may be
forced on them, and so may one's own discard after a meld; the forced player adds it to their meld
and must discard. Eleven cards melded win at once; needing to turn up a card from an empty stock
is a tie.

Readings the seed leaves open (marked on the rule sheet): a card turned up can be forced only once
its player has refused it (`-O force_drawn=at_once`: as soon as it is turned up, before they
decide); a new meld borrows at most one card; an addition takes at most one card from the hand
(the seed: "by itself or with a card from your hand").

Decisions are ints: REFUSE (0; also "do not force" when forcing at once is offered); FORCE on the
opponent's meld m (1 + m); DISCARD card d (16 + d); DISCARD d and force it on meld m (128 + 8 d + m);
MELD: MELD_FLAG | hand cards used << 16 | (borrowed card + 1) << 8 | (own meld added to + 1) << 4.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from printgen.errors import UserError
from printgen.sim.engine import Action, Finding, Game, Result
from printgen.sim.stats import wilson
from printgen.sim.suited import Suited, compile_suited, pack_deck

REFUSE = 0
FORCE = 1
DISCARD = 16
DISCARD_FORCE = 128
MELD_FLAG = 0x8000
CHOOSE, DISCARDING, OFFER, OVER = range(4)
OWN, LEFT, REFUSED = range(3)        # where the card in play came from (LEFT: the opponent's discard)
VARIANTS = {"basic": {"deal": 10}, "short": {"deal": 8}}
OPTIONS: dict[str, tuple[Any, str]] = {
    "pack": (None, "the deck's pack to play with (the rule sheet: 40 cards)"),
    "deal": (range(3, 11), "cards dealt to each player; one more melded wins (the rule sheet: 10; the short "
                           "variant: 8)"),
    "force_drawn": (("refused", "at_once"), "refused: a card the opponent turned up can be forced on them once they "
                                            "refuse it (the rule sheet); at_once: as soon as it is turned up"),
}
TIE_WARN = 0.5


def meld_action(hand_mask: int, borrow: int = -1, target: int = -1) -> Action:
    return MELD_FLAG | (hand_mask << 16) | ((borrow + 1) << 8) | ((target + 1) << 4)


class Prepared:
    __slots__ = ("cards", "deal", "at_once", "options", "R", "rank_mates", "pairs", "near", "span")

    def __init__(self, cards: Suited, deal: int, at_once: bool, options: dict[str, Any]):
        self.cards = cards
        self.deal = deal
        self.at_once = at_once
        self.options = options
        self.R = len(cards.ranks)
        # per card: the other cards of its rank, and the pairs of cards of its suit that make a run
        # of three with it (the two below, one each side, the two above)
        self.rank_mates = []
        self.pairs = []
        self.near = []
        at = cards.at
        # span[s][q]: the cards of suit s below place q, so the run a..b is span[s][b + 1] ^ span[s][a]
        self.span = [[sum(1 << at[s][x] for x in range(q)) for q in range(self.R + 1)] for s in range(4)]
        for c in range(cards.n):
            s, r = cards.suit[c], cards.pos[c]
            self.rank_mates.append(sum(1 << at[t][r] for t in range(4) if t != s))
            self.near.append(self.rank_mates[-1] | sum(1 << at[s][q] for q in (r - 2, r - 1, r + 1, r + 2)
                                                      if 0 <= q < self.R))
            self.pairs.append([(1 << at[s][a]) | (1 << at[s][b]) for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2))
                               if 0 <= a and b < self.R])


class State:
    """hand[p] is a bitmask of card indices; melds[p] a list of melds, each a list of cards (a
    run in sequence order); count[p] the cards seat p has melded. `card` is the card in play,
    `origin` where it came from; `actor` decides."""

    __slots__ = ("prep", "hand", "melds", "count", "stock", "waste", "card", "origin", "actor", "phase",
                 "winner", "turned", "forces", "borrows", "held", "used", "cache", "start", "total", "fit", "fit2", "lend", "lendable")

    def __init__(self, prep: Prepared):
        self.prep = prep
        self.hand = [0, 0]
        self.melds: list[list[list[int]]] = [[], []]
        self.count = [0, 0]
        self.stock: list[int] = []
        self.waste: list[int] = []
        self.card = -1
        self.origin = OWN
        self.actor = 0
        self.phase = CHOOSE
        self.winner = -1             # -1 while playing or for a tie
        self.turned = 0              # cards turned up from the stock
        self.forces = 0
        self.borrows = 0
        self.held = 0
        self.used = 0
        self.cache: list[int] | None = None
        self.start = [0, 0]
        self.total = 0
        # kept by refit() whenever a meld changes: the cards that extend one of seat p's melds by
        # themselves (fit), those two places beyond a run's end (fit2), and whether a meld has four
        self.fit = [0, 0]
        self.fit2 = [0, 0]
        self.lend = [False, False]
        self.lendable = [0, 0]      # the cards seat p may borrow from its melds


_BYTES = [[[8 * k + b for b in range(8) if v >> b & 1] for v in range(256)] for k in range(8)]


def _cards(mask: int) -> list[int]:
    """The card indices of a bitmask, lowest first (by bytes, from a table: hands are read often)."""
    out: list[int] = []
    k = 0
    while mask:
        if mask & 255:
            out += _BYTES[k][mask & 255]
        mask >>= 8
        k += 1
    return out


class Conquian(Game):
    name = "conquian"
    variants = tuple(VARIANTS)
    step_cap = 400
    good_hand = (8, 10)
    length_unit = "cards turned"
    length_note = "cards turned up from the stock; the game is a tie when one is needed and none is left"

    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in VARIANTS:
            raise UserError(f"Conquian has no variant '{variant}'", hint="variants: " + ", ".join(VARIANTS))
        chosen = {"pack": "40", "force_drawn": "refused", **VARIANTS[variant]}
        for key, value in options.items():
            if key not in OPTIONS:
                raise UserError(f"Conquian has no option '{key}'", hint="its options: " + ", ".join(OPTIONS))
            allowed, meaning = OPTIONS[key]
            if isinstance(allowed, range):
                if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
                    raise UserError(f"-O {key}={value}: use a whole number from {allowed.start} to "
                                    f"{allowed.stop - 1}", hint=meaning)
            elif allowed is not None and str(value) not in allowed:
                raise UserError(f"-O {key}={value}: use " + " or ".join(allowed), hint=meaning)
            chosen[key] = value if isinstance(allowed, range) else str(value)
        cards = compile_suited(pack_deck(deck, chosen, None, "Conquian"), "Conquian")
        if cards.n < 2 * chosen["deal"] + 1:
            raise UserError(f"Conquian: {cards.n} cards cannot deal {chosen['deal']} each and keep a stock")
        return Prepared(cards, chosen["deal"], chosen["force_drawn"] == "at_once", chosen)

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        return (2,)

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        stock = prepared.cards.n - 2 * prepared.deal
        return [Finding("info", f"{prepared.cards.n} cards, {prepared.deal} each, a stock of {stock}; "
                                f"{prepared.deal + 1} cards melded win", {"stock": stock})]

    # -- one game --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players != 2:
            raise UserError(f"Conquian is for 2 players, not {players}")
        rnd = rng.random
        keys = [rnd() for _ in range(prepared.cards.n)]
        order = sorted(range(prepared.cards.n), key=keys.__getitem__)      # a shuffle, in fewer calls
        d = prepared.deal
        return self._start(prepared, [order[:d], order[d:2 * d]], order[2 * d:], [[], []])

    def deal(self, prepared: Prepared, hands: list[list[str]], stock: list[str], melds=None, card: str | None = None,
             origin: int = OWN, actor: int = 0) -> State:
        """A scripted position: hands and melds by card name, the stock top first (other cards are
        out of the game). Without `card`, `actor` turns up the stock's top card."""
        idx = prepared.cards.index
        st = self._start(prepared, [[idx(c) for c in h] for h in hands], [idx(c) for c in stock][::-1],
                         [[[idx(c) for c in m] for m in ms] for ms in (melds or [[], []])], turn=card is None,
                         actor=actor)
        if card is not None:
            st.card, st.origin, st.phase = idx(card), origin, CHOOSE
            st.total += 1
        return st

    def _start(self, prep: Prepared, hands, stock, melds, turn: bool = True, actor: int = 0) -> State:
        st = State(prep)
        pos = prep.cards.pos
        for p in range(2):
            st.hand[p] = sum(1 << c for c in hands[p])
            st.held |= st.hand[p]
            st.start[p] = len(hands[p])
            if melds[p]:
                st.melds[p] = [sorted(m, key=pos.__getitem__) for m in melds[p]]
                self._refit(st, p)
            st.count[p] = sum(len(m) for m in melds[p])
            for m in melds[p]:
                for c in m:
                    st.used |= 1 << c
        st.stock = list(stock)
        st.total = sum(st.start) + len(stock) + sum(st.count)
        st.actor = actor
        if turn:
            self._turn_up(st)
            self._settle(st)
        return st

    # -- what fits where ---------------------------------------------------------------------------------
    def _refit(self, st: State, p: int) -> None:
        """Recompute seat p's fit masks after its melds changed."""
        cards = st.prep.cards
        pos, suit, at, R = cards.pos, cards.suit, cards.at, st.prep.R
        fit = fit2 = 0
        for meld in st.melds[p]:
            first, last = pos[meld[0]], pos[meld[-1]]
            if first == last:
                if len(meld) < 4:
                    fit |= st.prep.rank_mates[meld[0]] & ~sum(1 << x for x in meld)
                continue
            row = at[suit[meld[0]]]
            for q, far in ((first - 1, first - 2), (last + 1, last + 2)):
                if 0 <= q < R:
                    fit |= 1 << row[q]
                    if 0 <= far < R:
                        fit2 |= 1 << row[far]
        st.fit[p], st.fit2[p] = fit, fit2
        st.lend[p] = any(len(m) >= 4 for m in st.melds[p])
        st.lendable[p] = sum(1 << c for c in self._borrowable(st, p)) if st.lend[p] else 0

    def _fits(self, st: State, p: int, c: int) -> list[int]:
        """The melds of seat p that card c extends by itself."""
        if not st.fit[p] >> c & 1:
            return []
        cards = st.prep.cards
        s, r = cards.suit[c], cards.pos[c]
        pos, suit = cards.pos, cards.suit
        out = []
        for m, meld in enumerate(st.melds[p]):
            first, last = meld[0], meld[-1]
            if pos[first] == pos[last]:                      # a set
                if pos[first] == r and len(meld) < 4:
                    out.append(m)
            elif suit[first] == s and (pos[first] == r + 1 or pos[last] == r - 1):
                out.append(m)
        return out

    def _borrowable(self, st: State, p: int) -> dict[int, int]:
        """Card -> meld it can be borrowed from (melds of four or more: any card of a set, a run's ends)."""
        pos = st.prep.cards.pos
        out = {}
        for m, meld in enumerate(st.melds[p]):
            if len(meld) >= 4:
                if pos[meld[0]] == pos[meld[-1]]:
                    for c in meld:
                        out[c] = m
                else:
                    out[meld[0]] = m
                    out[meld[-1]] = m
        return out

    def _meld_options(self, st: State, p: int, c: int) -> list[Action]:
        prep = st.prep
        hand = st.hand[p]
        melds = (st.fit[p] | st.fit2[p]) >> c & 1      # an addition is possible only with a card that fits
        lending = st.lend[p]
        if lending:           # a new meld needs two more cards of the rank or close in the suit
            near = (hand | st.lendable[p]) & prep.near[c]
            if not near & (near - 1):
                return self._additions(st, p, c, []) if melds else []
        else:                 # the quick test first: most cards in play make no new meld
            mates = hand & prep.rank_mates[c]
            if not mates & (mates - 1):                 # fewer than two of the rank in hand
                for pair in prep.pairs[c]:
                    if hand & pair == pair:
                        break
                else:
                    return self._additions(st, p, c, []) if melds else []
        cards = prep.cards
        at, R = cards.at, prep.R
        s, r = cards.suit[c], cards.pos[c]
        row = at[s]
        if not lending:       # the common case, with masks only: every set and window is a meld
            out: list[Action] = []
            mates = _cards(hand & prep.rank_mates[c])
            n = len(mates)
            if n >= 2:
                for i in range(n):
                    for j in range(i + 1, n):
                        two = (1 << mates[i]) | (1 << mates[j])
                        out.append(MELD_FLAG | two << 16)
                        for k in range(j + 1, n):
                            out.append(MELD_FLAG | (two | 1 << mates[k]) << 16)
            lo = r
            while lo > 0 and hand >> row[lo - 1] & 1:
                lo -= 1
            hi = r
            while hi < R - 1 and hand >> row[hi + 1] & 1:
                hi += 1
            if hi - lo >= 2:
                span = prep.span[s]
                me = ~(1 << c)
                for a in range(lo, r + 1):
                    for b in range(max(r, a + 2), hi + 1):
                        out.append(MELD_FLAG | ((span[b + 1] ^ span[a]) & me) << 16)
            return self._additions(st, p, c, out) if melds else out
        borrow = self._borrowable(st, p)
        out = []
        # new sets: the other cards of the rank, from the hand or borrowed
        others = [at[t][r] for t in range(4) if t != s]
        avail = [x for x in others if hand >> x & 1 or x in borrow]
        if len(avail) >= 2:
            for i in range(len(avail)):
                for j in range(i + 1, len(avail)):
                    self._new(out, hand, borrow, (avail[i], avail[j]))
                    for k in range(j + 1, len(avail)):
                        self._new(out, hand, borrow, (avail[i], avail[j], avail[k]))
        # new runs in the suit through the card in play
        lo = r
        while lo > 0 and (hand >> row[lo - 1] & 1 or row[lo - 1] in borrow):
            lo -= 1
        hi = r
        while hi < R - 1 and (hand >> row[hi + 1] & 1 or row[hi + 1] in borrow):
            hi += 1
        if hi - lo >= 2:
            for a in range(lo, r + 1):
                for b in range(max(r, a + 2), hi + 1):
                    self._new(out, hand, borrow, [row[q] for q in range(a, b + 1) if q != r])
        return self._additions(st, p, c, out) if melds else out

    def _additions(self, st: State, p: int, c: int, out: list[Action]) -> list[Action]:
        """Add to `out` the additions of card c to seat p's melds: alone, or with one hand card."""
        cards = st.prep.cards
        R = st.prep.R
        s, r = cards.suit[c], cards.pos[c]
        row = cards.at[s]
        hand = st.hand[p]
        pos = cards.pos
        for m, meld in enumerate(st.melds[p]):
            first, last = pos[meld[0]], pos[meld[-1]]
            if first == last:
                if first == r and len(meld) < 4:
                    out.append(meld_action(0, -1, m))
                continue
            if cards.suit[meld[0]] != s:
                continue
            if r == last + 1 or r == first - 1:
                out.append(meld_action(0, -1, m))
                far = r + 1 if r == last + 1 else r - 1                 # beyond the card in play
                other = first - 1 if r == last + 1 else last + 1        # the run's other end
                for q in (far, other):
                    if 0 <= q < R and hand >> row[q] & 1:
                        out.append(meld_action(1 << row[q], -1, m))
            elif r == last + 2 and hand >> row[last + 1] & 1:
                out.append(meld_action(1 << row[last + 1], -1, m))
            elif r == first - 2 and hand >> row[first - 1] & 1:
                out.append(meld_action(1 << row[first - 1], -1, m))
        return out

    @staticmethod
    def _new(out: list[Action], hand: int, borrow: dict[int, int], cards) -> None:
        """A new meld of the card in play and `cards`: at most one borrowed, at least one card from
        the hand with a borrowed one, two without."""
        mask = 0
        lent = -1
        for x in cards:
            if hand >> x & 1:
                mask |= 1 << x
            elif lent >= 0:
                return
            else:
                lent = x
        if mask.bit_count() >= (1 if lent >= 0 else 2):
            out.append(meld_action(mask, lent, -1))

    # -- the engine contract --------------------------------------------------------------------------
    def to_act(self, state: State) -> int:
        return state.actor

    def legal(self, state: State) -> list[Action]:
        st = state
        if st.cache is not None:
            return st.cache
        p = st.actor
        if st.phase == CHOOSE:
            out = [REFUSE] + self._meld_options(st, p, st.card)
            if st.origin == REFUSED and not st.prep.at_once:
                out += [FORCE + m for m in self._fits(st, 1 - p, st.card)]
        elif st.phase == DISCARDING:
            out = []
            fit = st.fit[1 - p]
            for d in _cards(st.hand[p]):
                out.append(DISCARD + d)
                if fit >> d & 1:
                    out += [DISCARD_FORCE + 8 * d + m for m in self._fits(st, 1 - p, d)]
        elif st.phase == OFFER:
            out = [REFUSE] + [FORCE + m for m in self._fits(st, 1 - p, st.card)]
        else:
            out = []
        st.cache = out
        return out

    def apply(self, state: State, action: Action) -> None:
        st = state
        if st.phase == OVER or action not in self.legal(st):
            raise ValueError(f"action {action} is not legal now")
        self._do(st, action)
        self._settle(st)

    def _settle(self, st: State) -> None:
        """Take every decision that has only one choice (most often: refuse a card that fits
        nothing), so the bots and the step count see real choices only. Refusals, the common case,
        are tested and made here with local names only: this loop is most of a random game's time."""
        prep = st.prep
        mates, pairs, near, at_once = prep.rank_mates, prep.pairs, prep.near, prep.at_once
        fit, fit2, lend, lendable = st.fit, st.fit2, st.lend, st.lendable
        hand, stock, waste = st.hand, st.stock, st.waste
        choose, refused, own, over = CHOOSE, REFUSED, OWN, OVER
        while True:
            phase = st.phase
            if phase == choose:
                p, c = st.actor, st.card
                origin = st.origin
                if not (fit[p] >> c & 1 or (origin == refused and not at_once and fit[1 - p] >> c & 1)):
                    h = hand[p]
                    m = h & mates[c]
                    if not m & (m - 1):
                        for pair in pairs[c]:
                            if h & pair == pair:
                                break
                        else:
                            if lend[p]:
                                m = (h | lendable[p]) & near[c]
                                busy = m & (m - 1) and self._meld_options(st, p, c)
                            else:
                                busy = False
                            if not busy and not (fit2[p] >> c & 1 and self._additions(st, p, c, [])):
                                st.cache = None
                                if origin == own:               # pass the card on
                                    st.origin = refused
                                    st.actor = 1 - p
                                    continue
                                waste.append(c)                 # waste it, turn up the next
                                if not stock:
                                    st.card = -1
                                    st.phase = over
                                    st.winner = -1
                                    return
                                c = st.card = stock.pop()
                                st.origin = own
                                st.turned += 1
                                if at_once and fit[p] >> c & 1:
                                    st.actor = 1 - p
                                    st.phase = OFFER
                                continue
            elif phase == over:
                return
            options = self.legal(st)
            if len(options) != 1:
                return
            self._do(st, options[0])

    def _choice(self, st: State) -> bool:
        """Whether the player to act can do anything with the card in play but refuse it."""
        p, c = st.actor, st.card
        prep = st.prep
        if st.origin == REFUSED and not prep.at_once and st.fit[1 - p] >> c & 1:
            return True
        hand = st.hand[p]
        if st.fit[p] >> c & 1:
            return True
        if st.lend[p]:
            return bool(self._meld_options(st, p, c))
        mates = hand & prep.rank_mates[c]
        if mates & (mates - 1):
            return True
        for pair in prep.pairs[c]:
            if hand & pair == pair:
                return True
        return bool(st.fit2[p] >> c & 1) and bool(self._additions(st, p, c, []))

    def _do(self, st: State, action: Action) -> None:
        st.cache = None
        p = st.actor
        if st.phase == DISCARDING:
            d = (action - DISCARD) if action < DISCARD_FORCE else (action - DISCARD_FORCE) >> 3
            st.hand[p] &= ~(1 << d)
            if action < DISCARD_FORCE:
                self._pass(st, d, LEFT)
            else:
                self._force(st, 1 - p, d, (action - DISCARD_FORCE) & 7)
            return
        if st.phase == OFFER:
            if action == REFUSE:
                st.actor = 1 - p
                st.phase = CHOOSE
            else:
                self._force(st, 1 - p, st.card, action - FORCE)
            return
        if action == REFUSE:
            if st.origin == OWN:
                self._pass(st, st.card, REFUSED)
            else:
                st.waste.append(st.card)
                st.card = -1
                self._turn_up(st)
            return
        if action < MELD_FLAG:
            self._force(st, 1 - p, st.card, action - FORCE)
            return
        self._meld(st, p, action)

    # -- the moves -----------------------------------------------------------------------------------
    def _pass(self, st: State, c: int, origin: int) -> None:
        st.card, st.origin = c, origin
        st.actor = 1 - st.actor
        st.phase = CHOOSE

    def _turn_up(self, st: State) -> None:
        """The actor turns up the stock's top card; an empty stock ties the game."""
        if not st.stock:
            st.phase = OVER
            st.winner = -1
            return
        st.card = st.stock.pop()
        st.origin = OWN
        st.turned += 1
        st.phase = CHOOSE
        if st.prep.at_once and st.fit[st.actor] >> st.card & 1:
            st.actor = 1 - st.actor          # the opponent may force it at once
            st.phase = OFFER

    def _lay(self, st: State, p: int, c: int) -> None:
        st.used |= 1 << c
        st.count[p] += 1
        if st.count[p] > st.prep.deal:
            st.phase = OVER
            st.winner = p

    def _force(self, st: State, p: int, c: int, m: int) -> None:
        """Card c is laid on seat p's meld m by the opponent; p must discard."""
        meld = st.melds[p][m]
        pos = st.prep.cards.pos
        if pos[c] < pos[meld[0]]:
            meld.insert(0, c)
        else:
            meld.append(c)
        self._refit(st, p)
        st.forces += 1
        st.card = -1
        st.actor = p
        st.phase = DISCARDING
        self._lay(st, p, c)
        if st.phase != OVER and not st.hand[p]:
            self._turn_for(st, 1 - p)

    def _meld(self, st: State, p: int, action: Action) -> None:
        pos = st.prep.cards.pos
        mask = action >> 16
        lent = ((action >> 8) & 0x7F) - 1
        target = ((action >> 4) & 0xF) - 1
        c = st.card
        new = [c] + _cards(mask)
        st.hand[p] &= ~mask
        melds = st.melds[p]
        if lent >= 0:
            for meld in melds:
                if lent in meld:
                    meld.remove(lent)
                    break
            new.append(lent)
            st.borrows += 1
        st.card = -1
        st.phase = DISCARDING
        if target >= 0:
            melds[target] = sorted(melds[target] + new, key=pos.__getitem__)
        else:
            melds.append(sorted(new, key=pos.__getitem__))
        self._refit(st, p)
        st.used |= (1 << c) | mask
        st.count[p] += 1 + mask.bit_count()
        if st.count[p] > st.prep.deal:
            st.phase = OVER
            st.winner = p
        elif not st.hand[p]:
            self._turn_for(st, 1 - p)

    def _turn_for(self, st: State, p: int) -> None:
        """Nothing left to discard (a scripted position): seat p turns up the next card."""
        st.actor = p
        self._turn_up(st)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[float]:
        if state.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == state.winner else 0.0 for p in range(2)]

    def length(self, state: State) -> int:
        return state.turned

    # -- the greedy bot ---------------------------------------------------------------------------
    def greedy(self, state: State, rng: random.Random) -> Action:
        """Meld whenever possible, with the most cards from the hand; force a card the opponent
        refused when it is no use to us; discard the card with the fewest partners in hand (same
        rank, or same suit one or two places away), keeping cards that would fit the opponent's
        melds. Ties at random."""
        st = state
        legal = self.legal(st)
        if st.phase == OFFER:
            return self._pick([a for a in legal if a != REFUSE] or legal, rng)
        if st.phase == CHOOSE:
            melds = [a for a in legal if a >= MELD_FLAG]
            if melds:
                most = max((a >> 16).bit_count() for a in melds)
                return self._pick([a for a in melds if (a >> 16).bit_count() == most], rng)
            forces = [a for a in legal if REFUSE < a < DISCARD]
            return self._pick(forces or [REFUSE], rng)
        cards = st.prep.cards
        p = st.actor
        hand = st.hand[p]
        best, chosen = None, []
        for a in legal:
            if a >= DISCARD_FORCE:
                continue
            d = a - DISCARD
            s, r = cards.suit[d], cards.pos[d]
            value = 0
            for t in range(4):
                if t != s and hand >> cards.at[t][r] & 1:
                    value += 2
            for q, w in ((r - 2, 1), (r - 1, 2), (r + 1, 2), (r + 2, 1)):
                if 0 <= q < st.prep.R and hand >> cards.at[s][q] & 1:
                    value += w
            if st.fit[1 - p] >> d & 1:
                value += 3
            if best is None or value < best:
                best, chosen = value, [a]
            elif value == best:
                chosen.append(a)
        a = self._pick(chosen, rng)
        d = a - DISCARD
        forced = [x for x in legal if x >= DISCARD_FORCE and (x - DISCARD_FORCE) >> 3 == d]
        return forced[0] if forced else a

    @staticmethod
    def _pick(options: list[Action], rng: random.Random) -> Action:
        return options[int(rng.random() * len(options))] if len(options) > 1 else options[0]

    # -- what the metrics need ---------------------------------------------------------------------
    def hand_sizes(self, state: State) -> list[int]:
        return list(state.start)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.cards.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return [prepared.cards.suit_names[s] for s in prepared.cards.suit]

    def check(self, state: State) -> None:
        st = state
        cards = st.prep.cards
        pos, suit = cards.pos, cards.suit
        where = [0] * cards.n
        for p in range(2):
            kept = (st.fit[p], st.fit2[p], st.lend[p], st.lendable[p])
            self._refit(st, p)
            assert kept == (st.fit[p], st.fit2[p], st.lend[p], st.lendable[p]), f"seat {p}: fit masks out of date"
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
