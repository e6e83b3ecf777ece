"""Conquian's action numbers, the prepared pack and the state of a game.

The package docstring (printgen/games/conquian/__init__.py) explains the decisions these numbers encode."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.games.common.names import distinct_names
from printgen.games.common.suited import Suited
from printgen.sim.engine import Action
from printgen.sim.options import Option

REFUSE = 0
FORCE = 1
DISCARD = 16
DISCARD_FORCE = 128
MELD_FLAG = 0x8000
CHOOSE, DISCARDING, OFFER, OVER = range(4)
OWN, LEFT, REFUSED = range(3)        # where the card in play came from (LEFT: the opponent's discard)
VARIANTS = ("basic", "short")
OPTIONS = (
    Option("pack", None, "40", "the deck's pack to play with (the rule sheet: 40 cards)", read=str),
    Option("deal", range(3, 11), 10, "cards dealt to each player; one more melded wins (the rule sheet: 10; the "
                                     "short variant: 8)", {"short": 8}),
    Option("force_drawn", ("at_once", "refused"), "at_once",
           "at_once: a card the opponent turned up can be forced on them as soon as it is turned up (the rule sheet, "
           "after the seed's example); refused: only once they refuse it"),
)
TIE_WARN = 0.5


def meld_action(hand_mask: int, borrow: int = -1, target: int = -1) -> Action:
    return MELD_FLAG | (hand_mask << 16) | ((borrow + 1) << 8) | ((target + 1) << 4)


class Prepared:
    __slots__ = ("cards", "deal", "at_once", "options", "R", "rank_mates", "near", "span", "partners", "bit", "below",
                 "above", "suit_mates", "new_sets", "new_runs",
                 "laid", "related", "mates_in_order")

    def __init__(self, cards: Suited, deal: int, at_once: bool, options: dict[str, Any]):
        self.cards = cards
        self.deal = deal
        self.at_once = at_once
        self.options = options
        self.R = len(cards.ranks)
        self.bit = [1 << c for c in range(cards.n)]
        # per card: the other cards of its rank, and those with the cards up to two places away in its suit
        self.rank_mates = []
        self.near = []
        at = cards.at
        # span[s][q]: the cards of suit s below place q, so the run a..b is span[s][b + 1] ^ span[s][a]
        self.span = [[sum(1 << at[s][x] for x in range(q)) for q in range(self.R + 1)] for s in range(4)]
        for c in range(cards.n):
            s, r = cards.suit[c], cards.pos[c]
            self.rank_mates.append(sum(1 << at[t][r] for t in range(4) if t != s))
            self.near.append(self.rank_mates[-1] | sum(1 << at[s][q] for q in (r - 2, r - 1, r + 1, r + 2)
                                                      if 0 <= q < self.R))
        # per card: the bits of the cards one and two places below (above) it in its suit, 0 past the end
        self.below = [((1 << at[s][q - 1]) if q >= 1 else 0, (1 << at[s][q - 2]) if q >= 2 else 0)
                      for s, q in zip(cards.suit, cards.pos)]
        self.above = [((1 << at[s][q + 1]) if q + 1 < self.R else 0, (1 << at[s][q + 2]) if q + 2 < self.R else 0)
                      for s, q in zip(cards.suit, cards.pos)]
        self.partners = partner_finder(cards)
        # per card: the new sets it makes with each share of its rank mates a hand may hold; the
        # other cards of its suit, and the new runs it makes with each share of them (a table of
        # 2 ** (R - 1) shares, shared tuples) (Melds._meld_options)
        self.new_sets = [{share: new_sets(share, c) for share in _shares(mates)}
                         for c, mates in enumerate(self.rank_mates)]
        self.suit_mates = [self.span[cards.suit[c]][self.R] & ~(1 << c) for c in range(cards.n)]
        self.new_runs = [new_runs(self, c) for c in range(cards.n)]
        # per card: the cards of its rank and suit (a seat that can borrow none of them makes the
        # melds above), and whether its rank mates in the order of suits are in the deck's order
        # (as the melds above list them; borrowing lists them by suit)
        self.related = [self.rank_mates[c] | self.suit_mates[c] for c in range(cards.n)]
        self.mates_in_order = [[at[t][r] for t in range(4) if t != s] == _cards(self.rank_mates[c])
                               for c, (s, r) in enumerate(zip(cards.suit, cards.pos))]
        # per card and mask of hand cards: the new meld they make, in order, and what it reaches
        self.laid: list[dict[int, tuple[tuple[int, ...], int, int, int]]] = [{} for _ in range(cards.n)]


def reach(prep: Prepared, meld) -> tuple[int, int, int]:
    """What a meld reaches, as masks: the cards that extend it by themselves (the missing card of
    a set of three, the cards beyond a run's ends), those two places beyond a run's ends (with one
    hand card between), and the cards that may be borrowed from it (a meld of four or more: any card
    of a set, a run's ends)."""
    pos, bit = prep.cards.pos, prep.bit
    low, high = meld[0], meld[-1]
    if pos[low] == pos[high]:
        if len(meld) < 4:
            return prep.rank_mates[low] & ~(bit[meld[1]] | bit[high]), 0, 0
        return 0, 0, prep.rank_mates[low] | bit[low]
    below, above = prep.below[low], prep.above[high]
    return below[0] | above[0], below[1] | above[1], (bit[low] | bit[high]) if len(meld) >= 4 else 0


def _shares(mask: int) -> list[int]:
    """Every sub-mask of `mask`."""
    out = [0]
    for c in _cards(mask):
        out += [share | 1 << c for share in out]
    return out


def new_sets(hand: int, c: int) -> tuple[Action, ...]:
    """The new sets card c makes with its rank mates in `hand`: every two of them, and every
    three, in the order the random bot has always seen them."""
    out: list[Action] = []
    mates = _cards(hand)
    n = len(mates)
    for i in range(n):
        for j in range(i + 1, n):
            two = (1 << mates[i]) | (1 << mates[j])
            out.append(MELD_FLAG | two << 16)
            for k in range(j + 1, n):
                out.append(MELD_FLAG | (two | 1 << mates[k]) << 16)
    return tuple(out)


def new_runs(prep: Prepared, c: int) -> dict[int, tuple[Action, ...]]:
    """Each share of its suit a hand may hold -> the new runs through card c: every window of three
    or more of the unbroken stretch lo..hi of the suit around c. Made stretch by stretch, for the
    cards outside lo - 1 .. hi + 1 do not matter."""
    cards, R = prep.cards, prep.R
    s, r = cards.suit[c], cards.pos[c]
    span = prep.span[s]
    me = ~(1 << c)
    table: dict[int, tuple[Action, ...]] = {}
    for lo in range(r + 1):
        for hi in range(r, R):
            runs = tuple(MELD_FLAG | ((span[b + 1] ^ span[a]) & me) << 16
                         for a in range(lo, r + 1) for b in range(max(r, a + 2), hi + 1))
            held = (span[hi + 1] ^ span[lo]) & me
            free = span[R] & ~(span[min(hi + 2, R)] ^ span[max(lo - 1, 0)])
            for share in _shares(free):
                table[held | share] = runs
    return table


def partner_finder(cards: Suited) -> Callable[[int], int]:
    """A function from a mask of cards to the mask of the cards that make a new set or run with two
    of them. Most cards in play are refused because they make nothing: one bit test against this
    mask, kept per seat, tells so without looking at the card's rank mates and run pairs each time.

    It works on all cards at once with shifts, in a 'layout' where the card of suit s at place q is
    bit s * R + q: rank mates are R bits apart, run neighbours one bit apart (masked at the ends of a
    suit). A pack in the deck's own order is already laid out so; another order is translated in and
    out through byte tables."""
    R = len(cards.ranks)
    assert len(cards.at) == 4, "Conquian is played with four suits"
    one_suit, R2, R3 = (1 << R) - 1, 2 * R, 3 * R
    spread = 1 | 1 << R | 1 << R2 | 1 << R3

    def places(keep) -> int:
        return sum(1 << (s * R + q) for s in range(4) for q in range(R) if keep(q))
    below1, below2 = places(lambda q: q <= R - 2), places(lambda q: q <= R - 3)     # a card at q + 1, q + 2
    above2 = places(lambda q: q >= 2)                                                # a card at q - 2

    def laid_out(x: int) -> int:
        pairs, either = x & x >> R, x | x >> R      # suits 0 and 1, 2 and 3 (at the places of 0 and 2)
        two = (pairs | pairs >> R2 | either & either >> R2) & one_suit     # places where two suits have a card
        next_to = x & x >> 1 & below1               # c and the card above it
        gap = x & x >> 2 & below2                   # c and the card two places above it
        return two * spread | next_to >> 1 & below1 | next_to << 2 & above2 | gap << 1

    place = [s * R + q for s, q in zip(cards.suit, cards.pos)]
    if place == list(range(len(place))):
        return laid_out
    into = _byte_tables(place)
    back = _byte_tables([place.index(b) for b in range(len(place))])

    def translated(x: int) -> int:
        return _move(back, laid_out(_move(into, x)))
    return translated


def _byte_tables(target: list[int]) -> list[list[int]]:
    """For each byte k of a mask, the moved mask of each of its 256 values (bit i goes to target[i])."""
    return [[sum(1 << target[8 * k + b] for b in range(8) if v >> b & 1 and 8 * k + b < len(target))
             for v in range(256)] for k in range((len(target) + 7) // 8)]


def _move(tables: list[list[int]], x: int) -> int:
    out = 0
    for table in tables:
        out |= table[x & 255]
        x >>= 8
    return out


class State:
    """hand[p] is a bitmask of card indices; melds[p] a list of melds, each a list of cards (a
    run in sequence order); count[p] the cards seat p has melded. `card` is the card in play,
    `origin` where it came from; `actor` decides."""

    __slots__ = ("prep", "hand", "melds", "count", "stock", "waste", "card", "origin", "actor", "phase",
                 "winner", "turned", "forcible", "forces", "borrows", "held", "used", "cache", "start", "total",
                 "fit", "fit2", "lend", "lendable", "maybe")

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
        self.forcible = 0            # ... of which fitted the turner's melds (-O force_drawn's situation)
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
        # maybe[p]: a mask holding every card seat p could do anything with but refuse (those that
        # fit or nearly fit its melds, and the partners of its hand and lendable cards), made when
        # needed by _settle; -1 (every card) once the melds changed so that it must be made again.
        # It may hold more (a discard leaves it as it was): legal() has the last word
        self.maybe = [-1, -1]

    def __str__(self) -> str:
        """The table as the players see it: the card in play and where it came from, who decides
        what, each hand (by suit, low to high) and melds, the stock and the waste; for playthroughs."""
        cards = self.prep.cards
        names = distinct_names(cards.names)
        card = names[self.card] if self.card >= 0 else "-"
        whence = ("turned up by seat {}", "discarded by seat {}", "refused by seat {}")[self.origin]
        giver = self.actor if self.origin == OWN else 1 - self.actor
        doing = {CHOOSE: f"seat {self.actor} to meld or refuse {card} ({whence.format(giver)})",
                 DISCARDING: f"seat {self.actor} to discard",
                 OFFER: f"seat {self.actor} to force {card} on seat {1 - self.actor} or not"}
        won = f"seat {self.winner} won" if self.winner >= 0 else "a tie"
        lines = [doing.get(self.phase, f"game over, {won} after {self.turned} cards turned up")]
        for p in range(2):
            held = sorted(_cards(self.hand[p]), key=lambda c: (cards.suit[c], cards.pos[c]))
            melds = " ".join(f"{m}: [{', '.join(names[c] for c in meld)}]"
                             for m, meld in enumerate(self.melds[p], 1)) or "-"
            lines.append(f"  seat {p}: hand {', '.join(names[c] for c in held) or '-'}; "
                         f"melds {melds}")
        lines.append(f"  stock {len(self.stock)} cards; waste {len(self.waste)} cards")
        return "\n".join(lines)


_BYTES = [[[8 * k + b for b in range(8) if v >> b & 1] for v in range(256)] for k in range(8)]
# the same, as the actions discarding those cards: a hand is turned into its discards in one pass
_DISCARDS = [[[DISCARD + x for x in row] for row in rows] for rows in _BYTES]


def _cards(mask: int, tables: list[list[list[int]]] = _BYTES) -> list[int]:
    """The card indices of a bitmask of up to 64 cards, lowest first; with `tables=_DISCARDS`, the
    actions discarding them. Hands are read often, and shifting a mask of more than 30 bits makes a
    new int each time, so the mask is cut into bytes at once and each byte read from a table."""
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(8, "little")
    t0, t1, t2, t3, t4, t5, t6, t7 = tables
    return [*t0[b0], *t1[b1], *t2[b2], *t3[b3], *t4[b4], *t5[b5], *t6[b6], *t7[b7]]
