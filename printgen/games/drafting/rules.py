"""The 4-player card-drafting game for a standard 52-card deck (seed 003).

Rules, as the seed states them:

* Deal 13 cards to each of 4 players. Each splits their hand into a stack of 6 and a stack of 7.
* Round 1 uses the 6-stacks: each player picks a card from the stack in front of them and plays
  it, then passes the rest to the LEFT; six picks, the 2nd and 5th played face up, the others face
  down. Then each player forces the player to their RIGHT to discard one of their face-up cards
  (face down, into a common discard pile).
* Round 2: each player discards one card of their 7-stack face down, then drafts the remaining 6
  the same way passing to the RIGHT, then forces the player to their LEFT to discard one of their
  face-up cards.
* Score: for each suit, (cards of that suit)^2; plus 19 per complete set of four different suits
  (= the smallest suit count); minus the total face value (ace 1, 2-10 pips, J/Q/K 10). Highest
  total wins (ties share the win).

The seed says each player ends with "10 cards, 8 facedown, 2 faceup". Following the steps gives the
same: round 1 plays 6 cards (4 down, 2 up) and loses one face-up card -> 5 (4 down, 1 up); round 2
plays 6 more (4 down, 2 up) -> 11 (8 down, 3 up) and loses one face-up card -> 10 (8 down, 2 up).
The round-2 forced discard may take any face-up card, including the one left from round 1. The
discard pile ends with 12 cards (4 + 4 own discards + 4); 4 x 10 + 12 = 52.

Seating: seats are numbered clockwise, so the player to a seat's LEFT is seat + 1 and to its RIGHT
is seat - 1 (mod 4). Passing left means seat s's stack goes to seat s + 1.

Simultaneous choices are serialised: in every phase seats 0, 1, 2, 3 choose in turn. Draft picks,
forced discards and the round-2 discard are recorded as pending choices and carried out together
when seat 3 has chosen, so no choice changes what a later seat sees in the same step. The split is
made by each seat privately on its own hand, one card at a time: six steps "put card c into the
6-stack" (legal: the cards of the hand not yet put there); the 7 left over form the 7-stack. This
gives every 6-card subset, costs six small steps per player instead of 1716 subset actions, and a
random bot picking uniformly at each step makes a uniformly random split.

Actions are card indices (positions in the prepared deck, 0..51). A game is 84 steps: 24 split,
24 + 24 draft picks, 4 + 4 forced discards, 4 round-2 discards.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from printgen.files.errors import UserError
from printgen.games.common.names import distinct_names
from printgen.games.drafting.tables import (
    DISCARD2,
    DRAFTS,
    FINAL_CARDS,
    FINAL_DOWN,
    FINAL_UP,
    FORCE1,
    FORCE2,
    FORCES,
    FROM_HOLD,
    HAND,
    OVER,
    PHASE_NAMES,
    PICK1,
    PICK2,
    PICKS,
    PLAYERS,
    SEVEN,
    SIX,
    SPLIT,
    UP_PICKS,
    VERBS,
    Prepared,
)
from printgen.model.deck import Deck
from printgen.sim.engine import Action, Game, shuffle


class State:
    """One game. Lists are per seat. `hold` is the hand being split, then the 7-stack; `stack` is
    the 6-stack being built, then the stack in front of the seat during a draft (in round 2 it is
    the 7-stack minus its discard). `played` is every card a seat has played, in pick order; `up`
    and `down` are what is in front of it now (played minus forced discards). `pending` holds this
    step's simultaneous choices (-1 = not chosen yet); a pending pick stays in its stack and a
    pending forced discard stays face up until all four have chosen."""

    __slots__ = ("prep", "phase", "actor", "pick", "hold", "stack", "pending", "played", "up", "down",
                 "forced", "thrown", "discard", "held", "counts", "dealt")

    def __init__(self, prep: Prepared, hands: list[list[int]]):
        self.prep = prep
        self.phase = SPLIT
        self.actor = 0
        self.pick = 0                       # completed picks in the current draft round
        self.hold = [sorted(h) for h in hands]
        self.stack: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.pending = [-1] * PLAYERS
        self.played: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.up: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.down: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.forced: list[list[int]] = [[] for _ in range(PLAYERS)]   # own face-up cards lost by force
        self.thrown = [-1] * PLAYERS        # own round-2 discard from the 7-stack
        self.discard: list[int] = []
        held = 0
        for h in hands:
            for c in h:
                held |= 1 << c
        self.held = held
        # Kept up to date so the greedy bot need not recount: suits of the cards in front of each
        # seat (up + down), and suits of each dealt hand (constant while it is split).
        suit = prep.suit
        self.counts = [[0, 0, 0, 0] for _ in range(PLAYERS)]
        self.dealt = [[0, 0, 0, 0] for _ in range(PLAYERS)]
        for s, h in enumerate(hands):
            for c in h:
                self.dealt[s][suit[c]] += 1

    def __str__(self) -> str:
        """The game as the table sees it: the phase and whose choice it is, then per seat its hand
        (or 7-stack), the stack before it, the cards in front of it (face up, face down) and the
        choice it made this step; for playthroughs and debugging."""
        names = distinct_names(self.prep.names)
        if self.phase == OVER:
            lines = ["game over"]
        else:
            pick = f", pick {self.pick + 1}" if self.phase in (PICK1, PICK2) else ""
            lines = [f"{PHASE_NAMES[self.phase]}{pick}, seat {self.actor} to choose"]
        for s in range(PLAYERS):
            held = "hand" if self.phase == SPLIT else "7-stack"
            parts = [f"{held} {', '.join(names[c] for c in self.hold[s]) or '-'}",
                     f"stack {', '.join(names[c] for c in self.stack[s]) or '-'}",
                     f"up {', '.join(names[c] for c in self.up[s]) or '-'}",
                     f"down {', '.join(names[c] for c in self.down[s]) or '-'}"]
            if self.pending[s] >= 0:
                parts.append(f"chose {names[self.pending[s]]}")
            lines.append(f"  seat {s}: " + "; ".join(parts))
        lines.append(f"  discard pile {len(self.discard)} cards")
        return "\n".join(lines)


class DraftingRules(Game[Prepared, State]):
    """The play of the drafting game: the split, the two drafts, the discards, the score."""

    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in self.variants:
            raise UserError(f"the drafting game has no variant '{variant}'",
                            hint="variants: " + ", ".join(self.variants))
        self.read_options(variant, options)        # it declares none: refuses any given
        cards = deck.cards
        where = deck.where("cards")
        if len(cards) != PLAYERS * HAND:
            raise UserError(f"the drafting game needs a standard deck of 52 cards; this deck has {len(cards)}",
                            where, "use 4 suits of 13 cards each (ace to king), no jokers")
        suit_names: list[str] = []
        suits: list[int] = []
        ranks: list[int] = []
        for card in cards:
            group = card.values.get("suit")
            rank = card.values.get("rank")
            value = getattr(rank, "value", None)
            if value is not None:                           # ranks given as a group: use its value
                rank = int(value) if float(value).is_integer() else value
            group_name = getattr(group, "name", None)
            if group_name is None:
                raise UserError(f"the card '{card.name}' has no suit; the drafting game needs every card to have one",
                                card.where, "give each card a 'suit' (Spades, Hearts, Diamonds or Clubs)")
            if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= HAND:
                raise UserError(f"the card '{card.name}' has rank {rank!r}; the drafting game needs a rank from "
                                "1 (ace) to 13 (king)", card.where, "jack is 11, queen 12, king 13")
            if group_name not in suit_names:
                suit_names.append(group_name)
            suits.append(suit_names.index(group_name))
            ranks.append(rank)
        if len(suit_names) != 4:
            raise UserError(f"the drafting game needs cards in exactly 4 suits; this deck has {len(suit_names)} "
                            f"({', '.join(suit_names)})", where,
                            "a standard deck has Spades, Hearts, Diamonds and Clubs")
        for s, suit_name in enumerate(suit_names):
            have = sorted(r for r, t in zip(ranks, suits) if t == s)
            if have != list(range(1, HAND + 1)):
                missing = sorted(set(range(1, HAND + 1)) - set(have))
                doubled = sorted({r for r in have if have.count(r) > 1})
                detail = "; ".join(part for part in (
                    "missing rank " + ", ".join(map(str, missing)) if missing else "",
                    "rank " + ", ".join(map(str, doubled)) + " more than once" if doubled else "") if part)
                raise UserError(f"the suit {suit_name} should hold one card of each rank from 1 (ace) to 13 (king): "
                                f"{detail}", where, "a standard deck has 13 cards per suit, ace to king")
        return Prepared(suits, ranks, [c.name for c in cards], suit_names)

    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players != PLAYERS:
            raise UserError(f"the drafting game is for exactly 4 players, not {players}")
        order = list(range(PLAYERS * HAND))
        shuffle(rng, order)
        return self.deal(prepared, [order[HAND * s:HAND * (s + 1)] for s in range(PLAYERS)])

    def deal(self, prepared: Prepared, hands: list[list[int]]) -> State:
        """A game starting from given 13-card hands (seat order), e.g. a scripted test deal."""
        return State(prepared, [list(h) for h in hands])

    def to_act(self, state: State) -> int:
        return state.actor

    def num_actions(self, prepared: Prepared, players: int) -> int:
        """Every action is a card index."""
        return len(prepared.names)

    def action_name(self, state: State, action: Action) -> str:
        """The card and what the phase does with it: 'pick Queen of Hearts'."""
        return f"{VERBS[state.phase]} {distinct_names(state.prep.names)[action]}"

    def legal(self, state: State) -> list[Action]:
        phase = state.phase
        if phase in DRAFTS:
            return state.stack[state.actor][:]
        if phase in FROM_HOLD:
            return state.hold[state.actor][:]
        if phase == FORCE1:
            return sorted(state.up[(state.actor - 1) % PLAYERS])
        if phase == FORCE2:
            return sorted(state.up[(state.actor + 1) % PLAYERS])
        return []

    def apply(self, state: State, action: Action) -> None:
        phase = state.phase
        seat = state.actor
        if phase in DRAFTS:
            if action not in state.stack[seat]:        # checked now: a pending pick is carried out later
                raise ValueError(f"{action} is not a card of the stack seat {seat} picks from")
            pending = state.pending
            pending[seat] = action
            if seat < PLAYERS - 1:
                state.actor = seat + 1
                return
            stacks = state.stack
            pick = state.pick
            shown = state.up if (pick == 1 or pick == 4) else state.down
            played = state.played
            counts, suit = state.counts, state.prep.suit
            for s in range(PLAYERS):
                card = pending[s]
                stacks[s].remove(card)
                played[s].append(card)
                shown[s].append(card)
                counts[s][suit[card]] += 1
                pending[s] = -1
            if phase == PICK1:      # to the left: seat s receives from seat s - 1
                state.stack = [stacks[3], stacks[0], stacks[1], stacks[2]]
            else:                   # to the right: seat s receives from seat s + 1
                state.stack = [stacks[1], stacks[2], stacks[3], stacks[0]]
            state.actor = 0
            state.pick = pick + 1
            if pick + 1 == PICKS:
                state.phase = phase + 1
            return
        if phase == SPLIT:
            state.hold[seat].remove(action)
            stack = state.stack[seat]
            insort(stack, action)
            if len(stack) == SIX:
                if seat == PLAYERS - 1:
                    state.phase = PICK1
                    state.actor = 0
                    state.pick = 0
                else:
                    state.actor = seat + 1
            return
        if phase == OVER or action not in (state.hold[seat] if phase == DISCARD2 else
                                           state.up[(seat - 1 if phase == FORCE1 else seat + 1) % PLAYERS]):
            raise ValueError(f"{action} cannot be chosen in the {PHASE_NAMES[phase]}")
        pending = state.pending
        pending[seat] = action
        if seat < PLAYERS - 1:
            state.actor = seat + 1
            return
        state.actor = 0
        if phase in FORCES:
            step = -1 if phase == FORCE1 else 1     # round 1: the player to the right; round 2: to the left
            for s in range(PLAYERS):
                target = (s + step) % PLAYERS
                card = pending[s]
                state.up[target].remove(card)
                state.counts[target][state.prep.suit[card]] -= 1
                state.forced[target].append(card)
                state.discard.append(card)
                pending[s] = -1
            state.phase = DISCARD2 if phase == FORCE1 else OVER
            return
        if phase == DISCARD2:
            for s in range(PLAYERS):
                card = pending[s]
                state.hold[s].remove(card)
                state.thrown[s] = card
                state.discard.append(card)
                pending[s] = -1
                state.stack[s] = state.hold[s]
                state.hold[s] = []
            state.phase = PICK2
            state.pick = 0
            return
        raise ValueError(f"no action is possible: the game is {PHASE_NAMES[phase]}")

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[float]:
        score = state.prep.score
        return [float(score(state.up[s] + state.down[s])) for s in range(PLAYERS)]

    def check(self, state: State) -> None:
        """Every invariant, in four parts: each card in one place, the cards in front of each seat
        as its picks made them, each seat's counts in the phase, and the pending choices."""
        phase = state.phase
        assert 0 <= phase <= OVER, f"unknown phase {phase}"
        _check_places(state)
        _check_played(state)
        ups_this_round = sum(1 for i in UP_PICKS if i < state.pick)
        for s in range(PLAYERS):
            _check_seat_counts(state, s, ups_this_round)
            _check_pending(state, s)
        assert 0 <= state.actor < PLAYERS and 0 <= state.pick <= PICKS
        if phase == OVER:
            assert len(state.discard) == 12


def _check_places(state: State) -> None:
    """Every card dealt and in exactly one place (a hand, a stack, face up, face down, the discard
    pile), hands and stacks in order, and the kept suit counts those of the cards in front."""
    n_cards = len(state.prep.suit)
    where = [0] * n_cards

    def place(cards: list[int], what: str) -> None:
        for c in cards:
            assert 0 <= c < n_cards, f"{what}: no card {c}"
            where[c] += 1
    suit = state.prep.suit
    for s in range(PLAYERS):
        front = [0, 0, 0, 0]
        for c in state.up[s] + state.down[s]:
            front[suit[c]] += 1
        assert state.counts[s] == front, f"seat {s}: kept suit counts {state.counts[s]} != {front}"
    for s in range(PLAYERS):
        place(state.hold[s], f"seat {s} hand")
        place(state.stack[s], f"seat {s} stack")
        place(state.up[s], f"seat {s} face up")
        place(state.down[s], f"seat {s} face down")
    place(state.discard, "discard pile")
    bad = [c for c in range(n_cards) if where[c] != 1]
    assert not bad, f"cards not in exactly one place: {bad} ({[where[c] for c in bad]})"
    assert state.held == (1 << n_cards) - 1, "not every card was dealt"
    for s in range(PLAYERS):
        assert state.hold[s] == sorted(state.hold[s]) and state.stack[s] == sorted(state.stack[s]), \
            f"seat {s}: hand or stack out of order"


def _check_played(state: State) -> None:
    """played = face up + face down + forced discards; face up = the 2nd and 5th picks of each
    round minus forced discards; the discard pile = the forced discards and the seats' own."""
    for s in range(PLAYERS):
        played = state.played[s]
        ups = {played[i] for i in range(len(played)) if i % PICKS in UP_PICKS}
        downs = {played[i] for i in range(len(played)) if i % PICKS not in UP_PICKS}
        forced = state.forced[s]
        assert set(forced) <= ups and len(set(forced)) == len(forced), \
            f"seat {s}: forced discard not a face-up card"
        assert sorted(state.up[s]) == sorted(ups - set(forced)), f"seat {s}: wrong face-up cards"
        assert sorted(state.down[s]) == sorted(downs), f"seat {s}: wrong face-down cards"
    expected_discard = [c for s in range(PLAYERS) for c in state.forced[s]] + \
                       [c for c in state.thrown if c >= 0]
    assert sorted(state.discard) == sorted(expected_discard), "discard pile is not forced + own discards"


def _check_seat_counts(state: State, s: int, ups_this_round: int) -> None:
    """Seat s's hand, stack, face-up, face-down and discarded counts as the phase has them (pick =
    completed picks this round; picks 2 and 5 are face up)."""
    phase, pick, actor = state.phase, state.pick, state.actor
    hold, stack, up, down = (len(state.hold[s]), len(state.stack[s]), len(state.up[s]), len(state.down[s]))
    forced, thrown = len(state.forced[s]), state.thrown[s]
    if phase == SPLIT:
        if s < actor:
            assert (hold, stack) == (SEVEN, SIX), f"seat {s}: split should be 7/6, is {hold}/{stack}"
        elif s == actor:
            assert hold + stack == HAND and stack < SIX, f"seat {s}: splitting {hold}/{stack}"
        else:
            assert (hold, stack) == (HAND, 0), f"seat {s}: should not have split yet"
        assert (up, down, forced, thrown) == (0, 0, 0, -1), f"seat {s}: cards played during the split"
    elif phase == PICK1:
        assert (hold, stack) == (SEVEN, SIX - pick), f"seat {s}: round 1 pick {pick}: {hold}/{stack}"
        assert (up, down) == (ups_this_round, pick - ups_this_round), f"seat {s}: round 1 up/down {up}/{down}"
        assert (forced, thrown) == (0, -1), f"seat {s}: discards before round 1 ended"
    elif phase == FORCE1:
        assert (hold, stack, up, down, forced, thrown) == (SEVEN, 0, 2, 4, 0, -1), \
            f"seat {s}: after round 1 draft"
    elif phase == DISCARD2:
        assert (hold, stack, up, down, forced, thrown) == (SEVEN, 0, 1, 4, 1, -1), f"seat {s}: before round 2"
    elif phase == PICK2:
        assert (hold, stack) == (0, SIX - pick), f"seat {s}: round 2 pick {pick}: {hold}/{stack}"
        assert (up, down) == (1 + ups_this_round, 4 + pick - ups_this_round), \
            f"seat {s}: round 2 up/down {up}/{down}"
        assert forced == 1 and thrown >= 0, f"seat {s}: round 2 discards"
    elif phase == FORCE2:
        assert (hold, stack, up, down, forced) == (0, 0, 3, 8, 1) and thrown >= 0, \
            f"seat {s}: after round 2 draft"
    else:
        assert (hold, stack, up, down, forced) == (0, 0, FINAL_UP, FINAL_DOWN, 2) and thrown >= 0, \
            f"seat {s}: at the end {up} up, {down} down"
        assert up + down == FINAL_CARDS


def _check_pending(state: State, s: int) -> None:
    """Seat s's pending choice: made only by the seats before the actor in a simultaneous step,
    and legal (a pick still in its stack, a discard in its 7-stack, a forced discard face up)."""
    phase, card = state.phase, state.pending[s]
    if phase not in (SPLIT, OVER) and s < state.actor:
        if phase in DRAFTS:
            assert card in state.stack[s], f"seat {s}: pending pick {card} not in its stack"
        elif phase == DISCARD2:
            assert card in state.hold[s], f"seat {s}: pending discard {card} not in its 7-stack"
        else:
            target = (s - 1 if phase == FORCE1 else s + 1) % PLAYERS
            assert card in state.up[target], \
                f"seat {s}: pending forced discard {card} not face up at seat {target}"
    else:
        assert card == -1, f"seat {s}: unexpected pending choice {card}"
