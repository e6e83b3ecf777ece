"""The greedy player of L'Ombre and Tresillo: a bidder that counts matadors and trumps, a plain
exchange (throw the small cards of the plain suits) and a trick player that wins cheaply, lets
its partner's trick stand and throws its smallest card otherwise. Equal choices are broken with
the game's own generator, so a seed still replays the game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from printgen.games.common.ombre.pack import Prepared
from printgen.games.common.ombre.state import DONE, EXCHANGE, FIVE, ON, PLAY, STOP, SURE, TRUMP, TRUMPS, State
from printgen.games.common.tricks import TRUMP_POWER, winner

TOP = 4                     # the espada, malilla, basto and the next trump count double when bidding
KEEP_PLAIN = 2              # an opponent keeps the two highest cards (rey, caballo) of a plain suit


def strength(prep: Prepared, hand: Sequence[int], t: int) -> float:
    """How strong `hand` is with suit t as trumps: one point a trump, one more for each of the
    top four, half a point for each rey of another suit."""
    o = prep.orders
    suit, power = o.suit[t], o.power[t]
    top = o.trump_cards[t]
    line = power[top[TOP - 1]]
    score = 0.0
    for c in hand:
        if suit[c] == t:
            score += 2.0 if power[c] >= line else 1.0
        elif prep.rank[c] == 12:
            score += 0.5
    return score


def best_trumps(prep: Prepared, hand: Sequence[int], rng: random.Random) -> tuple[float, int]:
    """(strength, suit) of the hand's best trump suit; equal suits chosen between at random."""
    scores = [strength(prep, hand, t) for t in range(4)]
    best = max(scores)
    ties = [t for t in range(4) if scores[t] == best]
    return best, ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]


def matadors(prep: Prepared, hand: Sequence[int], t: int) -> int:
    m = prep.orders.matador[t]
    return sum(m[c] for c in hand)


def _cheapest(cards: Sequence[int], suit: Sequence[int], power: Sequence[int], t: int, rng: random.Random) -> int:
    """The card that costs least to give up: a plain card before a trump, then the lowest."""
    def key(c: int) -> int:
        return power[c] + (1000 if suit[c] == t else 0)
    best = min(key(c) for c in cards)
    ties = [c for c in cards if key(c) == best]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def trump_choice(st: State, rng: random.Random) -> int:
    """Name the trump suit the hand is strongest in (never LOOK: it gives the choice away)."""
    return TRUMPS + best_trumps(st.prep, st.hand[st.actor], rng)[1]


def exchange(st: State, legal: list[int], rng: random.Random, sure_at: float | None) -> int:
    """Discard, one card at a time, the cards the hand does not want; then DONE. The Ombre keeps
    its trumps and reyes; an opponent also keeps the caballos. Trumps not named yet (the Ombre
    looked first): keep the cards of the best suit."""
    prep = st.prep
    seat = st.actor
    hand = st.hand[seat]
    t = st.trumps
    if t < 0:
        t = best_trumps(prep, hand, rng)[1]
    if sure_at is not None and SURE in legal and strength(prep, hand, t) >= sure_at and matadors(prep, hand, t) == 3:
        return SURE
    o = prep.orders
    suit, power = o.suit[t], o.power[t]
    keep = 1 if seat == st.ombre else KEEP_PLAIN
    top_plain = o.top_plain[t]
    unwanted = [c for c in legal if c < prep.n and suit[c] != t and power[c] <= top_plain[suit[c]] - keep]
    if not unwanted:
        return DONE
    return _cheapest(unwanted, suit, power, t, rng)


def five(st: State) -> int:
    """After the first five tricks: play on for all nine only with nothing but trumps in hand."""
    t = st.trumps
    suit = st.prep.orders.suit[t]
    return ON if all(suit[c] == t for c in st.hand[st.actor]) else STOP


def play(st: State, legal: list[int], rng: random.Random) -> int:
    """Leading: the Ombre draws trumps with its highest while it holds two or more, otherwise leads
    its best plain card; an opponent leads a rey, else its smallest card. Following: let a
    partner's winning card stand, else win as cheaply as possible when last to play (with the
    strongest card when not last), else throw the cheapest card."""
    if len(legal) == 1:
        return legal[0]
    t = st.trumps
    o = st.prep.orders
    suit, power = o.suit[t], o.power[t]
    seat = st.actor
    if not st.trick:
        trumps = [c for c in legal if suit[c] == t]
        if seat == st.ombre and len(trumps) >= 2:
            return max(trumps, key=lambda c: power[c])
        plain = [c for c in legal if suit[c] != t]
        if not plain:
            return _cheapest(legal, suit, power, t, rng)
        high = max(power[c] for c in plain)
        kings = [c for c in plain if power[c] == high and st.prep.rank[c] == 12]
        if seat == st.ombre or kings:
            best = [c for c in plain if power[c] == high]
            return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]
        return _cheapest(plain, suit, power, t, rng)
    at = winner(st.trick, suit, power, t)
    top = st.trick[at]
    top_seat = st.trick_seats[at]
    last = len(st.trick) == 2
    if seat != st.ombre and top_seat != st.ombre and (last or power[top] > TRUMP_POWER):
        return _cheapest(legal, suit, power, t, rng)
    top_suit = suit[top]
    beating = [c for c in legal if (suit[c] == top_suit and power[c] > power[top]) or (suit[c] == t and top_suit != t)]
    if not beating:
        return _cheapest(legal, suit, power, t, rng)
    if last:
        return _cheapest(beating, suit, power, t, rng)
    plain = [c for c in beating if suit[c] != t]
    if plain:
        return max(plain, key=lambda c: power[c])
    return _cheapest(beating, suit, power, t, rng)


class Bidder(Protocol):
    """What the family's greedy player asks of a game: its legal actions, the strength at which
    its Ombre plays without taking in (None: never), and its own bidding."""

    @property
    def sure_at(self) -> float | None: ...

    def legal(self, state: State) -> list[int]: ...

    def greedy_bid(self, st: State, rng: random.Random) -> int: ...


def greedy(game: Bidder, st: State, rng: random.Random) -> int:
    """The greedy decision in any phase; the bidding is the game's own (game.greedy_bid)."""
    phase = st.phase
    if phase == PLAY:
        return play(st, game.legal(st), rng)
    if phase == EXCHANGE:
        return exchange(st, game.legal(st), rng, game.sure_at)
    if phase == TRUMP:
        return trump_choice(st, rng)
    if phase == FIVE:
        return five(st)
    return game.greedy_bid(st, rng)
