"""Casita Robada, steal the little house (seed 002 and decks/spanish/rules/casita-robada.md).

Two to four players, the 40-card pack. Deal four cards each and four face up to the middle; in
turn each player plays one card: when it has the rank of the top card of another player's
casita (their pile of captured cards), they take that whole pile instead of capturing from the
middle; otherwise they capture every middle card of its rank; otherwise the card stays in the
middle. Captured cards go face up on the player's casita with the played card on top. When the
hands are empty, four more each (none to the middle); when the stock cannot give everyone four,
what is left is shared out equally (the rule sheet's clarification; with a pack that does not
share equally the odd cards go to the middle). At the end the middle goes to the last player who
captured or stole; the most cards wins, a tie is shared.

Decisions are ints: card c (played to capture or to stay) is c; card c stealing from seat t is
c + n * (1 + t), n the number of cards. Stealing is compulsory when possible (the rule sheet:
"instead of"); `-O steal=may` lets the player capture from the middle instead (the other
reading). A player with one card left plays it without a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from printgen.files.errors import UserError
from printgen.games.casita.tables import DEAL, Prepared
from printgen.games.common.names import distinct_names
from printgen.games.common.suited import compile_suited, pack_deck
from printgen.model.deck import Deck
from printgen.sim.engine import Action, Game


class State:
    """hand[p]: cards in seat p's hand; middle[r]: middle cards of rank place r; pile[p]: seat p's
    casita, bottom first (its top is the last card, its rank top[p], -1 when empty)."""

    __slots__ = ("prep", "n", "hand", "middle", "pile", "top", "stock", "actor", "last", "over", "turns",
                 "steals", "stolen", "captures", "held", "used", "start", "seen", "total", "cache", "could_steal")

    def __init__(self, prep: Prepared, players: int):
        self.prep = prep
        self.n = players
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.middle: list[list[int]] = [[] for _ in prep.cards.ranks]
        self.pile: list[list[int]] = [[] for _ in range(players)]
        self.top = [-1] * players
        self.stock: list[int] = []
        self.actor = 0
        self.last = -1              # the last seat to capture or steal
        self.over = False
        self.turns = 0
        self.steals = [0] * players
        self.stolen = 0             # cards taken by steals
        self.captures = 0
        self.held = 0
        self.used = 0
        self.start: list[int] = []
        self.seen = [0] * len(prep.cards.ranks)     # cards of each rank played so far
        self.total = prep.cards.n                   # cards in the game (a scripted one may leave some out)
        self.cache: list[int] | None = None         # legal actions of the actor, until the next play
        self.could_steal = 0        # turns in which a card in hand could steal (-O steal's situation)

    def __str__(self) -> str:
        """The table as the players see it: whose turn, each hand and casita (its size and the card
        on top, the one a steal must match), the middle by rank and the stock; for playthroughs."""
        names = distinct_names(self.prep.cards.names)
        lines = [f"game over after {self.turns} turns" if self.over
                 else f"turn {self.turns + 1}, seat {self.actor} to play"]
        for p in range(self.n):
            held = ", ".join(names[c] for c in self.hand[p]) or "-"
            house = f"{len(self.pile[p])} cards, {names[self.pile[p][-1]]} on top" if self.pile[p] else "empty"
            lines.append(f"  seat {p}: hand {held}; casita {house}")
        middle = ", ".join(names[c] for rank in self.middle for c in rank) or "-"
        lines.append(f"  middle {middle}; stock {len(self.stock)} cards")
        return "\n".join(lines)


class CasitaRules(Game[Prepared, State]):
    """The play of Casita Robada: the deals, capturing, stealing a casita, the end."""

    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in self.variants:
            raise UserError(f"Casita Robada has no variant '{variant}'", hint="variants: basic")
        chosen = self.read_options(variant, options)
        cards = compile_suited(pack_deck(deck, chosen, None, "Casita Robada"), "Casita Robada")
        return Prepared(cards, chosen["steal"] == "may", chosen)

    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players not in (2, 3, 4):
            raise UserError(f"Casita Robada is for 2 to 4 players, not {players}")
        rnd = rng.random
        keys = [rnd() for _ in range(prepared.cards.n)]
        order = sorted(range(prepared.cards.n), key=keys.__getitem__)      # a shuffle, in fewer calls
        return self._start(prepared, players, order)

    def deal(self, prepared: Prepared, hands: list[list[str]], middle: list[str], stock: Sequence[str] = (),
             piles: list[list[str]] | None = None) -> State:
        """A scripted position: hands, middle and casitas (bottom first) by card name; the stock top
        first; every other card is left out of the game. Seat 0 plays first."""
        idx = prepared.cards.index
        st = State(prepared, len(hands))
        st.hand = [[idx(c) for c in h] for h in hands]
        for name in middle:
            st.middle[prepared.cards.pos[idx(name)]].append(idx(name))
        for p, pile in enumerate(piles or []):
            st.pile[p] = [idx(c) for c in pile]
            st.top[p] = prepared.cards.pos[st.pile[p][-1]] if pile else -1
        st.stock = [idx(c) for c in stock][::-1]
        for h in st.hand:
            for c in h:
                st.held |= 1 << c
        st.start = [len(h) for h in st.hand]
        st.total = sum(st.start) + len(middle) + len(stock) + sum(len(p) for p in st.pile)
        self._settle(st)
        return st

    def _start(self, prepared: Prepared, players: int, order: list[int]) -> State:
        st = State(prepared, players)
        pos = prepared.cards.pos
        for c in order[:DEAL]:
            st.middle[pos[c]].append(c)
        st.stock = order[DEAL:]
        self._deal(st)
        st.start = [len(h) for h in st.hand]
        self._settle(st)
        return st

    def _deal(self, st: State) -> None:
        """Four each, or an equal share of what is left (odd cards to the middle)."""
        st.cache = None
        n = st.n
        each = DEAL if len(st.stock) >= DEAL * n else len(st.stock) // n
        stock = st.stock
        for p in range(n):
            cards = stock[-each:] if each else []
            del stock[len(stock) - each:]
            st.hand[p] = cards
            for c in cards:
                st.held |= 1 << c
        if len(stock) < n:          # cannot be shared: to the middle
            pos = st.prep.cards.pos
            while stock:
                c = stock.pop()
                st.middle[pos[c]].append(c)

    def _settle(self, st: State) -> None:
        """Deal again when every hand is empty; end the game when nothing is left to deal; play a
        lone last card for its holder when it has only one way to go."""
        while True:
            if not st.hand[st.actor]:
                if any(st.hand):
                    st.actor = (st.actor + 1) % st.n
                    continue
                if st.stock:
                    self._deal(st)
                    if any(st.hand):
                        continue
                self._finish(st)
                return
            if len(st.hand[st.actor]) == 1:
                options = self.legal(st)
                if len(options) == 1:
                    self._play(st, options[0])
                    continue
            return

    def _finish(self, st: State) -> None:
        rest = [c for m in st.middle for c in m]
        if rest and st.last >= 0:
            st.pile[st.last][:0] = rest         # under the casita: its top card stays on top
            for m in st.middle:
                m.clear()
        st.over = True

    def to_act(self, state: State) -> int:
        return state.actor

    def num_actions(self, prepared: Prepared, players: int) -> int:
        """A card played (its index), or played to steal seat t's casita (index + cards * (1 + t))."""
        return prepared.cards.n * (1 + players)

    def action_name(self, state: State, action: Action) -> str:
        """'play Siete de Copas', or 'steal seat 2's casita with Siete de Copas'."""
        names = distinct_names(state.prep.cards.names)
        owner, card = divmod(action, len(names))
        return f"play {names[card]}" if owner == 0 else f"steal seat {owner - 1}'s casita with {names[card]}"

    def legal(self, state: State) -> list[Action]:
        st = state
        if st.cache is not None:
            return st.cache
        if st.over:
            return []
        me = st.actor
        top = st.top
        tops = [t for t in range(st.n) if t != me and top[t] >= 0]
        if not tops:
            st.cache = list(st.hand[me])
            return st.cache
        pos = st.prep.cards.pos
        n_cards = len(pos)
        may = st.prep.steal_may
        out = []
        any_steal = False
        for c in st.hand[me]:
            r = pos[c]
            stealing = False
            for t in tops:
                if top[t] == r:
                    out.append(c + n_cards * (1 + t))
                    stealing = True
            if not stealing or may:
                out.append(c)
            any_steal |= stealing
        st.could_steal += any_steal         # counted once a turn: the cache holds until the next play
        st.cache = out
        return out

    def apply(self, state: State, action: Action) -> None:
        legal = state.cache if state.cache is not None else self.legal(state)
        if state.over or action not in legal:
            raise ValueError(f"action {action} is not legal now")
        self._play(state, action)
        if len(state.hand[state.actor]) < 2:
            self._settle(state)

    def _play(self, st: State, action: Action) -> None:
        st.cache = None
        pos = st.prep.cards.pos
        n_cards = len(pos)
        me = st.actor
        if action < n_cards:
            c, target = action, -1
        else:
            c, target = action % n_cards, action // n_cards - 1
        r = pos[c]
        st.hand[me].remove(c)
        st.used |= 1 << c
        st.seen[r] += 1
        st.turns += 1
        if target >= 0:
            pile = st.pile[me]
            taken = st.pile[target]
            st.stolen += len(taken)
            st.steals[me] += 1
            pile.extend(taken)
            st.pile[target] = []
            st.top[target] = -1
            pile.append(c)
            st.top[me] = r
            st.last = me
        else:
            middle = st.middle[r]
            if middle:
                st.captures += 1
                pile = st.pile[me]
                pile.extend(middle)
                middle.clear()
                pile.append(c)
                st.top[me] = r
                st.last = me
            else:
                middle.append(c)
        st.actor = me + 1 if me + 1 < st.n else 0

    def is_over(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> list[float]:
        return [float(len(p)) for p in state.pile]

    def check(self, state: State) -> None:
        st = state
        cards = st.prep.cards
        where = [0] * cards.n
        places = [c for h in st.hand for c in h] + [c for m in st.middle for c in m] + \
            [c for p in st.pile for c in p] + st.stock
        for c in places:
            where[c] += 1
        assert all(w <= 1 for w in where), "a card in two places"
        assert len(places) == st.total, f"{len(places)} cards in the game, not {st.total}"
        for r, m in enumerate(st.middle):
            assert all(cards.pos[c] == r for c in m), "a middle card under the wrong rank"
        for p in range(st.n):
            top = cards.pos[st.pile[p][-1]] if st.pile[p] else -1
            assert top == st.top[p], f"seat {p}: the top of the casita is wrong"
        if not st.over:
            assert st.hand[st.actor], "the player to act has no card"
