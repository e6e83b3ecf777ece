"""Cromwell: the rummy game of the kings and queens of England (seed 000), basic and advanced.

The rules followed are decks/cromwell/rules/cromwell.md (the project's statement of the seed).

Cards and houses
----------------
Every card with ``in_play: true`` and a house among the chosen ones (option ``houses``; default:
all) is a monarch in play. The Cromwell card (``in_play: false``) is the turn marker: it is never
dealt; the seat to act holds it (``state.crom``). A card with no house can never be in a sequence
and is left out of play (``static_checks`` says so).

Card indices 0..n-1 run house by house (in the deck's house order), and inside a house by reign,
so the cards of a house are a contiguous run of bits and a hand can be an int bitmask.

When are monarchs "consecutive"?
--------------------------------
A sequence is three or more monarchs of ONE house who reigned one after another. The order
inside a house is decided by the reign dates alone, house by house:

* Each monarch's place is the start year of their FIRST reign. So an interrupted reign never
  breaks a sequence: Henry IV (1399) - Henry V (1413) - Henry VI (1422, 1470) is a Lancaster run,
  Edward IV (1461, 1471) - Edward V (1483) - Richard III (1483) a York one, even though Henry VI's
  second reign fell inside Edward IV's (the rule sheet: different houses never break a sequence).
  Reigns of other houses in between never count (monarchs are consecutive *in their house*).
* Two monarchs starting in the same year: if both reigns last beyond that year it is a joint
  reign (William III and Mary II, 1689) and the two share one place, "either order, neither may
  be skipped": a sequence may run through the shared place only if it holds both, and may start
  or end on either of them. So James II-William III-Mary II-Anne, James II-Mary II-William III-Anne,
  William III-Mary II-Anne and Charles II-James II-William III are sequences; James II-Mary II-Anne
  and James II-William III-Anne are not. If one of the two reigns ended in the year it began
  (Edward V, 1483, then Richard III, 1483-1485; Edward VIII then George VI, 1936) the short reign
  came first and the two are simply consecutive.
* Years without a monarch do not count: Charles I (1625) - Charles II (1660) are consecutive,
  the Interregnum (the Cromwell card, not in play) is skipped.

Every valid sequence (as a set of cards: the order on the table follows from the house order) is
precomputed as a bitmask; a lay off of card c onto table sequence S is legal when S | c is again
one of them, which is exactly "adding it to either end".

Successor/predecessor (advanced play) is decided over ALL monarchs of the deck in play (whatever
the houses chosen), on one timeline of reigns: every reign span is an entry (Henry VI and Edward
IV have two, so "either of their reigns counts"), a joint reign is one entry (James II came before
William III and Mary II, Anne after), the Interregnum is skipped. The right answers before/after
card x are the monarchs of the entries next to any entry of x: before Henry VI came Henry V or
Edward IV; after Edward IV came Henry VI or Edward V. William I has no "before", the last monarch
no "after": only the existing direction can be answered.

A turn as decision steps
------------------------
``state.phase`` says which decision the seat ``state.actor`` faces; phases where nothing can be
chosen are skipped (no lay possible, nobody offered):

1. START_LAY (the Cromwell): lay down a sequence, lay off a card, or DONE; repeated until DONE or
   nothing more can be laid. An empty hand ends the round at once (going out).
2. ANNOUNCE (the Cromwell): name a card of the hand (the one meant for the Block; in advanced
   play, the one to trade away).
3. OFFER (each other seat, clockwise from the Cromwell's left): offer one card of the hand, or PASS.
4. DECIDE (the Cromwell, only when someone offered): basic: ACCEPT seat s (the two cards are
   swapped face down) or DRAW. Advanced: ACCEPT one offer (it is compulsory); with no offer the
   turn is over at once. Basic with no offer: the draw happens without a decision.
   A DRAW takes the top of the stock; if the stock is empty, the Block is shuffled (with the
   state's generator) into a new stock first; if both are empty (only possible before the first
   draw, when the evened-up deal left no stock), nothing is drawn and nothing is discarded (the
   announced card stays in hand) - "the Cromwell skips the draw". Then the announced card goes
   face up on the Block, unless the hand (with the drawn and the announced card) can now be laid
   out completely: then the rule sheet's "do so: you need not discard" applies - phase GO_OUT,
   where only lays that keep the whole hand layable are legal, until the hand is empty.
5. ANSWER (advanced, after an accepted trade; the Cromwell about the card received, then the other
   trader about theirs): answer "before" or "after", right or wrong. Knowledge is modelled as a
   choice: a random bot is right half the time, the greedy bot with probability ``knowledge``
   (option, default 0.8, drawn from the state's generator). A wrong answer: if the answerer holds a
   right monarch (for the direction answered), or nobody holds one, the card goes back to the
   player who gave it; otherwise the first right monarch's holder (by reign order) takes it.
   Hands are checked after both answers: a player left with no cards goes out (the first such from
   the Cromwell clockwise), as the rule sheet says "the first player with no cards left".
   So a wrong answer costs the card received while the card given stays given: one card fewer to
   lay. Any player can answer wrong on purpose, and the bots (greedy and pupil) do about a card
   received that helps them nothing. Option ``forfeit``: "card" (default, the rule sheet, above)
   or "trade" (a wrong answer calls the trade off: both cards go back to their givers, the other
   trader is not asked, and hands shrink only by laying, as the seed says of advanced play).
6. END_LAY (the Cromwell): as START_LAY; DONE passes the Cromwell card to the left.

Action ints (bases in ``Prepared``): lay down sequence id ``q`` -> q; lay off card c onto table
sequence j -> LAYOFF + j*n + c; DONE; ANNOUNCE + c; OFFER + c; PASS; ACCEPT + seat; DRAW;
ANSWER + 2*direction + right (direction 0 = before, 1 = after).

The deal
--------
Basic: the chosen cards are shuffled and dealt one at a time clockwise from the dealer's left
(seat 0 first; the dealer is the last seat) to the players and an extra hand dealt last, which is
the stock (its last card dealt is the top). Uneven hands are evened up as the option ``even_up``
says: "give" (each short hand takes a card from the stock), "stock" (the long hands put their last
card into the stock), or "auto" (default: whichever moves fewer cards; on a tie "give", keeping
the stock small as the designer wants). If the stock is too small to give, the extras go to the
stock. Seat 0 (left of the dealer) is the first Cromwell.
Advanced: all chosen cards are dealt, no stock and no Block. For an even deal the option
``leave_out`` removes the n mod players "latest" (default) or "earliest" monarchs by reign, or
"none" (uneven deal: the first seats get one card more).

Scoring (one round), option ``scoring``: "everyone" (default, as the seed says: "players count the
number of cards laid down and the number of cards that other players have not laid down, one point
per card"): every seat scores 1 per card it laid down or laid off plus 1 per card left in the other
players' hands; "out" (another reading): only the seat that went out scores the cards left in the
other hands, the others score their laid cards. A stuck round (below) is scored the same way, with
nobody out. A round stopped by the step cap scores nothing.

A gap in the rules: the stalemate
---------------------------------
In basic play hands never grow (a trade is one for one, a draw is followed by a discard), so a
player down to one card can never lay down a sequence again, only lay off. When every hand holds
at most one card and no card off the table fits an end of a table sequence, nobody can ever lay
again and nobody can go out; the rules give such a round no end. ``state.stalled`` records the
turn this happened. The project's rule sheet closes the gap ("A stuck round"): the round ends there,
nobody went out, each scores the cards they laid. Option ``stalemate``: "stop" (default, that rule)
or "play" (the designer's rules without it: the round goes on until the step cap and is reported as
a timeout, to study the gap).

Options
-------
``houses`` (names, a list, or a range "Plantagenet..Hanover"; default all), ``knowledge`` (0..1,
default 0.8: how often the greedy bot answers the advanced test right), ``even_up``
(auto/give/stock), ``leave_out`` (latest/earliest/none, advanced), ``stalemate`` (play/stop),
``test`` (reign/house, advanced: what a player receiving a card is asked), ``forfeit``
(card/trade, advanced: what a wrong answer costs), ``scoring`` (everyone/out).

Length
------
A round's length is counted in turns, as players count them: one per Cromwell, the turn in which
someone goes out included.
"""


from printgen.games.cromwell.game import Cromwell
from printgen.games.cromwell.tables import (
    ANNOUNCE,
    ANSWER,
    DECIDE,
    END_LAY,
    GO_OUT,
    OFFER,
    OVER,
    START_LAY,
    Prepared,
    State,
)

GAME = Cromwell

__all__ = ["GAME", "Cromwell", "Prepared", "State", "START_LAY", "ANNOUNCE", "OFFER", "DECIDE", "GO_OUT",
           "ANSWER", "END_LAY", "OVER"]
