"""Cromwell's precomputed tables (cards, houses, sequences, timeline) and the state of a round.

See the package docstring (printgen/games/cromwell/__init__.py) for how cards are numbered and
what makes monarchs consecutive."""

from __future__ import annotations

import random

from printgen.games.common.names import distinct_names
from printgen.sim.options import Option

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MIN_HAND = 3                  # a deal must give each player at least this many cards
SMALL_HAND, LARGE_HAND = 5, 10
TARGET_HAND = 7               # "hands of about seven cards play best"
NEAR = 2                      # a card "helps" another of its house within this many places
EXPLORE = 0.2                 # greedy: chance of offering a card at random
DEFAULT_KNOWLEDGE = 0.8
STALEMATE = ("play", "stop")
SCORING = ("everyone", "out")
EVEN_UP = ("auto", "give", "stock")
LEAVE_OUT = ("latest", "earliest", "none")
TESTS = ("reign", "house")
FORFEITS = ("card", "trade")
# -O options, each with its default (the rule sheet's reading) and what it means: prepare() reads
# them through Game.read_options, and `printgen list` shows them.
OPTIONS = (
    Option("houses", None, "all", "the houses whose monarchs are dealt: one name, a list (Tudor,Stuart) or a range "
                                  "(Plantagenet..Hanover)"),
    Option("knowledge", None, DEFAULT_KNOWLEDGE, "a number from 0 to 1: how often the greedy bot answers the advanced "
                                                 "game's question right (before-or-after, or with test=house the "
                                                 "card's house)"),
    Option("even_up", EVEN_UP, "auto", "basic game, when the deal comes out uneven: give, each short hand takes a card "
                                       "from the stock; stock, each long hand puts its last card into the stock; auto, "
                                       "whichever moves fewer cards"),
    Option("leave_out", LEAVE_OUT, "latest", "advanced game: which monarchs (by reign) are taken out so every hand is "
                                             "the same size; none deals uneven hands instead"),
    Option("stalemate", STALEMATE, "stop", "stop: a round in which nobody can ever lay again ends there (the rule "
                                           "sheet's stuck round); play: it goes on to the step cap, to study that gap"),
    Option("test", TESTS, "reign", "advanced game, the question a player receiving a card answers: reign, the "
                                   "monarch just before or after it (the rule sheet); house, its house, named "
                                   "before the card is turned over (a variant testing what the deck teaches; a wrong "
                                   "answer sends the card back)"),
    Option("forfeit", FORFEITS, "card", "advanced game, after a wrong answer: card, the answerer loses the card it "
                                        "received (to the holder of the right monarch, else back to its giver; the "
                                        "rule sheet); trade, the trade is called off and both cards go back, so hands "
                                        "shrink only by laying (and a round in which nobody can ever lay again is "
                                        "stuck, as in the basic game)"),
    Option("scoring", SCORING, "everyone", "everyone: each player scores the cards they laid and those left in the "
                                           "other hands; out: only the player who went out scores the other hands"),
)

# phases
START_LAY, ANNOUNCE, OFFER, DECIDE, GO_OUT, ANSWER, END_LAY, OVER = range(8)
PHASE_NAMES = ("start lay", "announce", "offer", "decide", "go out", "answer", "end lay", "over")
LAY_PHASES = (START_LAY, END_LAY)      # the Cromwell lays at the start and at the end of a turn


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


def describe(prepared: Prepared, action: int) -> str:
    """An action of this prepared deck in words: 'lay down Henry IV-Henry V-Henry VI', 'offer Anne'.
    Here beside the action bases it reads, because the rules (naming an illegal action) and the
    helpers for people and tests both need it, and an action says all it does without the state."""
    p = prepared
    names = distinct_names(p.names)
    if 0 <= action < p.S:
        return "lay down " + "-".join(names[c] for c in _bits(p.seqs[action]))
    if p.LAYOFF <= action < p.DONE:
        j, c = divmod(action - p.LAYOFF, p.n)
        return f"lay off {names[c]} on table sequence {j}"
    if action == p.DONE:
        return "done laying"
    if p.ANNOUNCE <= action < p.ANNOUNCE + p.n:
        return f"announce {names[action - p.ANNOUNCE]}"
    if p.OFFER <= action < p.OFFER + p.n:
        return f"offer {names[action - p.OFFER]}"
    if action == p.PASS:
        return "pass"
    if p.ACCEPT <= action < p.ACCEPT + MAX_PLAYERS:
        return f"accept the offer of seat {action - p.ACCEPT}"
    if action == p.DRAW:
        return "draw"
    if p.ANSWER <= action < p.ANSWER + 4:
        k = action - p.ANSWER
        if p.test == "house":
            return f"answer the house, {'right' if k & 1 else 'wrong'}"
        return f"answer {'after' if k >> 1 else 'before'}, {'right' if k & 1 else 'wrong'}"
    return "unknown action"


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
        self.test = "reign"
        self.forfeit = "card"
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
        self.name_clues: object = None         # what names alone tell the pupil (pupil.py), made when first asked
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
                 "winner", "rng", "out_mask", "turns", "stalled", "dealt", "no_discard", "shown", "pool",
                 "wrongs")

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
        # what every player has been shown (hidden.py): per seat, the cards of its hand named or
        # shown in play (announced, offered, received in a trade, shown after a wrong answer), and
        # the cards the stock can hold (every card until the Block, seen face up, becomes the stock)
        self.shown = [0] * players
        self.pool = prep.all_mask
        self.wrongs = 0             # advanced: wrong answers so far (the situation forfeit= governs)

    def __str__(self) -> str:
        """The round as the players see it: who holds the Cromwell card and who decides what, each
        hand (house by house, in reign order) with its score-sheet ticks and offer, the sequences
        on the table, the Block and the stock; for playthroughs and debugging."""
        names = distinct_names(self.prep.names)
        trading = self.phase in (OFFER, DECIDE) and self.announced >= 0     # offers and the announced card stand
        received = self.offers[self.trade_seat] if self.stage == 1 else self.announced     # answered about (ANSWER)
        if self.phase == OVER:
            lines = [f"round over after {self.turns} turns"
                     + (f", seat {self.winner} went out" if self.winner >= 0 else "")]
        else:
            lines = [f"turn {self.turns + 1}, seat {self.crom} holds the Cromwell; seat {self.actor} to "
                     f"{PHASE_NAMES[self.phase]}" + (f" (announced {names[self.announced]})" if trading else "")
                     + (f" about {names[received]}" if self.phase == ANSWER else "")]
        for s in range(self.P):
            offer = f"; offers {names[self.offers[s]]}" if trading and self.offers[s] >= 0 else ""
            held = ", ".join(names[c] for c in _bits(self.hands[s])) or "-"
            lines.append(f"  seat {s}: laid {self.laid[s]}; hand {held}{offer}")
        for j, seq in enumerate(self.table):
            lines.append(f"  table sequence {j}: {'-'.join(names[c] for c in _bits(seq))}")
        block = ", ".join(names[c] for c in self.block) or "-"
        lines.append(f"  Block {block}; stock {len(self.stock)} cards")
        return "\n".join(lines)
