"""The drafting game's data: its numbers (players, hand, stacks, picks, the set bonus), its phases
and their words, the scoring, and the prepared deck every game of a run shares."""

from __future__ import annotations

from collections.abc import Sequence

PLAYERS = 4
HAND = 13
SIX = 6
SEVEN = 7
PICKS = 6
UP_PICKS = (1, 4)           # 0-based pick numbers played face up: the 2nd and the 5th
SET_BONUS = 19
FINAL_CARDS = 10
FINAL_DOWN = 8
FINAL_UP = 2

# phases, in play order
SPLIT, PICK1, FORCE1, DISCARD2, PICK2, FORCE2, OVER = range(7)
# phases that do the same, named once: a test `phase in DRAFTS` is one look-up in the hot paths
DRAFTS = (PICK1, PICK2)             # a pick from the stack in front of the seat
FORCES = (FORCE1, FORCE2)           # making a neighbour discard a face-up card
FROM_HOLD = (SPLIT, DISCARD2)       # a card of the hand (the split) or of the 7-stack (the discard)
PHASE_NAMES = ("split", "round 1 draft", "round 1 forced discard", "round 2 discard",
               "round 2 draft", "round 2 forced discard", "over")
# what an action (a card) does in each phase, in words
VERBS = ("put into the 6-stack:", "pick", "make the right-hand player discard", "discard",
         "pick", "make the left-hand player discard", "(over)")


def face_value(rank: int) -> int:
    """Ace 1, two to ten their pips, jack/queen/king 10."""
    return rank if rank <= 10 else 10


def suit_points(counts: Sequence[int]) -> int:
    """Points before face value: the squares of the suit counts plus 19 per complete set of four
    different suits. The seed's example 1, 2, 3, 4 -> 1 + 4 + 9 + 16 + 19 = 49."""
    return sum(n * n for n in counts) + SET_BONUS * min(counts)


class Prepared:
    """The deck compiled to ints: per card index its suit (0..3), rank and face value."""

    __slots__ = ("suit", "rank", "face", "names", "suit_names", "groups")

    def __init__(self, suit: list[int], rank: list[int], names: list[str], suit_names: list[str]):
        self.suit = suit
        self.rank = rank
        self.face = [face_value(r) for r in rank]
        self.names = names
        self.suit_names = suit_names
        self.groups = [suit_names[s] for s in suit]

    def score(self, cards: Sequence[int]) -> int:
        """Final score of a player's played cards."""
        counts = [0, 0, 0, 0]
        total_face = 0
        suit, face = self.suit, self.face
        for c in cards:
            counts[suit[c]] += 1
            total_face += face[c]
        return suit_points(counts) - total_face
