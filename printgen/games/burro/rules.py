"""Burro, the donkey game (seed 002 and decks/spanish/rules/burro.md), as an engine Game.

One engine game is a whole game of Burro: hands are dealt and played out until a player has
all five letters of B-U-R-R-O; the game's length is counted in hands. A hand: deal four cards
each (five in the Portuguese variant), the rest is the stock; the player left of the dealer leads;
each other player still holding cards follows suit, drawing from the stock until they can, and
passes when the stock is empty; the highest card of the led suit wins and leads the next trick (or,
when the winner has just played their last card, the next holder on their left). A player with no
cards is out of the hand; the moment only one player holds cards, that player takes a letter.
With the fewest letters tied at the end, the tied players play a deciding hand, which the first of
them to run out of cards wins (the rule sheet's clarification; `-O decider=share` lets them share).

Decisions are ints: a card index (play it) or DRAW (the Portuguese variant: draw again although
a card of the led suit is already in hand, allowed once a player has started drawing). Drawing
until a card of the led suit comes, passing, and a play with only one legal card are done by the
game itself, so bots and the step count see real choices only.

Variants: basic (the 48-card pack), basic40 (the same rules with the 40-card pack) and portuguese
(40 cards, deal five, may keep drawing); `-O pack=`, `deal=` and `keep_drawing=` change them.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.files.errors import UserError
from printgen.games.burro.tables import DRAW, FOLLOW, LEAD, LETTERS, OVER, VARIANTS, Prepared
from printgen.games.common.names import distinct_names
from printgen.games.common.suited import compile_suited, pack_deck
from printgen.model.deck import Deck
from printgen.sim.engine import Action, Game


class State:
    """One game. hand[p][s] lists seat p's cards of suit s; count[p] their number. The trick in
    progress: `leader`, `led` suit (-1 before the lead), the best place in the led suit so far and
    who played it. `gone` holds the cards played this hand (the current trick included). What play
has shown every seat of the hands: void[p] has bit s set while seat p is known to hold no card of
suit s (it could not follow s and has drawn nothing since that could be one), and `single` is the
seat that has just drawn the led suit's first card and may draw again (the Portuguese game): it
holds exactly one card of that suit. Why kept in the state: a search player deals the hidden cards
again (burro/hidden.py) and must not hand a seat cards play has shown it lacks."""

    __slots__ = ("prep", "rng", "n", "letters", "dealer", "hand", "count", "stock", "gone", "phase", "actor",
                 "leader", "led", "best", "winner", "drew", "holders", "deciding", "decided", "hands",
                 "stockouts", "passes", "stock_out", "passed", "max_hand", "tricks", "longest", "held", "used",
                 "start", "dealt", "early", "earlies", "total", "given", "found_drawing", "tied_end", "void",
                 "single")

    def __init__(self, prep: Prepared, players: int, rng: random.Random):
        self.prep = prep
        self.rng = rng
        self.n = players
        self.letters = [0] * players
        self.dealer = players - 1
        self.hand: list[list[list[int]]] = []
        self.count = [0] * players
        self.stock: list[int] = []
        self.gone: list[int] = []
        self.phase = LEAD
        self.actor = 0
        self.leader = 0
        self.led = -1
        self.best = -1
        self.winner = -1
        self.drew = False           # the actor has drawn this trick (Portuguese: may draw again)
        self.holders = 0
        self.deciding = False
        self.decided = -1           # who won the deciding hand
        self.found_drawing = 0      # 1 once a drawing player found the led suit with stock left (-O keep_drawing)
        self.tied_end = 0           # 1 when the fewest letters were tied at the end (-O decider)
        self.hands = 0              # hands finished
        self.stockouts = 0          # hands in which the stock ran out
        self.passes = 0             # hands in which a player passed
        self.stock_out = False
        self.passed = False
        self.max_hand = 0
        self.tricks = 0
        self.longest = 0            # the most tricks in one hand
        self.held = 0
        self.used = 0
        self.start: list[int] = []
        self.dealt = 0              # players dealt into this hand
        self.early = False          # the stock ran out this hand while every player still held cards
        self.earlies = 0            # hands in which it did
        self.total = prep.cards.n   # cards in the hand (a scripted hand may leave some out)
        self.given = 0              # letters a scripted game starts with
        self.void = [0] * players   # suits each seat is known to lack (bits), this hand
        self.single = -1            # the seat known to hold exactly one card of the led suit, or -1

    def __str__(self) -> str:
        """The game as the players see the table: whose turn and why, each seat's letters and hand
        (by suit, low to high), the stock and the trick; for playthroughs and debugging."""
        cards = self.prep.cards
        names = distinct_names(cards.names)
        kind = "deciding hand" if self.deciding else "hand"
        if self.phase == OVER:
            lines = [f"game over after {self.hands} hands"]
        elif self.phase == LEAD:
            lines = [f"{kind} {self.hands + 1}, seat {self.actor} to lead"]
        else:
            lines = [f"{kind} {self.hands + 1}, seat {self.actor} to follow {cards.suit_names[self.led]}"
                     f" (best so far: {names[cards.at[self.led][self.best]]} by seat {self.winner})"]
        for p in range(self.n):
            held = [names[c] for suit in self.hand[p] for c in sorted(suit, key=cards.pos.__getitem__)]
            lines.append(f"  seat {p}: letters {'BURRO'[:self.letters[p]] or '-'}; "
                         f"hand {', '.join(held) if held else '-'}")
        lines.append(f"  stock {len(self.stock)} cards; played this hand {len(self.gone)}")
        return "\n".join(lines)


class BurroRules(Game[Prepared, State]):
    """The play of Burro: the deal, the tricks, drawing and passing, the letters."""

    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in VARIANTS:
            raise UserError(f"Burro has no variant '{variant}'", hint="variants: " + ", ".join(VARIANTS))
        chosen = self.read_options(variant, options)
        cards = compile_suited(pack_deck(deck, chosen, None, "Burro"), "Burro")
        return Prepared(cards, chosen["deal"], chosen["keep_drawing"] == "yes", chosen["decider"], chosen, variant)

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        return tuple(n for n in self.players if n * prepared.deal <= prepared.cards.n)

    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players not in self.player_counts(prepared):
            raise UserError(f"Burro with {prepared.deal} cards each is for 2 to "
                            f"{max(self.player_counts(prepared))} players, not {players}")
        st = State(prepared, players, rng)
        self._new_hand(st, list(range(players)))
        st.start = list(st.count)
        self._advance(st)
        return st

    def deal(self, prepared: Prepared, hands: list[list[str]], stock: list[str], dealer: int = -1,
             letters: list[int] | None = None) -> State:
        """A scripted hand (tests, examples): the hands by card name in seat order, the stock top
        first. Seat 0 leads unless `dealer` says otherwise."""
        cards = prepared.cards
        players = len(hands)
        st = State(prepared, players, random.Random(0))
        st.dealer = dealer % players
        if letters:
            st.letters = list(letters)
            st.given = sum(letters)
        st.total = sum(len(h) for h in hands) + len(stock)
        self._lay(st, [[cards.index(c) for c in h] for h in hands], [cards.index(c) for c in stock][::-1])
        st.start = list(st.count)
        self._advance(st)
        return st

    def _new_hand(self, st: State, seats: list[int]) -> None:
        st.total = st.prep.cards.n
        rnd = st.rng.random
        keys = [rnd() for _ in range(st.prep.cards.n)]
        order = sorted(range(st.prep.cards.n), key=keys.__getitem__)      # a shuffle, in fewer calls
        d = st.prep.deal
        hands: list[list[int]] = [[] for _ in range(st.n)]
        for i, seat in enumerate(seats):
            hands[seat] = order[i * d:(i + 1) * d]
        self._lay(st, hands, order[len(seats) * d:])

    def _lay(self, st: State, hands: list[list[int]], stock: list[int]) -> None:
        """Start a hand from these hands and stock (its top is the last card)."""
        suit = st.prep.cards.suit
        st.hand = [[[], [], [], []] for _ in range(st.n)]
        for p, cards in enumerate(hands):
            for c in cards:
                st.hand[p][suit[c]].append(c)
                st.held |= 1 << c
            st.count[p] = len(cards)
            st.max_hand = max(st.max_hand, len(cards))
        st.stock = list(stock)
        st.gone = []
        st.holders = st.dealt = sum(1 for k in st.count if k)
        st.stock_out = st.passed = st.early = False
        st.tricks = 0
        st.void = [0] * st.n
        st.single = -1
        leader = (st.dealer + 1) % st.n
        while not st.count[leader]:
            leader = (leader + 1) % st.n
        self._lead(st, leader)

    def _lead(self, st: State, seat: int) -> None:
        st.phase = LEAD
        st.actor = st.leader = seat
        st.led = st.best = st.winner = -1
        st.drew = False

    def to_act(self, state: State) -> int:
        return state.actor

    def legal(self, state: State) -> list[Action]:
        if state.phase == LEAD:
            h = state.hand[state.actor]
            return h[0] + h[1] + h[2] + h[3]
        if state.phase == FOLLOW:
            out = list(state.hand[state.actor][state.led])
            if state.drew and state.stock and state.prep.keep_drawing:
                out.append(DRAW)
            return out
        return []

    def num_actions(self, prepared: Prepared, players: int) -> int:
        """Card indices and DRAW, the highest."""
        return DRAW + 1

    def action_name(self, state: State, action: Action) -> str:
        """'play Rey de Oros', or 'draw again' (the Portuguese game)."""
        return "draw again" if action == DRAW else f"play {distinct_names(state.prep.cards.names)[action]}"

    def apply(self, state: State, action: Action) -> None:
        st = state
        if st.phase == OVER:
            raise ValueError("the game is over")
        if action == DRAW:
            if not (st.phase == FOLLOW and st.drew and st.stock and st.prep.keep_drawing):
                raise ValueError("no drawing now")
            self._draw_one(st, st.actor)
            st.void[st.actor] = 0           # the card drawn may be of any suit, the one it lacked too
            st.single = -1
            self._advance(st)
            return
        cards = st.prep.cards
        if not 0 <= action < cards.n:
            raise ValueError(f"no card {action}")
        s = cards.suit[action]
        mine = st.hand[st.actor][s]
        if action not in mine or (st.phase == FOLLOW and s != st.led):
            raise ValueError(f"card {action} cannot be played now")
        self._play(st, action)
        self._advance(st)

    def _draw_one(self, st: State, p: int) -> int:
        c = st.stock.pop()
        st.hand[p][st.prep.cards.suit[c]].append(c)
        st.held |= 1 << c
        k = st.count[p] = st.count[p] + 1
        if k > st.max_hand:
            st.max_hand = k
        if not st.stock:
            st.stock_out = True
            st.early = st.early or st.holders == st.dealt
        st.drew = True
        return c

    def _play(self, st: State, c: int) -> None:
        """Seat `actor` plays card c; the hand or the game may end with it."""
        p = st.actor
        cards = st.prep.cards
        s = cards.suit[c]
        st.hand[p][s].remove(c)
        st.used |= 1 << c
        st.gone.append(c)
        if st.led < 0:
            st.led, st.best, st.winner = s, cards.pos[c], p
            st.phase = FOLLOW
        elif s == st.led and cards.pos[c] > st.best:
            st.best, st.winner = cards.pos[c], p
        st.drew = False
        if st.single == p:                  # its only card of the led suit, drawn this trick
            st.void[p] |= 1 << s
            st.single = -1
        st.count[p] -= 1
        if not st.count[p]:
            self._out(st, p)

    def _out(self, st: State, p: int) -> None:
        """Seat p has played their last card: out of the hand, which may end with it."""
        st.holders -= 1
        if st.deciding:
            st.decided = p
            self._end_hand(st, -1)
        elif st.holders == 1:
            self._end_hand(st, next(q for q in range(st.n) if st.count[q]))

    def _advance(self, st: State) -> None:
        """Move on to the next real decision: the next player of the trick (drawing, passing or
        playing their only card for them), the next trick, hand or game. The common steps (a
        follower with one card of the led suit) are played here without further calls."""
        cards = st.prep.cards
        suit, pos = cards.suit, cards.pos
        keep = st.prep.keep_drawing
        n = st.n
        count = st.count
        while st.phase != OVER:
            if st.phase == LEAD:
                if count[st.actor] == 1:
                    self._play(st, next(x[0] for x in st.hand[st.actor] if x))
                    continue
                return
            if st.drew:                     # a Portuguese player who may draw again
                if st.stock:
                    return
                st.drew = False
                led = st.hand[st.actor][st.led]
                if len(led) == 1:
                    self._play(st, led[0])
                    continue
                return
            # the next player of the trick after the actor
            leader = st.leader
            seat = st.actor + 1
            if seat == n:
                seat = 0
            while seat != leader and not count[seat]:
                seat = seat + 1 if seat + 1 < n else 0
            if seat == leader:
                self._end_trick(st)
                continue
            st.actor = seat
            led = st.hand[seat][st.led]
            if not led:
                stock = st.stock
                target = st.led
                before = count[seat]
                while stock:
                    c = stock.pop()
                    st.hand[seat][suit[c]].append(c)
                    st.held |= 1 << c
                    count[seat] += 1
                    if suit[c] == target:
                        break
                if count[seat] > st.max_hand:
                    st.max_hand = count[seat]
                if not stock:
                    st.stock_out = True
                    st.early = st.early or st.holders == st.dealt
                # it lacked the led suit, and every card drawn but a last one of that suit is of
                # another suit: a suit it lacked before is still lacking only if it drew no such card
                drawn = count[seat] - before
                kept = st.void[seat] if drawn <= (1 if led else 0) else 0
                if not led:                 # the stock ran out: pass
                    st.void[seat] = kept | 1 << target
                    st.passed = True
                    continue
                st.found_drawing = 1 if stock else st.found_drawing
                if keep and stock:
                    st.void[seat] = kept & ~(1 << target)
                    st.single = seat
                    st.drew = True
                    return                  # play the card found, or keep drawing
                st.void[seat] = kept | 1 << target     # its one card of the suit is played just below
            if len(led) == 1:               # the only card of the led suit: play it
                c = led.pop()
                st.used |= 1 << c
                st.gone.append(c)
                if pos[c] > st.best:
                    st.best, st.winner = pos[c], seat
                count[seat] -= 1
                if not count[seat]:
                    self._out(st, seat)
                continue
            return

    def _end_trick(self, st: State) -> None:
        st.tricks += 1
        seat = st.winner
        while not st.count[seat]:
            seat = (seat + 1) % st.n
        self._lead(st, seat)

    def _end_hand(self, st: State, burro: int) -> None:
        st.hands += 1
        st.stockouts += st.stock_out
        st.passes += st.passed
        st.earlies += st.early
        st.tricks += 1
        if st.tricks > st.longest:
            st.longest = st.tricks
        if st.deciding:
            st.phase = OVER
            return
        st.letters[burro] += 1
        st.dealer = (st.dealer + 1) % st.n
        if st.letters[burro] >= LETTERS:
            low = min(st.letters)
            tied = [q for q in range(st.n) if st.letters[q] == low]
            st.tied_end = int(len(tied) > 1)
            if len(tied) == 1 or st.prep.decider == "share":
                st.phase = OVER
                return
            st.deciding = True
            self._new_hand(st, tied)
            return
        self._new_hand(st, list(range(st.n)))

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[float]:
        """Letters still missing (5 - letters), half a point more for the winner of a deciding hand."""
        return [float(LETTERS - k) + (0.5 if p == state.decided else 0.0) for p, k in enumerate(state.letters)]

    def check(self, state: State) -> None:
        st = state
        cards = st.prep.cards
        where = [0] * cards.n
        for p in range(st.n):
            assert st.count[p] == sum(len(x) for x in st.hand[p]), f"seat {p}: count {st.count[p]} is wrong"
            for s in range(4):
                for c in st.hand[p][s]:
                    assert cards.suit[c] == s, f"seat {p}: card {c} in the wrong suit"
                    where[c] += 1
        for c in st.stock + st.gone:
            where[c] += 1
        bad = [c for c in range(cards.n) if where[c] > 1]
        assert not bad, f"cards in two places: {bad}"
        assert sum(where) == st.total, f"{sum(where)} cards in the hand, not {st.total}"
        assert sum(st.letters) == st.given + st.hands - (st.decided >= 0), "one letter per hand but the deciding one"
        assert all(0 <= k <= LETTERS for k in st.letters)
        if st.phase != OVER:
            assert st.count[st.actor] > 0, "the player to act holds no cards"
            assert st.holders == sum(1 for k in st.count if k) and st.holders >= 1 + (not st.deciding)
            if st.phase == FOLLOW:
                assert st.hand[st.actor][st.led], "the follower cannot follow"
            for p in range(st.n):
                lacking = [s for s in range(4) if st.void[p] >> s & 1 and st.hand[p][s]]
                assert not lacking, f"seat {p} holds cards of suits {lacking} play has shown it lacks"
            if st.single >= 0:
                assert len(st.hand[st.single][st.led]) == 1, "the seat that drew holds not one card of the suit"
