"""Plain Tricks' data: its variants and options, and the deck compiled to ints (Prepared).

Why a module of its own: the rules, the bot and the report all read these, and none of them needs
another's code to do so; the options are declared here once, and `printgen list`, `-O KEY=VALUE`
and the head of each validate report all read this one declaration.
"""

from __future__ import annotations

from typing import Any

from printgen.files.errors import UserError
from printgen.sim.options import Option

VARIANTS = ("basic", "trumps")
# Each -O option once: its name, the values it allows, the rule sheet's reading (the default), what
# it means, and the default of a variant that plays otherwise.
OPTIONS = (
    Option("hand", range(1, 13), 6, "cards dealt to each player"),
    Option("trumps", ("none", "first"), "none",
           "none: the highest card of the suit led wins; first: the deck's first suit beats the others",
           {"trumps": "first"}),
)
NO_TRUMPS = -1


class Prepared:
    """The deck as the rules read it, made once a run and shared by every game of it (play never
    changes it): per card index its name, suit (0 is the deck's first suit) and rank (the rank
    group's value), and the options read."""

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
        """The cards in the pack; card indices are range(n)."""
        return len(self.names)
