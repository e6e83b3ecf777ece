"""The 40-card Spanish pack compiled for L'Ombre and Tresillo, and the games' options.

Cards are found in the deck by suit (the Spanish suit names, in any case) and rank value; a
deck with 8s and 9s (the 48-card pack) is played without them, as the rule sheets say. The
ranking orders come from printgen.games.common.tricks, the tables the rule sheets' charts are drawn from.
"""

from __future__ import annotations

from typing import Any

from printgen.files.errors import UserError, did_you_mean
from printgen.games.common.tricks import PRIVILEGE_ANY, PRIVILEGE_HIGHER, RANKS, SUITS, Orders, chart, plain_chart
from printgen.model.deck import Deck
from printgen.sim.options import Option

HAND = 9                    # cards dealt to each of the three players in a hand
TALON = 13                  # the rest
ACTIVE = 3                  # players in a hand (a fourth Tresillo player sits out)


# the options both games of the family take, first among each game's own
FAMILY_OPTIONS = (
    Option("hands", range(1, 1001), 12, "hands in a simulated session, the stakes carried from one to the next"),
    Option("privilege", (PRIVILEGE_HIGHER, PRIVILEGE_ANY), PRIVILEGE_HIGHER,
           "higher: a matador is forced out only by a higher matador led (the rule sheet); any: by any other "
           "matador led"),
)


class Prepared:
    """The pack as ints: card c is (SUITS[suit[c]], rank[c]); `orders` holds, per trump suit, the
    suit, power and matador tables of printgen.games.common.tricks; `options` the checked game options."""

    __slots__ = ("names", "ids", "suit", "rank", "orders", "options", "left_out", "groups", "n")

    def __init__(self, names: list[str], ids: list[str], cards: list[tuple[str, int]], options: dict[str, Any],
                 left_out: list[str]):
        self.names = names
        self.ids = ids
        self.suit = [SUITS.index(s) for s, _ in cards]
        self.rank = [r for _, r in cards]
        self.orders = Orders(cards)
        self.options = options
        self.left_out = left_out
        self.groups = [s.capitalize() for s, _ in cards]
        self.n = len(cards)


def compile_pack(deck, game: str, options: dict[str, Any]) -> Prepared:
    """The deck's 40 cards (1-7, sota, caballo, rey of oros, copas, espadas and bastos), or a plain
    UserError saying what is missing."""
    where = deck.where("cards")
    found: dict[tuple[str, int], Any] = {}
    left_out: list[str] = []
    for card in deck.cards:
        suit = getattr(card.values.get("suit"), "name", card.values.get("suit"))
        rank = card.values.get("rank")
        rank = getattr(rank, "value", rank)
        if not isinstance(suit, str) or suit.lower() not in SUITS:
            raise UserError(f"{game} is played with the Spanish suits ({', '.join(SUITS)}); the card '{card.name}' has "
                            f"the suit {suit!r}", card.where,
                            did_you_mean(str(suit).lower(), SUITS) or "use the Spanish deck (decks/spanish)")
        if isinstance(rank, bool) or not isinstance(rank, (int, float)) or float(rank) not in {float(r) for r in
                                                                                           RANKS + (8, 9)}:
            raise UserError(f"{game} needs ranks 1-7, 10 (sota), 11 (caballo) and 12 (rey); the card '{card.name}' has "
                            f"rank {rank!r}", card.where, "give every card a rank with a value from 1 to 12")
        rank = int(rank)
        if rank in (8, 9):
            left_out.append(card.name)
            continue
        key = (suit.lower(), rank)
        if key in found:
            raise UserError(f"{game} needs one card of each suit and rank; '{card.name}' and '{found[key].name}' are "
                            f"both the {rank} of {suit}", card.where, "a Spanish pack has each card once")
        found[key] = card
    missing = [f"{r} of {s}" for s in SUITS for r in RANKS if (s, r) not in found]
    if missing:
        raise UserError(f"{game} needs the 40-card Spanish pack; this deck lacks {len(missing)} of its cards: "
                        + ", ".join(missing[:6]) + (" ..." if len(missing) > 6 else ""), where,
                        "build the game from decks/spanish, or add the missing cards")
    order = [(s, r) for s in SUITS for r in RANKS]
    cards = [found[key] for key in order]
    return Prepared([c.name for c in cards], [c.id for c in cards], order, options, left_out)


def sheet_tables(deck: Deck, game: str) -> dict[str, Any]:
    """What the rule sheets print from the ranking orders: for each suit, its trumps (`trumps`) and
    its plain order (`plain`) as [{id, name}], highest first. Empty when the deck is not a Spanish
    pack (the sheet then cannot draw the chart and says so)."""
    try:
        prep = compile_pack(deck, game, {})
    except UserError:
        return {}
    by_card = {(SUITS[s], r): i for i, (s, r) in enumerate(zip(prep.suit, prep.rank))}

    def rows(entries):
        return [{"id": prep.ids[by_card[(s, r)]], "name": name} for name, s, r in entries]
    return {"trumps": {s: rows(chart(s)) for s in SUITS}, "plain": {s: rows(plain_chart(s)) for s in SUITS}}
