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
``scoring`` (everyone/out).

Length
------
A round's length is counted in turns, as players count them: one per Cromwell, the turn in which
someone goes out included.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from printgen.errors import UserError, did_you_mean
from printgen.sim.engine import Action, Finding, Game, Tip

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MIN_HAND = 3                  # a deal must give each player at least this many cards
SMALL_HAND, LARGE_HAND = 5, 10
TARGET_HAND = 7               # "hands of about seven cards play best"
NEAR = 2                      # a card "helps" another of its house within this many places
EXPLORE = 0.2                 # greedy: chance of offering a card at random
DEFAULT_KNOWLEDGE = 0.8
OPTIONS = ("houses", "knowledge", "even_up", "leave_out", "stalemate", "scoring")
STALEMATE = ("play", "stop")
SCORING = ("everyone", "out")
EVEN_UP = ("auto", "give", "stock")
LEAVE_OUT = ("latest", "earliest", "none")

# phases
START_LAY, ANNOUNCE, OFFER, DECIDE, GO_OUT, ANSWER, END_LAY, OVER = range(8)
PHASE_NAMES = ("start lay", "announce", "offer", "decide", "go out", "answer", "end lay", "over")


def _bits(mask: int) -> list[int]:
    """The card indices of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _any_bit(mask: int, rng: random.Random) -> int:
    """One card of a non-empty bitmask: the only one, or one at random (a single draw) when
    several are equally good, so the bots favour no card for its place in the deck."""
    if mask & (mask - 1):
        k = int(rng.random() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
    return (mask & -mask).bit_length() - 1


def _end_key(end: int | None) -> int:
    return 10 ** 9 if end is None else end


def _joint(a: tuple[int, int | None], b: tuple[int, int | None]) -> bool:
    """Two reign spans form a joint reign: same start year, and both last beyond it."""
    return a[0] == b[0] and _end_key(a[1]) > a[0] and _end_key(b[1]) > b[0]


class _Runs(dict):
    """Local hand bits of one house -> ids of the valid sequences inside them, longest first.
    Filled lazily (a house of many cards would make a full table big)."""

    def __init__(self, seq_ids: list[int], local_masks: list[int]):
        super().__init__()
        self.items_ = sorted(zip(seq_ids, local_masks), key=lambda p: (-p[1].bit_count(), p[0]))

    def __missing__(self, local: int) -> tuple[int, ...]:
        found = tuple(q for q, m in self.items_ if m & local == m)
        self[local] = found
        return found


class Prepared:
    """The deck compiled to ints for one variant and option set."""

    def __init__(self) -> None:
        self.variant = "basic"
        self.advanced = False
        self.knowledge = DEFAULT_KNOWLEDGE
        self.even_up = "auto"
        self.leave_out = "latest"
        self.stalemate = "stop"
        self.scoring = "everyone"
        self.n = 0
        self.names: list[str] = []
        self.ids: list[str] = []
        self.house_of: list[int] = []          # card -> index into house_names
        self.house_names: list[str] = []       # chosen houses, in deck order
        self.house_cards: list[list[int]] = []  # per chosen house, its cards in order
        self.house_lo: list[int] = []
        self.house_full: list[int] = []        # local mask of all the house's cards
        self.house_mask: list[int] = []        # global mask
        self.slot: list[int] = []              # card -> place within its house (joint reigns share one)
        self.groups: list[str] = []
        self.seqs: list[int] = []              # every valid sequence as a global mask
        self.seq_house: list[int] = []
        self.valid: set[int] = set()
        self.runs: list[_Runs] = []            # per house: local hand bits -> sequence ids inside
        self.lay_houses: list[tuple[int, int, _Runs]] = []   # (lo, full, runs) of houses with >= 3 cards
        self.near: list[int] = []              # card -> mask of same-house cards within NEAR places
        # cards whose neighbour 1 or 2 places below (l) or above (r) is of their house
        self.ok_l1 = self.ok_l2 = self.ok_r1 = self.ok_r2 = 0
        self.ok3 = 0                           # cards starting three of their house in index order
        self.odd3: list[int] = []              # three-card sequences not in index order (joint reigns)
        self.right: list[tuple[tuple[int, ...], tuple[int, ...]]] = []   # card -> (before, after) in play
        self.has_dir: list[tuple[bool, bool]] = []
        self.right_names: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        self.chrono: list[int] = []            # cards in reign order (first reign)
        self.start: list[int] = []
        self.all_mask = 0
        self.ext_cache: dict[int, int] = {}
        self.clear_cache: dict[tuple, bool] = {}
        # for static checks and advice
        self.deck_houses: list[tuple[str, int]] = []   # every house of the deck with its monarch count
        self.no_house: list[str] = []
        self.has_marker = True
        self.gaps: list[str] = []
        # action bases
        self.S = self.LAYOFF = self.T = self.DONE = self.ANNOUNCE = self.OFFER = 0
        self.PASS = self.ACCEPT = self.DRAW = self.ANSWER = self.N_ACTIONS = 0

    def index(self, name: str) -> int:
        """The card index of a monarch by name (or card id)."""
        for i, (n, c) in enumerate(zip(self.names, self.ids)):
            if n == name or c == name:
                return i
        raise KeyError(name)

    def mask(self, *names: str) -> int:
        m = 0
        for name in names:
            m |= 1 << self.index(name)
        return m

    def ext_of(self, seq: int) -> int:
        """Cards that can be laid off onto the table sequence `seq` (either end)."""
        e = self.ext_cache.get(seq)
        if e is None:
            low = seq & -seq
            h = self.house_of[low.bit_length() - 1]
            e = 0
            valid = self.valid
            for c in self.house_cards[h]:
                bit = 1 << c
                if not seq & bit and (seq | bit) in valid:
                    e |= bit
            self.ext_cache[seq] = e
        return e


class State:
    """One round. Hands are bitmasks over card indices; the stock and the Block are lists (the top
    of the stock is the end); table sequences are masks with, per sequence, the cards that can be
    laid off onto it (`ext`). `laid` counts the ticks on the score sheet per seat."""

    __slots__ = ("prep", "P", "adv", "hands", "stock", "block", "table", "ext", "ext_all", "table_mask",
                 "laid", "held", "crom", "phase", "actor", "announced", "offers", "trade_seat", "stage",
                 "winner", "rng", "out_mask", "turns", "stalled", "dealt", "no_discard")

    def __init__(self, prep: Prepared, players: int, rng: random.Random):
        self.prep = prep
        self.P = players
        self.adv = prep.advanced
        self.hands = [0] * players
        self.stock: list[int] = []
        self.block: list[int] = []
        self.table: list[int] = []
        self.ext: list[int] = []
        self.ext_all = 0
        self.table_mask = 0
        self.laid = [0] * players
        self.held = 0
        self.crom = 0
        self.phase = START_LAY
        self.actor = 0
        self.announced = -1
        self.offers = [-1] * players
        self.trade_seat = -1
        self.stage = 0
        self.winner = -1
        self.rng = rng
        self.out_mask = 0          # advanced: cards left out for an even deal
        self.turns = 0
        self.stalled = -1          # basic: the turn from which nobody can ever lay again
        self.dealt = [0] * players  # hand sizes after the deal
        self.no_discard = False     # the Cromwell drew and is going out without a discard


class Cromwell(Game):
    name = "cromwell"
    variants = ("basic", "advanced")
    # hand sizes are judged by static_checks from the exact deal (fewer than 5 or more than 10)
    good_hand = None
    step_cap = 10000         # random bots play long rounds (6 players: 95 % end within ~6,500 steps)
    length_unit = "turns"
    length_note = "a turn is one player's go as the Cromwell"

    # -- preparing the deck ----------------------------------------------------------------------
    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in self.variants:
            raise UserError(f"the Cromwell game has no variant '{variant}'",
                            hint=did_you_mean(variant, self.variants) or "variants: " + ", ".join(self.variants))
        options = dict(options or {})
        for key in options:
            if key not in OPTIONS:
                raise UserError(f"the Cromwell game has no option '{key}'",
                                hint=did_you_mean(key, OPTIONS) or "options: " + ", ".join(OPTIONS))
        p = Prepared()
        p.variant = variant
        p.advanced = variant == "advanced"
        p.knowledge = self._knowledge(options.get("knowledge", DEFAULT_KNOWLEDGE))
        p.even_up = self._choice(options.get("even_up", "auto"), EVEN_UP, "even_up")
        p.leave_out = self._choice(options.get("leave_out", "latest"), LEAVE_OUT, "leave_out")
        p.stalemate = self._choice(options.get("stalemate", "stop"), STALEMATE, "stalemate")
        p.scoring = self._choice(options.get("scoring", "everyone"), SCORING, "scoring")

        all_houses = [g.name for g in deck.groups.get("houses", [])]
        if not all_houses:
            raise UserError("the Cromwell game needs a deck with houses", deck.where("houses"),
                            "declare 'houses:' and give each card a 'house'")
        chosen = self._houses(options.get("houses"), all_houses)

        monarchs = []      # (deck order, card) of every card in play, any house
        for i, card in enumerate(deck.cards):
            if not card.values.get("in_play", True):
                continue
            reign = card.values.get("reign")
            if reign is None:
                raise UserError(f"the card '{card.name}' has no reign; the Cromwell game needs the reign dates",
                                card.where, "add a line like 'reign: 1066-1087'")
            monarchs.append((i, card))
        p.has_marker = any(not c.values.get("in_play", True) for c in deck.cards)
        p.no_house = [c.name for _, c in monarchs if c.values.get("house") is None]
        count = {h: 0 for h in all_houses}
        for _, c in monarchs:
            g = c.values.get("house")
            if g is not None:
                count[g.name] = count.get(g.name, 0) + 1
        p.deck_houses = [(h, count[h]) for h in all_houses]

        # cards in play, house by house, ordered inside the house
        names, ids, house_of, slot, start, deck_pos = [], [], [], [], [], []
        for h_idx, house in enumerate(chosen):
            members = [(i, c) for i, c in monarchs if c.values.get("house") is not None
                       and c.values["house"].name == house]
            members.sort(key=lambda ic: (ic[1].values["reign"].spans[0][0], _end_key(ic[1].values["reign"].spans[0][1]),
                                         ic[0]))
            place = -1
            prev = None
            for i, c in members:
                first = c.values["reign"].spans[0]
                if prev is None or not _joint(prev, first):
                    place += 1
                prev = first
                names.append(c.name)
                ids.append(c.id)
                house_of.append(h_idx)
                slot.append(place)
                start.append(first[0])
                deck_pos.append(i)
        n = len(names)
        if n == 0:
            raise UserError("no monarch of the chosen houses is in play", deck.where("cards"),
                            "check the 'houses' option and the cards' 'house' lines")
        p.n, p.names, p.ids, p.house_of, p.slot, p.start = n, names, ids, house_of, slot, start
        p.house_names = list(chosen)
        p.groups = [chosen[h] for h in house_of]
        p.all_mask = (1 << n) - 1
        p.house_cards = [[c for c in range(n) if house_of[c] == h] for h in range(len(chosen))]
        p.house_lo = [cards[0] if cards else 0 for cards in p.house_cards]
        p.house_full = [(1 << len(cards)) - 1 for cards in p.house_cards]
        p.house_mask = [sum(1 << c for c in cards) for cards in p.house_cards]

        # every valid sequence, per house
        seqs: list[int] = []
        seq_house: list[int] = []
        for h, cards in enumerate(p.house_cards):
            slots: list[list[int]] = []
            for c in cards:
                if slots and slot[slots[-1][0]] == slot[c]:
                    slots[-1].append(c)
                else:
                    slots.append([c])
            found: set[int] = set()
            for a in range(len(slots)):
                for b in range(a, len(slots)):
                    firsts = self._subsets(slots[a])
                    lasts = self._subsets(slots[b]) if b > a else [0]
                    middle = 0
                    for k in range(a + 1, b):
                        for c in slots[k]:
                            middle |= 1 << c
                    for f in firsts:
                        for last in lasts:
                            m = f | middle | last
                            if m.bit_count() >= 3:
                                found.add(m)
            for m in sorted(found, key=lambda m: (m & -m, m.bit_count(), m)):
                seqs.append(m)
                seq_house.append(h)
        p.seqs, p.seq_house, p.valid = seqs, seq_house, set(seqs)
        p.runs = []
        for h in range(len(chosen)):
            ids_h = [q for q in range(len(seqs)) if seq_house[q] == h]
            p.runs.append(_Runs(ids_h, [seqs[q] >> p.house_lo[h] for q in ids_h]))
        p.lay_houses = [(p.house_lo[h], p.house_full[h], p.runs[h]) for h in range(len(chosen))
                        if len(p.house_cards[h]) >= 3]
        p.near = [sum(1 << d for d in p.house_cards[house_of[c]] if d != c and abs(d - c) <= NEAR)
                  for c in range(n)]
        same = [lambda c, k=k: 0 <= c + k < n and house_of[c + k] == house_of[c] for k in (-1, -2, 1, 2)]
        p.ok_l1, p.ok_l2, p.ok_r1, p.ok_r2 = (sum(1 << c for c in range(n) if f(c)) for f in same)
        p.ok3 = p.ok_r1 & (p.ok_r2)
        p.odd3 = [m for m in seqs if m.bit_count() == 3 and m != (m & -m) * 7]
        for c in _bits(p.ok3):       # by construction: a suffix of a place, whole places, a prefix
            assert (7 << c) in p.valid, "an index triple inside a house is not a sequence"

        # successor / predecessor on one timeline of every monarch of the deck
        game_index = {deck_pos[c]: c for c in range(n)}
        entries: list[tuple[int, int, int, int]] = []    # (start, end key, deck order, card deck order)
        for i, c in monarchs:
            for span in c.values["reign"].spans:
                entries.append((span[0], _end_key(span[1]), i, i))
        entries.sort()
        merged: list[list[tuple[int, int, int]]] = []    # entries: lists of (start, end key, deck order)
        for s, e, _, i in entries:
            if merged and any(_joint((s0, e0), (s, e)) for s0, e0, _ in merged[-1]):
                merged[-1].append((s, e, i))
            else:
                merged.append([(s, e, i)])
        before: dict[int, set[int]] = {i: set() for i, _ in monarchs}
        after: dict[int, set[int]] = {i: set() for i, _ in monarchs}
        for k, entry in enumerate(merged):
            for _, _, i in entry:
                if k > 0:
                    before[i].update(j for _, _, j in merged[k - 1] if j != i)
                if k + 1 < len(merged):
                    after[i].update(j for _, _, j in merged[k + 1] if j != i)
        first_start = {i: c.values["reign"].spans[0][0] for i, c in monarchs}
        deck_name = {i: c.name for i, c in monarchs}

        def in_play(ks: set[int]) -> tuple[int, ...]:
            return tuple(game_index[k] for k in sorted(ks, key=lambda k: (first_start[k], k)) if k in game_index)

        p.right = [(in_play(before[deck_pos[c]]), in_play(after[deck_pos[c]])) for c in range(n)]
        p.has_dir = [(bool(before[deck_pos[c]]), bool(after[deck_pos[c]])) for c in range(n)]
        p.right_names = [(tuple(deck_name[k] for k in sorted(before[deck_pos[c]])),
                          tuple(deck_name[k] for k in sorted(after[deck_pos[c]]))) for c in range(n)]
        p.chrono = sorted(range(n), key=lambda c: (start[c], deck_pos[c]))

        # houses whose neighbours in the house are not neighbours in history
        order = sorted(((first_start[i], i) for i, _ in monarchs))
        rank = {i: r for r, (_, i) in enumerate(order)}
        for h, cards in enumerate(p.house_cards):
            for a, b in zip(cards, cards[1:]):
                if slot[a] == slot[b]:
                    continue
                between = abs(rank[deck_pos[b]] - rank[deck_pos[a]]) - 1
                if slot[b] - slot[a] == 1:
                    # the other member of a joint place is not "between"
                    between -= sum(1 for d in cards if slot[d] in (slot[a], slot[b]) and d not in (a, b))
                if between > 0:
                    p.gaps.append(f"in {chosen[h]}, {names[a]} ({start[a]}) and {names[b]} ({start[b]}) count as "
                                  f"consecutive, but {between} monarch{'s' if between != 1 else ''} of other houses "
                                  f"reigned between them")

        # action bases
        S = len(seqs)
        T = n // 3 + 1
        p.S, p.T = S, T
        p.LAYOFF = S
        p.DONE = S + T * n
        p.ANNOUNCE = p.DONE + 1
        p.OFFER = p.ANNOUNCE + n
        p.PASS = p.OFFER + n
        p.ACCEPT = p.PASS + 1
        p.DRAW = p.ACCEPT + MAX_PLAYERS
        p.ANSWER = p.DRAW + 1
        p.N_ACTIONS = p.ANSWER + 4
        if not self.player_counts(p):
            need = MIN_HAND * (MIN_PLAYERS + (0 if p.advanced else 1))
            raise UserError(f"the chosen houses hold {n} monarchs: too few to deal {MIN_HAND} cards to each of "
                            f"{MIN_PLAYERS} players{'' if p.advanced else ' and the stock'} (at least {need} needed)",
                            hint="choose more houses (option houses=...)")
        return p

    @staticmethod
    def _subsets(cards: list[int]) -> list[int]:
        out = []
        for k in range(1, 1 << len(cards)):
            out.append(sum(1 << cards[j] for j in range(len(cards)) if k >> j & 1))
        return out

    @staticmethod
    def _knowledge(value: Any) -> float:
        try:
            k = float(value)
        except (TypeError, ValueError):
            raise UserError(f"the option knowledge={value!r} should be a number from 0 to 1",
                            hint="e.g. knowledge=0.8: the greedy bot answers 80 % of the tests right") from None
        if not 0.0 <= k <= 1.0:
            raise UserError(f"the option knowledge={value!r} should be from 0 to 1", hint="e.g. knowledge=0.8")
        return k

    @staticmethod
    def _choice(value: Any, allowed: Sequence[str], key: str) -> str:
        if value not in allowed:
            raise UserError(f"the option {key}={value!r} should be one of: {', '.join(allowed)}",
                            hint=did_you_mean(str(value), allowed))
        return value

    @staticmethod
    def _houses(value: Any, all_houses: list[str]) -> list[str]:
        """The chosen houses in deck order: a list of names, one name, or a range 'First..Last'."""
        if value is None:
            return list(all_houses)
        items = [value] if isinstance(value, str) else list(value)
        wanted: list[str] = []
        for item in items:
            text = str(item).strip()
            if ".." in text:
                first, last = (t.strip() for t in text.split("..", 1))
                for name in (first, last):
                    if name not in all_houses:
                        raise UserError(f"no house called '{name}' in this deck",
                                        hint=did_you_mean(name, all_houses) or "houses: " + ", ".join(all_houses))
                a, b = sorted((all_houses.index(first), all_houses.index(last)))
                wanted += all_houses[a:b + 1]
                continue
            if text not in all_houses:
                raise UserError(f"no house called '{text}' in this deck",
                                hint=did_you_mean(text, all_houses) or "houses: " + ", ".join(all_houses))
            wanted.append(text)
        if not wanted:
            raise UserError("the option houses= names no house", hint="houses: " + ", ".join(all_houses))
        return [h for h in all_houses if h in wanted]

    # -- deal sizes ------------------------------------------------------------------------------
    @staticmethod
    def _basic_deal(n: int, players: int, even_up: str) -> tuple[int, int, str, int]:
        """(hand size, stock size, what evening up did, cards moved) for n cards dealt to players
        plus the stock."""
        base, r = divmod(n, players + 1)
        if r == 0 or r == players:
            return base + (1 if r == players else 0), base, "even", 0
        short = players - r
        give = even_up == "give" or (even_up == "auto" and short <= r)
        if give and base < short:
            give = False
        if give:
            return base + 1, base - short, "give", short
        return base, base + r, "stock", r

    def _advanced_deal(self, prep: Prepared, players: int) -> tuple[int, int, list[int]]:
        """(smallest hand, largest hand, cards left out) for the advanced deal."""
        n = prep.n
        r = n % players
        if prep.leave_out == "none" or r == 0:
            return n // players, n // players + (1 if r else 0), []
        out = prep.chrono[-r:] if prep.leave_out == "latest" else prep.chrono[:r]
        return (n - r) // players, (n - r) // players, out

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        out = []
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            if prepared.advanced:
                low = self._advanced_deal(prepared, players)[0]
            else:
                hand, stock, how, _ = self._basic_deal(prepared.n, players, prepared.even_up)
                low = hand
            if low >= MIN_HAND:
                out.append(players)
        return tuple(out)

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        p = prepared
        out: list[Finding] = []
        for h, name in enumerate(p.house_names):
            k = len(p.house_cards[h])
            if k < 3:
                who = ", ".join(p.names[c] for c in p.house_cards[h]) or "none in play"
                out.append(Finding("warning", f"{name} has only {k} monarch{'s' if k != 1 else ''} ({who}), fewer than "
                                              f"three, so it can never make a sequence: leave the house out or move "
                                              f"monarchs into it", k))
            elif k == 3:
                out.append(Finding("info", f"{name} has exactly 3 monarchs: its only sequence needs all three", k))
        if p.no_house:
            out.append(Finding("warning", f"{len(p.no_house)} card{'s' if len(p.no_house) != 1 else ''} in play "
                                          f"{'have' if len(p.no_house) != 1 else 'has'} no house and can never be in a "
                                          f"sequence, so {'they are' if len(p.no_house) != 1 else 'it is'} left out: "
                                          + ", ".join(p.no_house), len(p.no_house)))
        if not p.has_marker:
            out.append(Finding("info", "the deck has no Cromwell card (a card with in_play: false) to pass round as "
                                       "the turn marker; any token will do"))
        if p.advanced:
            low, high, left = self._advanced_deal(p, players)
            if left:
                out.append(Finding("info", f"{players} players (advanced): for an even deal "
                                           f"{len(left)} monarch{'s' if len(left) != 1 else ''} "
                                           f"{'are' if len(left) != 1 else 'is'} left out ({p.leave_out}): "
                                           + ", ".join(p.names[c] for c in left), len(left)))
            sizes = f"{low}" if low == high else f"{low} or {high}"
            out.append(Finding("info", f"{players} players (advanced): {sizes} cards each, no stock",
                               {"hand": low, "largest": high}))
            hand = low
            lost = [p.names[c] for c in range(p.n) if not p.right[c][0] and not p.right[c][1]]
            if lost:
                out.append(Finding("info", "neither the monarch before nor the one after is in play for "
                                           + ", ".join(lost) + ": after a wrong answer about them the card always "
                                           "goes back", len(lost)))
        else:
            hand, stock, how, moved = self._basic_deal(p.n, players, p.even_up)
            detail = {"even": "", "give": f" (evened up: {moved} short hand{'s' if moved != 1 else ''} took a card "
                                          f"from the stock)",
                      "stock": f" (evened up: {moved} extra card{'s' if moved != 1 else ''} put into the stock)"}[how]
            out.append(Finding("info", f"{players} players: {hand} cards each, stock {stock}{detail}",
                               {"hand": hand, "stock": stock}))
            if stock == 0:
                out.append(Finding("warning", f"{players} players: the stock is empty at the start, so the first "
                                              f"Cromwell who refuses every offer cannot draw", stock))
        if hand < SMALL_HAND:
            out.append(Finding("warning", f"{players} players: hands of only {hand} cards (fewer than "
                                          f"{SMALL_HAND}); choose more houses", hand))
        elif hand > LARGE_HAND:
            out.append(Finding("warning", f"{players} players: hands of {hand} cards (more than {LARGE_HAND}) "
                                          f"are hard to hold; leave out a house or two", hand))
        for gap in p.gaps:
            out.append(Finding("info", gap))
        if p.advanced:
            out.append(Finding("info", "advanced play: a player whose last card is lost to a forfeit has no cards "
                                       "left and so goes out and wins; the rules do not say whether that counts"))
        else:
            rule = ("the round ends as the rule sheet's 'stuck round' says" if p.stalemate == "stop" else
                    "with stalemate=play the round goes on to the step cap, as in the designer's rules")
            out.append(Finding("info", "basic play: hands never grow, so a player down to one card can only lay "
                                       "off; when every player is down to one card and no card left in play "
                                       f"(hands, stock, Block) can extend a table sequence, nobody can go out ({rule})"))
        return out

    def advice(self, prepared: Prepared, counts: Sequence[int]) -> list[Tip]:
        """For each player count, the run of whole houses (leaving out the earliest and/or latest
        ones, and any house too small to make a sequence, as the rule sheet says) that gives hands
        nearest seven cards: in basic play with a stock of about a hand, in advanced play with
        every card dealt."""
        p = prepared
        houses = p.deck_houses
        tips = []
        for players in counts:
            best = None
            for a in range(len(houses)):
                for b in range(a, len(houses)):
                    window = [(h, k) for h, k in houses[a:b + 1] if k >= 3]
                    if not window or window[0][0] != houses[a][0] or window[-1][0] != houses[b][0]:
                        continue
                    n = sum(k for _, k in window)
                    if p.advanced:
                        hand, stock = n // players, 0
                        key: tuple = (abs(hand - TARGET_HAND), n % players, -n)
                    else:
                        hand, stock, _, _ = self._basic_deal(n, players, p.even_up)
                        key = (abs(hand - TARGET_HAND), 0 if stock else 1, abs(stock - hand), -n)
                    if hand < MIN_HAND:
                        continue
                    if best is None or key < best[0]:
                        best = (key, a, b, window, n, hand, stock)
            if best is None:
                tips.append(Tip(players, f"{players} players: the deck has too few monarchs for this many players"))
                continue
            _, a, b, window, n, hand, stock = best
            skipped = [h for h, k in houses[a:b + 1] if k < 3]
            span = houses[a][0] if a == b else f"{houses[a][0]} to {houses[b][0]}"
            if skipped:
                span += " without " + " and ".join(skipped)
                option: Any = [h for h, _ in window]
            else:
                option = houses[a][0] if a == b else f"{houses[a][0]}..{houses[b][0]}"
            if p.advanced:
                extra = n % players
                left = f", leave out {extra} earliest or latest monarch{'s' if extra != 1 else ''}" if extra else ""
                tips.append(Tip(players, f"{players} players: use {span} ({n} monarchs): {hand} cards each{left}",
                                {"houses": option}))
            else:
                tips.append(Tip(players, f"{players} players: use {span} ({n} monarchs): {hand} cards each, "
                                         f"stock {stock}", {"houses": option}))
        return tips

    # -- one game --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        p = prepared
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UserError(f"Cromwell is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        cards = list(range(p.n))
        out: list[int] = []
        if p.advanced:
            low, high, out = self._advanced_deal(p, players)
            left = set(out)
            cards = [c for c in cards if c not in left]
        rng.shuffle(cards)
        if p.advanced:
            hands = [cards[s::players] for s in range(players)]
            stock: list[int] = []
        else:
            piles = [cards[s::players + 1] for s in range(players + 1)]
            hands, stock = piles[:players], piles[players]
            hand, size, how, moved = self._basic_deal(p.n, players, p.even_up)
            if how == "give":
                for s in range(players):
                    if len(hands[s]) < hand:
                        hands[s].append(stock.pop())
            elif how == "stock":
                for s in range(players):
                    if len(hands[s]) > hand:
                        stock.append(hands[s].pop())
        return self.deal(p, hands, stock, rng=rng, out=out)

    def deal(self, prepared: Prepared, hands: Sequence[Sequence[int]], stock: Sequence[int] = (),
             block: Sequence[int] = (), cromwell: int = 0, rng: random.Random | None = None,
             out: Sequence[int] = ()) -> State:
        """A round from given hands (lists of card indices per seat), stock (top last) and Block,
        e.g. a scripted test deal. Cards in none of them are out of play (`out_mask`)."""
        st = State(prepared, len(hands), rng if rng is not None else random.Random(0))
        for s, h in enumerate(hands):
            m = 0
            for c in h:
                m |= 1 << c
            st.hands[s] = m
            st.held |= m
            st.dealt[s] = m.bit_count()
        st.stock = list(stock)
        st.block = list(block)
        inside = st.held
        for c in st.stock:
            inside |= 1 << c
        for c in st.block:
            inside |= 1 << c
        st.out_mask = prepared.all_mask & ~inside
        st.crom = cromwell
        self._begin_turn(st)
        return st

    def to_act(self, state: State) -> int:
        return state.actor

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    # -- turn machinery ----------------------------------------------------------------------------
    @staticmethod
    def _can_lay(st: State, h: int) -> bool:
        """Whether hand h can lay anything. Every sequence of three or more holds one of exactly
        three (a prefix of it in house order), and a three-card sequence is either three cards
        next to each other in index order within a house (`ok3` marks where such a triple
        starts) or one of the few `odd3` that skip a joint partner (Charles II-James II-
        William III skips Mary II, who sorts first)."""
        if h & st.ext_all or h & (h >> 1) & (h >> 2) & st.prep.ok3:
            return True
        for m in st.prep.odd3:
            if h & m == m:
                return True
        return False

    def _begin_turn(self, st: State) -> None:
        st.actor = st.crom
        st.phase = START_LAY if self._can_lay(st, st.hands[st.crom]) else ANNOUNCE

    def _next_turn(self, st: State) -> None:
        st.crom = (st.crom + 1) % st.P
        st.turns += 1
        if not st.adv and st.stalled < 0 and self._stalled(st):
            st.stalled = st.turns
            if st.prep.stalemate == "stop":
                st.phase = OVER
                st.winner = -1
                return
        st.actor = st.crom
        st.phase = START_LAY if self._can_lay(st, st.hands[st.crom]) else ANNOUNCE

    @staticmethod
    def _stalled(st: State) -> bool:
        """Basic play: nobody can ever lay again. Hands never grow in basic play (trades are one
        for one, a draw is followed by a discard) and hold at most one card more while going out,
        so a player with one card can never lay down a sequence; if every hand has at most one
        card and no card off the table fits an end of a table sequence, the table can never change
        and no one can go out: the rules give the round no end."""
        for h in st.hands:
            if h & (h - 1):
                return False
        return not (st.prep.all_mask & ~st.table_mask & st.ext_all)

    def _to_end_lay(self, st: State) -> None:
        if self._can_lay(st, st.hands[st.crom]):
            st.phase = END_LAY
            st.actor = st.crom
        else:
            self._next_turn(st)

    def _lay(self, st: State, seat: int, action: int) -> None:
        """Carry out a lay down (action < S) or a lay off; no legality check."""
        p = st.prep
        if action < p.S:
            m = p.seqs[action]
            st.hands[seat] ^= m
            st.table.append(m)
            e = p.ext_of(m)
            st.ext.append(e)
            st.ext_all |= e
            st.table_mask |= m
            st.laid[seat] += m.bit_count()
        else:
            j, c = divmod(action - p.LAYOFF, p.n)
            bit = 1 << c
            st.hands[seat] ^= bit
            m = st.table[j] | bit
            st.table[j] = m
            st.ext[j] = p.ext_of(m)
            acc = 0
            for e in st.ext:
                acc |= e
            st.ext_all = acc
            st.table_mask |= bit
            st.laid[seat] += 1

    def _lays(self, st: State, h: int) -> list[int]:
        """Every lay down and lay off open to hand h."""
        p = st.prep
        out: list[int] = []
        for lo, full, runs in p.lay_houses:
            found = runs[(h >> lo) & full]
            if found:
                out.extend(found)
        if h & st.ext_all:
            n, base = p.n, p.LAYOFF
            for j, e in enumerate(st.ext):
                x = e & h
                while x:
                    low = x & -x
                    out.append(base + j * n + low.bit_length() - 1)
                    x ^= low
        return out

    def _lay_legal(self, st: State, h: int, action: int) -> bool:
        p = st.prep
        if action < 0:
            return False
        if action < p.S:
            m = p.seqs[action]
            return h & m == m
        if action < p.DONE:
            j, c = divmod(action - p.LAYOFF, p.n)
            return j < len(st.table) and (st.ext[j] & h) >> c & 1 == 1
        return False

    # full layability (going out without a discard) --------------------------------------------
    def _clearable(self, st: State, h: int) -> bool:
        """Can every card of hand h be laid down or laid off, given the table?"""
        p = st.prep
        for hh, lo in enumerate(p.house_lo):
            local = (h >> lo) & p.house_full[hh]
            if not local:
                continue
            tables = tuple(sorted((t >> lo) & p.house_full[hh] for t in st.table if t & p.house_mask[hh]))
            if not self._clear_house(p, hh, local, tables):
                return False
        return True

    def _clear_house(self, p: Prepared, hh: int, local: int, tables: tuple[int, ...]) -> bool:
        if not local:
            return True
        key = (hh, local, tables)
        cached = p.clear_cache.get(key)
        if cached is not None:
            return cached
        lo = p.house_lo[hh]
        valid = p.valid
        result = False
        for i, t in enumerate(tables):
            for c in _bits(local):
                if ((t | (1 << c)) << lo) in valid:
                    rest = tables[:i] + (t | (1 << c),) + tables[i + 1:]
                    if self._clear_house(p, hh, local & ~(1 << c), tuple(sorted(rest))):
                        result = True
                        break
            if result:
                break
        if not result:
            for q in p.runs[hh][local]:
                m = p.seqs[q] >> lo
                if self._clear_house(p, hh, local & ~m, tuple(sorted(tables + (m,)))):
                    result = True
                    break
        p.clear_cache[key] = result
        return result

    def _go_out_lays(self, st: State) -> list[int]:
        """The lays that keep the whole hand layable (phase GO_OUT)."""
        seat = st.crom
        h = st.hands[seat]
        out = []
        for a in self._lays(st, h):
            if self._keeps_clearable(st, seat, a):
                out.append(a)
        return out

    def _keeps_clearable(self, st: State, seat: int, action: int) -> bool:
        p = st.prep
        h = st.hands[seat]
        if action < p.S:
            m = p.seqs[action]
            table = st.table + [m]
        else:
            j, c = divmod(action - p.LAYOFF, p.n)
            m = 1 << c
            table = list(st.table)
            table[j] |= m
        saved = st.table
        st.table = table
        try:
            return self._clearable(st, h & ~m)
        finally:
            st.table = saved

    # -- legal actions -------------------------------------------------------------------------------
    def legal(self, state: State) -> list[Action]:
        st = state
        p = st.prep
        phase = st.phase
        if phase == START_LAY or phase == END_LAY:
            return self._lays(st, st.hands[st.crom]) + [p.DONE]
        if phase == ANNOUNCE:
            return [p.ANNOUNCE + c for c in _bits(st.hands[st.crom])]
        if phase == OFFER:
            return [p.OFFER + c for c in _bits(st.hands[st.actor])] + [p.PASS]
        if phase == DECIDE:
            out = [p.ACCEPT + s for s in self._offer_order(st) if st.offers[s] >= 0]
            if not st.adv:
                out.append(p.DRAW)
            return out
        if phase == GO_OUT:
            return self._go_out_lays(st)
        if phase == ANSWER:
            card = self._answer_card(st)
            b, a = p.has_dir[card]
            out = []
            if b:
                out += [p.ANSWER + 0, p.ANSWER + 1]
            if a:
                out += [p.ANSWER + 2, p.ANSWER + 3]
            return out
        return []

    @staticmethod
    def _offer_order(st: State) -> list[int]:
        return [(st.crom + k) % st.P for k in range(1, st.P)]

    @staticmethod
    def _answer_card(st: State) -> int:
        """The card the current answerer received: stage 1 the Cromwell (the offered card), stage 2
        the other trader (the announced card)."""
        return st.offers[st.trade_seat] if st.stage == 1 else st.announced

    # -- applying ----------------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> None:
        st = state
        p = st.prep
        phase = st.phase
        seat = st.actor
        if phase == OFFER:
            if action == p.PASS:
                st.offers[seat] = -1
            else:
                c = action - p.OFFER
                if not (0 <= c < p.n and st.hands[seat] >> c & 1):
                    self._illegal(st, action)
                st.offers[seat] = c
            nxt = (seat + 1) % st.P
            if nxt != st.crom:
                st.actor = nxt
                return
            st.actor = st.crom
            for s in range(st.P):
                if st.offers[s] >= 0:
                    st.phase = DECIDE
                    return
            if st.adv:
                self._next_turn(st)          # nobody offered: the turn is over
            else:
                self._draw(st)
            return
        if phase == START_LAY or phase == END_LAY:
            if action == p.DONE:
                if phase == START_LAY:
                    st.phase = ANNOUNCE
                else:
                    self._next_turn(st)
                return
            h = st.hands[seat]
            if not self._lay_legal(st, h, action):
                self._illegal(st, action)
            self._lay(st, seat, action)
            if not st.hands[seat]:
                self._go_out(st, seat)
            elif not self._can_lay(st, st.hands[seat]):
                if phase == START_LAY:
                    st.phase = ANNOUNCE
                else:
                    self._next_turn(st)
            return
        if phase == ANNOUNCE:
            c = action - p.ANNOUNCE
            if not (0 <= c < p.n and st.hands[seat] >> c & 1):
                self._illegal(st, action)
            st.announced = c
            offers = st.offers
            for s in range(st.P):
                offers[s] = -1
            st.phase = OFFER
            st.actor = (seat + 1) % st.P
            return
        if phase == DECIDE:
            if action == p.DRAW and not st.adv:
                self._draw(st)
                return
            s = action - p.ACCEPT
            if not (0 <= s < st.P and s != st.crom and st.offers[s] >= 0):
                self._illegal(st, action)
            a = 1 << st.announced
            o = 1 << st.offers[s]
            hands = st.hands
            hands[seat] ^= a | o
            hands[s] ^= a | o
            if st.adv:
                st.trade_seat = s
                st.stage = 1
                st.phase = ANSWER
                st.actor = seat
            else:
                self._to_end_lay(st)
            return
        if phase == ANSWER:
            k = action - p.ANSWER
            card = self._answer_card(st)
            if not (0 <= k < 4 and p.has_dir[card][k >> 1]):
                self._illegal(st, action)
            if not k & 1:
                self._forfeit(st, seat, card, k >> 1)
            if st.stage == 1:
                st.stage = 2
                st.actor = st.trade_seat
                return
            hands = st.hands
            for j in range(st.P):
                s = (st.crom + j) % st.P
                if not hands[s]:
                    self._go_out(st, s)
                    return
            self._to_end_lay(st)
            return
        if phase == GO_OUT:
            if not (self._lay_legal(st, st.hands[seat], action) and self._keeps_clearable(st, seat, action)):
                self._illegal(st, action)
            self._lay(st, seat, action)
            if not st.hands[seat]:
                self._go_out(st, seat)
            return
        self._illegal(st, action)

    def _illegal(self, st: State, action: int) -> None:
        raise ValueError(f"action {action} ({self.describe(st.prep, action)}) is not legal in phase "
                         f"{PHASE_NAMES[st.phase]} for seat {st.actor}")

    def _draw(self, st: State) -> None:
        """Refuse every offer (basic): draw, then discard the announced card, or go out without a
        discard when the whole hand can now be laid."""
        seat = st.crom
        if not st.stock and st.block:
            st.stock = st.block
            st.block = []
            st.rng.shuffle(st.stock)
        if not st.stock:
            self._to_end_lay(st)             # nothing to draw: no draw, no discard
            return
        d = st.stock.pop()
        bit = 1 << d
        st.hands[seat] |= bit
        st.held |= bit
        h = st.hands[seat]
        if self._can_lay(st, h) and self._clearable(st, h):
            st.phase = GO_OUT
            st.actor = seat
            st.no_discard = True
            return
        st.hands[seat] = h ^ (1 << st.announced)
        st.block.append(st.announced)
        self._to_end_lay(st)

    def _forfeit(self, st: State, seat: int, card: int, direction: int) -> None:
        """A wrong answer by `seat` about `card` received in the trade."""
        rights = st.prep.right[card][direction]
        hands = st.hands
        giver = st.trade_seat if seat == st.crom else st.crom
        bit = 1 << card
        target = giver
        own = 0
        for r in rights:
            own |= 1 << r
        if not hands[seat] & own:
            found = False
            for r in rights:
                rb = 1 << r
                for s in range(st.P):
                    if s != seat and hands[s] & rb:
                        target = s
                        found = True
                        break
                if found:
                    break
        hands[seat] ^= bit
        hands[target] |= bit

    def _go_out(self, st: State, seat: int) -> None:
        st.winner = seat
        st.phase = OVER
        st.actor = seat

    def scores(self, state: State) -> list[float]:
        """Cards laid, plus the cards left in the other hands: for every seat (scoring=everyone,
        the seed) or only for the seat that went out (scoring=out)."""
        st = state
        out = [float(x) for x in st.laid]
        left = [h.bit_count() for h in st.hands]
        total = sum(left)
        if st.prep.scoring == "everyone":
            if st.phase == OVER:
                for s in range(st.P):
                    out[s] += total - left[s]
        elif st.winner >= 0:
            out[st.winner] += total - left[st.winner]
        return out

    def length(self, state: State) -> int:
        """Turns played: the turn in progress counts (a stuck round stops between turns)."""
        st = state
        return st.turns if (st.phase == OVER and st.winner < 0) else st.turns + 1

    # -- the greedy bot --------------------------------------------------------------------------
    def greedy(self, state: State, rng: random.Random) -> Action:
        """A simple sensible player. A card "helps" its hand when another card of the same house
        within two places of it (in the house's order) is in the hand, or when it can be laid off.

        * Lay whenever possible: the longest sequence first, then lay offs.
        * Announce a card that helps nothing, else the one helping least.
        * Offer: one time in five a card of the hand at random (two players each hoarding half of
          a run would otherwise never trade); else a card that helps nothing (one at random if
          several); else the least helpful card if the announced card would help more; else pass.
        * Decide: accept the offer that helps most; if none helps, draw (basic) or take the most
          helpful one anyway (advanced, an offer must be accepted).
        * Answer right with probability `knowledge` (the state's generator), "before" or "after"
          at random where both exist.
        * Equally good choices (cards that help as little, offers that help as much, sequences as
          long, a card that fits two table sequences, lays that all go out) are broken at random
          with `rng`, never by card order."""
        st = state
        p = st.prep
        phase = st.phase
        seat = st.actor
        h = st.hands[seat]
        if phase == OFFER:
            r = rng.random()
            if r < EXPLORE:
                k = min(int(r * (1.0 / EXPLORE) * h.bit_count()), h.bit_count() - 1)   # the same draw, rescaled
                while k:
                    h &= h - 1
                    k -= 1
                return p.OFFER + (h & -h).bit_length() - 1
            nb = ((h << 1) & p.ok_l1) | ((h << 2) & p.ok_l2) | ((h >> 1) & p.ok_r1) | ((h >> 2) & p.ok_r2)
            zero = h & ~nb & ~st.ext_all
            if zero:
                return p.OFFER + _any_bit(zero, rng)
            near = p.near
            ties, best_u = 0, 99
            x = h
            while x:
                low = x & -x
                u = (h & near[low.bit_length() - 1]).bit_count()
                if u < best_u:
                    ties, best_u = low, u
                elif u == best_u:
                    ties |= low
                x ^= low
            best = _any_bit(ties, rng)
            if ((h & ~(1 << best)) & near[st.announced]).bit_count() > best_u:
                return p.OFFER + best
            return p.PASS
        if phase == ANNOUNCE:
            nb = ((h << 1) & p.ok_l1) | ((h << 2) & p.ok_l2) | ((h >> 1) & p.ok_r1) | ((h >> 2) & p.ok_r2)
            ext_all = st.ext_all
            zero = h & ~nb & ~ext_all
            if zero:
                return p.ANNOUNCE + _any_bit(zero, rng)
            near = p.near
            ties, best_u = 0, 99
            x = h
            while x:
                low = x & -x
                u = (h & near[low.bit_length() - 1]).bit_count() + (2 if ext_all & low else 0)
                if u < best_u:
                    ties, best_u = low, u
                elif u == best_u:
                    ties |= low
                x ^= low
            return p.ANNOUNCE + _any_bit(ties, rng)
        if phase == START_LAY or phase == END_LAY:
            for lo, full, runs in p.lay_houses:
                found = runs[(h >> lo) & full]
                if found:
                    # the longest; several as long (a joint reign, two runs) at random
                    if len(found) > 1:
                        seqs = p.seqs
                        size = seqs[found[0]].bit_count()
                        k = 1
                        while k < len(found) and seqs[found[k]].bit_count() == size:
                            k += 1
                        if k > 1:
                            return found[int(rng.random() * k)]
                    return found[0]
            x = h & st.ext_all
            if x:
                c = _any_bit(x, rng)
                bit = 1 << c
                fits = [j for j, e in enumerate(st.ext) if e & bit]
                j = fits[int(rng.random() * len(fits))] if len(fits) > 1 else fits[0]
                return p.LAYOFF + j * p.n + c
            return p.DONE
        if phase == DECIDE:
            rest = h & ~(1 << st.announced)
            ties, best_u = 0, 0 if not st.adv else -1
            ext_all = st.ext_all
            near = p.near
            for s in range(st.P):
                o = st.offers[s]
                if o < 0:
                    continue
                u = (rest & near[o]).bit_count() + (2 if ext_all >> o & 1 else 0)
                if u > best_u:
                    ties, best_u = 1 << s, u
                elif u == best_u and ties:
                    ties |= 1 << s
            if ties:
                return p.ACCEPT + _any_bit(ties, rng)
            return p.DRAW
        if phase == ANSWER:
            r = st.rng
            card = self._answer_card(st)
            b, a = p.has_dir[card]
            direction = (r.random() < 0.5) if (b and a) else (1 if a else 0)
            right = 1 if r.random() < p.knowledge else 0
            return p.ANSWER + 2 * direction + right
        if phase == GO_OUT:
            lays = self._go_out_lays(st)
            return lays[int(rng.random() * len(lays))] if len(lays) > 1 else lays[0]
        raise ValueError("the round is over")

    # -- what the metrics need -------------------------------------------------------------------
    def hand_sizes(self, state: State) -> list[int]:
        return [h.bit_count() for h in state.hands]

    def card_usage(self, state: State) -> tuple[int, int]:
        """held: every card that was in a hand; used: every card laid down or laid off."""
        return state.held, state.table_mask

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return list(prepared.groups)

    # -- helpers for people and tests --------------------------------------------------------------
    def describe(self, prepared: Prepared, action: int) -> str:
        p = prepared
        if 0 <= action < p.S:
            return "lay down " + "-".join(p.names[c] for c in _bits(p.seqs[action]))
        if p.LAYOFF <= action < p.DONE:
            j, c = divmod(action - p.LAYOFF, p.n)
            return f"lay off {p.names[c]} on table sequence {j}"
        if action == p.DONE:
            return "done laying"
        if p.ANNOUNCE <= action < p.ANNOUNCE + p.n:
            return f"announce {p.names[action - p.ANNOUNCE]}"
        if p.OFFER <= action < p.OFFER + p.n:
            return f"offer {p.names[action - p.OFFER]}"
        if action == p.PASS:
            return "pass"
        if p.ACCEPT <= action < p.ACCEPT + MAX_PLAYERS:
            return f"accept the offer of seat {action - p.ACCEPT}"
        if action == p.DRAW:
            return "draw"
        if p.ANSWER <= action < p.ANSWER + 4:
            k = action - p.ANSWER
            return f"answer {'after' if k >> 1 else 'before'}, {'right' if k & 1 else 'wrong'}"
        return "unknown action"

    def lay_down(self, prepared: Prepared, *names: str) -> int:
        """The action laying down the sequence of these monarchs (KeyError if it is no sequence)."""
        m = prepared.mask(*names)
        return prepared.seqs.index(m) if m in prepared.valid else self._no_seq(names)

    @staticmethod
    def _no_seq(names: Sequence[str]) -> int:
        raise KeyError("not a sequence: " + ", ".join(names))

    def lay_off(self, prepared: Prepared, name: str, table_index: int) -> int:
        return prepared.LAYOFF + table_index * prepared.n + prepared.index(name)

    def announce(self, prepared: Prepared, name: str) -> int:
        return prepared.ANNOUNCE + prepared.index(name)

    def offer(self, prepared: Prepared, name: str) -> int:
        return prepared.OFFER + prepared.index(name)

    def accept(self, prepared: Prepared, seat: int) -> int:
        return prepared.ACCEPT + seat

    def answer(self, prepared: Prepared, after: bool, right: bool) -> int:
        return prepared.ANSWER + 2 * int(after) + int(right)

    # -- invariants --------------------------------------------------------------------------------
    def check(self, state: State) -> None:
        st = state
        p = st.prep
        n = p.n
        assert 0 <= st.phase <= OVER, f"unknown phase {st.phase}"
        assert 0 <= st.crom < st.P and 0 <= st.actor < st.P
        # every card in exactly one place
        places = list(st.hands) + [st.table_mask, st.out_mask]
        seen = 0
        total = 0
        for m in places:
            assert m & ~p.all_mask == 0, "a place holds a card that does not exist"
            assert not seen & m, f"cards in two places: {_bits(seen & m)}"
            seen |= m
            total += m.bit_count()
        for pile, what in ((st.stock, "stock"), (st.block, "Block")):
            m = 0
            for c in pile:
                m |= 1 << c
            assert m.bit_count() == len(pile) and not m & ~p.all_mask, f"the {what} holds a card twice or a wrong card"
            assert not seen & m, f"cards in the {what} and elsewhere: {_bits(seen & m)}"
            seen |= m
            total += len(pile)
        assert seen == p.all_mask and total == n, \
            f"cards not conserved: {total} placed of {n}, missing {_bits(p.all_mask & ~seen)}"
        if st.adv:
            assert not st.stock and not st.block, "advanced play has no stock and no Block"
        # table
        acc = 0
        ext_all = 0
        assert len(st.table) == len(st.ext) and len(st.table) <= p.T
        for j, t in enumerate(st.table):
            assert t in p.valid, f"table sequence {j} is not a sequence: {[p.names[c] for c in _bits(t)]}"
            assert not acc & t, f"table sequence {j} shares cards with another"
            acc |= t
            assert st.ext[j] == p.ext_of(t), f"table sequence {j}: lay-off cards out of date"
            ext_all |= st.ext[j]
        assert acc == st.table_mask, "table mask out of date"
        assert ext_all == st.ext_all, "lay-off mask out of date"
        assert sum(st.laid) == st.table_mask.bit_count(), "ticks on the score sheet do not match the table"
        assert all(x >= 0 for x in st.laid)
        # hands: in basic play they change size only by laying (and by the drawn card while
        # going out without a discard)
        if not st.adv:
            for s, h in enumerate(st.hands):
                extra = 1 if (st.no_discard and s == st.crom) else 0
                assert h.bit_count() + st.laid[s] == st.dealt[s] + extra, \
                    f"seat {s}: {h.bit_count()} cards in hand and {st.laid[s]} laid, but {st.dealt[s]} were dealt"
        hands_all = 0
        for h in st.hands:
            hands_all |= h
        assert hands_all & ~st.held == 0, "a card in a hand was never recorded as held"
        assert st.table_mask & ~st.held == 0, "a laid card was never held"
        if st.phase == OVER:
            if st.winner >= 0:
                assert st.hands[st.winner] == 0, "the winner still holds cards"
            else:
                assert st.stalled >= 0 and p.stalemate == "stop", "the round ended with nobody out"
            sc = self.scores(st)
            assert all(0 <= x <= n for x in sc), f"score out of bounds: {sc}"
            left = sum(h.bit_count() for h in st.hands)
            if p.scoring == "everyone":      # each hand's cards count for every other seat
                assert sum(sc) == sum(st.laid) + (st.P - 1) * left, f"scores {sc} do not add up"
            else:                            # they count once, for the seat that went out
                assert sum(sc) == sum(st.laid) + (left if st.winner >= 0 else 0) <= n, f"scores {sc} do not add up"
            return
        assert st.winner < 0
        if not (st.phase == ANSWER and st.stage == 2):   # hands are looked at after both answers
            assert all(st.hands), "a player has no cards but the round goes on"
        phase = st.phase
        if phase in (START_LAY, ANNOUNCE, DECIDE, GO_OUT, END_LAY):
            assert st.actor == st.crom
        if phase in (START_LAY, END_LAY):
            assert self._can_lay(st, st.hands[st.crom]), "a lay phase with nothing to lay"
        if phase in (OFFER, DECIDE):
            assert st.hands[st.crom] >> st.announced & 1, "the announced card is not in the Cromwell's hand"
            assert st.offers[st.crom] < 0
            for s, o in enumerate(st.offers):
                if o >= 0:
                    assert st.hands[s] >> o & 1, f"seat {s} offered a card it does not hold"
        if phase == OFFER:
            assert st.actor != st.crom
        if phase == DECIDE:
            assert any(o >= 0 for o in st.offers), "deciding with no offer"
        assert st.no_discard == (phase == GO_OUT), "going out without a discard outside that phase"
        if phase == GO_OUT:
            assert self._clearable(st, st.hands[st.crom]), "going out but the hand cannot be laid"
        if phase == ANSWER:
            assert st.adv and st.stage in (1, 2)
            assert st.actor == (st.crom if st.stage == 1 else st.trade_seat)
        if phase == ANSWER:
            card = self._answer_card(st)
            assert st.hands[st.actor] >> card & 1, "the answerer does not hold the card answered about"
