"""Plain Tricks' data: its options, the deck compiled to ints (Prepared) and the state of one game.

Why a module of its own: the rules, the bot and the report all read these, and none of them needs
the others; a test or a search bot can copy a State without importing the rules.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.files.errors import UserError
from printgen.sim.options import Option

VARIANTS = ("basic", "trumps")
# Each -O option once: its name, the values it takes, the rule sheet's default, what it means,
# and the default a variant gives it. `printgen list` and `printgen validate` read these.
OPTIONS = (
    Option("hand", range(1, 13), 6, "cards dealt to each player"),
    Option("trumps", ("none", "first"), "none",
           "none: the highest card of the suit led wins; first: the deck's first suit beats the others",
           {"trumps": "first"}),
)
NO_TRUMPS = -1


class Prepared:
    """The deck as the rules read it, made once per run: per card index its name, suit (0 is the
    deck's first suit) and rank (the rank group's value), and the options read."""

    __slots__ = ("names", "suit", "rank", "suit_names", "hand", "trumps", "options")

    def __init__(self, deck: Any, options: dict[str, Any]):
        self.names: list[str] = []
        self.suit: list[int] = []
        self.rank: list[int] = []
        self.suit_names: list[str] = []
        for card in deck.cards:
            # a card's fields are in card.values: a group field (suit, rank) gives the group's entry,
            # with its name and its value as deck.yaml writes them
            suit, rank = card.values.get("suit"), getattr(card.values.get("rank"), "value", None)
            if getattr(suit, "name", None) is None or not isinstance(rank, (int, float)):
                raise UserError(f"Plain Tricks needs every card to have a suit and a numbered rank; "
                                f"'{card.name}' has not", card.where, "give each card a suit and a rank with a value")
            if suit.name not in self.suit_names:
                self.suit_names.append(suit.name)
            self.names.append(card.name)
            self.suit.append(self.suit_names.index(suit.name))
            self.rank.append(int(rank))
        seen: dict[str, int] = {}            # two cards of one name are told apart by their copy number,
        for i, name in enumerate(self.names):  # so every action names one card (the contract asks it)
            if self.names.count(name) > 1:
                seen[name] = seen.get(name, 0) + 1
                self.names[i] = f"{name} ({seen[name]})"
        self.hand: int = options["hand"]
        self.trumps = 0 if options["trumps"] == "first" else NO_TRUMPS
        self.options = options

    @property
    def n(self) -> int:
        return len(self.names)


class State:
    """One game: each seat's hand (card indices, in the order dealt), the trick on the table (its
    cards and who played them), who leads and who acts, tricks won per seat; `held` and `used` are
    the card masks the metrics read (every card dealt; every card played)."""

    __slots__ = ("prep", "rng", "hands", "trick", "seats", "leader", "actor", "won", "tricks", "leads_won",
                 "held", "used", "dealt")

    def __init__(self, prep: Prepared, hands: list[list[int]], rng: random.Random):
        self.prep = prep
        self.rng = rng                       # every later random choice (a bot's tie) draws from it
        self.hands = hands
        self.trick: list[int] = []
        self.seats: list[int] = []
        self.leader = 0
        self.actor = 0
        self.won = [0] * len(hands)          # tricks won per seat
        self.tricks = 0                      # tricks played
        self.leads_won = 0                   # tricks the leader won (the report's figure)
        self.held = sum(1 << c for hand in hands for c in hand)
        self.used = 0
        self.dealt = [len(hand) for hand in hands]

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def __str__(self) -> str:
        """The table as the players see it: whose turn, each hand by name with its tricks, the trick
        so far; playthroughs and failing tests print it."""
        names = self.prep.names
        trumps = f"; {self.prep.suit_names[self.prep.trumps]} are trumps" if self.prep.trumps != NO_TRUMPS else ""
        lines = [f"game over after {self.tricks} tricks" if self.over else
                 f"trick {self.tricks + 1}, seat {self.actor} to {'lead' if not self.trick else 'follow'}{trumps}"]
        for seat, hand in enumerate(self.hands):
            lines.append(f"  seat {seat}: hand {', '.join(names[c] for c in hand) or '-'}; tricks {self.won[seat]}")
        if self.trick:
            lines.append("  trick " + ", ".join(f"{names[c]} by seat {s}" for c, s in zip(self.trick, self.seats)))
        return "\n".join(lines)
