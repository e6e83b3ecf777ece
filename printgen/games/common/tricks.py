"""Tricks: who wins one, what a player may play to it, and the ranking orders of L'Ombre and Tresillo.

The ranking orders are written once, here, as data (TRUMP_ORDERS, PLAIN_ORDERS): the simulator
compiles them into lookup tables, and the rule sheets draw their ranking charts from the same
tables (`chart`, `plain_chart`, through Game.sheet_tables), so a sheet and the simulator cannot
disagree about which card beats which.

Everything below works on card indices with two per-card tables for one choice of trumps:
`suit[c]`, the suit a card belongs to in play (the espada and the basto belong to the trump
suit whatever it is), and `power[c]`, higher beats lower inside a suit; trumps get powers above
every plain card. `winner` and `follow` take such tables and nothing else, so a game with
other orders (no trumps, king high) can use them with its own tables.
"""

from __future__ import annotations

from collections.abc import Sequence

TRUMP = "trump"                 # in an order: a card of the trump suit itself
SUITS = ("oros", "copas", "espadas", "bastos")
COLOURS = {"oros": "red", "copas": "red", "espadas": "black", "bastos": "black"}
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)          # the 40-card pack: sota 10, caballo 11, rey 12
MATADORS = ("espada", "malilla", "basto")

# The trumps, highest first, for a red and for a black trump suit: (name, suit, rank). The espada
# and the basto are the aces of espadas and bastos whatever the trumps; the malilla is the 7 of a
# red trump suit, the 2 of a black one; the punto is the ace of a red trump suit.
TRUMP_ORDERS: dict[str, tuple[tuple[str, str, int], ...]] = {
    "red": (("espada", "espadas", 1), ("malilla", TRUMP, 7), ("basto", "bastos", 1), ("punto", TRUMP, 1),
            ("rey", TRUMP, 12), ("caballo", TRUMP, 11), ("sota", TRUMP, 10),
            ("2", TRUMP, 2), ("3", TRUMP, 3), ("4", TRUMP, 4), ("5", TRUMP, 5), ("6", TRUMP, 6)),
    "black": (("espada", "espadas", 1), ("malilla", TRUMP, 2), ("basto", "bastos", 1),
              ("rey", TRUMP, 12), ("caballo", TRUMP, 11), ("sota", TRUMP, 10),
              ("7", TRUMP, 7), ("6", TRUMP, 6), ("5", TRUMP, 5), ("4", TRUMP, 4), ("3", TRUMP, 3)),
}

# A suit that is not trumps, highest first: (name, rank). The aces of espadas and bastos are
# always trumps, so a black plain suit has nine cards.
PLAIN_ORDERS: dict[str, tuple[tuple[str, int], ...]] = {
    "red": (("rey", 12), ("caballo", 11), ("sota", 10), ("ace", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5),
            ("6", 6), ("7", 7)),
    "black": (("rey", 12), ("caballo", 11), ("sota", 10), ("7", 7), ("6", 6), ("5", 5), ("4", 4), ("3", 3),
              ("2", 2)),
}

TRUMP_POWER = 100               # every trump's power is above this, every plain card's below
PRIVILEGE_HIGHER = "higher"     # a matador is forced out only by a higher matador led (the sheets)
PRIVILEGE_ANY = "any"           # ... by any other matador led (the other reading of the 1657 account)


def chart(trumps: str) -> list[tuple[str, str, int]]:
    """The trumps when `trumps` (a suit name) is trumps, highest first: (name, suit, rank)."""
    return [(name, trumps if suit == TRUMP else suit, rank) for name, suit, rank in TRUMP_ORDERS[COLOURS[trumps]]]


def plain_chart(suit: str) -> list[tuple[str, str, int]]:
    """The cards of `suit` when another suit is trumps, highest first: (name, suit, rank)."""
    return [(name, suit, rank) for name, rank in PLAIN_ORDERS[COLOURS[suit]]]


class Orders:
    """The ranking orders compiled for a pack: per trump suit t (an index into SUITS), the tables
    suit[t][c], power[t][c] and matador[t][c] (1 for the espada, malilla and basto) over card
    indices, and each card's name in that order (`role[t][c]`, e.g. "punto")."""

    __slots__ = ("suit", "power", "matador", "role", "trump_cards", "top_plain")

    def __init__(self, cards: Sequence[tuple[str, int]]):
        index = {card: i for i, card in enumerate(cards)}
        n = len(cards)
        self.suit: list[list[int]] = []
        self.power: list[list[int]] = []
        self.matador: list[list[int]] = []
        self.role: list[list[str]] = []
        self.trump_cards: list[list[int]] = []       # highest first
        for t, trumps in enumerate(SUITS):
            suit, power, matador, role = [-1] * n, [-1] * n, [0] * n, [""] * n
            order = chart(trumps)
            top = [index[(s, r)] for _, s, r in order]
            for place, ((name, _, _), c) in enumerate(zip(order, top)):
                suit[c], power[c], role[c] = t, TRUMP_POWER + len(order) - place, name
                matador[c] = 1 if name in MATADORS else 0
            for s, other in enumerate(SUITS):
                if s == t:
                    continue
                plain = [(name, index[(o, r)]) for name, o, r in plain_chart(other) if index[(o, r)] not in top]
                for place, (name, c) in enumerate(plain):
                    suit[c], power[c], role[c] = s, len(plain) - place, name
            missing = [cards[c] for c in range(n) if suit[c] < 0]
            if missing:
                raise ValueError(f"with {trumps} as trumps these cards have no place in the orders: {missing}")
            self.suit.append(suit)
            self.power.append(power)
            self.matador.append(matador)
            self.role.append(role)
            self.trump_cards.append(top)
        # per trump suit, the power of each suit's highest card that is no trump (0: none); the
        # greedy exchange asks it at every discard, a search's playouts tens of thousands of times
        self.top_plain: list[list[int]] = [
            [max((self.power[t][c] for c in range(n) if self.suit[t][c] == s), default=0) for s in range(len(SUITS))]
            for t in range(len(SUITS))]


def winner(cards: Sequence[int], suit: Sequence[int], power: Sequence[int], trumps: int) -> int:
    """The position in `cards` (in the order played, the first led) of the card that wins the
    trick: the highest trump, or with no trump the highest card of the suit led. `trumps` -1:
    a game without trumps."""
    best = cards[0]
    at = 0
    best_suit = suit[best]
    for i in range(1, len(cards)):
        c = cards[i]
        s = suit[c]
        if s == best_suit:
            if power[c] > power[best]:
                best, at = c, i
        elif s == trumps:
            best, at, best_suit = c, i, s
    return at


def follow(hand: Sequence[int], led: int, suit: Sequence[int], power: Sequence[int], matador: Sequence[int],
           trumps: int, privilege: str = PRIVILEGE_HIGHER) -> list[int]:
    """The cards of `hand` that may be played to a trick led with `led`: the cards of the suit
    led if there are any (trumping is never compulsory), else any card. When trumps are led, a
    matador is privileged (never forced out) unless the card led is a higher matador (or, with
    PRIVILEGE_ANY, any matador); a player whose only trumps are privileged matadors may play any
    card, and one with another trump must play a trump (a matador among them if they like)."""
    led_suit = suit[led]
    same = [c for c in hand if suit[c] == led_suit]
    if not same:
        return list(hand)
    if led_suit == trumps:
        if privilege == PRIVILEGE_HIGHER:
            top = power[led]
            forced = [c for c in same if not (matador[c] and power[c] > top)]
        else:
            forced = same if matador[led] else [c for c in same if not matador[c]]
        if not forced:
            return list(hand)
    return same
