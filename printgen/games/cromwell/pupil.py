"""Cromwell's pupil: a player who does not know which house each monarch belongs to (issue 28).

The deck exists to teach the houses and the order of the monarchs (the seed's instructional
objective), so validate asks how much that knowledge is worth: the pupil plays against players who
know (the greedy bot), and the report compares their win shares (knowledge.py).

What the pupil can and cannot do, in the game's terms
-----------------------------------------------------
A card shows its monarch's name, house and reign. The pupil reads every card face up in front of
it and nothing else: its own hand, the sequences on the table (and the Block). What reaches it
by name only (the Cromwell's announced card, the cards offered to it: "they say its name only")
it cannot place in a house or a reign. So:

* It lays down and lays off exactly as the greedy player does: the cards of its hand and of the
  table sequences print their houses and reigns, so checking a sequence is checking dates.
* It announces as the greedy player does (which card of its hand helps nothing is read off its
  own cards and the table), and it chooses what to offer among its own cards the same way.
* It judges a monarch it hears named by the name alone: the monarchs of its hand and of the
  table named alike with the next or previous number ("Henry VII" for "Henry VIII") are, it
  guesses, of the same house and next in line (`kin`). The guess is often right (the Georges of
  Hanover, the Henrys of Lancaster) and sometimes not (Henry III, a Plantagenet, and Henry IV, a
  Lancaster; Edward VI and Edward VII). A named monarch with no such kin helps nothing, as far as
  it can tell. Deciding on offers (accept the most helpful, else draw; in advanced play the most
  helpful anyway) and whether to offer at all (only when the announced card would help it more
  than its least useful card) use that guess where the greedy player uses the houses.
* Advanced play, the before-or-after test about the card it receives (shown face up): it checks
  the reigns when a right answer lies face up before it (in its hand or on the table: the card
  whose reign ends as this one begins); else it names by number ("before Henry VIII came
  Henry VII"), right or wrong as history decides; else (a monarch with no number, or the number
  one before) it guesses blindly, right with probability BLIND_GUESS.
* With the variant test=house (the receiver names the house of the card before turning it over)
  it names the house of a card before it named like it with the next or previous number, else
  guesses among the houses in play.
* With forfeit=card (the rule sheet: a wrong answer loses the card received, the card given
  staying given) it answers wrong on purpose about a received card that helps its hand nothing,
  as the knowing player does (any player can give a wrong answer): judged by the face it is shown
  (test=reign), or by the name (test=house, the card not yet turned over).
* It keeps no memory between decisions (a card it once held and traded away is a name again):
  a stated simplification; a pupil learns as it plays, and this one learns nothing.

Everything it reads of another player's card is the name; the tests check its choices do not
change when an unseen monarch it hears of is replaced by another whose name tells it no more.
Equal choices are broken with the bot's generator, as the greedy player's are.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import cast

from printgen.games.cromwell.bots import GreedyBot, offer_help
from printgen.games.cromwell.tables import ANSWER, DECIDE, OFFER, Prepared, State
from printgen.sim.engine import Action, Bot

BLIND_GUESS = 0.2     # a pupil naming the monarch before or after one it cannot place is right this often
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}


def roman(text: str) -> int:
    """The value of a roman numeral of I, V, X and L; 0 for anything else (a name's last word that
    is no number: Anne, Victoria, 'the Confessor')."""
    if not text or any(ch not in _ROMAN for ch in text):
        return 0
    total = 0
    for i, ch in enumerate(text):
        v = _ROMAN[ch]
        total += -v if i + 1 < len(text) and _ROMAN[text[i + 1]] > v else v
    return total


def numeral(n: int) -> str:
    """n (1..89) as a roman numeral."""
    out = ""
    for v, s in ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out += s
            n -= v
    return out


def name_parts(name: str) -> tuple[str, int]:
    """('Henry', 8) for 'Henry VIII'; (name, 0) for a name with no number."""
    first, _, last = name.rpartition(" ")
    n = roman(last)
    return (first, n) if first and n else (name, 0)


class NameClues:
    """What the names alone tell a pupil, per card of the prepared deck: `kin[c]`, the cards named
    like c with the next or previous number; `guess[c]`, the names it would answer before and after
    c by number ('' when the name has no number, or no number before it)."""

    def __init__(self, names: list[str]):
        parts = [name_parts(n) for n in names]
        self.kin = [0] * len(names)
        for c, (first, k) in enumerate(parts):
            if not k:
                continue
            for d, (other, j) in enumerate(parts):
                if other == first and abs(j - k) == 1:
                    self.kin[c] |= 1 << d
        self.guess = [(f"{first} {numeral(k - 1)}" if k > 1 else "", f"{first} {numeral(k + 1)}" if k else "")
                      for first, k in parts]


def clues(prepared: Prepared) -> NameClues:
    """The name clues of a prepared deck, made once (play never changes a prepared deck)."""
    got = prepared.name_clues
    if not isinstance(got, NameClues):
        got = prepared.name_clues = NameClues(prepared.names)
    return got


def named_help(st: State, card: int, hand: int) -> int:
    """How much a monarch heard by name seems to help `hand`, judged by names alone: one per card of
    the hand named like it with the next or previous number."""
    return (hand & clues(st.prep).kin[card]).bit_count()


def named_offer_help(st: State, card: int, hand: int) -> int:
    """named_help, two more when a card named like it lies on the table (the pupil guesses the
    monarch extends that sequence)."""
    kin = clues(st.prep).kin[card]
    return (hand & kin).bit_count() + (2 if st.table_mask & kin else 0)


def seen_by(state: State, seat: int) -> int:
    """The cards face up before `seat`: its hand, the table, the Block."""
    m = state.hands[seat] | state.table_mask
    for c in state.block:
        m |= 1 << c
    return m


class Pupil(GreedyBot):
    def own_bots(self) -> Mapping[str, Bot]:
        """'pupil': the player who does not know the houses (this module's docstring)."""
        return {"pupil": cast(Bot, type(self).pupil)}     # a bot already: (game, state, rng)

    def pupil(self, state: State, rng: random.Random) -> Action:
        """The pupil's choice: its own guesses from names where the greedy player uses the houses
        (offering, deciding on offers, the advanced test); elsewhere (laying, announcing, going out)
        the greedy player's, which reads only the cards before it."""
        phase = state.phase
        if phase == OFFER:
            return self.offer_judging(state, rng, named_help)
        if phase == DECIDE:
            return self.decide_judging(state, rng, named_offer_help)
        if phase == ANSWER:
            return self._pupil_answer(state, rng)
        return self.greedy(state, rng)

    def _pupil_answer(self, st: State, rng: random.Random) -> Action:
        """Check the reigns when a right answer lies face up before it; else name by number (right or
        wrong as history has it); else guess, right with probability BLIND_GUESS."""
        p = st.prep
        card = self.answer_card(st)
        if p.test == "house":
            if self.sheds(st, named_offer_help):          # not turned over yet: judged by its name
                return p.ANSWER
            return p.ANSWER + self._pupil_house(st, card, rng)
        open_dirs = [d for d in (0, 1) if p.has_dir[card][d]]
        if self.sheds(st, offer_help):                    # shown face up: its house is printed on it
            return p.ANSWER + 2 * open_dirs[0]
        seen = seen_by(st, st.actor)
        for d in open_dirs:
            for r in p.right[card][d]:
                if seen >> r & 1:
                    return p.ANSWER + 2 * d + 1
        guess = clues(p).guess[card]
        for d in open_dirs:
            if guess[d]:
                return p.ANSWER + 2 * d + (1 if guess[d] in p.right_names[card][d] else 0)
        d = open_dirs[int(rng.random() * len(open_dirs))] if len(open_dirs) > 1 else open_dirs[0]
        return p.ANSWER + 2 * d + (1 if rng.random() < BLIND_GUESS else 0)

    @staticmethod
    def _pupil_house(st: State, card: int, rng: random.Random) -> int:
        """test=house, the card not yet turned over: the house of a card before it named like it with
        the next or previous number (1 when that is its house, else 0); else a blind guess among the
        houses in play."""
        p = st.prep
        kin = clues(p).kin[card] & (seen_by(st, st.actor) & ~(1 << card))
        if kin:
            return 1 if p.house_of[(kin & -kin).bit_length() - 1] == p.house_of[card] else 0
        return 1 if rng.random() * len(p.house_names) < 1 else 0
