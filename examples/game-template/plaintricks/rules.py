"""Plain Tricks' rules as decision steps: deal, lead, follow, take the trick; the play contract.

A mixin of plaintricks.game.PlainTricks: each method is one of engine.Game's, each docstring says
what the rule is. Actions are card indices (play that card), so num_actions is the pack's size.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.files.errors import UserError
from printgen.sim.engine import Action, Deal, shuffle

from plaintricks.tables import NO_TRUMPS, VARIANTS, Prepared, State


class Rules:
    # -- the deck, once a run ------------------------------------------------------------------------
    def prepare(self, deck: Any, variant: str, options: dict[str, Any]) -> Prepared:
        """The deck compiled for play, the options read (UserError for a bad one or a card it cannot play)."""
        if variant not in VARIANTS:
            raise UserError(f"Plain Tricks has no variant '{variant}'", hint="variants: " + ", ".join(VARIANTS))
        return Prepared(deck, self.read_options(variant, options))

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        """The counts the pack can deal a full hand to."""
        return tuple(n for n in self.players if n * prepared.hand <= prepared.n)

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        return Deal((prepared.hand,) * players, option="hand")

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return [prepared.suit_names[s] for s in prepared.suit]

    # -- one game ----------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        """Shuffle with the game's generator and deal `hand` cards each; seat 0 leads."""
        if players not in self.player_counts(prepared):
            raise UserError(f"Plain Tricks with {prepared.hand} cards each is for "
                            f"{', '.join(map(str, self.player_counts(prepared)))} players, not {players}")
        cards = list(range(prepared.n))
        shuffle(rng, cards)
        return State(prepared, [cards[s * prepared.hand:(s + 1) * prepared.hand] for s in range(players)], rng)

    def to_act(self, state: State) -> int:
        return state.actor

    def legal(self, state: State) -> list[Action]:
        """Any card to lead; a card of the suit led when the seat holds one, else any card."""
        hand = state.hands[state.actor]
        if not state.trick:
            return list(hand)
        suit = state.prep.suit
        led = suit[state.trick[0]]
        same = [c for c in hand if suit[c] == led]
        return same or list(hand)

    def apply(self, state: State, action: Action) -> None:
        """Play the card; the trick is taken when every seat has played to it."""
        if state.over or action not in self.legal(state):
            raise ValueError(f"card {action} cannot be played now")
        state.hands[state.actor].remove(action)
        state.trick.append(action)
        state.seats.append(state.actor)
        state.used |= 1 << action
        if len(state.trick) < len(state.hands):
            state.actor = (state.actor + 1) % len(state.hands)
            return
        winner = state.seats[self.best(state.prep, state.trick)]
        state.won[winner] += 1
        state.leads_won += winner == state.leader
        state.tricks += 1
        state.trick, state.seats = [], []
        state.leader = state.actor = winner

    @staticmethod
    def best(prep: Prepared, trick: list[int]) -> int:
        """The place in `trick` of the card that wins it: the highest trump, else the highest of the suit led."""
        suit, rank = prep.suit, prep.rank
        top = prep.trumps if prep.trumps != NO_TRUMPS and any(suit[c] == prep.trumps for c in trick) else suit[trick[0]]
        return max((i for i, c in enumerate(trick) if suit[c] == top), key=lambda i: rank[trick[i]])

    def is_over(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> list[float]:
        """One point a trick."""
        return [float(w) for w in state.won]

    def action_name(self, state: State, action: Action) -> str:
        return f"{'lead' if not state.trick else 'play'} {state.prep.names[action]}"

    def num_actions(self, prepared: Prepared, players: int) -> int:
        return prepared.n

    def length(self, state: State) -> int:
        return state.tricks

    # -- what the metrics read -------------------------------------------------------------------------
    def hand_sizes(self, state: State) -> list[int]:
        return list(state.dealt)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def check(self, state: State) -> None:
        """Every dealt card is in one place (a hand, the trick, or played), the trick is played in turn."""
        places = [c for hand in state.hands for c in hand] + state.trick
        assert len(places) == len(set(places)), "a card is in two places"
        assert sum(1 << c for c in places) | state.used == state.held, "a dealt card went missing"
        assert state.seats == [(state.leader + i) % len(state.hands) for i in range(len(state.trick))]
        assert sum(state.won) == state.tricks, "a trick was counted twice or not at all"
        assert state.over or state.hands[state.actor], "the seat to act holds no card"
