"""What L'Ombre and Tresillo share: a session of hands, the deal, naming trumps, the exchange
with the talon, the nine tricks and the first five tricks
(the invariants and the records of each hand are in audit.py, the State in state.py, what
validate measures in report.py).

A simulated game is a session of `hands` deals (option, 12 by default, so that with three or
four players everyone deals equally often) with the stakes carried from hand to hand; its score
is each player's net gain in counters (tantos in Tresillo). Each game class (printgen/games/lombre/,
printgen/games/tresillo/) adds its bidding, its stakes and its settlement through the hooks of OmbreRules.

Decisions, as ints (card indices 0..39 play or discard a card):

* BID: PASS or a contract (JUEGO, "I play", in both games; VUELTA and SOLO in Tresillo).
* TRUMP: TRUMPS + suit names the trump suit. In L'Ombre the Ombre may instead LOOK: exchange
  first, seeing the cards drawn; then the opponent on the Ombre's left names trumps.
* EXCHANGE: each exchanging player in turn marks cards to discard one by one (card indices) and
  ends with DONE, when as many cards as were discarded are drawn from the top of the talon (a
  card just drawn can never be thrown back). The Ombre of L'Ombre may say SURE instead: no
  exchange, and the side bet of playing without taking in.
* PLAY: a card, as printgen.games.common.tricks.follow allows.
* FIVE: a player who has won the first five tricks STOPs (the hand ends there and is settled as
  it stands) or plays ON for all nine (the vole, or bola).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printgen.files.errors import UserError
from printgen.games.common.names import distinct_names
from printgen.games.common.ombre.audit import OmbreAudit
from printgen.games.common.ombre.pack import ACTIVE, HAND, Prepared
from printgen.games.common.ombre.state import (
    ACTION_WORDS,
    BID,
    CODILLO,
    CONTRACT_NAMES,
    DONE,
    EXCHANGE,
    FIRST_FIVE,
    FIVE,
    LOOK,
    ON,
    OVER,
    PASS,
    PLAY,
    REPUESTO,
    SACADO,
    STOP,
    SURE,
    TRICKS,
    TRUMP,
    TRUMPS,
    State,
)
from printgen.games.common.tricks import PRIVILEGE_ANY, PRIVILEGE_HIGHER, SUITS, follow, winner
from printgen.sim.engine import Action, Game, shuffle


class OmbreRules(OmbreAudit, Game[Prepared, State]):
    """The shared play. Subclasses set `title`, `options`, `players` and implement the
    hooks: start_stakes, ante, bid_legal, bid_apply, exchange_pays, five_seats, settle."""

    variants = ("basic",)
    title = ""
    players: tuple[int, ...] = (3,)

    # -- hooks ------------------------------------------------------------------------------------
    def start_stakes(self, st: State) -> None:
        """Counters put up once, before the first hand."""

    def ante(self, st: State) -> None:
        """The stakes before a deal (the dealer is already chosen)."""
        raise NotImplementedError

    def bid_legal(self, st: State) -> list[Action]:
        raise NotImplementedError

    def bid_apply(self, st: State, action: Action) -> None:
        raise NotImplementedError

    def exchange_pays(self, st: State, seat: int, cards: int) -> None:
        """Payment for `cards` drawn from the talon by `seat` (none in Tresillo)."""

    def five_allowed(self, st: State, seat: int) -> bool:
        """May `seat`, having won the first five tricks, choose to stop or play on?"""
        return True

    def settle(self, st: State) -> None:
        """Pay out the hand just finished and append its record to st.log."""
        raise NotImplementedError

    def may_look(self, st: State) -> bool:
        return False

    def may_be_sure(self, st: State) -> bool:
        return False

    # -- preparing -----------------------------------------------------------------------------------
    # -- one session --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players not in self.players:
            raise UserError(f"{self.title} is for {' or '.join(map(str, self.players))} players, not {players}")
        st = State(prepared, players, prepared.options["hands"], rng)
        self.start_stakes(st)
        self.new_hand(st)
        return st

    def new_hand(self, st: State, order: Sequence[int] | None = None) -> None:
        """The next dealer deals: stakes, then 9 cards to each player in the hand and 13 to the
        talon (`order`: the cards in dealing order, for a scripted deal; else shuffled)."""
        p = st.players
        st.dealer = (st.dealer + 1) % p
        st.hand_no += 1
        start = (st.dealer + 1) % p
        st.active = [(start + i) % p for i in range(p) if (start + i) % p != st.dealer or p == ACTIVE][:ACTIVE]
        st.nxt = [-1] * p
        for i, seat in enumerate(st.active):
            st.nxt[seat] = st.active[(i + 1) % ACTIVE]
        self.ante(st)
        st.hand_start.append(self.stakes_figure(st))
        if order is None and st.deals:
            order = st.deals.pop(0)
        cards = list(order) if order is not None else list(range(st.prep.n))
        if order is None:
            shuffle(st.rng, cards)
        for seat in range(p):
            st.hand[seat] = []
        held = st.held
        for i, seat in enumerate(st.active):
            dealt = cards[HAND * i:HAND * (i + 1)]
            st.hand[seat] = dealt
            for c in dealt:
                held |= 1 << c
        st.held = held
        st.talon = cards[HAND * ACTIVE:]
        st.out = []
        st.phase = BID
        st.actor = st.active[0]
        st.trumps = -1
        st.ombre = -1
        st.contract = 0
        st.queue = []
        st.pending = []
        st.looked = False
        st.sure = False
        st.trick = []
        st.trick_seats = []
        st.leader = -1
        st.tricks = [0] * p
        st.played = 0
        st.sweep = -1
        st.five = -1
        st.stopped = False
        st.estuche = False
        st.bid_state = None
        st.exchanged = []
        st.turned = -1
        self.start_bidding(st)

    def start_bidding(self, st: State) -> None:
        """Called at each deal; a game keeps its bidding record in st.bid_state."""

    def deal_order(self, prep: Prepared, hands: Sequence[Sequence[str]], talon: Sequence[str] = ()) -> list[int]:
        """The dealing order that gives the players in a hand (eldest first) the cards named (card
        ids, nine each) and puts the `talon` cards on top of the talon in the order given (the first
        is drawn first), the other cards below them."""
        index = {card_id: i for i, card_id in enumerate(prep.ids)}
        dealt = [index[c] for h in hands for c in h]
        top = [index[c] for c in talon]
        assert all(len(h) == HAND for h in hands) and len(hands) == ACTIVE and len(set(dealt + top)) == len(dealt + top)
        rest = [c for c in range(prep.n) if c not in dealt and c not in top]
        return dealt + rest + top[::-1]

    def arrange(self, prep: Prepared, players: int, hands: Sequence[Sequence[str]], talon: Sequence[str] = (),
                later: Sequence[list[int]] = (), seed: int = 1) -> State:
        """A session whose first deal is `deal_order(hands, talon)` and whose next deals are `later`
        (dealing orders; then shuffled): for scripted tests."""
        st = State(prep, players, prep.options["hands"], random.Random(seed))
        st.deals = [list(d) for d in later]
        self.start_stakes(st)
        self.new_hand(st, self.deal_order(prep, hands, talon))
        return st

    def stakes_figure(self, st: State) -> int:
        """The stakes at the start of a hand, as the report follows them (the pool, the plato)."""
        return st.pool

    def opponents(self, st: State) -> list[int]:
        """The two opponents, the one on the Ombre's left first."""
        i = st.active.index(st.ombre)
        return [st.active[(i + 1) % ACTIVE], st.active[(i + 2) % ACTIVE]]

    def to_act(self, st: State) -> int:
        return st.actor

    def is_over(self, st: State) -> bool:
        return st.phase == OVER

    def scores(self, st: State) -> list[float]:
        """Net counters won; what is left in the middle when the session stops is shared out
        equally (the same for everyone, so it never changes who won)."""
        share = self.stakes_total(st) / st.players
        return [m + share for m in st.money]

    # -- decisions ----------------------------------------------------------------------------------
    def num_actions(self, prepared: Prepared, players: int) -> int:
        """Cards (0-39), then the words of bidding, naming trumps and playing on (up to ON)."""
        return ON + 1

    def action_name(self, st: State, action: Action) -> str:
        """A decision in words: 'play Rey de Oros', 'discard Sota de Copas', 'bid juego', 'name espadas trumps'."""
        if action < PASS:
            return ("discard " if st.phase == EXCHANGE else "play ") + distinct_names(st.prep.names)[action]
        if action in CONTRACT_NAMES:
            return f"bid {CONTRACT_NAMES[action]}"
        if TRUMPS <= action < TRUMPS + 4:
            return f"name {SUITS[action - TRUMPS]} trumps"
        return ACTION_WORDS[action]

    def legal(self, st: State) -> list[Action]:
        phase = st.phase
        if phase == PLAY:
            hand = st.hand[st.actor]
            trick = st.trick
            if not trick:
                return list(hand)
            suit = st.tsuit
            led = suit[trick[0]]
            if led != st.trumps:            # a plain suit led: follow it if you can (tricks.follow, inlined)
                same = [c for c in hand if suit[c] == led]
                return same if same else list(hand)
            return follow(hand, trick[0], suit, st.tpower, st.tmatador, st.trumps, st.opts["privilege"])
        if phase == EXCHANGE:
            pending = st.pending
            out = [c for c in st.hand[st.actor] if c not in pending] if len(pending) < len(st.talon) else []
            out.append(DONE)
            if not pending and st.actor == st.ombre and self.may_be_sure(st):
                out.append(SURE)
            return out
        if phase == BID:
            return self.bid_legal(st)
        if phase == TRUMP:
            out = [TRUMPS, TRUMPS + 1, TRUMPS + 2, TRUMPS + 3]
            if st.actor == st.ombre and self.may_look(st):
                out.append(LOOK)
            return out
        if phase == FIVE:
            return [STOP, ON]
        return []

    def apply(self, st: State, action: Action) -> None:
        phase = st.phase
        if phase == PLAY:
            self._play(st, action)
        elif phase == EXCHANGE:
            self._exchange(st, action)
        elif phase == BID:
            self.bid_apply(st, action)
        elif phase == TRUMP:
            self._trump(st, action)
        elif phase == FIVE:
            if action == STOP:
                st.stopped = True
                self._end_hand(st)
            elif action == ON:
                st.five = st.actor
                st.phase = PLAY
                st.actor = st.leader
            else:
                raise ValueError(f"after the first five tricks the choice is STOP or ON, not {action}")
        else:
            raise ValueError("the session is over: no decision is possible")

    # -- after the bidding ------------------------------------------------------------------------------
    def won_bid(self, st: State, seat: int, contract: int) -> None:
        """`seat` is the Ombre with `contract`: on to naming trumps (or, for a vuelta, the turned card)."""
        st.ombre = seat
        st.contract = contract
        st.phase = TRUMP
        st.actor = seat

    def _trump(self, st: State, action: Action) -> None:
        if action == LOOK:
            if st.actor != st.ombre or not self.may_look(st):
                raise ValueError("only the Ombre may exchange before naming trumps")
            st.looked = True
            self.start_exchange(st, [st.ombre])
            return
        if not TRUMPS <= action < TRUMPS + 4:
            raise ValueError(f"name a trump suit, not {action}")
        self.set_trumps(st, action - TRUMPS)

    def set_trumps(self, st: State, suit: int) -> None:
        """Trumps named (or turned): on to the exchanges still to come."""
        st.trumps = suit
        o = st.prep.orders
        st.tsuit, st.tpower, st.tmatador = o.suit[suit], o.power[suit], o.matador[suit]
        if st.looked:
            self.start_exchange(st, self.opponents(st))
        else:
            self.start_exchange(st, self.exchangers(st))

    def exchangers(self, st: State) -> list[int]:
        """Who exchanges, in order: the Ombre, then the opponents from the Ombre's left."""
        return [st.ombre] + self.opponents(st)

    def start_exchange(self, st: State, seats: list[int]) -> None:
        st.queue = list(seats)
        st.pending = []
        self._next_exchanger(st)

    def _next_exchanger(self, st: State) -> None:
        if st.queue:
            st.phase = EXCHANGE
            st.actor = st.queue.pop(0)
            return
        if st.trumps < 0:                   # the Ombre looked: the opponent on the left names trumps
            st.phase = TRUMP
            st.actor = self.opponents(st)[0]
            return
        self._start_play(st)

    def _exchange(self, st: State, action: Action) -> None:
        seat = st.actor
        if action == DONE:
            n = len(st.pending)
            hand = st.hand[seat]
            for c in st.pending:
                hand.remove(c)
                st.out.append(c)
            held = st.held
            for _ in range(n):
                c = st.talon.pop()
                hand.append(c)
                held |= 1 << c
            st.held = held
            st.pending = []
            st.exchanged.append((seat, n))
            if n:
                self.exchange_pays(st, seat, n)
            self._next_exchanger(st)
        elif action == SURE:
            if st.pending or seat != st.ombre or not self.may_be_sure(st):
                raise ValueError("only the Ombre, before discarding, may play without taking in")
            st.sure = True
            self.sure_bet(st)
            self._next_exchanger(st)
        else:
            if action not in st.hand[seat] or action in st.pending or len(st.pending) >= len(st.talon):
                raise ValueError(f"card {action} cannot be discarded now")
            st.pending.append(action)

    def sure_bet(self, st: State) -> None:
        """L'Ombre's side bet when the Ombre plays without taking in."""

    # -- the tricks ---------------------------------------------------------------------------------------
    def _start_play(self, st: State) -> None:
        t = st.trumps
        top = st.prep.orders.trump_cards[t]
        hand = st.hand[st.ombre]
        st.estuche = top[0] in hand and top[1] in hand and top[2] in hand
        self.before_play(st)
        st.phase = PLAY
        st.leader = st.ombre
        st.actor = st.ombre

    def before_play(self, st: State) -> None:
        """Payments due when the hands are final (L'Ombre's matadors)."""

    def _play(self, st: State, card: int) -> None:
        seat = st.actor
        hand = st.hand[seat]
        trick = st.trick
        suit = st.tsuit
        if card not in hand:
            raise ValueError(f"seat {seat} does not hold card {card}")
        if trick and suit[card] != suit[trick[0]] and card not in follow(
                hand, trick[0], suit, st.tpower, st.tmatador, st.trumps, st.opts["privilege"]):
            raise ValueError(f"card {card} does not follow as the rules require")    # following suit always may
        if trick and st.tmatador[trick[0]] and suit[trick[0]] == st.trumps and "privilege" not in st.flags:
            # a matador led (after any other trump the two readings agree, the matadors being the top
            # trumps): would the two readings of the privilege allow this player different cards?
            tp, tm = st.tpower, st.tmatador
            if follow(hand, trick[0], suit, tp, tm, st.trumps, PRIVILEGE_HIGHER) != \
                    follow(hand, trick[0], suit, tp, tm, st.trumps, PRIVILEGE_ANY):
                st.flags.add("privilege")
        hand.remove(card)
        trick.append(card)
        st.trick_seats.append(seat)
        if len(trick) < ACTIVE:
            st.actor = st.nxt[seat]
            return
        at = winner(trick, suit, st.tpower, st.trumps)
        won = st.trick_seats[at]
        st.used |= 1 << trick[at]
        st.tricks[won] += 1
        st.played += 1
        st.tricks_total += 1
        st.out.extend(st.trick)
        st.trick = []
        st.trick_seats = []
        st.leader = won
        st.actor = won
        if st.played == 1:
            st.sweep = won
        elif st.sweep != won:
            st.sweep = -1
        if st.played == TRICKS:
            self._end_hand(st)
        elif st.played == FIRST_FIVE and st.sweep >= 0 and self.five_allowed(st, st.sweep):
            st.phase = FIVE
            st.actor = st.sweep

    def _end_hand(self, st: State) -> None:
        self.settle(st)
        self.next_hand(st)

    def next_hand(self, st: State) -> None:
        """The next deal, or the end of the session."""
        for key in st.flags:                # the hand just ended: count the situations that arose in it
            st.arose[key] = st.arose.get(key, 0) + 1
        st.flags = set()
        if st.hand_no >= st.hands:
            st.phase = OVER
            st.actor = 0
            return
        self.new_hand(st)

    def outcome(self, st: State) -> tuple[str, list[int]]:
        """(sacado, codillo or repuesto; the opponents with the most tricks, when they beat the Ombre)."""
        mine = st.tricks[st.ombre]
        opp = self.opponents(st)
        best = max(st.tricks[s] for s in opp)
        if mine > best:
            return SACADO, []
        if mine == best:
            return REPUESTO, []
        winners = [s for s in opp if st.tricks[s] == best]
        if len(winners) == 2:
            st.flags.add("codillo_tie")     # both opponents beat the Ombre with equal tricks
        return CODILLO, winners

    def pay(self, st: State, payer: int, payee: int, amount: int) -> None:
        st.money[payer] -= amount
        st.money[payee] += amount
