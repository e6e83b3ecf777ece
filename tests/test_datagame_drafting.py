"""The drafting game written as data (decks/standard/games/drafting-data.yaml) against printgen's own.

Three things: the twins agree (random bots on both sides, the agreement machinery's two-sample
tests at family-wise alpha 0.01, plus the seat-0 scores compared, see below); copies of the file
with one rule changed disagree, so the comparison is shown able to fail; and seeded games of the
data game checked at every step (cards conserved, legal moves only, every game ends, the cards
each seat scores and the discard pile as the seed has them, the score recomputed here by the
seed's rule, same seed same game).

Why the scores are compared too: with random players the agreement's measures (length, seat wins,
draws, dead cards) are blind to a rule that only changes the scoring (a random player does not look
at the score, length is 12 picks whatever the rules, and seats are symmetric), so the set bonus
could be anything and they would still agree. Seat 0's final score, one per game, makes two
independent samples, compared with the Mann-Whitney U test at alpha 0.01.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from printgen.games.datagame import load_game_file
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.agreement import compare, play_sample
from printgen.sim.engine import play, random_bot
from printgen.sim.stats import mann_whitney

GAME_FILE = Path(__file__).resolve().parent.parent / "decks" / "standard" / "games" / "drafting-data.yaml"
PLAYERS = 4
GAMES = 600             # per side: the data game plays about 500 a second, the hand-written one 3,000
ALPHA = 0.01


@pytest.fixture(scope="module")
def deck():
    return load_deck("standard")


@pytest.fixture(scope="module")
def twin(deck):
    game = get_game("drafting")
    return play_sample(game, game.prepare(deck, "basic", {}), PLAYERS, GAMES, seed=2, label="hand-written")


def disagreements(path: Path, deck, twin) -> list[str]:
    """Everything on which the game file at `path` and the hand-written game disagree."""
    game = load_game_file(path)
    sample = play_sample(game, game.prepare(deck, "basic", {}), PLAYERS, GAMES, seed=1, label="game file")
    result = compare(sample, twin, ALPHA, seed=1)
    said = list(result.disagreements)
    _, z, p = mann_whitney([r.scores[0] for r in sample.done], [r.scores[0] for r in twin.done])
    if p <= ALPHA:
        mean_a = sum(r.scores[0] for r in sample.done) / len(sample.done)
        mean_b = sum(r.scores[0] for r in twin.done) / len(twin.done)
        said.append(f"seat 0's score: mean {mean_a:.1f} against {mean_b:.1f} (Mann-Whitney z = {z:.2f}, p = {p:.2g})")
    return said


def test_the_game_file_plays_the_hand_written_game(deck, twin):
    assert disagreements(GAME_FILE, deck, twin) == []


CHANGES = {
    # a scoring rule: no bonus for complete sets of the four suits
    "no set bonus": ("+ 19 * min_over", "+ 0 * min_over"),
    # a rule of play: the round-2 discard must be the highest card of the 7-stack
    "discard the highest card": ('name: "discard {card}"\n                card: {from: hand}',
                                 'name: "discard {card}"\n                card: {from: hand, where: "rank == '
                                 'max(hand, rank)"}'),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_changed_rule_is_found(change, deck, twin, tmp_path):
    old, new = CHANGES[change]
    text = GAME_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the game file no longer has {old!r} once: update the change '{change}'"
    changed = text.replace(old, new)
    path = tmp_path / "drafting-changed.yaml"
    path.write_text(changed, encoding="utf-8")
    assert disagreements(path, deck, twin), f"the change '{change}' went unnoticed"


def seed_score(cards: list[int], suit: list[int], rank: list[int]) -> int:
    """The seed's scoring, worked out here apart from the game file: each suit's count squared, 19 per
    complete set of the four suits, minus the face values (jack, queen and king 10)."""
    counts = [sum(1 for k in cards if suit[k] == s) for s in range(4)]
    return sum(n * n for n in counts) + 19 * min(counts) - sum(min(rank[k], 10) for k in cards)


def test_seeded_games_are_checked_and_repeat(deck):
    game = load_game_file(GAME_FILE)
    prepared = game.prepare(deck, "basic", {})
    layout = prepared.zone_layout
    suit, rank = game_tables(deck)
    for index in range(60):
        rng = random.Random(f"drafting-data/{index}")
        state = game.setup(prepared, PLAYERS, rng)
        game.check(state)
        while not game.is_over(state):
            action = random_bot(game, state, rng)
            assert action in game.legal(state)
            game.apply(state, action)
            game.check(state)
        assert not game.stopped(state)
        kept_first = layout["kept"][0]
        for seat in range(PLAYERS):
            kept = state.z[kept_first + seat]
            assert len(kept) == 10
            assert state.score[seat] == seed_score(kept, suit, rank)
        assert len(state.z[layout["discard"][0]]) == 12
        assert game.length(state) == 12
        assert state.held == (1 << 52) - 1 and bin(state.used).count("1") == 40
    for index in range(60):
        first = play(game, prepared, PLAYERS, 5, index, [random_bot] * PLAYERS, checked=True)
        again = play(game, prepared, PLAYERS, 5, index, [random_bot] * PLAYERS)
        assert not first.timed_out
        assert (first.scores, first.winners, first.held, first.used, first.steps) == \
            (again.scores, again.winners, again.held, again.used, again.steps)


def game_tables(deck) -> tuple[list[int], list[int]]:
    """Each card's suit (its place among the deck's suits) and rank, read from the deck itself."""
    suit = [int(card.values["suit"].index) for card in deck.cards]
    rank = [int(card.values["rank"].value) for card in deck.cards]
    return suit, rank
