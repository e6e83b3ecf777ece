"""A suited pack for the simulator: the pack a game is played with, and each card as ints.

Why a module: the Spanish games (and any game of suits and ranks) need the same two things.
First, the pack: a deck such as the Spanish one prints several packs (40 and 48 cards) and
`load_deck` gives the first one, so a game option `pack` names another and the deck is loaded
again with that pack's cards. Second, each card's suit (0..3, in the deck's order of suits) and its
rank as a number (the rank group's `value`: sota 10, caballo 11, rey 12), plus its place in the
pack's sequence of ranks (as = 0 ... rey = 9 in the 40-card pack, where the sota follows the 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.files.errors import UserError
from printgen.model.deck import Deck


@dataclass
class Suited:
    """A pack compiled to ints. Card index i (the deck's own order) has suit[i], rank[i] (the
    printed value) and pos[i] (its place in the sequence of ranks, 0 = lowest). at[s][p] is the
    card of suit s at place p."""

    pack: str | None
    names: list[str]
    suit_names: list[str]
    suit: list[int]
    rank: list[int]
    pos: list[int]
    ranks: list[int]             # the rank values of the pack, lowest first
    at: list[list[int]]

    @property
    def n(self) -> int:
        return len(self.names)

    def index(self, name: str) -> int:
        """A card by its name ('Siete de Oros') or its short form ('7 oros', 'rey copas')."""
        if name in self.names:
            return self.names.index(name)
        number, _, suit = name.partition(" ")
        words = {"as": 1, "sota": 10, "caballo": 11, "rey": 12}
        value = words.get(number.lower()) or int(number)
        s = [x.lower() for x in self.suit_names].index(suit.lower())
        return self.at[s][self.ranks.index(value)]


class SuitedCards:
    """The engine's card names and groups for a game whose prepared deck keeps a Suited pack in
    `cards`: names as printed, each card grouped by its suit (for per-suit dead rates)."""

    def card_names(self, prepared) -> list[str]:
        return list(prepared.cards.names)

    def card_groups(self, prepared) -> list[str]:
        return [prepared.cards.suit_names[s] for s in prepared.cards.suit]


def pack_deck(deck: Deck, options: dict[str, Any], default: str | None, game: str) -> Deck:
    """The deck with the cards of the pack named by options['pack'] (or `default`, or the deck's
    first pack). The deck is loaded again from its folder when another pack is asked for."""
    wanted = options.get("pack", default)
    if wanted is None:
        return deck
    wanted = str(wanted)
    packs = getattr(deck, "packs", []) or []
    if wanted == deck.pack:
        return deck
    if wanted not in packs:
        raise UserError(f"{game}: the deck '{deck.key}' has no pack '{wanted}'",
                        hint=("its packs: " + ", ".join(packs)) if packs
                        else "this deck has only one pack: leave -O pack out")
    from printgen.model.load import load_deck

    return load_deck(deck.folder, pack=wanted)


def compile_suited(deck: Deck, game: str, suits: int = 4) -> Suited:
    """Each card's suit and rank; a UserError naming the card when one has neither, and when the
    pack is not `suits` suits of the same ranks."""
    suit_names: list[str] = []
    suit: list[int] = []
    rank: list[int] = []
    for card in deck.cards:
        group = card.values.get("suit")
        value = card.values.get("rank")
        value = getattr(value, "value", value)
        name = getattr(group, "name", None)
        if name is None or not isinstance(value, (int, float)) or isinstance(value, bool) \
                or not float(value).is_integer():
            raise UserError(f"{game} needs every card to have a suit and a numbered rank; '{card.name}' has not",
                            card.where, "give each card a 'suit' and a 'rank' whose group entry has a value")
        if name not in suit_names:
            suit_names.append(name)
        suit.append(suit_names.index(name))
        rank.append(int(value))
    ranks = sorted(set(rank))
    if len(suit_names) != suits:
        raise UserError(f"{game} is played with {suits} suits; this pack has {len(suit_names)}",
                        deck.where("cards"), "use a pack of the four Spanish suits")
    at = [[-1] * len(ranks) for _ in range(suits)]
    pos = [ranks.index(r) for r in rank]
    for i, (s, p) in enumerate(zip(suit, pos)):
        if at[s][p] >= 0:
            raise UserError(f"{game}: '{deck.cards[i].name}' is a second card of the same suit and rank",
                            deck.cards[i].where, "each suit needs each rank once")
        at[s][p] = i
    missing = [(suit_names[s], ranks[p]) for s in range(suits) for p in range(len(ranks)) if at[s][p] < 0]
    if missing:
        wanting, rank_name = missing[0]
        raise UserError(f"{game}: the suit {wanting} has no card of rank {rank_name}; every suit needs the same ranks",
                        deck.where("cards"), "use the 40- or 48-card pack as printed")
    return Suited(deck.pack, [c.name for c in deck.cards], suit_names, suit, rank, pos, ranks, at)
