"""The tables the Conquian simulator reads instead of searching, against plain searches.

The simulator refuses a card in play at once when it is outside the seat's `maybe` mask, made with
`partners` (shifts over all cards at once), and reads a seat's new sets and runs from tables made
with the pack. Here both are compared with a direct search over the cards, on the 40- and 48-card
packs and on the same deck listed rank by rank (card numbers that do not follow suits), for random
hands.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from printgen.files.errors import UserError
from printgen.games.conquian import Conquian, _cards
from printgen.games.conquian.tables import MELD_FLAG
from printgen.model.load import load_deck

GAME = Conquian()
DATA = Path(__file__).parent / "data"
DECKS = [("conquian-pinned", {}), ("conquian-pinned", {"pack": "48"}), ("conquian-pinned-rankwise", {}),
         ("conquian-pinned-rankwise", {"pack": "48"})]


@pytest.fixture(scope="module", params=DECKS, ids=lambda d: f"{d[0]}-{d[1].get('pack', '40')}")
def prep(request):
    folder, options = request.param
    return GAME.prepare(load_deck(DATA / folder), "basic", options)


def searched_melds(prep, hand: int, c: int) -> set[int]:
    """Every new meld of card c with two or more hand cards, by trying every group of its rank and
    every stretch of its suit."""
    cards = prep.cards
    out = set()
    mates = [x for x in _cards(hand) if cards.pos[x] == cards.pos[c]]
    for i, a in enumerate(mates):
        for j in range(i + 1, len(mates)):
            out.add(MELD_FLAG | ((1 << a) | (1 << mates[j])) << 16)
            for b in mates[j + 1:]:
                out.add(MELD_FLAG | ((1 << a) | (1 << mates[j]) | (1 << b)) << 16)
    row = cards.at[cards.suit[c]]
    r = cards.pos[c]
    for lo in range(r + 1):
        for hi in range(r, prep.R):
            others = [row[q] for q in range(lo, hi + 1) if q != r]
            if hi - lo >= 2 and all(hand >> x & 1 for x in others):
                out.add(MELD_FLAG | sum(1 << x for x in others) << 16)
    return out


def melds_with(prep, hand: int, c: int) -> bool:
    """Whether card c makes any new meld with two or more hand cards: two of its rank in the hand, or
    hand cards of its suit running on from it, below and above, two or more in all (the question
    searched_melds answers by listing, asked without the list)."""
    cards = prep.cards
    if sum(1 for x in _cards(hand) if cards.pos[x] == cards.pos[c]) >= 2:
        return True
    row, r = cards.at[cards.suit[c]], cards.pos[c]
    below = next((k for k in range(1, r + 1) if not hand >> row[r - k] & 1), r + 1) - 1
    above = next((k for k in range(1, prep.R - r) if not hand >> row[r + k] & 1), prep.R - r) - 1
    return below + above >= 2


def random_hands(prep, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.randrange(0, 14)
        hand = sum(1 << x for x in rng.sample(range(prep.cards.n), size))
        yield hand, rng.choice([x for x in range(prep.cards.n) if not hand >> x & 1])


def test_partners_are_the_cards_that_meld_with_two_of_a_hand(prep):
    for hand, _ in random_hands(prep, 400, 1):
        found = prep.partners(hand) & ((1 << prep.cards.n) - 1) & ~hand
        searched = sum(1 << c for c in range(prep.cards.n) if not hand >> c & 1 and melds_with(prep, hand, c))
        assert found == searched, f"hand {_cards(hand)}"


def test_the_quick_meld_question_agrees_with_the_listing_search(prep):
    """melds_with, which the partners test asks 20,000 times, against the search that lists every meld."""
    for hand, _ in random_hands(prep, 60, 3):
        for c in range(prep.cards.n):
            if not hand >> c & 1:
                assert melds_with(prep, hand, c) == bool(searched_melds(prep, hand, c)), (c, _cards(hand))


def test_new_sets_and_runs_tables_hold_every_new_meld_once(prep):
    for hand, c in random_hands(prep, 600, 2):
        listed = prep.new_sets[c][hand & prep.rank_mates[c]] + prep.new_runs[c][hand & prep.suit_mates[c]]
        assert len(listed) == len(set(listed))
        assert set(listed) == searched_melds(prep, hand, c), f"card {c}, hand {_cards(hand)}"


def test_a_pack_too_big_for_the_masks_is_refused(tmp_path):
    text = (DATA / "conquian-pinned" / "deck.yaml").read_text()
    more = "".join(f"  - {{name: R{v}, label: \"{v}\", value: {v}}}\n" for v in range(13, 18))
    text = text.replace("  - {name: Rey,     label: \"12\", value: 12}\n",
                        "  - {name: Rey,     label: \"12\", value: 12}\n" + more)
    text = text.replace("leave_out: {rank: [Ocho, Nueve]}", "leave_out: {rank: [Ocho, Nueve, R13, R14, R15, R16, R17]}")
    text = text.replace('  "48":\n',
                        '  "68":\n    note: every rank\n  "48":\n    leave_out: {rank: [R13, R14, R15, R16, R17]}\n')
    (tmp_path / "deck.yaml").write_text(text)
    with pytest.raises(UserError) as caught:
        GAME.prepare(load_deck(tmp_path), "basic", {"pack": "68"})
    assert "68 cards is too big" in caught.value.message
