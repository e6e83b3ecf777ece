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

Forcing: a card the opponent turned up that fits one of the opponent's melds may be forced on
them (as soon as it is turned up: see below), and so may one's own discard after a meld; the forced
player adds it to their meld and must discard. Eleven cards melded win at once; needing to turn up
a card from an empty stock is a tie.

Readings the seed leaves open (marked on the rule sheet): a card turned up can be forced as soon
as it is turned up, before its player decides, as in the seed's example (`-O force_drawn=refused`:
only once they refuse it); a new meld borrows at most one card; an addition takes at most one card
from the hand (the seed: "by itself or with a card from your hand").

Decisions are ints: REFUSE (0; also "do not force" when forcing at once is offered); FORCE on the
opponent's meld m (1 + m); DISCARD card d (16 + d); DISCARD d and force it on meld m (128 + 8 d + m);
MELD: MELD_FLAG | hand cards used << 16 | (borrowed card + 1) << 8 | (own meld added to + 1) << 4.
"""

from printgen.games.conquian.game import Conquian
from printgen.games.conquian.tables import (
    CHOOSE,
    DISCARD,
    DISCARD_FORCE,
    DISCARDING,
    FORCE,
    LEFT,
    OFFER,
    OVER,
    OWN,
    REFUSE,
    REFUSED,
    _cards,
    meld_action,
)

GAME = Conquian

__all__ = ["GAME", "Conquian", "CHOOSE", "DISCARD", "DISCARD_FORCE", "DISCARDING", "FORCE", "LEFT", "OFFER", "OVER",
           "OWN", "REFUSE", "REFUSED", "_cards", "meld_action"]
