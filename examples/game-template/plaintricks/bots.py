"""Plain Tricks' greedy player: take the trick as cheaply as possible, else throw the lowest card.

Equal choices are broken with the generator the bot is handed (the game's own, so a seed still
replays the game), never by the order of the cards: a bot that always took the first of equal
cards would leave the others unplayed, and validate would call them dead for the bot's sake.
"""

from __future__ import annotations

import random

from printgen.sim.engine import Action

from .rules import State, playable, taker


def _one_of(cards: list[Action], wanted: int, rank: list[int], rng: random.Random) -> Action:
    """A card of rank `wanted` among `cards`, drawn with `rng` when there are several."""
    ties = [c for c in cards if rank[c] == wanted]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


class PlainTricksBots:
    """The rule-of-thumb player validate plays Plain Tricks with (`--bots greedy`, the default)."""

    def greedy(self, state: State, rng: random.Random) -> Action:
        """Lead the highest card; follow with the lowest card that takes the trick so far, or the lowest card."""
        legal = playable(state)
        rank = state.prep.rank
        if not state.trick:
            return _one_of(legal, max(rank[c] for c in legal), rank, rng)
        winning = [c for c in legal if taker(state.prep, state.trick + [c]) == len(state.trick)]
        pool = winning or legal
        return _one_of(pool, min(rank[c] for c in pool), rank, rng)
