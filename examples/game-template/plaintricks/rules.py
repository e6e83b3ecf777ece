"""Plain Tricks' play: the State of one game and the rules as decision steps (a
printgen.sim.engine.Game): deal, lead, follow, take the trick.

Each method of PlainTricksRules is one of the play contract's, and its docstring says which rule it
is. Actions are card indices (play that card), so num_actions is the size of the pack. The two
rules the greedy player also asks about, the cards a seat may play and the card that takes a
trick, are functions here (`playable`, `taker`): what one part asks of another is public.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.files.errors import UserError
from printgen.sim.engine import Action, Game, shuffle

from .tables import NO_TRUMPS, VARIANTS, Prepared


class State:
    """One game: each seat's hand (card indices, in the order dealt), the trick on the table (its
    cards and who played them), who leads and who acts, tricks won per seat; `held` and `used` are
    the card masks the report reads (every card dealt; every card played), `leads_won` and
    `offsuit` the game's own figures."""

    __slots__ = ("prep", "rng", "hands", "trick", "seats", "leader", "actor", "won", "tricks", "leads_won",
                 "offsuit", "held", "used", "dealt")

    def __init__(self, prep: Prepared, hands: list[list[int]], rng: random.Random):
        self.prep = prep
        self.rng = rng                       # every later random choice (a bot's tie) draws from it
        self.hands = hands
        self.trick: list[int] = []
        self.seats: list[int] = []
        self.leader = 0
        self.actor = 0
        self.won = [0] * len(hands)          # tricks won per seat
        self.tricks = 0                      # tricks played
        self.leads_won = 0                   # tricks the leader took
        self.offsuit = 0                     # tricks in which a seat could not follow suit (trumps may matter)
        self.held = sum(1 << c for hand in hands for c in hand)
        self.used = 0
        self.dealt = [len(hand) for hand in hands]

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def __str__(self) -> str:
        """The table as the players see it: whose turn, each hand by card name with its tricks, the
        trick so far. Playthroughs and failing tests print it, so it never shows a card as a number."""
        names = self.prep.names
        trumps = f"; {self.prep.suit_names[self.prep.trumps]} are trumps" if self.prep.trumps != NO_TRUMPS else ""
        lines = [f"game over after {self.tricks} tricks" if self.over else
                 f"trick {self.tricks + 1}, seat {self.actor} to {'lead' if not self.trick else 'follow'}{trumps}"]
        for seat, hand in enumerate(self.hands):
            lines.append(f"  seat {seat}: hand {', '.join(names[c] for c in hand) or '-'}; tricks {self.won[seat]}")
        if self.trick:
            lines.append("  trick " + ", ".join(f"{names[c]} by seat {s}" for c, s in zip(self.trick, self.seats)))
        return "\n".join(lines)


def playable(state: State) -> list[Action]:
    """The cards the seat to act may play: any to lead; one of the suit led when it holds one, else any."""
    hand = state.hands[state.actor]
    if not state.trick:
        return list(hand)
    suit = state.prep.suit
    led = suit[state.trick[0]]
    return [c for c in hand if suit[c] == led] or list(hand)


def taker(prep: Prepared, trick: list[int]) -> int:
    """The place in `trick` of the card that takes it: the highest trump, else the highest of the suit led."""
    suit, rank = prep.suit, prep.rank
    top = prep.trumps if prep.trumps != NO_TRUMPS and any(suit[c] == prep.trumps for c in trick) else suit[trick[0]]
    return max((i for i, c in enumerate(trick) if suit[c] == top), key=lambda i: rank[trick[i]])


class PlainTricksRules(Game[Prepared, State]):
    """The rules of Plain Tricks as the play contract (printgen.sim.engine.Game)."""

    # -- the deck, once a run ------------------------------------------------------------------------
    def prepare(self, deck: Any, variant: str, options: dict[str, Any]) -> Prepared:
        """The deck compiled for play, the options read (UserError for a bad one or a card it cannot play)."""
        if variant not in VARIANTS:
            raise UserError(f"Plain Tricks has no variant '{variant}'", hint="variants: " + ", ".join(VARIANTS))
        return Prepared(deck, self.read_options(variant, options))

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        """The counts the pack can deal a full hand to."""
        return tuple(n for n in self.players if n * prepared.hand <= prepared.n)

    def num_actions(self, prepared: Prepared, players: int) -> int:
        return prepared.n

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
        """Follow suit when you can (`playable`)."""
        return playable(state)

    def apply(self, state: State, action: Action) -> None:
        """Play the card; the trick is taken when every seat has played to it, and its taker leads next."""
        if state.over or action not in playable(state):
            raise ValueError(f"card {action} cannot be played now")
        state.hands[state.actor].remove(action)
        state.trick.append(action)
        state.seats.append(state.actor)
        state.used |= 1 << action
        if len(state.trick) < len(state.hands):
            state.actor = (state.actor + 1) % len(state.hands)
            return
        winner = state.seats[taker(state.prep, state.trick)]
        suit, led = state.prep.suit, state.prep.suit[state.trick[0]]
        state.offsuit += any(suit[c] != led for c in state.trick)
        state.won[winner] += 1
        state.leads_won += winner == state.leader
        state.tricks += 1
        state.trick, state.seats = [], []
        state.leader = state.actor = winner

    def is_over(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> list[float]:
        """One point a trick: the most tricks win, equal most share the win."""
        return [float(w) for w in state.won]

    def action_name(self, state: State, action: Action) -> str:
        """`lead Eight of Spades`, `play Two of Hearts`: the card by its name in the deck."""
        return f"{'lead' if not state.trick else 'play'} {state.prep.names[action]}"

    def check(self, state: State) -> None:
        """Every dealt card is in one place (a hand, the trick, or played), the trick is played in turn."""
        places = [c for hand in state.hands for c in hand] + state.trick
        assert len(places) == len(set(places)), "a card is in two places"
        assert sum(1 << c for c in places) | state.used == state.held, "a dealt card went missing"
        assert state.seats == [(state.leader + i) % len(state.hands) for i in range(len(state.trick))]
        assert sum(state.won) == state.tricks, "a trick was counted twice or not at all"
        assert state.offsuit <= state.tricks, "more off-suit tricks than tricks"
        assert state.over or state.hands[state.actor], "the seat to act holds no card"
