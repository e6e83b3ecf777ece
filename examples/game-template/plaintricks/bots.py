"""Plain Tricks' greedy player: take the trick as cheaply as possible, else throw the lowest card.

A mixin of plaintricks.game.PlainTricks. Equal choices are broken with the game's own generator
(state.rng), never by the order of the cards, so no card looks dead only because the bot never
picks it, and a seed still replays the game.
"""

from __future__ import annotations

import random

from printgen.sim.engine import Action

from plaintricks.tables import State


class GreedyBot:
    def greedy(self, state: State, rng: random.Random) -> Action:
        """Lead the highest card; follow with the lowest card that wins the trick so far, or the lowest card."""
        legal = self.legal(state)
        rank = state.prep.rank
        if not state.trick:
            return self._one_of(legal, max(rank[c] for c in legal), rank, rng)
        winning = [c for c in legal if self.best(state.prep, state.trick + [c]) == len(state.trick)]
        pool = winning or legal
        return self._one_of(pool, min(rank[c] for c in pool), rank, rng)

    @staticmethod
    def _one_of(cards: list[int], wanted: int, rank: list[int], rng: random.Random) -> Action:
        ties = [c for c in cards if rank[c] == wanted]
        return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]
