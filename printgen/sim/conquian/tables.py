"""Conquian's action numbers, the prepared pack and the state of a game.

The package docstring (printgen/sim/conquian/__init__.py) explains the decisions these numbers encode."""

from __future__ import annotations

from typing import Any

from printgen.sim.engine import Action
from printgen.sim.suited import Suited

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
